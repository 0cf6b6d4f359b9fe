// The guided first game: which rule to teach, when, and on which cell, read from the turns played, as
// play/lessons.py decides it (the start, the person's first cast and first choice, then the first time each kind
// of event happens to anyone); and each lesson in words as play/table_words.py lessons_json says it, with the event
// itself told by the narration (words.js). The kinds taught and their order come from Python (games.json "learn").
import { Words } from "./words.js";

const MOVING = ["move", "enter"];

// Returns the words' key of what an event teaches: a payment by its reason, a penalty by its cost.
function topicOf(e) {
  if (e.kind === "pay") return `pay_${e.reason ?? "wedge"}`;
  if (e.kind === "penalty") return e.amount === 1 ? "penalty_miss" : "penalty_back";
  return e.kind;
}

// Returns the cell an event is about: where a moving piece arrived, else the event's own cell.
function cellOf(e) {
  if (["move", "move_back", "enter"].includes(e.kind)) return e.toCell ? e.toCell : e.cell;
  return e.cell;
}

// Returns every lesson the game has reached so far, in order, each {turn, topic, cell, event (its row), seat}.
// game: the game's data (with "app" and "events"); steps: table.js steps(0) (each with the phase before it);
// person: the person's seat; pending: whether the person has a cast waiting for a move; taught: the event kinds
// with a lesson, in the order a turn's lessons are shown.
export function lessons(game, steps, person, pending, taught) {
  const decode = new Words("", {}, game);
  const out = [{ turn: 0, topic: "start", cell: game.app.path_starts[person] ?? null, event: null, seat: person }];
  const seen = new Set(["start"]);
  const teach = (lesson) => {
    if (seen.has(lesson.topic)) return;
    seen.add(lesson.topic);
    out.push({ cell: null, event: null, ...lesson });
  };
  for (const st of steps) {
    if (st.seat === person && st.marks !== null && st.phase === "move") {
      teach({ turn: st.number, topic: "cast", seat: person });
      if (MOVING.includes(st.move.kind)) teach({ turn: st.number, topic: "choose", cell: st.move.target ?? null, seat: person });
    }
    const landed = MOVING.includes(st.move.kind) && st.move.target ? st.move.target : null;
    const events = st.events.map((row) => [decode.decode(row), row]);
    for (const kind of taught) {
      for (const [e, row] of events) {
        if (e.kind === kind) {
          teach({ turn: st.number, topic: topicOf(e), cell: cellOf(e) || landed, event: row, seat: e.player ?? null });
        }
      }
    }
  }
  const last = steps.length ? steps[steps.length - 1].number : 0;
  if (pending) {
    teach({ turn: last, topic: "cast", seat: person });
    teach({ turn: last, topic: "choose", seat: person });
  }
  return out;
}

// Returns a lesson in words (W: Words with the game): the rule, then what happened on the board, if anything.
export function lessonText(W, lesson, person) {
  let text = W.T(`serve.learn_${lesson.topic}`, { seat: W.seat(person), cell: lesson.cell || "" });
  const what = lesson.event ? W.event(lesson.event) : null;
  if (what) text += " " + W.T("serve.learn_what", { what });
  return text;
}
