"""Sheets: duplex backs land behind their fronts, tiles cover the board, a 100 mm scale bar, cut marks clear."""

from __future__ import annotations

import pytest

from printgen.errors import OptionError
from printgen.render.faces import pieces_components
from printgen.render.imposition import Flip, check_offset, grid_sheets, impose
from printgen.render.paper import MARGIN, SAFE, Paper, Sheet
from printgen.render.prints import PrintOptions, board_drawing, board_pages, default_cell, fit_cell
from printgen.render.scene import Path, Text, flatten, path_points
from printgen.render.tiling import OVERLAP, best_sheet, plan_tiles
from printgen.ruleset_files import load_ruleset
from printgen.rulesets import BUILTIN


@pytest.mark.parametrize("flip", list(Flip))
@pytest.mark.parametrize("paper", [Paper.A4, Paper.LETTER])
def test_backs_land_behind_their_fronts(flip: Flip, paper: Paper) -> None:
    sheet = Sheet(paper)
    pw, ph = sheet.size
    for placed in grid_sheets(pieces_components(load_ruleset("bell")), sheet, flip, (0.0, 0.0))[0]:
        (fx, fy), (bx, by), c = placed.front, placed.back, placed.component
        # Turn the sheet over as the printer does, and find where the back's box lands on the front.
        if flip is Flip.LONG:
            landed = (pw - bx - c.w, by)
        else:
            landed = (bx, ph - by - c.h)
        assert landed == pytest.approx((fx, fy))


def test_the_back_offset_moves_every_back() -> None:
    sheet = Sheet(Paper.A4)
    comps = pieces_components(load_ruleset("gatigo"))
    plain = grid_sheets(comps, sheet, Flip.LONG, (0.0, 0.0))[0]
    moved = grid_sheets(comps, sheet, Flip.LONG, (1.5, -2.0))[0]
    for a, b in zip(plain, moved, strict=True):
        assert (b.back[0] - a.back[0], b.back[1] - a.back[1]) == pytest.approx((1.5, -2.0))
        assert a.front == b.front


def test_an_offset_past_the_margin_is_refused() -> None:
    check_offset((4.0, -4.0))
    with pytest.raises(OptionError, match="larger than the margin allows"):
        check_offset((4.5, 0.0))


def test_components_stay_inside_the_margin_and_cut_marks_touch_none() -> None:
    sheet = Sheet(Paper.A4)
    pages = impose(pieces_components(load_ruleset("bell")), sheet, Flip.LONG, (0, 0), "pieces")
    front = pages[0]
    assert front.trim is not None
    x, y, w, h = front.trim
    assert MARGIN - 1e-9 <= x and x + w <= sheet.size[0] - MARGIN + 1e-9
    marks = [item for item, _, _ in flatten(front.items) if isinstance(item, Path) and item.tag == "cut mark"]
    assert marks
    for mark in marks:
        for px, py in path_points(mark):
            assert not (x < px < x + w and y < py < y + h)
            assert SAFE <= px <= sheet.size[0] - SAFE and SAFE <= py <= sheet.size[1] - SAFE


@pytest.mark.parametrize("name", BUILTIN)
@pytest.mark.parametrize("paper", list(Paper))
def test_tiles_cover_the_whole_board_with_the_stated_overlap(name: str, paper: Paper) -> None:
    d = board_drawing(load_ruleset(name), default_cell(), None, PrintOptions(paper=paper))
    sheet, tiles = best_sheet(d.width, d.height, paper)
    _, _, cw, ch = sheet.content
    assert OVERLAP >= 10
    assert min(t.x for t in tiles) == 0 and min(t.y for t in tiles) == 0
    assert max(t.x + t.w for t in tiles) == pytest.approx(d.width)
    assert max(t.y + t.h for t in tiles) == pytest.approx(d.height)
    for t in tiles:
        assert t.w <= cw + 1e-9 and t.h <= ch + 1e-9
        right = [u for u in tiles if u.row == t.row and u.col == t.col + 1]
        below = [u for u in tiles if u.col == t.col and u.row == t.row + 1]
        if right:  # the glue strip reaches OVERLAP beyond the seam, where the next tile starts
            assert t.right and t.x + t.w - max(p[0] for p in t.right) == pytest.approx(OVERLAP)
            assert right[0].x == pytest.approx(min(p[0] for p in t.right))
        if below:
            assert t.bottom and t.y + t.h - max(p[1] for p in t.bottom) == pytest.approx(OVERLAP)
            assert below[0].y == pytest.approx(min(p[1] for p in t.bottom))


def test_a_board_that_fits_is_one_sheet() -> None:
    assert len(plan_tiles(150, 150, Sheet(Paper.A4))) == 1


def test_every_page_has_a_100_mm_scale_bar() -> None:
    pages, _ = board_pages(load_ruleset("gatigo"), PrintOptions())
    for page in pages:
        bars = [i for i, _, _ in flatten(page.items) if isinstance(i, Path) and i.tag == "scale bar"]
        assert len(bars) == 1
        xs = [p[0] for p in path_points(bars[0])]
        assert max(xs) - min(xs) == pytest.approx(100.0)
        ticks = sorted(path_points(i)[0][0] for i, _, _ in flatten(page.items) if getattr(i, "tag", "") == "scale tick")
        assert len(ticks) == 11 and ticks[-1] - ticks[0] == pytest.approx(100.0)
        notes = [i.text for i, _, _ in flatten(page.items) if isinstance(i, Text) and i.tag == "scale note"]
        assert notes == ["print at 100% / actual size"]


def test_fit_gives_one_sheet_and_a_smaller_cell() -> None:
    rs = load_ruleset("bell")
    cell = fit_cell(rs, None, PrintOptions())
    pages, used = board_pages(rs, PrintOptions(), fit=True)
    assert used == cell < default_cell() and len(pages) == 1
