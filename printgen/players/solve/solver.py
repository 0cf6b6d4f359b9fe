"""Perfect play for small games: the exact chance to win of every position of a two-player race.

The solved game of a ruleset is that ruleset played by two, with N pieces a side, for the win
alone: one game, won by the first to bear off every piece (`solved_game`). Items are left out on
purpose. In one game, a payment changes the outcome only by bankrupting someone, and holdings in
the state would multiply the table by up to (items + 1)^2 (441 for 20 items), out of reach for two
pieces a side; so the solved game is the ruleset with its economy switched off (`gambling = false`),
where the kernel makes no payment and no one goes bankrupt. Everything else follows the kernel
exactly: entering, direction choices, extra turns on rounded cells, captures, wedge penalties,
passes and recasts. Values are exact for that game; for the same race played with items they
leave out only the chance of a bankruptcy during the game.

Rules under which no piece ever goes back are solved in one backward pass, in decreasing order of
progress; with captures (or pieces sent back by a wedge) each layer of pieces borne off is solved by
value iteration, as RoyalUr.net solved the Royal Game of Ur. A sweep goes a level at a time (the
groups of one total of progress), each level solved from the values as they stood before it, so a
level may be cut into chunks solved anywhere, in any order, to the same bits (`Levels`; the lab
spreads them over processes or Ray, `lab/tables.py`). See `core.py` for the sweeps and `index.py`
for the table's layout.
"""

from __future__ import annotations

import hashlib
import time
from collections import namedtuple
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import numpy as np

from printgen.engine import kernel as k
from printgen.engine import layout as lay
from printgen.engine.beans import Beans
from printgen.engine.position import Phase, Position
from printgen.engine.tables import Tables, tables_for
from printgen.errors import PatolliError
from printgen.players.solve.core import count_valid, level_pairs, level_size, move_values, solve_pairs, write_pairs
from printgen.players.solve.index import Layout, encode, layout_for
from printgen.players.solve.resume import Resume, SweepPoint
from printgen.rulesets.model import Opening, Ruleset

DEFAULT_TOLERANCE = 1e-11  # value iteration stops when no value changes by more than this in a sweep
MAX_SWEEPS = 100_000
FORMAT = 1  # bump when the meaning of a table's entries changes

Progress = Callable[[int, int], None]


class SolverError(PatolliError):
    """A game the solver cannot solve, or a position outside a solved table."""


def solved_game(ruleset: Ruleset, pieces: int) -> Ruleset:
    """Returns the game the solver solves: the ruleset for two players with `pieces` a side, one game, no items."""
    from printgen.rulesets.export import export_toml
    from printgen.rulesets.load import parse_ruleset, read_toml

    if 2 not in ruleset.player_counts():
        raise SolverError(f"ruleset '{ruleset.name}' is not played by two; the solver solves two-player games")
    if not 1 <= pieces <= 12:
        raise SolverError(f"{pieces} pieces a side: the solver takes 1 to 12 (and only 1 or 2 fit in memory)")
    data = read_toml(export_toml(ruleset), ruleset.spec)
    data.pop("options", None)
    data.pop("notes", None)
    data["ruleset"]["name"] = "-".join([ruleset.name, *ruleset.applied, str(pieces)])
    data["players"].update({"min": 2, "max": 2, "pieces": [pieces], "partnerships": False,
                            "start_on_board": min(int(data["players"].get("start_on_board", 0)), pieces)})
    data["economy"]["gambling"] = False
    return parse_ruleset(data, f"{ruleset.spec} with {pieces} pieces a side, one game")


def is_solvable(ruleset: Ruleset, players: int) -> bool:
    """Returns whether positions of this ruleset and player count are what a solved table holds."""
    return players == 2 and not ruleset.economy.gambling


def monotone(t: Tables) -> bool:
    """Returns whether no piece ever goes back (no capture cell, no wedge sending a piece backwards)."""
    return not np.any(t.flags & k.F_CAPTURE) and int(t.wedge_penalty) != k.WP_MOVE_BACK


def cast_groups(ruleset: Ruleset) -> tuple[np.ndarray, np.ndarray]:
    """Returns (marks, probability) of each distinct score: one number of marks stands for all that score alike."""
    beans = Beans(ruleset.beans)
    groups: dict[int, list[tuple[int, float]]] = {}
    for o in beans.outcomes():
        if o.probability > 0:
            groups.setdefault(o.score or 0, []).append((o.marks, float(o.probability)))
    marks = np.array([ms[0][0] for ms in groups.values()], dtype=np.int64)
    probs = np.array([sum(p for _, p in ms) for ms in groups.values()], dtype=np.float64)
    return marks, probs


def table_key(t: Tables, lt: Layout, probs: np.ndarray) -> str:
    """Returns a hash of everything a table's values depend on: two rulesets with the same race share it."""
    digest = hashlib.sha256(f"solver{FORMAT}".encode())
    for part in (t.path[:2], t.flags, t.scores, probs.round(15), t.entry_ok, t.team[:2]):
        digest.update(np.ascontiguousarray(part).tobytes())
        digest.update(b"|")
    digest.update(repr((int(t.n_pieces), int(t.n_cells), bool(t.first_any), bool(t.choose_direction),
                        bool(t.null_recast), int(t.start_on_board), int(t.wedge_penalty), lt.size)).encode())
    return digest.hexdigest()[:16]


# The buffers one group's solve needs (compiled code never allocates): two states, moves, events, encoding
# scratch; per position of the group its constant part, value, validity and linear terms (weight, target, flip).
Scratch = namedtuple("Scratch", "st0 st1 moves ev tmp const x valid nlin lw lto lf")


def make_scratch(lt: Layout, n_casts: int) -> Scratch:
    """Returns the scratch buffers of a group solve under layout lt."""
    group = 2 * lt.n_pen * lt.n_pen
    return Scratch(
        st0=np.zeros(lay.STATE_SIZE, dtype=np.int64), st1=np.zeros(lay.STATE_SIZE, dtype=np.int64),
        moves=np.zeros(lay.MAXK + 8, dtype=np.int64), ev=np.zeros(1 + k.EV_MAX * k.EV_WIDTH, dtype=np.int64),
        tmp=np.zeros(2 * lay.MAXK, dtype=np.int64), const=np.zeros(group), x=np.zeros(group),
        valid=np.zeros(group, dtype=np.int64), nlin=np.zeros(group, dtype=np.int64),
        lw=np.zeros((group, n_casts)), lto=np.zeros((group, n_casts), dtype=np.int64),
        lf=np.zeros((group, n_casts), dtype=np.int64),
    )


@dataclass
class Solution:
    """A solved game: the chance that the seat to move wins, for every position of the table."""

    ruleset: Ruleset  # the solved game (see solved_game)
    layout: Layout
    values: np.ndarray  # float64 while solving; read back from a stored table, the 16-bit values as floats
    key: str
    seconds: float = 0.0
    sweeps: int = 0
    method: str = ""
    valid: int = 0  # table entries that name a position
    source: str = "solved"  # "solved", or the file it was read from

    @property
    def tables(self) -> Tables:
        """Returns the kernel tables of the solved game."""
        return tables_for(self.ruleset, 2)

    def value(self, pos: Position) -> float:
        """Returns the exact chance that the seat to move wins from a position of the move phase."""
        if pos.phase is Phase.OVER:
            raise SolverError("the game is over: it has no value to the seat to move")
        if pos.phase is not Phase.MOVE:
            raise SolverError("a solved table holds positions of play (phase move), not of the opening")
        tmp = np.zeros(2 * lay.MAXK, dtype=np.int64)
        return float(self.values[encode(pos.array(), self.tables, self.layout, tmp)])

    def move_values(self, pos: Position, marks: int) -> tuple[list[int], np.ndarray]:
        """Returns the legal move codes of a cast and the exact chance to win after each, for the seat to move."""
        if pos.phase is not Phase.MOVE:
            raise SolverError("a solved table holds positions of play (phase move), not of the opening")
        codes = pos.move_codes(marks)
        moves = np.array(codes, dtype=np.int64)
        out = np.zeros(len(codes))
        move_values(pos.array(), self.tables, self.layout, self.values, marks, moves, len(codes), out,
                    np.zeros(lay.STATE_SIZE, dtype=np.int64), np.zeros(1 + k.EV_MAX * k.EV_WIDTH, dtype=np.int64),
                    np.zeros(2 * lay.MAXK, dtype=np.int64))
        return codes, out

    def opening_value(self) -> float:
        """Returns the chance that seat A wins the game from its start, before anyone has cast."""
        start = Position.new(self.ruleset, 2)
        if start.phase is Phase.MOVE:
            v = self.value(start)
            return v if start.to_move == 0 else 1.0 - v
        first = a_begins(self.ruleset)
        st = start.array()
        lay.set_phase(st, k.PHASE_MOVE)
        for p in range(2):
            lay.set_throwing(st, p, 0)
            lay.set_throw(st, p, -1)
        tmp = np.zeros(2 * lay.MAXK, dtype=np.int64)
        lay.set_to_move(st, 0)
        a_first = float(self.values[encode(st, self.tables, self.layout, tmp)])
        lay.set_to_move(st, 1)
        b_first = float(self.values[encode(st, self.tables, self.layout, tmp)])
        return first * a_first + (1.0 - first) * (1.0 - b_first)


def a_begins(ruleset: Ruleset) -> float:
    """Returns the chance that seat A begins the first game of two."""
    if ruleset.players.opening is not Opening.HIGHEST:
        return 1.0
    odds = [(s or 0, float(p)) for s, p in Beans(ruleset.beans).score_odds().items()]
    higher = sum(pa * pb for sa, pa in odds for sb, pb in odds if sa > sb)
    tie = sum(p * p for _, p in odds)
    return higher / (1.0 - tie)


@dataclass(frozen=True)
class Race:
    """What a process needs to solve the levels of a game's table, all of it made from the game alone (so a worker
    elsewhere makes the same from the same game): the tables, the layout, the casts and the order of the levels."""

    game: Ruleset
    t: Tables
    lt: Layout
    casts: np.ndarray  # the marks of each distinct score (cast_groups)
    probs: np.ndarray  # and its probability
    order: np.ndarray  # the seats with a piece yet to bear off, sorted by (pieces home, progress)
    starts: np.ndarray  # starts[h * width + s]: where the seats with h home and progress s begin in order
    width: int  # one more than the most progress a seat can make
    per_home: np.ndarray  # how many seats have h pieces home

    @property
    def group(self) -> int:
        """Returns how many table entries a group (a seat pair) has."""
        return 2 * self.lt.n_pen * self.lt.n_pen

    def layers(self) -> list[tuple[int, int]]:
        """Returns the layers (pieces home of A, of B) in the order they are solved: the most borne off first."""
        kk = self.lt.n_pieces
        return sorted(((ha, hb) for ha in range(kk) for hb in range(kk)), key=lambda h: -(h[0] + h[1]))

    def totals(self) -> range:
        """Returns the totals of progress of a layer's levels, in the order they are solved: the most first."""
        return range(2 * self.lt.n_pieces * self.lt.n_cells, -1, -1)

    def level_size(self, home_a: int, home_b: int, total: int) -> int:
        """Returns how many seat pairs (groups) a level has."""
        return int(level_size(home_a, home_b, total, self.starts, self.width))

    def most_pairs(self) -> int:
        """Returns the most seat pairs a level has."""
        return max(self.level_size(ha, hb, s) for ha, hb in self.layers() for s in self.totals())


def race_for(game: Ruleset) -> Race:
    """Returns what solving the levels of a game's table needs (see Race)."""
    if game.economy.gambling:
        raise SolverError(f"ruleset '{game.name}' is played with items: solve its one-game form (solved_game)")
    t = tables_for(game, 2)
    lt = layout_for(t)
    casts, probs = cast_groups(game)
    kk, width = lt.n_pieces, lt.n_pieces * lt.n_cells + 1
    seats = np.flatnonzero((lt.pok == 1) & (lt.phome < kk))
    keys = lt.phome[seats] * width + lt.psum[seats]
    order = seats[np.argsort(keys, kind="stable")].astype(np.int64)
    starts = np.zeros((kk + 1) * width + 1, dtype=np.int64)
    np.cumsum(np.bincount(keys, minlength=(kk + 1) * width), out=starts[1:])
    return Race(game, t, lt, casts, probs, order, starts, width, np.bincount(lt.phome[seats], minlength=kk))


class Levels(Protocol):
    """Solves the levels of a table whose values it holds, each from the values as they stood before it."""

    values: np.ndarray  # the table being solved (float64, every entry)

    def level(self, home_a: int, home_b: int, total: int, pairs: int) -> float:
        """Solves the level's `pairs` groups and writes their values; returns the largest change of a value."""
        ...

    def load(self, values: np.ndarray) -> None:
        """Takes every value of the table from `values` (a solve going on from a saved point)."""
        ...

    def close(self) -> None:
        """Lets go of what the levels ran on (processes, actors)."""
        ...


class LevelsHere:
    """Solves levels in this process (the one-process build, and the small levels of a build spread out)."""

    def __init__(self, race: Race, values: np.ndarray | None = None, most: int | None = None,
                 out: np.ndarray | None = None) -> None:
        self.race = race
        self.values = np.zeros(race.lt.size, dtype=np.float64) if values is None else values
        most = max(race.most_pairs() if most is None else most, 1)
        self.scratch = make_scratch(race.lt, len(race.casts))
        self.pairs = np.zeros((most, 2), dtype=np.int64)
        self.out = np.zeros(most * race.group, dtype=np.float64) if out is None else out

    def solve(self, home_a: int, home_b: int, total: int, lo: int, hi: int, into: np.ndarray | None = None) -> float:
        """Solves pairs lo..hi-1 of a level into `into` (default self.out), pair lo first, the table left as it is;
        returns the largest change of a value."""
        r = self.race
        level_pairs(home_a, home_b, total, lo, hi, r.order, r.starts, r.width, self.pairs)
        return float(solve_pairs(self.pairs, hi - lo, r.t, r.lt, self.values, r.casts, r.probs, self.scratch,
                                 self.out if into is None else into))

    def write(self, home_a: int, home_b: int, total: int, pairs: int, out: np.ndarray) -> None:
        """Writes a whole level's values (as solve leaves them in out) into the table."""
        r = self.race
        level_pairs(home_a, home_b, total, 0, pairs, r.order, r.starts, r.width, self.pairs)
        write_pairs(self.pairs, pairs, r.lt, out, self.values)

    def ready(self) -> None:
        """Compiles (or loads from the cache) the code of the levels, solving nothing."""
        self.solve(0, 0, 0, 0, 0)
        self.write(0, 0, 0, 0, self.out)

    def level(self, home_a: int, home_b: int, total: int, pairs: int) -> float:
        """Solves a level here (see Levels)."""
        worst = self.solve(home_a, home_b, total, 0, pairs)
        self.write(home_a, home_b, total, pairs, self.out)
        return worst

    def load(self, values: np.ndarray) -> None:
        """Takes every value of the table from `values` (see Levels)."""
        self.values[:] = values

    def close(self) -> None:
        """Nothing to let go of."""


def solve(game: Ruleset, tolerance: float = DEFAULT_TOLERANCE, progress: Progress | None = None,
          levels: Callable[[Race], Levels] = LevelsHere, resume: Resume | None = None) -> Solution:
    """Returns the solved table of a game (see solved_game); progress(done, total) is called as groups are solved.

    `levels` makes what solves each level (default: this process; `lab/tables.py` spreads them over processes or
    Ray): each level is solved from the values as they stood before it, so the values are the same bits whatever
    solves them. With `resume` the solve saves where it stands between sweeps and goes on from the point saved by
    an earlier one that was stopped, to the same bits (`resume.py`); its seconds are those of every run."""
    race = race_for(game)
    key = table_key(race.t, race.lt, race.probs)
    start = time.perf_counter()
    per_home = race.per_home
    once = monotone(race.t)
    layers = race.layers()
    total = int(sum(per_home[ha] * per_home[hb] for ha, hb in layers))
    done = sweeps = first = 0
    solver = levels(race)
    try:
        saved = None if resume is None else resume.load(key, race.lt.size, tolerance)
        if saved is not None:
            point, values = saved
            solver.load(values)
            first, sweeps, done, total = point.layer, point.sweeps, point.done, point.total
            start -= point.seconds
        for at in range(first, len(layers)):
            ha, hb = layers[at]
            while True:
                worst = 0.0
                for s in race.totals():
                    pairs = race.level_size(ha, hb, s)
                    if pairs:
                        worst = max(worst, solver.level(ha, hb, s, pairs))
                    done += pairs
                    if progress is not None:
                        progress(done, total)
                sweeps += 1
                settled = once or worst < tolerance
                if not settled:
                    if sweeps > MAX_SWEEPS:
                        raise SolverError(f"value iteration did not settle in {MAX_SWEEPS} sweeps (last change "
                                          f"{worst:.2e})")
                    total += int(per_home[ha] * per_home[hb])
                if resume is not None:
                    point = SweepPoint(at + settled, sweeps, done, total, time.perf_counter() - start)
                    resume.sweep_done(key, tolerance, point, solver.values, layer_ended=settled)
                if settled:
                    break
        vals = solver.values
    finally:
        solver.close()
    valid = int(count_valid(race.t, race.lt, np.zeros(lay.STATE_SIZE, dtype=np.int64)))
    return Solution(game, race.lt, vals, key, time.perf_counter() - start, sweeps,
                    "backward pass" if once else "value iteration", valid)
