// The guided first game at the table: each new lesson (lessons.js, decided in the worker) as a tip card between
// the board and the controls, with "Got it", and the cell it is about ringed on the board. The computers wait while
// a tip is unread, so the board still shows what the tip is about; the topics read are kept with the game.
import { el, showError } from "./main.js";
import { lessonText } from "./lessons.js";

export class Tips {
  // play: the table on screen (play.js Play); learn: the game's {seen: [topics read]}.
  constructor(play, learn) {
    this.play = play;
    this.seen = new Set(learn.seen);
    this.fresh = [];      // the lessons not yet read, oldest first
    this.waiting = [];    // what waits for every tip to be read
    this.asked = Promise.resolve();
    this.box = el("section", { id: "tip", class: "tip", "aria-live": "polite", hidden: true });
  }

  // Puts the card in the table's screen, before the controls.
  mount(table, controls) {
    table.insertBefore(this.box, controls);
    this.draw();
  }

  // Asks the worker for the lessons so far and shows the first one not read.
  update() {
    document.body.dataset.asking = "1";  // tests wait until the tips of the table shown are drawn
    const asked = this.play.ctx.engine.call("lessons").then((all) => {
      if (asked !== this.asked) return;  // a newer table was shown meanwhile
      this.fresh = all.filter((l) => !this.seen.has(l.topic));
      this.draw();
      delete document.body.dataset.asking;
    }).catch(showError);
    this.asked = asked;
    return asked;
  }

  draw() {
    const lesson = this.fresh[0];
    this.play.board.ring(lesson?.cell ?? null);
    this.box.hidden = !lesson;
    if (!lesson) {
      this.box.replaceChildren();
      delete this.box.dataset.topic;
      for (const go of this.waiting.splice(0)) go();
      return;
    }
    const W = this.play.W2;
    const person = Math.max(0, this.play.view.seats.indexOf("person"));
    this.box.dataset.topic = lesson.topic;
    this.box.dataset.cell = lesson.cell ?? "";
    this.box.replaceChildren(
      el("button", { class: "primary", id: "tipok", onclick: () => this.read() }, W.T("serve.learn_ok")),
      el("h2", {}, W.T("serve.learn_title")), el("p", {}, lessonText(W, lesson, person)));
  }

  // The person has read the tip shown: keep it read and show the next.
  read() {
    const lesson = this.fresh.shift();
    if (!lesson) return;
    this.seen.add(lesson.topic);
    this.play.ctx.engine.call("learnt", [lesson.topic]).catch(showError);
    this.draw();
  }

  // Resolves once every lesson so far is read.
  async settled() {
    await this.asked;
    if (this.fresh.length) await new Promise((go) => this.waiting.push(go));
  }
}
