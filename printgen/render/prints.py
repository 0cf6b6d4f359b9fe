"""The printable sets as pages: the board (one sheet, fitted, or tiled), pieces, beans, item cards, calibration."""

from __future__ import annotations

from dataclasses import dataclass

from printgen.engine.topology import topology_for
from printgen.errors import OptionError
from printgen.render.affine import Affine
from printgen.render.board_layout import BoardDrawing, draw_board
from printgen.render.faces import TOKEN, bean_components, item_components, pieces_components
from printgen.render.formats import Flip
from printgen.render.imposition import back_position, check_offset, impose
from printgen.render.paper import Paper, Sheet
from printgen.render.scene import Group, Item, Page, Style, Text, circle, line
from printgen.render.sheet import footer, scale_bar
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
    """Returns the board drawn at a cell size."""
    return draw_board(rs, topology_for(rs), cell, orientation or rs.board.orientation, _players(rs, opts.players),
                      BOARD_LABELS[opts.lang])


def fit_cell(rs: Ruleset, orientation: Orientation | None, opts: PrintOptions) -> float:
    """Returns the largest cell size at which the board fits one sheet (either way round)."""
    probe = board_drawing(rs, 10.0, orientation, opts)
    best = 0.0
    for sheet in (Sheet(opts.paper), Sheet(opts.paper, landscape=True)):
        _, _, cw, ch = sheet.content
        best = max(best, 10.0 * min(cw / probe.width, ch / probe.height))
    return int(best * 10) / 10


def _finish(pages: list[Page], rs: Ruleset, what: str, opts: PrintOptions) -> list[Page]:
    """Adds the scale bar and footer to every page."""
    w = WORDS[opts.lang]
    for i, page in enumerate(pages, 1):
        page.add(*scale_bar(page, w["actual"]))
        side = ""
        if page.label.endswith("front"):
            side = f" · {w['front']}"
        elif page.label.endswith("back"):
            side = f" · {w['back']}"
        page.add(*footer(page, f"Patolli · {rs.title} · {w[what]}{side} · " + w["page"].format(n=i, m=len(pages))))
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
    sheet, tiles = best_sheet(drawing.width, drawing.height, opts.paper, list(drawing.corners.values()), cell)
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
    return _finish(pages, rs, "board", opts), cell


def board_preview(rs: Ruleset, opts: PrintOptions, cell: float | None = None,
                  orientation: Orientation | None = None) -> Page:
    """Returns the whole board on one page of its own size (for SVG and PNG previews)."""
    drawing = board_drawing(rs, cell or default_cell(), orientation, opts)
    return Page(drawing.width, drawing.height, list(drawing.items), label="board")


def pieces_pages(rs: Ruleset, opts: PrintOptions) -> list[Page]:
    """Returns the pieces, fronts and backs on alternating pages."""
    players = _players(rs, opts.players) if opts.players else None
    pages = impose(pieces_components(rs, players), Sheet(opts.paper), opts.flip, opts.back_offset, "pieces")
    return _finish(pages, rs, "pieces", opts)


def bean_pages(rs: Ruleset, opts: PrintOptions) -> list[Page]:
    """Returns the bean chits: marked faces on the fronts, blank faces behind them."""
    pages = impose(bean_components(rs), Sheet(opts.paper), opts.flip, opts.back_offset, "beans")
    return _finish(pages, rs, "beans", opts)


def card_pages(rs: Ruleset, opts: PrintOptions) -> list[Page]:
    """Returns the item cards (or chits), fronts and themed backs."""
    pages = impose(item_components(rs, opts.lang), Sheet(opts.paper), opts.flip, opts.back_offset, "cards")
    return _finish(pages, rs, "cards", opts)


def calibration_pages(opts: PrintOptions) -> list[Page]:
    """Returns a two-sided sheet for measuring how far the printer shifts the back."""
    check_offset(opts.back_offset)
    sheet = Sheet(opts.paper)
    pw, ph = sheet.size
    w = WORDS[opts.lang]
    front, back = Page(pw, ph, label="calibration front"), Page(pw, ph, label="calibration back")
    targets = [(pw / 2, ph / 2), (40, 50), (pw - 40, 50), (40, ph - 60), (pw - 40, ph - 60)]
    front.add(Text(pw / 2, 25, w["cal_title"], "display", 18, anchor="middle", tag="cal title"),
              Text(pw / 2, 33, w["cal_front"], "body", 9, anchor="middle", tag="cal note"),
              Text(pw / 2, 39, w["cal_flip"].format(flip=opts.flip.value), "body-italic", 8, anchor="middle",
                   fill="ink.soft", tag="cal flip"))
    back.add(Text(pw / 2, 25, w["cal_title"], "display", 18, anchor="middle", tag="cal title"),
             Text(pw / 2, 33, w["cal_back"], "body", 9, anchor="middle", tag="cal note"))
    for x, y in targets:
        front.add(*_target(x, y))
        bx, by = back_position(x, y, 0, 0, sheet, opts.flip, opts.back_offset)
        back.add(*_scales(bx, by))
    return [front, back]


def _target(x: float, y: float) -> list[Item]:
    s = Style(stroke="ink", width=0.2)
    return [line((x - 12, y), (x + 12, y), s, tag="cal cross"), line((x, y - 12), (x, y + 12), s, tag="cal cross"),
            circle(x, y, 2.0, s, tag="cal ring")]


def _scales(x: float, y: float) -> list[Item]:
    """Returns millimetre scales through (x, y), numbered as the offset to enter."""
    items: list[Item] = []
    s = Style(stroke="ink", width=0.15)
    for i in range(-8, 9):
        h = 2.5 if i % 2 == 0 else 1.3
        items.append(line((x + i, y - h), (x + i, y), s, tag="cal tick"))
        items.append(line((x, y + i), (x + h, y + i), s, tag="cal tick"))
        if i % 2 == 0 and i:
            items.append(Text(x + i, y - 3.2, f"{i:+d}", "body", 4.2, anchor="middle", tag="cal number"))
            items.append(Text(x + 4.0, y + i + 0.6, f"{i:+d}", "body", 4.2, tag="cal number"))
    items.append(line((x - 8, y), (x + 8, y), s, tag="cal axis"))
    items.append(line((x, y - 8), (x, y + 8), s, tag="cal axis"))
    return items
