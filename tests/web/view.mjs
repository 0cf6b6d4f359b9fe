// A saved game's table as the phone's engine worker shows it: node view.mjs SITE GAME.json STRENGTHS.json SAVE.json
// prints {view, steps} (table.js view() and steps(0)), for the server's shared tables to be compared with.
import { readFile } from "node:fs/promises";

const [site, gameFile, strengthsFile, saveFile] = process.argv.slice(2);
const P = await import(`${site}/engine/patolli.mjs`);
const { Table } = await import(`${site}/js/table.js`);
const game = JSON.parse(await readFile(gameFile, "utf8"));
const strengths = JSON.parse(await readFile(strengthsFile, "utf8"));
const engine = await P.loadEngine(`${site}/engine/patolli.wasm`);
const rules = engine.rules(game);
const save = JSON.parse(await readFile(saveFile, "utf8"));
const t = Table.fromSave(save, () => ({ game, rules }), strengths);
console.log(JSON.stringify({ view: t.view(), steps: t.steps(0) }));
