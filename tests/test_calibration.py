"""Calibration of the advisor's shown chances: the maps (monotone, bounded, held out by contest), the key that
keeps a stale map from another player, the bootstrap over contests, and the `calibration` command."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from helpers import CliRunner, P

from printgen.players.analysis import reliability
from printgen.players.evaluation import chance_maps
from printgen.players.evaluation.chance_maps import ChanceMap, fit_beta, fit_isotonic
from printgen.players.evaluation.features import MODEL_2026, MODEL_NOW
from printgen.players.roster import map_keys
from printgen.ruleset_files import load_ruleset

runner = CliRunner()
MIDGAME = "ocastudios/2 g1 move A starter=A last=- pool=0 offering=0 | A 6 cw 3,9,h,h,h,h | B 6 cw 31,20,h,h,h,h"
GRID = np.linspace(0.0, 1.0, 1001)


def run_cli(args: list[str]):  # type: ignore[no-untyped-def]
    from printgen.cli.app import app

    return runner.invoke(app, args)


def synthetic(seed: int, contests: int = 400, per: int = 50, stretch: float = 1.6) -> np.ndarray:
    """Records of a model whose logits are `stretch` times the true ones (above 1: overconfident), in contests
    of `per` decisions, each outcome drawn from its true chance (columns as reliability's R_*)."""
    rng = np.random.default_rng(seed)
    n = contests * per
    true = rng.uniform(0.01, 0.99, n)
    shown = 1 / (1 + np.exp(-stretch * np.log(true / (1 - true))))
    won = (rng.uniform(0, 1, n) < true).astype(float)
    rows = np.zeros((n, 6))
    rows[:, reliability.R_CONTEST] = np.repeat(np.arange(contests), per)
    rows[:, reliability.R_GAME] = rows[:, reliability.R_CONTEST_SHOWN] = shown
    rows[:, reliability.R_WON_GAME] = rows[:, reliability.R_WON_CONTEST] = won
    return rows


@pytest.mark.parametrize("kind", chance_maps.KINDS)
@pytest.mark.parametrize("stretch", [1.6, 0.5, -1.0])  # overconfident, underconfident, backwards
def test_every_map_is_monotone_and_bounded(kind: str, stretch: float) -> None:
    rows = synthetic(1, 60, 50, stretch)
    m = chance_maps.fit_map(kind, rows[:, reliability.R_GAME], rows[:, reliability.R_WON_GAME], 60)
    y = m(GRID)
    assert np.all(np.diff(y) >= -1e-12) and y.min() >= 0.0 and y.max() <= 1.0 and np.isfinite(y).all()


def test_a_map_fitted_on_one_seed_fixes_the_records_of_another() -> None:
    fit, other = synthetic(1), synthetic(2)
    s, w = reliability.R_GAME, reliability.R_WON_GAME
    before = reliability.reliability(other[:, s], other[:, w])[1]
    for m in (fit_beta(fit[:, s], fit[:, w]), fit_isotonic(fit[:, s], fit[:, w], chance_maps.isotonic_groups(400))):
        after = reliability.reliability(m(other[:, s]), other[:, w])[1]
        assert before > 0.05 and after < 0.02, (m.kind, before, after)


def test_the_isotonic_map_has_a_group_per_25_contests() -> None:
    assert chance_maps.isotonic_groups(10) == 4 and chance_maps.isotonic_groups(400) == 16
    assert chance_maps.isotonic_groups(10**6) == 4 * chance_maps.KNOTS
    rows = synthetic(3, 100, 100)
    m = chance_maps.fit_map("isotonic", rows[:, reliability.R_GAME], rows[:, reliability.R_WON_GAME], 100)
    assert 1 <= len(m.x) <= 2 + 2 * chance_maps.END_SPLIT  # 4 groups, the two end ones in quarters


def test_cross_fitting_never_maps_a_contest_with_a_map_that_saw_it() -> None:
    rows = synthetic(4, 50, 40)
    held = reliability.cross_fitted(rows, "game", "beta", folds=5)
    fold0 = rows[:, reliability.R_CONTEST] % 5 == 0
    m = fit_beta(rows[~fold0, reliability.R_GAME], rows[~fold0, reliability.R_WON_GAME])
    assert np.allclose(held[fold0], m(rows[fold0, reliability.R_GAME]))
    on_all = fit_beta(rows[:, reliability.R_GAME], rows[:, reliability.R_WON_GAME])
    assert not np.allclose(held[fold0], on_all(rows[fold0, reliability.R_GAME]))


def test_maps_read_back_from_their_stored_form() -> None:
    rows = synthetic(5, 40, 50)
    for kind in chance_maps.KINDS:
        m = chance_maps.fit_map(kind, rows[:, reliability.R_GAME], rows[:, reliability.R_WON_GAME], 40)
        again = ChanceMap.from_json(json.loads(json.dumps(m.as_json())))
        assert again.kind == kind and np.allclose(again(GRID), m(GRID), atol=1e-4)


def test_the_bootstrap_resamples_contests_not_decisions() -> None:
    rng = np.random.default_rng(6)
    contest = np.repeat(np.arange(40), 100)
    shown = np.full(contest.size, 0.55)
    won = np.repeat((rng.uniform(size=40) < 0.5).astype(float), 100)  # every decision of a contest shares its outcome
    r = reliability.measure(shown, won, contest, resamples=400)
    b = r.bins[5]
    assert r.decisions == 4000 and r.contests == 40 and b.count == 4000
    assert b.observed_ci[0] <= b.observed <= b.observed_ci[1]
    width, naive = b.observed_ci[1] - b.observed_ci[0], 2 * 1.96 * np.sqrt(0.25 / 4000)
    assert width > 4 * naive  # forty contests, not four thousand draws
    assert r.ece_ci[0] <= r.ece <= r.ece_ci[1] + 1e-12
    assert b.gap_ci[0] == pytest.approx(b.observed_ci[0] - 0.55)


def _clustered(seed: int, contests: int, true_shift: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Records of contests whose decisions share one outcome, each contest's shown chance p and its outcome
    drawn with chance p + true_shift: perfectly calibrated where the shift is 0."""
    rng = np.random.default_rng(seed)
    per = rng.integers(20, 300, contests)
    p = rng.uniform(0.15, 0.85, contests)
    won = (rng.uniform(size=contests) < p + true_shift).astype(float)
    return np.repeat(p, per), np.repeat(won, per), np.repeat(np.arange(contests), per)


def test_the_floor_is_the_error_a_perfectly_calibrated_player_shows() -> None:
    found = [reliability.measure(*_clustered(seed, 200, 0.0), resamples=200, seed=seed) for seed in range(30)]
    ece, floor = np.mean([r.ece for r in found]), np.mean([r.floor for r in found])
    assert ece > 0.04  # 200 contests' luck alone puts a perfect player's ECE far from 0
    assert floor == pytest.approx(ece, rel=0.2)  # and the floor says how far
    assert np.mean([r.debiased for r in found]) < 0.35 * ece  # with that noise taken out, little is left


def test_with_the_noise_taken_out_a_real_error_remains() -> None:
    found = [reliability.measure(*_clustered(seed, 400, 0.12), resamples=200, seed=seed) for seed in range(10)]
    assert np.mean([r.debiased for r in found]) == pytest.approx(0.12, abs=0.03)
    assert all(r.ece > r.floor for r in found)


def test_reliability_bins_count_and_weigh() -> None:
    shown = np.array([0.05, 0.05, 0.95, 0.95])
    won = np.array([0.0, 1.0, 1.0, 1.0])
    bins, ece = reliability.reliability(shown, won)
    assert bins[0].count == 2 and bins[0].observed == 0.5 and bins[9].count == 2
    assert ece == pytest.approx(0.5 * 0.45 + 0.5 * 0.05)


def test_a_map_is_keyed_by_its_player() -> None:
    rs = load_ruleset("ocastudios")
    assert map_keys.map_key(rs, 2, MODEL_NOW, 3) == "ocastudios/2/advisor:3"
    assert map_keys.map_key(rs, 2, MODEL_2026, 1) == "ocastudios/2/advisor-2026:1"
    prints = {map_keys.fingerprint(rs, 2, MODEL_NOW, 3), map_keys.fingerprint(rs, 2, MODEL_NOW, 2),
              map_keys.fingerprint(rs, 2, MODEL_2026, 3), map_keys.fingerprint(load_ruleset("bell"), 2, 0, 3)}
    assert len(prints) == 4 and map_keys.fingerprint(rs, 2, MODEL_NOW, 3) == map_keys.fingerprint(rs, 2, 0, 3)


def _with_map(monkeypatch: pytest.MonkeyPatch, level: int, stamp: str) -> None:
    rs = load_ruleset("ocastudios")
    flat = ChanceMap("isotonic", x=(0.0, 1.0), y=(0.4, 0.4))  # shows 40% whatever the search says
    entry = {"fingerprint": stamp, "seed": 7, "game": flat, "contest": flat}
    monkeypatch.setattr(chance_maps, "stored_maps", lambda: {map_keys.map_key(rs, 2, MODEL_NOW, level): entry})


def test_a_fresh_map_is_applied_and_a_stale_one_never(monkeypatch: pytest.MonkeyPatch) -> None:
    from printgen.players.analysis.advisor import advise

    rs, pos = load_ruleset("ocastudios"), P(MIDGAME)
    _with_map(monkeypatch, 1, map_keys.fingerprint(rs, 2, MODEL_NOW, 1))
    mapped = advise(pos, 2, level=1)
    assert mapped.calibrated and all(s.win_game == pytest.approx(0.4) for s in mapped.suggestions)
    assert not advise(pos, 2, level=0).calibrated  # a map of level 1 is not applied at level 0
    _with_map(monkeypatch, 1, "0123456789abcdef")  # the same key, fitted for another evaluation or search
    stale = advise(pos, 2, level=1)
    assert not stale.calibrated and any(s.win_game != pytest.approx(0.4) for s in stale.suggestions)
    out = runner.invoke(__import__("printgen.cli.app", fromlist=["app"]).app,
                        ["advise", MIDGAME, "--cast", "2", "--level", "1"])
    assert out.exit_code == 0 and "chances as searched: no fresh calibration map at level 1" in out.output


def test_every_shipped_map_is_monotone_bounded_and_keyed() -> None:
    maps = chance_maps.stored_maps()
    for key, entry in maps.items():
        spec, players, name = key.split("/")
        assert players == "2" and name.startswith("advisor") and len(entry["fingerprint"]) == 16, key
        load_ruleset(spec)
        for q in chance_maps.QUANTITIES:
            y = entry[q](GRID)
            assert np.all(np.diff(y) >= -1e-12) and 0.0 <= y.min() and y.max() <= 1.0, (key, q)


def test_records_read_back_and_a_bad_file_is_one_line(tmp_path: Path) -> None:
    rows = synthetic(7, 3, 4)
    reliability.save_records(tmp_path / "r.npz", rows, {"ruleset": "bell", "level": 3})
    again, meta = reliability.load_records(tmp_path / "r.npz")
    assert np.array_equal(again, rows) and meta == {"ruleset": "bell", "level": 3}
    (tmp_path / "bad.npz").write_text("not numbers")
    result = run_cli(["lab", "calibration", "--records", str(tmp_path / "bad.npz")])
    assert result.exit_code == 2 and result.output.count("\n") == 1
    assert "not a file of self-play records" in result.output


def test_the_calibration_command_draws_the_figure(tmp_path: Path) -> None:
    out, kept = tmp_path / "rel.svg", tmp_path / "rec.npz"
    result = run_cli(["lab", "calibration", "--ruleset", "ocastudios", "--contests", "3", "--level", "0", "-w", "1",
                      "--out", str(out), "--save-records", str(kept), "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output.splitlines()[0])
    assert report["decisions"] > 0 and report["player"] == "ocastudios/2/advisor:0" and report["map"] is None
    searched = report["contest"]["searched"]
    assert 0 <= searched["ece"] <= 1 and searched["contests"] == 3 and len(searched["ece_ci"]) == 2
    assert sum(b["count"] for b in report["game"]["searched"]["bins"]) == report["decisions"]
    assert report["game"]["held_out"]["decisions"] == report["decisions"]
    svg = out.read_text("utf-8")
    assert svg.startswith("<?xml") and "<svg" in svg
    assert 0 < searched["ece_floor"] < 1 and searched["noise_taken_out"] >= 0
    again = run_cli(["lab", "calibration", "--records", str(kept), "--json"])  # the same records measured again
    assert again.exit_code == 0 and json.loads(again.output.splitlines()[-1])["game"] == report["game"]


def _stopped_at(monkeypatch: pytest.MonkeyPatch, contest: int) -> None:
    """Makes self-play's chunk that begins at `contest` raise KeyboardInterrupt, as Ctrl-C there would."""
    from printgen.players.lab import self_play

    run = self_play._run

    def stopping(chunk: tuple[int, int]) -> np.ndarray:
        if chunk[0] == contest:
            raise KeyboardInterrupt
        return run(chunk)

    monkeypatch.setattr(self_play, "_run", stopping)


def test_a_stopped_self_play_keeps_its_finished_contests(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C keeps the contests finished before it: the seed's first ones, as a shorter run plays them."""
    from printgen.players.lab.self_play import record, record_until_stopped

    whole = record("ocastudios", 3, 0, seed=5)
    _stopped_at(monkeypatch, 3)
    part = record_until_stopped("ocastudios", 6, 0, seed=5)
    assert (part.contests, part.asked, part.interrupted) == (3, 6, True)
    assert np.array_equal(part.rows, whole)
    with pytest.raises(KeyboardInterrupt):  # `record` (the refit script's) never returns a part for the whole
        record("ocastudios", 6, 0, seed=5)
    _stopped_at(monkeypatch, 0)
    with pytest.raises(KeyboardInterrupt):  # nothing finished: nothing to keep
        record_until_stopped("ocastudios", 6, 0, seed=5)


def test_a_stopped_calibration_measures_and_keeps_what_it_played(monkeypatch: pytest.MonkeyPatch,
                                                                  tmp_path: Path) -> None:
    kept = tmp_path / "rec.npz"
    _stopped_at(monkeypatch, 2)
    result = run_cli(["lab", "calibration", "-r", "ocastudios", "-n", "5", "--level", "0", "-w", "1",
                      "--save-records", str(kept), "--json"])
    assert result.exit_code == 130
    lines = result.output.splitlines()
    assert lines[0] == "stopped after 2 of 5 contests: measuring the finished ones"
    report = json.loads(lines[1])
    assert (report["contests"], report["contests_asked"], report["interrupted"]) == (2, 5, True)
    assert report["game"]["searched"]["contests"] == 2
    assert lines[-1] == f"interrupted: 2 of 5 contests played; their records are in {kept}, to pool with --records"
    again = run_cli(["lab", "calibration", "--records", str(kept), "--json"])
    assert again.exit_code == 0, again.output
    measured = json.loads(again.output.splitlines()[-1])
    assert (measured["contests"], measured["interrupted"]) == (2, False) and measured["game"] == report["game"]


@pytest.mark.parametrize(("args", "says"), [
    (["-o", "fig.pdf"], "svg or .png"),
    (["--save-records", "rec.txt"], ".npz"),
    (["--ruleset", "nosuch"], "nosuch"),
    (["--contests", "0"], "contests"),
    (["--records", "missing.npz"], "missing.npz"),
])
def test_the_calibration_command_refuses_bad_input(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                   args: list[str], says: str) -> None:
    monkeypatch.chdir(tmp_path)
    result = run_cli(["lab", "calibration", "--contests", "1", *args])
    assert result.exit_code == 2 and says in result.output


def test_the_calibration_command_never_overwrites_a_figure(tmp_path: Path) -> None:
    (tmp_path / "f.svg").write_text("mine")
    result = run_cli(["lab", "calibration", "--contests", "1", "-o", str(tmp_path / "f.svg")])
    assert result.exit_code == 2 and "exists" in result.output and (tmp_path / "f.svg").read_text() == "mine"


def test_the_figure_draws_a_dot_and_the_given_interval_for_every_filled_decile() -> None:
    from printgen.render.reliability import Panel, Point, Series, reliability_page

    points = [Point(100, 0.15, 0.2, 0.1, 0.3), Point(0, float("nan"), float("nan")), Point(50, 0.85, 0.7)]
    page = reliability_page("t", "s", [Panel("p", [Series("as searched", 0.05, points, (0.01, 0.09)),
                                                   Series("held out", 0.02, points[:1])])])
    dots = [item for item in page.items if getattr(item, "tag", "").startswith("bin ")]
    assert [d.tag for d in dots] == ["bin as searched"] * 2 + ["bin held out"]
    assert points[0].interval() == (0.1, 0.3) and points[2].interval()[0] < 0.7 < points[2].interval()[1]
    texts = [item.text for item in page.items if hasattr(item, "text")]
    assert "as searched: ECE 0.050 [0.010, 0.090], 150 decisions" in texts  # no floor given: the count instead
    page = reliability_page("t", "line one\nline two", [Panel("p", [Series("held out", 0.02, points, (0.01, 0.05),
                                                                           0.0173)])])
    texts = [item.text for item in page.items if hasattr(item, "text")]
    assert "held out: ECE 0.020 [0.010, 0.050], floor 0.017" in texts and {"line one", "line two"} <= set(texts)


def test_a_long_subtitle_fits_the_figure_and_runs_of_seeds_are_ranges() -> None:
    from printgen.cli.calibration_cmd import seed_words
    from printgen.render.fonts import text_width
    from printgen.render.reliability import Panel, Point, Series, reliability_page

    assert seed_words(7) == "seed 7" and seed_words([101, 202]) == "seeds 101, 202"
    assert seed_words([107, 102, 103, 104, 105, 106, 201, 202]) == "seeds 102–107, 201, 202"
    long = "gatigo/2/advisor:3 against itself, 200 contests (seeds 102, 103, 104, 105, 106, 107), " * 2
    page = reliability_page("t", long, [Panel(f"p{i}", [Series("as searched", 0.05, [Point(9, 0.2, 0.2)])])
                                        for i in range(2)])
    (line,) = [item for item in page.items if getattr(item, "text", None) == long]
    assert line.size < 7.5 and line.x + text_width(long, "body", line.size) <= page.width


def test_the_fit_keeps_the_kind_with_the_lower_held_out_error() -> None:
    rows = synthetic(8, 200, 40)
    s_shape = rows.copy()  # overconfident at the ends, underconfident in the middle: no beta map follows it
    shown = s_shape[:, reliability.R_CONTEST_SHOWN]
    s_shape[:, reliability.R_CONTEST_SHOWN] = np.where(shown < 0.5, shown ** 3 * 4, 1 - (1 - shown) ** 3 * 4)
    for data in (rows, s_shape):
        m, held = reliability.fit_quantity(data, "contest")
        assert set(held) == set(chance_maps.KINDS) and held[m.kind] == min(held.values())


def test_every_built_in_ruleset_ships_a_fresh_map_for_the_default_advisor() -> None:
    # A change of the evaluation's values (its code, its weights, a network) stales the maps on purpose; this says so
    # here, so they are refitted (python scripts/fit_reliability.py) before it ships, not found unmapped by a user.
    from printgen.players.evaluation.features import MODEL_NOW
    from printgen.players.search.levels import DEFAULT_LEVEL

    for spec in ("bell", "gatigo", "neeley", "ocastudios"):
        assert map_keys.fresh_entry(load_ruleset(spec), 2, MODEL_NOW, DEFAULT_LEVEL) is not None, spec


def test_a_map_fitted_on_pooled_seeds_is_held_out_only_for_other_seeds():
    from printgen.cli.calibration_cmd import held_out

    assert held_out([101], {"seed": 7}) and not held_out([7], {"seed": 7})
    assert held_out([202, 303], {"seed": [7, 101]}) and not held_out([202, 101], {"seed": [7, 101]})


def test_runs_on_different_seeds_pool_with_their_contests_numbered_apart(tmp_path: Path) -> None:
    meta = {"ruleset": "ocastudios", "level": 3, "model": MODEL_NOW, "fingerprint": "f", "contests": 3}
    a, b = synthetic(1, 3, 4), synthetic(2, 3, 5)
    reliability.save_records(tmp_path / "a.npz", a, {**meta, "seed": 101})
    reliability.save_records(tmp_path / "b.npz", b, {**meta, "seed": 202})
    rows, pooled = reliability.pool_records([tmp_path / "a.npz", tmp_path / "b.npz"])
    assert pooled["seed"] == [101, 202] and pooled["contests"] == 6 and len(rows) == 27
    assert reliability.contests_in(rows) == 6 and np.array_equal(rows[12:, 1:], b[:, 1:])
    reliability.save_records(tmp_path / "ab.npz", rows, pooled)  # a pooled file pools again, its seeds kept
    reliability.save_records(tmp_path / "c.npz", a, {**meta, "seed": 303})
    again, meta3 = reliability.pool_records([tmp_path / "ab.npz", tmp_path / "c.npz"])
    assert meta3["seed"] == [101, 202, 303] and reliability.contests_in(again) == 9
    result = run_cli(["lab", "calibration", "--records", str(tmp_path / "ab.npz"), "--records",
                      str(tmp_path / "c.npz"), "--json"])
    report = json.loads(result.output.splitlines()[-1])
    assert result.exit_code == 0 and report["seed"] == [101, 202, 303] and report["contests"] == 9
    assert report["game"]["searched"]["contests"] == 9 and report["decisions"] == len(again)
    shown = run_cli(["lab", "calibration", "--records", str(tmp_path / "ab.npz")])
    assert "(seeds 101, 202)" in shown.output and "recorded by a different player" in shown.output


@pytest.mark.parametrize(("change", "says"), [({"seed": 101}, "seed 101 is also in"),
                                              ({"level": 2}, "its level is 2, not 3"),
                                              ({"fingerprint": "g"}, "its fingerprint")])
def test_records_of_another_player_or_the_same_seed_do_not_pool(tmp_path: Path, change: dict[str, object],
                                                                 says: str) -> None:
    meta = {"ruleset": "ocastudios", "level": 3, "model": MODEL_NOW, "fingerprint": "f", "contests": 3}
    reliability.save_records(tmp_path / "a.npz", synthetic(1, 3, 4), {**meta, "seed": 101})
    reliability.save_records(tmp_path / "b.npz", synthetic(2, 3, 4), {**meta, "seed": 202, **change})
    result = run_cli(["lab", "calibration", "--records", str(tmp_path / "a.npz"), "--records",
                      str(tmp_path / "b.npz")])
    assert result.exit_code == 2 and result.output.count("\n") == 1 and says in result.output
    assert "b.npz" in result.output
