"""No tile of a tiled board is mostly plain mat (issue 23, item 27): a large custom board's corner tile printed a
page of mat around a few cells. Now the mat is trimmed at the board's outer edge (render.tiling.trim_tiles), a
tile of nothing but mat is left out, and an empty quarter of an upright board holds the beans."""

from __future__ import annotations

from pathlib import Path as FilePath

import pytest

from printgen.render.board_layout import content_boxes
from printgen.render.paper import Paper
from printgen.render.prints import PrintOptions, board_drawing, board_pages, default_cell
from printgen.render.scene import flatten
from printgen.render.tiling import Tile, best_sheet, content_share
from printgen.ruleset_files import load_ruleset
from printgen.rulesets import BUILTIN, builtin_text
from printgen.rulesets.model import Orientation, Ruleset

# The stated shares: at least this much of the part of the board every printed tile shows (from where it is cut
# to where the next tile is laid on it) is cells, the areas printed between the arms, or the travel arrows: on a
# home printer's paper (A4, Letter) in the ruleset's own orientation, as the kit prints it; and in any paper and
# orientation (a two-seat board turned upright has a quarter with nothing in it: a fifth of a tile there is arms).
MIN_TILE_SHARE = 0.4
MIN_ANY_SHARE = 0.2
HOME_PAPER = (Paper.A4, Paper.LETTER)


def large(tmp: FilePath, arm: int) -> Ruleset:
    """Returns Bell's rules on a board of arm `arm` (8 * arm + 4 cells), written as a person's ruleset file."""
    text = builtin_text("bell").replace('name = "bell"', f'name = "bell{arm}"')
    text = text.replace("arm_length = 7 ", f"arm_length = {arm} ").replace("rounded_depths = [7]",
                                                                           f"rounded_depths = [{arm}]")
    path = tmp / f"bell{arm}.toml"
    path.write_text(text, "utf-8")
    rs = load_ruleset(str(path))
    assert rs.board.arm_length == arm
    return rs


def _tiles(rs: Ruleset, paper: Paper, orientation: Orientation | None) -> tuple[list[Tile], list[tuple[float, ...]]]:
    d = board_drawing(rs, default_cell(), orientation, PrintOptions(paper=paper))
    content = content_boxes(d)
    _, tiles = best_sheet(d.width, d.height, paper, list(d.corners.values()), d.cell, content)
    return tiles, list(content)


def _check(rs: Ruleset, paper: Paper, orientation: Orientation | None) -> list[Tile]:
    tiles, content = _tiles(rs, paper, orientation)
    if len(tiles) == 1:
        return tiles
    kit = paper in HOME_PAPER and orientation in (None, rs.board.orientation)
    for t in tiles:
        share = content_share(t.shown, content)  # type: ignore[arg-type]
        assert share >= (MIN_TILE_SHARE if kit else MIN_ANY_SHARE), (rs.name, paper, orientation, t.label,
                                                                      round(share, 2))
    for box in content:  # nothing a player uses is trimmed away: each part of it is printed by some tile
        x0, y0, x1, y1 = box
        for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1), ((x0 + x1) / 2, (y0 + y1) / 2)):
            assert any(t.x - 1e-6 <= x <= t.x + t.w + 1e-6 and t.y - 1e-6 <= y <= t.y + t.h + 1e-6 for t in tiles), \
                (rs.name, box)
    return tiles


@pytest.mark.parametrize("name", BUILTIN)
@pytest.mark.parametrize("paper", list(Paper))
@pytest.mark.parametrize("orientation", [None, *Orientation])
def test_every_tile_of_a_built_in_board_shows_its_share_of_board(name: str, paper: Paper,
                                                                 orientation: Orientation | None) -> None:
    _check(load_ruleset(name), paper, orientation)


@pytest.mark.parametrize("arm", [9, 10, 12])
@pytest.mark.parametrize("paper", [Paper.A4, Paper.LETTER, Paper.A3])
@pytest.mark.parametrize("orientation", list(Orientation))
def test_every_tile_of_a_large_custom_board_shows_its_share_of_board(tmp_path: FilePath, arm: int, paper: Paper,
                                                                     orientation: Orientation) -> None:
    _check(large(tmp_path, arm), paper, orientation)


def test_a_corner_of_plain_mat_is_not_printed_and_the_map_shows_it_gone(tmp_path: FilePath) -> None:
    rs = large(tmp_path, 12)
    tiles = _check(rs, Paper.A4, Orientation.PLUS)
    labels = [t.label for t in tiles]
    assert len(labels) == 11 and "C4" not in labels  # a grid of 3 × 4, less the corner of mat
    pages, _ = board_pages(rs, PrintOptions())
    assert [p.label for p in pages[1:]] == [f"tile {label}" for label in labels]
    assert any(leaf.item.tag == "map trimmed" for leaf in flatten(pages[0].items))
    below = {t.label: t for t in tiles}
    assert below["B4"].bottom is None and below["C3"].right is None  # their sides towards it are outer edges


def test_a_board_with_a_quarter_nobody_sits_at_puts_the_beans_there() -> None:
    from printgen.engine.topology import topology_for
    from printgen.render.board_layout import draw_board
    from printgen.render.scene import Group
    from printgen.render.words import BOARD_LABELS

    def groups(items: object) -> list[Group]:
        out = []
        for item in items:  # type: ignore[attr-defined]
            if isinstance(item, Group):
                out += [item, *groups(item.items)]
        return out

    rs = load_ruleset("ocastudios")  # two seats: two quarters without a seat's boxes
    d = draw_board(rs, topology_for(rs), 20.0, Orientation.PLUS, 2, BOARD_LABELS["en"])
    quarters = {leaf.item.tag: int(g.tag.split()[1]) for g in groups(d.items) if g.tag.startswith("areas ")
                for leaf in flatten([g]) if leaf.item.tag.endswith(" area")}
    assert sorted(quarters) == ["beans area", "offering area", "title area"]
    assert len(set(quarters.values())) == 3  # each in its own quarter: none is left as plain mat
