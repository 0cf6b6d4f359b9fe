// A contest at one table, in the engine's worker: who sits where, every turn played, the cast waiting for a move,
// the computers' turns, undo, and the saved form. The save is the one `patolli play --save` writes (format
// patolli-session), so a game begun on the phone resumes at the terminal and back. Every rule and every move's
// name comes from the engine (patolli.mjs); this file keeps the record and answers the page.
import { CastError, ContestOverError, IllegalMoveError, PatolliError } from "../engine/patolli.mjs";

export class TableError extends PatolliError {}  // an action that does not fit the table's moment
export class SaveError extends PatolliError {}   // a save file that cannot be read, naming the key at fault

const SESSION = "patolli-session";
const RECORD = "patolli-record";
const READS = [2, 3];
const MAX_TURNS = 100000;

// Returns a kernel seed from two whole numbers, as Python's session seeds a computer's turn:
// (seed * 1000003 + n) & 0x7FFFFFFF.
export function mixSeed(seed, n) {
  return Number((BigInt(seed) * 1000003n + BigInt(n)) & 0x7fffffffn);
}

// Returns what a state says about the board: each seat's pieces on cells, in hand, home and out.
export function board(game, state) {
  const o = game.state;
  const cells = [];
  const seats = [];
  for (let s = 0; s < game.players; s++) {
    const at = o.seat0 + s * o.seat_size;
    seats.push({ hand: Number(state[at + o.hand]), home: Number(state[at + o.home]),
      onBoard: Number(state[at + o.on_board]), holding: Number(state[at + o.holding]),
      bankrupt: Number(state[at + o.bankrupt]) !== 0, direction: Number(state[at + o.direction]), cells: [] });
  }
  for (let c = 0; c < game.app.cells; c++) {
    const v = Number(state[o.cells + c]);
    if (v === 0) continue;
    const seat = Math.floor((v - 1) / o.pieces_stride);
    cells.push({ cell: c + 1, seat });
    seats[seat].cells.push(c + 1);
  }
  for (const s of seats) s.out = game.app.pieces - s.hand - s.home - s.onBoard;
  return { cells, seats, pool: Number(state[o.pool]), offering: Number(state[o.offering]) };
}

// Returns the pieces to move to turn board a into board b, seat by seat: [{seat, origin, target}], where a
// place is a cell number or "hand", "home" or "out" (as play/table.py board_changes).
export function boardChanges(a, b) {
  const order = (p) => (typeof p === "number" ? [0, p] : [{ hand: 1, home: 2, out: 3 }[p], 0]);
  const sort = (xs) => xs.sort((x, y) => order(x)[0] - order(y)[0] || order(x)[1] - order(y)[1]);
  const places = (s) => [...s.cells, ...Array(s.hand).fill("hand"), ...Array(s.home).fill("home"),
    ...Array(Math.max(0, s.out)).fill("out")];
  const minus = (xs, ys) => {
    const left = [...ys];
    return xs.filter((x) => { const i = left.indexOf(x); if (i < 0) return true; left.splice(i, 1); return false; });
  };
  const out = [];
  a.seats.forEach((sa, seat) => {
    const before = places(sa);
    const after = places(b.seats[seat]);
    const gone = sort(minus(before, after));
    const come = sort(minus(after, before));
    for (let i = 0; i < Math.max(gone.length, come.length); i++) {
      out.push({ seat, origin: gone[i] ?? "hand", target: come[i] ?? "hand" });
    }
  });
  return out;
}

export class Table {
  // A new contest of `game` (its data file, with "app"), seats: ["person" | a strength's name, ...] (seat A a
  // person), seed: a whole number; strengths from games.json.
  constructor(rules, game, seats, seed, strengths, level) {
    if (seats.length !== game.players) throw new TableError(`${game.players} seats, not ${seats.length}`);
    if (seats[0] !== "person") throw new TableError("seat A is always a person's");
    for (const s of seats) {
      if (s !== "person" && !strengths.some((x) => x.name === s)) throw new TableError(`no computer player ${s}`);
    }
    this.rules = rules;
    this.game = game;
    this.seats = seats;
    this.seed = seed;
    this.strengths = strengths;
    this.level = level;
    this.contest = rules.newContest(seed);
    this.start = Array.from(this.contest.state);
    this.turns = [];       // {seat, marks (null: a bet), move (its description), events, computer}
    this.states = [this.start];
    this.pending = null;   // the marks of a person's cast awaiting a move
    this.helperCasts = 0;  // casts the helper has drawn: seeds the next one
  }

  get state() { return this.contest.state; }
  get phase() { return this.contest.phase; }
  get over() { return this.contest.over; }
  get toMove() { return this.contest.toMove; }
  get people() { return this.seats.map((s, i) => (s === "person" ? i : -1)).filter((i) => i >= 0); }
  isComputer(seat) { return this.seats[seat] !== "person"; }
  computersToPlay() { return !this.over && this.isComputer(this.toMove); }
  peopleOut() {
    const b = board(this.game, this.state);
    return !this.over && this.people.every((s) => b.seats[s].bankrupt);
  }
  needsCast() { return this.phase !== this.game.phases.bet; }

  // ---- the people's actions ----

  personToMove() {
    if (this.over) throw new ContestOverError("the contest is over");
    if (this.isComputer(this.toMove)) {
      throw new TableError(`it is ${this.game.app.seats[this.toMove]}'s turn, a computer player's`);
    }
  }

  // Draws a cast for someone from the table's seed and the casts drawn so far; returns its marks.
  helperCast() {
    const marks = this.drawCast(mixSeed(this.seed, 2 ** 30 + this.helperCasts));
    this.helperCasts += 1;
    return marks;
  }

  drawCast(seed) {
    const x = this.rules.engine.x;
    x.pt_seed(this.rules.rng, seed);
    return x.pt_cast(this.rules.tb, this.rules.rng);
  }

  // Takes the cast of the person to move (marks null: the helper casts); returns what was played, if anything.
  cast(marks = null) {
    this.personToMove();
    if (!this.needsCast()) throw new TableError("a bet is named now: no cast is needed");
    if (this.pending !== null) throw new TableError("the cast is made already: move, or correct the cast");
    if (marks !== null) this.contest.checkMarks(marks);
    return this.take(marks === null ? this.helperCast() : marks);
  }

  // Replaces a cast entered wrongly, before any move is made with it.
  correct(marks) {
    this.personToMove();
    if (this.pending === null) throw new TableError("there is no cast to correct: cast first");
    this.contest.checkMarks(marks);
    this.pending = null;
    return this.take(marks);
  }

  take(marks) {
    const legal = this.contest.describe(marks);
    this.pending = marks;
    if (legal.length === 1 && legal[0].kind === "pass") return [this.play(marks, legal[0].code)];
    return [];
  }

  // Plays the person's move (a move code from `legal`) with their pending cast.
  move(code) {
    this.personToMove();
    if (!this.needsCast()) throw new TableError("a bet is named now, not a move");
    if (this.pending === null) throw new TableError("cast first");
    return [this.play(this.pending, code)];
  }

  // Names the bet of the coming game (a move code from `legal`).
  bet(code) {
    this.personToMove();
    if (this.needsCast()) throw new TableError("no bet is named now: bets are named when a game begins");
    return [this.play(null, code)];
  }

  // Plays the advisor's move for the person to move.
  best() {
    this.personToMove();
    if (this.needsCast() && this.pending === null) throw new TableError("cast first: advice is for a cast");
    const advice = this.contest.advise(this.pending ?? 0, this.level);
    return [this.play(this.pending, advice[0].move)];
  }

  // Plays one turn and records it; returns the step (the turn with its events and the board after it).
  play(marks, code, computer = false) {
    if (this.turns.length >= MAX_TURNS) throw new TableError(`a contest of over ${MAX_TURNS} turns`);
    const seat = this.toMove;
    const before = board(this.game, this.state);
    const [move] = this.contest.describe(marks ?? 0, [code]);
    const events = this.contest.play(marks ?? 0, code);
    this.pending = null;
    this.turns.push({ seat, marks, move, events, computer });
    this.states.push(Array.from(this.contest.state));
    return { number: this.turns.length, seat, marks, move, events, computer, before,
      after: board(this.game, this.state) };
  }

  // ---- the computers ----

  // Plays one turn of the computer to move: its cast drawn by the helper, its move chosen at its strength.
  computerTurn() {
    if (!this.computersToPlay()) throw new TableError("no computer player is to move");
    const strength = this.strengths.find((x) => x.name === this.seats[this.toMove]);
    const marks = this.needsCast() ? this.helperCast() : null;
    const x = this.rules.engine.x;
    x.pt_seed(this.rules.rng, mixSeed(this.seed, this.turns.length));
    this.contest.rng.set(this.rules.engine.i64(this.rules.rng, 4));
    const code = this.contest.bestMove(marks ?? 0, strength.level, strength.sigma, strength.margin);
    return this.play(marks, code, true);
  }

  // ---- undo ----

  // Takes back the last person's move and the computer moves after it; returns the turns taken back (each with
  // its seat and move) and the pieces to move back on the physical board. A cast made before stands.
  undo() {
    let last = -1;
    for (let i = this.turns.length - 1; i >= 0; i--) {
      if (!this.turns[i].computer) { last = i; break; }
    }
    if (last < 0) throw new TableError("no move of a person's to take back");
    const before = board(this.game, this.state);
    const taken = this.turns.slice(last).map((t) => ({ seat: t.seat, move: t.move, marks: t.marks }));
    const turn = this.turns[last];
    this.turns.length = last;
    this.states.length = last + 1;
    this.contest.load(this.states[last]);
    this.pending = this.needsCast() && this.phase === this.game.phases.move ? turn.marks : null;
    return { taken, changes: boardChanges(before, board(this.game, this.state)) };
  }

  // ---- what the page shows ----

  legal() {
    if (this.over || this.computersToPlay()) return [];
    if (!this.needsCast()) return this.contest.describe(0);
    return this.pending === null ? [] : this.contest.describe(this.pending);
  }

  view() {
    const b = board(this.game, this.state);
    return {
      key: this.game.app.key, seats: this.seats, phase: Object.keys(this.game.phases).find(
        (k) => this.game.phases[k] === this.phase), toMove: this.toMove, game: this.contest.game,
      turn: this.turns.length, over: this.over, winner: this.over ? Number(this.state[this.game.state.winner]) : -1,
      pending: this.pending, board: b, legal: this.legal(), computersToPlay: this.computersToPlay(),
      peopleOut: this.peopleOut(), level: this.level, canUndo: this.turns.some((t) => !t.computer),
      last: this.turns.length ? this.lastStep() : null,
    };
  }

  lastStep() {
    const i = this.turns.length - 1;
    const t = this.turns[i];
    return { number: i + 1, ...t };
  }

  // Returns the turns from number `since` + 1 on, each with the board and the phase before it.
  steps(since = 0) {
    const phases = Object.keys(this.game.phases);
    return this.turns.slice(since).map((t, j) => ({ number: since + j + 1, ...t,
      before: board(this.game, this.states[since + j]),
      phase: phases.find((k) => this.game.phases[k] === Number(this.states[since + j][this.game.state.phase])) }));
  }

  // ---- the saved form ----

  toSave() {
    const app = this.game.app;
    const computers = {};
    this.seats.forEach((s, i) => { if (s !== "person") computers[app.seats[i]] = s; });
    const every = Object.keys(computers).length === this.game.players - 1;
    return {
      format: SESSION, version: every ? 2 : 3, human: "A", computers, seed: this.seed, level: this.level,
      helper_casts: this.helperCasts, pending_cast: this.pending, ruleset: app.save.ruleset,
      record: { format: RECORD, version: 1, start: app.save.start,
        turns: this.turns.map((t) => ({ marks: t.marks, move: t.move.text })) },
    };
  }

  // Refuses what is not a saved game of a version this app reads, saying so.
  static checkFormat(save) {
    if (!save || typeof save !== "object" || save.format !== SESSION) {
      throw new SaveError(`not a saved game: "format" must be "${SESSION}"`);
    }
    if (!READS.includes(save.version)) {
      throw new SaveError(`saved-game version ${JSON.stringify(save.version)} is not supported (this reads ${READS.join(" and ")})`);
    }
  }

  // Returns the table a save holds: `gameFor(save)` finds the game's data (by its ruleset and players) and
  // its Rules; every turn is replayed and checked by the engine.
  static fromSave(save, gameFor, strengths) {
    Table.checkFormat(save);
    const rec = save.record;
    if (!rec || rec.format !== RECORD || !Array.isArray(rec.turns)) throw new SaveError('"record" is not a game record');
    const { rules, game } = gameFor(save);
    const seats = game.app.seats.map((name, i) => {
      const who = i === 0 ? "person" : save.computers?.[name] ?? "person";
      if (who === "person") return who;
      const s = strengths.find((x) => x.name === who || x.saved === who || x.formerly?.includes(who));
      if (!s) {
        throw new SaveError(`"computers"."${name}" is ${JSON.stringify(who)}, a player this app does not have `
          + `(it has ${strengths.map((x) => x.name).join(", ")})`);
      }
      return s.name;
    });
    const whole = (k, lo, hi) => {
      const v = save[k];
      if (!Number.isInteger(v) || v < lo || v > hi) throw new SaveError(`"${k}" must be a whole number from ${lo} to ${hi}`);
      return v;
    };
    const table = new Table(rules, game, seats, whole("seed", 0, 2 ** 31 - 1), strengths,
      whole("level", 0, game.max_level));
    if (JSON.stringify(rec.start) !== JSON.stringify(game.app.save.start)) {
      throw new SaveError("the record starts from a position of its own: the phone plays records from a contest's start");
    }
    rec.turns.forEach((t, i) => {
      const where = `turn ${i + 1}`;
      if (!t || typeof t.move !== "string") throw new SaveError(`${where}: "move" must be text such as "12-15"`);
      const marks = t.marks ?? 0;
      try {
        if (t.marks !== null && table.needsCast() === false) throw new IllegalMoveError("a bet takes no cast");
        const legal = table.contest.describe(marks);
        const found = legal.find((m) => sameMove(m.text, t.move));
        if (!found) {
          throw new IllegalMoveError(`${t.move} is not legal (legal: ${legal.map((m) => m.text).join(", ") || "none"})`);
        }
        table.play(t.marks, found.code, table.isComputer(table.toMove));
      } catch (e) {
        if (e instanceof PatolliError) throw new SaveError(`${where}: ${e.message}`);
        throw e;
      }
    });
    table.helperCasts = whole("helper_casts", 0, 2 ** 53);
    if (save.pending_cast !== null && save.pending_cast !== undefined) {
      const m = save.pending_cast;
      try {
        table.personToMove();
        table.contest.checkMarks(m);
      } catch (e) {
        throw new SaveError(`"pending_cast": ${e.message}`);
      }
      table.pending = m;
    }
    return table;
  }
}

// Returns whether two move texts name one move, an entry whose direction is not written matching either
// (as the engine's Move.parse and _same read them).
function sameMove(a, b) {
  const norm = (t) => t.trim().toLowerCase();
  const x = norm(a);
  const y = norm(b);
  if (x === y) return true;
  const e = /^e(\d+)(cw|ccw)?$/;
  const mx = x.match(e);
  const my = y.match(e);
  return Boolean(mx && my && mx[1] === my[1] && (!mx[2] || !my[2]));
}

export { CastError };
