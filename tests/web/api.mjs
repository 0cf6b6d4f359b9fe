// Bad input to the ES module: each case must throw its named error and leave the contest as it was.
// node api.mjs DATA_DIR -> prints [{case, name, message, unchanged}] as JSON
import { readFile } from "node:fs/promises";
import * as P from "../../printgen/web/js/patolli.mjs";

const dir = process.argv[2];
const load = async (name) => JSON.parse(await readFile(`${dir}/${name}.json`, "utf8"));
const engine = await P.loadEngine();
const bell = engine.rules(await load("bell"));
const four = engine.rules(await load("bell4"));
const rulesOnly = engine.rules(await load("rules-only"));
const results = [];

function attempt(label, contest, action) {
  const before = contest ? Array.from(contest.state, Number) : null;
  try {
    action();
    results.push({ case: label, name: null });
  } catch (err) {
    const unchanged = contest ? JSON.stringify(before) === JSON.stringify(Array.from(contest.state, Number)) : true;
    results.push({ case: label, name: err.name, message: err.message, patolli: err instanceof P.PatolliError, unchanged });
  }
}

const c = bell.newContest(3);
let marks = c.cast();
while (c.legalMoves(marks).length < 2) { c.play(marks, c.legalMoves(marks)[0]); marks = c.cast(); }
attempt("unknown move code", c, () => c.play(marks, 555));
attempt("a bet while moving", c, () => c.play(marks, 1002));
attempt("six marks of five beans", c, () => c.legalMoves(6));
attempt("negative marks", c, () => c.advise(-1, 1));
attempt("fractional marks", c, () => c.play(1.5, 0));
attempt("level 7", c, () => c.advise(marks, 7));
attempt("level -1", c, () => c.bestMove(marks, -1));
attempt("level 2.5", c, () => c.advise(marks, 2.5));
const f = four.newContest(1);
for (let i = 0; i < 200; i++) { const m = f.cast(); f.play(m, f.legalMoves(m)[0]); }
attempt("a 4-player state in a 2-player game", c, () => c.load(Array.from(f.state, Number)));
const damaged = Array.from(c.state, Number);
damaged[damaged.length - 1] = 7;
attempt("a piece on a cell past the board", c, () => c.load(damaged));
attempt("a short state", c, () => c.load([1, 2, 3]));
attempt("a state of words", c, () => c.load(Array.from(c.state, () => "x")));
attempt("data of another format", null, () => engine.rules({ ...bell.data, format: 99 }));
attempt("advice from rules-only data", null, () => rulesOnly.newContest(1).advise(1, 1));
const o = bell.newContest(5);
o.load(Array.from(c.state, Number));  // a good state loads
results.push({ case: "a good state loads", name: null, same: JSON.stringify(Array.from(o.state, Number)) === JSON.stringify(Array.from(c.state, Number)) });
console.log(JSON.stringify(results));
