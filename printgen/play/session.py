"""The solo-play session: a state machine over a game record, fed one typed line at a time.

The person sits at seat A with real beans; computer players take the other seats. The session
casts for the computers (and for the person when asked), plays their moves, checks the person's
moves, gives hints, takes moves back and saves itself atomically after every action, so a quit or
a crash loses nothing. Output goes through an `Output` (text lines, and boards to draw).
"""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from printgen.engine.beans import Beans
from printgen.engine.events import Event
from printgen.engine.moves import Move, MoveKind
from printgen.engine.position import HAND, HOME, Phase, Position, seat_name
from printgen.engine.record import Record, Turn
from printgen.errors import IllegalMoveError, NotationError, OptionError, OverwriteError, PatolliError
from printgen.files import (
    FileError,
    HeldLock,
    WriteError,
    check_folder,
    check_regular,
    clean_stale_temps,
    read_user_json,
    resolve_target,
    write_atomic,
)
from printgen.inputs import CONTEST_LIMIT, is_whole_number, shown, typed_number
from printgen.interrupts import uninterrupted
from printgen.play.changes import board_changes, change_words
from printgen.play.marks import marked_move, move_marks
from printgen.play.saved import (
    FORMAT,
    HUMAN,
    absolute_origin,
    resume_command,
    ruleset_json,
    session_from_json,
    version_for,
)
from printgen.players.analysis.advisor import advise
from printgen.players.roster.registry import Player, player, seeded_rng
from printgen.players.search.levels import DEFAULT_LEVEL
from printgen.rules_text.advice_rows import Row, legend, ranked_by, rows
from printgen.rules_text.lang import Texts
from printgen.rules_text.narration import Narration
from printgen.rulesets.model import Ruleset

COMMANDS = ("cast", "hint", "best", "keep", "undo", "board", "quit", "help", "enter", "pass", "bet")


class Output(Protocol):
    """Where the session speaks: lines of text, and positions to draw with some cells marked."""

    def say(self, text: str) -> None:
        """Prints one line."""

    def board(self, pos: Position, marks: dict[int, str] | None = None) -> None:
        """Draws the board with pieces, holdings, pool and offering; marks {cell: "from" or "to"} mark a move."""


Narrator = Callable[[Event, Ruleset], str | None]


class SaveFailed(WriteError):
    """A session could not be saved; it is back as its file holds it (`turns` turns), the action undone."""

    def __init__(self, message: str, code: int = 0, turns: int = 0) -> None:
        super().__init__(message, code)
        self.turns = turns

    def __reduce__(self) -> tuple[type[SaveFailed], tuple[str, int, int]]:
        return SaveFailed, (str(self), self.code, self.turns)  # copied whole (the server copies errors it reports)


Saved = tuple[tuple[Turn, ...], int | None, int]  # what a save file holds that play changes: turns, cast, draws


@dataclass
class Session:
    """A contest in progress: its record, who plays which seat, and where it is saved."""

    record: Record
    computers: dict[int, Player]
    seed: int
    path: Path
    narrate: Narrator
    level: int = DEFAULT_LEVEL
    helper_casts: int = 0  # casts the helper has drawn: seeds the next one, so a resumed session goes on alike
    pending: int | None = None  # the person's cast (marks) awaiting a move
    tutor: float | None = None  # warn before a move giving away at least this chance to win the contest (None: off)
    held: Move | None = None  # a move the tutor warned about, played if the person keeps it
    lang: str = "en"  # the language the session speaks (the narrator speaks its own, given with it)
    lock: HeldLock | None = field(default=None, repr=False, compare=False)
    saved: Saved | None = field(default=None, repr=False, compare=False)  # what the file holds, once written or read

    # ---- making, saving, loading ----

    @classmethod
    def new(cls, ruleset: Ruleset, opponents: int, computer: str, seed: int, path: Path, force: bool,
            narrate: Narrator) -> Session:
        """Starts a contest against `opponents` computer players, refusing to overwrite a save without force.

        The save is locked while the session lives (see close): a second session on it is refused.
        """
        if not 1 <= opponents <= 3:
            raise OptionError(f"a contest takes 1, 2 or 3 computer opponents, not {opponents}")
        players = opponents + 1
        if players not in ruleset.player_counts():
            counts = ", ".join(str(n - 1) for n in ruleset.player_counts())
            raise OptionError(f"ruleset '{ruleset.name}' takes {counts} computer opponent(s), not {opponents}")
        comp = player(computer)
        return cls.start(ruleset, players, {s: comp for s in range(1, players)}, seed, path, force, narrate)

    @classmethod
    def start(cls, ruleset: Ruleset, players: int, computers: dict[int, Player], seed: int, path: Path,
              force: bool, narrate: Narrator) -> Session:
        """Starts a contest of `players` seats, the computers at the seats given and people at the others
        (A always a person); saves it, locked while the session lives, refusing to overwrite without force."""
        if players not in ruleset.player_counts():
            raise OptionError(f"ruleset '{ruleset.name}' is for {', '.join(map(str, ruleset.player_counts()))} "
                              f"players, not {players}")
        if HUMAN in computers or not set(computers) <= set(range(players)):
            raise OptionError(f"computers sit at seats B to {seat_name(players - 1)} only, not at "
                              f"{', '.join(seat_name(s) for s in sorted(computers))}")
        path = Path(path)
        check_folder(Path(os.path.abspath(resolve_target(path))).parent)
        try:
            Path(os.path.abspath(resolve_target(path))).parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise FileError(f"cannot make the folder for {path}: {exc.strerror or exc}") from None
        lock = HeldLock(path, "patolli play session")
        try:
            check_regular(path)
            if os.path.islink(path) and not os.path.exists(path) and not force:  # a link to nothing: no contest
                raise FileError(f"{path} is a link to {os.readlink(path)}, which does not exist: there is no "
                                "contest saved there to continue")
            if os.path.lexists(path) and not force:
                raise OverwriteError(f"{path} holds a saved contest")
            clean_stale_temps(path, 0)
            start = Position.new(absolute_origin(ruleset), players)
            session = cls(Record(start), dict(computers), seed, path, narrate, lock=lock)
            session.save()
        except BaseException:
            lock.release()
            raise
        return session

    def close(self) -> None:
        """Lets go of the save (another session may then take it); the OS does it too if the process dies."""
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def to_json(self) -> dict[str, Any]:
        """Returns the saved form: the record, the ruleset itself and the session's own facts."""
        return {
            "format": FORMAT, "version": version_for(self.computers, self.record.start.players),
            "human": seat_name(HUMAN),
            "computers": {seat_name(s): p.name for s, p in self.computers.items()},
            "seed": self.seed, "level": self.level, "helper_casts": self.helper_casts, "pending_cast": self.pending,
            "ruleset": ruleset_json(self.record.start.ruleset),
            "record": self.record.to_json(),
        }

    def save(self) -> None:
        """Writes the session to its file atomically. If it cannot be written (a full disk, a stick pulled out), the
        session goes back to what its file holds and SaveFailed says so: no turn is ever applied that is not saved
        (it would be lost at the next start, and the seats after it would wait on a turn the file never had)."""
        try:
            write_atomic(self.path, json.dumps(self.to_json(), ensure_ascii=False) + "\n")
        except FileError as exc:
            if self.saved is None:
                raise
            self._restore(self.saved)
            raise SaveFailed(str(exc), getattr(exc, "code", 0), len(self.saved[0])) from None
        self.saved = self._state()

    def _state(self) -> Saved:
        return self.record.turns, self.pending, self.helper_casts

    def _restore(self, saved: Saved) -> None:
        """Puts the session back as `saved`: its turns (those since taken back played again), cast and draws."""
        turns, self.pending, self.helper_casts = saved
        now = self.record.turns
        same = next((i for i, (a, b) in enumerate(zip(now, turns, strict=False)) if a != b), min(len(now), len(turns)))
        self.record.truncate(same)
        for turn in turns[same:]:
            self.record.play(turn.marks, turn.move)
        self.held = None

    @classmethod
    def load(cls, path: Path, narrate: Narrator) -> Session:
        """Returns the session saved at path, replaying and checking its record; the save stays locked."""
        path = Path(path)
        if not os.path.exists(path):  # before the lock, which would make a lock file beside it
            raise FileError(f"{path}: no such saved game")
        lock = HeldLock(path, "patolli play session")
        try:
            session = cls.read(path, narrate)
            clean_stale_temps(path, 0)
        except BaseException:
            lock.release()
            raise
        session.lock = lock
        return session

    @classmethod
    def read(cls, path: Path, narrate: Narrator) -> Session:
        """Returns the session saved at path, replaying and checking its record, without locking it (for a
        caller that holds the lock already)."""
        data = read_user_json(path, "saved game", CONTEST_LIMIT)
        try:
            session = session_from_json(cls, data, path, narrate)
        except FileError:
            raise
        except PatolliError as exc:
            raise type(exc)(f"{path}: {exc}") from None
        session.saved = session._state()
        return session

    # ---- state ----

    @property
    def position(self) -> Position:
        """Returns the current position."""
        return self.record.final()

    @property
    def over(self) -> bool:
        """Returns whether the contest has ended."""
        return self.position.phase is Phase.OVER

    @property
    def T(self) -> Texts:
        """Returns the texts of the session's language."""
        return Texts(self.lang)

    @property
    def narration(self) -> Narration:
        """Returns the sentences of play under this contest's ruleset in the session's language."""
        return Narration(self.record.start.ruleset, self.lang)

    def resume_command(self) -> str:
        """Returns the command that continues this session, in its language."""
        return resume_command(self.path) + ("" if self.lang == "en" else f" --lang {self.lang}")

    def prompt(self) -> str:
        """Returns what the session waits for from the person, in a few words."""
        pos = self.position
        if self.over:
            return self.T("play.prompt_over")
        if pos.phase is Phase.BET:
            return self.T("play.prompt_bet", most=max(c for c in self._bet_amounts()))
        if self.pending is None:
            what = "throw" if pos.phase is Phase.OPENING else "cast"
            none = "_none" if None in pos.ruleset.beans.scores else ""
            return self.T(f"play.prompt_{what}{none}")
        return self.T("play.prompt_move", cast=self._cast_words(self.pending))

    def _bet_amounts(self) -> list[int]:
        return [m.amount for m in self.position.legal_moves(0)]

    def _cast_words(self, marks: int) -> str:
        return self.narration.cast_words(marks)

    # ---- playing ----

    def _apply(self, marks: int | None, move: Move, out: Output) -> None:
        """Plays one action, says what happened and saves."""
        pos = self.position
        for e in self.play_turn(marks, move):
            line = self.narrate(e, pos.ruleset)
            if line:
                out.say(f"  {line}")

    def play_turn(self, marks: int | None, move: Move) -> list[Event]:
        """Plays one action (a pending cast is used up by it), saves, and returns what happened."""
        pending, self.pending = self.pending, None  # first: a Ctrl-C after the turn is played must not leave it pending
        try:
            _, events = self.record.play(marks, move)
        except BaseException:
            self.pending = pending  # the turn was not played
            raise
        self.save()
        return events

    def computer_turn(self) -> tuple[int, int | None, Move, list[Event]]:
        """Plays one turn of the computer seat to move (its cast drawn by the helper); returns the seat, the
        marks (None for a bet), the move and what happened."""
        pos = self.position
        seat = pos.to_move
        comp = self.computers[seat]
        turns = len(self.record.turns)
        marks = None if pos.phase is Phase.BET else self.helper_cast()
        try:
            move = comp.choose(pos, marks or 0, self._rng())
            return seat, marks, move, self.play_turn(marks, move)
        except SaveFailed:
            raise  # the session is back as its file holds it, draws included
        except BaseException:
            if marks is not None and len(self.record.turns) == turns:
                self.helper_casts -= 1  # the cast was never used: the next draw is this one again, as the seed says
            raise

    def helper_cast(self) -> int:
        """Casts the beans for someone; returns the marks."""
        rng = random.Random(f"{self.seed}:{self.helper_casts}")
        self.helper_casts += 1
        return Beans(self.position.ruleset.beans).cast(rng).marks

    def _rng(self) -> Any:
        return seeded_rng((self.seed * 1_000_003 + len(self.record.turns)) & 0x7FFFFFFF)

    def run_computers(self, out: Output) -> None:
        """Plays the computer seats until it is the person's turn or the contest is over."""
        while not self.over and self.position.to_move in self.computers:
            pos = self.position
            seat, marks, move, events = self.computer_turn()
            out.say(self.narration.computer_turn(seat, self.computers[seat].name, marks, move, pos))
            for e in events:
                line = self.narrate(e, pos.ruleset)
                if line:
                    out.say(f"  {line}")
        if self.over:
            self.announce_end(out)

    def announce_end(self, out: Output) -> None:
        """Says who won the contest: a seat, or with partners a team."""
        pos = self.position
        w = pos.winner
        T = self.T
        if w is None:
            who = T("play.over_nobody")
        elif pos.ruleset.players.partnerships:  # the team wins, whichever partner finished
            team = self.narration.team(w)
            who = T("play.over_team_you", team=team) if pos.team(w) == pos.team(HUMAN) else \
                T("play.over_team", team=team)
        else:
            who = T("play.over_you") if w == HUMAN else T("play.over_seat", seat=seat_name(w))
        out.say(T("play.over", who=who))

    def status(self) -> str:
        """Returns one line: game, items of every seat, pool and offering."""
        pos = self.position
        T = self.T
        gambling = pos.ruleset.economy.gambling
        seats = []
        for s in range(pos.players):
            who = T("play.you") if s == HUMAN else seat_name(s)
            if pos.bankrupt(s):
                seats.append(T("play.seat_out", seat=who))
                continue
            places = pos.places(s)
            hand, home = places.count(HAND), places.count(HOME)
            seats.append(T("play.seat_items", seat=who, items=self.narration.P.items(pos.holdings(s)), hand=hand,
                           home=home) if gambling else T("play.seat_pieces", seat=who, hand=hand, home=home))
        joined = T("play.status_join").join(seats)
        if not gambling:  # played for the win alone: nothing staked to show
            return T("play.status", game=pos.game, seats=joined)
        return T("play.status_items", game=pos.game, seats=joined, pool=pos.pool, offering=pos.offering)

    def _english(self, text: str) -> str:
        """Returns a typed line with its first word, if it is a command in the session's language, in English."""
        first, _, rest = text.partition(" ")
        for command in COMMANDS:
            if first == self.T(f"command.{command}").lower():
                return f"{command} {rest}".strip() if rest else command
        return text

    # ---- the person's commands ----

    def handle(self, line: str, out: Output) -> bool:
        """Acts on one typed line; returns False when the person quits."""
        text = self._english(line.strip().lower())
        if not text:
            return True
        if text in ("quit", "q", "exit"):
            self.save()
            out.say(self.T("play.saved", path=self.path, command=self.resume_command()))
            return False
        if text in ("help", "?", "h"):
            for row in self.T.lines("play.help"):
                out.say(row)
            return True
        if text == "board":
            out.board(self.position)
            out.say(self.status())
            return True
        if text == "undo":
            self.undo(out)
            return True
        if self.over:
            out.say(self.T("play.over_type_quit"))
            return True
        try:
            self._act(text, out)
        except SaveFailed:
            raise  # not the person's fault, and no use going on: nothing more would be saved
        except PatolliError as exc:
            out.say(self.T("play.error", message=exc))
        return True

    def _act(self, text: str, out: Output) -> None:
        pos = self.position
        if pos.phase is Phase.BET:
            if text in ("hint", "best"):
                a = advise(pos, 0, self.level)
                if text == "hint":
                    out.say(self.T("play.advisor", moves=", ".join(
                        self.T("play.advisor_move", move=s.move, percent=self.T.number(s.win_contest * 100))
                        for s in a.suggestions[:3])))
                    return
                self._apply(None, a.best.move, out)
            else:
                m = re.fullmatch(r"(?:bet\s*)?([0-9]+)", text)
                if not m:
                    raise OptionError(self.T("play.bet_as", text=shown(text)))
                amount = typed_number(m[1])
                if amount not in self._bet_amounts():
                    raise IllegalMoveError(self.T("play.bet_range", most=max(self._bet_amounts()), text=shown(m[1])))
                self._apply(None, Move(MoveKind.BET, amount=amount), out)
            self.run_computers(out)
            return
        if self.pending is None:
            self._take_cast(text, out)
            return
        if text in ("hint", "best"):
            a = advise(pos, self.pending, self.level)
            if text == "best":
                out.say(self.T("play.you_play", move=a.best.move))
                self._apply(self.pending, a.best.move, out)
                self.run_computers(out)
                return
            top = a.suggestions[:5]
            economy = pos.ruleset.economy
            item = self.T.plural(economy.item_name.get(self.lang)) if economy.gambling else None
            table = [Row.of(s) for s in top]
            out.say(ranked_by(self.T, table))
            for line in [*rows(self.T, table, item), *legend(self.T, table, item)]:
                out.say(line)
            out.board(pos, move_marks(a.best.move))
            words = marked_move(a.best.move, self.lang)
            if words:
                out.say(words)
            return
        if text in ("cast",) or re.fullmatch(r"[01]{3,}", text):
            raise OptionError(self.T("play.already_cast", cast=self._cast_words(self.pending)))
        held, self.held = self.held, None
        if text in ("keep", "yes", "y") and held is not None:
            move = held
        else:
            move = self._read_move(text)
            if self.tutor is not None and self._tutor_warns(move, out):
                return
        self._apply(self.pending, move, out)
        self.run_computers(out)

    def _tutor_warns(self, move: Move, out: Output) -> bool:
        """Says so and holds the move if it gives away at least the tutor's threshold; returns whether it did."""
        from printgen.players.analysis.reasons import why_not
        from printgen.rules_text.reasons import tutor_sentence

        marks = self.pending or 0
        pos = self.position
        a = advise(pos, marks, self.level)
        code = pos.encode(move, marks)
        mine = next(s for s in a.suggestions if pos.encode(s.move, marks) == code)
        loss = a.best.win_contest - mine.win_contest
        if self.tutor is None or loss < self.tutor or mine is a.best:
            return False
        self.held = move
        case = why_not(self.position, marks, move, a.best.move, loss * 100, (mine.win_game - a.best.win_game) * 100,
                       a.best.items - mine.items)
        out.say(self.T("play.tutor", why=tutor_sentence(case, self.lang)))
        out.say(self.T("play.tutor_keep", move=move))
        return True

    def _take_cast(self, text: str, out: Output) -> None:
        pos = self.position
        beans = Beans(pos.ruleset.beans)
        if text in ("hint", "best"):
            raise OptionError(self.T("play.cast_first"))
        if text == "cast":
            with uninterrupted():  # the draw is stored with it: a Ctrl-C between them would be a free re-roll
                marks = self.helper_cast()
                self.pending = marks
                self.save()
            out.say(self.T("play.helper_casts", faces=beans.cast_with_marks(marks), cast=self._cast_words(marks)))
        else:
            try:
                marks = beans.marks_for_text(text)
            except NotationError as exc:
                if is_whole_number(text):
                    raise NotationError(self._no_such_score(text)) from None
                raise OptionError(self.T("play.type_score", text=shown(text))) from exc
        legal = pos.legal_moves(marks)
        if len(legal) == 1 and legal[0].kind is MoveKind.PASS:
            self._apply(marks, legal[0], out)
            self.run_computers(out)
            return
        self.pending = marks
        self.save()
        out.say(self.T("play.your_moves", moves=", ".join(str(m) for m in legal)))

    def _no_such_score(self, text: str) -> str:
        """Returns why a typed number is no cast of these beans (the engine's reason, in the session's language)."""
        beans = Beans(self.position.ruleset.beans)
        nothing = any(o.score is None for o in beans.outcomes())
        if not text.strip("0") and not nothing:
            return self.T("play.zero_scores")
        scores = [str(s) for s in sorted({s for s in beans.rules.scores if s})]
        score = typed_number(text)
        return self.T("play.no_such_score", score=shown(text) if score is None else score,
                      scores=self.T.join([*scores, self.T("play.nothing_zero")] if nothing else scores, "or"))

    def _read_move(self, text: str) -> Move:
        """Returns the legal move a typed line names: a cell, e/enter (cw/ccw), pass or compact notation."""
        pos = self.position
        legal = pos.legal_moves(self.pending or 0)
        m = re.fullmatch(r"(?:e|enter)\s*(cw|ccw)?", text)
        if m:
            entries = [mv for mv in legal if mv.kind is MoveKind.ENTER]
            if m[1]:
                entries = [mv for mv in entries if mv.anticlockwise is None or mv.anticlockwise == (m[1] == "ccw")]
            if len(entries) == 1:
                return entries[0]
            if not entries:
                raise IllegalMoveError(self.T("play.cannot_enter"))
            raise IllegalMoveError(self.T("play.which_way"))
        if is_whole_number(text):
            cell = typed_number(text)  # None: too large for any board
            moves = [mv for mv in legal if mv.kind is MoveKind.MOVE and mv.origin == cell]
            if not moves:
                where = ", ".join(str(mv.origin) for mv in legal if mv.kind is MoveKind.MOVE) or self.T("play.none")
                cast = self._cast_words(self.pending or 0)
                raise IllegalMoveError(self.T("play.cannot_move_from", cell=shown(text) if cell is None else cell,
                                              cast=cast, cells=where))
            return moves[0]
        try:
            move = Move.parse(text)
        except NotationError:
            raise NotationError(self.T("play.unreadable_move", text=shown(text))) from None
        marks = self.pending or 0
        try:
            pos.encode(move, marks)
        except IllegalMoveError:  # the engine says why in English; the session says it in its language
            score = pos.score(marks)
            marks_words = self.T.count(marks, "mark")
            cast = self.T("play.cast_unscored", marks=marks_words) if score is None else \
                self.T("play.cast_scored", marks=marks_words, score=score)
            raise IllegalMoveError(self.T("play.illegal_move", move=move, seat=seat_name(pos.to_move), cast=cast,
                                          legal=", ".join(str(mv) for mv in legal))) from None
        return move

    def take_back(self) -> list[tuple[int, Turn]]:
        """Takes back the last move of a person and the computer moves after it, saving; returns every turn taken
        back with its seat, in the order they were played (none if no person has moved). A cast that had to be
        made again stands as the pending cast."""
        positions = self.record.positions()
        last = next((i for i in range(len(self.record.turns) - 1, -1, -1)
                     if positions[i].to_move not in self.computers), None)
        if last is None:
            return []
        taken = [(positions[i].to_move, self.record.turns[i]) for i in range(last, len(self.record.turns))]
        turn = self.record.turns[last]
        self.record.truncate(last)
        pos = self.position
        self.pending = turn.marks if pos.needs_cast and pos.phase is Phase.MOVE else None
        self.save()
        return taken

    def undo(self, out: Output) -> None:
        """Takes back the person's last move and the computer moves after it, naming each and every piece to put back
        (so the people at the table move those pieces back); the person's cast stands."""
        before = self.position
        taken = self.take_back()
        if not taken:
            out.say(self.T("play.nothing_to_undo"))
            return
        what = self.T("play.cast_stands", cast=self._cast_words(self.pending)) if self.pending is not None else \
            self.T("play.bet_again")
        moves = ", ".join(self.T("play.taken_yours", move=turn.move) if seat == HUMAN else
                          self.T("play.taken_seat", seat=seat_name(seat), move=turn.move) for seat, turn in taken)
        out.say(self.T("play.took_back", moves=moves, what=what))
        changes = board_changes(before, self.position)  # a capture taken back puts the captured piece back too
        if changes:
            out.say(self.T("play.put_back"))
            for change in changes:
                out.say(f"  {change_words(self.T, change)}")
