// The phone's table under Node: node table.mjs SITE GAME.json STRENGTHS.json MODE [SAVE.json]
// MODE "play": plays a contest, person's turns by the helper's casts and the advisor's best move, computers at
// their strength, to its end or 600 turns, undoing now and then; prints {save, turns, over, undos}.
// MODE "load": reads SAVE.json (a save Python wrote), plays on 40 turns, prints {save, loadedTurns}.
import { readFile } from "node:fs/promises";

const [site, gameFile, strengthsFile, mode, saveFile] = process.argv.slice(2);
const P = await import(`${site}/engine/patolli.mjs`);
const { Table } = await import(`${site}/js/table.js`);
const game = JSON.parse(await readFile(gameFile, "utf8"));
const strengths = JSON.parse(await readFile(strengthsFile, "utf8"));
const engine = await P.loadEngine(`${site}/engine/patolli.wasm`);
const rules = engine.rules(game);

function step(t, i) {
  if (t.computersToPlay()) return t.computerTurn();
  if (!t.needsCast()) return t.bet(t.legal()[0].code);
  if (t.pending === null) return t.cast();
  if (i % 7 === 0) return t.move(t.legal().at(-1).code);
  return t.best();
}

if (mode === "play") {
  const seats = game.app.seats.map((_, i) => (i === 0 ? "person" : strengths[i % strengths.length].name));
  const t = new Table(rules, game, seats, 12345, strengths, 1);
  let undos = 0;
  for (let i = 0; i < 600 && !t.over; i++) {
    step(t, i);
    if (i % 50 === 49 && t.turns.some((x) => !x.computer)) { t.undo(); undos++; }
  }
  console.log(JSON.stringify({ save: t.toSave(), turns: t.turns.length, over: t.over, undos }));
} else {
  const save = JSON.parse(await readFile(saveFile, "utf8"));
  const t = Table.fromSave(save, () => ({ game, rules }), strengths);
  const loadedTurns = t.turns.length;
  for (let i = 0; i < 40 && !t.over; i++) step(t, i);
  console.log(JSON.stringify({ save: t.toSave(), loadedTurns }));
}
