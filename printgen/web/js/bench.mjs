// The WebAssembly engine's side of `python -m printgen.web.bench`: node bench.mjs JOB.json, prints results as JSON.
// A job: {"games": [{"data": path, "seconds": s, "seed": n}], "advice": [{"data": path, "positions": [[state, marks]],
// "level": L}]}. Games are random-policy games played inside the module (pt_bench_games, as Python's bench);
// advice is the full ES-module call a page makes (Contest.advise), timed one position at a time.
import { readFile } from "node:fs/promises";
import { loadEngine } from "./patolli.mjs";

const job = JSON.parse(await readFile(process.argv[2], "utf8"));
const engine = await loadEngine();
const out = { games: [], advice: [] };
for (const g of job.games ?? []) {
  const rules = engine.rules(JSON.parse(await readFile(g.data, "utf8")));
  rules.benchGames(g.seed, 5);  // warm
  let games = 0, turns = 0, batch = 200;
  const start = performance.now();
  let elapsed = 0;
  for (;;) {
    turns += rules.benchGames(g.seed + games, batch);
    games += batch;
    elapsed = (performance.now() - start) / 1000;
    if (elapsed >= g.seconds) break;
    batch = Math.max(batch, Math.floor(games / elapsed * 0.25));
  }
  out.games.push({ games, turns, seconds: elapsed });
}
for (const a of job.advice ?? []) {
  const rules = engine.rules(JSON.parse(await readFile(a.data, "utf8")));
  const contest = rules.newContest(0);
  contest.load(a.positions[0][0]);
  contest.advise(a.positions[0][1], a.level);  // warm
  const ms = [];
  for (const [state, marks] of a.positions) {
    contest.load(state);
    const t0 = performance.now();
    contest.advise(marks, a.level);
    ms.push(performance.now() - t0);
  }
  out.advice.push({ ms });
}
console.log(JSON.stringify(out));
