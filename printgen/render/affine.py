"""The one transform type: a 2-D affine map, in the (a, b, c, d, e, f) order PDF and SVG both use."""

from __future__ import annotations

import math
from typing import NamedTuple

Point = tuple[float, float]


class Affine(NamedTuple):
    """Maps (x, y) to (ax + cy + e, bx + dy + f); on the page (y down) a positive turn is clockwise.

    A named tuple, so it unpacks straight into a PDF `cm` or an SVG matrix(), and costs little to make.
    Components are kept as given (whole numbers stay whole), so a transform prints as it was written.
    """

    a: float
    b: float
    c: float
    d: float
    e: float
    f: float

    @classmethod
    def translate(cls, dx: float, dy: float) -> Affine:
        """Returns the transform moving by (dx, dy)."""
        return cls(1, 0, 0, 1, dx, dy)

    @classmethod
    def scale(cls, sx: float, sy: float | None = None) -> Affine:
        """Returns the transform scaling by sx across and sy down (sy defaults to sx)."""
        return cls(sx, 0, 0, sx if sy is None else sy, 0, 0)

    @classmethod
    def rotate(cls, deg: float, cx: float = 0, cy: float = 0) -> Affine:
        """Returns the transform turning by deg degrees (clockwise on the page) about (cx, cy)."""
        a = math.radians(deg)
        c, s = math.cos(a), math.sin(a)
        return cls(c, s, -s, c, cx - c * cx + s * cy, cy - s * cx - c * cy)

    @classmethod
    def quarter_turn(cls, q: int) -> Affine:
        """Returns q quarter turns clockwise about the origin, exactly (no rounding from sines)."""
        return _QUARTER_TURNS[q % 4]

    def compose(self, inner: Affine) -> Affine:
        """Returns the transform applying inner first, then this one (also written self @ inner)."""
        a1, b1, c1, d1, e1, f1 = self
        a2, b2, c2, d2, e2, f2 = inner
        return Affine(a1 * a2 + c1 * b2, b1 * a2 + d1 * b2, a1 * c2 + c1 * d2, b1 * c2 + d1 * d2,
                      a1 * e2 + c1 * f2 + e1, b1 * e2 + d1 * f2 + f1)

    def __matmul__(self, inner: Affine) -> Affine:
        """Returns self.compose(inner)."""
        return self.compose(inner)

    def inverse(self) -> Affine:
        """Returns the transform undoing this one; a transform that flattens the plane has none (ValueError)."""
        a, b, c, d, e, f = self
        det = a * d - b * c
        if det == 0:
            raise ValueError(f"{self} flattens the plane onto a line and has no inverse")
        return Affine(d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det)

    def apply(self, x: float, y: float) -> Point:
        """Returns the point (x, y) through this transform."""
        return (self.a * x + self.c * y + self.e, self.b * x + self.d * y + self.f)


IDENTITY = Affine(1, 0, 0, 1, 0, 0)
_QUARTER_TURNS = (IDENTITY, Affine(0, 1, -1, 0, 0, 0), Affine(-1, 0, 0, -1, 0, 0), Affine(0, -1, 1, 0, 0, 0))
