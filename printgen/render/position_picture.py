"""A position drawn on the printed board: the pieces in their seats' colours and shapes, cells ringed, a move's arrow.

Shared by the rules booklet's worked example and the game review's key moments.
"""

from __future__ import annotations

import math

from printgen.engine.position import Position
from printgen.engine.topology import topology_for
from printgen.render import glyphs
from printgen.render.affine import Affine
from printgen.render.board_layout import draw_board
from printgen.render.scene import Group, Item, Style, circle, line, polygon
from printgen.render.words import BOARD_LABELS


def position_picture(pos: Position, width: float, lang: str, highlight: tuple[int, ...] = (),
                     move: tuple[int, int] | None = None) -> tuple[list[Item], float]:
    """Returns the whole board with the position's pieces, ringed cells and a move arrow (from, to), width mm wide;
    and its height."""
    rs = pos.ruleset
    d = draw_board(rs, topology_for(rs), 20.0, rs.board.orientation, pos.players, BOARD_LABELS[lang])
    k = width / d.width
    centre = {n: (sum(p[0] for p in c) / 4, sum(p[1] for p in c) / 4) for n, c in d.corners.items()}
    marks: list[Item] = []
    for n in highlight:
        x, y = centre[n]
        marks.append(circle(x, y, 8.5, Style(stroke="flower", width=1.6), tag=f"highlight {n}"))
    for n, seat in pos.board().items():
        x, y = centre[n]
        marks.append(circle(x, y, 6.5, Style(fill=f"player.{seat}", stroke="ink", width=0.4), tag=f"piece {n}"))
        marks.append(glyphs.seat_shape(seat, x, y, 2.8, Style(fill=f"player.mark.{seat}")))
    if move is not None and move[0] in centre and move[1] in centre:
        marks += move_arrow(centre[move[0]], centre[move[1]])
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
