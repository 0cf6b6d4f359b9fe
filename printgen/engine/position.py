"""A position as an immutable value: whose turn, every piece, every holding; legal moves and playing them."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

import numpy as np

from printgen.engine import kernel as k
from printgen.engine.beans import Beans
from printgen.engine.events import Event, decode_events
from printgen.engine.moves import Move, MoveKind
from printgen.engine.tables import Tables, tables_for
from printgen.engine.topology import SEAT_NAMES, Topology, topology_for
from printgen.errors import IllegalMoveError
from printgen.lang.grammar import counted
from printgen.rulesets.model import Ruleset


class Phase(str, Enum):
    """What the position waits for."""

    OPENING = "opening"  # opening throws decide who begins
    BET = "bet"  # a player names the bet of the coming game
    MOVE = "move"  # the player to move casts and moves
    OVER = "over"  # the contest is over


_PHASES = [Phase.OPENING, Phase.BET, Phase.MOVE, Phase.OVER]

HAND, HOME, OUT = "hand", "home", "out"
Place = int | str  # a cell number, or HAND, HOME, OUT


def seat_name(seat: int) -> str:
    """Returns the letter of a seat: A, B, C, D."""
    return SEAT_NAMES[seat]


@dataclass(frozen=True)
class Position:
    """A whole contest position under one ruleset with a fixed number of players."""

    ruleset: Ruleset
    players: int
    state: tuple[int, ...]

    @classmethod
    def new(cls, ruleset: Ruleset, players: int | None = None) -> Position:
        """Returns the position at the start of a contest."""
        players = players or ruleset.players.min_players
        t = tables_for(ruleset, players)
        st = np.zeros(k.STATE_SIZE, dtype=np.int64)
        k.init_contest(st, t, _event_buffer())
        return cls(ruleset, players, tuple(int(x) for x in st))

    # ---- the tables and arrays behind the value ----

    @property
    def tables(self) -> Tables:
        """Returns the kernel tables of this ruleset and player count."""
        return tables_for(self.ruleset, self.players)

    @property
    def topology(self) -> Topology:
        """Returns the board topology."""
        return topology_for(self.ruleset)

    def array(self) -> np.ndarray:
        """Returns a fresh kernel state array of this position."""
        return np.array(self.state, dtype=np.int64)

    def _with(self, st: np.ndarray) -> Position:
        return Position(self.ruleset, self.players, tuple(int(x) for x in st))

    def _p(self, seat: int, field: int) -> int:
        return self.state[k.P0 + seat * k.PS + field]

    # ---- queries ----

    @property
    def phase(self) -> Phase:
        """Returns what the position waits for."""
        return _PHASES[self.state[k.H_PHASE]]

    @property
    def to_move(self) -> int:
        """Returns the seat whose turn it is (to throw, bet or move)."""
        return self.state[k.H_TO_MOVE]

    @property
    def game(self) -> int:
        """Returns the number of the game being played, from 1."""
        return self.state[k.H_GAME]

    @property
    def pool(self) -> int:
        """Returns the items in the pool."""
        return self.state[k.H_POOL]

    @property
    def offering(self) -> int:
        """Returns the items offered to Macuilxochitl."""
        return self.state[k.H_OFFERING]

    @property
    def winner(self) -> int | None:
        """Returns the seat that won the contest, or None while it goes on."""
        w = self.state[k.H_WINNER]
        return w if self.phase is Phase.OVER and w >= 0 else None

    @property
    def starter(self) -> int | None:
        """Returns the seat that began the current game, or None if not yet known."""
        s = self.state[k.H_STARTER]
        return s if s >= 0 else None

    @property
    def last_winner(self) -> int | None:
        """Returns the seat that won the previous game, or None."""
        s = self.state[k.H_LAST_WINNER]
        return s if s >= 0 else None

    def holdings(self, seat: int) -> int:
        """Returns the items a seat holds."""
        return self._p(seat, k.P_HOLD)

    def bankrupt(self, seat: int) -> bool:
        """Returns whether a seat is out of the contest."""
        return self._p(seat, k.P_BANKRUPT) == 1

    def direction(self, seat: int) -> int:
        """Returns 1 for clockwise, -1 for anticlockwise, 0 not yet chosen."""
        return self._p(seat, k.P_DIR)

    def opening_throw(self, seat: int) -> int | None:
        """Returns the seat's opening throw this round, None if not thrown or not throwing."""
        t = self._p(seat, k.P_THROW)
        return t if t >= 0 else None

    def in_opening(self, seat: int) -> bool:
        """Returns whether the seat still throws in the opening."""
        return self._p(seat, k.P_IN_OPENING) == 1

    def penalty(self, seat: int) -> str | int | None:
        """Returns a seat's pending wedge penalty: "miss" (misses its next turn), the cell of the piece
        that must move backwards on its next turn, or None."""
        pen = self._p(seat, k.P_PENALTY)
        if pen == k.PEN_MISS:
            return "miss"
        if pen > 0:
            place = self.places(seat)[pen - 1]
            return place if isinstance(place, int) else None
        return None

    def team(self, seat: int) -> int:
        """Returns the team of a seat (its own seat unless partners play)."""
        return int(self.tables.team[seat])

    def path(self, seat: int) -> tuple[int, ...]:
        """Returns the cell numbers a piece of this seat visits, start to end, in its direction."""
        d = 1 if self.direction(seat) == -1 else 0
        return tuple(int(c) + 1 for c in self.tables.path[seat, d])

    def places(self, seat: int) -> list[Place]:
        """Returns where each of a seat's pieces is: a cell number, HAND, HOME or OUT."""
        t = self.tables
        d = 1 if self.direction(seat) == -1 else 0
        result: list[Place] = []
        for i in range(t.n_pieces):
            prog = self.state[k.K0 + seat * k.MAXK + i]
            if prog == k.HAND:
                result.append(HAND)
            elif prog == k.OUT:
                result.append(OUT)
            elif prog >= t.n_cells:
                result.append(HOME)
            else:
                result.append(int(t.path[seat, d, prog]) + 1)
        return result

    def occupant(self, cell: int) -> int | None:
        """Returns the seat whose piece stands on a cell number, or None."""
        occ = self.state[k.O0 + cell - 1]
        return None if occ == 0 else (occ - 1) // k.MAXK

    def board(self) -> dict[int, int]:
        """Returns {cell number: seat} for every piece on the board."""
        return {c: s for c in range(1, self.tables.n_cells + 1) if (s := self.occupant(c)) is not None}

    @property
    def needs_cast(self) -> bool:
        """Returns whether the next action needs a cast of the beans."""
        return self.phase in (Phase.OPENING, Phase.MOVE)

    def total_items(self) -> int:
        """Returns the items held by everyone, the pool and the offering together."""
        return sum(self.holdings(s) for s in range(self.players)) + self.pool + self.offering

    # ---- moves ----

    def move_codes(self, marks: int = 0) -> list[int]:
        """Returns the kernel codes of the legal moves for a cast of this many marks."""
        if self.needs_cast and not 0 <= marks <= self.ruleset.beans.count:
            raise IllegalMoveError(f"{marks} marks is impossible with {self.ruleset.beans.count} beans")
        out = np.zeros(k.MAXK + 4 + self.total_items(), dtype=np.int64)
        n = k.legal_moves(self.array(), self.tables, marks, out)
        return [int(x) for x in out[:n]]

    def legal_moves(self, marks: int = 0) -> list[Move]:
        """Returns the legal moves for a cast of this many marks (ignored in the bet phase)."""
        return [self.decode(code, marks) for code in self.move_codes(marks)]

    def score(self, marks: int) -> int | None:
        """Returns what a cast of this many marks scores (None: nothing)."""
        return Beans(self.ruleset.beans).score(marks)

    def decode(self, code: int, marks: int = 0) -> Move:
        """Returns the move value of a kernel move code."""
        if code == k.PASS:
            return Move(MoveKind.PASS)
        if code >= k.BET0:
            return Move(MoveKind.BET, amount=code - k.BET0)
        t = self.tables
        seat = self.to_move
        score = int(t.scores[marks])
        if code >= k.ENTER_CW:
            ccw = code == k.ENTER_CCW
            cell = int(t.path[seat, 1 if ccw else 0, score - 1]) + 1
            sets_direction = self.direction(seat) == 0
            return Move(MoveKind.ENTER, target=cell, anticlockwise=ccw if sets_direction else None)
        d = 1 if self.direction(seat) == -1 else 0
        prog = self.state[k.K0 + seat * k.MAXK + code]
        origin = int(t.path[seat, d, prog]) + 1
        if self._p(seat, k.P_PENALTY) == code + 1:  # the piece that landed on a wedge goes backwards
            target = int(t.path[seat, d, prog - score]) + 1 if prog >= score else 0  # 0: back into the hand
            return Move(MoveKind.MOVE, origin=origin, target=target)
        return Move(MoveKind.MOVE, origin=origin, target=int(t.path[seat, d, prog + score]) + 1)

    def encode(self, move: Move, marks: int = 0) -> int:
        """Returns the kernel code of a legal move, or raises IllegalMoveError saying why not."""
        codes = self.move_codes(marks)
        for code in codes:
            if _same(self.decode(code, marks), move):
                return code
        legal = ", ".join(str(self.decode(c, marks)) for c in codes) or "none (the contest is over)"
        cast = "" if self.phase is Phase.BET else f" with a cast of {self._cast_text(marks)}"
        raise IllegalMoveError(f"{move} is not legal for {seat_name(self.to_move)}{cast}; legal: {legal}")

    def _cast_text(self, marks: int) -> str:
        score = self.score(marks)
        return f"{counted(marks, 'mark')} ({'no score' if score is None else f'score {score}'})"

    def play(self, marks: int, move: Move | int) -> tuple[Position, list[Event]]:
        """Returns the position after a cast and a legal move, with what happened."""
        code = move if isinstance(move, int) else self.encode(move, marks)
        if isinstance(move, int) and code not in self.move_codes(marks):
            raise IllegalMoveError(f"move code {code} is not legal here")
        st = self.array()
        ev = _event_buffer()
        k.play(st, self.tables, marks, code, ev)
        return self._with(st), decode_events(ev)

    def push(self, marks: int, move: Move | int) -> Position:
        """Returns the position after a cast and a legal move."""
        return self.play(marks, move)[0]


def _same(a: Move, b: Move) -> bool:
    """Returns whether two moves are one, an unstated direction matching either."""
    if a.kind is not b.kind or a.origin != b.origin or a.target != b.target or a.amount != b.amount:
        return False
    return b.anticlockwise is None or a.anticlockwise is None or a.anticlockwise == b.anticlockwise


def _event_buffer() -> np.ndarray:
    return np.zeros(1 + k.EV_MAX * k.EV_WIDTH, dtype=np.int64)
