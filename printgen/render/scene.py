"""The drawing vocabulary every layout produces and every backend draws: shapes in millimetres, y down."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import NamedTuple

from printgen.render.affine import IDENTITY, Affine, Point

# Path operations: ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",)
Op = tuple[object, ...]


@dataclass(frozen=True)
class Style:
    """How a shape is painted: palette roles (not colours), stroke width in mm, dash lengths in mm."""

    fill: str | None = None
    stroke: str | None = None
    width: float = 0.25
    dash: tuple[float, ...] = ()
    join_round: bool = True


@dataclass(frozen=True)
class Path:
    """A filled and/or stroked path."""

    ops: tuple[Op, ...]
    style: Style
    tag: str = ""  # what it draws, for tests ("cell 12", "cut", "scale bar")


@dataclass(frozen=True)
class Text:
    """One line of text; size in points; anchor start, middle or end; rotation in degrees clockwise."""

    x: float
    y: float
    text: str
    font: str  # a font role: body, body-italic, body-bold, body-black, display, display-bold, ...
    size: float
    fill: str = "ink"
    anchor: str = "start"
    rotation: float = 0.0
    tag: str = ""


@dataclass(frozen=True)
class Group:
    """Items drawn through a transform, optionally clipped to a rectangle (x, y, w, h) in the group's own
    coordinates."""

    items: tuple[Item, ...]
    transform: Affine = IDENTITY
    tag: str = ""
    clip: tuple[float, float, float, float] | None = None


Item = Path | Text | Group


@dataclass
class Page:
    """One printed page (a sheet side): size in mm and what is drawn on it."""

    width: float
    height: float
    items: list[Item] = field(default_factory=list)
    label: str = ""

    def add(self, *items: Item) -> None:
        """Appends items to the page."""
        self.items.extend(items)


# ---- shape helpers ----

def rect(x: float, y: float, w: float, h: float, style: Style, tag: str = "", radius: float = 0.0) -> Path:
    """Returns a rectangle, with rounded corners of the given radius."""
    if radius <= 0:
        return Path((("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",)), style, tag)
    r = min(radius, w / 2, h / 2)
    k = 0.5523 * r
    ops: list[Op] = [("M", x + r, y), ("L", x + w - r, y), ("C", x + w - r + k, y, x + w, y + r - k, x + w, y + r),
                     ("L", x + w, y + h - r),
                     ("C", x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h), ("L", x + r, y + h),
                     ("C", x + r - k, y + h, x, y + h - r + k, x, y + h - r), ("L", x, y + r),
                     ("C", x, y + r - k, x + r - k, y, x + r, y), ("Z",)]
    return Path(tuple(ops), style, tag)


def polygon(points: list[Point], style: Style, tag: str = "", closed: bool = True) -> Path:
    """Returns a polygon (or an open polyline) through the points."""
    ops: list[Op] = [("M", *points[0])] + [("L", *p) for p in points[1:]]
    if closed:
        ops.append(("Z",))
    return Path(tuple(ops), style, tag)


def line(a: Point, b: Point, style: Style, tag: str = "") -> Path:
    """Returns a straight line."""
    return Path((("M", *a), ("L", *b)), style, tag)


def arc_ops(cx: float, cy: float, r: float, start: float, end: float, move: bool = True) -> list[Op]:
    """Returns Bézier operations for a circular arc from angle start to end (degrees, clockwise on the page)."""
    ops: list[Op] = []
    steps = max(1, math.ceil(abs(end - start) / 90))
    span = math.radians(end - start) / steps
    k = 4 / 3 * math.tan(span / 4) * r
    a = math.radians(start)
    x0, y0 = cx + r * math.cos(a), cy + r * math.sin(a)
    if move:
        ops.append(("M", x0, y0))
    for _ in range(steps):
        b = a + span
        x1, y1 = cx + r * math.cos(b), cy + r * math.sin(b)
        ops.append(("C", x0 - k * math.sin(a), y0 + k * math.cos(a),
                    x1 + k * math.sin(b), y1 - k * math.cos(b), x1, y1))
        a, x0, y0 = b, x1, y1
    return ops


def circle(cx: float, cy: float, r: float, style: Style, tag: str = "") -> Path:
    """Returns a circle."""
    return Path(tuple(arc_ops(cx, cy, r, 0, 360) + [("Z",)]), style, tag)


def path_points(p: Path) -> list[Point]:
    """Returns the end points of a path's operations (enough for bounds and containment tests)."""
    return [(float(op[-2]), float(op[-1])) for op in p.ops if op[0] != "Z"]  # type: ignore[arg-type]


class Clip(NamedTuple):
    """A clipping rectangle (x, y, w, h) and the transform it is drawn through."""

    rect: tuple[float, float, float, float]
    transform: Affine


class Leaf(NamedTuple):
    """A path or a line of text with the transform it is drawn through and the clip it is drawn within."""

    item: Path | Text
    transform: Affine
    clip: Clip | None


def flatten(items: list[Item] | tuple[Item, ...], t: Affine = IDENTITY, clip: Clip | None = None) -> list[Leaf]:
    """Returns every leaf item with its accumulated transform and the clip it is drawn within (innermost)."""
    out: list[Leaf] = []
    for item in items:
        if isinstance(item, Group):
            inner = t @ item.transform
            out += flatten(item.items, inner, Clip(item.clip, inner) if item.clip else clip)
        else:
            out.append(Leaf(item, t, clip))
    return out
