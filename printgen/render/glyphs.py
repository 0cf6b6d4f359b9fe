"""Small pictures used across prints: the flower of Macuilxóchitl, the play-again arrow, seat shapes, beans."""

from __future__ import annotations

import math

from printgen.engine.seats import SHAPES
from printgen.render.paths import CLOSE, LineTo, MoveTo, Op, arc_ops
from printgen.render.scene import Path, Style, circle, polygon


def flower(cx: float, cy: float, r: float, tag: str = "", fill: str = "flower") -> Path:
    """Returns a five-petalled flower (Macuilxóchitl, 'five flower'), as one path."""
    ops: list[Op] = []
    for i in range(5):
        a = math.radians(-90 + i * 72)
        px, py = cx + math.cos(a) * r * 0.55, cy + math.sin(a) * r * 0.55
        ops += [*arc_ops(px, py, r * 0.42, 0, 360), CLOSE]
    ops += [*arc_ops(cx, cy, r * 0.28, 0, 360), CLOSE]
    return Path(tuple(ops), Style(fill=fill), tag)


def again(cx: float, cy: float, r: float, tag: str = "") -> Path:
    """Returns a circular arrow: this cell gives another turn."""
    ops = arc_ops(cx, cy, r, -60, 220)
    a = math.radians(220)
    px, py = cx + r * math.cos(a), cy + r * math.sin(a)
    tx, ty = -math.sin(a), math.cos(a)
    nx, ny = math.cos(a), math.sin(a)
    s = r * 0.55
    head: list[Op] = [MoveTo(px + tx * s, py + ty * s), LineTo(px + nx * s * 0.8, py + ny * s * 0.8),
            MoveTo(px + tx * s, py + ty * s), LineTo(px - nx * s * 0.8, py - ny * s * 0.8)]
    return Path(tuple(ops + head), Style(stroke="cell.line", width=r * 0.22), tag)


def seat_shape(colour: int, cx: float, cy: float, r: float, style: Style, tag: str = "") -> Path:
    """Returns the shape that codes a colour (an index of engine.seats.COLOURS) besides its hue: circle, square,
    triangle, diamond."""
    shape = SHAPES[colour % 4]
    if shape == "circle":
        return circle(cx, cy, r, style, tag)
    if shape == "square":
        s = r * 0.88
        return polygon([(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)], style, tag)
    if shape == "triangle":
        return polygon([(cx, cy - r * 1.1), (cx + r * 1.05, cy + r * 0.75), (cx - r * 1.05, cy + r * 0.75)], style, tag)
    return polygon([(cx, cy - r * 1.15), (cx + r * 1.0, cy), (cx, cy + r * 1.15), (cx - r * 1.0, cy)], style, tag)


def bean(cx: float, cy: float, length: float, style: Style, tag: str = "") -> Path:
    """Returns a kidney-bean outline, length mm long, lying horizontally."""
    a, b = length / 2, length * 0.3
    pts = []
    for i in range(48):
        t = 2 * math.pi * i / 48
        x = a * math.cos(t)
        y = b * math.sin(t)
        if y < 0:  # the bean's hilum: a gentle dent on the upper side
            y *= 1 - 0.35 * math.exp(-((x / (a * 0.35)) ** 2))
        pts.append((cx + x, cy + y))
    return polygon(pts, style, tag)
