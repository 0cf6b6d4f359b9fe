"""PNG output needs the system cairo library: where it cannot be loaded, one line says which package to install."""

from __future__ import annotations

import builtins
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from printgen.cli.app import app
from printgen.cli.tournament_cmd import write_results
from printgen.errors import MissingLibraryError
from printgen.players.lab.tournament import run_tournament
from printgen.render.heatmap import heatmap_svg, write_heatmap

runner = CliRunner()
NO_CAIRO = ("error: PNG output needs the cairo library: install the Debian package libcairo2 "
            "(apt-get install libcairo2)")


@pytest.fixture
def no_cairo(monkeypatch: pytest.MonkeyPatch) -> None:
    """Makes `import cairosvg` fail as it does where libcairo.so.2 is not installed (cairocffi raises OSError)."""
    real_import = builtins.__import__

    def without_cairo(name: str, *args, **kwargs):
        if name == "cairosvg" or name.startswith("cairocffi"):
            raise OSError('no library called "cairo-2" was found\nno library called "cairo" was found\n'
                          "cannot load library 'libcairo.so.2': libcairo.so.2: cannot open shared object file")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", without_cairo)


def test_png_without_cairo_is_one_line_and_exit_2(no_cairo: None, tmp_path: Path) -> None:
    result = runner.invoke(app, ["beans", "-r", "bell", "--format", "png", "-o", str(tmp_path)])
    assert result.exit_code == 2
    assert result.output.strip() == NO_CAIRO and "Traceback" not in result.output
    assert list(tmp_path.iterdir()) == []


def test_svg_previews_do_not_need_cairo(no_cairo: None, tmp_path: Path) -> None:
    result = runner.invoke(app, ["board", "-r", "gatigo", "--format", "svg", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "gatigo-board-a4-en.svg").read_text().startswith("<?xml")


def test_heatmaps_without_cairo_write_nothing(no_cairo: None, tmp_path: Path) -> None:
    svg = heatmap_svg("t", "s", ["a", "b"], ["a", "b"], [[0.5, 0.25], [0.75, 0.5]], fmt="{:.2f}", diverging=True,
                      centre=0.5)
    with pytest.raises(MissingLibraryError, match=r"^heatmap PNG output needs the cairo library: install the "
                                                  r"Debian package libcairo2 \(apt-get install libcairo2\)$"):
        write_heatmap(tmp_path / "heatmap-x", svg)
    assert list(tmp_path.iterdir()) == []
    result = run_tournament("gatigo", matches=1, seed=2, workers=1, players=("gatigo:S0T0", "gatigo:S1T1"))
    with pytest.raises(MissingLibraryError, match="libcairo2"):
        write_results(result, tmp_path / "t")
    assert not (tmp_path / "t").exists()


def test_tournament_without_cairo_stops_before_playing(no_cairo: None, tmp_path: Path) -> None:
    result = runner.invoke(app, ["lab", "tournament", "--contests", "1", "--out", str(tmp_path / "t")])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert result.output.strip().splitlines() == [NO_CAIRO.replace("PNG output", "heatmap PNG output")]
    assert "pairings" not in result.output and not (tmp_path / "t").exists()


def test_a_missing_python_package_is_named_for_pip(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "cairosvg", None)  # import of cairosvg halted: as if not installed
    result = runner.invoke(app, ["cards", "-r", "neeley", "--format", "png", "-o", str(tmp_path)])
    assert result.exit_code == 2
    assert result.output.strip() == "error: PNG output needs the Python package cairosvg: pip install cairosvg"
