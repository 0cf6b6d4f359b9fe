"""The advisor, the arena and `play` under Bell's options without gambling (+no_gambling, +no_gambling_backwards)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import CliRunner, P

from printgen.cli.app import app
from printgen.engine.record import Record
from printgen.players.analysis.advisor import estimate
from printgen.players.lab.arena import play_pairings

runner = CliRunner()
BACK = ("bell+no_gambling_backwards/2 g1 move A starter=A last=- pool=0 offering=0 | A 0 cw 12,3,h,h,h,h back=12 "
        "| B 0 cw 41,h,h,h,h,h")
MISS = "bell+no_gambling/2 g1 move A starter=A last=- pool=0 offering=0 | A 0 cw 10,3,h,h,h,h | B 0 cw 41,h,h,h,h,h"


def test_without_gambling_the_game_chance_is_the_contest_chance() -> None:
    for line in (BACK, MISS, MISS.replace("bell+no_gambling/2", "bell+no_gambling/2").replace("10,3", "58,*")):
        est = estimate(P(line))
        assert all(e.win_contest == pytest.approx(e.win_game) and e.items == 0 for e in est)
        assert sum(e.win_game for e in est) == pytest.approx(1.0)


def test_a_pending_miss_counts_against_the_seat_that_must_miss() -> None:
    free = estimate(P(MISS.replace("move A", "move B").replace("10,3,h,h,h,h", "12,3,h,h,h,h")))
    missing = estimate(P(MISS.replace("move A", "move B").replace("10,3,h,h,h,h", "12,3,h,h,h,h miss")))
    assert missing[0].win_game < free[0].win_game


def test_advice_under_a_backward_penalty_offers_only_the_backward_move() -> None:
    result = runner.invoke(app, ["advise", BACK, "--cast", "3", "--level", "1", "--json"])
    assert result.exit_code == 0, result.output
    moves = json.loads(result.output)["moves"]
    assert [m["move"] for m in moves] == ["12-9"]
    assert moves[0]["win_contest"] == pytest.approx(moves[0]["win_game"], abs=1e-6)


def test_advice_text_without_gambling_shows_no_chips() -> None:
    result = runner.invoke(app, ["advise", MISS, "--cast", "2", "--level", "1"])
    assert result.exit_code == 0, result.output
    assert "chip" not in result.output and "pool" not in result.output and "10-12" in result.output


@pytest.mark.slow
@pytest.mark.parametrize("spec", ["bell+no_gambling", "bell+no_gambling_backwards"])
def test_the_advisor_beats_random_play_without_gambling(spec: str) -> None:
    r = play_pairings(spec, [("advisor:0", "random")], 30, seed=4, workers=1)[0]
    assert r.wins_a + r.wins_b == 30 and r.wins_a >= 24


@pytest.mark.slow
def test_arena_command_runs_without_gambling() -> None:
    result = runner.invoke(app, ["lab", "arena", "advisor:0", "gatigo:S1T1", "-r", "bell+no_gambling_backwards",
                                 "-n", "6",
                                 "--workers", "1", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["matches"] == 6 == data["wins_a"] + data["wins_b"] + data["draws"]


@pytest.mark.parametrize("spec", ["bell+no_gambling", "bell+no_gambling_backwards"])
def test_a_whole_game_without_gambling_plays_from_scripted_input(tmp_path: Path, spec: str) -> None:
    save = tmp_path / "game.json"
    result = runner.invoke(app, ["play", "--ruleset", spec, "--computer", "advisor:0", "--seed", "3",
                                 "--save", str(save)], input="cast\nbest\n" * 1500)
    assert result.exit_code == 0, result.output
    assert "wins the contest" in result.output and "chip" not in result.output
    final = Record.from_json(json.loads(save.read_text())["record"]).final()
    assert final.phase.value == "over" and final.game == 1 and final.total_items() == 0
