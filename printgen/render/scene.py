"""The drawing vocabulary every layout produces and every backend draws: shapes in millimetres, y down."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from printgen.render.affine import IDENTITY, Affine, Point
from printgen.render.paths import CLOSE, Close, CurveTo, LineTo, MoveTo, Op, arc_ops


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

    def start_offset(self, width: float) -> float:
        """Returns how far before x a line this wide starts: none, half or all of it, by the anchor."""
        return {"middle": width / 2, "end": width}.get(self.anchor, 0.0)


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
    trim: tuple[float, float, float, float] | None = None  # (x, y, w, h): where the sheet is cut (PDF TrimBox)
    bleed: tuple[float, float, float, float] | None = None  # (x, y, w, h): the art past the cuts (PDF BleedBox)
    bookmarks: tuple[tuple[int, str], ...] = ()  # (level, title) of the outline entries that open at this page

    def add(self, *items: Item) -> None:
        """Appends items to the page."""
        self.items.extend(items)


# ---- shape helpers ----

def rect(x: float, y: float, w: float, h: float, style: Style, tag: str = "", radius: float = 0.0) -> Path:
    """Returns a rectangle, with rounded corners of the given radius."""
    if radius <= 0:
        return Path((MoveTo(x, y), LineTo(x + w, y), LineTo(x + w, y + h), LineTo(x, y + h), CLOSE), style, tag)
    r = min(radius, w / 2, h / 2)
    k = 0.5523 * r
    ops: tuple[Op, ...] = (MoveTo(x + r, y), LineTo(x + w - r, y),
                           CurveTo(x + w - r + k, y, x + w, y + r - k, x + w, y + r), LineTo(x + w, y + h - r),
                           CurveTo(x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h), LineTo(x + r, y + h),
                           CurveTo(x + r - k, y + h, x, y + h - r + k, x, y + h - r), LineTo(x, y + r),
                           CurveTo(x, y + r - k, x + r - k, y, x + r, y), CLOSE)
    return Path(ops, style, tag)


def polygon(points: list[Point], style: Style, tag: str = "", closed: bool = True) -> Path:
    """Returns a polygon (or an open polyline) through the points."""
    ops: list[Op] = [MoveTo(*points[0])]
    ops += [LineTo(*p) for p in points[1:]]
    if closed:
        ops.append(CLOSE)
    return Path(tuple(ops), style, tag)


def line(a: Point, b: Point, style: Style, tag: str = "") -> Path:
    """Returns a straight line."""
    return Path((MoveTo(*a), LineTo(*b)), style, tag)


def circle(cx: float, cy: float, r: float, style: Style, tag: str = "") -> Path:
    """Returns a circle."""
    return Path((*arc_ops(cx, cy, r, 0, 360), CLOSE), style, tag)


def path_points(p: Path) -> list[Point]:
    """Returns the end points of a path's operations (enough for bounds and containment tests)."""
    return [(float(op.x), float(op.y)) for op in p.ops if not isinstance(op, Close)]


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
