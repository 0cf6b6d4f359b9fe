// Every word the app shows, from the language files Python exports (data/words-<lang>.json, printgen/lang), and
// what happens at the table said in them: the same templates, keys and choices as rules_text/narration.py, so an
// event reads the same on the phone as at the terminal (tests/test_web_words.py compares the two).

export class Words {
  // t: every template of a language by dotted key; game: a game's data (engine data with "app"), or null.
  constructor(lang, t, game = null) {
    this.lang = lang;
    this.t = t;
    this.game = game;
  }

  withGame(game) { return new Words(this.lang, this.t, game); }

  // Returns template `key` filled from values; a missing key shows itself, so it is seen and fixed.
  T(key, values = {}) {
    const template = this.t[key];
    if (typeof template !== "string") return `[${key}]`;
    return template.replace(/\{(\w+)\}/g, (_, k) => (k in values ? String(values[k]) : `{${k}}`));
  }

  noun(key, n) {
    const forms = this.t[`noun.${key}`];
    return Array.isArray(forms) ? forms[n === 1 ? 0 : 1] : `[noun.${key}]`;
  }

  count(n, key) { return `${n} ${this.noun(key, n)}`; }

  number(x, places = 1) { return x.toFixed(places).replace(".", this.T("word.decimal_point")); }

  percent(p) { return this.T("word.percent", { value: this.number(Math.round(p * 1000) / 10) }); }

  seat(s) { return this.game.app.seats[s]; }

  // Returns who wins with a seat in partnerships: the seats of its team, `A and C` (narration.py Narration.team).
  team(s) {
    const { seats, teams } = this.game.app;
    const team = seats.filter((_, i) => teams[i] === teams[s]);
    return `${team.slice(0, -1).join(", ")} ${this.T("word.and")} ${team[team.length - 1]}`;
  }

  // Returns a number of the ruleset's items: `1 chip`, `20 chips`.
  items(n) {
    const [one, many] = this.game.app.item[this.lang];
    return `${n} ${n === 1 ? one : many}`;
  }

  // ---- casts and moves ----

  score(marks) { return this.game.app.beans.scores[marks]; }

  castWords(marks) {
    const score = this.score(marks);
    return score === null ? this.T("narrate.marks_no_score", { marks: this.count(marks, "mark") }) : String(score);
  }

  // Returns a move (a description from the engine) in words, as a person makes it on the board.
  moveWords(m) {
    if (m.kind === "move" && m.target === 0) return this.T("narrate.move_words_back_hand", { origin: m.origin });
    if (m.kind === "bet") return this.T("narrate.move_words_bet", { amount: m.amount });
    if (m.kind === "move") return this.T("move_words.move", { origin: m.origin, target: m.target });
    if (m.kind === "enter" && m.ccw !== null) {  // two entries: say which way each goes
      const direction = this.T(m.ccw ? "serve.anticlockwise" : "serve.clockwise");
      return this.T("narrate.move_words_enter_way", { target: m.target, direction });
    }
    if (m.kind === "enter") return this.T("move_words.enter", { target: m.target });
    return this.T("move_words.pass");
  }

  // ---- events: one sentence each (narration.py Narration.event) ----

  // Returns the event rows [code, a, b, c, d] of the engine as readable events (engine/events.py decode_events).
  decode(row) {
    const ev = this.game.events;
    const kind = ev.kinds[row[0]];
    const [, a, b, c, d] = row;
    const holder = (h) => (h === ev.pool ? "pool" : h === ev.offering ? "offering" : h);
    switch (kind) {
      case "pay": return { kind, reason: ev.reasons[a], payer: holder(b), payee: holder(c), amount: d };
      case "enter": case "bear_off": return { kind, player: a, cell: b + 1 };
      case "move": return { kind, player: a, cell: b + 1, toCell: c + 1 };
      case "capture": return { kind, player: a, other: b, cell: c + 1 };
      case "game_won": return { kind, player: a, other: b };
      case "new_game": return { kind, other: a };
      case "throw": case "opening_won": case "no_move": case "bet": return { kind, player: a, amount: b };
      case "penalty": return { kind, player: a, amount: b, cell: c + 1 };
      case "move_back": return { kind, player: a, cell: b + 1, toCell: c >= 0 ? c + 1 : null };
      case "bankrupt": return { kind, player: a };
      default: return { kind, player: a >= 0 ? a : null };
    }
  }

  holderWords(h, prefix = "") {
    return typeof h === "number" ? this.T(`holder.${prefix}seat`, { seat: this.seat(h) }) : this.T(`holder.${prefix}${h}`);
  }

  event(row) {
    const e = this.decode(row);
    const p = e.player !== null && e.player !== undefined ? this.seat(e.player) : "";
    const T = (k, v) => this.T(`narrate.${k}`, v);
    switch (e.kind) {
      case "enter": return T("enter", { player: p, cell: e.cell });
      case "move": return T("move", { player: p, origin: e.cell, target: e.toCell });
      case "capture": return T("capture", { player: p, other: this.seat(e.other), cell: e.cell });
      case "pay": return T(`pay_${e.reason}`, { amount: this.items(e.amount), payer: this.holderWords(e.payer),
        payee: this.holderWords(e.payee), to_payee: this.holderWords(e.payee, "to_"),
        from_payer: this.holderWords(e.payer, "from_") });
      case "extra_turn": return T("extra_turn", { player: p });
      case "bear_off": return T("bear_off", { player: p, cell: e.cell });
      case "game_won": return T("game_won", { player: p, game: e.other });
      case "bankrupt": return T("bankrupt", { player: p });
      case "contest_won": return !p ? T("contest_over")
        : this.game.app.teams ? T("contest_won_team", { team: this.team(e.player) }) : T("contest_won", { player: p });
      case "no_move": return T("no_move", { player: p, score: e.amount });
      case "null_cast": return T("null_cast", { player: p });
      case "recast": return T("recast", { player: p });
      case "throw": return T("throw", { player: p, score: e.amount });
      case "opening_won": return T("opening_won", { player: p });
      case "bet": return T("bet", { player: p, amount: e.amount });
      case "new_game": return T("new_game", { game: e.other });
      case "penalty": return T(e.amount === 1 ? "penalty_miss_turn" : "penalty_move_back", { player: p, cell: e.cell });
      case "miss_turn": return T("miss_turn", { player: p });
      case "move_back": return e.toCell === null ? T("move_back_hand", { player: p, origin: e.cell })
        : T("move_back", { player: p, origin: e.cell, target: e.toCell });
      default: return null;
    }
  }

  // Returns a turn in the feed: its first line, then every event it does not already say (Narration.step).
  step(st, openingPhase) {
    const who = this.seat(st.seat);
    let first;
    if (st.marks === null) first = this.T("narrate.step_bet", { seat: who, amount: st.move.amount });
    else if (openingPhase) first = this.T("narrate.step_throw", { seat: who, cast: this.castWords(st.marks) });
    else first = this.T("narrate.step_cast", { seat: who, cast: this.castWords(st.marks), move: this.moveWords(st.move) });
    const said = new Set(["enter", "move", "move_back", "throw", "bet", "null_cast"]);
    const rest = st.events.map((r) => [this.decode(r).kind, r]).filter(([k]) => !said.has(k)).map(([, r]) => this.event(r));
    return [first, ...rest.filter(Boolean)];
  }

  // Returns one piece to put back on the physical board, in words.
  change(c) {
    const seat = this.seat(c.seat);
    const cell = (x) => typeof x === "number";
    if (cell(c.origin) && cell(c.target)) return this.T("serve.change_move", { seat, origin: c.origin, target: c.target });
    if (c.origin === "hand" && cell(c.target)) return this.T("serve.change_hand_to_cell", { seat, target: c.target });
    if (cell(c.origin) && c.target === "hand") return this.T("serve.change_cell_to_hand", { seat, origin: c.origin });
    if (c.origin === "home" && cell(c.target)) return this.T("serve.change_home_to_cell", { seat, target: c.target });
    return this.T("serve.change_other", { seat, origin: c.origin, target: c.target });
  }

  // Returns a chance in plain words: `about 7 times in 10` (below 5 % and above 95 %, words of their own).
  chance(p, what) {
    if (p < 0.05) return this.T(`serve.chance_${what}_low`);
    if (p > 0.95) return this.T(`serve.chance_${what}_high`);
    return this.T(`serve.chance_${what}`, { n: Math.max(1, Math.min(9, Math.round(p * 10))) });
  }

  cost(diff, first) {
    const n = Math.round(-diff * 100);
    if (first) return this.T("serve.cost_best");
    return n >= 1 ? this.T("serve.cost", { n }) : this.T("serve.cost_small");
  }
}
