"""The engine is compiled before a command needs it, once, with a word about it."""

from __future__ import annotations

import pytest

from printgen.cli.engine_ready import INTRO, prepare_engine
from printgen.engine import jit
from printgen.players.analysis import advisor  # noqa: F401  (compiled with the real cache)
from printgen.players.lab import contest, warmup  # noqa: F401
from printgen.players.roster import registry  # noqa: F401

needs_numba = pytest.mark.skipif(not jit.JIT, reason="numba is not in use (PATOLLI_NO_JIT or not installed)")


def test_each_command_needs_known_steps():
    for command, keys in warmup.NEEDS.items():
        assert keys and all(key in warmup.STEPS for key in keys), command
    assert warmup.NEEDS["play"] == ("rules", "advisor", "players")


@needs_numba
def test_a_fresh_cache_is_prepared_once_with_progress(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(jit, "CACHE_DIR", tmp_path)
    # advice checks its calibration map on positions of random play: the players' code too
    assert [s.key for s in warmup.missing(warmup.NEEDS["advise"])] == ["rules", "advisor", "players"]
    prepare_engine("advise")
    err = capsys.readouterr().err
    assert INTRO in err
    assert "1/3: the rules kernel" in err and "2/3: the advisor's evaluation and search" in err
    assert "3/3: the computer players" in err
    assert "ready in" in err
    assert warmup.missing(warmup.NEEDS["advise"]) == []
    assert sorted(p.name for p in tmp_path.glob("ready-*")) == ["ready-advisor", "ready-players", "ready-rules"]
    prepare_engine("advise")
    assert capsys.readouterr().err == "", "a prepared engine starts without a word"
    assert [s.key for s in warmup.missing(warmup.NEEDS["solve"])] == ["solver"]


@needs_numba
def test_every_step_runs(monkeypatch, tmp_path):
    monkeypatch.setattr(jit, "CACHE_DIR", tmp_path)
    reports = []
    warmup.prepare(tuple(warmup.STEPS), lambda done, total, step: reports.append((done, total, step)))
    assert [(d, s.key if s else None) for d, _, s in reports] == [
        (0, "rules"), (1, "advisor"), (2, "players"), (3, "contests"), (4, "bench"), (5, "solver"), (6, None)]


def test_the_command_line_loads_no_engine_or_renderer_until_a_command_needs_it():
    import subprocess
    import sys

    code = ("import sys; import printgen.cli.app\n"
            "print(sorted(m for m in ('numba', 'numpy', 'reportlab', 'svgwrite', 'printgen.engine.kernel',\n"
            "             'printgen.players.search.plain', 'typer.rich_utils') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    assert out.stdout.strip() == "[]"
