// Runs the WebAssembly engine through its ES module on the jobs Python wrote (tests/test_web_conformance.py)
// and writes what it found: node conformance.mjs JOBS.json RESULTS.json
import { readFile, writeFile } from "node:fs/promises";
import { loadEngine } from "../../printgen/web/js/patolli.mjs";

const [jobsPath, outPath] = process.argv.slice(2);
const jobs = JSON.parse(await readFile(jobsPath, "utf8"));
const engine = await loadEngine();
const results = [];
for (const job of jobs) {
  const data = JSON.parse(await readFile(job.data, "utf8"));
  const rules = engine.rules(data);
  // the endgame table the game reads, as the app loads it (the job may name another file)
  const exact = job.exact ?? data.exact?.source;
  if (exact) await rules.loadExact(await readFile(exact));
  if (job.kind === "trace") {
    results.push(rules.trace(job.seed, job.positions));
  } else if (job.kind === "contests") {
    const contests = [];
    for (let c = 0; c < job.contests; c++) {
      const contest = rules.newContest(job.seed + c);
      const moves = [];
      while (!contest.over && moves.length < 2 * job.max_turns) {
        const marks = contest.cast();
        const move = contest.bestMove(marks, job.level, 0, -1);
        contest.play(marks, move);
        moves.push(marks, move);
      }
      contests.push({ moves, state: Array.from(contest.state, Number) });
    }
    results.push(contests);
  } else if (job.kind === "review") {
    const contest = rules.newContest(0);
    const answers = [];
    for (const [state, marks] of job.positions) {
      contest.load(state);
      answers.push({ moves: contest.reviewMoves(marks, job.level), value: contest.reviewValue(job.level) });
    }
    results.push(answers);
  } else if (job.kind === "rollout") {
    const contest = rules.newContest(0);
    const answers = [];
    for (const [state, marks] of job.positions) {
      contest.load(state);
      answers.push(contest.rollout(marks, job.trials, job.seed, job.flags, null, job.slice));
    }
    results.push(answers);
  } else if (job.kind === "advice") {
    const contest = rules.newContest(0);
    const answers = [];
    for (const [state, marks] of job.positions) {
      contest.load(state);
      answers.push({ estimate: contest.estimate(), advice: job.levels.map((level) => contest.advise(marks, level)) });
    }
    results.push(answers);
  }
}
await writeFile(outPath, JSON.stringify(results));
