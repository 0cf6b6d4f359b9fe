// The Patolli engine and advisor in JavaScript: a thin ES module over patolli.wasm, the same numba functions
// Python runs, compiled to WebAssembly (python -m printgen.web.build). No framework, no build tool; it runs
// in Node 20 and in a browser (a Web Worker included). Every rule and value comes from the module and from
// the data Python exports (printgen.web.export.ruleset_data): this file only moves numbers and checks input.
// docs/web.md documents the API, the entry points and the data.

export class PatolliError extends Error {
  constructor(message) { super(message); this.name = this.constructor.name; }
}
export class IllegalMoveError extends PatolliError {}   // a move code that is not legal for this cast
export class CastError extends PatolliError {}          // marks out of range, or a cast where none is taken
export class LevelError extends PatolliError {}         // an advisor level out of range
export class RulesetError extends PatolliError {}       // data of another format, or a state of another game
export class ContestOverError extends PatolliError {}   // an action after the contest ended
export class EngineFault extends PatolliError {}        // the engine itself reported a fault (a bug: report it)
export class TrialsError extends PatolliError {}        // a number of rollout trials out of range

const FORMAT = 1;
const MATH = { exp: Math.exp, log: Math.log, log1p: Math.log1p, tanh: Math.tanh, cos: Math.cos, sin: Math.sin,
  sqrt: Math.sqrt, pow: Math.pow, expm1: Math.expm1, atan2: Math.atan2, fmod: (a, b) => a % b };
const FAULT = -(2 ** 31);
const Z95 = 1.959963984540054;  // two-sided 95% intervals (printgen.stats.Z95)
const ROLLOUT_ALL = 7;  // common casts, stratified first casts, luck-adjusted results (rollout_trials.ALL)
const MAX_TRIALS = 1000000;
const SOLVED_MAGIC = "PATOLLI-SOLVED 1\n";

async function wasmBytes(source) {
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return source;
  const url = source ?? new URL("../dist/patolli.wasm", import.meta.url);
  if (typeof process !== "undefined" && process.versions?.node && String(url).startsWith("file:")
      || typeof process !== "undefined" && process.versions?.node && !/^[a-z]+:/.test(String(url))) {
    const { readFile } = await import("node:fs/promises");
    return readFile(url instanceof URL ? url : String(url));
  }
  const response = await fetch(url);
  if (!response.ok) throw new PatolliError(`cannot load the engine from ${url}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

// Loads the engine: source is the module's bytes, a URL or a path (default: ../dist/patolli.wasm).
export async function loadEngine(source) {
  const { instance } = await WebAssembly.instantiate(await wasmBytes(source), { env: MATH });
  return new Engine(instance.exports);
}

export class Engine {
  constructor(exports) {
    this.x = exports;
    this.top = (exports.__heap_base.value + 15) & ~15;
    this.scratch = new Map();  // one search scratch per plan (level and width), made on first use
  }

  // Returns `bytes` of zeroed memory, 16-aligned (nothing is freed: rulesets and scratch are made once).
  alloc(bytes) {
    const at = this.top;
    this.top = (at + bytes + 15) & ~15;
    const short = this.top - this.x.memory.buffer.byteLength;
    if (short > 0) this.x.memory.grow(Math.ceil(short / 65536));
    new Uint8Array(this.x.memory.buffer, at, bytes).fill(0);
    return at;
  }
  i64(at, n) { return new BigInt64Array(this.x.memory.buffer, at, n); }
  f64(at, n) { return new Float64Array(this.x.memory.buffer, at, n); }

  // Writes one array field ({dtype, shape, data}) into memory; returns its address.
  array(field) {
    const n = field.shape.reduce((a, b) => a * b, 1);
    const at = this.alloc(8 * Math.max(n, 1));
    if (field.data) {
      if (field.dtype === "int64") this.i64(at, n).set(field.data.map(BigInt));
      else this.f64(at, n).set(field.data);
    }
    return at;
  }

  // Writes a named tuple's descriptor block (blocks.py) for exported fields; returns [block address, arrays].
  block(fieldsIn, desc) {
    const at = this.alloc(8 * desc * fieldsIn.length);
    const arrays = fieldsIn.map((f) => (typeof f === "number" || typeof f === "boolean" ? null : this.array(f)));
    const words = this.i64(at, desc * fieldsIn.length);  // after the arrays: growing memory detaches older views
    fieldsIn.forEach((f, i) => {
      const w = i * desc;
      if (arrays[i] === null) {
        words[w] = BigInt(Number(f));
        words[w + 6] = typeof f === "boolean" ? 2n : 0n;
        return;
      }
      words[w] = BigInt(arrays[i]);
      words[w + 1] = BigInt(f.shape.length);
      f.shape.forEach((d, j) => { words[w + 2 + j] = BigInt(d); });
      words[w + 6] = f.dtype === "int64" ? 0n : 1n;
    });
    return [at, arrays];
  }

  // Returns [block, arrays] of the search scratch for an exported plan, made once per plan.
  scratchFor(plan, desc) {
    const key = JSON.stringify(plan);
    if (!this.scratch.has(key)) this.scratch.set(key, this.block(plan, desc));
    return this.scratch.get(key);
  }

  // Returns a ruleset's engine from the data Python exported (printgen.web.export.ruleset_data).
  rules(data) { return new Rules(this, data); }
}

function checked(value, what) {
  if (value === FAULT) throw new EngineFault(`the engine faulted in ${what}`);
  return value;
}

export class Rules {
  constructor(engine, data) {
    if (!data || data.format !== FORMAT) throw new RulesetError(`ruleset data of format ${data?.format}, not ${FORMAT}`);
    this.engine = engine;
    this.data = data;
    const s = data.sizes;
    [this.tb] = engine.block(data.tables, s.desc);
    this.eb = data.eval ? engine.block(data.eval, s.desc)[0] : 0;  // none: the rules alone, no advice
    this.st = engine.alloc(8 * s.state);
    this.ev = engine.alloc(8 * s.events);
    this.rng = engine.alloc(8 * s.rng);
    this.moves = engine.alloc(8 * s.moves);
    this.out = engine.alloc(8 * 3 * s.moves);
    this.work = engine.alloc(8 * s.state);
    this.digest = engine.alloc(8 * s.digest);
    this.counts = engine.alloc(16);
    this.exactOut = engine.alloc(8 * s.moves);
    this.exactAt = null;  // the endgame table's values, once loaded
  }

  // Returns a new contest, its casts drawn from a seeded random source.
  newContest(seed = 0) { return new Contest(this, seed); }

  // Loads the values of the endgame table data.exact names (the bytes of its .u16z file) into the evaluation.
  async loadExact(bytes) {
    const e = this.data.exact;
    if (!e || !this.data.eval) throw new RulesetError(`no endgame table holds ${this.data.ruleset} with ${this.data.players} players`);
    const raw = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
    const head = new TextDecoder().decode(raw.subarray(0, SOLVED_MAGIC.length));
    if (head !== SOLVED_MAGIC) throw new RulesetError("not a solved table (it does not start with PATOLLI-SOLVED 1)");
    const end = raw.indexOf(10, SOLVED_MAGIC.length);
    const stream = new Blob([raw.subarray(end + 1)]).stream().pipeThrough(new DecompressionStream("deflate"));
    const packed = new Uint8Array(await new Response(stream).arrayBuffer());
    if (packed.length !== 2 * e.size) throw new RulesetError(`the solved table holds ${packed.length / 2} values, not ${e.size}`);
    const view = new DataView(packed.buffer, packed.byteOffset, packed.length);
    // the evaluation tables again, with room for the values: the search and the evaluation read them from here on
    const fieldsIn = this.data.eval.slice();
    fieldsIn[e.field] = { dtype: "float64", shape: [e.size] };
    const [eb, arrays] = this.engine.block(fieldsIn, this.data.sizes.desc);
    const values = this.engine.f64(arrays[e.field], e.size);
    for (let i = 0; i < e.size; i++) values[i] = view.getUint16(2 * i, true) / 65535;
    this.eb = eb;
    this.exactAt = arrays[e.field];
  }

  // Plays random contests until `games` games have ended inside the module (the engine benchmark); returns turns.
  benchGames(seed, games) {
    const x = this.engine.x;
    x.pt_seed(this.rng, seed);
    this.engine.i64(this.counts, 2).fill(0n);
    return checked(x.pt_bench_games(this.st, this.tb, this.rng, games, this.counts, this.ev, this.moves,
      this.data.sizes.moves), "bench_games");
  }

  // Plays `positions` seeded random moves and returns the digest of every legal move list, state and event row.
  trace(seed, positions) {
    const x = this.engine.x;
    x.pt_seed(this.rng, seed);
    checked(x.pt_trace(this.st, this.tb, this.rng, positions, this.ev, this.moves, this.data.sizes.moves,
      this.digest), "trace");
    const d = this.engine.i64(this.digest, this.data.sizes.digest);
    return { digest: BigInt.asUintN(64, d[0]).toString(16), positions: Number(d[1]), games: Number(d[2]),
      contests: Number(d[3]), refused: Number(d[4]) };
  }
}

export class Contest {
  constructor(rules, seed) {
    this.rules = rules;
    const s = rules.data.sizes;
    this.state = new BigInt64Array(s.state);
    this.rng = new BigInt64Array(s.rng);
    const x = rules.engine.x;
    x.pt_seed(rules.rng, seed);
    this.rng.set(rules.engine.i64(rules.rng, s.rng));
    rules.engine.i64(rules.ev, 1)[0] = 0n;
    checked(x.pt_init_contest(rules.st, rules.tb, rules.ev), "init_contest");
    this.state.set(rules.engine.i64(rules.st, s.state));
  }

  get phase() { return Number(this.state[this.rules.data.state.phase]); }
  get toMove() { return Number(this.state[this.rules.data.state.to_move]); }
  get game() { return Number(this.state[this.rules.data.state.game]); }
  get over() { return this.phase === this.rules.data.phases.over; }
  holding(seat) {
    const s = this.rules.data.state;
    return Number(this.state[s.seat0 + seat * s.seat_size + s.holding]);
  }

  // Loads a state (an array of `sizes.state` whole numbers) of this ruleset; refuses one the engine could not
  // play safely (of another size, another ruleset's, or damaged), saying what is wrong, and keeps the old one.
  load(state) {
    const r = this.rules;
    const name = `${r.data.ruleset} with ${r.data.players} players`;
    if (!state || state.length !== this.state.length) {
      throw new RulesetError(`a state of ${state?.length} words is not one of ${name} (${this.state.length} words)`);
    }
    let words;
    try {
      words = BigInt64Array.from(state, (v) => BigInt(v));
    } catch {
      throw new RulesetError(`a state holds whole numbers only, not ${state.find((v) => !Number.isInteger(Number(v)))}`);
    }
    r.engine.i64(r.st, words.length).set(words);
    const fault = checked(r.engine.x.pt_state_fault(r.st, r.tb), "state_fault");
    if (fault !== 0) throw new RulesetError(`not a position of ${name}: its ${r.data.state_faults[fault]} is out of range`);
    this.state = words;
  }

  put() { this.rules.engine.i64(this.rules.st, this.state.length).set(this.state); }
  take() { this.state.set(this.rules.engine.i64(this.rules.st, this.state.length)); }

  checkMarks(marks) {
    if (this.over) throw new ContestOverError("the contest is over");
    if (this.phase === this.rules.data.phases.bet) {
      if (marks !== 0) throw new CastError("no beans are cast while betting: give marks 0");
      return;
    }
    if (!Number.isInteger(marks) || marks < 0 || marks > this.rules.data.beans) {
      throw new CastError(`${marks} marks is not a cast of ${this.rules.data.beans} beans`);
    }
  }

  // Returns the marks of one cast of the beans, drawn from the contest's seeded source (0 while betting).
  cast() {
    if (this.over) throw new ContestOverError("the contest is over");
    if (this.phase === this.rules.data.phases.bet) return 0;
    const r = this.rules;
    r.engine.i64(r.rng, 4).set(this.rng);
    const marks = checked(r.engine.x.pt_cast(r.tb, r.rng), "cast");
    this.rng.set(r.engine.i64(r.rng, 4));
    return marks;
  }

  // Returns the legal move codes for a cast of `marks`.
  legalMoves(marks) {
    this.checkMarks(marks);
    const r = this.rules;
    this.put();
    const n = checked(r.engine.x.pt_legal_moves(r.st, r.tb, marks, r.moves, r.data.sizes.moves), "legal_moves");
    return Array.from(r.engine.i64(r.moves, n), Number);
  }

  // Plays a cast and a legal move for it; returns the event rows [code, a, b, c, d] it made.
  play(marks, move) {
    const legal = this.legalMoves(marks);
    if (!legal.includes(move)) {
      throw new IllegalMoveError(`move ${move} is not legal for a cast of ${marks} marks (legal: ${legal.join(", ")})`);
    }
    const r = this.rules;
    this.put();
    r.engine.i64(r.ev, 1)[0] = 0n;
    checked(r.engine.x.pt_play(r.st, r.tb, marks, move, r.ev), "play");
    this.take();
    const w = r.data.sizes.ev_width;
    const n = Number(r.engine.i64(r.ev, 1)[0]);
    const rows = r.engine.i64(r.ev + 8, n * w);
    return Array.from({ length: n }, (_, i) => Array.from(rows.subarray(i * w, i * w + w), Number));
  }

  // Returns how a person makes each move code on the board (python: Position.decode): {code, kind ("move",
  // "enter", "pass", "bet"), origin, target (printed cells; 0: none, or the hand for a move), ccw (true, false,
  // or null where the entry sets no direction), amount, text (the notation a record writes: 12-15, E1ccw, pass)}.
  describe(marks, codes = this.legalMoves(marks)) {
    this.checkMarks(marks);
    const r = this.rules;
    const d = r.data.described;
    if (!r.desc) r.desc = r.engine.alloc(8 * d.size);
    this.put();
    return codes.map((code) => {
      checked(r.engine.x.pt_describe(r.st, r.tb, marks, code, r.desc), "describe");
      const [k, origin, target, dir, amount] = Array.from(r.engine.i64(r.desc, d.size), Number);
      const kind = d.kinds[k];
      const ccw = dir === d.none ? null : dir === d.ccw;
      const text = kind === "move" ? `${origin}-${target || "h"}` : kind === "enter"
        ? `E${target}${ccw === null ? "" : ccw ? "ccw" : "cw"}` : kind === "bet" ? `bet${amount}` : "pass";
      return { code, kind, origin, target, ccw, amount, text };
    });
  }

  scratch(level) {
    const r = this.rules;
    if (!r.eb) throw new RulesetError(`${r.data.ruleset}'s data holds the rules alone: export it with the evaluation to advise`);
    if (!Number.isInteger(level) || level < 0 || level > r.data.max_level) {
      throw new LevelError(`level ${level} is out of range: levels run from 0 to ${r.data.max_level}`);
    }
    return r.engine.scratchFor(r.data.scratch[String(level)], r.data.sizes.desc);
  }

  // Returns every legal move of a cast, best first, as the advisor judges it at a level (python: advisor.advise).
  advise(marks, level = 3) {
    this.checkMarks(marks);
    const [sb, arrays] = this.scratch(level);
    const r = this.rules;
    const x = r.engine.x;
    this.put();
    const n = checked(x.pt_advise(r.st, r.tb, r.eb, sb, marks, level, 0, r.out), "advise");
    const codes = Array.from(r.engine.i64(arrays[1], n), Number);  // the scratch's moves[0]
    const out = r.engine.f64(r.out, 3 * n);
    let game = Array.from({ length: n }, (_, i) => out[3 * i]);
    const items = Array.from({ length: n }, (_, i) => out[3 * i + 1]);
    let contest = Array.from({ length: n }, (_, i) => out[3 * i + 2]);
    // ranked by the search's own objective, as the advisor playing chooses (python: advisor.advise)
    const rows = [...codes.keys()].sort((a, b) =>
      -(contest[a] + r.data.game_weight * game[a]) + (contest[b] + r.data.game_weight * game[b]));
    // exact where the endgame table holds the position a move leads to and the game is the contest
    const exact = r.data.one_game ? this.exactValues(marks, codes) : null;
    const isExact = (i) => exact !== null && exact[i] >= 0;
    const heldAll = codes.every((_, i) => isExact(i));
    const maps = heldAll ? undefined : r.data.maps[String(level)];
    if (maps) {
      game = this.mapped(maps.game, game);
      contest = this.mapped(maps.contest, contest);
    }
    for (let i = 0; i < n; i++) if (isExact(i)) game[i] = contest[i] = exact[i];
    const other = maps ? "mapped" : "searched";
    const seat = this.toMove;
    const held = this.holding(seat);
    const top = contest[rows[0]];
    return rows.map((i) => ({ move: codes[i], winGame: game[i], winContest: contest[i], items: items[i] - held,
      diff: contest[i] - top, source: isExact(i) ? "exact" : other }));
  }

  // Returns the evaluation's estimate for every seat, without search (python: advisor.estimate): per seat its
  // chance to win the game, its expected holding at the game's end and its chance to win the contest.
  estimate() {
    if (this.over) throw new ContestOverError("the contest is over");
    const r = this.rules;
    if (!r.eb) throw new RulesetError(`${r.data.ruleset}'s data holds the rules alone: export it with the evaluation to estimate`);
    const p = r.data.sizes.maxp;
    if (!r.fx) r.fx = r.engine.alloc(8 * p * r.data.sizes.features);
    this.put();
    checked(r.engine.x.pt_evaluate(r.st, r.tb, r.eb, this.game, 0, r.out, r.fx), "evaluate");
    const v = r.engine.f64(r.out, 3 * p);
    return Array.from({ length: r.data.players }, (_, seat) =>
      ({ seat, winGame: v[seat], items: v[p + seat], winContest: v[2 * p + seat] }));
  }

  // Returns the exact chance that the seat to move wins the game after each move (codes; default: every legal
  // move) from the endgame table loaded with Rules.loadExact (-1 where it does not hold the position a move leads
  // to), or null where no table is loaded or the game is not in play (python: evaluation.exact.values_after).
  exactValues(marks, codes = this.legalMoves(marks)) {
    const r = this.rules;
    if (r.exactAt === null || this.phase !== r.data.phases.move) return null;
    this.checkMarks(marks);
    const n = codes.length;
    this.put();
    r.engine.i64(r.moves, n).set(codes.map(BigInt));
    checked(r.engine.x.pt_exact_values(r.st, r.tb, r.eb, marks, r.moves, n, r.exactOut, r.work, r.ev),
      "exact_values");
    return Array.from(r.engine.f64(r.exactOut, n));
  }

  // Returns chances through a shipped chance map (chance_maps.mapped, compiled), or as they are without one.
  mapped(map, values) {
    if (!map) return values;
    const r = this.rules;
    const e = r.engine;
    const k = map.x.length;
    const words = 3 + 2 * k + values.length;
    if (!r.mapAt || r.mapWords < words) {  // one buffer, grown when a map or a move list is longer: kept, never freed
      r.mapAt = e.alloc(8 * words);
      r.mapWords = words;
    }
    const at = r.mapAt;
    e.f64(at, 3).set(map.params);
    e.f64(at + 24, k).set(map.x);
    e.f64(at + 24 + 8 * k, k).set(map.y);
    const v = at + 24 + 16 * k;
    e.f64(v, values.length).set(values);
    checked(e.x.pt_honest(map.kind, at, at + 24, at + 24 + 8 * k, k, v, values.length), "honest");
    return Array.from(e.f64(v, values.length));
  }

  // Returns every legal move of a cast with its values for every seat, searched as the game review searches
  // (python: analysis.review): {moves, values}, values[i][row][seat] with rows win game, items, win contest.
  reviewMoves(marks, level) {
    this.checkMarks(marks);
    const [sb, arrays] = this.scratch(level);
    const r = this.rules;
    this.put();
    const room = r.data.sizes.moves * 3 * r.data.sizes.maxp;
    if (!r.reviewOut) r.reviewOut = r.engine.alloc(8 * room);
    const n = checked(r.engine.x.pt_move_values(r.st, r.tb, r.eb, sb, marks, level, 0, r.reviewOut), "move_values");
    const p = r.data.sizes.maxp;
    const flat = r.engine.f64(r.reviewOut, n * 3 * p);
    const values = Array.from({ length: n }, (_, i) =>
      [0, 1, 2].map((row) => Array.from(flat.subarray((i * 3 + row) * p, (i * 3 + row + 1) * p))));
    return { moves: Array.from(r.engine.i64(arrays[1], n), Number), values };
  }

  // Returns the value of the position before its cast for every seat ([row][seat] as reviewMoves), searched as
  // the game review searches, judged for game `game0` (default: the game being played).
  reviewValue(level, game0 = this.game) {
    if (this.over) throw new ContestOverError("the contest is over");
    const [sb] = this.scratch(level);
    const r = this.rules;
    this.put();
    const p = r.data.sizes.maxp;
    checked(r.engine.x.pt_position_value(r.st, r.tb, r.eb, sb, game0, level, 0, r.out), "position_value");
    const flat = r.engine.f64(r.out, 3 * p);
    return [0, 1, 2].map((row) => Array.from(flat.subarray(row * p, (row + 1) * p)));
  }

  // Returns the move a computer player plays: the advisor's search at a level, with Gaussian noise of deviation
  // sigma (ten-thousandths of the chance to win the contest times 1e-4; 0 plays the best move), drawn from the
  // contest's random source.
  bestMove(marks, level = 3, sigma = 0, margin = 0.05) {
    this.checkMarks(marks);
    const [sb] = this.scratch(level);
    const r = this.rules;
    this.put();
    r.engine.i64(r.rng, 4).set(this.rng);
    const move = checked(r.engine.x.pt_best_move(r.st, r.tb, r.eb, sb, marks, level, 0, sigma, r.rng, margin),
      "best_move");
    this.rng.set(r.engine.i64(r.rng, 4));
    return move;
  }

  // Rolls out every legal move of a cast (python: rollouts.roll_out): each played to the game's end `trials` times
  // by the advisor at level 0, every move over the same casts (trial i's from the seed's low 32 bits and i), the
  // first casts stratified and each cast's luck taken out (flags: 7, all three). Returns the moves best first,
  // {move, winGame, winContest, diff, trials}, each chance {mean, se, half} (half: the 95% interval's half-width;
  // diff: the contest chance less the best move's, paired over the same casts). onSlice(done, trials), if given,
  // is called after each slice of `slice` trials (a worker's progress); the numbers do not depend on the slices.
  rollout(marks, trials = 1296, seed = 0, flags = ROLLOUT_ALL, onSlice = null, slice = 16) {
    this.checkMarks(marks);
    if (!Number.isInteger(trials) || trials < 1 || trials > MAX_TRIALS) {
      throw new TrialsError(`${trials} trials: give a whole number from 1 to ${MAX_TRIALS}`);
    }
    const codes = this.legalMoves(marks);
    const n = codes.length;
    const [sb] = this.scratch(1);
    const r = this.rules;
    const e = r.engine;
    const bytes = 8 * (n * trials * 2 + trials + n * 6 + 4 * r.data.sizes.maxp);  // rng: a source per seat
    if (!r.rollAt || r.rollBytes < bytes) {  // one buffer, grown for a larger rollout: kept, never freed
      r.rollAt = e.alloc(bytes);
      r.rollBytes = bytes;
    }
    const res = r.rollAt;
    const first = res + 8 * n * trials * 2;
    const out = first + 8 * trials;
    const rng = out + 8 * n * 6;
    this.put();
    for (let lo = 0; lo < trials; lo += slice) {
      const hi = Math.min(trials, lo + slice);
      checked(e.x.pt_rollout(r.st, r.tb, r.eb, sb, marks, 0, trials, lo, hi, seed | 0, flags, rng, res, first),
        "rollout");
      if (onSlice) onSlice(hi, trials);
    }
    const best = checked(e.x.pt_rollout_summary(res, first, n, trials, out), "rollout_summary");
    const s = e.f64(out, n * 6);
    const chance = (i, c) => ({ mean: s[6 * i + c], se: s[6 * i + c + 1], half: Z95 * s[6 * i + c + 1] });
    const others = [...codes.keys()].filter((i) => i !== best).sort((a, b) => s[6 * b + 4] - s[6 * a + 4]);
    return [best, ...others].map((i) => ({ move: codes[i], winGame: chance(i, 0), winContest: chance(i, 2),
      diff: chance(i, 4), trials }));
  }
}
