"""The arena for three and four players and for partnerships: balanced seatings, seeded totals, bad input."""

from __future__ import annotations

import json
import sys
from collections import Counter

import numpy as np
import pytest
from helpers import CliRunner

from printgen.cli.app import app
from printgen.errors import OptionError
from printgen.players.lab.arena import lineup_arena, play_lineups, play_pairings
from printgen.players.lab.seating import seatings, team_of

runner = CliRunner()
FOUR = ["advisor:0", "gatigo:S1T2", "gatigo:S1T0", "gatigo:S3T0"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_player_sits_in_every_seat_equally_often(players: int) -> None:
    s = seatings(players)
    assert len(s) == [1, 1, 2, 6, 24][players]
    assert len({tuple(r) for r in s}) == len(s)  # every order of the players once
    for seat in range(players):
        assert Counter(s[:, seat].tolist()) == {p: len(s) // players for p in range(players)}
    if players == 2:
        assert s.tolist() == [[0, 1], [1, 0]]  # the alternation two-player arenas always had


def test_partnership_seatings_keep_partners_opposite_and_swap_the_teams() -> None:
    s = seatings(4, partnerships=True)
    assert len(s) == 8 and len({tuple(r) for r in s}) == 8
    for seat in range(4):
        assert Counter(s[:, seat].tolist()) == {p: 2 for p in range(4)}
    for row in s:
        assert team_of(int(row[0]), True) == team_of(int(row[2]), True)  # seats A and C are partners
        assert team_of(int(row[1]), True) == team_of(int(row[3]), True)  # and B and D
    assert Counter(team_of(int(row[0]), True) for row in s) == {0: 4, 1: 4}  # each team holds A and C half the time
    with pytest.raises(ValueError):
        seatings(3, partnerships=True)


@pytest.mark.slow
def test_two_player_totals_are_those_the_arena_always_gave() -> None:
    (r,) = play_pairings("gatigo", [("gatigo:S3T0", "gatigo:S1T2")], 25, seed=9, workers=1)
    assert (r.wins_a, r.wins_b, r.draws) == (0, 25, 0)
    # the last column, blocked casts paid for, is 0: GATIGO charges nothing for them
    assert r.stats_a.tolist() == [0, 7, 93, 632, 464, 3550, 3858, 18274, 7816, 0]
    assert r.stats_b.tolist() == [25, 14, 29, 213, 568, 3522, 3958, 14281, 7816, 0]


@pytest.mark.slow
def test_three_player_totals_do_not_depend_on_the_number_of_workers() -> None:
    names = [("gatigo:S1T1", "random", "gatigo:S3T0")]
    one = play_lineups("gatigo", names, 18, seed=5, workers=1)[0]
    two = play_lineups("gatigo", names, 18, seed=5, workers=2)[0]
    assert one.matches == two.matches == 18
    assert one.wins.tolist() == two.wins.tolist() and one.seat_wins.tolist() == two.seat_wins.tolist()
    assert np.array_equal(one.stats, two.stats)
    assert int(one.wins.sum()) + one.draws == 18


@pytest.mark.slow
def test_a_four_player_arena_plays_whole_sets_and_counts_every_contest() -> None:
    r = lineup_arena("gatigo", FOUR, 30, seed=2, workers=2)
    res = r.result
    assert r.seatings == 24 and r.sets == 2 and res.matches == 48  # 30 rounded up to whole sets
    assert int(res.wins.sum()) + res.draws == 48 == int(res.seat_wins.sum()) + res.draws
    assert sum(res.share(i) for i in range(4)) == pytest.approx(1.0)
    for i in range(4):
        lo, hi = res.interval(i)
        assert lo <= res.share(i) <= hi
        assert res.measures(i)["moves"] > 0 and res.measures(i)["turns"] > 0
    assert res.wins[0] > res.wins[3]  # the advisor over S3T0, the weakest of the paper's strategies


@pytest.mark.slow
def test_identical_players_share_the_wins_about_evenly() -> None:
    res = lineup_arena("gatigo", ["gatigo:S1T1"] * 3, 240, seed=7, workers=2).result
    assert res.matches == 240
    for i in range(3):
        assert res.interval(i)[0] < 1 / 3 < res.interval(i)[1]


@pytest.mark.slow
def test_partners_win_and_lose_together() -> None:
    result = runner.invoke(app, ["lab", "arena", "-r", "bell+partnerships",
                                 "advisor:0,advisor:0,gatigo:S1T2,gatigo:S1T2",
                                 "-n", "16", "--json", "-w", "2"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["matches"] == 16 and data["seatings"] == 8 and data["sets"] == 2
    one, two = data["teams"]
    assert one["players"] == ["advisor:0", "advisor:0"] and one["won"] + two["won"] + data["draws"] == 16
    assert [p["won"] for p in data["players"]] == [one["won"], one["won"], two["won"], two["won"]]
    assert [p["team"] for p in data["players"]] == [1, 1, 2, 2]
    assert set(data["wins_by_seat"]) == {"A & C", "B & D"}
    assert sum(data["wins_by_seat"].values()) + data["draws"] == 16


@pytest.mark.slow
def test_the_four_player_text_shows_every_player_with_an_interval() -> None:
    result = runner.invoke(app, ["lab", "arena", "-r", "gatigo", "gatigo:S1T2", "random", "random", "-n", "6",
                                 "-w", "1"])
    assert result.exit_code == 0, result.output
    assert "3 players under gatigo, each for themselves: 6 contests, 1 sets of 6 seatings" in result.output
    assert "random #2" in result.output and "random #3" in result.output
    assert result.output.count(" to ") >= 3 and "contests won by seat: A" in result.output


@pytest.mark.parametrize(("args", "message"), [
    (["a", "b", "c", "d", "e"], "two to four players, not 5"),
    (["advisor"], "two to four players, not 1"),
    (["-r", "neeley", "advisor", "random", "random"], "'neeley' is played by 2 players, not 3"),
    (["-r", "bell+partnerships", "advisor", "random"], "played by 4 players, not 2"),
    (["advisor,random,random,random,random"], "two to four players, not 5"),
    (["advisor", "random", "nobody"], "nobody"),
    (["advisor", "random", "--ray", "not an address"], "not a Ray address"),
    (["advisor", "random", "--ray", "127.0.0.1:1"], "cannot reach a Ray cluster at 127.0.0.1:1"),
])
def test_bad_input_gives_one_line_and_exit_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["lab", "arena", *args])
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output


def test_ray_missing_is_said_in_one_line(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` fails as where it is not installed
    for command in (["lab", "arena", "advisor", "random", "--ray", "auto"],
                    ["lab", "tournament", "--ray", "auto", "-n", "1", "--out", str(tmp_path / "t")]):
        result = runner.invoke(app, command)
        assert result.exit_code == 2, result.output
        assert "running on Ray needs Ray" in result.output and 'pip install "printgen[ray]"' in result.output


def test_the_library_says_a_bad_player_count_too() -> None:
    with pytest.raises(OptionError, match="same number of players"):
        play_lineups("gatigo", [("random", "random"), ("random", "random", "random")], 2)
