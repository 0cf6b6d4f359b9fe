// Are these beans fair? The report of printgen/play/bean_check.py (check) and its words (play/table_words.py beans_json),
// on the phone: the same figures, thresholds (data/games.json "bean_check", exported from Python) and sentences.
// tests/test_web_beans.py checks both against Python over many logs.
import { binomialTwoSided, chiSquare, wilson } from "./stats.js";
import { exactFraction, fixed, limitDenominator, percentDigits, pyRound } from "./exact.js";

function comb(n, k) {
  let c = 1;
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i;  // exact: every step is a whole binomial coefficient
  return c;
}

// Merges the smallest tail bin into its neighbour until every bin expects at least five casts.
function mergeBins(counts, expected) {
  const c = [...counts];
  const e = [...expected];
  while (e.length > 1 && Math.min(...e) < 5) {
    const i = e.indexOf(Math.min(...e));
    const j = i === 0 ? i + 1 : i === e.length - 1 ? i - 1 : (e[i - 1] < e[i + 1] ? i - 1 : i + 1);
    c[j] += c[i];
    e[j] += e[i];
    c.splice(i, 1);
    e.splice(i, 1);
  }
  return [c, e];
}

// Returns what a log of casts (each an array of faces, true for marked, beans in the same order) says of beans meant
// to show their mark with chance p each; limits: {min_casts, alpha, doubt, z} from games.json. The fields are
// bean_check.BeanReport's.
export function checkBeans(casts, beans, p, limits) {
  casts.forEach((cast, i) => {
    if (cast.length !== beans) throw new RangeError(`cast ${i + 1} shows ${cast.length} beans, not ${beans}`);
  });
  const { min_casts: minCasts, alpha, doubt, z } = limits;
  const n = casts.length;
  const faces = n * beans;
  const marksOf = (c) => c.filter(Boolean).length;
  const marks = casts.reduce((s, c) => s + marksOf(c), 0);
  const perBean = [];
  const odd = [];
  for (let b = 0; b < beans; b++) {
    const k = casts.filter((c) => c[b]).length;
    perBean.push([n ? k / n : 0.0, ...wilson(k, n, z)]);
    if (n >= minCasts && binomialTwoSided(k, n, p) < alpha / beans) odd.push(b);
  }
  const counts = Array(beans + 1).fill(0);
  for (const c of casts) counts[marksOf(c)] += 1;
  const expected = counts.map((_, k) => n * comb(beans, k) * p ** k * (1 - p) ** (beans - k));
  const [mergedC, mergedE] = mergeBins(counts, expected);
  let chi2 = null;
  let chi2P = null;
  const df = mergedE.length - 1;
  if (df >= 1 && Math.min(...mergedE) > 0) [chi2, chi2P] = chiSquare(mergedC, mergedE);
  const rateP = binomialTwoSided(marks, faces, p);
  let verdict;
  if (n < minCasts) verdict = "too_few";
  else {
    const worst = Math.min(rateP, ...(chi2P !== null ? [chi2P] : []));
    verdict = worst < alpha || odd.length ? "unfair" : worst < doubt ? "doubtful" : "fair";
  }
  return { casts: n, marks, faces, expected: p, rate: faces ? marks / faces : 0.0, interval: wilson(marks, faces, z),
    rate_p: rateP, per_bean: perBean, odd_beans: odd, counts, expected_counts: expected.map((e) => pyRound(e, 3)),
    chi2, df: Math.max(df, 0), chi2_p: chi2P, verdict };
}

// Returns the report in words: the verdict's key (`unfair_spread` when the marks are right in number but not spread
// over the casts as chance spreads them), its sentence, and the lines above it, as beans_json gives them.
export function beanWords(report, W, limits) {
  const point = W.T("word.decimal_point");
  const pc = (x) => W.T("word.percent", { value: percentDigits(limitDenominator(exactFraction(x), 100000n))
    .replace(".", point) });
  const lines = [W.T("serve.beans_count", { n: report.casts })];
  if (report.faces) {
    const [lo, hi] = report.interval;
    lines.push(W.T("serve.beans_rate", { percent: pc(report.rate), lo: pc(lo), hi: pc(hi), expected: pc(report.expected) }));
  }
  if (report.chi2 !== null && report.chi2_p !== null) {
    lines.push(W.T("serve.beans_chi", { chi: fixed(report.chi2, 2).replace(".", point), df: report.df,
      p: fixed(report.chi2_p, 3).replace(".", point) }));
  }
  for (const b of report.odd_beans) lines.push(W.T("serve.beans_odd", { n: b + 1, percent: pc(report.per_bean[b][0]) }));
  let key = report.verdict;
  if (key === "unfair" && report.rate_p >= limits.alpha && !report.odd_beans.length) key = "unfair_spread";
  return { key, verdict: W.T(`serve.beans_${key}`, { min: limits.min_casts }), lines, percent: pc };
}
