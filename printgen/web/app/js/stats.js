// The few statistics the bean check reports, ported line by line from printgen/stats.py so the phone's figures are
// Python's (tests/test_web_beans.py compares them to 1e-9): Wilson intervals, Pearson's chi-square with its p-value
// from the regularized incomplete gamma function, and the normal approximation's two-sided p-value.

// CPython's lgamma (Modules/mathmodule.c, m_lgamma): Lanczos' sum with its g, for x > 0.
const LANCZOS_G = 6.024680040776729583740234375;
const LANCZOS_NUM = [23531376880.410759688572007674451636754734846804940,
  42919803642.649098768957899047001988850926355848959, 35711959237.355668049440185451547166705960488635843,
  17921034426.037209699919755754458931112671403265390, 6039542586.3520280050642916443072979210699388420708,
  1439720407.3117216736632230727949123939715485786772, 248874557.86205415651146038641322942321632125127801,
  31426415.585400194380614231628318205362874684987640, 2876370.6289353724412254090516208496135991145378768,
  186056.26539522349504029498971604569928220784236328, 8071.6720023658162106380029022722506138218516325024,
  210.82427775157934587250973392071336271166969580291, 2.5066282746310002701649081771338373386264310793408];
const LANCZOS_DEN = [0.0, 39916800.0, 120543840.0, 150917976.0, 105258076.0, 45995730.0, 13339535.0, 2637558.0,
  357423.0, 32670.0, 1925.0, 66.0, 1.0];

function lanczosSum(x) {
  let num = 0.0;
  let den = 0.0;
  if (x < 5.0) {
    for (let i = LANCZOS_NUM.length - 1; i >= 0; i--) {
      num = num * x + LANCZOS_NUM[i];
      den = den * x + LANCZOS_DEN[i];
    }
  } else {
    for (let i = 0; i < LANCZOS_NUM.length; i++) {
      num = num / x + LANCZOS_NUM[i];
      den = den / x + LANCZOS_DEN[i];
    }
  }
  return num / den;
}

// Returns log Γ(x) for x > 0, as Python's math.lgamma does.
export function lgamma(x) {
  if (!(x > 0)) throw new RangeError("lgamma here takes positive numbers only");
  if (x === Math.floor(x) && x <= 2.0) return 0.0;
  if (x < 1e-20) return -Math.log(x);
  let r = Math.log(lanczosSum(x)) - LANCZOS_G;
  r += (x - 0.5) * (Math.log(x + LANCZOS_G - 0.5) - 1);
  return r;
}

// Returns the Wilson score interval of a proportion seen `successes` times in n tries.
export function wilson(successes, n, z) {
  if (n <= 0) return [0.0, 1.0];
  const p = successes / n;
  const d = 1 + z * z / n;
  const centre = (p + z * z / (2 * n)) / d;
  const half = z * Math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d;
  const lo = successes <= 0 ? 0.0 : Math.max(0.0, centre - half);
  const hi = successes >= n ? 1.0 : Math.min(1.0, centre + half);
  return [lo, hi];
}

// Returns the regularized lower incomplete gamma P(a, x) by its series (for x < a + 1).
function lowerSeries(a, x) {
  let term = 1.0 / a;
  let total = term;
  let ap = a;
  for (let i = 0; i < 10000; i++) {
    ap += 1;
    term *= x / ap;
    total += term;
    if (Math.abs(term) < Math.abs(total) * 1e-15) break;
  }
  return total * Math.exp(-x + a * Math.log(x) - lgamma(a));
}

// Returns the regularized upper incomplete gamma Q(a, x) by Lentz's continued fraction (for x ≥ a + 1).
function upperFraction(a, x) {
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 10000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    d = Math.abs(d) < tiny ? tiny : d;
    c = b + an / c;
    c = Math.abs(c) < tiny ? tiny : c;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return h * Math.exp(-x + a * Math.log(x) - lgamma(a));
}

// Returns the chance that a chi-square variable with df degrees of freedom is at least x.
export function chi2Sf(x, df) {
  if (df <= 0) throw new RangeError("a chi-square distribution needs at least one degree of freedom");
  if (x <= 0) return 1.0;
  const a = df / 2;
  const h = x / 2;
  if (h < a + 1) return Math.max(0.0, 1.0 - lowerSeries(a, h));
  return Math.min(1.0, upperFraction(a, h));
}

// Returns Pearson's statistic of counts against their expected values, and its p-value.
export function chiSquare(observed, expected) {
  if (observed.length !== expected.length) throw new RangeError(`${observed.length} counts against ${expected.length} expected values`);
  let stat = 0;
  for (let i = 0; i < observed.length; i++) stat += (observed[i] - expected[i]) ** 2 / expected[i];
  return [stat, chi2Sf(stat, expected.length - 1)];
}

// Returns erfc(x) for x ≥ 0 as the upper incomplete gamma Q(1/2, x²) (JavaScript has no erfc; this agrees with
// Python's math.erfc to about 1e-13 of its value).
export function erfc(x) {
  const h = x * x;
  if (h === 0) return 1.0;
  return h < 1.5 ? 1.0 - lowerSeries(0.5, h) : upperFraction(0.5, h);
}

// Returns the two-sided p-value of a standard normal score.
export function normalTwoSided(z) { return erfc(Math.abs(z) / Math.sqrt(2)); }

// Returns the two-sided p-value of k successes in n tries of chance p (normal approximation).
export function binomialTwoSided(k, n, p) {
  if (n === 0 || p === 0.0 || p === 1.0) return 1.0;
  return normalTwoSided((k - n * p) / Math.sqrt(n * p * (1 - p)));
}
