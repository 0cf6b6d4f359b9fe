// The bean check's arithmetic in the phone app: node stats.mjs SITE CALLS.json -> each call [function, ...arguments]
// answered by js/stats.js or js/exact.js ("percent" is a double as beans_json writes a percentage, before the words).
import { readFile } from "node:fs/promises";

const [site, callsFile] = process.argv.slice(2);
const S = await import(`${site}/js/stats.js`);
const E = await import(`${site}/js/exact.js`);
const calls = JSON.parse(await readFile(callsFile, "utf8"));
const fns = {
  lgamma: S.lgamma, wilson: S.wilson, chi2_sf: S.chi2Sf, chi_square: S.chiSquare, erfc: S.erfc,
  binomial_two_sided: S.binomialTwoSided, fixed: E.fixed, round: E.pyRound,
  percent: (x) => E.percentDigits(E.limitDenominator(E.exactFraction(x), 100000n)),
};
console.log(JSON.stringify(calls.map(([name, ...args]) => fns[name](...args))));
