"""A move marked on a board drawn in text: the cells it marks, the glyph of each mark, and the words naming them.

A mark is never colour alone: the board draws its glyph after the cell's number, and the words name the cells by
number (printgen/cli/board_text.py draws them; the session and `advise` say the words).
"""

from __future__ import annotations

from printgen.engine.moves import Move, MoveKind
from printgen.rules_text.lang import Texts

MARK_GLYPH = {"from": "○", "to": "◉"}  # the piece that moves, and where it goes


def move_marks(move: Move) -> dict[int, str]:
    """Returns the cells a move marks: {cell: "from" or "to"} (none for a pass or a bet)."""
    marks = {}
    if move.kind is MoveKind.MOVE and move.origin:
        marks[move.origin] = "from"
    if move.kind in (MoveKind.MOVE, MoveKind.ENTER) and move.target:
        marks[move.target] = "to"
    return marks


def marked_move(move: Move, lang: str = "en") -> str | None:
    """Returns the words naming a suggested move by its cells and their marks (None if it marks no cell)."""
    T = Texts(lang)
    glyphs = {"mark_from": MARK_GLYPH["from"], "mark_to": MARK_GLYPH["to"]}
    if move.kind is MoveKind.MOVE:
        key = "play.suggested_move" if move.target else "play.suggested_home"
        return T(key, move=move, origin=move.origin, target=move.target, **glyphs)
    if move.kind is MoveKind.ENTER:
        return T("play.suggested_enter", move=move, target=move.target, **glyphs)
    return None
