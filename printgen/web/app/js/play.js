// The table on the phone: the board, whose turn it is, the cast (virtual beans, or real ones entered by their
// marks in one tap or bean by bean), the moves to choose (on the board or as buttons), advice, odds, undo naming
// what to move back, the computers' turns shown one move at a time, the end of the contest, and its review
// (review_screen.js).
import { BoardView } from "./board.js";
import { el, exportGame, showError } from "./main.js";
import { rulesPage } from "./rules.js";
import { ReviewScreen } from "./review_screen.js";
import { Tips } from "./learn.js";

const $ = (id) => document.getElementById(id);
const PAUSE = 350;  // ms between two computer turns, after each one's move is drawn
const REVIEW_FROM = 6;  // turns played before the table's tools offer a review
const ROLLOUT_TRIALS = [36, 144, 324, 1296];  // the trials a move the phone offers (gnubg's 1296 the most)
const ROLLOUT_DEFAULT = 144;

// Asks the browser to keep the screen on while a table is shown (again whenever the page comes back into view,
// since the browser lets go of the lock when it is hidden); one listener for the page's whole life.
let awake = false;
function keepScreenOn() {
  if (!("wakeLock" in navigator)) return;
  const ask = () => {
    if (document.body.dataset.screen === "table") navigator.wakeLock.request("screen").catch(() => {});
  };
  if (!awake) document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") ask(); });
  awake = true;
  ask();
}

export class Play {
  constructor(opened, ctx) {
    this.id = opened.id;
    this.name = opened.name;
    this.app = opened.app;
    this.view = opened.view;
    this.ctx = ctx;
    this.events = opened.events;
    this.feed = [];
    this.suggestion = null;
    this.tips = opened.learn ? new Tips(this, opened.learn) : null;  // a guided first game
  }

  async start() {
    const steps = await this.ctx.engine.call("steps", Math.max(0, this.view.turn - 8));
    this.feed = steps.reverse().map((s) => this.W2.step(s, false));
    this.redraw();
    this.keepAwake();
    await this.runComputers();
  }

  get W2() { return this.ctx.words().withGame({ app: this.app, events: this.events }); }

  keepAwake() { keepScreenOn(); }

  redraw() {
    if (this.reviewing) { this.reviewing.show(); return; }
    const W = this.W2;
    this.ctx.header(this.name, () => this.ctx.lobby());
    const wrap = el("div", { id: "boardwrap" });
    this.status = el("p", { id: "status", "aria-live": "polite" });
    this.controls = el("div", { id: "controls" });
    this.feedBox = el("ol", { id: "feed" });
    $("view").replaceChildren(el("section", { class: "table" }, this.status, wrap, this.controls), this.feedBox);
    const svgFile = this.app.board.svg[W.lang];
    this.board = new BoardView(wrap, this.app, `data/${svgFile}`);
    this.tips?.mount(wrap.parentElement, this.controls);
    this.show();
    document.body.dataset.screen = "table";
  }

  // Shows the table as the worker last sent it.
  show() {
    const v = this.view;
    const W = this.W2;
    this.board.draw(v.board);
    this.board.lastMove(v.last?.move, v.last?.seat);
    this.board.suggest(this.suggestion);
    const correct = v.pending !== null && !v.over && !v.computersToPlay
      ? el("button", { class: "link", id: "correctbtn", onclick: () => this.castSheet(true) }, W.T("serve.correct")) : null;
    this.status.replaceChildren(el("span", { class: "turn" }, W.T("serve.turn", { game: v.game, turn: v.turn })),
      ...this.seatChips(), el("strong", { class: "prompt" }, this.prompt(), correct));
    this.feedBox.replaceChildren(...this.feed.slice(0, 12).map((lines) => el("li", {}, lines.join(" "))));
    this.controls.replaceChildren(...this.controlsFor(v));
    this.board.offer(v.pending !== null || v.phase === "bet" ? v.legal : [], (moves) => this.pick(moves));
    this.tips?.update();
    document.body.dataset.state = v.over ? "over" : v.computersToPlay ? "computer" : v.phase === "bet" ? "bet"
      : v.pending === null ? "cast" : "move";
  }

  seatChips() {
    const v = this.view;
    const W = this.W2;
    return v.board.seats.map((s, i) => el("span", { class: `chip hue${this.app.board.geometry.hues[i]}${i === v.toMove && !v.over ? " now" : ""}` },
      this.app.seats[i], this.app.teams ? ` (${W.T("serve.team", { team: this.app.teams[i] })})` : "",
      this.app.gambling ? ` ${s.holding}` : "",
      s.bankrupt ? " ✕" : ` · ${s.home}/${this.app.pieces}`));
  }

  who(seat) {
    const W = this.W2;
    const letter = this.app.seats[seat];
    if (this.view.seats[seat] !== "person") return W.T("phone.seat_computer", { seat: letter, name: W.T(`phone.strength_${this.view.seats[seat]}`) });
    return this.view.seats.filter((s) => s === "person").length === 1 ? W.T("serve.seat_you", { seat: letter }) : letter;
  }

  prompt() {
    const v = this.view;
    const W = this.W2;
    if (v.over) {
      if (v.winner < 0) return W.T("serve.nobody");
      return this.app.teams ? W.T("phone.team_wins", { team: this.app.teams[v.winner] })
        : W.T("serve.winner", { seat: this.app.seats[v.winner] });
    }
    if (v.computersToPlay) return W.T("serve.prompt_computer");
    const who = this.who(v.toMove);
    if (v.phase === "bet") return W.T("serve.prompt_bet", { seat: who });
    if (v.pending !== null) return W.T("serve.prompt_move", { seat: who, cast: W.castWords(v.pending) });
    return W.T(v.phase === "opening" ? "serve.prompt_throw" : "serve.prompt_cast", { seat: who });
  }

  controlsFor(v) {
    const W = this.W2;
    if (v.over) {
      return [el("div", { class: "over" },
        el("h2", {}, this.prompt()),
        el("button", { class: "primary", id: "reviewbtn", onclick: () => this.review() }, W.T("review.title")),
        el("button", { onclick: () => this.ctx.lobby() }, W.T("phone.to_games")),
        el("button", { onclick: () => exportGame(this.id, this.name) }, W.T("phone.export")))];
    }
    if (v.computersToPlay) {
      return v.peopleOut ? [el("button", { class: "primary", onclick: () => this.playOut() }, W.T("serve.play_out"))]
        : [el("p", { class: "thinking" }, W.T("serve.prompt_computer"))];
    }
    const tools = el("div", { class: "tools" },
      v.pending !== null || v.phase === "bet" ? el("button", { onclick: () => this.advice() }, W.T("serve.advice")) : null,
      el("button", { onclick: () => this.odds() }, W.T("serve.odds")),
      el("button", { onclick: () => this.undo(), disabled: !v.canUndo }, W.T("serve.undo")),
      el("button", { class: "rulesbtn", onclick: () => this.rules() }, W.T("phone.rules")),
      v.turn >= REVIEW_FROM ? el("button", { id: "reviewbtn", onclick: () => this.review() }, W.T("review_phone.open")) : null);
    if (v.phase === "bet") {
      return [el("div", { class: "moves" }, ...v.legal.map((m) => el("button", { class: "move",
        onclick: () => this.act("bet", m.code) }, W.moveWords(m)))), tools];
    }
    if (v.pending === null) {
      const beans = this.app.beans;
      const row = el("div", { class: "marks", role: "group", "aria-label": W.T("phone.real_marks") },
        ...beans.scores.map((score, marks) => el("button", { class: "mark", "data-marks": marks,
          onclick: () => this.act("cast", marks) }, el("b", {}, String(marks)),
        el("small", {}, score === null ? "–" : `→${score}`))));
      return [el("div", { class: "cast" },
        el("button", { class: "primary big", id: "castbtn", onclick: () => this.act("cast", null) }, W.T("serve.cast_virtual")),
        el("p", { class: "small" }, W.T("phone.real_marks")), row,
        el("button", { class: "link", onclick: () => this.castSheet(false) }, W.T("phone.bean_by_bean"))), tools];
    }
    return [el("div", { class: "moves" }, ...v.legal.map((m) => el("button", { class: "move", "data-move": m.text,
      onclick: () => this.act("move", m.code) }, W.moveWords(m)))), tools];
  }

  // A tap on the board: one move there is played; several (two directions) are offered as buttons.
  pick(moves) {
    if (moves.length === 1) { this.act(this.view.phase === "bet" ? "bet" : "move", moves[0].code); return; }
    const W = this.W2;
    this.sheet(W.T("serve.your_moves"), moves.map((m) => el("button", { class: "move",
      onclick: () => { this.close(); this.act("move", m.code); } }, W.moveWords(m))));
  }

  // Plays one action in the worker; shows what it did, then lets the computers play.
  async act(action, ...args) {
    if (this.busy) return;  // a double tap plays once
    this.busy = true;
    document.body.dataset.busy = "1";  // the page shows it is working (and tests wait for it)
    this.suggestion = null;
    try {
      const before = this.view;
      const got = await this.ctx.engine.call("act", action, ...args);
      this.view = got.view;
      for (const s of got.steps) this.feed.unshift(this.W2.step(s, before.phase === "opening"));
      this.show();
      if (got.undo) this.undone(got.undo);
    } catch (e) {
      showError(e);
    } finally {
      this.busy = false;
    }
    await this.runComputers();
    delete document.body.dataset.busy;
  }

  // A shared table (remote.js) moved on by another phone or the terminal: shows it as it is now.
  remoteChange(view, steps = []) {
    const opening = this.view.phase === "opening";
    this.view = view;
    this.suggestion = null;
    for (const s of steps) this.feed.unshift(this.W2.step(s, opening));
    if (document.body.contains(this.controls)) this.show();
  }

  // Lets the computers play the contest out once every person at the table is out of it.
  async playOut() {
    document.body.dataset.busy = "1";
    await this.runComputers(true);
    delete document.body.dataset.busy;
  }

  // Plays the computers' turns one at a time, drawing each move before the next.
  async runComputers(pastPeople = false) {
    if (this.running) return;
    this.running = true;
    try {
      while (this.view.computersToPlay && (pastPeople || !this.view.peopleOut) && document.body.contains(this.controls)) {
        await this.tips?.settled();  // a guided game's computers wait until its tips are read
        if (!document.body.contains(this.controls)) break;
        const phase = this.view.phase;
        const got = await this.ctx.engine.call("act", "computerTurn");
        const [step] = got.steps;
        const calm = matchMedia("(prefers-reduced-motion: reduce)").matches;  // the person asked for no motion
        if (!calm) await this.board.animate(step.move, step.seat);
        this.view = got.view;
        this.feed.unshift(this.W2.step(step, phase === "opening"));
        this.show();
        await new Promise((r) => setTimeout(r, calm ? 0 : PAUSE));
      }
    } catch (e) {
      showError(e);
    } finally {
      this.running = false;
    }
  }

  async advice(level = this.view.level) {
    const W = this.W2;
    try {
      const a = await this.ctx.engine.call("advise", level);
      const levels = el("select", { "aria-label": W.T("phone.level"), onchange: (e) => { this.close(); this.advice(Number(e.target.value)); } },
        ...Array.from({ length: this.ctx.index.max_level + 1 }, (_, n) => el("option", { value: n, selected: n === a.level },
          W.T("phone.level_n", { n }))));
      this.suggestion = a.moves[0];
      this.board.suggest(this.suggestion);
      this.sheet(W.T("serve.advice"), [
        el("label", { class: "level" }, el("span", {}, W.T("phone.level")), levels),
        el("ol", { class: "advice" }, ...a.moves.map((m, i) => el("li", {},
          el("button", { class: "move", onclick: () => { this.close(); this.act(this.view.phase === "bet" ? "bet" : "move", m.code); } },
            W.moveWords(m)),
          el("p", {}, `${W.chance(m.winGame, "game")}; ${W.chance(m.winContest, "contest")}`),
          el("p", { class: "small" }, W.cost(m.diff, i === 0))))),
        el("p", { class: "small" }, W.T("serve.explain_game")),
        el("p", { class: "small" }, W.T("serve.explain_contest")),
        this.ctx.engine.track ? el("button", { class: "rollout", onclick: () => { this.close(); this.rollout(); } },
          W.T("phone.rollout")) : null]);
    } catch (e) { showError(e); }
  }

  // Rolls the pending cast's moves out in the worker, with a progress bar, then shows each move's chances with
  // their 95% intervals and the trials behind them.
  async rollout(trials = this.rolloutTrials ?? ROLLOUT_DEFAULT) {
    const W = this.W2;
    this.rolloutTrials = trials;
    const bar = el("progress", { max: trials, value: 0 });
    this.sheet(W.T("phone.rollout_title", { trials }), [bar, el("p", { class: "small" }, W.T("phone.rollout_working"))]);
    const pts = (x) => W.number(Math.abs(x) * 100, 1);
    try {
      const r = await this.ctx.engine.track("rollout", (done, total) => { bar.max = total; bar.value = done; }, trials);
      if (!bar.isConnected) return;
      this.close();
      const choice = el("select", { "aria-label": W.T("phone.rollout_trials"), onchange: (e) => { this.close(); this.rollout(Number(e.target.value)); } },
        ...ROLLOUT_TRIALS.map((n) => el("option", { value: n, selected: n === trials }, String(n))));
      this.suggestion = r.moves[0];
      this.board.suggest(this.suggestion);
      this.sheet(W.T("phone.rollout_title", { trials }), [
        el("label", { class: "level" }, el("span", {}, W.T("phone.rollout_trials")), choice),
        el("ol", { class: "advice rollout" }, ...r.moves.map((m, i) => el("li", {},
          el("button", { class: "move", onclick: () => { this.close(); this.act(this.view.phase === "bet" ? "bet" : "move", m.code); } },
            W.moveWords(m)),
          el("p", {}, W.T("phone.rollout_row", { contest: W.percent(m.winContest.mean), contest_half: pts(m.winContest.half),
            game: W.percent(m.winGame.mean), game_half: pts(m.winGame.half) })),
          el("p", { class: "small" }, i === 0 ? W.T("serve.cost_best")
            : W.T("phone.rollout_cost", { points: pts(m.diff.mean), half: pts(m.diff.half) }))))),
        el("p", { class: "small" }, W.T("phone.rollout_note", { trials: r.trials }))]);
    } catch (e) { showError(e); }
  }

  odds() {
    const W = this.W2;
    const rows = this.app.beans.score_odds.map(([score, num, den]) => el("li", {},
      W.T("serve.odds_row", { score: score === null ? W.T("serve.no_score") : score,
        fraction: den === 1 ? String(num) : `${num}/${den}`, percent: W.percent(num / den) })));
    this.sheet(W.T("serve.odds_title"), [el("ul", { class: "odds" }, ...rows),
      this.app.beans.null_scores_ten ? el("p", { class: "small" }, W.T("serve.null_ten")) : null]);
  }

  async undo() { await this.act("undo"); }

  // The rules of this game (its ruleset and options) as the printed booklet gives them, over the table.
  async rules() {
    const W = this.W2;
    try {
      this.sheet(W.T("phone.rules"), [await rulesPage(this.ctx.index, this.app.name, this.app.options, W)]);
    } catch (e) { showError(e); }
  }

  // Shows the review of the contest so far; leaveReview goes back to the table.
  review() {
    this.close();
    this.reviewing ??= new ReviewScreen(this);
    this.reviewing.show();
  }

  leaveReview() {
    this.reviewing = null;
    this.redraw();
  }

  undone({ taken, changes }) {
    const W = this.W2;
    const moves = taken.map((t) => (this.view.seats[t.seat] === "person" && this.view.seats.filter((s) => s === "person").length === 1
      ? W.T("play.taken_yours", { move: t.move.text })
      : W.T("play.taken_seat", { seat: this.app.seats[t.seat], move: t.move.text })));
    const lines = changes.length ? changes.map((c) => W.change(c)) : [W.T("serve.nothing_to_move")];
    this.sheet(W.T("serve.undo_title"), [el("p", {}, W.T("phone.taken_back")),
      el("ul", { class: "taken" }, ...moves.map((m) => el("li", {}, m))),
      el("ul", { class: "changes" }, ...lines.map((l) => el("li", {}, l)))]);
  }

  // The cast bean by bean: tap each bean's face, see the score, confirm (correct: replaces the pending cast).
  castSheet(correct) {
    const W = this.W2;
    const beans = this.app.beans;
    const faces = correct ? [...beans.faces[this.view.pending]] : Array(beans.count).fill(false);
    const score = el("p", { class: "score", "aria-live": "polite" });
    const row = el("div", { class: "beans" });
    const drawBeans = () => {
      row.replaceChildren(...faces.map((f, i) => el("button", { class: `bean${f ? " marked" : ""}`, "aria-pressed": String(f),
        onclick: () => { faces[i] = !faces[i]; drawBeans(); } }, el("span", {}, f ? "●" : "○"),
      el("small", {}, W.T(f ? "serve.marked" : "serve.blank")))));
      const marks = faces.filter(Boolean).length;
      score.textContent = `${W.count(marks, "mark")}: ${W.castWords(marks)}`;
    };
    drawBeans();
    this.sheet(W.T(correct ? "serve.correct" : "phone.bean_by_bean"), [el("p", { class: "small" }, W.T("serve.faces_help")),
      row, score, el("button", { class: "primary", onclick: () => {
        this.close();
        this.act(correct ? "correct" : "cast", faces.filter(Boolean).length);
      } }, W.T("serve.confirm_cast"))]);
  }

  sheet(title, children) {
    this.close();
    const W = this.W2;
    const box = el("div", { class: "sheet", role: "dialog", "aria-modal": "true", id: "sheet" },
      el("div", { class: "sheetbar" }, el("h2", {}, title), el("button", { class: "icon", "aria-label": W.T("serve.back"),
        onclick: () => this.close() }, "✕")),
      el("div", { class: "sheetbody" }, ...children.filter(Boolean)));
    const shade = el("div", { class: "shade", onclick: (e) => { if (e.target === shade) this.close(); } }, box);
    document.body.append(shade);
  }

  close() { document.querySelector(".shade")?.remove(); }
}
