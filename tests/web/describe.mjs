// How a move is named, in JavaScript: node describe.mjs DATA.json CASES.json -> prints, per case, the notation
// of each legal move (Contest.describe) as JSON; the test compares them with Python's str(Position.decode(...)).
import { readFile } from "node:fs/promises";
import * as P from "../../printgen/web/js/patolli.mjs";

const [data, cases] = await Promise.all(process.argv.slice(2, 4).map(async (f) => JSON.parse(await readFile(f, "utf8"))));
const engine = await P.loadEngine();
const rules = engine.rules(data);
const c = rules.newContest(0);
const out = cases.map(({ state, marks }) => {
  c.load(state);
  return c.describe(marks).map((m) => m.text);
});
console.log(JSON.stringify(out));
