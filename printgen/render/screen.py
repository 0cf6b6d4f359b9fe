"""The board and pieces on a screen (the phone pages), drawn by the print renderer: the SVG and each cell's centre.

The page never works out the board itself: it lays pieces, arrows and marks on the cell centres sent here,
in the SVG's own millimetres.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from printgen.engine.seats import seat_colours
from printgen.render.faces import TOKEN, piece_face
from printgen.render.palette import PLAYER_COLOURS, palette
from printgen.render.prints import PrintOptions, board_drawing, default_cell
from printgen.render.scene import Page
from printgen.render.svg import render_svg
from printgen.rulesets.model import Ruleset


@lru_cache(maxsize=32)
def board_svg(rs: Ruleset, players: int, lang: str) -> str:
    """Returns the board as printed (same cells, numbers, kinds and colours), as SVG text."""
    d = board_drawing(rs, default_cell(), None, PrintOptions(lang=lang, players=players))
    return render_svg(Page(d.width, d.height, list(d.items), label="board"), palette())


@lru_cache(maxsize=32)
def board_geometry(rs: Ruleset, players: int) -> dict[str, Any]:
    """Returns the board's size and each cell's centre and kind, in the SVG's millimetres, and each seat's colour
    (its arm's, as printed: engine.seats.seat_colour) as the colour itself and as its index (`hues`, for the
    page's styles)."""
    d = board_drawing(rs, default_cell(), None, PrintOptions(players=players))
    hues = seat_colours(rs.board.seats, players)
    centres = {str(n): [round(sum(p[0] for p in c) / 4, 3), round(sum(p[1] for p in c) / 4, 3)]
               for n, c in d.corners.items()}
    return {"width": round(d.width, 3), "height": round(d.height, 3), "cell": d.cell, "piece": TOKEN,
            "centres": centres, "kinds": {str(n): k.value for n, k in d.kinds.items()},
            "colours": [PLAYER_COLOURS[c] for c in hues], "hues": list(hues)}


@lru_cache(maxsize=4)
def piece_svg(colour: int) -> str:
    """Returns a piece of a colour (an index of engine.seats.COLOURS) as printed: its colour and its shape."""
    return render_svg(Page(TOKEN, TOKEN, list(piece_face(colour)), label="piece"), palette())
