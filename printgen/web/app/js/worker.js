// The engine's Web Worker: the WebAssembly engine, the games' data and the table being played, so no tap
// waits on the page. Every action is saved at once (IndexedDB, store.js); an action whose save fails is undone
// and reported, so the phone never shows a turn it has not kept.
import { loadEngine, PatolliError } from "../engine/patolli.mjs";
import * as store from "./store.js";
import { reviewTable } from "./review.js";
import { SaveError, Table, TableError } from "./table.js";
import { lessons } from "./lessons.js";

class StorageError extends PatolliError {}  // the phone refused to keep the game (full, or private browsing)

let engine = null;
let index = null;      // data/games.json
const games = new Map();  // key -> {game, rules}
const gameFiles = new Map();  // key -> the game's data file, read once
let current = null;    // {id, name, table, learn, review}: learn {seen: [topics]} in a guided first game; review the last made
let calling = null;    // the id of the call being answered (review's progress messages name it)

const url = (path) => new URL(`../${path}`, import.meta.url);

async function fetchJson(path) {
  const r = await fetch(url(path));
  if (!r.ok) throw new PatolliError(`cannot load ${path}: HTTP ${r.status}`);
  return r.json();
}

// The engine and the games' index, fetched side by side as soon as this worker runs; `ready` waits for both.
const booting = Promise.all([loadEngine(url("engine/patolli.wasm")), fetchJson("data/games.json")]);
booting.catch(() => {});  // reported by `ready`

// Returns a game's data file (fetched once).
async function gameData(key) {
  if (!gameFiles.has(key)) {
    const entry = index.games.find((g) => g.key === key);
    if (!entry) throw new TableError(`no game ${key} in this app`);
    gameFiles.set(key, await fetchJson(`data/${entry.file}`));
  }
  return gameFiles.get(key);
}

// Returns a game's data and its engine (made once: the engine's memory is never given back).
async function gameOf(key) {
  if (!games.has(key)) {
    const game = await gameData(key);
    const rules = engine.rules(game);
    if (game.exact) {  // the endgame table: without it (first opened offline) the advice is searched, not exact
      const r = await fetch(url(`data/${game.exact.file}`)).catch(() => null);
      if (r?.ok) await rules.loadExact(await r.arrayBuffer());
    }
    games.set(key, { game, rules });
  }
  return games.get(key);
}

// Returns the key of the game a save plays: the game whose ruleset text, options and number of players are the
// save's, so a save of `patolli play` opens here whatever the ruleset file was called.
async function keyOf(save) {
  const rs = save?.ruleset;
  const players = save?.record?.start?.players;
  if (!rs || typeof rs.toml !== "string" || !Array.isArray(rs.options)) {
    throw new SaveError('"ruleset" must be an object with "origin", "options" and "toml"');
  }
  const options = JSON.stringify([...rs.options].sort());
  for (const g of index.games) {
    if (g.players === players && JSON.stringify(g.options) === options
        && (await gameData(g.key)).app.save.ruleset.toml === rs.toml) return g.key;
  }
  const name = String(rs.origin).split(/[\\/]/).pop();
  throw new SaveError(`this app has no game of ${[name, ...rs.options].join("+")} for ${players} players with that `
    + "ruleset text (a ruleset of your own is added with patolli web --ruleset FILE)");
}

function summary(id, name, table) {
  return { id, name, key: table.game.app.key, updated: Date.now(), turns: table.turns.length, over: table.over,
    seats: table.seats };
}

// Saves the current table; if the phone refuses, puts back the table as it was saved before and says so.
async function keep(before) {
  const { id, name, table } = current;
  try {
    await store.put({ ...summary(id, name, table), learn: current.learn, save: table.toSave() });
  } catch (e) {
    if (before) current.table = Table.fromSave(before, () => games.get(table.game.app.key), index.strengths);
    throw new StorageError(`the phone could not keep the game (${e?.message || e}); the last action is undone`);
  }
}

function opened() {
  const { id, name, table } = current;
  return { id, name, app: table.game.app, events: table.game.events, view: table.view(), learn: current.learn ?? null };
}

function table() {
  if (!current) throw new TableError("no game is open");
  return current.table;
}

const methods = {
  async ready() {
    [engine, index] = await booting;
    return index;
  },

  // A new game; learn: a guided first game (its lessons are kept read beside the save, not in it).
  async newGame({ key, seats, level, name, seed, learn }) {
    const { game, rules } = await gameOf(key);
    const t = new Table(rules, game, seats, seed >>> 0, index.strengths, level ?? index.default_level);
    current = { id: `${Date.now().toString(36)}-${(seed >>> 0).toString(36)}`, name, table: t,
      learn: learn ? { seen: [] } : undefined };
    await keep(null);
    return opened();
  },

  async open(id) {
    const got = await store.get(id);
    if (!got) throw new TableError("no such game on this phone");
    const { game, rules } = await gameOf(got.key);
    current = { id, name: got.name, table: Table.fromSave(got.save, () => ({ game, rules }), index.strengths),
      learn: got.learn };
    return opened();
  },

  list: () => store.list(),
  remove: (id) => store.remove(id),

  // Plays an action of the table (cast, correct, move, bet, best, undo, computerTurn); returns what it did and
  // the table after it.
  async act(action, ...args) {
    const t = table();
    if (!["cast", "correct", "move", "bet", "best", "undo", "computerTurn"].includes(action)) {
      throw new TableError(`no action ${action}`);
    }
    const before = t.toSave();
    current.review = null;
    const did = t[action](...args);
    await keep(before);
    const steps = action === "computerTurn" ? [did] : action === "undo" ? [] : did;
    return { steps, undo: action === "undo" ? did : null, view: t.view() };
  },

  setLevel(level) {
    const t = table();
    if (!Number.isInteger(level) || level < 0 || level > index.max_level) throw new TableError(`no level ${level}`);
    t.level = level;
    return keep(null);
  },

  // Returns the advisor's view of the pending cast (or the bet) at a level: every move best first.
  advise(level) {
    const t = table();
    t.personToMove();
    if (t.needsCast() && t.pending === null) throw new TableError("cast first: advice is for a cast");
    const marks = t.pending ?? 0;
    const started = performance.now();
    const moves = t.contest.advise(marks, level ?? t.level);
    const described = new Map(t.contest.describe(marks, moves.map((m) => m.move)).map((d) => [d.code, d]));
    return { level: level ?? t.level, ms: performance.now() - started,
      moves: moves.map((m) => ({ ...m, ...described.get(m.move) })) };
  },

  // Returns the rollout of the pending cast's moves (Contest.rollout: common casts, stratified first casts,
  // luck-adjusted results), posting {id, progress: [done, total]} as the trials run: {trials, ms, moves} with the
  // moves best first, each with its chances {mean, se, half} and its described move.
  rollout(trials) {
    const t = table();
    t.personToMove();
    if (t.needsCast() && t.pending === null) throw new TableError("cast first: a rollout is for a cast");
    const marks = t.pending ?? 0;
    const id = calling;
    let shown = 0;
    const started = performance.now();
    const moves = t.contest.rollout(marks, trials, 0, 7, (done, total) => {
      const now = performance.now();
      if (now - shown < 100 && done < total) return;
      shown = now;
      self.postMessage({ id, progress: [done, total] });
    }, 4);
    const described = new Map(t.contest.describe(marks, moves.map((m) => m.move)).map((d) => [d.code, d]));
    return { trials, ms: performance.now() - started, moves: moves.map((m) => ({ ...m, ...described.get(m.move) })) };
  },

  // Returns each seat's chances now, by the evaluation (no search).
  estimate() {
    const t = table();
    return t.over ? null : t.contest.estimate();
  },

  steps(since) { return table().steps(since); },

  // Returns the review of the contest so far at a level (review.js), posting {id, progress: [done, total]} as it
  // goes; the last one is kept until a turn is played or taken back.
  review(level) {
    const t = table();
    if (!Number.isInteger(level) || level < 0 || level > index.max_level) throw new TableError(`no level ${level}`);
    if (!t.turns.length) throw new TableError("no turn is played yet: there is nothing to review");
    const kept = current.review;
    if (kept?.level === level && kept.turns.length === t.turns.length) return kept;
    const id = calling;
    let shown = 0;
    current.review = reviewTable(t, level, index.review, (done, total) => {
      const now = performance.now();
      if (now - shown < 100 && done < total) return;
      shown = now;
      self.postMessage({ id, progress: [done, total] });
    });
    return current.review;
  },

  // Returns the lessons a guided first game has reached (lessons.js), the person at the first person's seat.
  lessons() {
    const t = table();
    return lessons(t.game, t.steps(0), t.people[0] ?? 0, t.pending !== null, index.learn.taught);
  },

  // Keeps the lessons' topics the person has read, so a guided game reopened shows only new ones.
  learnt(topics) {
    table();
    if (!current.learn) throw new TableError("this game is not a guided first game");
    current.learn = { seen: [...new Set([...current.learn.seen, ...topics])] };
    return keep(null);
  },

  async exportSave(id) {
    const got = id === current?.id ? { save: current.table.toSave() } : await store.get(id);
    if (!got) throw new TableError("no such game on this phone");
    return JSON.stringify(got.save) + "\n";
  },

  async importSave(text, name) {
    let save;
    try {
      save = JSON.parse(text);
    } catch (e) {
      throw new SaveError(`not a saved game: the file is not JSON (${e.message})`);
    }
    Table.checkFormat(save);
    const { game, rules } = await gameOf(await keyOf(save));
    const t = Table.fromSave(save, () => ({ game, rules }), index.strengths);
    current = { id: `${Date.now().toString(36)}-i`, name, table: t };
    await keep(null);
    return opened();
  },
};

self.onmessage = async ({ data }) => {
  try {
    if (!Object.hasOwn(methods, data.method)) throw new TableError(`no method ${data.method}`);
    calling = data.id;
    const result = await methods[data.method](...data.args);
    self.postMessage({ id: data.id, result });
  } catch (e) {
    self.postMessage({ id: data.id, error: { name: e.name || "Error", message: e.message || String(e) } });
  }
};
