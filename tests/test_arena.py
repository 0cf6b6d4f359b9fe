"""Arena and tournament: win rates with intervals, results independent of workers, the tables and figures written."""

from __future__ import annotations

import csv
import json

import pytest
from helpers import CliRunner, needs_cairo

from printgen.cli.app import app
from printgen.cli.tournament_cmd import write_results
from printgen.errors import OptionError
from printgen.players.lab.arena import play_pairings
from printgen.players.lab.tournament import VARIABLES, run_tournament
from printgen.rulesets.load import builtin_text

runner = CliRunner()


@pytest.mark.slow
def test_arena_json_reports_win_rate_and_interval() -> None:
    result = runner.invoke(app, ["lab", "arena", "gatigo:S1T1", "random", "--contests", "20", "--json", "-w", "1"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["matches"] == 20 == data["wins_a"] + data["wins_b"] + data["draws"]
    assert data["win_rate"] == pytest.approx((data["wins_a"] + data["draws"] / 2) / 20)
    lo, hi = data["ci95"]
    assert lo <= data["win_rate"] <= hi
    assert data["measures"]["a"]["moves"] > 0 and 0 < data["measures"]["b"]["avg_tokens_on_board"] <= 5


@pytest.mark.slow
def test_arena_text_names_both_players() -> None:
    result = runner.invoke(app, ["lab", "arena", "advisor:0", "gatigo:S3T1", "-n", "6", "--workers", "1"])
    assert result.exit_code == 0
    assert "advisor:0 against gatigo:S3T1" in result.output and "95% interval" in result.output


@pytest.mark.slow
def test_results_do_not_depend_on_the_number_of_workers() -> None:
    one = play_pairings("gatigo", [("gatigo:S3T0", "gatigo:S1T2")], 24, seed=9, workers=1)[0]
    two = play_pairings("gatigo", [("gatigo:S3T0", "gatigo:S1T2")], 24, seed=9, workers=2)[0]
    assert (one.wins_a, one.wins_b) == (two.wins_a, two.wins_b)
    assert (one.stats_a == two.stats_a).all() and (one.stats_b == two.stats_b).all()


@pytest.mark.slow
def test_seats_alternate_so_a_player_against_itself_wins_about_half() -> None:
    r = play_pairings("gatigo", [("gatigo:S1T1", "gatigo:S1T1")], 200, seed=3, workers=2)[0]
    assert 0.35 < r.win_rate < 0.65


@pytest.mark.slow
@pytest.mark.parametrize("name", ["random", "gatigo:S0T0"])
def test_the_advisor_beats_weak_players(name: str) -> None:
    r = play_pairings("gatigo", [("advisor:0", name)], 20, seed=4, workers=1)[0]
    assert r.wins_a >= 17


@pytest.mark.slow
@needs_cairo
def test_a_small_tournament_writes_tables_and_heatmaps(tmp_path) -> None:
    players = ("gatigo:S0T0", "gatigo:S1T1", "gatigo:S3T2")
    result = run_tournament("gatigo", matches=4, seed=2, workers=1, players=players)
    files = write_results(result, tmp_path)
    names = {f.name for f in files}
    assert {"pairings.csv", "players.csv", "tournament.json"} <= names
    for key, *_ in VARIABLES:
        stem = f"heatmap-{key.replace('_', '-')}"
        assert f"{stem}.svg" in names and f"{stem}.png" in names
        assert (tmp_path / f"{stem}.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    rows = list(csv.DictReader((tmp_path / "pairings.csv").open()))
    assert len(rows) == 6  # three pairings, each seen from both sides
    for r in rows:
        mirror = next(m for m in rows if m["player"] == r["opponent"] and m["opponent"] == r["player"])
        assert int(r["matches_won"]) + int(mirror["matches_won"]) + int(r["draws"]) == 4
    summary = json.loads((tmp_path / "tournament.json").read_text())
    assert summary["pairings"] == 3 and summary["matches_per_pairing"] == 4
    with pytest.raises(Exception, match="not empty"):
        write_results(result, tmp_path)


@pytest.mark.slow
@needs_cairo
def test_tournament_command_runs_every_pairing(tmp_path) -> None:
    out = tmp_path / "t"
    result = runner.invoke(app, ["lab", "tournament", "--contests", "2", "--out", str(out), "--json", "--workers", "2"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert len(data["players"]) == 12 and sum(p["matches"] for p in data["players"]) == 66 * 2 * 2
    again = runner.invoke(app, ["lab", "tournament", "--contests", "2", "--out", str(out)])
    assert again.exit_code == 2 and "--force" in again.output


def test_ctrl_c_in_the_arena_keeps_the_finished_contests(monkeypatch) -> None:
    """Issue 23, item 12: Ctrl-C shows the contests finished so far, says how many of how many, and exits 130."""
    from printgen.players.lab import arena as lab_arena

    real = lab_arena.map_chunks

    def stopped(run, work, workers, setup, setup_args, **kw):  # the first chunk finishes, then Ctrl-C
        for i, done in enumerate(real(run, work, 1, setup, setup_args, **kw)):
            if i == 1:
                raise KeyboardInterrupt
            yield done

    monkeypatch.setattr(lab_arena, "map_chunks", stopped)
    result = runner.invoke(app, ["lab", "arena", "random", "gatigo:S1T1", "-n", "40", "--workers", "4", "--json"])
    assert result.exit_code == 130
    data = json.loads(result.stdout)
    assert data["interrupted"] and 0 < data["matches"] < data["contests_asked"] == 40
    assert result.stderr.strip() == f"interrupted: {data['matches']} of 40 contests played"


def test_a_pool_worker_leaves_ctrl_c_to_its_parent() -> None:
    """Ctrl-C reaches every process of the terminal's group; a worker ignores it, so only the parent answers."""
    from printgen.players.lab.pool import map_chunks

    handlers = [h for _, h in map_chunks(_sigint_handler, range(4), workers=2)]
    assert handlers == ["ignored"] * 4


def _sigint_handler(_: int) -> str:
    import signal

    return "ignored" if signal.getsignal(signal.SIGINT) is signal.SIG_IGN else "raises"


def test_chunks_run_here_are_short_so_ctrl_c_is_answered_soon() -> None:
    """Compiled code cannot be interrupted: in this process a chunk holds a few contests, not 200 (issue 23, item 5)."""
    from printgen.players.lab.arena import IN_PROCESS_CHUNK, chunks

    here, pooled = chunks(2, 1000, 1), chunks(2, 1000, 2)
    for work in (here, pooled):
        assert sorted((p, first + i) for p, first, count in work for i in range(count)) == [
            (p, m) for p in range(2) for m in range(1000)]
    assert max(count for *_, count in here) == IN_PROCESS_CHUNK < max(count for *_, count in pooled)


def test_a_run_played_in_parts_plays_the_same_contests_as_one_run() -> None:
    """--first: contests 0-4 and then 5-11 of a seed are contests 0-11 of one run, wins, seats and measures alike."""
    import numpy as np

    from printgen.players.lab.arena import arena, lineup_arena

    whole = arena("ocastudios", "gatigo:S1T2", "random", 12, seed=5, workers=1).result
    parts = [arena("ocastudios", "gatigo:S1T2", "random", n, seed=5, workers=1, first=f).result
             for f, n in ((0, 5), (5, 7))]
    assert whole.wins_a == sum(p.wins_a for p in parts) and whole.matches == 12
    assert np.array_equal(whole.seat_wins, parts[0].seat_wins + parts[1].seat_wins)
    assert np.array_equal(whole.stats, parts[0].stats + parts[1].stats)
    shifted = arena("ocastudios", "gatigo:S1T2", "random", 7, seed=5, workers=1, first=4).result
    assert not np.array_equal(shifted.stats, parts[1].stats)  # another start: other contests
    with pytest.raises(OptionError, match="whole set of seatings"):
        lineup_arena("gatigo", ["random", "random", "gatigo:S1T2"], 6, seed=5, workers=1, first=2)


def test_the_arena_command_says_which_part_of_a_run_it_played() -> None:
    result = runner.invoke(app, ["lab", "arena", "random", "gatigo:S1T2", "-r", "ocastudios", "-n", "3", "--first",
                                 "6", "--seed", "2", "-w", "1"])
    assert result.exit_code == 0 and "3 contests (contests 6 to 8 of seed 2)" in result.output
    bad = runner.invoke(app, ["lab", "arena", "random", "random", "-r", "ocastudios", "-n", "3", "--first", "-1"])
    assert bad.exit_code == 2 and "--first" in bad.output and bad.output.count("\n") == 1


@pytest.mark.slow
def test_blocked_casts_are_counted_where_the_rules_charge_for_them(tmp_path) -> None:
    """Neeley charges an asset for a scoring cast that moves nothing (two or more pieces on the board): the arena
    counts those payments per player; with the charge set to nothing, or under GATIGO's rules (no charge), none."""
    text = builtin_text("neeley")
    assert "no_move = { amount = 1," in text
    free = tmp_path / "neeley-free.toml"
    free.write_text(text.replace("no_move = { amount = 1,", "no_move = { amount = 0,").replace(
        'name = "neeley"', 'name = "neeley-free"'), encoding="utf-8")
    pairing = [("gatigo:S1T2", "gatigo:S0T0")]
    charged = play_pairings("neeley", pairing, 8, seed=3, workers=1)[0]
    blocked = [charged.measures(i)["blocked_penalties"] for i in (0, 1)]
    assert sum(blocked) > 0 and all(b <= charged.measures(i)["turns"] for i, b in enumerate(blocked))
    for ruleset in (str(free), "gatigo"):
        res = play_pairings(ruleset, pairing, 8, seed=3, workers=1)[0]
        assert [res.measures(i)["blocked_penalties"] for i in (0, 1)] == [0, 0], ruleset
