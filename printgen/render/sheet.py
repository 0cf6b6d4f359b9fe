"""What every printed sheet carries: a 100 mm scale bar with 'print at 100%', a footer, and cut marks."""

from __future__ import annotations

from printgen.render.scene import Item, Page, Style, Text, line, rect

SCALE_LENGTH = 100.0
MARK = 3.0  # cut mark length, mm
MARK_GAP = 1.0  # mm between a cut mark and the bleed it points at


def scale_bar(page: Page, note: str) -> list[Item]:
    """Returns a 100 mm bar with millimetre ticks and the note, centred at the foot of the page."""
    x0 = (page.width - SCALE_LENGTH) / 2
    y = page.height - 10.0
    items: list[Item] = [rect(x0, y - 1.2, SCALE_LENGTH, 1.2, Style(fill="scale"), tag="scale bar")]
    for i in range(11):
        h = 2.4 if i % 5 == 0 else 1.6
        items.append(line((x0 + i * 10, y), (x0 + i * 10, y + h), Style(stroke="scale", width=0.2), tag="scale tick"))
    items.append(Text(x0 + SCALE_LENGTH + 2.0, y + 0.4, note, "body", 6.5, fill="ink", tag="scale note"))
    items.append(Text(x0 - 2.0, y + 0.4, "0 — 100 mm", "body", 6.5, fill="ink", anchor="end", tag="scale label"))
    return items


def footer(page: Page, text: str) -> list[Item]:
    """Returns the small label at the foot of a sheet (what it is, page n of m)."""
    return [Text(page.width / 2, page.height - 5.0, text, "body", 6.0, fill="ink.soft", anchor="middle",
                 tag="footer")]


def cut_marks(xs: list[float], ys: list[float], box: tuple[float, float, float, float], bleed: float) -> list[Item]:
    """Returns marks outside box (the grid's outer trim edges, plus bleed) along every cut line xs and ys."""
    x0, y0, x1, y1 = box
    style = Style(stroke="cut", width=0.2, join_round=False)
    items: list[Item] = []
    off = bleed + MARK_GAP
    for x in xs:
        items.append(line((x, y0 - off - MARK), (x, y0 - off), style, tag="cut mark"))
        items.append(line((x, y1 + off), (x, y1 + off + MARK), style, tag="cut mark"))
    for y in ys:
        items.append(line((x0 - off - MARK, y), (x0 - off, y), style, tag="cut mark"))
        items.append(line((x1 + off, y), (x1 + off + MARK, y), style, tag="cut mark"))
    return items
