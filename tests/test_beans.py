"""The bean model: exact odds, cast notation and seeded casting."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from printgen.engine.beans import Beans, Cast
from printgen.errors import NotationError
from printgen.ruleset_files import load_ruleset
from printgen.rulesets import BUILTIN


@pytest.mark.parametrize("name", BUILTIN)
def test_odds_add_up_to_one(name: str) -> None:
    assert sum(o.probability for o in Beans(load_ruleset(name).beans).outcomes()) == 1


def test_bell_odds_match_his_strategy_note() -> None:
    # "2 and 3 each five in sixteen; 1 and 4 half as often; 10 one in 32, as does the no score"
    odds = Beans(load_ruleset("bell").beans).score_odds()
    assert odds[2] == odds[3] == Fraction(5, 16) and odds[1] == odds[4] == Fraction(5, 32)
    assert odds[10] == odds[None] == Fraction(1, 32)


def test_casts_round_trip_through_their_notation() -> None:
    for text in ("●●○○○", "○○○○", "●"):
        assert str(Cast.parse(text)) == text
    assert Cast.parse("11010").marks == 3


def test_bad_casts_are_refused() -> None:
    beans = Beans(load_ruleset("gatigo").beans)
    with pytest.raises(NotationError, match="no cast scores 7"):
        beans.marks_for_text("7")
    with pytest.raises(NotationError, match="every cast of these beans scores"):
        beans.marks_for_text("0")
    with pytest.raises(NotationError, match="cannot read cast"):
        beans.marks_for_text("abc")


def test_seeded_casts_repeat_and_follow_the_odds() -> None:
    beans = Beans(load_ruleset("bell").beans)
    a = [beans.cast(random.Random(7)) for _ in range(3)]
    assert a == [beans.cast(random.Random(7)) for _ in range(3)]
    rng = random.Random(1)
    n = 32000
    counts = [0] * 6
    for _ in range(n):
        counts[beans.cast(rng).marks] += 1
    for o in beans.outcomes():
        expected = n * float(o.probability)
        assert abs(counts[o.marks] - expected) < 5 * (expected ** 0.5), (o.marks, counts[o.marks], expected)
