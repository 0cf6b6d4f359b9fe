"""A table driven by taps instead of typed lines: casts, moves, bets, corrections, undo and the computers' turns.

A `Table` wraps a `Session` (the same record, the same save file and format, so a contest started at the
terminal continues on a phone and back). People may sit at several seats (a refereed game) and computers
at the others. Every action saves at once. What a turn changed on the board is worked out from the positions
before and after it (`play/changes.py`), so undo and bankruptcy can say exactly which pieces to move.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from printgen.engine.beans import Beans
from printgen.engine.events import Event
from printgen.engine.moves import Move, MoveKind
from printgen.engine.position import Phase, Position, seat_name
from printgen.errors import IllegalMoveError, NotationError, OptionError
from printgen.play.changes import Change, board_changes
from printgen.play.session import Session
from printgen.players.analysis.advisor import Analysis, advise

SLICE = 2.0  # seconds of computer play per call, so that a long play-out shows progress and stays answerable


@dataclass(frozen=True)
class Step:
    """One turn played, as the table shows it."""

    number: int  # 1 for the first turn of the record
    seat: int
    marks: int | None  # None: a bet
    move: Move
    events: tuple[Event, ...]
    computer: bool
    before: Position
    after: Position


def read_cast(pos: Position, marks: int | None = None, faces: list[bool] | None = None,
              score: int | None = None) -> int:
    """Returns the marks of a cast given one way: marks, each bean's face (True: marked) or the score (0: none)."""
    beans = Beans(pos.ruleset.beans)
    given = [x for x in (marks, faces, score) if x is not None]
    if len(given) != 1:
        raise NotationError("give the cast one way: marks, faces or score")
    if faces is not None:
        if len(faces) != beans.rules.count:
            raise NotationError(f"a cast shows {beans.rules.count} beans, not {len(faces)}")
        return sum(1 for f in faces if f)
    if score is not None:
        return beans.marks_for_text(str(score))
    assert marks is not None
    if not 0 <= marks <= beans.rules.count:
        raise NotationError(f"{marks} marks is impossible with {beans.rules.count} beans")
    return marks


class Table:
    """A contest at a table: the session under it, and the actions a phone can take."""

    def __init__(self, session: Session) -> None:
        self.session = session

    @property
    def position(self) -> Position:
        """Returns the current position."""
        return self.session.position

    @property
    def pending(self) -> int | None:
        """Returns the cast (marks) of the person to move that awaits a move, if any."""
        return self.session.pending

    @property
    def people(self) -> list[int]:
        """Returns the seats played by people at the table."""
        return [s for s in range(self.position.players) if s not in self.session.computers]

    @property
    def over(self) -> bool:
        """Returns whether the contest has ended."""
        return self.session.over

    def people_out(self) -> bool:
        """Returns whether every person at the table is bankrupt while the contest goes on."""
        pos = self.position
        return not self.over and all(pos.bankrupt(s) for s in self.people)

    def computers_to_play(self) -> bool:
        """Returns whether a computer seat is to move."""
        return not self.over and self.position.to_move in self.session.computers

    def _person_to_move(self) -> Position:
        pos = self.position
        if self.over:
            raise OptionError("the contest is over")
        if pos.to_move in self.session.computers:
            raise OptionError(f"it is {seat_name(pos.to_move)}'s turn, a computer player's: let it play first")
        return pos

    # ---- the person's actions ----

    def cast(self, marks: int | None) -> int:
        """Takes the cast of the person to move (None: the helper casts for them) and returns its marks.
        With nothing to do but pass, the pass is played at once."""
        pos = self._person_to_move()
        if not pos.needs_cast:
            raise OptionError(f"{seat_name(pos.to_move)} names the bet now: no cast is needed")
        if self.pending is not None:
            raise OptionError(f"{seat_name(pos.to_move)} has cast already: move, or correct the cast")
        marks = self.session.helper_cast() if marks is None else marks
        self._take(marks)
        return marks

    def correct_cast(self, marks: int) -> None:
        """Replaces a cast entered wrongly, before any move is made with it."""
        pos = self._person_to_move()
        if self.pending is None:
            raise OptionError(f"there is no cast of {seat_name(pos.to_move)}'s to correct: cast first "
                              "(a cast already played is taken back with undo)")
        self.session.pending = None
        self._take(marks)

    def _take(self, marks: int) -> None:
        legal = self.position.legal_moves(marks)
        if len(legal) == 1 and legal[0].kind is MoveKind.PASS:
            self.session.pending = marks
            self.session.play_turn(marks, legal[0])
            return
        self.session.pending = marks
        self.session.save()

    def move(self, move: Move) -> None:
        """Plays the person's move with their pending cast, refusing it with the legal moves if it is not legal."""
        pos = self._person_to_move()
        if pos.phase is Phase.BET:
            raise OptionError(f"{seat_name(pos.to_move)} names the bet now, not a move")
        if self.pending is None:
            raise OptionError(f"{seat_name(pos.to_move)} must cast first")
        if move.kind is MoveKind.BET:
            raise IllegalMoveError("a bet is named when a game begins, not now")
        pos.encode(move, self.pending)
        self.session.play_turn(self.pending, move)

    def bet(self, amount: int) -> None:
        """Names the bet of the coming game for the person to move."""
        pos = self._person_to_move()
        if pos.phase is not Phase.BET:
            raise OptionError("no bet is named now: bets are named when a game begins")
        move = Move(MoveKind.BET, amount=amount)
        pos.encode(move, 0)
        self.session.play_turn(None, move)

    def advice(self) -> Analysis:
        """Returns the advisor's view of the person's pending cast (or of the bet)."""
        pos = self._person_to_move()
        if pos.needs_cast and self.pending is None:
            raise OptionError(f"{seat_name(pos.to_move)} must cast first: advice is for a cast")
        return advise(pos, self.pending or 0, self.session.level)

    def best(self) -> Move:
        """Plays the advisor's move for the person to move and returns it."""
        move = self.advice().best.move
        self.session.play_turn(self.pending, move)
        return move

    def undo(self) -> list[Change]:
        """Takes back the last person's move and the computer moves after it; returns what to move back."""
        before = self.position
        if not self.session.take_back():
            raise OptionError("no move of a person's to take back")
        return board_changes(before, self.position)

    # ---- the computers ----

    def run_computers(self, seconds: float | None = SLICE, past_people: bool = False) -> int:
        """Plays computer turns until a person is to move, the contest ends, `seconds` pass, or (unless
        past_people) every person is bankrupt; returns the number of turns played."""
        start = time.perf_counter()
        played = 0
        while self.computers_to_play() and (past_people or not self.people_out()):
            self.session.computer_turn()
            played += 1
            if seconds is not None and time.perf_counter() - start > seconds:
                break
        return played

    # ---- reading the record ----

    def steps(self, since: int) -> list[Step]:
        """Returns the turns from turn number since+1 to the last, with what each did."""
        rec = self.session.record
        positions = rec.positions()
        out = []
        for i in range(max(0, since), len(rec.turns)):
            turn, pos = rec.turns[i], positions[i]
            _, events = pos.play(turn.marks or 0, turn.move)
            out.append(Step(i + 1, pos.to_move, turn.marks, turn.move, tuple(events),
                            pos.to_move in self.session.computers, pos, positions[i + 1]))
        return out
