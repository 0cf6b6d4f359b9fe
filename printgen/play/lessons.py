"""A guided first game: the rules taught one at a time, each when it first happens on the board.

A learning game is an ordinary seeded game against a gentle computer player. What to teach is read from its
record: the start (where your pieces enter and which way they go), your first cast and first choice of move,
and then the first time each kind of event happens to anyone (an entry, a rounded cell's extra cast, a wedge,
a payment of each kind, a capture, bearing off, a game won...). Each lesson names its turn and the cell it
is about, so the page can show it at that moment and mark the cell on the board.
"""

from __future__ import annotations

from dataclasses import dataclass

from printgen.engine.events import Event, EventKind, Reason
from printgen.engine.moves import MoveKind
from printgen.engine.position import Phase, Position
from printgen.play.table import Step

LEARN_SEED = 20_241  # every learning game of a ruleset deals the same casts to the computer

# the event kinds with a lesson, in the order a turn's lessons are shown (the phone app reads them too)
TAUGHT = (EventKind.THROW, EventKind.BET, EventKind.ENTER, EventKind.NULL_CAST, EventKind.RECAST, EventKind.MOVE,
           EventKind.EXTRA_TURN, EventKind.PENALTY, EventKind.MOVE_BACK, EventKind.CAPTURE, EventKind.PAY,
           EventKind.NO_MOVE, EventKind.MISS_TURN, EventKind.BEAR_OFF, EventKind.GAME_WON, EventKind.NEW_GAME,
           EventKind.BANKRUPT, EventKind.CONTEST_WON)


@dataclass(frozen=True)
class Lesson:
    """One rule to teach: when (the turn that showed it; 0 before the first), what, and where on the board."""

    turn: int
    topic: str  # the words' key: serve.learn_<topic>
    cell: int | None = None
    event: Event | None = None
    seat: int | None = None


def _topic(e: Event) -> str:
    if e.kind is EventKind.PAY:
        return f"pay_{(e.reason or Reason.WEDGE).value}"
    if e.kind is EventKind.PENALTY:
        return "penalty_miss" if e.amount == 1 else "penalty_back"
    return str(e.kind.value)


def _cell(e: Event) -> int | None:
    if e.kind in (EventKind.MOVE, EventKind.MOVE_BACK, EventKind.ENTER):
        return e.to_cell if e.to_cell else e.cell
    return e.cell


def lessons(start: Position, steps: list[Step], person: int, pending: bool) -> list[Lesson]:
    """Returns every lesson the game has reached so far, in order: the start, then the first of each kind of
    event, and the person's first cast and first choice (`pending`: the person has a cast waiting for a move)."""
    path = start.path(person)
    out = [Lesson(0, "start", path[0] if path else None, seat=person)]
    seen = {"start"}

    def teach(lesson: Lesson) -> None:
        if lesson.topic not in seen:
            seen.add(lesson.topic)
            out.append(lesson)

    for st in steps:
        if st.seat == person and st.marks is not None and st.before.phase is Phase.MOVE:
            teach(Lesson(st.number, "cast", seat=person))
            if st.move.kind in (MoveKind.MOVE, MoveKind.ENTER):
                teach(Lesson(st.number, "choose", st.move.target, seat=person))
        landed = st.move.target if st.move.kind in (MoveKind.MOVE, MoveKind.ENTER) and st.move.target else None
        for kind in TAUGHT:
            for e in st.events:
                if e.kind is kind:
                    teach(Lesson(st.number, _topic(e), _cell(e) or landed, e, e.player))
    last = steps[-1].number if steps else 0
    if pending:
        teach(Lesson(last, "cast", seat=person))
        teach(Lesson(last, "choose", seat=person))
    return out
