"""Game review: every decision of a saved contest graded against the advisor, every cast's luck, and per player
the error rate, accuracy, luck and the result with luck taken out (GNU Backgammon's analysis, RoyalUr.net's review).

One value function judges everything: V(s), the chance of each seat to win the contest at position s
(before its cast), searched `level` casts deep (`search.chance_value`). For every turn t, with s_t the
position before the cast, the review searches every legal move for the cast made and finds

  before = V(s_t)                     the chance before the beans fall: the average over every cast of the
                                      best move's value (one level less deep below)
  best   = V(best move's position)    after the cast, with the best move for it
  after  = V(s_{t+1})                 after the move played (the next turn's `before`: it is the same number)

and splits each seat's change after - before into luck = best - before (what the beans did) and
skill = after - best (what the move did: for the mover, minus its loss). Because `after` of one turn is
`before` of the next, over a contest the terms add up exactly: start + luck + skill = result (1 for the
winner, 0 for the others; or the last position's value if the contest is unfinished). A bet has no cast:
its small `best - before` (the search looking one level deeper) is counted with luck, so the sum still holds.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

import numpy as np

from printgen.engine import kernel as k
from printgen.engine.moves import Move, MoveKind
from printgen.engine.position import Phase, Position
from printgen.engine.record import Record
from printgen.errors import OptionError
from printgen.players.evaluation.features import V_CONTEST, V_GAME
from printgen.players.evaluation.weights import eval_tables_for
from printgen.players.search.levels import DEFAULT_LEVEL, MAX_LEVEL
from printgen.players.search.plain import NODE_BUDGET, make_scratch, objective, open_root_move, resume
from printgen.players.search.plain import _open as open_node  # starts a node's search; resume goes on with it

REVIEW_LEVEL = DEFAULT_LEVEL  # the review judges as the advisor does (`patolli review --bench` times it)
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


def tutor_threshold(text: str) -> float:
    """Returns the loss a tutor warns from: a grade's lower bound (inaccuracy, mistake, blunder) or points (1.5)."""
    names = [g.value for g, _ in GRADE_LIMITS[2:]]
    word = text.strip().lower()
    for (_, below), (grade, _) in zip(GRADE_LIMITS, GRADE_LIMITS[1:], strict=False):
        if grade.value == word and word in names:
            return below
    try:
        points = float(word)
    except ValueError:
        points = -1.0
    if not 0 < points <= 100:
        raise OptionError(f"tutor threshold {text!r}: give a grade ({', '.join(names)}) or points of the chance to "
                          "win the contest (0.1 to 100)")
    return points / 100


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


Progress = Callable[[int, int], None]  # (turns reviewed, turns in all)


def _kind(pos: Position, legal: list[Move]) -> DecisionKind:
    if pos.phase is Phase.BET:
        return DecisionKind.BET
    if pos.phase is Phase.OPENING:
        return DecisionKind.THROW
    if any(m.kind is MoveKind.ENTER and m.anticlockwise is not None for m in legal):
        return DecisionKind.DIRECTION
    if any(m.kind is MoveKind.ENTER for m in legal):
        return DecisionKind.ENTRY
    return DecisionKind.MOVE


class _Searcher:
    """Values positions for every seat with the review's one value function, V (see the module's note)."""

    def __init__(self, start: Position, level: int) -> None:
        self.t = start.tables
        self.et = eval_tables_for(start.ruleset, start.players)
        self.level = level
        self.sc = make_scratch(level, start.total_items())
        self.players = start.players

    def children(self, st: np.ndarray, marks: int) -> tuple[np.ndarray, np.ndarray]:
        """Returns the legal move codes for the cast and each move's values (rows V_GAME.. by seat)."""
        sc = self.sc
        n = k.legal_moves(st, self.t, marks, sc.moves[0])
        codes = sc.moves[0, :n].copy()
        vals = np.zeros((n, 3, k.MAXP), dtype=np.float64)
        for i in range(n):
            if not open_root_move(st, self.t, self.et, sc, marks, i, self.level):
                while not resume(1, self.level, self.t, self.et, sc, int(st[k.H_GAME]), NODE_BUDGET):
                    pass
            vals[i] = sc.vals[1]
        return codes, vals

    def value(self, st: np.ndarray, game0: int) -> np.ndarray:
        """Returns V of a position (before its cast) as its values by seat, judged for game game0."""
        sc = self.sc
        sc.states[1][:] = st
        if not open_node(1, self.level, self.t, self.et, sc, game0):
            sc.at[0] = 1
            while not resume(1, self.level, self.t, self.et, sc, game0, NODE_BUDGET):
                pass
        return sc.vals[1].copy()


def review(record: Record, level: int = REVIEW_LEVEL, progress: Progress | None = None) -> Review:
    """Returns the review of a contest record at a search level (see the module's note for what it measures)."""
    if not 0 <= level <= MAX_LEVEL:
        raise OptionError(f"level {level} is out of range: levels run from 0 to {MAX_LEVEL}")
    begin = time.perf_counter()
    start = record.start
    if start.phase is Phase.OVER:
        raise OptionError("the record starts with the contest over: there is nothing to review")
    search = _Searcher(start, level)
    np_ = start.players
    positions = record.positions()
    current = search.value(start.array(), start.game)
    start_values = tuple(float(x) for x in current[V_CONTEST, :np_])
    out: list[TurnReview] = []
    total = len(record.turns)
    for i, turn in enumerate(record.turns):
        pos = positions[i]
        marks = turn.marks if pos.needs_cast else 0
        st = pos.array()
        codes, vals = search.children(st, marks or 0)
        mover = pos.to_move
        played_code = pos.encode(turn.move, marks or 0)
        played = int(np.nonzero(codes == played_code)[0][0])
        best = max(range(len(codes)), key=lambda j: (objective(vals[j], mover), -j))
        legal = [pos.decode(int(c), marks or 0) for c in codes]
        out.append(TurnReview(
            turn=i + 1, seat=mover, game=pos.game, kind=_kind(pos, legal),
            marks=turn.marks if pos.needs_cast else None, played=turn.move, best=legal[best], choices=len(codes),
            before=tuple(float(x) for x in current[V_CONTEST, :np_]),
            best_value=tuple(float(x) for x in vals[best, V_CONTEST, :np_]),
            after=tuple(float(x) for x in vals[played, V_CONTEST, :np_]),
            game_after=tuple(float(x) for x in vals[played, V_GAME, :np_]),
            loss=float(vals[best, V_CONTEST, mover] - vals[played, V_CONTEST, mover]),
            loss_game=float(vals[best, V_GAME, mover] - vals[played, V_GAME, mover]),
        ))
        current = vals[played]
        if progress is not None:
            progress(i + 1, total)
    result = tuple(float(x) for x in current[V_CONTEST, :np_])
    rv = Review(record, level, 0.0, out, start_values)
    players = [_summary(rv, s, result[s]) for s in range(np_)]
    return Review(record, level, time.perf_counter() - begin, out, start_values, players)


def _summary(rv: Review, seat: int, result: float) -> PlayerSummary:
    """Returns one seat's totals."""
    mine = [t for t in rv.turns if t.seat == seat]
    graded = [t for t in mine if not t.forced]
    grades = {g: 0 for g in Grade}
    for t in graded:
        grades[grade_of(t.loss)] += 1
    n = len(graded)
    return PlayerSummary(
        seat=seat, decisions=n, forced=len(mine) - n, grades=grades,
        error_rate=sum(max(t.loss, 0.0) for t in graded) / n if n else 0.0,
        accuracy=sum(accuracy_of(t.loss) for t in graded) / n if n else 100.0,
        start=rv.start[seat], luck=sum(t.luck(seat) for t in rv.turns),
        skill=sum(t.skill(seat) for t in rv.turns), result=result,
    )


def explain_turn(rv: Review, t: TurnReview, lang: str = "en") -> str:
    """Returns in words why the move played was worse than the best, and by how much (the tutor's sentence)."""
    from printgen.players.analysis.reasons import why_not

    pos = rv.record.positions()[t.turn - 1]
    return why_not(pos, t.marks or 0, t.played, t.best, max(t.loss, 0.0) * 100, lang)
