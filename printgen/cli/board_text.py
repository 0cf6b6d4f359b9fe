"""Draws the cross in the terminal from the engine's topology: cell numbers, or pieces on the numbered cells.

Nothing is told by colour alone: every cell shows its number and a glyph for its kind, a piece shows its seat's
letter, and a cell marked for a move carries a mark glyph as well as its colour; the key under the board says so.
A seat shows in its arm's colour, as the printed board and pieces do (engine.seats.seat_colour).
"""

from __future__ import annotations

from rich.text import Text

from printgen.engine.seats import COLOURS, SEAT_NAMES, SHAPES, seat_colours
from printgen.engine.topology import CellKind, Topology
from printgen.play.marks import MARK_GLYPH
from printgen.render.palette import PLAYER_COLOURS
from printgen.rules_text.lang import Texts
from printgen.rules_text.phrases import Phrases
from printgen.rulesets.model import Ruleset

KIND_STYLE = {
    CellKind.START: "bold green",
    CellKind.END: "bold magenta",
    CellKind.WEDGE: "bold red",
    CellKind.ROUNDED: "bold cyan",
    CellKind.CENTRE: "bold yellow",
    CellKind.NORMAL: "white",
}
KIND_GLYPH = {
    CellKind.START: "▸", CellKind.END: "×", CellKind.WEDGE: "▾", CellKind.ROUNDED: "◖",
    CellKind.CENTRE: "+", CellKind.NORMAL: "·",
}
# Each colour as the kit prints it (render.palette, by engine.seats.COLOURS), with the shape its pieces carry.
COLOUR_STYLE = tuple(f"bold white on {colour}" for colour in PLAYER_COLOURS)
SEAT_GLYPH = dict(zip(("circle", "square", "triangle", "diamond"), "●■▲◆", strict=True))
# A cell marked for a move: its style and the glyph after its number (the key names them).
MARKS = {role: (style, MARK_GLYPH[role]) for role, style in
         (("from", "bold black on bright_white"), ("to", "bold black on bright_green"))}


def seat_key(topo: Topology, players: int, lang: str = "en") -> Text:
    """Returns one line naming where each seat of a game sits: its letter, colour and shape, and start cell."""
    T = Texts(lang)
    text = Text(T("play.board_players", n=players))
    for place in topo.seat_places(players):
        c = place.colour
        text.append(" ")
        text.append(f"{SEAT_NAMES[place.seat]}{SEAT_GLYPH[SHAPES[c]]}", style=COLOUR_STYLE[c])
        text.append(T("play.board_colour", colour=T(f"colour.{COLOURS[c]}"), start=place.start))
    return text


def legend() -> Text:
    """Returns a one-line key to the cell colours and glyphs."""
    text = Text()
    for kind in CellKind:
        text.append(f" {KIND_GLYPH[kind]} {kind.value} ", style=KIND_STYLE[kind])
    return text


def board_key(rs: Ruleset, topo: Topology, lang: str = "en", marked: bool = False) -> Text:
    """Returns the key to a board drawn with pieces: how a cell reads, the kinds of cell it has (by the names the
    ruleset's booklet gives them: GATIGO's toll cells), and the marks."""
    T = Texts(lang)
    P = Phrases(rs, lang)
    text = Text(T("play.key_cell"))
    for kind in CellKind:
        if any(c.kind is kind for c in topo.cells):
            text.append(" ")
            text.append(f"{KIND_GLYPH[kind]} {P.cells_of_kind(kind, 2)}", style=KIND_STYLE[kind])
    if marked:
        for role, (style, glyph) in MARKS.items():
            text.append(" ")
            text.append(T(f"play.key_{role}", glyph=glyph), style=style)
    return text


def draw_board(
    topo: Topology,
    pieces: dict[int, int] | None = None,
    marks: dict[int, str] | None = None,
    players: int | None = None,
) -> Text:
    """Returns the cross as text: cell numbers alone, or with pieces {cell: seat} of a game of `players` and marks
    {cell: "from" or "to"}.

    With pieces each cell reads as its kind's glyph (or the letter of the seat whose piece is on it, in the seat's
    colour), its number, and a mark glyph if marked; with players, each seat's start cell shows in its colour.
    """
    if pieces and players is None:
        raise ValueError("pieces are drawn in their seats' colours, which depend on the number of players")
    starts = {p.start: p.colour for p in topo.seat_places(players)} if players else {}
    hues = seat_colours(topo.board.seats, players) if players else ()
    x0, y0, x1, y1 = topo.extent()
    by_grid = {c.grid: c for c in topo.cells}
    digits = len(str(max(c.number for c in topo.cells)))
    width = max(4, digits + 1) if pieces is None else digits + 2
    text = Text()
    for y in range(y1, y0 - 1, -1):
        for x in range(x0, x1 + 1):
            cell = by_grid.get((x, y))
            if cell is None:
                text.append(" " * width)
                continue
            n = cell.number
            if pieces is None:
                style = COLOUR_STYLE[starts[n]] if n in starts else KIND_STYLE[cell.kind]
                text.append(f"{n:>{width - 1}} ", style=style)
                continue
            first = "ABCD"[pieces[n]] if n in pieces else KIND_GLYPH[cell.kind]
            style = COLOUR_STYLE[hues[pieces[n]]] if n in pieces else KIND_STYLE[cell.kind]
            mark = (marks or {}).get(n)
            if mark is None:
                text.append(f"{first}{n:>{digits}}", style=style)
                text.append(" ")
            else:
                text.append(f"{first}{n:>{digits}}{MARKS[mark][1]}", style=MARKS[mark][0])
        text.append("\n")
    return text
