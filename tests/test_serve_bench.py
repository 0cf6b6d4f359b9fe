"""`patolli lab bench-serve`: it times real requests on mid-game positions (no timing asserted: figures are for
people)."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("httpx2", reason="httpx2 (Starlette's test client) is not installed (pip install .[test])")

from printgen.serve.bench import LEAST, MID, fill_board, measure, percentile, summary  # noqa: E402


def test_percentiles() -> None:
    assert percentile([1.0, 2.0, 3.0, 4.0, 5.0], 50) == 3.0
    assert percentile([0.0, 10.0], 95) == pytest.approx(9.5)
    assert summary([3.0, 1.0, 2.0]) == (2.0, pytest.approx(2.9))


def test_each_action_is_timed_on_a_mid_game_board() -> None:
    (result,) = measure(["gatigo"], 6, level=1, seed=3)
    assert result.ruleset == "gatigo" and result.players == 2
    assert len(result.seconds["advice"]) == 6 and len(result.seconds["move"]) == 6
    assert len(result.seconds["cast"]) >= 6 and all(s > 0 for s in result.seconds["cast"])
    assert min(result.fill) >= LEAST  # most pieces on the board at every timed cast
    assert result.positions == "played"


def test_neeley_is_timed_on_placed_mid_game_boards() -> None:
    (result,) = measure(["neeley"], 5, level=0, seed=2)
    assert result.placed >= 1 and result.positions in ("placed", "mixed")  # play alone never fills its board
    assert min(result.fill) >= LEAST and max(result.fill) >= MID


def test_placed_pieces_stand_on_free_cells_of_their_own_paths() -> None:
    import random

    from printgen.engine.position import HAND, Position
    from printgen.ruleset_files import load_ruleset

    start = Position.new(load_ruleset("neeley"), 2)
    pos = fill_board(start, random.Random(4))
    assert sum(pos.on_board(s) for s in range(2)) >= MID * 12
    assert abs(pos.on_board(0) - pos.on_board(1)) <= 1  # the seat with fewer goes first
    for seat in range(2):
        cells = [c for c in pos.places(seat) if c != HAND]
        assert all(c in pos.path(seat)[:-1] for c in cells)
        assert pos.holdings(seat) == start.holdings(seat)
    assert len(pos.board()) == sum(pos.on_board(s) for s in range(2))  # one piece to a cell
    assert fill_board(start, random.Random(4)) == pos  # seeded: the same board again


def test_the_command_reports_json(capsys: pytest.CaptureFixture[str]) -> None:
    from typer.testing import CliRunner

    from printgen.cli.app import app

    out = CliRunner().invoke(app, ["lab", "bench-serve", "-r", "bell", "--turns", "5", "--level", "0", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout.strip().splitlines()[-1])
    assert {r["action"] for r in data["rows"]} == {"cast", "move", "advice"} and data["memory_mb"] > 10
    assert data["level"] == 0 and all(r["count"] >= 5 for r in data["rows"])


def test_without_httpx2_the_benchmark_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from printgen.errors import MissingLibraryError

    monkeypatch.setitem(sys.modules, "httpx2", None)  # an install without the test extra
    monkeypatch.setitem(sys.modules, "httpx", None)
    monkeypatch.delitem(sys.modules, "starlette.testclient", raising=False)
    with pytest.raises(MissingLibraryError, match="httpx2"):
        measure(["gatigo"], 5, level=0, seed=1)
