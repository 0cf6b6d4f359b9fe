"""Draws the cross in the terminal from the engine's topology: cell numbers, or pieces on the board."""

from __future__ import annotations

from rich.text import Text

from printgen.engine.seats import SEAT_COLOURS, SEAT_NAMES, SEAT_SHAPES
from printgen.engine.topology import CellKind, Topology
from printgen.render.palette import PLAYER_COLOURS
from printgen.rules_text.lang import Texts

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
# Each seat in the colour the kit prints it (render.palette), with the shape its pieces carry.
SEAT_STYLE = tuple(f"bold white on {colour}" for colour in PLAYER_COLOURS)
SEAT_GLYPH = dict(zip(("circle", "square", "triangle", "diamond"), "●■▲◆", strict=True))


def seat_key(topo: Topology, players: int, lang: str = "en") -> Text:
    """Returns one line naming where each seat of a game sits: its letter, colour and shape, and start cell."""
    T = Texts(lang)
    text = Text(T("play.board_players", n=players))
    for place in topo.seat_places(players):
        s = place.seat
        text.append(" ")
        text.append(f"{SEAT_NAMES[s]}{SEAT_GLYPH[SEAT_SHAPES[s]]}", style=SEAT_STYLE[s])
        text.append(T("play.board_colour", colour=T(f"colour.{SEAT_COLOURS[s]}"), start=place.start))
    return text


def legend() -> Text:
    """Returns a one-line key to the cell colours and glyphs."""
    text = Text()
    for kind in CellKind:
        text.append(f" {KIND_GLYPH[kind]} {kind.value} ", style=KIND_STYLE[kind])
    return text


def draw_board(
    topo: Topology,
    pieces: dict[int, int] | None = None,
    marks: dict[int, str] | None = None,
    players: int | None = None,
) -> Text:
    """Returns the cross as text: cell numbers alone, or with pieces {cell: seat} and marks {cell: style}; with
    players, each seat's start cell shows in the seat's colour."""
    starts = {p.start: p.seat for p in topo.seat_places(players)} if players else {}
    x0, y0, x1, y1 = topo.extent()
    by_grid = {c.grid: c for c in topo.cells}
    width = 4 if pieces is None else 3
    text = Text()
    for y in range(y1, y0 - 1, -1):
        for x in range(x0, x1 + 1):
            cell = by_grid.get((x, y))
            if cell is None:
                text.append(" " * width)
                continue
            if pieces is None:
                label = f"{cell.number:>3} "
                style = SEAT_STYLE[starts[cell.number]] if cell.number in starts else KIND_STYLE[cell.kind]
            elif cell.number in pieces:
                label = f" {'ABCD'[pieces[cell.number]]} "
                style = SEAT_STYLE[pieces[cell.number]]
            else:
                label = f" {KIND_GLYPH[cell.kind]} "
                style = KIND_STYLE[cell.kind]
            if marks and cell.number in marks:
                style = marks[cell.number]
            text.append(label, style=style)
        text.append("\n")
    return text
