"""A position as an immutable value: whose turn, every piece, every holding; legal moves and playing them.

Also the facts a position holds, as both notations write them, the one-line form (`to_compact`, the
value's repr; `notation` reads it back) and the checked building of a position from them (`build`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

import numpy as np

from printgen.engine import kernel as k
from printgen.engine import layout as lay
from printgen.engine.beans import Beans
from printgen.engine.describe import (
    DESCRIBED,
    DIRECTION_CCW,
    DIRECTION_NONE,
    KIND_BET,
    KIND_ENTER,
    KIND_PASS,
    describe,
)
from printgen.engine.events import Event, decode_events
from printgen.engine.moves import Move, MoveKind
from printgen.engine.tables import Tables, tables_for
from printgen.engine.topology import SEAT_NAMES, Topology, topology_for
from printgen.errors import IllegalMoveError, PositionError, RulesetError
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

    def __repr__(self) -> str:
        """Returns `Position('<the one-line form>')`, which `notation.from_compact` reads back."""
        return f"Position({to_compact(self)!r})"

    @classmethod
    def new(cls, ruleset: Ruleset, players: int | None = None) -> Position:
        """Returns the position at the start of a contest."""
        players = players or ruleset.players.min_players
        t = tables_for(ruleset, players)
        st = np.zeros(lay.STATE_SIZE, dtype=np.int64)
        k.init_contest(st, t, _event_buffer())
        return cls(ruleset, players, tuple(st.tolist()))

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
        return Position(self.ruleset, self.players, tuple(st.tolist()))

    def _p(self, seat: int, field: int) -> int:
        return self.state[lay.P0 + seat * lay.PS + field]

    def _dir_index(self, seat: int) -> int:
        """Returns the index of the seat's path in the tables: 0 clockwise (or undecided), 1 anticlockwise."""
        return 1 if self.direction(seat) == -1 else 0

    def _progress(self, seat: int, piece: int) -> int:
        return self.state[lay.K0 + seat * lay.MAXK + piece]

    # ---- queries ----

    @property
    def phase(self) -> Phase:
        """Returns what the position waits for."""
        return _PHASES[self.state[lay.H_PHASE]]

    @property
    def to_move(self) -> int:
        """Returns the seat whose turn it is (to throw, bet or move)."""
        return self.state[lay.H_TO_MOVE]

    @property
    def game(self) -> int:
        """Returns the number of the game being played, from 1."""
        return self.state[lay.H_GAME]

    @property
    def pool(self) -> int:
        """Returns the items in the pool."""
        return self.state[lay.H_POOL]

    @property
    def offering(self) -> int:
        """Returns the items offered to Macuilxochitl."""
        return self.state[lay.H_OFFERING]

    @property
    def winner(self) -> int | None:
        """Returns the seat that won the contest, or None while it goes on."""
        w = self.state[lay.H_WINNER]
        return w if self.phase is Phase.OVER and w >= 0 else None

    @property
    def starter(self) -> int | None:
        """Returns the seat that began the current game, or None if not yet known."""
        s = self.state[lay.H_STARTER]
        return s if s >= 0 else None

    @property
    def last_winner(self) -> int | None:
        """Returns the seat that won the previous game, or None."""
        s = self.state[lay.H_LAST_WINNER]
        return s if s >= 0 else None

    def holdings(self, seat: int) -> int:
        """Returns the items a seat holds."""
        return self._p(seat, lay.P_HOLD)

    def bankrupt(self, seat: int) -> bool:
        """Returns whether a seat is out of the contest."""
        return self._p(seat, lay.P_BANKRUPT) == 1

    def direction(self, seat: int) -> int:
        """Returns 1 for clockwise, -1 for anticlockwise, 0 not yet chosen."""
        return self._p(seat, lay.P_DIR)

    def opening_throw(self, seat: int) -> int | None:
        """Returns the seat's opening throw this round, None if not thrown or not throwing."""
        t = self._p(seat, lay.P_THROW)
        return t if t >= 0 else None

    def in_opening(self, seat: int) -> bool:
        """Returns whether the seat still throws in the opening."""
        return self._p(seat, lay.P_IN_OPENING) == 1

    def penalty(self, seat: int) -> str | int | None:
        """Returns a seat's pending wedge penalty: "miss" (misses its next turn), the cell of the piece
        that must move backwards on its next turn, or None."""
        pen = self._p(seat, lay.P_PENALTY)
        if pen == lay.PEN_MISS:
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
        return tuple(int(c) + 1 for c in self.tables.path[seat, self._dir_index(seat)])

    def places(self, seat: int) -> list[Place]:
        """Returns where each of a seat's pieces is: a cell number, HAND, HOME or OUT."""
        t = self.tables
        d = self._dir_index(seat)
        result: list[Place] = []
        for i in range(t.n_pieces):
            prog = self._progress(seat, i)
            if prog == lay.HAND:
                result.append(HAND)
            elif prog == lay.OUT:
                result.append(OUT)
            elif prog >= t.n_cells:
                result.append(HOME)
            else:
                result.append(int(t.path[seat, d, prog]) + 1)
        return result

    def occupant(self, cell: int) -> int | None:
        """Returns the seat whose piece stands on a cell number, or None."""
        occ = self.state[lay.O0 + cell - 1]
        return None if occ == 0 else (occ - 1) // lay.MAXK

    def on_board(self, seat: int) -> int:
        """Returns how many of a seat's pieces are on the board."""
        return self._p(seat, lay.P_ON_BOARD)

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
        out = np.zeros(lay.move_capacity(self.total_items()), dtype=np.int64)
        n = k.legal_moves(self.array(), self.tables, marks, out)
        return [int(x) for x in out[:n]]

    def legal_moves(self, marks: int = 0) -> list[Move]:
        """Returns the legal moves for a cast of this many marks (ignored in the bet phase)."""
        return [self.decode(code, marks) for code in self.move_codes(marks)]

    def score(self, marks: int) -> int | None:
        """Returns what a cast of this many marks scores (None: nothing)."""
        return Beans(self.ruleset.beans).score(marks)

    def described(self, code: int, marks: int = 0) -> tuple[int, int, int, int, int]:
        """Returns the compiled reading of a kernel move code as the browser's engine gets it: kind, origin,
        target, direction and amount (`engine.describe`)."""
        out = np.zeros(DESCRIBED, dtype=np.int64)
        describe(self.array(), self.tables, marks, code, out)
        kind, origin, target, direction, amount = (int(x) for x in out)
        return kind, origin, target, direction, amount

    def decode(self, code: int, marks: int = 0) -> Move:
        """Returns the move value of a kernel move code (`describe`, the compiled reading the browser shares)."""
        kind, origin, target, direction, amount = self.described(code, marks)
        if kind == KIND_PASS:
            return Move(MoveKind.PASS)
        if kind == KIND_BET:
            return Move(MoveKind.BET, amount=amount)
        if kind == KIND_ENTER:
            return Move(MoveKind.ENTER, target=target,
                        anticlockwise=None if direction == DIRECTION_NONE else direction == DIRECTION_CCW)
        return Move(MoveKind.MOVE, origin=origin, target=target)

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
        # The engine's errors are English, written without the word layer (the portable core carries no words);
        # front ends that speak another language check moves against legal_moves and say it themselves.
        score = self.score(marks)
        unit = "mark" if marks == 1 else "marks"
        return f"{marks} {unit} ({'no score' if score is None else f'score {score}'})"

    def play(self, marks: int, move: Move | int) -> tuple[Position, list[Event]]:
        """Returns the position after a cast and a legal move, with what happened."""
        code = move if isinstance(move, int) else self.encode(move, marks)
        if isinstance(move, int) and code not in self.move_codes(marks):
            raise IllegalMoveError(f"move code {code} is not legal here")
        st = self.array()
        ev = _event_buffer()
        k.play(st, self.tables, marks, code, ev)
        return self._with(st), decode_events(ev)

    def event_rows(self, marks: int, code: int) -> list[list[int]]:
        """Returns the kernel's event rows of a cast and a legal move code, as whole numbers: what the browser's
        engine returns for the same play (`decode_events` reads them)."""
        if code not in self.move_codes(marks):
            raise IllegalMoveError(f"move code {code} is not legal here")
        ev = _event_buffer()
        k.play(self.array(), self.tables, marks, code, ev)
        return [[int(x) for x in ev[1 + i * k.EV_WIDTH: 1 + (i + 1) * k.EV_WIDTH]] for i in range(int(ev[0]))]

    def after(self, marks: int, move: Move | int) -> Position:
        """Returns the position after a cast and a legal move (this position is a value: it stays as it is)."""
        return self.play(marks, move)[0]


def _same(a: Move, b: Move) -> bool:
    """Returns whether two moves are one, an unstated direction matching either."""
    if a.kind is not b.kind or a.origin != b.origin or a.target != b.target or a.amount != b.amount:
        return False
    return b.anticlockwise is None or a.anticlockwise is None or a.anticlockwise == b.anticlockwise


def _event_buffer() -> np.ndarray:
    return np.zeros(1 + k.EV_MAX * k.EV_WIDTH, dtype=np.int64)


# ---- a position from its facts: what both notations write, checked to be possible ----

@dataclass
class SeatFacts:
    """Everything about one seat, as written in either notation."""

    holdings: int = 0
    bankrupt: bool = False
    direction: int = 1
    pieces: list[Place] = field(default_factory=list)
    throwing: bool = False
    throw: int | None = None
    penalty: str | int | None = None  # "miss", or the cell of the piece that must move backwards


@dataclass
class Facts:
    """Everything a position holds, before it is checked."""

    ruleset: Ruleset
    players: int
    game: int
    phase: Phase
    to_move: int
    starter: int | None
    last_winner: int | None
    pool: int
    offering: int
    seats: list[SeatFacts]


def facts_of(pos: Position) -> Facts:
    """Returns the facts of a position."""
    seats = [
        SeatFacts(pos.holdings(s), pos.bankrupt(s), pos.direction(s), pos.places(s), pos.in_opening(s),
                  pos.opening_throw(s), pos.penalty(s))
        for s in range(pos.players)
    ]
    return Facts(pos.ruleset, pos.players, pos.game, pos.phase, pos.to_move, pos.starter, pos.last_winner,
                 pos.pool, pos.offering, seats)


SHORT_DIRS = {1: "cw", -1: "ccw", 0: "?"}  # a seat's direction in the one-line form


def to_compact(pos: Position) -> str:
    """Returns the one-line form of a position."""
    f = facts_of(pos)
    letter = lambda s: "-" if s is None else seat_name(s)  # noqa: E731
    head = (f"{pos.ruleset.spec}/{f.players} g{f.game} {f.phase.value} {seat_name(f.to_move)} "
            f"starter={letter(f.starter)} last={letter(f.last_winner)} pool={f.pool} offering={f.offering}")
    parts = [head]
    for i, s in enumerate(f.seats):
        if s.bankrupt:
            parts.append(f"{seat_name(i)} out" + (f" {s.holdings}" if s.holdings else ""))
            continue
        pieces = ",".join("h" if p == HAND else "*" if p == HOME else str(p) for p in s.pieces)
        seat = f"{seat_name(i)} {s.holdings} {SHORT_DIRS[s.direction]} {pieces}"
        if s.throwing:
            seat += f" throw={'?' if s.throw is None else s.throw}"
        if s.penalty == "miss":
            seat += " miss"
        elif s.penalty is not None:
            seat += f" back={s.penalty}"
        parts.append(seat)
    return " | ".join(parts)


def build(f: Facts) -> Position:
    """Returns the position the facts describe, after checking they are possible."""
    rs = f.ruleset
    try:
        t = tables_for(rs, f.players)
    except RulesetError as exc:
        raise PositionError(str(exc)) from None
    if len(f.seats) != f.players:
        raise PositionError(f"{f.players} players need {f.players} seats, got {len(f.seats)}")
    st = np.zeros(lay.STATE_SIZE, dtype=np.int64)
    st[lay.H_PHASE] = _PHASES.index(f.phase)
    st[lay.H_GAME] = f.game
    st[lay.H_POOL] = f.pool
    st[lay.H_OFFERING] = f.offering
    st[lay.H_STARTER] = -1 if f.starter is None else f.starter
    st[lay.H_LAST_WINNER] = -1 if f.last_winner is None else f.last_winner
    if f.game < 1:
        raise PositionError("the game number starts at 1")
    for who in (f.to_move, f.starter, f.last_winner):
        if who is not None and who >= f.players:
            raise PositionError(f"seat {seat_name(who)} does not play in a {f.players}-player game")
    st[lay.H_TO_MOVE] = f.to_move
    for p in range(f.players, lay.MAXP):
        st[lay.P0 + p * lay.PS + lay.P_BANKRUPT] = 1
    for p, s in enumerate(f.seats):
        _place_seat(st, t, p, s, f)
    total = int(sum(s.holdings for s in f.seats) + f.pool + f.offering)
    expected = rs.economy.starting_items * f.players
    if total != expected:
        raise PositionError(f"the items add up to {total} (holdings, pool and offering), but a contest of "
                            f"{f.players} under {rs.name} holds {expected}")
    solvent = [p for p in range(f.players) if not f.seats[p].bankrupt]
    teams = {int(t.team[p]) for p in solvent}
    home = [team for team in sorted(teams)
            if all(x == HOME for p in solvent if int(t.team[p]) == team for x in f.seats[p].pieces)]
    if f.phase is Phase.OVER and t.one_game:
        if len(home) != 1:
            raise PositionError("a game without gambling is over when exactly one side has borne off every piece; "
                                f"{len(home)} sides have")
        st[lay.H_WINNER] = min(p for p in solvent if int(t.team[p]) == home[0])
    elif f.phase is Phase.OVER:
        if len(teams) > 1:
            raise PositionError("the contest is marked over, but more than one side is still in it")
        st[lay.H_WINNER] = solvent[0] if solvent else -1
    else:
        st[lay.H_WINNER] = -1
        if len(teams) < 2:
            raise PositionError("only one side is left in the contest, so it must be over (phase over)")
        if f.seats[f.to_move].bankrupt:
            raise PositionError(f"seat {seat_name(f.to_move)} is bankrupt and cannot be the one to move")
        for team in teams:
            members = [p for p in solvent if int(t.team[p]) == team]
            if f.phase is not Phase.BET and all(x == HOME for p in members for x in f.seats[p].pieces):
                names = " and ".join(seat_name(p) for p in members)
                raise PositionError(f"seat {names} has borne off every piece, so that game is over")
        if f.phase is Phase.MOVE and all(x == HOME for x in f.seats[f.to_move].pieces):
            raise PositionError(f"seat {seat_name(f.to_move)} has borne off every piece and no longer plays, "
                                "so it cannot be the one to move")
    if f.phase is not Phase.OPENING and any(s.throwing for s in f.seats):
        raise PositionError("opening throws are only written during the opening phase")
    if f.phase is Phase.OPENING and not any(s.throwing and s.throw is None for s in f.seats):
        raise PositionError("in the opening phase some seat must still be waiting to throw (throw=?)")
    _place_penalties(st, t, f)
    st[lay.H_BANKRUPTCIES] = sum(1 for s in f.seats if s.bankrupt)
    return Position(rs, f.players, tuple(st.tolist()))


def _place_seat(st: np.ndarray, t: Tables, p: int, s: SeatFacts, f: Facts) -> None:
    b = lay.P0 + p * lay.PS
    name = seat_name(p)
    if s.holdings < 0:
        raise PositionError(f"seat {name} holds {s.holdings} items; holdings cannot be negative")
    st[b + lay.P_HOLD] = s.holdings
    st[b + lay.P_BANKRUPT] = int(s.bankrupt)
    if s.bankrupt:
        s.direction = 1
    st[b + lay.P_DIR] = s.direction
    if s.direction == 0 and not t.choose_direction:
        raise PositionError(f"seat {name}: this ruleset fixes the direction, so it cannot be undecided (?)")
    if s.direction == -1 and not t.choose_direction:
        raise PositionError(f"seat {name}: this ruleset moves every piece clockwise")
    st[b + lay.P_IN_OPENING] = int(s.throwing)
    if s.throw is not None and s.throw not in {0, *(int(x) for x in t.scores)}:
        raise PositionError(f"seat {name}: an opening throw of {s.throw} is not a score of these beans")
    st[b + lay.P_THROW] = -1 if s.throw is None else s.throw
    if s.bankrupt:
        for i in range(t.n_pieces):
            st[lay.K0 + p * lay.MAXK + i] = lay.OUT
        return
    if len(s.pieces) != t.n_pieces:
        raise PositionError(f"seat {name} has {len(s.pieces)} pieces; under {f.ruleset.name} each of "
                            f"{f.players} players has {t.n_pieces}")
    d = 1 if s.direction == -1 else 0
    steps = {int(c): i for i, c in enumerate(t.path[p, d])}
    for i, place in enumerate(s.pieces):
        slot = lay.K0 + p * lay.MAXK + i
        if place == HAND:
            st[slot] = lay.HAND
            st[b + lay.P_HAND] += 1
        elif place == HOME:
            st[slot] = t.n_cells
            st[b + lay.P_HOME] += 1
        elif place == OUT:
            raise PositionError(f"seat {name}: a piece is out, but the seat is not bankrupt")
        else:
            cell = int(place)
            if not 1 <= cell <= t.n_cells:
                raise PositionError(f"seat {name}, piece {i + 1}: cell {cell} is not on the "
                                    f"{t.n_cells}-cell board")
            if s.direction == 0:
                raise PositionError(f"seat {name} has a piece on cell {cell} but no direction yet")
            if steps[cell - 1] == t.n_cells - 1:
                raise PositionError(f"seat {name}, piece {i + 1}: cell {cell} is its end; a piece landing "
                                    "there is borne off (write *)")
            occ = st[lay.O0 + cell - 1]
            if occ:
                other = seat_name(int(occ - 1) // lay.MAXK)
                raise PositionError(f"cell {cell} holds pieces of {other} and {name}; only one piece fits on a cell")
            st[slot] = steps[cell - 1]
            st[lay.O0 + cell - 1] = 1 + p * lay.MAXK + i
            st[b + lay.P_ON_BOARD] += 1


def _place_penalties(st: np.ndarray, t: Tables, f: Facts) -> None:
    """Writes each seat's pending wedge penalty, after checking the ruleset has it and it can be pending now."""
    for p, s in enumerate(f.seats):
        if s.penalty is None:
            continue
        name = seat_name(p)
        wanted = k.WP_MISS_TURN if s.penalty == "miss" else k.WP_MOVE_BACK
        if t.wedge_penalty != wanted:
            what = "missing a turn" if s.penalty == "miss" else "moving a piece backwards"
            raise PositionError(f"seat {name}: this ruleset has no wedge penalty of {what}")
        if f.phase is not Phase.MOVE or s.bankrupt:
            raise PositionError(f"seat {name}: a wedge penalty is pending only during play (phase move)")
        if s.penalty == "miss":
            if p == f.to_move:
                raise PositionError(f"seat {name} misses its next turn, so it cannot be the one to move")
            st[lay.P0 + p * lay.PS + lay.P_PENALTY] = lay.PEN_MISS
            continue
        cell = int(s.penalty)
        if cell not in s.pieces:
            raise PositionError(f"seat {name}: back={cell} names no piece of seat {name} on the board")
        st[lay.P0 + p * lay.PS + lay.P_PENALTY] = 1 + s.pieces.index(cell)
