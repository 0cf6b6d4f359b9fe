// scratch A/B: node ab_tmp.mjs reps level wasm1 data1 wasm2 data2 ...
import { readFile } from "node:fs/promises";
import { loadEngine } from "./patolli.mjs";
const [reps, level, ...rest] = process.argv.slice(2);
const positions = JSON.parse(await readFile("/tmp/speed/pos.json", "utf8"));
const vs = [];
for (let i = 0; i < rest.length; i += 2) {
  const engine = await loadEngine(await readFile(rest[i]));
  const rules = engine.rules(JSON.parse(await readFile(rest[i + 1], "utf8")));
  const contest = rules.newContest(0);
  contest.load(positions[0][0]); contest.advise(positions[0][1], +level);
  vs.push({ name: rest[i], contest, ms: [], outs: [] });
}
for (let r = 0; r < +reps; r++) {
  for (const [state, marks] of positions) {
    for (const v of (r % 2 ? [...vs].reverse() : vs)) {
      v.contest.load(state);
      const t0 = performance.now();
      const s = v.contest.advise(marks, +level);
      v.ms.push(performance.now() - t0);
      if (r === 0) v.outs.push(JSON.stringify(s));
    }
  }
}
const med = (a) => { const b = [...a].sort((x, y) => x - y); return b[Math.floor(b.length / 2)]; };
const p90 = (a) => { const b = [...a].sort((x, y) => x - y); return b[Math.floor(b.length * 0.9)]; };
for (const v of vs) {
  const same = v.outs.filter((o, i) => o === vs[0].outs[i]).length;
  console.log(`${v.name}: median ${med(v.ms).toFixed(2)} ms, p90 ${p90(v.ms).toFixed(2)}, mean ${(v.ms.reduce((a, b) => a + b) / v.ms.length).toFixed(2)}; same as first ${same}/${v.outs.length}`);
}
