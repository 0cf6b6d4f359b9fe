"""Path operations, typed: move, line, cubic curve and close, and the one walk that hands them to a backend's pen."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True, slots=True)
class MoveTo:
    """Starts a new subpath at (x, y)."""

    x: float
    y: float


@dataclass(frozen=True, slots=True)
class LineTo:
    """A straight segment to (x, y)."""

    x: float
    y: float


@dataclass(frozen=True, slots=True)
class CurveTo:
    """A cubic Bézier segment to (x, y), pulled towards the control points (x1, y1) and (x2, y2)."""

    x1: float
    y1: float
    x2: float
    y2: float
    x: float
    y: float


@dataclass(frozen=True, slots=True)
class Close:
    """Closes the subpath with a straight segment back to its start."""


CLOSE = Close()
Op = MoveTo | LineTo | CurveTo | Close


def arc_ops(cx: float, cy: float, r: float, start: float, end: float, move: bool = True) -> list[Op]:
    """Returns Bézier operations for a circular arc from angle start to end (degrees, clockwise on the page)."""
    ops: list[Op] = []
    steps = max(1, math.ceil(abs(end - start) / 90))
    span = math.radians(end - start) / steps
    k = 4 / 3 * math.tan(span / 4) * r
    a = math.radians(start)
    x0, y0 = cx + r * math.cos(a), cy + r * math.sin(a)
    if move:
        ops.append(MoveTo(x0, y0))
    for _ in range(steps):
        b = a + span
        x1, y1 = cx + r * math.cos(b), cy + r * math.sin(b)
        ops.append(CurveTo(x0 - k * math.sin(a), y0 + k * math.cos(a), x1 + k * math.sin(b), y1 - k * math.cos(b),
                           x1, y1))
        a, x0, y0 = b, x1, y1
    return ops


class Pen(Protocol):
    """What draws a path's operations: a backend's path builder."""

    def move_to(self, x: float, y: float) -> None: ...

    def line_to(self, x: float, y: float) -> None: ...

    def curve_to(self, x1: float, y1: float, x2: float, y2: float, x: float, y: float) -> None: ...

    def close(self) -> None: ...


def trace(ops: tuple[Op, ...] | list[Op], pen: Pen) -> None:
    """Draws path operations with a pen, in order."""
    for op in ops:
        match op:
            case MoveTo(x, y):
                pen.move_to(x, y)
            case LineTo(x, y):
                pen.line_to(x, y)
            case CurveTo(x1, y1, x2, y2, x, y):
                pen.curve_to(x1, y1, x2, y2, x, y)
            case Close():
                pen.close()
