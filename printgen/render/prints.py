"""The printable sets as pages: the board (one sheet, fitted, or tiled), pieces, beans, item cards, calibration."""

from __future__ import annotations

from dataclasses import dataclass

from printgen.engine.topology import topology_for
from printgen.errors import OptionError
from printgen.lang import templates
from printgen.render.affine import Affine
from printgen.render.board_layout import BoardDrawing, content_boxes, draw_board
from printgen.render.faces import TOKEN, bean_components, item_components, pieces_components
from printgen.render.formats import Flip
from printgen.render.imposition import BLEED, Component, back_position, check_offset, impose
from printgen.render.paper import Paper, Sheet
from printgen.render.scene import Group, Item, Page, Style, Text, circle, line, rect
from printgen.render.sheet import SLUG, band_items, crop_marks
from printgen.render.tiling import assembly_map, best_sheet, tile_page
from printgen.render.words import BOARD_LABELS, WORDS
from printgen.rulesets.model import Orientation, Ruleset

MIN_CLEARANCE = 2.0  # mm round a piece standing on a cell


@dataclass(frozen=True)
class PrintOptions:
    """Everything a print command lets the user choose."""

    paper: Paper = Paper.A4
    grey: bool = False
    flip: Flip = Flip.LONG
    back_offset: tuple[float, float] = (0.0, 0.0)
    lang: str = "en"
    players: int | None = None


def default_cell() -> float:
    """Returns the cell size that holds a printed piece with room round it."""
    return TOKEN + 2 * MIN_CLEARANCE


def check_cell(cell: float) -> None:
    """Refuses a cell too small to hold a piece."""
    if cell < TOKEN + MIN_CLEARANCE:
        raise OptionError(f"a cell of {cell:g} mm is too small to hold a piece ({TOKEN:g} mm); use at least "
                          f"{TOKEN + MIN_CLEARANCE:g} mm, or fit the board to one sheet")


def _players(rs: Ruleset, players: int | None) -> int:
    n = players or rs.players.max_players
    if n not in rs.player_counts():
        lo, hi = rs.players.min_players, rs.players.max_players
        raise OptionError(f"ruleset '{rs.name}' is for {lo if lo == hi else f'{lo} to {hi}'} players, not {n}")
    return n


def board_drawing(rs: Ruleset, cell: float, orientation: Orientation | None, opts: PrintOptions) -> BoardDrawing:
    """Returns the board drawn at a cell size: for every seat when opts name no player count (a kit's board,
    its arms marked for two players), else for a game of that many."""
    return draw_board(rs, topology_for(rs), cell, orientation or rs.board.orientation, _players(rs, opts.players),
                      BOARD_LABELS[opts.lang], kit=opts.players is None)


def fit_cell(rs: Ruleset, orientation: Orientation | None, opts: PrintOptions) -> float:
    """Returns the largest cell size at which the board fits one sheet (either way round)."""
    sheets = [sheet.content[2:] for sheet in (Sheet(opts.paper), Sheet(opts.paper, landscape=True))]

    def fits(cell: float) -> bool:
        d = board_drawing(rs, cell, orientation, opts)
        return any(d.width <= cw and d.height <= ch for cw, ch in sheets)

    probe = board_drawing(rs, 10.0, orientation, opts)  # the drawing grows almost, not quite, in proportion
    best = int(max(10.0 * min(cw / probe.width, ch / probe.height) for cw, ch in sheets) * 10) / 10
    while best > 1.0 and not fits(best):
        best = round(best - 0.1, 1)
    return best


def _finish(pages: list[Page], title: str, what: str, opts: PrintOptions) -> list[Page]:
    """Adds the scale bar and the label to every page, in the foot band. A back page carries only its label,
    where the front's foot band lands when the sheet is turned over: behind no component, on either flip. The
    label counts the set's pages; a file that holds more renumbers them (`sheet.number_pages`)."""
    w = WORDS[opts.lang]
    for i, page in enumerate(pages, 1):
        sheet = Sheet(opts.paper, landscape=page.width > page.height)
        side = ""
        if page.label.endswith("front"):
            side = f" · {w['front']}"
        elif page.label.endswith("back"):
            side = f" · {w['back']}"
        text = f"{title} · {w[what]}{side} · " + w["page"].format(n=i, m=len(pages))
        if page.label.endswith("back"):
            bx, by, bw, bh = sheet.band
            mx, my = back_position(bx, by, bw, bh, sheet, opts.flip, (0.0, 0.0))
            page.add(*band_items((mx, my, bw, bh), None, text, head=my < page.height / 2))
        else:
            page.add(*band_items(sheet.band, w["actual"], text))
    return pages


def board_pages(rs: Ruleset, opts: PrintOptions, cell: float | None = None, orientation: Orientation | None = None,
                fit: bool = False) -> tuple[list[Page], float]:
    """Returns the board's pages (one sheet, or an assembly map and tiles) and the cell size used."""
    if fit:
        cell = fit_cell(rs, orientation, opts)
    else:
        cell = cell or default_cell()
        check_cell(cell)
    drawing = board_drawing(rs, cell, orientation, opts)
    sheet, tiles = best_sheet(drawing.width, drawing.height, opts.paper, list(drawing.corners.values()), cell,
                              content_boxes(drawing))
    words = WORDS[opts.lang]
    if len(tiles) == 1:
        pw, ph = sheet.size
        x0, y0, cw, ch = sheet.content
        page = Page(pw, ph, label="board")
        page.add(Group(drawing.items, Affine.translate(x0 + (cw - drawing.width) / 2, y0 + (ch - drawing.height) / 2),
                       tag="board"))
        pages = [page]
    else:
        pages = [assembly_map(drawing.items, drawing.width, drawing.height, tiles, sheet, words)]
        pages += [tile_page(drawing.items, t, tiles, sheet, words) for t in tiles]
    return _finish(pages, rs.title.get(opts.lang), "board", opts), cell


def print_shop_board(rs: Ruleset, opts: PrintOptions, cell: float | None = None,
                     orientation: Orientation | None = None) -> Page:
    """Returns the whole board on one page: its own size, a 3 mm bleed all round with the mat's colour running
    into it, and round that a white slug holding crop marks at the four corners; trim and bleed boxes set: for
    a copy shop to print and cut."""
    cell = cell or default_cell()
    check_cell(cell)
    drawing = board_drawing(rs, cell, orientation, opts)
    edge = BLEED + SLUG  # from the page's edge to the trim
    w, h = drawing.width + 2 * edge, drawing.height + 2 * edge
    page = Page(w, h, label="board print shop", trim=(edge, edge, drawing.width, drawing.height),
                bleed=(SLUG, SLUG, drawing.width + 2 * BLEED, drawing.height + 2 * BLEED))
    page.add(rect(SLUG, SLUG, drawing.width + 2 * BLEED, drawing.height + 2 * BLEED, Style(fill="mat"),
                  tag="bleed fill"),
             Group(drawing.items, Affine.translate(edge, edge), tag="board"),
             *crop_marks((edge, edge, drawing.width, drawing.height), BLEED))
    return page


def board_preview(rs: Ruleset, opts: PrintOptions, cell: float | None = None,
                  orientation: Orientation | None = None) -> Page:
    """Returns the whole board on one page of its own size (for SVG and PNG previews)."""
    drawing = board_drawing(rs, cell or default_cell(), orientation, opts)
    return Page(drawing.width, drawing.height, list(drawing.items), label="board")


def _duplex(comps: list[Component], rs: Ruleset, what: str, opts: PrintOptions) -> list[Page]:
    pages = impose(comps, Sheet(opts.paper), opts.flip, opts.back_offset, what)
    return _finish(pages, rs.title.get(opts.lang), what, opts)


def _pieces(rs: Ruleset, opts: PrintOptions) -> list[Component]:
    return pieces_components(rs, _players(rs, opts.players) if opts.players else None)


def pieces_pages(rs: Ruleset, opts: PrintOptions) -> list[Page]:
    """Returns the pieces, fronts and backs on alternating pages."""
    return _duplex(_pieces(rs, opts), rs, "pieces", opts)


def bean_pages(rs: Ruleset, opts: PrintOptions) -> list[Page]:
    """Returns the bean chits: marked faces on the fronts, blank faces behind them."""
    return _duplex(bean_components(rs), rs, "beans", opts)


def card_pages(rs: Ruleset, opts: PrintOptions) -> list[Page]:
    """Returns the item cards (or chits), fronts and themed backs."""
    return _duplex(item_components(rs, opts.lang), rs, "cards", opts)


def components_pages(rs: Ruleset, opts: PrintOptions) -> list[Page]:
    """Returns every small component (item cards or chits, bean chits, pieces) on as few sheets as their sizes
    allow: the tallest first, so rows fill, each family butting edge to edge."""
    comps = item_components(rs, opts.lang) + bean_components(rs) + _pieces(rs, opts)
    comps.sort(key=lambda c: -c.h)  # stable: each family stays together, in the order above
    return _duplex(comps, rs, "components", opts)


def aid_pages(rs: Ruleset, opts: PrintOptions) -> list[Page]:
    """Returns a player aid for each seat printed for, fronts and backs on alternating pages."""
    from printgen.render.player_aid import player_aids

    return _duplex(player_aids(rs, opts.lang, _players(rs, opts.players) if opts.players else None), rs, "aids",
                   opts)


def calibration_pages(opts: PrintOptions, header: tuple[str, ...] = ()) -> list[Page]:
    """Returns a two-sided sheet for measuring how far the printer shifts the back; header paragraphs (a
    file's printing notes, in light markup) are set on the front between the targets."""
    check_offset(opts.back_offset)
    sheet = Sheet(opts.paper)
    pw, ph = sheet.size
    w = WORDS[opts.lang]
    front, back = Page(pw, ph, label="calibration front"), Page(pw, ph, label="calibration back")
    targets = [(pw / 2, ph / 2), (40, 50), (pw - 40, 50), (40, ph - 60), (pw - 40, ph - 60)]
    edge = templates(opts.lang)[f"flip.{opts.flip.value}"]
    front.add(Text(pw / 2, 25, w["cal_title"], "display", 18, anchor="middle", tag="cal title"),
              Text(pw / 2, 33, w["cal_front"], "body", 9, anchor="middle", tag="cal note"),
              Text(pw / 2, 39, w["cal_flip"].format(edge=edge, flip=opts.flip.value), "body-italic", 8, anchor="middle",
                   fill="ink.soft", tag="cal flip"))
    front.add(*text_block(header, 30, 70, pw - 60, 9.0, ph / 2 - 16))
    back.add(Text(pw / 2, 25, w["cal_title"], "display", 18, anchor="middle", tag="cal title"),
             Text(pw / 2, 33, w["cal_back"], "body", 9, anchor="middle", tag="cal note"))
    for x, y in targets:
        front.add(*_target(x, y))
        bx, by = back_position(x, y, 0, 0, sheet, opts.flip, opts.back_offset)
        back.add(*_scales(bx, by))
    front.add(*band_items(sheet.band, w["actual"], w["cal_title"]))
    return [front, back]


def text_block(paragraphs: tuple[str, ...], x: float, y: float, width: float, size: float,
               bottom: float) -> list[Item]:
    """Returns paragraphs (light markup) set flush left from baseline y, a blank half line between them;
    refuses text that would run below bottom."""
    from printgen.render.typeset import break_lines, set_line, words_of

    items: list[Item] = []
    lead = size * 0.3528 * 1.35
    for para in paragraphs:
        for ln in break_lines(words_of(para, size), width, size):
            items += set_line(ln, x, y, size)
            y += lead
        y += lead / 2
    if y - lead * 1.5 > bottom:
        raise ValueError(f"the notes run {y - bottom:.0f} mm past their space")
    return items


def _target(x: float, y: float) -> list[Item]:
    s = Style(stroke="ink", width=0.2)
    return [line((x - 12, y), (x + 12, y), s, tag="cal cross"), line((x, y - 12), (x, y + 12), s, tag="cal cross"),
            circle(x, y, 2.0, s, tag="cal ring")]


SCALE_AWAY = 9.0  # mm from a target's centre to each of its two scales, where the cross's arms cross them


def _scales(x: float, y: float) -> list[Item]:
    """Returns two millimetre scales for the target at (x, y): X across the cross's vertical arm SCALE_AWAY mm
    above the centre, numbered above it; Y across its horizontal arm SCALE_AWAY mm to the left, numbered to the
    left. Each number is the offset to enter, 0 where the arm lands when the printer is exact."""
    items: list[Item] = []
    s = Style(stroke="ink", width=0.15)
    sx, sy = y - SCALE_AWAY, x - SCALE_AWAY  # the X scale's line (a y) and the Y scale's line (an x)
    for i in range(-8, 9):
        h = 2.5 if i % 2 == 0 else 1.3
        items.append(line((x + i, sx - h), (x + i, sx), s, tag="cal tick"))
        items.append(line((sy - h, y + i), (sy, y + i), s, tag="cal tick"))
        if i % 2 == 0:
            label = f"{i:+d}" if i else "0"
            items.append(Text(x + i, sx - 3.3, label, "body", 4.0, anchor="middle", tag="cal number"))
            items.append(Text(sy - 3.0, y + i + 0.5, label, "body", 4.0, anchor="end", tag="cal number"))
    items.append(line((x - 8, sx), (x + 8, sx), s, tag="cal axis"))
    items.append(line((sy, y - 8), (sy, y + 8), s, tag="cal axis"))
    items.append(Text(x + 10, sx + 0.6, "X", "body-bold", 6, tag="cal axis name"))
    items.append(Text(sy, y + 11.5, "Y", "body-bold", 6, anchor="middle", tag="cal axis name"))
    return items
