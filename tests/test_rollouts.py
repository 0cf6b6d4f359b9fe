"""Rollouts with intervals (`patolli rollout`): the same seed gives the same numbers, the interval narrows with more
trials, the variance reductions keep the mean, stratified first casts follow the exact odds, errors are one line."""

from __future__ import annotations

import json
import math
from importlib import resources

import jsonschema
import numpy as np
import pytest
from helpers import CliRunner, P, legal, marks, one_error_line

from printgen.cli.app import app
from printgen.players.analysis.rollouts import roll_out, trial_results
from printgen.players.lab.rollouts import roll_out_spread, spread_trials, trial_ranges
from printgen.players.roster.eval_tables import eval_tables_for
from printgen.players.search.rollout_trials import ALL, COMMON, LUCK, stratified_marks
from printgen.stats import Z95

runner = CliRunner()
SCHEMA = json.loads(resources.files("printgen.players").joinpath("data/rollout.schema.json").read_text("utf-8"))
MIDGAME = "gatigo/2 g1 move A starter=A last=- pool=0 offering=0 | A 20 cw 11,24,h,h,h | B 20 cw 27,30,h,h,h"
FORCED = "gatigo/2 g1 move A starter=A last=- pool=0 offering=0 | A 20 cw 11,h,h,h,h | B 20 cw 27,30,h,h,h"
OVER = "neeley/2 g1 over B starter=A last=- pool=0 offering=0 | A 20 cw h,h,h,h,h,h | B out"


def rollout_json(*args: str) -> dict:
    result = runner.invoke(app, ["rollout", *args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    jsonschema.validate(data, SCHEMA)
    return data


def test_every_legal_move_best_first_with_its_interval_and_trials() -> None:
    data = rollout_json(MIDGAME, "--cast", "1", "--trials", "24")
    assert sorted(m["move"] for m in data["moves"]) == sorted(legal(P(MIDGAME), 1))
    assert data["trials"] == 24 and all(m["trials"] == 24 for m in data["moves"])
    assert data["method"] == {"common_casts": True, "stratified_first_cast": True, "luck_adjusted": True,
                              "policy": "advisor:0"}
    contest = [m["win_contest"]["mean"] for m in data["moves"]]
    assert contest[0] >= max(contest) - 1e-3
    for m in data["moves"]:
        lo, hi = m["win_contest"]["ci95"]
        assert 0 <= lo <= hi <= 1 and m["win_contest"]["se"] >= 0
        assert m["diff"]["mean"] == pytest.approx(m["win_contest"]["mean"] - contest[0], abs=1e-5)
    assert data["moves"][0]["diff"] == {"mean": 0.0, "se": 0.0, "ci95": [0.0, 0.0]}


def test_the_same_seed_gives_the_same_numbers_and_another_seed_others() -> None:
    pos = P(MIDGAME)
    a, b, c = (roll_out(pos, marks(pos, 3), 12, seed) for seed in (5, 5, 6))
    assert a.moves == b.moves
    assert a.moves != c.moves


def test_common_casts_give_every_move_the_same_casts() -> None:
    """With common casts a move whose playouts are those of another (here: the same move twice over) has the very
    same trial results; trial by trial the moves see the same casts, so their paired difference is less noisy."""
    pos = P(MIDGAME)
    _, common, _ = trial_results(pos, marks(pos, 3), 40, 3, ALL)
    _, apart, _ = trial_results(pos, marks(pos, 3), 40, 3, ALL & ~COMMON)
    diff_common = np.std(common[0, :, 1] - common[1, :, 1])
    diff_apart = np.std(apart[0, :, 1] - apart[1, :, 1])
    assert diff_common < diff_apart


def test_the_luck_adjustment_can_be_left_out() -> None:
    data = rollout_json(MIDGAME, "--cast", "1", "--trials", "8", "--no-luck")
    assert data["method"]["luck_adjusted"] is False and data["method"]["common_casts"] is True


def test_a_forced_move_has_one_row() -> None:
    assert legal(P(FORCED), 2) == ["11-13"]
    data = rollout_json(FORCED, "--cast", "2", "--trials", "8")
    assert [m["move"] for m in data["moves"]] == ["11-13"]


def test_the_interval_narrows_with_more_trials() -> None:
    pos = P(MIDGAME)
    few = roll_out(pos, marks(pos, 2), 16, 1)
    many = roll_out(pos, marks(pos, 2), 128, 1)
    for f, m in zip(sorted(few.moves, key=lambda r: str(r.move)), sorted(many.moves, key=lambda r: str(r.move)),
                    strict=True):
        assert m.win_contest.half < f.win_contest.half
        assert m.win_game.half < f.win_game.half


def test_luck_adjusted_means_agree_with_the_plain_rollout() -> None:
    """The luck of each cast has mean zero, so taking it out keeps the mean: the adjusted rollout's and a plain
    rollout's (other casts) differ by less than their joint 95 % interval, and the adjusted one is the narrower."""
    pos = P(MIDGAME)
    plain = roll_out(pos, marks(pos, 3), 240, 11, 0)
    adjusted = roll_out(pos, marks(pos, 3), 240, 12, ALL)
    by_move = {str(m.move): m for m in plain.moves}
    for m in adjusted.moves:
        p = by_move[str(m.move)]
        for a, b in ((m.win_game, p.win_game), (m.win_contest, p.win_contest)):
            assert abs(a.mean - b.mean) < Z95 * math.hypot(a.se, b.se)
        assert m.win_contest.se < p.win_contest.se


def test_luck_adjustment_takes_out_the_luck_alone() -> None:
    """Over the same casts, plain and adjusted results differ by the sum of the casts' luck; the luck is not the
    result, and its sum is as often up as down (its mean is within its own interval of zero)."""
    pos = P(MIDGAME)
    _, plain, _ = trial_results(pos, marks(pos, 3), 120, 7, COMMON)
    _, adjusted, _ = trial_results(pos, marks(pos, 3), 120, 7, COMMON | LUCK)
    luck = plain[0, :, 1] - adjusted[0, :, 1]
    assert np.any(luck != 0)
    assert abs(luck.mean()) < Z95 * luck.std() / math.sqrt(len(luck)) * 1.5


def test_stratified_first_casts_follow_the_exact_odds() -> None:
    probs = eval_tables_for(P(MIDGAME).ruleset, 2).probs
    trials = 1296
    for u in (0.0, 0.37, 0.999):
        counts = np.bincount([stratified_marks(probs, i, trials, u) for i in range(trials)], minlength=len(probs))
        assert np.all(np.abs(counts - probs * trials) <= 1.0)


def test_two_workers_give_the_numbers_of_one_process_to_the_last_bit() -> None:
    """Each trial is seeded by its index, so trials cut into ranges on two processes give the very same results."""
    pos = P(MIDGAME)
    one = trial_results(pos, marks(pos, 3), 18, 4)
    two = spread_trials(pos, marks(pos, 3), 18, 4, ALL, None, 2, None)
    assert all(np.array_equal(a, b) for a, b in zip(one, two, strict=True))
    assert roll_out_spread(pos, marks(pos, 3), 18, 4, workers=2).moves == roll_out(pos, marks(pos, 3), 18, 4).moves
    alone, split = (rollout_json(MIDGAME, "--cast", "1", "--trials", "10", "--workers", w) for w in ("1", "2"))
    assert {**alone, "seconds": 0} == {**split, "seconds": 0}
    for trials, workers in ((10, 2), (1296, 2), (3, 4), (1, 2)):
        ranges = trial_ranges(trials, workers)
        assert [lo for lo, _ in ranges] == [0] + [hi for _, hi in ranges[:-1]] and ranges[-1][1] == trials
        assert all(hi > lo for lo, hi in ranges)


@pytest.mark.parametrize("args,message", [
    ([MIDGAME, "--cast", "1", "--workers", "0"], "invalid value for '--workers'"),
    ([MIDGAME, "--cast", "1", "--ray", "not an address"], "not a Ray address"),
    ([MIDGAME, "--cast", "1", "--ray", "127.0.0.1:1"], "cannot reach a Ray cluster at 127.0.0.1:1"),
    ([MIDGAME], "must cast first"),
    ([MIDGAME, "--cast", "7"], "no cast scores 7"),
    ([MIDGAME, "--cast", "1", "--trials", "0"], "0 trials is out of range"),
    ([MIDGAME, "--cast", "1", "--trials", "2000000"], "2000000 trials is out of range"),
    ([MIDGAME, "--cast", "1", "--seed", "-3"], "--seed"),
    ([OVER, "--cast", "1"], "the contest is over"),
    (["nonexistent.json", "--cast", "1"], "no such position file"),
])
def test_bad_rollout_requests_get_one_line_and_exit_2(args: list[str], message: str) -> None:
    assert message in one_error_line(runner.invoke(app, ["rollout", *args]))


@pytest.mark.parametrize("lang,words", [("en", "playouts a move"), ("es", "simulaciones por movimiento")])
def test_the_table_in_words(lang: str, words: str) -> None:
    result = runner.invoke(app, ["rollout", MIDGAME, "--cast", "1", "--trials", "8", "--lang", lang])
    assert result.exit_code == 0, result.output
    assert words in result.output and "±" in result.output
