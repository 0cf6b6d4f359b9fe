// The guided first game's lessons in the phone app: node lessons.mjs SITE GAME.json STRENGTHS.json WORDS.json
// TAUGHT.json SAVES.json -> for each save (a session Python wrote), its lessons as lessons.js decides them from the
// phone's own replay of the record (table.js), each {turn, topic, cell} with its text in every language of WORDS.
import { readFile } from "node:fs/promises";

const [site, ...files] = process.argv.slice(2);
const read = async (f) => JSON.parse(await readFile(f, "utf8"));
const P = await import(`${site}/engine/patolli.mjs`);
const { Table } = await import(`${site}/js/table.js`);
const { Words } = await import(`${site}/js/words.js`);
const { lessons, lessonText } = await import(`${site}/js/lessons.js`);
const [game, strengths, words, taught, saves] = await Promise.all(files.map(read));
const engine = await P.loadEngine(`${site}/engine/patolli.wasm`);
const rules = engine.rules(game);
const said = Object.fromEntries(Object.entries(words).map(([lang, t]) => [lang, new Words(lang, t, game)]));
const out = saves.map((save) => {
  const t = Table.fromSave(save, () => ({ game, rules }), strengths);
  const person = t.people[0] ?? 0;
  return lessons(game, t.steps(0), person, t.pending !== null, taught).map((l) => ({
    turn: l.turn, topic: l.topic, cell: l.cell,
    text: Object.fromEntries(Object.entries(said).map(([lang, W]) => [lang, lessonText(W, l, person)])) }));
});
console.log(JSON.stringify(out));
