// Narration in the phone app: node words.mjs SITE GAME.json WORDS.json CASES.json -> for each case (a state, a
// cast, a move code, whether the turn is an opening throw), the turn's lines as the app says them (words.js).
import { readFile } from "node:fs/promises";

const [site, gameFile, wordsFile, casesFile] = process.argv.slice(2);
const read = async (f) => JSON.parse(await readFile(f, "utf8"));
const P = await import(`${site}/engine/patolli.mjs`);
const { Words } = await import(`${site}/js/words.js`);
const [game, words, cases] = await Promise.all([read(gameFile), read(wordsFile), read(casesFile)]);
const engine = await P.loadEngine(`${site}/engine/patolli.wasm`);
const c = engine.rules(game).newContest(0);
const W = new Words(words.lang, words.t, game);
const out = cases.map(({ state, marks, code, opening }) => {
  c.load(state);
  const seat = c.toMove;
  const [move] = c.describe(marks ?? 0, [code]);
  const events = c.play(marks ?? 0, code);
  return W.step({ seat, marks, move, events }, opening);
});
console.log(JSON.stringify(out));
