// The review screen: the contest's review computed in the engine's worker (review.js) with a progress bar while
// it runs, then the win-chance graph, each player's grades, accuracy and luck in words, and the key moments, each
// opening the board as it was before it. Every word comes from the language files ([review] and [review_phone]).
import { BoardView } from "./board.js";
import { chanceGraph } from "./chance_graph.js";
import { el, showError } from "./main.js";

const $ = (id) => document.getElementById(id);

// Returns a chance (0 to 1) as points of percentage without a sign: `4.2`.
function points(W, x) { return W.number(Math.abs(x) * 100, 1); }

export class ReviewScreen {
  // play: the table on screen (play.js Play), whose words, seats and engine the screen uses.
  constructor(play) {
    this.play = play;
    this.level = play.ctx.index.review.phone_level;
    this.review = null;
  }

  get W() { return this.play.W2; }

  // Shows the screen and reviews the contest at the chosen level (the worker keeps the last review).
  async show() {
    const W = this.W;
    this.play.ctx.header(W.T("review.title"), () => this.play.leaveReview());
    this.body = el("section", { class: "review", id: "review" });
    $("view").replaceChildren(this.body);
    document.body.dataset.screen = "review";
    window.scrollTo(0, 0);
    if (this.review?.level === this.level && this.review.turns.length === this.play.view.turn) {
      this.draw();
      return;
    }
    const bar = el("progress", { max: 1, value: 0 });
    const note = el("p", { class: "small", "aria-live": "polite" });
    this.body.replaceChildren(el("div", { class: "working" }, el("h2", {}, W.T("review.title")), bar, note,
      this.levelRow(), el("p", { class: "small" }, W.T("review_phone.level_note"))));
    document.body.dataset.review = "working";
    const body = this.body;
    try {
      const review = await this.play.ctx.engine.track("review", (done, total) => {
        bar.max = total;
        bar.value = done;
        note.textContent = W.T("review_phone.working", { done, total });
      }, this.level);
      if (!body.isConnected) return;
      this.review = review;
      this.draw();
    } catch (e) {
      showError(e);
    }
  }

  levelRow() {
    const W = this.W;
    const max = this.play.ctx.index.max_level;
    const select = el("select", { id: "reviewlevel", onchange: (e) => { this.level = Number(e.target.value); this.show(); } },
      ...Array.from({ length: max + 1 }, (_, n) => el("option", { value: n, selected: n === this.level },
        W.T("phone.level_n", { n }))));
    return el("label", { class: "level" }, el("span", {}, W.T("review_phone.level")), select);
  }

  draw() {
    const W = this.W;
    const rv = this.review;
    const colours = this.play.app.board.geometry.colours;
    const legend = el("ul", { class: "legend" }, ...rv.players.map((p) => el("li", {},
      el("i", { style: `background:${colours[p.seat]}` }), this.play.who(p.seat))));
    const limits = this.play.ctx.index.review.grades.slice(0, -1).map(([g, below]) =>
      `${W.T(`review.grade_${g}`)} < ${W.number(below * 100, 1)}`).join(", ");
    const games = rv.turns.length ? rv.turns.at(-1).game : 1;
    const subtitle = W.T("review_phone.subtitle", { ruleset: this.play.app.title[W.lang],
      players: W.count(rv.players.length, "player"), turns: W.count(rv.turns.length, "turn"),
      games: W.count(games, "game"), level: rv.level });
    this.body.replaceChildren(
      el("p", { class: "small sub" }, subtitle),
      el("h2", {}, W.T("review.graph_title")),
      chanceGraph(rv, colours, W), legend,
      el("div", { class: "players" }, ...rv.players.map((p) => this.player(p, colours[p.seat]))),
      this.better(rv.comparison),
      ...this.moments(), this.errors(),
      el("details", { class: "about" }, el("summary", {}, W.T("review_phone.about")),
        el("p", { class: "small" }, W.T("review.legend", { limits })),
        el("p", { class: "small" }, W.T("review_phone.took", { turns: rv.turns.length, level: rv.level,
          seconds: W.number(rv.ms / 1000, rv.ms < 1000 ? 2 : 1) })), this.levelRow(),
        el("p", { class: "small" }, W.T("review_phone.level_note"))));
    document.body.dataset.review = "done";
  }

  // Returns who played better and how sure, in words (the terminal's sentence), or nothing without two seats graded.
  better(c) {
    if (!c) return null;
    const W = this.W;
    const names = { better: this.play.who(c.better), other: this.play.who(c.other) };
    if (c.half === null) {
      return el("p", { class: "better" }, W.T("review.better_one_game", { ...names, points: points(W, c.perGame) }));
    }
    return el("p", { class: "better" }, W.T(c.sure ? "review.better_sure" : "review.better_unsure", { ...names,
      points: points(W, c.perGame), lo: W.number((c.perGame - c.half) * 100, 1),
      hi: W.number((c.perGame + c.half) * 100, 1), games: c.games }));
  }

  // Returns one player's card: the result, the grades counted, accuracy and luck in words.
  player(p, colour) {
    const W = this.W;
    const result = p.result > 0.9999 ? W.T("review_phone.won") : p.result < 0.0001 ? W.T("review_phone.lost")
      : W.T("review_phone.chance_end", { percent: W.percent(p.result) });
    const grades = el("ul", { class: "grades" }, ...Object.entries(p.grades).map(([g, n]) =>
      el("li", { class: `grade g-${g}${n ? "" : " none"}` }, el("b", {}, String(n)), ` ${W.T(`review.grade_${g}`)}`)));
    const luck = W.T(p.luck >= 0 ? "review_phone.luck_for" : "review_phone.luck_against",
      { points: points(W, p.luck), percent: W.percent(Math.min(1, Math.max(0, p.luckFree))) });
    return el("article", { class: "player", style: `border-color:${colour}` },
      el("h3", {}, el("i", { style: `background:${colour}` }), this.play.who(p.seat), el("span", {}, ` · ${result}`)),
      grades,
      el("p", {}, W.T("review_phone.accuracy", { accuracy: W.number(p.accuracy, 0), points: W.number(p.errorRate * 100, 2) })),
      el("p", {}, luck),
      p.forced ? el("p", { class: "small" }, W.T("review_phone.forced", { n: p.forced })) : null);
  }

  // Returns the key moments, play and beans ("luck": .beans is the cast sheet's), each a button that opens the board before it.
  moments() {
    const W = this.W;
    const { play, beans } = this.review.moments;
    if (!play.length && !beans.length) return [el("p", {}, W.T("review_phone.no_moments"))];
    const list = (title, turns, kind) => (turns.length ? [el("h2", {}, title), el("ol", { class: "moments" },
      ...turns.map((n) => el("li", {}, this.moment(this.review.turns[n - 1], kind))))] : []);
    return [...list(W.T("review.moments_play"), play, "play"), ...list(W.T("review.moments_beans"), beans, "luck"),
      el("p", { class: "small" }, W.T("review_phone.tap_moment"))];
  }

  // Returns every inaccuracy, mistake and blunder, folded (as the printed review's list, without the tutor's why).
  errors() {
    const W = this.W;
    const bad = new Set(this.play.ctx.index.review.grades.slice(2).map(([g]) => g));
    const turns = this.review.turns.filter((t) => bad.has(t.grade));
    if (!turns.length) return null;
    return el("details", { class: "errors" }, el("summary", {}, `${W.T("review.errors")} (${turns.length})`),
      el("ol", { class: "moments" }, ...turns.map((t) => el("li", {}, this.moment(t, "play")))));
  }

  moment(t, kind) {
    const W = this.W;
    const [said] = W.step({ ...t, move: t.played, events: [] }, t.kind === "throw");
    const body = kind === "play"
      ? W.T("review_phone.moment_play", { grade: W.T(`review.grade_${t.grade}`), points: points(W, t.loss),
        best: W.moveWords(t.best) })
      : W.T("review.moment_beans", { cast: W.castWords(t.marks), seat: W.seat(t.seat),
        points: `${t.luck[t.seat] >= 0 ? "+" : "−"}${points(W, t.luck[t.seat])}` });
    return el("button", { class: `moment ${kind}${kind === "play" ? ` g-${t.grade}` : ""}`, "data-turn": t.turn,
      onclick: () => this.position(t, kind) },
    el("strong", {}, W.T("serve.turn", { game: t.game, turn: t.turn })), el("span", {}, said), el("span", {}, body));
  }

  // Opens a sheet with the board before a key moment: the move played as the last move, the best one suggested.
  async position(t, kind) {
    const W = this.W;
    try {
      const [step] = await this.play.ctx.engine.call("steps", t.turn - 1);
      const host = el("div", { class: "momentboard" });
      const said = this.moment(t, kind).querySelectorAll("span");
      this.play.sheet(W.T("serve.turn", { game: t.game, turn: t.turn }), [host, ...[...said].map((s) => el("p", {}, s.textContent))]);
      const board = new BoardView(host, this.play.app, `data/${this.play.app.board.svg[W.lang]}`);
      board.draw(step.before);
      board.lastMove(t.played, t.seat);
      if (kind === "play" && t.best.code !== t.played.code) board.suggest(t.best);
    } catch (e) { showError(e); }
  }
}
