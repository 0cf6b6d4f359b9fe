"""Computer players: names, the GATIGO paper's weights and tie-breakers, the evaluation, jitted and plain play alike."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np
import pytest
from helpers import P, marks

from printgen.engine import kernel as k
from printgen.engine.position import Position
from printgen.errors import OptionError
from printgen.players.analysis.advisor import estimate
from printgen.players.evaluation.features import cast_probabilities
from printgen.players.roster.registry import GATIGO_NAMES, player, seeded_rng
from printgen.players.search import gatigo
from printgen.ruleset_files import load_ruleset

GATIGO = "gatigo/2 g1 move A starter=A last=- pool=0 offering=0"


def weights(pos: Position, score: int, strategy: int) -> dict[str, float]:
    """Returns {move: S-weight} for every legal move of a score."""
    m = marks(pos, score)
    probs = cast_probabilities(pos.ruleset)
    return {str(pos.decode(c, m)): gatigo.move_weight(pos.array(), pos.tables, probs, strategy, m, c)
            for c in pos.move_codes(m)}


def pick(pos: Position, score: int, name: str, seed: int = 1) -> str:
    """Returns the move a named player picks for a score."""
    return str(player(name).choose(pos, marks(pos, score), seeded_rng(seed)))


@pytest.mark.parametrize("name", [*GATIGO_NAMES, "random", "advisor", "advisor:0", "advisor:5"])
def test_player_names_read_back(name: str) -> None:
    assert player(name).name == name
    assert player(name.upper()).name == name


@pytest.mark.parametrize("name", ["gatigo:S4T0", "gatigo:S1T3", "advisor:99", "smart", "gatigo"])
def test_unknown_player_names_are_refused_with_the_list(name: str) -> None:
    with pytest.raises(OptionError, match="gatigo:S0T0|levels run"):
        player(name)


def test_s1_weights_follow_the_box_landed_on() -> None:
    pos = P(f"{GATIGO} | A 20 cw 1,2,49,h,h | B 20 cw 40,h,h,h,h")
    w = weights(pos, 3, gatigo.S1)
    topo = pos.topology
    for move, value in w.items():
        target = topo.cell(int(move.split("-")[1]))
        if int(move.split("-")[1]) == 52:
            assert value == gatigo.W_END
        elif target.kind.value == "wedge":
            assert value == gatigo.W_TOLL
        elif target.kind.value == "rounded":
            assert value == gatigo.W_EXTRA
        elif target.capture:
            assert value in (gatigo.W_BOUNCE, gatigo.W_EXPOSED)
        else:
            assert value == gatigo.W_NEUTRAL
    assert w["49-52"] == gatigo.W_END  # a token reaching its own end box


def test_s1_prefers_bouncing_an_opponent_off_a_start_box() -> None:
    # B's start is cell 27; A's token on 24 lands there with a 3 while B's token stands on it.
    pos = P(f"{GATIGO} | A 20 cw 24,10,h,h,h | B 20 cw 27,h,h,h,h")
    w = weights(pos, 3, gatigo.S1)
    assert w["24-27"] == gatigo.W_BOUNCE
    assert pick(pos, 3, "gatigo:S1T2") == "24-27"


def test_s2_moves_the_token_standing_on_a_start_or_end_box() -> None:
    pos = P(f"{GATIGO} | A 20 cw 1,10,h,h,h | B 20 cw 30,h,h,h,h")
    w = weights(pos, 2, gatigo.S2)
    assert w == {"1-3": gatigo.W_AT_RISK, "10-12": gatigo.W_SAFE}
    assert pick(pos, 2, "gatigo:S2T1") == "1-3"


def test_s3_is_the_expected_s1_weight_of_the_next_landing() -> None:
    pos = P(f"{GATIGO} | A 20 cw 10,h,h,h,h | B 20 cw 40,h,h,h,h")
    probs = cast_probabilities(pos.ruleset)
    w = weights(pos, 1, gatigo.S3)["10-11"]
    t = pos.tables
    expected = 0.0
    for m, p in enumerate(probs):
        step = 10 + int(t.scores[m])  # cell 11 is step 10; the next landing is `score` further
        cell = int(t.path[0, 0, step])
        expected += p * gatigo.landing_weight(pos.array(), t, 0, cell, step, -1)
    assert w == pytest.approx(expected)


def test_s0_leaves_everything_to_the_tie_breaker() -> None:
    pos = P(f"{GATIGO} | A 20 cw 5,20,h,h,h | B 20 cw 40,h,h,h,h")
    assert pick(pos, 2, "gatigo:S0T1") == "20-22"  # most advanced
    assert pick(pos, 2, "gatigo:S0T2") == "5-7"  # furthest behind
    picks = {pick(pos, 2, "gatigo:S0T0", seed) for seed in range(20)}
    assert picks == {"20-22", "5-7"}  # uniform among the tied


def test_every_player_bets_a_legal_amount() -> None:
    pos = Position.new(load_ruleset("neeley"))
    assert pos.phase.value == "bet"
    for name in ("random", "gatigo:S3T1", "advisor:1"):
        move = player(name).choose(pos, 0, seeded_rng(3))
        assert move in pos.legal_moves(0)
    assert str(player("gatigo:S1T1").choose(pos, 0, seeded_rng(3))) == "bet1"


@pytest.mark.parametrize("spec,players", [("gatigo", 2), ("gatigo", 4), ("bell", 3), ("neeley", 2), ("ocastudios", 2),
                                          ("bell+partnerships", 4)])
def test_evaluation_gives_chances_that_add_up(spec: str, players: int) -> None:
    pos = Position.new(load_ruleset(spec), players)
    est = estimate(pos)
    teams = {pos.team(s) for s in range(players)}
    assert sum(e.win_game for e in est) == pytest.approx(len(teams) if len(teams) < players else 1.0)
    assert all(0 <= e.win_contest <= 1 and 0 <= e.win_game <= 1 for e in est)
    if len(teams) == players:
        assert sum(e.win_contest for e in est) == pytest.approx(1.0)
        assert max(e.win_contest for e in est) - min(e.win_contest for e in est) < 0.2  # a fair start


def test_evaluation_favours_the_player_nearly_home() -> None:
    pos = P(f"{GATIGO} | A 20 cw *,*,*,*,50 | B 20 cw 3,h,h,h,h")
    a, b = estimate(pos)
    assert a.win_game > 0.8 > b.win_game
    assert a.win_contest > 0.5
    richer = P(f"{GATIGO} | A 35 cw 3,h,h,h,h | B 5 cw 3,h,h,h,h".replace("B 5 cw 3", "B 5 cw 29"))
    assert estimate(richer)[0].win_contest > 0.8


def test_an_over_contest_is_won_or_lost_for_sure() -> None:
    pos = Position.new(load_ruleset("gatigo"))
    st = pos.array()
    st[k.H_PHASE], st[k.H_WINNER] = k.PHASE_OVER, 1
    over = Position(pos.ruleset, 2, tuple(int(x) for x in st))
    assert [e.win_contest for e in estimate(over)] == [0.0, 1.0]


SCRIPT = """
import json, numpy as np
from printgen.engine import kernel as k
from printgen.players.lab.arena import play_pairings
from printgen.engine.jit import JIT
out = {"jit": JIT}
for a, b in (("gatigo:S3T0", "gatigo:S2T1"), ("advisor:1", "random"), ("gatigo:S1T2", "gatigo:S0T0")):
    (r,) = play_pairings("gatigo", [(a, b)], 2, seed=5, workers=1, max_turns=400)
    out[a + b] = [r.wins_a, r.wins_b, r.draws] + [int(x) for x in r.stats_a] + [int(x) for x in r.stats_b]
print(json.dumps(out))
"""


@pytest.mark.slow
def test_players_play_identical_contests_compiled_and_as_plain_python() -> None:
    results = []
    for no_jit in (False, True):
        env = {key: v for key, v in os.environ.items() if key != "PATOLLI_NO_JIT"}
        if no_jit:
            env["PATOLLI_NO_JIT"] = "1"
        run = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True)
        results.append(json.loads(run.stdout))
    compiled, plain = results
    assert compiled.pop("jit") is True and plain.pop("jit") is False
    assert compiled == plain


def test_the_advisor_picks_the_move_it_rates_best() -> None:
    from printgen.players.analysis.advisor import advise

    pos = P(f"{GATIGO} | A 20 cw 24,10,h,h,h | B 20 cw 27,h,h,h,h")
    a = advise(pos, marks(pos, 3), level=1)
    assert [s.diff for s in a.suggestions][0] == 0.0
    assert all(x.win_contest >= y.win_contest - 1e-3 for x, y in zip(a.suggestions, a.suggestions[1:], strict=False))
    assert str(player("advisor:1").choose(pos, marks(pos, 3), seeded_rng(1))) == str(a.best.move)
    assert np.isfinite([s.items for s in a.suggestions]).all()
