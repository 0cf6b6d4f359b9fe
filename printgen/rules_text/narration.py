"""What happens at the table, in words: one sentence per event, and each turn's cast and move, in any language.

The terminal (`patolli play`, `replay`, `position play`) and the phone (`patolli serve`) both narrate through
this module, so an event reads the same on both. The words are the `narrate.*` texts of `printgen/lang`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from printgen.engine.beans import Beans
from printgen.engine.events import Event, EventKind, Reason
from printgen.engine.moves import Move, MoveKind
from printgen.engine.position import Phase, Position, seat_name
from printgen.rules_text.example import describe_move
from printgen.rules_text.phrases import Phrases
from printgen.rulesets.model import Ruleset

# Events a turn's first line already says (`B casts 3: enter a piece on cell 27`): the phone's feed, which
# opens every turn with that line, leaves them out; the terminal, where a person typed the move, says them.
SAID_BY_THE_TURN = frozenset({EventKind.ENTER, EventKind.MOVE, EventKind.MOVE_BACK, EventKind.THROW, EventKind.BET,
                              EventKind.NULL_CAST})

Narrator = Callable[[Event, Ruleset], str | None]


class Narration:
    """The sentences of play under one ruleset in one language."""

    def __init__(self, rs: Ruleset, lang: str = "en") -> None:
        self.rs = rs
        self.lang = lang
        self.P = Phrases(rs, lang)
        self.T = self.P.T

    def team(self, seat: int) -> str:
        """Returns who wins with a seat: its letter, or with partners the seats of its team (`A and C`)."""
        if not self.rs.players.partnerships:
            return seat_name(seat)
        start = Position.new(self.rs, 4)  # partnerships are for four players exactly
        return self.T.join([seat_name(s) for s in range(4) if start.team(s) == start.team(seat)])

    # ---- events ----

    def event(self, e: Event) -> str | None:
        """Returns one sentence for an event, or None for an event not worth saying."""
        T = self.T
        p = seat_name(e.player) if e.player is not None else ""
        match e.kind:
            case EventKind.ENTER:
                return T("narrate.enter", player=p, cell=e.cell)
            case EventKind.MOVE:
                return T("narrate.move", player=p, origin=e.cell, target=e.to_cell)
            case EventKind.CAPTURE:
                return T("narrate.capture", player=p, other=seat_name(e.other or 0), cell=e.cell)
            case EventKind.PAY:
                return self._payment(e)
            case EventKind.EXTRA_TURN:
                return T("narrate.extra_turn", player=p)
            case EventKind.BEAR_OFF:
                return T("narrate.bear_off", player=p, cell=e.cell)
            case EventKind.GAME_WON:
                return T("narrate.game_won", player=p, game=e.other)
            case EventKind.BANKRUPT:
                return T("narrate.bankrupt", player=p)
            case EventKind.CONTEST_WON:
                if e.player is None:
                    return T("narrate.contest_over")
                if self.rs.players.partnerships:
                    return T("narrate.contest_won_team", team=self.team(e.player))
                return T("narrate.contest_won", player=p)
            case EventKind.NO_MOVE:
                return T("narrate.no_move", player=p, score=e.amount)
            case EventKind.NULL_CAST:
                return T("narrate.null_cast", player=p)
            case EventKind.RECAST:
                return T("narrate.recast", player=p)
            case EventKind.THROW:
                return T("narrate.throw", player=p, score=e.amount)
            case EventKind.OPENING_WON:
                return T("narrate.opening_won", player=p)
            case EventKind.BET:
                return T("narrate.bet", player=p, amount=e.amount)
            case EventKind.NEW_GAME:
                return T("narrate.new_game", game=e.other)
            case EventKind.PENALTY:
                key = "narrate.penalty_miss_turn" if e.amount == 1 else "narrate.penalty_move_back"
                return T(key, player=p, cell=e.cell)
            case EventKind.MISS_TURN:
                return T("narrate.miss_turn", player=p)
            case EventKind.MOVE_BACK:
                if e.to_cell is None:
                    return T("narrate.move_back_hand", player=p, origin=e.cell)
                return T("narrate.move_back", player=p, origin=e.cell, target=e.to_cell)
        return None

    def _payment(self, e: Event) -> str:
        reason = e.reason or Reason.WEDGE  # the kernel gives every payment its reason
        return self.T(f"narrate.pay_{reason.value}", amount=self.P.items(e.amount or 0), payer=self._holder(e.payer),
                      payee=self._holder(e.payee), to_payee=self._holder(e.payee, "to_"),
                      from_payer=self._holder(e.payer, "from_"))

    def _holder(self, holder: int | str | None, prefix: str = "") -> str:
        """Returns a seat, the pool or the offering in words, optionally with `to`/`from` (`into the pool`)."""
        if isinstance(holder, int):
            return self.T(f"holder.{prefix}seat", seat=seat_name(holder))
        return self.T(f"holder.{prefix}{holder}")

    def events(self, events: Iterable[Event], leave_out: Iterable[EventKind] = ()) -> list[str]:
        """Returns the sentences of the events worth saying, in order, without the kinds left out."""
        skip = set(leave_out)
        return [line for e in events if e.kind not in skip and (line := self.event(e)) is not None]

    # ---- casts, moves and turns ----

    def cast_words(self, marks: int) -> str:
        """Returns what a cast scored: `3`, or `0 marks, no score`."""
        score = Beans(self.rs.beans).score(marks)
        if score is None:
            return self.T("narrate.marks_no_score", marks=self.T.count(marks, "mark"))
        return str(score)

    def faces(self, marks: int) -> str:
        """Returns a cast of this many marks drawn as its beans' faces."""
        return str(Beans(self.rs.beans).cast_with_marks(marks))

    def move_words(self, move: Move) -> str:
        """Returns a move in words, as a person does it on the board."""
        if move.kind is MoveKind.MOVE and move.target == 0:
            return self.T("narrate.move_words_back_hand", origin=move.origin)
        if move.kind is MoveKind.BET:
            return self.T("narrate.move_words_bet", amount=move.amount)
        if move.kind is MoveKind.ENTER and move.anticlockwise is not None:  # two entries: say which way each goes
            way = self.T("serve.anticlockwise" if move.anticlockwise else "serve.clockwise")
            return self.T("narrate.move_words_enter_way", target=move.target, direction=way)
        return describe_move(self.P, move)

    def turn(self, seat: int, marks: int | None, move: Move, before: Position) -> str:
        """Returns the first line of a turn in the feed: who cast what and did what (marks None: a bet)."""
        who = seat_name(seat)
        if marks is None:
            return self.T("narrate.step_bet", seat=who, amount=move.amount)
        if before.phase is Phase.OPENING:
            return self.T("narrate.step_throw", seat=who, cast=self.cast_words(marks))
        return self.T("narrate.step_cast", seat=who, cast=self.cast_words(marks), move=self.move_words(move))

    def step(self, seat: int, marks: int | None, move: Move, events: Iterable[Event], before: Position) -> list[str]:
        """Returns a turn in the feed: its first line, then every event it does not already say."""
        return [self.turn(seat, marks, move, before), *self.events(events, SAID_BY_THE_TURN)]

    def computer_turn(self, seat: int, name: str, marks: int | None, move: Move, before: Position) -> str:
        """Returns the terminal's line for a computer's turn: its cast drawn as beans, and its move in notation."""
        who = seat_name(seat)
        if marks is None:
            return self.T("narrate.computer_bet", seat=who, name=name, amount=move.amount)
        key = "narrate.computer_throw" if before.phase is Phase.OPENING else "narrate.computer_cast"
        line = self.T(key, seat=who, name=name, faces=self.faces(marks), cast=self.cast_words(marks))
        return line if move.kind is MoveKind.PASS else self.T("narrate.computer_plays", turn=line, move=str(move))


def narrator(lang: str = "en") -> Narrator:
    """Returns a function saying one event under a ruleset in a language (None: not worth saying)."""
    def say(event: Event, rs: Ruleset) -> str | None:
        return Narration(rs, lang).event(event)

    return say
