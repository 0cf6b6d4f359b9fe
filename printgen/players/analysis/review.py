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

import time
from collections.abc import Callable

import numpy as np

from printgen.engine import kernel as k
from printgen.engine import layout as lay
from printgen.engine.moves import Move, MoveKind
from printgen.engine.position import Phase, Position
from printgen.engine.record import Record
from printgen.errors import OptionError
from printgen.findings.reasons import TutorCase
from printgen.findings.review import (
    GRADE_LIMITS,
    DecisionKind,
    Grade,
    PlayerSummary,
    Review,
    TurnReview,
    accuracy_of,
    grade_of,
)
from printgen.players.evaluation.features import V_CONTEST, V_GAME, V_ITEMS
from printgen.players.roster.eval_tables import eval_tables_for
from printgen.players.search.levels import DEFAULT_LEVEL, MAX_LEVEL
from printgen.players.search.plain import NODE_BUDGET, make_scratch, objective, open_root_move, resume
from printgen.players.search.plain import _open as open_node  # starts a node's search; resume goes on with it

REVIEW_LEVEL = DEFAULT_LEVEL  # the review judges as the advisor does (`patolli review --bench` times it)
EXPLAINED = (Grade.INACCURACY, Grade.MISTAKE, Grade.BLUNDER)  # the grades whose turns the tutor's case explains


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
                while not resume(1, self.level, self.t, self.et, sc, int(lay.game(st)), NODE_BUDGET):
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


def review(record: Record, level: int = REVIEW_LEVEL, progress: Progress | None = None,
           explain: bool = True) -> Review:
    """Returns the review of a contest record at a search level (see the module's note for what it measures);
    with `explain`, the tutor's case for every turn graded an inaccuracy or worse (`Review.cases`)."""
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
            loss_items=float(vals[best, V_ITEMS, mover] - vals[played, V_ITEMS, mover]),
        ))
        current = vals[played]
        if progress is not None:
            progress(i + 1, total)
    result = tuple(float(x) for x in current[V_CONTEST, :np_])
    rv = Review(record, level, 0.0, out, start_values)
    players = [_summary(rv, s, result[s]) for s in range(np_)]
    seconds = time.perf_counter() - begin
    cases = {t.turn: explain_turn(positions[t.turn - 1], t) for t in out if t.grade in EXPLAINED} if explain else {}
    return Review(record, level, seconds, out, start_values, players, cases)


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


def explain_turn(pos: Position, t: TurnReview) -> TutorCase:
    """Returns the tutor's case for a reviewed turn played from pos: why the move played was worse than the best,
    and by how much."""
    from printgen.players.analysis.reasons import why_not

    return why_not(pos, t.marks or 0, t.played, t.best, max(t.loss, 0.0) * 100, -t.loss_game * 100, t.loss_items)
