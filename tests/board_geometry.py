"""Plane geometry for board tests: the outlines of drawn items and of cell numbers, containment and overlap."""

from __future__ import annotations

import math

from printgen.render.affine import Affine
from printgen.render.board_layout import LATO_CAP
from printgen.render.fonts import text_width
from printgen.render.paths import CurveTo
from printgen.render.scene import Close, Leaf, Path, Text

Point = tuple[float, float]


def hull(points: list[Point]) -> list[Point]:
    """Returns the convex hull of points, anticlockwise in y-up terms (monotone chain)."""
    pts = sorted(set(points))
    if len(pts) < 3:
        return pts

    def cross(o: Point, a: Point, b: Point) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[Point] = []
    upper: list[Point] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def path_outline(leaf: Leaf) -> list[Point]:
    """Returns the convex hull of a path on the page, its curves sampled every 1/16 of their length."""
    item = leaf.item
    assert isinstance(item, Path)
    pts: list[Point] = []
    last = (0.0, 0.0)
    for op in item.ops:
        if isinstance(op, Close):
            continue
        if isinstance(op, CurveTo):
            (x0, y0), (x1, y1), (x2, y2), (x3, y3) = last, (op.x1, op.y1), (op.x2, op.y2), (op.x, op.y)
            for i in range(1, 16):
                t = i / 16
                u = 1 - t
                pts.append((u ** 3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t ** 3 * x3,
                            u ** 3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t ** 3 * y3))
        pts.append((op.x, op.y))
        last = (op.x, op.y)
    return hull([leaf.transform.apply(x, y) for x, y in pts])


def text_box(leaf: Leaf) -> list[Point]:
    """Returns the four page corners of a line of figures' box: its advance width by its cap height."""
    t = leaf.item
    assert isinstance(t, Text)
    w = text_width(t.text, t.font, t.size)
    cap = LATO_CAP * t.size * 25.4 / 72
    x0 = -t.start_offset(w)
    turn = Affine.rotate(t.rotation)
    local = [(x0, 0.0), (x0 + w, 0.0), (x0 + w, -cap), (x0, -cap)]
    return [leaf.transform.apply(*(lambda p: (p[0] + t.x, p[1] + t.y))(turn.apply(x, y))) for x, y in local]


def stroke_margin(leaf: Leaf) -> float:
    """Returns half a path's stroke width on the page (0 for a fill)."""
    item = leaf.item
    assert isinstance(item, Path)
    if not item.style.stroke:
        return 0.0
    a, b, _, _, _, _ = leaf.transform
    return item.style.width * math.hypot(a, b) / 2


def _axes(poly: list[Point]) -> list[Point]:
    out = []
    for i, (x0, y0) in enumerate(poly):
        x1, y1 = poly[(i + 1) % len(poly)]
        n = math.hypot(y1 - y0, x1 - x0)
        if n > 1e-12:
            out.append(((y0 - y1) / n, (x1 - x0) / n))
    return out


def overlap(a: list[Point], b: list[Point], margin: float = 0.0) -> bool:
    """Returns whether two convex polygons come within `margin` mm of each other (separating-axis test)."""
    for ax, ay in _axes(a) + _axes(b):
        pa = [x * ax + y * ay for x, y in a]
        pb = [x * ax + y * ay for x, y in b]
        if max(pa) + margin < min(pb) or max(pb) + margin < min(pa):
            return False
    return True


def _seg_dist(p: Point, a: Point, b: Point) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy or 1.0)))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def inside(points: list[Point], poly: list[Point], margin: float = 0.0) -> bool:
    """Returns whether every point lies inside the convex polygon, at least `margin` mm from its edges."""
    for p in points:
        signs = set()
        for i, a in enumerate(poly):
            b = poly[(i + 1) % len(poly)]
            c = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
            if abs(c) > 1e-9:
                signs.add(c > 0)
            if _seg_dist(p, a, b) < margin:
                return False
        if len(signs) > 1:
            return False
    return True
