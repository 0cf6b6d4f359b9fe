"""Path operations, typed: move, line, cubic curve and close, and the one walk that hands them to a backend's pen.

Each operation is a named tuple (a third of the cost of a frozen dataclass to make, and a page of the kit makes
thousands) that compares equal only to the same kind of operation with the same numbers.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple, Protocol


class MoveTo(NamedTuple):
    """Starts a new subpath at (x, y)."""

    x: float
    y: float


class LineTo(NamedTuple):
    """A straight segment to (x, y)."""

    x: float
    y: float


class CurveTo(NamedTuple):
    """A cubic Bézier segment to (x, y), pulled towards the control points (x1, y1) and (x2, y2)."""

    x1: float
    y1: float
    x2: float
    y2: float
    x: float
    y: float


class Close(NamedTuple):
    """Closes the subpath with a straight segment back to its start."""


def _same_op(a: tuple[Any, ...], b: object) -> bool:
    return type(a) is type(b) and tuple.__eq__(a, b)


def _other_op(a: tuple[Any, ...], b: object) -> bool:
    return not _same_op(a, b)


for _kind in (MoveTo, LineTo, CurveTo, Close):  # equal as the same kind, never as bare numbers
    _kind.__eq__, _kind.__ne__, _kind.__hash__ = _same_op, _other_op, tuple.__hash__  # type: ignore[assignment,method-assign]

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
    """Draws path operations with a pen, in order (by exact type: the walk runs for every path printed)."""
    move_to, line_to, curve_to, close = pen.move_to, pen.line_to, pen.curve_to, pen.close
    for op in ops:
        kind = type(op)
        if kind is CurveTo:
            curve_to(op.x1, op.y1, op.x2, op.y2, op.x, op.y)  # type: ignore[union-attr]
        elif kind is LineTo:
            line_to(op.x, op.y)  # type: ignore[union-attr]
        elif kind is MoveTo:
            move_to(op.x, op.y)  # type: ignore[union-attr]
        else:
            close()
