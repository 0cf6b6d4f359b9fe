// The bean check in the phone app: node beans.mjs SITE LIMITS.json WORDS.json CASES.json -> for each case (a log of
// casts as strings of 0 and 1, the number of beans, the mark probability as [num, den]), the report of
// js/bean_check.js and its words in each language given.
import { readFile } from "node:fs/promises";

const [site, limitsFile, wordsFile, casesFile] = process.argv.slice(2);
const read = async (f) => JSON.parse(await readFile(f, "utf8"));
const { checkBeans, beanWords } = await import(`${site}/js/bean_check.js`);
const { Words } = await import(`${site}/js/words.js`);
const [limits, words, cases] = await Promise.all([read(limitsFile), read(wordsFile), read(casesFile)]);
const langs = Object.entries(words).map(([lang, t]) => new Words(lang, t));
const out = cases.map(({ casts, beans, p }) => {
  const report = checkBeans(casts.map((c) => [...c].map((f) => f === "1")), beans, p[0] / p[1], limits);
  const said = Object.fromEntries(langs.map((W) => {
    const { key, verdict, lines } = beanWords(report, W, limits);
    return [W.lang, { key, verdict, lines }];
  }));
  return { report, said };
});
console.log(JSON.stringify(out));
