"""A position drawn on the printed board: the pieces in their seats' colours, cells ringed, a move's arrow, and
every cell it names numbered legibly however small the board is drawn.

Shared by the rules booklet's worked example and the game review's key moments.
"""

from __future__ import annotations

import math

from printgen.engine.position import Position
from printgen.engine.seats import seat_colour
from printgen.engine.topology import topology_for
from printgen.render.affine import Affine
from printgen.render.board_layout import LATO_CAP, draw_board
from printgen.render.fonts import text_width
from printgen.render.scene import Group, Item, Style, Text, circle, line, polygon
from printgen.render.words import BOARD_LABELS

NAMED_FIGURE = 1.8  # mm: the height of a named cell's number in a shrunk board picture (about 7 pt)


def position_picture(pos: Position, width: float, lang: str, highlight: tuple[int, ...] = (),
                     move: tuple[int, int] | None = None) -> tuple[list[Item], float]:
    """Returns the whole board with the position's pieces, ringed cells and a move arrow (from, to), width mm wide;
    and its height.

    The board is shrunk to the page, so every cell the picture names (a piece's, a ringed one, the move's) carries
    its number again, NAMED_FIGURE mm tall, dark on a light disc: in a piece of its seat's colour, or in a ring.
    """
    rs = pos.ruleset
    d = draw_board(rs, topology_for(rs), 20.0, rs.board.orientation, pos.players, BOARD_LABELS[lang])
    k = width / d.width
    centre = {n: (sum(p[0] for p in c) / 4, sum(p[1] for p in c) / 4) for n, c in d.corners.items()}
    size = NAMED_FIGURE / k / LATO_CAP * 72 / 25.4  # points, in board units before the shrink
    marks: list[Item] = []
    pieces = pos.board()
    moved = list(move) if move is not None and move[0] in centre and move[1] in centre else []
    for n in sorted((set(highlight) | set(pieces) | set(moved)) & set(centre)):
        x, y = centre[n]
        inner = text_width(str(n), "body-bold", size) / 2 + 0.9 / k
        if n in pieces:
            colour = seat_colour(rs.board.seats, pos.players, pieces[n])  # its arm's, as the board prints it
            marks.append(circle(x, y, inner + 0.6 / k, Style(fill=f"seat.{colour}", stroke="ink", width=0.3 / k),
                                tag=f"piece {n}"))
        if n in highlight:
            marks.append(circle(x, y, inner + 0.9 / k, Style(stroke="flower", width=0.5 / k), tag=f"highlight {n}"))
        marks.append(circle(x, y, inner, Style(fill="paper"), tag=f"label disc {n}"))
        marks.append(Text(x, y + NAMED_FIGURE / k / 2, str(n), "body-bold", size, fill="ink", anchor="middle",
                          tag=f"named {n}"))
    if moved:
        marks[:0] = move_arrow(centre[moved[0]], centre[moved[1]])
    return [Group((*d.items, *marks), Affine.scale(k))], d.height * k


def move_arrow(a: tuple[float, float], b: tuple[float, float]) -> list[Item]:
    """Returns an arrow from one cell's centre to another's (board millimetres at a 20 mm cell)."""
    (ax, ay), (bx, by) = a, b
    dist = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / dist, (by - ay) / dist
    tip = (bx - ux * 7, by - uy * 7)
    base = (tip[0] - ux * 6, tip[1] - uy * 6)
    head = polygon([tip, (base[0] - uy * 3.5, base[1] + ux * 3.5), (base[0] + uy * 3.5, base[1] - ux * 3.5)],
                   Style(fill="ink"), tag="move arrow")
    return [line((ax + ux * 7, ay + uy * 7), base, Style(stroke="ink", width=1.8), tag="move arrow"), head]
