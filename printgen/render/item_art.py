"""Pictures for named items (Neeley's assets, the Ocastudios goods), drawn by the project as scene paths.

`item_picture(name, cx, cy, r)` draws the item a name speaks of inside a circle of radius r: it looks for a
keyword in the English name (`Library card`, `Jade bead`), so a custom ruleset's `Gold ring` still finds
gold; a name with no keyword gets a bead with its initials, so no two unknown items look alike.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from printgen.render.paths import CLOSE, CurveTo, LineTo, MoveTo, Op, arc_ops
from printgen.render.scene import Item, Path, Style, Text, circle, line, polygon, rect

Drawing = Callable[[float, float, float], list[Item]]
LINE = "ink"


def _ellipse(cx: float, cy: float, rx: float, ry: float, style: Style, tag: str = "", turn: float = 0.0) -> Path:
    pts = []
    c, s = math.cos(math.radians(turn)), math.sin(math.radians(turn))
    for i in range(40):
        t = 2 * math.pi * i / 40
        x, y = rx * math.cos(t), ry * math.sin(t)
        pts.append((cx + x * c - y * s, cy + x * s + y * c))
    return polygon(pts, style, tag)


def _st(fill: str | None, r: float, stroke: str | None = LINE) -> Style:
    return Style(fill=fill, stroke=stroke, width=max(0.25, r * 0.035))


def coins(cx: float, cy: float, r: float) -> list[Item]:
    """Returns a small stack of coins and one coin standing beside it: quarters and dimes."""
    items: list[Item] = []
    for i in range(4):
        y = cy + r * 0.45 - i * r * 0.16
        items.append(_ellipse(cx - r * 0.25, y, r * 0.42, r * 0.15, _st("cell.centre", r), "coin"))
    items.append(circle(cx + r * 0.45, cy + r * 0.05, r * 0.3, _st("cell.centre", r), "coin"))
    items.append(circle(cx + r * 0.45, cy + r * 0.05, r * 0.2, _st(None, r), "coin rim"))
    return items


def gum(cx: float, cy: float, r: float) -> list[Item]:
    """Returns a pack of chewing gum with one stick pulled out."""
    return [
        rect(cx - r * 0.15, cy - r * 0.75, r * 0.3, r * 0.6, _st("card.front", r), "gum stick", radius=r * 0.04),
        rect(cx - r * 0.65, cy - r * 0.3, r * 1.3, r * 0.85, _st("player.3", r), "gum pack", radius=r * 0.08),
        rect(cx - r * 0.65, cy - r * 0.02, r * 1.3, r * 0.28, _st("card.front", r), "gum band"),
    ]


def bills(cx: float, cy: float, r: float) -> list[Item]:
    """Returns two banknotes, one over the other, each with its oval portrait."""
    items: list[Item] = []
    for dx, dy in ((-0.12, -0.18), (0.1, 0.12)):
        x, y = cx + dx * r, cy + dy * r
        items += [rect(x - r * 0.7, y - r * 0.35, r * 1.4, r * 0.7, _st("cell.rounded", r), "bill"),
                  _ellipse(x, y, r * 0.18, r * 0.22, _st(None, r), "bill portrait"),
                  circle(x - r * 0.5, y - r * 0.2, r * 0.07, _st(None, r), "bill seal")]
    return items


def knife(cx: float, cy: float, r: float) -> list[Item]:
    """Returns a folding pocket knife: a red handle with its cross, the blade open."""
    body = rect(cx - r * 0.75, cy - r * 0.02, r * 1.1, r * 0.4, _st("player.0", r), "knife handle", radius=r * 0.2)
    blade = polygon([(cx + r * 0.25, cy + r * 0.02), (cx + r * 0.85, cy - r * 0.4), (cx + r * 0.95, cy - r * 0.3),
                     (cx + r * 0.35, cy + r * 0.2)], _st("card.front", r), "knife blade")
    k = r * 0.09
    x, y = cx - r * 0.2, cy + r * 0.18
    arm = ((-0.5, -1.5), (0.5, -1.5), (0.5, -0.5), (1.5, -0.5), (1.5, 0.5), (0.5, 0.5), (0.5, 1.5), (-0.5, 1.5),
           (-0.5, 0.5), (-1.5, 0.5), (-1.5, -0.5), (-0.5, -0.5))
    cross = polygon([(x + a * k, y + b * k) for a, b in arm], Style(fill="card.front"), "knife cross")
    return [blade, body, cross]


def library_card(cx: float, cy: float, r: float) -> list[Item]:
    """Returns a library card: a blue band, a photo and lines of text."""
    x0, y0, w, h = cx - r * 0.8, cy - r * 0.5, r * 1.6, r * 1.0
    items: list[Item] = [rect(x0, y0, w, h, _st("card.front", r), "library card", radius=r * 0.08),
                         rect(x0, y0, w, h * 0.25, _st("player.1", r), "library band"),
                         rect(x0 + w * 0.08, y0 + h * 0.38, w * 0.25, h * 0.48, _st("area", r), "library photo")]
    for i in range(3):
        y = y0 + h * (0.48 + i * 0.16)
        items.append(line((x0 + w * 0.42, y), (x0 + w * (0.9 - 0.12 * i), y), Style(stroke=LINE, width=r * 0.05)))
    return items


def _bean(cx: float, cy: float, r: float, turn: float) -> list[Item]:
    return [_ellipse(cx, cy, r * 0.32, r * 0.2, _st("bean", r), "cacao bean", turn),
            line((cx - r * 0.2 * math.cos(math.radians(turn)), cy - r * 0.2 * math.sin(math.radians(turn))),
                 (cx + r * 0.2 * math.cos(math.radians(turn)), cy + r * 0.2 * math.sin(math.radians(turn))),
                 Style(stroke="card.back.pattern", width=r * 0.04))]


def cacao_beans(cx: float, cy: float, r: float) -> list[Item]:
    """Returns three cacao beans, the money of Aztec markets."""
    return (_bean(cx - r * 0.35, cy + r * 0.25, r, -20) + _bean(cx + r * 0.35, cy + r * 0.25, r, 25)
            + _bean(cx, cy - r * 0.3, r, 80))


def cacao_pod(cx: float, cy: float, r: float) -> list[Item]:
    """Returns a ribbed cacao pod on its stalk."""
    items: list[Item] = [line((cx, cy - r * 0.95), (cx, cy - r * 0.7), Style(stroke="mat.edge", width=r * 0.08)),
                         _ellipse(cx, cy, r * 0.45, r * 0.75, _st("player.0", r), "cacao pod")]
    for k in (-0.22, 0.0, 0.22):
        bulge = cx + k * 1.6 * r
        ops: list[Op] = [MoveTo(cx + k * r, cy - r * 0.7),
                         CurveTo(bulge, cy - r * 0.2, bulge, cy + r * 0.2, cx + k * r, cy + r * 0.7)]
        items.append(Path(tuple(ops), Style(stroke=LINE, width=r * 0.03), "pod rib"))
    return items


def stamp(cx: float, cy: float, r: float) -> list[Item]:
    """Returns a clay stamp: a handle over a round face cut with a spiral."""
    items: list[Item] = [rect(cx - r * 0.15, cy - r * 0.8, r * 0.3, r * 0.6, _st("card.back.pattern", r), "stamp grip",
                              radius=r * 0.1),
                         _ellipse(cx, cy + r * 0.25, r * 0.7, r * 0.45, _st("card.back.pattern", r), "stamp face")]
    ops: list[Op] = []
    for i in range(30):
        a = i * 0.42
        rr = r * 0.05 + r * 0.018 * i
        p = (cx + rr * math.cos(a), cy + r * 0.25 + rr * math.sin(a) * 0.6)
        ops.append(MoveTo(*p) if i == 0 else LineTo(*p))
    items.append(Path(tuple(ops), Style(stroke="card.back", width=r * 0.06), "stamp spiral"))
    return items


def _gem(cx: float, cy: float, s: float, fill: str) -> list[Item]:
    return [polygon([(cx - s, cy - s * 0.3), (cx - s * 0.5, cy - s * 0.8), (cx + s * 0.5, cy - s * 0.8),
                     (cx + s, cy - s * 0.3), (cx, cy + s)], _st(fill, s * 2), "gem"),
            line((cx - s, cy - s * 0.3), (cx + s, cy - s * 0.3), Style(stroke=LINE, width=s * 0.08))]


def stones_and_gold(cx: float, cy: float, r: float) -> list[Item]:
    """Returns three cut stones and a gold nugget."""
    nugget = polygon([(cx - r * 0.35, cy + r * 0.3), (cx - r * 0.1, cy + r * 0.05), (cx + r * 0.3, cy + r * 0.12),
                      (cx + r * 0.45, cy + r * 0.45), (cx + r * 0.1, cy + r * 0.7), (cx - r * 0.3, cy + r * 0.6)],
                     _st("player.2", r), "gold nugget")
    return (_gem(cx - r * 0.5, cy - r * 0.3, r * 0.25, "player.3") + _gem(cx, cy - r * 0.55, r * 0.25, "flower")
            + _gem(cx + r * 0.5, cy - r * 0.3, r * 0.25, "cell.rounded") + [nugget])


def _face(cx: float, cy: float, r: float, fill: str, eyes: str, tag: str) -> list[Item]:
    shape = ((-0.55, -0.65), (0.55, -0.65), (0.6, 0.0), (0.3, 0.7), (-0.3, 0.7), (-0.6, 0.0))
    outline = polygon([(cx + a * r, cy + b * r) for a, b in shape], _st(fill, r), tag)
    items: list[Item] = [outline]
    for sx in (-1, 1):
        items.append(_ellipse(cx + sx * r * 0.25, cy - r * 0.2, r * 0.14, r * 0.08, Style(fill=eyes), f"{tag} eye"))
    items.append(polygon([(cx, cy - r * 0.15), (cx + r * 0.1, cy + r * 0.15), (cx - r * 0.1, cy + r * 0.15)],
                         Style(fill=eyes), f"{tag} nose"))
    items.append(rect(cx - r * 0.2, cy + r * 0.32, r * 0.4, r * 0.1, Style(fill=eyes), f"{tag} mouth"))
    return items


def obsidian_mask(cx: float, cy: float, r: float) -> list[Item]:
    """Returns a black obsidian mask with pale eyes."""
    return _face(cx, cy, r, "ink", "card.front", "mask")


def jade_head(cx: float, cy: float, r: float) -> list[Item]:
    """Returns a green jade head pendant on its cord."""
    cord = Path(tuple(arc_ops(cx, cy - r * 0.65, r * 0.35, 200, 340)), Style(stroke=LINE, width=r * 0.05), "cord")
    return [cord, *_face(cx, cy + r * 0.1, r * 0.85, "player.3", "ink", "jade head")]


def _bead(fill: str) -> Drawing:
    def draw(cx: float, cy: float, r: float) -> list[Item]:
        cord = line((cx - r * 0.9, cy), (cx + r * 0.9, cy), Style(stroke=LINE, width=r * 0.05))
        items: list[Item] = [cord]
        for dx, s in ((-0.6, 0.22), (0.0, 0.42), (0.6, 0.22)):
            items.append(circle(cx + dx * r, cy, r * s, _st(fill, r), "bead"))
        items.append(circle(cx - r * 0.12, cy - r * 0.14, r * 0.1, Style(fill="card.front"), "bead shine"))
        return items
    return draw


def feather(cx: float, cy: float, r: float) -> list[Item]:
    """Returns a long green quetzal feather with its quill and barbs."""
    ops: list[Op] = [MoveTo(cx - r * 0.6, cy + r * 0.8),
                     CurveTo(cx - r * 0.6, cy - r * 0.1, cx + r * 0.1, cy - r * 0.8, cx + r * 0.7, cy - r * 0.85),
                     CurveTo(cx + r * 0.5, cy - r * 0.2, cx, cy + r * 0.4, cx - r * 0.6, cy + r * 0.8), CLOSE]
    items: list[Item] = [Path(tuple(ops), _st("player.3", r), "feather vane"),
                         line((cx - r * 0.75, cy + r * 0.95), (cx + r * 0.55, cy - r * 0.7),
                              Style(stroke=LINE, width=r * 0.05), "feather quill")]
    for t in (0.3, 0.5, 0.7):
        x, y = cx - r * 0.75 + t * r * 1.3, cy + r * 0.95 - t * r * 1.65
        items.append(line((x, y), (x - r * 0.25, y - r * 0.05), Style(stroke="card.front", width=r * 0.03)))
    return items


def turquoise(cx: float, cy: float, r: float) -> list[Item]:
    """Returns a rough turquoise stone veined with dark lines."""
    stone = polygon([(cx - r * 0.7, cy), (cx - r * 0.4, cy - r * 0.55), (cx + r * 0.3, cy - r * 0.6),
                     (cx + r * 0.75, cy - r * 0.1), (cx + r * 0.5, cy + r * 0.55), (cx - r * 0.3, cy + r * 0.6)],
                    _st("cell.rounded", r), "turquoise")
    veins = Path((MoveTo(cx - r * 0.5, cy - r * 0.1), LineTo(cx - r * 0.1, cy + r * 0.05),
                  LineTo(cx + r * 0.2, cy - r * 0.3), MoveTo(cx - r * 0.1, cy + r * 0.05),
                  LineTo(cx + r * 0.1, cy + r * 0.4)),
                 Style(stroke="ink.soft", width=r * 0.04), "turquoise veins")
    return [stone, veins]


def mantle(cx: float, cy: float, r: float) -> list[Item]:
    """Returns a folded cotton mantle with a stepped border."""
    x0, y0, w, h = cx - r * 0.75, cy - r * 0.55, r * 1.5, r * 1.1
    items: list[Item] = [rect(x0, y0, w, h, _st("card.front", r), "mantle")]
    step = w / 6
    ops: list[Op] = [MoveTo(x0, y0 + h * 0.8)]
    for i in range(6):
        x = x0 + i * step
        ops += [LineTo(x, y0 + h * 0.7), LineTo(x + step / 2, y0 + h * 0.7), LineTo(x + step / 2, y0 + h * 0.8),
                LineTo(x + step, y0 + h * 0.8)]
    items.append(Path(tuple(ops), Style(stroke="flower", width=r * 0.06), "mantle border"))
    items.append(line((x0, y0 + h * 0.3), (x0 + w, y0 + h * 0.3), Style(stroke="ink.soft", width=r * 0.03), "fold"))
    return items


def initials(name: str) -> Drawing:
    """Returns the fallback picture: a bead with the item's initials."""
    letters = "".join(w[0] for w in name.split() if w[:1].isalnum())[:2].upper() or "?"

    def draw(cx: float, cy: float, r: float) -> list[Item]:
        return [circle(cx, cy, r * 0.7, _st("cell.centre", r), "item bead"),
                Text(cx, cy + r * 0.22, letters, "display-black", r * 1.5, anchor="middle", tag="item initials")]
    return draw


# Keywords of an item's English name, in the order tried: the first found names the picture.
PICTURES: tuple[tuple[tuple[str, ...], Drawing], ...] = (
    (("library", "card", "ticket"), library_card),
    (("quarter", "dime", "coin", "change", "peso"), coins),
    (("gum", "sweet", "candy"), gum),
    (("dollar", "bill", "note", "money"), bills),
    (("knife", "blade", "tool"), knife),
    (("pod",), cacao_pod),
    (("cacao", "cocoa", "bean"), cacao_beans),
    (("stamp", "seal"), stamp),
    (("stone", "nugget", "gem", "jewel"), stones_and_gold),
    (("mask",), obsidian_mask),
    (("head", "pendant"), jade_head),
    (("jade bead",), _bead("player.3")),
    (("gold bead", "gold"), _bead("player.2")),
    (("bead",), _bead("flower")),
    (("feather", "plume", "quetzal"), feather),
    (("turquoise",), turquoise),
    (("mantle", "cloth", "cotton", "blanket", "cloak"), mantle),
)


def picture_for(name: str) -> tuple[str, Drawing]:
    """Returns the name of the picture an item's English name calls for, and its drawing."""
    low = name.casefold()
    for words, draw in PICTURES:
        for w in words:
            if w in low:
                return words[0], draw
    return "initials", initials(name)


def item_picture(name: str, cx: float, cy: float, r: float) -> list[Item]:
    """Returns the picture of a named item, centred on (cx, cy) within radius r mm."""
    return picture_for(name)[1](cx, cy, r)
