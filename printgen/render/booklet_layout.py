"""Typesets a rules document (booklet or reference card) into pages, with pictures from the board renderer."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from printgen.engine.notation import from_compact
from printgen.engine.topology import CellKind, topology_for
from printgen.render import glyphs
from printgen.render.affine import Affine
from printgen.render.board_layout import BoardGeometry, cell_numbers, draw_board, draw_cells
from printgen.render.fonts import text_width
from printgen.render.position_picture import position_picture
from printgen.render.scene import Group, Item, Page, Path, Style, Text, line, rect
from printgen.render.typeset import Box, Flow, Frame, break_lines, set_line, words_of
from printgen.render.units import pt_to_mm
from printgen.render.words import BOARD_LABELS
from printgen.rules_text.blocks import Align, BoardFigure, Bullets, CellFigure, Document, Heading, Paragraph, Table
from printgen.rulesets.model import Orientation, Ruleset

BODY, LEAD = 10.0, 13.8  # points: about 65 characters to a line of the A5 and half-letter page
SMALL, SMALL_LEAD = 7.6, 10.0
COVER_MARGIN = 9.0  # mm of white round the cover panel: more than any home printer's unprintable edge (6.35 mm)


@dataclass(frozen=True)
class PageSpec:
    """A page size with its margins and columns."""

    width: float
    height: float
    top: float = 14.0
    bottom: float = 17.0
    inner: float = 18.0
    outer: float = 16.0
    columns: int = 1
    gutter: float = 6.0
    table: float = 7.6  # points: the type of tables (SMALL); a player aid sets them larger

    def frames(self, page: int) -> list[Frame]:
        """Returns the columns of a page (inner margin on the spine side)."""
        left = self.inner if page % 2 == 0 else self.outer  # page 0 is a right-hand page
        w = self.width - self.inner - self.outer
        col = (w - self.gutter * (self.columns - 1)) / self.columns
        return [Frame(page, left + i * (col + self.gutter), self.top, col, self.height - self.top - self.bottom)
                for i in range(self.columns)]


A5 = PageSpec(148.0, 210.0)
SECTION_RULE = "section rule"
HALF_LETTER = PageSpec(139.7, 215.9)


def _text_box(markup: str, width: float, size: float = BODY, lead: float = LEAD, indent: float = 0.0,
              space: float = 2.2, fill: str = "ink", base: str = "body", keep: bool = False,
              prefix: str = "") -> Box:
    """Returns a breakable paragraph box; prefix (a bullet or number) hangs in the indent."""
    lines = break_lines(words_of(markup, size, base), width - indent, size)
    h = pt_to_mm(lead)
    drawn: list[tuple[float, object]] = []
    for i, ln in enumerate(lines):
        def draw(x: float, y: float, ln: list[Any] = ln, first: bool = i == 0) -> list[Item]:
            items: list[Item] = list(set_line(ln, x + indent, y + h * 0.75, size, fill))
            if first and prefix:
                items.append(Text(x + indent - 1.2, y + h * 0.75, prefix, "body-bold", size, fill="flower",
                                  anchor="end"))
            return items
        drawn.append((h, draw))
    return Box(h * len(lines), lambda x, y: [], keep_with_next=keep, space_before=space, lines=drawn)  # type: ignore[arg-type]


def _heading_box(text: str, width: float, level: int) -> Box:
    size = {1: 15.0, 2: 11.5, 3: 10.0}[level]
    role = {1: "display", 2: "display", 3: "display-regular"}[level]
    lines = break_lines(words_of(text, size, role), width, size)
    h = pt_to_mm(size * 1.25)
    height = h * len(lines) + (2.0 if level == 1 else 0.6)

    def draw(x: float, y: float) -> list[Item]:
        items: list[Item] = []
        for i, ln in enumerate(lines):
            items += [Text(t.x, t.y, t.text, role, size, fill="cell.wedge.mark" if level == 1 else "ink",
                           tag="heading") for t in set_line(ln, x, y + h * (i + 0.8), size)]
        if level == 1:  # the rule under a section's title: typeset counts them to bookmark the sections
            items.append(line((x, y + height - 0.8), (x + width, y + height - 0.8),
                              Style(stroke="area.line", width=0.4), tag=SECTION_RULE))
        return items
    return Box(height, draw, keep_with_next=True, space_before={1: 7.0, 2: 4.0, 3: 3.0}[level])


def _table_box(t: Table, width: float, size: float = SMALL) -> Box:
    """Returns an unbreakable table: columns sized to their content, cells wrapped, rules between rows."""
    lead = size * SMALL_LEAD / SMALL
    cols = len(t.header)
    space = text_width(" ", "body", size)
    natural = [max([text_width(c, "body-bold", size) for c in [t.header[j]]] +
                   [_set_width(words_of(r[j], size), space) + 1.5 for r in t.rows]) + 3.0 for j in range(cols)]
    least = [max(w.width for w in words_of(c, size, "body-bold") + [w for r in t.rows for w in words_of(r[j], size)])
             + 3.0 for j, c in enumerate(t.header)]
    widths = natural if sum(natural) <= width else _shrink(natural, least, width)
    rows = [(t.header, "body-bold")] + [(r, "body") for r in t.rows]
    setted = []
    for cells, base in rows:
        wrapped = [break_lines(words_of(c, size, base), widths[j] - 3.0, size) for j, c in enumerate(cells)]
        setted.append((wrapped, pt_to_mm(max(len(w) for w in wrapped) * lead) + 1.6))
    cap_lines = break_lines(words_of(t.caption, SMALL, "body-italic"), width, SMALL) if t.caption else []
    height = sum(h for _, h in setted) + pt_to_mm(len(cap_lines) * SMALL_LEAD) + (1.5 if cap_lines else 0)

    def draw(x: float, y: float) -> list[Item]:
        return [Group(tuple(_draw_table(x, y)), tag=f"table {id(t)}")]

    def _draw_table(x: float, y: float) -> list[Item]:
        items: list[Item] = []
        cy = y
        total = sum(widths)
        for r, (wrapped, h) in enumerate(setted):
            if r == 0:
                items.append(rect(x, cy, total, h, Style(fill="area")))
            cx = x
            for j, lines in enumerate(wrapped):
                align = t.align[j] if j < len(t.align) else Align.LEFT
                anchor = {Align.LEFT: "start", Align.RIGHT: "end", Align.CENTRE: "middle"}[align]
                for k, ln in enumerate(lines):
                    items += set_line(ln, cx + 1.5, cy + 0.8 + pt_to_mm(lead) * (k + 0.78), size, anchor=anchor,
                                      width=widths[j] - 3.0)
                cx += widths[j]
            cy += h
            items.append(line((x, cy), (x + total, cy), Style(stroke="area.line", width=0.5 if r == 0 else 0.2)))
        cy += 1.5
        for ln in cap_lines:
            items += set_line(ln, x, cy + pt_to_mm(SMALL_LEAD) * 0.78, SMALL, fill="ink.soft")
            cy += pt_to_mm(SMALL_LEAD)
        return items
    return Box(height, draw, space_before=3.0)


def _set_width(words: list[Any], space: float) -> float:
    """Returns the width of words set on one line, with the spaces between them."""
    return float(sum(w.width for w in words)) + space * sum(1 for i, w in enumerate(words) if i and w.space_before)


def _shrink(natural: list[float], least: list[float], width: float) -> list[float]:
    """Returns column widths summing to width: each at least its longest word, the rest shared by need."""
    extra = width - sum(least)
    if extra <= 0:
        return [w * width / sum(least) for w in least]
    want = [n - m for n, m in zip(natural, least, strict=True)]
    return [m + extra * w / sum(want) for m, w in zip(least, want, strict=True)]


@cache
def _all_cells(rs: Ruleset, size: float) -> tuple[Item, ...]:
    """Returns every cell of the upright board at this size, drawn once for all the cell pictures."""
    geo = BoardGeometry(topology_for(rs), size, Orientation.PLUS)
    return tuple(draw_cells(geo, rs, rs.players.max_players)) + tuple(cell_numbers(geo))


def cell_picture(rs: Ruleset, kind: CellKind, capture: bool, size: float) -> list[Item]:
    """Returns one cell of this kind as the printed board draws it, centred on (0, 0), size mm wide."""
    topo = topology_for(rs)
    cells = [c for c in topo.cells if c.kind is kind and (c.seat in (None, 0))]
    cell = next((c for c in cells if c.capture == capture), cells[0] if cells else topo.cells[0])
    geo = BoardGeometry(topo, size, Orientation.PLUS)
    suffix = f" {cell.number}"
    items = [i for i in _all_cells(rs, size) if getattr(i, "tag", "").endswith(suffix)]
    cx, cy = geo.centre(cell.number)
    return [Group(tuple(items), Affine.translate(-cx, -cy))]


def _cell_box(rs: Ruleset, fig: CellFigure, width: float) -> Box:
    pic = 15.0
    text = _text_box(fig.caption, width - pic - 4.0, space=0.0)
    height = max(pic + 1.5, text.height)

    def draw(x: float, y: float) -> list[Item]:
        items: list[Item] = [Group(tuple(cell_picture(rs, fig.kind, fig.capture, pic)),
                                   Affine.translate(x + pic / 2, y + pic / 2 + 0.5))]
        ty = y + max(0.0, (pic - text.height) / 2)
        for h, d in text.lines:
            items += d(x + pic + 4.0, ty)
            ty += h
        return items
    return Box(height, draw, space_before=2.5)


def board_picture(rs: Ruleset, fig: BoardFigure, width: float, lang: str) -> tuple[list[Item], float]:
    """Returns the whole board with the example's pieces, marked cells and move arrow, width mm wide."""
    move = tuple(int(v) for v in fig.move.split("-")) if "-" in fig.move else None
    return position_picture(from_compact(fig.position, rs), width, lang, tuple(fig.highlight),
                            move)  # type: ignore[arg-type]


def _board_box(rs: Ruleset, fig: BoardFigure, width: float, lang: str) -> Box:
    pic_w = min(width, 105.0)
    items, h = board_picture(rs, fig, pic_w, lang)
    cap = _text_box(fig.caption, width, SMALL, SMALL_LEAD, space=0.0, fill="ink.soft", base="body-italic")

    def draw(x: float, y: float) -> list[Item]:
        out: list[Item] = [Group(tuple(items), Affine.translate(x + (width - pic_w) / 2, y))]
        cy = y + h + 1.5
        for lh, d in cap.lines:
            out += d(x, cy)
            cy += lh
        return out
    return Box(h + 1.5 + cap.height, draw, space_before=3.0)


def boxes_for(doc: Document, rs: Ruleset, width: float, table: float = SMALL) -> list[Box]:
    """Returns the boxes of a document's sections, in order."""
    boxes: list[Box] = []
    for section in doc.sections:
        boxes.append(_heading_box(section.title, width, 1))
        for block in section.blocks:
            match block:
                case Heading(level=level, text=text):
                    boxes.append(_heading_box(text, width, min(max(level, 2), 3)))
                case Paragraph(text=text):  # a lead-in ending with a colon stays with what it leads into
                    boxes.append(_text_box(text, width, keep=text.rstrip().endswith(":")))
                case Bullets(items=items, ordered=ordered):
                    for n, item in enumerate(items, 1):
                        boxes.append(_text_box(item, width, indent=4.5, space=1.0,
                                               prefix=f"{n}." if ordered else "•"))
                case Table():
                    boxes.append(_table_box(block, width, table))
                case CellFigure():
                    boxes.append(_cell_box(rs, block, width))
                case BoardFigure():
                    boxes.append(_board_box(rs, block, width, doc.lang))
    return boxes


def _cover_panel(spec: PageSpec, label: str) -> Page:
    """Returns a page with the covers' framed panel inside a white margin a home printer's rim disappears into."""
    page = Page(spec.width, spec.height, label=label)
    w, h, m = spec.width, spec.height, COVER_MARGIN
    page.add(rect(m, m, w - 2 * m, h - 2 * m, Style(fill="mat", stroke="mat.edge", width=0.8),
                  radius=4.0, tag=f"{label} fill"))
    page.add(rect(m + 2.5, m + 2.5, w - 2 * m - 5, h - 2 * m - 5, Style(stroke="mat.edge", width=0.3),
                  radius=2.5, tag=f"{label} frame"))
    return page


def cover(doc: Document, rs: Ruleset, spec: PageSpec, note: str) -> Page:
    """Returns the cover: the title, the ruleset, the board in miniature and the language."""
    page = _cover_panel(spec, "cover")
    w = spec.width
    page.add(glyphs.flower(w / 2, 30, 9, tag="cover flower"))
    page.add(Text(w / 2, 58, "Patolli", "display-black", 40, anchor="middle", tag="cover title"))
    y = 68.0
    for ln in break_lines(words_of(doc.subtitle or rs.title, 12, "display-italic"), w - 30, 12):
        page.add(*set_line(ln, 15, y, 12, fill="ink.soft", anchor="middle", width=w - 30))
        y += 6.0
    d = draw_board(rs, topology_for(rs), 20.0, rs.board.orientation, rs.players.max_players, BOARD_LABELS[doc.lang],
                   kit=True)  # the board of the kit
    k = (w - 50) / d.width
    page.add(Group(d.items, Affine.translate(25, y + 4) @ Affine.scale(k), tag="cover board"))
    page.add(Text(w / 2, spec.height - 16, note, "body", 9, anchor="middle", fill="ink.soft", tag="cover note"))
    return page


def _title_box(text: str, width: float) -> Box:
    size = 20.0
    lines = break_lines(words_of(text, size, "display-black"), width, size)
    h = pt_to_mm(size * 1.2)

    def draw(x: float, y: float) -> list[Item]:
        items: list[Item] = []
        for i, ln in enumerate(lines):
            items += [Text(t.x, t.y, t.text, "display-black", size, tag="title")
                      for t in set_line(ln, x, y + h * (i + 0.8), size)]
        return items
    return Box(h * len(lines) + 1.0, draw)


def typeset(doc: Document, rs: Ruleset, spec: PageSpec, numbers_from: int = 1, title: bool = False,
            outline: bool = False) -> list[Page]:
    """Returns the document's pages, numbered at the foot from numbers_from; title sets doc.title first; outline
    bookmarks each section on the page where its title is set."""
    flow = Flow(spec.frames)
    width = flow.frame.w
    flow.place(([_title_box(doc.title, width)] if title else []) + boxes_for(doc, rs, width, spec.table))
    pages = []
    for p in range(flow.pages):
        page = Page(spec.width, spec.height, label=f"page {p + numbers_from}")
        for f in flow.frames:
            if f.page == p:
                page.add(*f.items)
        page.add(Text(spec.width / 2, spec.height - 8.0, str(p + numbers_from), "body", 8, anchor="middle",
                      fill="ink.soft", tag="page number"))
        pages.append(page)
    if outline:
        titles = iter(s.title for s in doc.sections)
        for page in pages:
            rules = sum(1 for item in page.items if isinstance(item, Path) and item.tag == SECTION_RULE)
            page.bookmarks = tuple((0, next(titles)) for _ in range(rules))
    return pages


def blank(spec: PageSpec) -> Page:
    """Returns an empty page (padding for a booklet)."""
    return Page(spec.width, spec.height, label="blank")



BACK_INSET = 8.0  # mm from the back cover's frame to its text
BACK_FOOT = 24.0  # mm at the foot of the back cover's panel for the flower and the name


def back_cover(doc: Document, spec: PageSpec) -> Page:
    """Returns the back cover: a turn at a glance, what the kit holds, sources and credits, in the covers' panel.

    The type is the largest size (9 pt down to 6.5 pt) at which the whole text fits the panel on one page.
    """
    page = _cover_panel(spec, "back cover")
    m = COVER_MARGIN + 2.5 + BACK_INSET
    frame = Frame(0, m, m, spec.width - 2 * m, spec.height - m - COVER_MARGIN - BACK_FOOT)
    for size in (9.0, 8.5, 8.0, 7.5, 7.0, 6.5):
        flow = Flow(lambda n: [replace(frame, page=n, items=[])])
        flow.place(_back_boxes(doc, frame.w, size))
        if flow.pages == 1:
            break
    for f in flow.frames[:1]:
        page.add(Group(tuple(f.items), tag="back cover text"))
    foot = spec.height - COVER_MARGIN - BACK_FOOT
    x0 = spec.width / 2 - (11.0 + text_width(doc.title, "display-black", 16)) / 2  # the flower and the name, centred
    page.add(glyphs.flower(x0 + 4.5, foot + 8.5, 4.5, tag="back cover flower"))
    page.add(Text(x0 + 11.0, foot + 11.5, doc.title, "display-black", 16, tag="back cover title"))
    page.add(Text(spec.width / 2, foot + 18.5, doc.subtitle, "display-italic", 8, anchor="middle", fill="ink.soft",
                  tag="back cover subtitle"))
    return page


def _back_boxes(doc: Document, width: float, size: float) -> list[Box]:
    """Returns the back cover's boxes at a type size: section headings, then their lists and paragraphs."""
    lead = size * 1.3
    boxes: list[Box] = []
    for section in doc.sections:
        boxes.append(_heading_box(section.title, width, 2))
        for block in section.blocks:
            match block:
                case Bullets(items=items, ordered=ordered):
                    boxes += [_text_box(item, width, size, lead, indent=4.0, space=0.6,
                                        prefix=f"{n}." if ordered else "•") for n, item in enumerate(items, 1)]
                case Paragraph(text=text):
                    boxes.append(_text_box(text, width, size, lead, space=1.4, fill="ink.soft"))
    return boxes
