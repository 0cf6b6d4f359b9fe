"""What every printed sheet carries: a 100 mm scale bar with 'print at 100%', a footer, and cut marks, all at
least SAFE mm from the paper edge (the margin many home printers cannot print)."""

from __future__ import annotations

import re
from dataclasses import replace

from printgen.render.paper import BAND, SAFE, Sheet
from printgen.render.scene import Item, Page, Style, Text, line, rect
from printgen.render.words import WORDS

SCALE_LENGTH = 100.0
MARK = 2.5  # cut mark length, mm
MARK_GAP = 0.5  # mm between a cut mark and the bleed it points at, where the margin has room
MARK_WIDTH = 0.2  # mm, a cut mark's stroke
MIN_GAP = 1.0  # mm a cut mark always keeps from the cut edge (in a narrow margin it runs over the bleed)
CROP = 5.0  # mm, a crop mark's length on a print-shop page
SLUG = 9.0  # mm of white round a print-shop page's bleed, holding its crop marks
# Where the foot band's items sit, in mm up from the band's lower edge (SAFE from the paper's foot).
BAR_UP = 7.6  # top of the scale bar
LABEL_UP = 1.25  # footer baseline: its descenders stay above the band's lower edge
LABEL_DOWN = 2.0  # footer baseline in a band at the head of a page: its capitals stay below the band's top edge


def band_items(band: tuple[float, float, float, float], note: str | None, text: str, head: bool = False) -> list[Item]:
    """Returns the furniture of a band (x, y, w, h): a 100 mm scale bar with its note (unless note is None),
    and the sheet's label, centred, all inside the band; the label hugs the paper edge, at the foot of a page
    or at its head (head, for a back printed upside down behind a front's foot band)."""
    bx, by, bw, bh = band
    cx, foot = bx + bw / 2, by + bh
    items: list[Item] = []
    if note is not None:
        x0, y = cx - SCALE_LENGTH / 2, foot - BAR_UP
        items.append(rect(x0, y, SCALE_LENGTH, 1.2, Style(fill="scale"), tag="scale bar"))
        for i in range(11):
            h = 2.4 if i % 5 == 0 else 1.6
            items.append(line((x0 + i * 10, y + 1.2), (x0 + i * 10, y + 1.2 + h), Style(stroke="scale", width=0.2),
                              tag="scale tick"))
        items.append(Text(x0 + SCALE_LENGTH + 2.0, y + 1.6, note, "body", 6.5, fill="ink", tag="scale note"))
        items.append(Text(x0 - 2.0, y + 1.6, "0 — 100 mm", "body", 6.5, fill="ink", anchor="end", tag="scale label"))
    items.append(Text(cx, by + LABEL_DOWN if head else foot - LABEL_UP, text, "body", 6.0, fill="ink.soft",
                      anchor="middle", tag="footer"))
    return items


def _mark(edge: float, outward: float, room: float, bleed: float) -> tuple[float, float]:
    """Returns a cut mark's ends along its line: from a cut edge at `edge`, going outward (+1 or -1), with
    `room` mm up to the limit it must not pass."""
    room -= MARK_WIDTH  # the stroke's half width, and as much again to spare
    gap = max(MIN_GAP, min(bleed + MARK_GAP, room - MARK))
    return edge + outward * gap, edge + outward * min(gap + MARK, room)


def cut_marks(xs: list[float], ys: list[float], box: tuple[float, float, float, float], sheet: Sheet,
              bleed: float, top_limit: float | None = None, foot: bool = True,
              sides: tuple[bool, bool] = (True, True), head: bool = True) -> list[Item]:
    """Returns marks outside box (a grid's outer trim edges) along every cut line xs and ys: clear of the bleed
    where the margin has room, never nearer the paper edge than SAFE, never in the foot band. The column marks
    go above the box with head (up to top_limit, the bleed above, when given; else up to the paper's margin)
    and below it with foot; the row marks on the left and right sides as sides says."""
    pw, ph = sheet.size
    x0, y0, x1, y1 = box
    style = Style(stroke="cut", width=MARK_WIDTH, join_round=False)
    items: list[Item] = []
    top = _mark(y0, -1, y0 - (SAFE if top_limit is None else top_limit), bleed)
    bottom = _mark(y1, 1, ph - BAND - y1 - MARK_GAP, bleed)
    left, right = _mark(x0, -1, x0 - SAFE, bleed), _mark(x1, 1, pw - SAFE - x1, bleed)
    for x in xs:
        if head:
            items.append(line((x, top[0]), (x, top[1]), style, tag="cut mark"))
        if foot:
            items.append(line((x, bottom[0]), (x, bottom[1]), style, tag="cut mark"))
    for y in ys:
        if sides[0]:
            items.append(line((left[0], y), (left[1], y), style, tag="cut mark"))
        if sides[1]:
            items.append(line((right[0], y), (right[1], y), style, tag="cut mark"))
    return items


def _page_of() -> list[tuple[re.Pattern[str], str]]:
    """Returns, for each language, a pattern matching its "page {n} of {m}" at the end of a footer, and the words."""
    out = []
    for words in WORDS.values():
        template = words["page"]
        pattern = re.escape(template).replace(re.escape("{n}"), r"\d+").replace(re.escape("{m}"), r"\d+")
        out.append((re.compile(pattern + "$"), template))
    return out


def number_pages(pages: list[Page]) -> list[Page]:
    """Returns the pages with each footer's "page n of m" (in its language) counting these pages: the file they
    are written in, as a viewer counts it, where a set's pages number themselves."""
    forms = _page_of()

    def filled(item: Item, n: int) -> Item:
        if not (isinstance(item, Text) and item.tag == "footer"):
            return item
        for pattern, template in forms:
            m = pattern.search(item.text)
            if m:
                return replace(item, text=item.text[:m.start()] + template.format(n=n, m=len(pages)))
        return item
    return [replace(page, items=[filled(item, n) for item in page.items]) for n, page in enumerate(pages, 1)]


def crop_marks(trim: tuple[float, float, float, float], bleed: float) -> list[Item]:
    """Returns a print shop's crop marks for the trim box (x, y, w, h): two at each corner, on the lines of the
    trim's edges, starting MARK_GAP past the bleed and CROP long."""
    x, y, w, h = trim
    style = Style(stroke="cut", width=MARK_WIDTH, join_round=False)
    near, far = bleed + MARK_GAP, bleed + MARK_GAP + CROP
    items: list[Item] = []
    for cx, sx in ((x, -1), (x + w, 1)):
        for cy, sy in ((y, -1), (y + h, 1)):
            items.append(line((cx + sx * near, cy), (cx + sx * far, cy), style, tag="crop mark"))
            items.append(line((cx, cy + sy * near), (cx, cy + sy * far), style, tag="crop mark"))
    return items
