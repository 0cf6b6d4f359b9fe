"""The cross derived from a ruleset: every cell with its number, kind, grid square and each seat's path.

The track is one loop of 8*L + 4 cells made of four quarters, one per arm, clockwise from the south:
a central cell, then L cells out along the arm's outgoing file and L cells back along its other file.
Cell 1 is seat A's start; numbers follow the clockwise direction of travel.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cache

from printgen.engine.seats import SEAT_NAMES, SeatPlace, seat_arms, seat_places
from printgen.rulesets.model import BoardRules, Direction, Ruleset, Zone

__all__ = ["SEAT_NAMES", "Cell", "CellKind", "Topology", "seat_quarters", "topology_for"]
# Grid square (x, y), y up, of each quarter's central cell, and the step out along its arm.
_CENTRE = ((1, 0), (0, 0), (0, 1), (1, 1))
_OUTWARD = ((0, -1), (-1, 0), (0, 1), (1, 0))
# Offset from the outgoing file to the returning file of each arm.
_ACROSS = ((-1, 0), (0, 1), (1, 0), (0, -1))


class CellKind(str, Enum):
    """What a cell is, for the rules and for the printed board."""

    START = "start"
    END = "end"
    WEDGE = "wedge"
    ROUNDED = "rounded"
    CENTRE = "centre"
    NORMAL = "normal"


@dataclass(frozen=True)
class Cell:
    """One cell of the track."""

    number: int  # 1..N, printed on the board and used by every command
    kind: CellKind
    quarter: int  # arm: 0 south, 1 west, 2 north, 3 east
    depth: int  # 0 for a central cell, 1..L out along the arm
    outgoing: bool  # on the file clockwise travel takes away from the centre
    grid: tuple[int, int]  # grid square in the upright (+) drawing, y up
    capture: bool  # a piece landing here may capture an opponent's piece
    seat: int | None  # the seat whose start or end this is

    @property
    def index(self) -> int:
        """Returns the cell's 0-based index round the loop."""
        return self.number - 1


def seat_quarters(seats_on_board: int, players: int) -> tuple[int, ...]:
    """Returns the arm each player sits at (the seat scheme of printgen.engine.seats)."""
    return seat_arms(seats_on_board, players)


class Topology:
    """The cells of one board and every seat's path round it."""

    def __init__(self, board: BoardRules, direction: Direction) -> None:
        self.board = board
        self.arm = board.arm_length
        self.size = board.cell_count
        self.quarter_len = 2 * self.arm + 1
        self.both_directions = direction is Direction.CHOOSE
        self.board_quarters = seat_quarters(board.seats, board.seats)
        self.cells = tuple(self._cell(i) for i in range(self.size))

    def _position(self, index: int) -> tuple[int, int]:
        """Returns (quarter, place within quarter) of a loop index."""
        pos = (index + self.board.start_depth) % self.size
        return divmod(pos, self.quarter_len)

    def start_index(self, quarter: int) -> int:
        """Returns the loop index of the start cell of the seat at this arm."""
        return quarter * self.quarter_len

    def _cell(self, index: int) -> Cell:
        quarter, j = self._position(index)
        depth = j if j <= self.arm else self.quarter_len - j
        outgoing = 0 < j <= self.arm
        cx, cy = _CENTRE[quarter]
        ox, oy = _OUTWARD[quarter]
        ax, ay = _ACROSS[quarter] if (j > self.arm) else (0, 0)
        grid = (cx + ox * depth + ax, cy + oy * depth + ay)
        kind, seat = self._kind(index, j, depth)
        return Cell(index + 1, kind, quarter, depth, outgoing, grid, self._captures(index, j, kind), seat)

    def _kind(self, index: int, j: int, depth: int) -> tuple[CellKind, int | None]:
        for seat, q in enumerate(self.board_quarters):
            start = self.start_index(q)
            if index == start:
                return CellKind.START, seat
            ends = [(start - 1) % self.size] + ([(start + 1) % self.size] if self.both_directions else [])
            if index in ends:
                return CellKind.END, seat
        if depth and depth in self.board.wedge_depths:
            return CellKind.WEDGE, None
        if depth and depth in self.board.rounded_depths:
            return CellKind.ROUNDED, None
        if j == 0:
            return CellKind.CENTRE, None
        return CellKind.NORMAL, None

    def _captures(self, index: int, j: int, kind: CellKind) -> bool:
        zones = self.board.capture_zones
        return (
            (Zone.CENTRE in zones and j == 0)
            or (Zone.BEFORE_CENTRE in zones and j == self.quarter_len - 1)
            or (Zone.START in zones and kind is CellKind.START)
            or (Zone.END in zones and kind is CellKind.END)
        )

    def path(self, quarter: int, clockwise: bool = True) -> tuple[int, ...]:
        """Returns the loop indices a piece of the seat at this arm visits, start to end."""
        start = self.start_index(quarter)
        step = 1 if clockwise else -1
        return tuple((start + step * k) % self.size for k in range(self.size))

    def seat_places(self, players: int) -> tuple[SeatPlace, ...]:
        """Returns where each seat of a game of `players` sits: arm, start cell and end cells."""
        starts = {q: self.start_index(q) + 1 for q in range(4)}
        ends = {q: (self.path(q)[-1] + 1,) + ((self.path(q, clockwise=False)[-1] + 1,) if self.both_directions else ())
                for q in range(4)}
        return seat_places(self.board.seats, players, starts, ends)

    def cell(self, number: int) -> Cell:
        """Returns the cell with this printed number."""
        return self.cells[number - 1]

    def extent(self) -> tuple[int, int, int, int]:
        """Returns (min x, min y, max x, max y) of the grid squares."""
        xs = [c.grid[0] for c in self.cells]
        ys = [c.grid[1] for c in self.cells]
        return min(xs), min(ys), max(xs), max(ys)


@cache
def topology_for(ruleset: Ruleset) -> Topology:
    """Returns the (cached) topology of a ruleset's board."""
    return Topology(ruleset.board, ruleset.players.direction)
