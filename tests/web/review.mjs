// The phone's review under Node: node review.mjs SITE GAME.json STRENGTHS.json SPEC.json SAVE.json LEVEL...
// Loads the save into the phone's Table (every turn replayed by the engine), reviews it at each level with
// app/js/review.js and prints [{level, review, progress}] (progress: the calls made, in order).
import { readFile } from "node:fs/promises";

const [site, gameFile, strengthsFile, specFile, saveFile, ...levels] = process.argv.slice(2);
const P = await import(`${site}/engine/patolli.mjs`);
const { Table } = await import(`${site}/js/table.js`);
const { reviewTable } = await import(`${site}/js/review.js`);
const read = async (f) => JSON.parse(await readFile(f, "utf8"));
const game = await read(gameFile);
const engine = await P.loadEngine(`${site}/engine/patolli.wasm`);
const rules = engine.rules(game);
const table = Table.fromSave(await read(saveFile), () => ({ game, rules }), await read(strengthsFile));
const spec = await read(specFile);
const out = levels.map(Number).map((level) => {
  const progress = [];
  const review = reviewTable(table, level, spec, (done, total) => progress.push([done, total]));
  return { level, review, progress };
});
console.log(JSON.stringify(out));
