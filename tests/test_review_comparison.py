"""Who played better, and how sure (issue 24, item 5): the points of the contest the other seat gave away beyond the
better one's, a game at a time, with a 95 % interval over the games; one game gives no interval."""

from __future__ import annotations

from typing import Any

from printgen.engine.moves import Move
from printgen.findings.review import T975, DecisionKind, Review, TurnReview


def _turn(turn: int, seat: int, game: int, loss: float) -> TurnReview:
    v = (0.5, 0.5)
    return TurnReview(turn=turn, seat=seat, game=game, kind=DecisionKind.MOVE, marks=1, played=Move.parse("pass"),
                      best=Move.parse("pass"), choices=2, before=v, best_value=v, after=v, game_after=v, loss=loss,
                      loss_game=loss)


def _review(losses: list[tuple[float, float]]) -> Review:
    """A review whose game g has one decision of each seat, losing losses[g] (seat A's, seat B's)."""
    turns = []
    for g, (a, b) in enumerate(losses, 1):
        turns += [_turn(len(turns) + 1, 0, g, a), _turn(len(turns) + 2, 1, g, b)]
    record: Any = None  # the comparison reads the turns alone
    return Review(record, 3, 0.0, turns, (0.5, 0.5))


def test_a_steady_difference_over_games_is_sure() -> None:
    c = _review([(0.01, 0.05), (0.02, 0.06), (0.00, 0.04), (0.01, 0.06)]).comparison()
    assert c is not None and (c.better, c.other, c.games) == (0, 1, 4)
    assert abs(c.per_game - 0.0425) < 1e-12 and c.sure
    lo, hi = c.interval or (0, 0)
    assert 0 < lo < c.per_game < hi


def test_a_difference_that_changes_side_from_game_to_game_is_not_sure() -> None:
    c = _review([(0.00, 0.06), (0.05, 0.00), (0.01, 0.03)]).comparison()
    assert c is not None and c.better == 1 - c.other and not c.sure
    lo, hi = c.interval or (0, 0)
    assert lo < 0 < hi
    d = [0.06, -0.05, 0.02] if c.better == 0 else [-0.06, 0.05, -0.02]
    mean = sum(d) / 3
    sd = (sum((x - mean) ** 2 for x in d) / 2) ** 0.5
    assert abs((hi - lo) / 2 - T975[1] * sd / 3 ** 0.5) < 1e-12


def test_one_game_gives_no_interval() -> None:
    c = _review([(0.01, 0.03)]).comparison()
    assert c is not None and c.half is None and c.interval is None and not c.sure and c.games == 1
