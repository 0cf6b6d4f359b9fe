"""Each grid of components on a sheet has its own cut marks beside it: a ruler laid along a mark cuts only the
components of the grid beside it, never through the middle of another family's column or row."""

from __future__ import annotations

import pytest

from printgen.render.faces import bean_components, item_components, pieces_components
from printgen.render.formats import Flip
from printgen.render.imposition import BLEED, grid_sheets, grids
from printgen.render.paper import Paper, Sheet
from printgen.render.prints import PrintOptions, components_pages
from printgen.render.scene import Path, flatten, path_points
from printgen.ruleset_files import load_ruleset
from printgen.rulesets import BUILTIN


def _marks(page) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    return [tuple(path_points(leaf.item)) for leaf in flatten(page.items)  # type: ignore[misc]
            if isinstance(leaf.item, Path) and leaf.item.tag == "cut mark"]


@pytest.mark.parametrize("paper", [Paper.A4, Paper.LETTER])
@pytest.mark.parametrize("name", BUILTIN)
def test_every_cut_mark_lines_up_with_the_grid_beside_it(name: str, paper: Paper) -> None:
    rs = load_ruleset(name)
    opts = PrintOptions(paper=paper)
    comps = item_components(rs) + bean_components(rs) + pieces_components(rs)
    comps.sort(key=lambda c: -c.h)
    sheet = Sheet(paper)
    pages = components_pages(rs, opts)
    for placed, front in zip(grid_sheets(comps, sheet, Flip.LONG, (0, 0)), pages[::2], strict=True):
        boxes = [p.trim_box() for p in placed]
        for (ax, ay), (bx, by) in _marks(front):
            if ax == bx:  # a column mark: the nearest component straight above or below it has a side on it
                near = min((b for b in boxes if b[0] - 1e-6 <= ax <= b[2] + 1e-6),
                           key=lambda b: min(abs(b[1] - ay), abs(b[3] - ay), abs(b[1] - by), abs(b[3] - by)))
                assert any(abs(ax - e) < 1e-3 for e in (near[0], near[2])), (name, paper, ax, ay, near)
            else:  # a row mark: the nearest component on its side of the sheet has its top or foot on it
                near = min((b for b in boxes if b[1] - 1e-6 <= ay <= b[3] + 1e-6),
                           key=lambda b: min(abs(b[0] - ax), abs(b[2] - ax)))
                assert any(abs(ay - e) < 1e-3 for e in (near[1], near[3])), (name, paper, ax, ay, near)


def test_chips_and_beans_are_separate_grids_with_no_marks_a_few_mm_apart() -> None:
    rs = load_ruleset("bell")
    pages = components_pages(rs, PrintOptions())
    comps = item_components(rs) + bean_components(rs) + pieces_components(rs)
    comps.sort(key=lambda c: -c.h)
    placed = grid_sheets(comps, Sheet(Paper.A4), Flip.LONG, (0, 0))[0]
    assert len(grids(placed)) >= 3  # chips, beans, pieces
    columns: dict[tuple[float, float], set[float]] = {}  # the column marks of each band, by where they stand
    for (ax, ay), (bx, by) in _marks(pages[0]):
        if ax == bx:
            columns.setdefault((round(min(ay, by), 1), round(max(ay, by), 1)), set()).add(round(ax, 2))
    for xs in columns.values():  # within one band, marks stand a component apart, never 1-3 mm
        gaps = [b - a for a, b in zip(sorted(xs), sorted(xs)[1:], strict=False)]
        assert min(gaps) > 10, sorted(xs)
    for grid in grids(placed)[1:-1]:  # a grid between two others has its column marks in its own top bleed
        top = min(p.front[1] for p in grid)
        xs = {round(v, 2) for p in grid for v in (p.front[0], p.front[0] + p.component.w)}
        own = {round(ax, 2) for (ax, ay), (bx, by) in _marks(pages[0]) if ax == bx and top - BLEED < min(ay, by)
               and max(ay, by) < top}
        assert own == xs
