"""The evaluation's shipped fits pass their sanity checks; contest equity; the rollout player; the advisor of 2026;
the calibration maps are tested in test_calibration.py."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from helpers import CliRunner

from printgen.players.evaluation import equity
from printgen.players.evaluation.features import F_PIPS, FEATURE_NAMES, MODEL_2026, MODEL_NOW
from printgen.players.evaluation.weights import SHIPPED_2026, stored_weights
from printgen.players.roster import fit as calibration
from printgen.players.roster.registry import player
from printgen.ruleset_files import load_ruleset

runner = CliRunner()
DATA = Path(__file__).resolve().parent.parent / "printgen" / "players" / "data"
BUILTIN_TWO = ("gatigo", "bell", "neeley", "ocastudios")


def run_cli(args: list[str]):  # type: ignore[no-untyped-def]
    from printgen.cli.app import app

    return runner.invoke(app, args)


def _entries() -> dict[str, dict[str, object]]:
    return json.loads((DATA / "evaluation.json").read_text("utf-8"))


@pytest.mark.parametrize("key", sorted(_entries()))
def test_every_shipped_fit_passes_its_sanity_checks(key: str) -> None:
    entry = _entries()[key]
    spec, players = key.rsplit("/", 1)
    rs = load_ruleset(spec)
    assert entry["features"] == list(FEATURE_NAMES)
    w_game = np.array(entry["w_game"])
    assert calibration.fit_problems(rs, int(players), w_game, entry["items_r2"], entry["log_loss"]) == []
    assert w_game[F_PIPS] < 0  # being further ahead is better
    if rs.economy.gambling:
        assert entry["items_r2"] >= calibration.ITEMS_R2_FLOOR


def test_the_checks_refuse_the_fit_neeley_shipped_in_2026() -> None:
    old = json.loads((DATA / "evaluation_2026.json").read_text("utf-8"))["neeley/2"]
    problems = calibration.fit_problems(load_ruleset("neeley"), 2, np.array(old["w_game"]), old["items_r2"],
                                        old["log_loss"])
    assert any("rewards steps left" in p for p in problems)
    assert any("items model explains 0.000" in p for p in problems)


def test_the_2026_weights_are_kept_apart_and_differ_where_they_were_broken() -> None:
    now, then = stored_weights()["neeley/2"], stored_weights(SHIPPED_2026)["neeley/2"]
    assert now[0][F_PIPS] < 0 < then[0][F_PIPS]


def test_a_fit_is_seeded() -> None:
    rs = load_ruleset("ocastudios")
    a = calibration.fit(rs, 2, games=40, seed=5)
    b = calibration.fit(rs, 2, games=40, seed=5)
    assert np.array_equal(a.w_game, b.w_game) and np.array_equal(a.w_items, b.w_items) and a.samples == b.samples


def test_equity_of_a_fair_walk_is_the_share() -> None:
    total = 8
    counts = np.zeros((total + 1, total + 1), dtype=np.int64)
    for h in range(1, total):
        counts[h, h - 1] = counts[h, h + 1] = 50
    assert np.allclose(equity.solve_equity(counts), np.arange(total + 1) / total, atol=1e-6)


def test_equity_of_a_walk_that_favours_the_richer_is_an_s_curve() -> None:
    total = 10
    counts = np.zeros((total + 1, total + 1), dtype=np.int64)
    for h in range(1, total):
        up = 70 if h > total / 2 else 30 if h < total / 2 else 50
        counts[h, h + 1], counts[h, h - 1] = up, 100 - up
    eq = equity.solve_equity(counts)
    assert eq[2] < 0.2 and eq[8] > 0.8 and eq[5] == pytest.approx(0.5)


@pytest.mark.parametrize("spec", BUILTIN_TWO + ("ocastudios+empty_start",))
def test_the_shipped_equity_tables_are_symmetric_monotone_and_complete(spec: str) -> None:
    rs = load_ruleset(spec)
    eq = equity.stored_equity()[f"{rs.spec}/2"]
    assert len(eq) == 2 * rs.economy.starting_items + 1
    assert eq[0] == 0.0 and eq[-1] == 1.0 and np.all(np.diff(eq) >= 0)
    assert np.allclose(eq + eq[::-1], 1.0, atol=1e-4)


def test_games_without_gambling_and_more_players_have_no_equity_table() -> None:
    assert not equity.has_equity(load_ruleset("bell+no_gambling"), 2)
    assert not equity.has_equity(load_ruleset("gatigo"), 3)
    assert equity.has_equity(load_ruleset("neeley"), 2)


def test_player_names_read_back() -> None:
    for name in ("rollout:32", "advisor-2026", "advisor-2026:1", "advisor", "advisor:2"):
        assert player(name).name == name
    assert player("advisor-2026").b == MODEL_2026 and player("advisor").b == MODEL_NOW


@pytest.mark.parametrize("name", ["rollout:0", "rollout:x", "advisor-2025", "advisor-2026:9"])
def test_bad_player_names_say_what_is_wrong(name: str) -> None:
    result = run_cli(["lab", "arena", name, "random", "--contests", "1"])
    assert result.exit_code == 2 and result.output.count("\n") == 1 and "error:" in result.output


def test_the_rollout_player_beats_random() -> None:
    from printgen.players.lab.arena import arena

    r = arena("gatigo", "rollout:4", "random", 20, seed=3, workers=1).result
    assert r.wins_a >= 18


# The searched advisor (level 2, the cheapest that searches) against rollout:8, and the contests per ruleset: enough
# for the margin to show, few enough to keep these the run's short tests (level 3 against rollout:32 took 300 s of the
# run's workers; rollout:8 costs a quarter of rollout:32 a move). 200 contests on seed 13: GATIGO won 1.000, Bell 0.955,
# Ocastudios 0.855, Neeley 0.690 [0.623, 0.750]. The first contests on seeds 13 and 2: GATIGO 10 and 10 of 10 (9 pass),
# Bell 24 and 24 of 24 (17 pass), Ocastudios 33 and 36 of 40 (27 pass), Neeley 83 and 83 of 120 (71 pass).
CONTESTS = {"gatigo": 10, "bell": 24, "neeley": 120, "ocastudios": 40}


@pytest.mark.slow
@pytest.mark.parametrize("spec", [pytest.param(s, marks=pytest.mark.xdist_group(f"rollout-{s}")) for s in BUILTIN_TWO])
def test_the_searched_advisor_beats_the_rollout_player(spec: str) -> None:
    from printgen.players.lab.arena import arena

    r = arena(spec, "advisor:2", "rollout:8", CONTESTS[spec], seed=13).result
    lo, _ = r.ci95
    assert lo > 0.5, f"{spec}: advisor:2 won {r.wins_a} of {r.matches} against rollout:8"


def test_a_race_term_fitted_with_the_wrong_sign_is_left_out() -> None:
    rng = np.random.default_rng(3)
    n = 4000
    X = rng.normal(size=(n, 2, calibration.ev.NF))
    score = -1.0 * X[:, :, F_PIPS] + 0.8 * X[:, :, calibration.ev.F_WASTE]  # waste "helps": a wrong sign
    p0 = 1 / (1 + np.exp(score[:, 1] - score[:, 0]))
    won = (rng.uniform(size=n) > p0).astype(np.int64)
    solvent = np.ones((n, 2), dtype=np.int64)
    free, _ = calibration.fit_game_model(X, solvent, won)
    signed, _ = calibration.fit_signed_game_model(X, solvent, won)
    assert free[calibration.ev.F_WASTE] > 0.5 and signed[calibration.ev.F_WASTE] == 0.0
    assert signed[F_PIPS] < -0.5
