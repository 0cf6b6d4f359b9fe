// Numbers written as Python writes them, worked out on a double's exact value (BigInt): `f"{x:.2f}"` and `round(x, n)`
// (ties to even), `Fraction(x).limit_denominator(m)`, and a fraction as a percentage with one decimal, half up
// (rules_text/lang.py percent). JavaScript's toFixed rounds exact ties up, so it differs now and then.

// Returns a finite double as an exact fraction [numerator, denominator] of BigInts, in lowest terms.
export function exactFraction(x) {
  if (!Number.isFinite(x)) throw new RangeError(`${x} is not a finite number`);
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const biased = (hi >>> 20) & 0x7ff;
  let num = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let shift;
  if (biased === 0) shift = -1074;
  else { num |= 1n << 52n; shift = biased - 1075; }
  if (hi >>> 31) num = -num;
  if (num === 0n) return [0n, 1n];
  if (shift >= 0) return [num << BigInt(shift), 1n];
  let den = 1n << BigInt(-shift);
  while ((num & 1n) === 0n && den > 1n) { num >>= 1n; den >>= 1n; }
  return [num, den];
}

const abs = (n) => (n < 0n ? -n : n);

// Returns x rounded to `places` decimals as a decimal string, ties to even, as Python's `f"{x:.{places}f}"`.
export function fixed(x, places) {
  const [num, den] = exactFraction(x);
  const scaled = abs(num) * 10n ** BigInt(places);
  let q = scaled / den;
  const twice = 2n * (scaled % den);
  if (twice > den || (twice === den && (q & 1n) === 1n)) q += 1n;
  let digits = q.toString().padStart(places + 1, "0");
  if (places > 0) digits = `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  return (num < 0n ? "-" : "") + digits;
}

// Returns round(x, places) as Python gives it: the double nearest the correctly rounded decimal.
export function pyRound(x, places) { return Number(fixed(x, places)); }

// Returns the fraction closest to num/den with a denominator at most max (Python's Fraction.limit_denominator).
export function limitDenominator([num, den], max) {
  if (den <= max) return [num, den];
  let [p0, q0, p1, q1] = [0n, 1n, 1n, 0n];
  let [n, d] = [num, den];
  for (;;) {
    const a = n / d;  // floor: n and d stay positive here
    const q2 = q0 + a * q1;
    if (q2 > max) break;
    [p0, q0, p1, q1] = [p1, q1, p0 + a * p1, q2];
    [n, d] = [d, n - a * d];
  }
  const k = (max - q0) / q1;
  const [b1n, b1d] = [p0 + k * p1, q0 + k * q1];
  // |p1/q1 - num/den| <= |b1n/b1d - num/den|, multiplied out
  return abs(p1 * den - num * q1) * b1d <= abs(b1n * den - num * b1d) * q1 ? [p1, q1] : [b1n, b1d];
}

// Returns a fraction (≥ 0) times 100 with one decimal, half up, as a decimal string: `31.3`.
export function percentDigits([num, den]) {
  const tenths = (2000n * num + den) / (2n * den);
  return `${tenths / 10n}.${tenths % 10n}`;
}
