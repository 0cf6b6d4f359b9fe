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
    loss_items: float = 0.0  # the items the mover expects by the end of the game given away

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


# Student's t, 97.5th percentile, for 1 to 30 degrees of freedom (two-sided 95 % intervals of a few games' mean);
# past 30, the normal's.
T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
        2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)
Z975 = 1.959963984540054


@dataclass(frozen=True)
class Comparison:
    """Who played better, and how sure: the chance of the contest the other gave away beyond the better one's, a game
    at a time (the luck taken out, as in the luck-free results: for two seats their difference is twice this), with
    a 95 % interval over the games, the unit that is independent (decisions within a game share its course)."""

    better: int  # the seat that gave away least
    other: int  # the seat that gave away least after it
    per_game: float  # mean over the games of other's loss less better's (>= 0)
    half: float | None  # the interval's half-width (Student's t); None with one game
    games: int

    @property
    def interval(self) -> tuple[float, float] | None:
        """Returns the 95 % interval of the difference a game, or None with one game."""
        return None if self.half is None else (self.per_game - self.half, self.per_game + self.half)

    @property
    def sure(self) -> bool:
        """Returns whether the interval lies above no difference (95 % sure the better seat played better)."""
        return self.half is not None and self.per_game - self.half > 0


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

    def comparison(self) -> Comparison | None:
        """Returns who played better, against the next best, with how sure that is; None without two seats graded."""
        graded = [t for t in self.turns if not t.forced and t.kind is not DecisionKind.THROW]
        seats = sorted({t.seat for t in graded})
        if len(seats) < 2:
            return None
        games = sorted({t.game for t in self.turns})
        lost = {(s, g): 0.0 for s in seats for g in games}
        for t in graded:
            lost[t.seat, t.game] += max(t.loss, 0.0)
        total = {s: sum(lost[s, g] for g in games) for s in seats}
        better, other = sorted(seats, key=lambda s: (total[s], s))[:2]
        d = [lost[other, g] - lost[better, g] for g in games]
        n = len(d)
        mean = sum(d) / n
        if n < 2:
            return Comparison(better, other, mean, None, n)
        sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1))
        quantile = T975[n - 2] if n - 1 <= len(T975) else Z975
        return Comparison(better, other, mean, quantile * sd / math.sqrt(n), n)

    def key_moments(self, count: int = KEY_MOMENTS) -> tuple[list[TurnReview], list[TurnReview]]:
        """Returns the turns with the largest losses (play) and the largest swings of luck (beans), largest first."""
        play = sorted((t for t in self.turns if not t.forced and t.loss >= GRADE_LIMITS[1][1]),
                      key=lambda t: (-t.loss, t.turn))[:count]
        beans = sorted((t for t in self.turns if t.cast and abs(t.luck(t.seat)) > 0.0),
                       key=lambda t: (-abs(t.luck(t.seat)), t.turn))[:count]
        return play, beans
