"""A reviewed contest as a plain value: every decision graded, every cast's luck, and per seat the totals.

The review (`players/analysis/review.py`) computes it; the terminal, the JSON and the printed page
(`render/review_page.py`) show it. A decision is graded by the chance to win the contest it gave away.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import Enum

from printgen.engine.moves import Move
from printgen.engine.position import Position
from printgen.engine.record import Record
from printgen.findings.reasons import TutorCase

KEY_MOMENTS = 3  # key moments of each kind (play, beans) in a review


class Grade(str, Enum):
    """How good a decision was, by the chance to win the contest it gave away (thresholds in GRADE_LIMITS)."""

    BEST = "best"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


# Upper bounds of each grade's loss, in the chance to win the contest (0.01 = one percentage point).
GRADE_LIMITS: tuple[tuple[Grade, float], ...] = (
    (Grade.BEST, 0.001), (Grade.GOOD, 0.005), (Grade.INACCURACY, 0.015), (Grade.MISTAKE, 0.04),
    (Grade.BLUNDER, math.inf),
)
ACCURACY_SCALE = 0.02  # a decision's accuracy is 100 * exp(-loss / ACCURACY_SCALE): 37 for a 2-point loss


def grade_of(loss: float) -> Grade:
    """Returns the grade of a decision that gave away `loss` of the chance to win the contest."""
    return next(g for g, limit in GRADE_LIMITS if loss < limit)


def accuracy_of(loss: float) -> float:
    """Returns a decision's accuracy, 100 for the best move, falling towards 0 as the loss grows."""
    return 100.0 * math.exp(-max(loss, 0.0) / ACCURACY_SCALE)


class DecisionKind(str, Enum):
    """What a turn asked of its player."""

    MOVE = "move"  # move a piece on the board (or pass)
    ENTRY = "entry"  # bring a piece in (or a choice between moving and entering with an entry played)
    DIRECTION = "direction"  # an entry that chooses the path's direction
    BET = "bet"
    THROW = "throw"  # an opening throw: nothing to decide


@dataclass(frozen=True)
class TurnReview:
    """One turn of the record as the review sees it. Chances are per seat, for the contest."""

    turn: int  # 1-based, as `replay` numbers them
    seat: int
    game: int
    kind: DecisionKind
    marks: int | None
    played: Move
    best: Move
    choices: int  # legal moves for the cast
    before: tuple[float, ...]  # V(s_t), every seat
    best_value: tuple[float, ...]  # V(best move's position)
    after: tuple[float, ...]  # V(s_{t+1})
    game_after: tuple[float, ...]  # chance to win the game being played, after the move played
    loss: float  # the mover's chance to win the contest given away (>= 0 up to rounding)
    loss_game: float  # the mover's chance to win the game given away

    @property
    def forced(self) -> bool:
        """Returns whether the turn had one legal move (not graded)."""
        return self.choices == 1

    @property
    def grade(self) -> Grade | None:
        """Returns the decision's grade, None for a forced move."""
        return None if self.forced else grade_of(self.loss)

    @property
    def cast(self) -> bool:
        """Returns whether the turn began with a cast of the beans."""
        return self.marks is not None

    def luck(self, seat: int) -> float:
        """Returns the change in a seat's chance made by this turn's beans (see the module's note on bets)."""
        return self.best_value[seat] - self.before[seat]

    def skill(self, seat: int) -> float:
        """Returns the change in a seat's chance made by the move played against the best one."""
        return self.after[seat] - self.best_value[seat]


@dataclass(frozen=True)
class PlayerSummary:
    """One seat's review."""

    seat: int
    decisions: int  # graded decisions
    forced: int
    grades: dict[Grade, int]
    error_rate: float  # mean loss per graded decision, in the chance to win the contest
    accuracy: float  # mean decision accuracy, 0 to 100
    start: float  # chance to win the contest at the start
    luck: float  # total luck
    skill: float  # total change made by the moves (own errors and the others')
    result: float  # 1 won, 0 lost, else the last position's chance

    @property
    def luck_free(self) -> float:
        """Returns the result with luck taken out: start + skill (= result - luck)."""
        return self.start + self.skill


@dataclass(frozen=True)
class Review:
    """A contest reviewed."""

    record: Record
    level: int
    seconds: float
    turns: list[TurnReview]
    start: tuple[float, ...]
    players: list[PlayerSummary] = field(default_factory=list)
    cases: dict[int, TutorCase] = field(default_factory=dict)  # by turn: the tutor's case, for every turn graded
    # an inaccuracy or worse (what the terminal, the JSON and the page explain)

    @property
    def position(self) -> Position:
        """Returns the starting position."""
        return self.record.start

    def key_moments(self, count: int = KEY_MOMENTS) -> tuple[list[TurnReview], list[TurnReview]]:
        """Returns the turns with the largest losses (play) and the largest swings of luck (beans), largest first."""
        play = sorted((t for t in self.turns if not t.forced and t.loss >= GRADE_LIMITS[1][1]),
                      key=lambda t: (-t.loss, t.turn))[:count]
        beans = sorted((t for t in self.turns if t.cast and abs(t.luck(t.seat)) > 0.0),
                       key=lambda t: (-abs(t.luck(t.seat)), t.turn))[:count]
        return play, beans
