"""The board drawn in the terminal: every cell numbered, a key under it, a move's cells marked by glyph as well as
colour and named by number; `play --resume` draws it even with a cast awaiting its move (issue 23, item 2)."""

from __future__ import annotations

import builtins
import re
from pathlib import Path

import pytest
from helpers import Lines, P
from rich.console import Console
from typer.testing import CliRunner

from printgen.cli.app import app
from printgen.cli.board_text import board_key, draw_board
from printgen.cli.narrate import describe
from printgen.cli.position_view import show_position
from printgen.engine.moves import Move
from printgen.engine.topology import topology_for
from printgen.play.marks import MARK_GLYPH, marked_move, move_marks
from printgen.play.session import Session
from printgen.ruleset_files import load_ruleset

runner = CliRunner()
MIDGAME = "gatigo/2 g1 move A starter=A last=- pool=0 offering=0 | A 20 cw 11,24,h,h,h | B 20 cw 27,30,h,h,h"
COLOURS = ("white", "green", "blanc", "verde", "blanca")


def plain(text: object) -> str:
    console = Console(record=True, width=200, color_system=None)
    console.print(text)
    return console.export_text()


@pytest.mark.parametrize("name", ["bell", "neeley", "gatigo"])
def test_every_cell_shows_its_number_with_the_pieces(name: str) -> None:
    rs = load_ruleset(name)
    topo = topology_for(rs)
    pieces = {topo.cells[3].number: 0, topo.cells[20].number: 1}
    text = plain(draw_board(topo, pieces, players=2))
    numbers = sorted(int(n) for n in re.findall(r"[0-9]+", text))
    assert numbers == sorted(c.number for c in topo.cells)  # each cell once, none hidden under a piece
    for cell, seat in pieces.items():
        assert re.search(rf"{'AB'[seat]} ?{cell}\b", text), text
    assert max(len(line) for line in text.splitlines()) <= 80  # fits a terminal of 80 columns


def test_a_marked_move_shows_its_glyphs_and_names_its_cells() -> None:
    pos = P(MIDGAME)
    move = Move.parse("11-14")
    marks = move_marks(move)
    assert marks == {11: "from", 14: "to"}
    text = plain(draw_board(pos.topology, pos.board(), marks, pos.players))
    assert f"A11{MARK_GLYPH['from']}" in text and f"14{MARK_GLYPH['to']}" in text
    for lang in ("en", "es"):
        words = marked_move(move, lang)
        assert words is not None and "11" in words and "14" in words and MARK_GLYPH["to"] in words
        assert not any(c in words for c in COLOURS)
    assert "cell 3" in (marked_move(Move.parse("E3"), "en") or "")
    assert "hand" in (marked_move(Move.parse("11-h"), "en") or "")


def test_the_key_names_the_kinds_on_the_board_and_the_marks() -> None:
    rs = load_ruleset("bell")
    topo = topology_for(rs)
    key = plain(board_key(rs, topo, "en", marked=True))
    assert "A12" in key and "wedge cells" in key and "rounded cells" in key and "central" not in key  # bell has none
    assert MARK_GLYPH["from"] in key and MARK_GLYPH["to"] in key
    assert "casillas de cuña" in plain(board_key(rs, topo, "es"))
    gatigo = load_ruleset("gatigo")  # each ruleset's cells by its booklet's names
    assert "toll cells" in plain(board_key(gatigo, topology_for(gatigo), "en"))


def test_a_drawn_position_carries_its_key() -> None:
    console = Console(record=True, width=120, color_system=None)
    show_position(P(MIDGAME), console, {11: "from"}, "es")
    text = console.export_text()
    assert "clave:" in text and MARK_GLYPH["from"] in text


def test_advise_names_the_suggested_cells_by_number_not_colour() -> None:
    result = runner.invoke(app, ["advise", MIDGAME, "--cast", "2", "--level", "1"])
    assert result.exit_code == 0, result.output
    line = next(ln for ln in result.output.splitlines() if "suggested:" in ln)
    assert not any(c in line for c in COLOURS), line
    assert re.search(r"cell [0-9]+", line), line




def test_resume_draws_the_board_with_a_cast_awaiting_its_move(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from printgen.cli.play_cmd import _play

    path = tmp_path / "g.json"
    with Session.new(load_ruleset("gatigo"), 1, "advisor:0", 8, path, False, describe) as session:
        out = Lines()
        while session.pending is None:
            session.handle("cast", out)
    with Session.load(path, describe) as resumed:
        assert resumed.pending is not None
        typed = iter(["quit"])
        monkeypatch.setattr(builtins, "input", lambda prompt="": next(typed))
        out = Lines()
        _play(resumed, out, interactive=True)
    assert out.lines[0] == "<board>", out.lines[:3]


def test_hint_in_play_marks_the_board_and_names_the_cells(tmp_path: Path) -> None:
    class Marks(Lines):
        def board(self, pos: object, marks: object = None) -> None:
            self.lines.append(f"<board {marks}>")

    with Session.new(load_ruleset("gatigo"), 1, "advisor:0", 8, tmp_path / "g.json", False, describe) as session:
        out = Marks()
        while session.pending is None:
            session.handle("cast", out)
        session.handle("hint", out)
    board = next(ln for ln in out.lines if ln.startswith("<board"))
    assert "'to'" in board
    assert out.lines[-1].startswith("suggested: ") and "cell" in out.lines[-1]
