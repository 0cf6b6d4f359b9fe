"""The board read at the table: cell numbers inside their cells and clear of every mark, large and dark enough,
facing their seat; seat marks that stand out from the mat and differ without colour; one start sign."""

from __future__ import annotations

import colorsys
import json
import math
import re

import pytest
from board_geometry import inside, overlap, path_outline, stroke_margin, text_box
from typer.testing import CliRunner

from printgen.cli.app import app
from printgen.engine.seats import COLOURS, SEAT_NAMES, SHAPES
from printgen.engine.topology import CellKind, topology_for
from printgen.render.board_areas import shown_seats
from printgen.render.board_layout import LATO_CAP, MIN_FIGURE, draw_board, number_height
from printgen.render.palette import (
    COLOUR,
    GREY,
    MIN_MARK_CONTRAST,
    MIN_TEXT_CONTRAST,
    PLAYER_COLOURS,
    contrast,
    luminance,
)
from printgen.render.paper import Paper
from printgen.render.prints import PrintOptions, board_drawing, board_pages, default_cell
from printgen.render.scene import Leaf, Path, Text, flatten
from printgen.render.tiling import OVERLAP, best_sheet, seam_crosses_cells
from printgen.render.words import BOARD_LABELS
from printgen.ruleset_files import load_ruleset
from printgen.rulesets import BUILTIN
from printgen.rulesets.model import Orientation

EN = BOARD_LABELS["en"]
CASES = [(name, o, n) for name in BUILTIN for o in Orientation for n in load_ruleset(name).player_counts()]
GLYPHS = re.compile(r"(wedge|capture|flower|again|start arrow|start head|start seat|end cross|end seat) (\d+)")
CELL_FILLS = ("cell.normal", "cell.wedge", "cell.rounded", "cell.centre", "cell.start", "cell.end")


def _leaves(name: str, orientation: Orientation, players: int, cell: float = 20.0) -> list[Leaf]:
    rs = load_ruleset(name)
    return flatten(draw_board(rs, topology_for(rs), cell, orientation, players, EN).items)


def _by_tag(leaves: list[Leaf]) -> tuple[dict[int, Leaf], dict[int, Leaf], dict[int, list[Leaf]]]:
    cells, numbers, glyphs = {}, {}, {}
    for leaf in leaves:
        tag = leaf.item.tag
        if isinstance(leaf.item, Text) and (m := re.fullmatch(r"number (\d+)", tag)):
            numbers[int(m[1])] = leaf
        elif isinstance(leaf.item, Path) and (m := re.fullmatch(r"cell (\d+)", tag)):
            cells[int(m[1])] = leaf
        elif isinstance(leaf.item, Path) and (m := GLYPHS.fullmatch(tag)):
            glyphs.setdefault(int(m[2]), []).append(leaf)
    return cells, numbers, glyphs


@pytest.mark.parametrize(("name", "orientation", "players"), CASES)
def test_every_number_lies_inside_its_cell_clear_of_borders_and_marks(name: str, orientation: Orientation,
                                                                     players: int) -> None:
    cells, numbers, glyphs = _by_tag(_leaves(name, orientation, players))
    assert sorted(numbers) == sorted(cells)
    for n, leaf in numbers.items():
        box = text_box(leaf)
        cell = cells[n]
        assert inside(box, path_outline(cell), margin=stroke_margin(cell) + 0.3), f"number {n} leaves its cell"
        for g in glyphs.get(n, []):
            outline = path_outline(g)
            if g.item.tag.startswith("capture"):  # a dashed border: the number stays within it
                assert inside(box, outline, margin=stroke_margin(g) + 0.2), f"number {n} is on its capture border"
            else:
                assert not overlap(box, outline, stroke_margin(g) + 0.2), f"number {n} touches {g.item.tag}"


def test_bells_tip_numbers_lie_inside_their_rounded_cells() -> None:
    cells, numbers, _ = _by_tag(_leaves("bell", Orientation.PLUS, 4))
    for n in (24, 38, 8, 9, 23, 39, 53, 54):
        assert inside(text_box(numbers[n]), path_outline(cells[n]), margin=0.5)


@pytest.mark.parametrize("orientation", list(Orientation))
def test_numbers_face_the_seat_that_plays_along_their_arm(orientation: Orientation) -> None:
    rs = load_ruleset("gatigo")
    topo = topology_for(rs)
    d = draw_board(rs, topo, 20, orientation, 4, EN)
    _, numbers, _ = _by_tag(flatten(d.items))

    def centre(n: int) -> tuple[float, float]:
        return sum(p[0] for p in d.corners[n]) / 4, sum(p[1] for p in d.corners[n]) / 4

    for cell in topo.cells:
        same_arm = [c for c in topo.cells if c.quarter == cell.quarter]
        tip = next(c.number for c in same_arm if c.depth == topo.arm)
        inner = next(c.number for c in same_arm if c.depth == 1)
        inward = (centre(inner)[0] - centre(tip)[0], centre(inner)[1] - centre(tip)[1])
        (x0, y0), _, _, (x3, y3) = text_box(numbers[cell.number])
        up = (x3 - x0, y3 - y0)  # from the baseline towards the tops of the figures
        cos = (up[0] * inward[0] + up[1] * inward[1]) / (math.hypot(*up) * math.hypot(*inward))
        assert cos > 0.999, f"cell {cell.number}'s number does not read from the seat at its arm's tip"


def test_number_size_is_legible_from_a_chair_and_fit_warns_below_it() -> None:
    _, numbers, _ = _by_tag(_leaves("bell", Orientation.PLUS, 4, cell=default_cell()))
    heights = {round(LATO_CAP * leaf.item.size * 25.4 / 72, 3) for leaf in numbers.values()}  # type: ignore[union-attr]
    assert heights == {round(number_height(default_cell()), 3)}
    assert number_height(default_cell()) >= MIN_FIGURE
    assert number_height(10.0) < MIN_FIGURE


def test_fit_warns_on_one_line_when_numbers_would_be_too_small(tmp_path) -> None:
    result = CliRunner().invoke(app, ["board", "-r", "bell", "--fit", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    warnings = [line for line in result.stderr.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 1 and "cell numbers" in warnings[0]
    big = CliRunner().invoke(app, ["board", "-r", "ocastudios", "--fit", "--paper", "a3", "-o", str(tmp_path)])
    assert big.exit_code == 0 and "warning:" not in big.stderr


@pytest.mark.parametrize("pal", [COLOUR, GREY], ids=["colour", "grey"])
def test_numbers_have_text_contrast_on_every_cell_fill(pal: dict[str, str]) -> None:
    for fill in CELL_FILLS:
        assert contrast(pal["cell.number"], pal[fill]) >= MIN_TEXT_CONTRAST, fill


@pytest.mark.parametrize("pal", [COLOUR, GREY], ids=["colour", "grey"])
def test_every_seat_mark_stands_out_from_the_mat_areas_and_cells(pal: dict[str, str]) -> None:
    for seat in range(4):
        for ground in ("mat", "area", "cell.normal", "cell.start", "cell.end"):
            assert contrast(pal[f"seat.{seat}"], pal[ground]) >= MIN_MARK_CONTRAST, (seat, ground)
        assert contrast(pal[f"seat.mark.{seat}"], pal[f"seat.{seat}"]) >= MIN_TEXT_CONTRAST - 1.5  # bold labels
        assert contrast(pal[f"player.mark.{seat}"], pal[f"player.{seat}"]) >= MIN_MARK_CONTRAST


def test_grey_pieces_are_outlines_not_solid_ink() -> None:
    for seat in range(4):
        assert luminance(GREY[f"player.{seat}"]) > 0.9
        assert contrast(GREY[f"player.mark.{seat}"], GREY[f"player.{seat}"]) >= 7


def test_colour_names_match_the_printed_colours() -> None:
    hues = {"orange": (15, 40), "blue": (190, 230), "gold": (40, 60), "green": (140, 175)}
    for name, colour in zip(COLOURS, PLAYER_COLOURS, strict=True):
        r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
        h, _, _ = colorsys.rgb_to_hsv(r, g, b)
        lo, hi = hues[name]
        assert lo <= h * 360 <= hi, (name, colour, h * 360)


@pytest.mark.parametrize("orientation", list(Orientation))
@pytest.mark.parametrize("name", BUILTIN)
def test_each_start_has_one_sign_with_its_seats_shape(name: str, orientation: Orientation) -> None:
    rs = load_ruleset(name)
    topo = topology_for(rs)
    leaves = _leaves(name, orientation, rs.players.max_players)
    tags = [leaf.item.tag for leaf in leaves]
    both = rs.players.direction.value == "choose"
    for place in topo.seat_places(rs.players.max_players):
        assert tags.count(f"start arrow {place.start}") == 1  # one shaft, not two overlapping arrows
        assert tags.count(f"start head {place.start}") == (2 if both else 1)
        assert tags.count(f"start seat {place.start}") == 1
        assert all(tags.count(f"end seat {end}") == 1 for end in place.ends)
        assert topo.cell(place.start).kind is CellKind.START
    assert len(set(SHAPES)) == 4


def test_travel_arrows_stay_inside_the_mat() -> None:
    for name in BUILTIN:
        rs = load_ruleset(name)
        for orientation in Orientation:
            d = draw_board(rs, topology_for(rs), 20, orientation, rs.players.max_players, EN)
            for leaf in flatten(d.items):
                if isinstance(leaf.item, Path) and leaf.item.tag.startswith("travel"):
                    for x, y in path_outline(leaf):
                        assert 0.5 < x < d.width - 0.5 and 0.5 < y < d.height - 0.5, (name, orientation)


TILE_CASES = [(name, o, paper) for name in BUILTIN for o in Orientation for paper in (Paper.A4, Paper.LETTER)]


@pytest.mark.parametrize(("name", "orientation", "paper"), TILE_CASES)
def test_tile_seams_run_between_cells_and_tiles_fit_their_sheet(name: str, orientation: Orientation,
                                                                paper: Paper) -> None:
    d = board_drawing(load_ruleset(name), default_cell(), orientation, PrintOptions(paper=paper))
    cells = list(d.corners.values())
    sheet, tiles = best_sheet(d.width, d.height, paper, cells, d.cell)
    _, _, cw, ch = sheet.content
    assert min(t.x for t in tiles) == 0 and min(t.y for t in tiles) == 0
    assert max(t.x + t.w for t in tiles) == pytest.approx(d.width)
    assert max(t.y + t.h for t in tiles) == pytest.approx(d.height)
    for t in tiles:
        assert t.w <= cw + 1e-9 and t.h <= ch + 1e-9
        for s, vertical in ((t.right, True), (t.bottom, False)):
            if s is None:
                continue
            assert not seam_crosses_cells(s, cells), f"a seam of tile {t.label} cuts a cell"
            for quad in cells:  # no cell is cut: each lies wholly on one side of the seam
                sides = {_side(s, p, vertical) for p in quad} - {0}
                assert len(sides) <= 1, f"tile {t.label}'s seam cuts a cell"
            far = max(p[0] if vertical else p[1] for p in s)
            edge = t.x + t.w if vertical else t.y + t.h
            assert edge - far >= OVERLAP - 1e-9 >= 10  # the glue strip beyond the seam's farthest point
        if t.left:
            assert t.x <= min(p[0] for p in t.left) + 1e-9  # the tile prints all the art right of its cut
        if t.top:
            assert t.y <= min(p[1] for p in t.top) + 1e-9


def _side(s: tuple[tuple[float, float], ...], p: tuple[float, float], vertical: bool) -> int:
    """Returns -1, 0 or 1: whether p lies before, on or after a seam (left/right, or above/below)."""
    u, v = (p[1], p[0]) if vertical else (p[0], p[1])  # along the seam, across it
    for a, b in zip(s, s[1:], strict=False):
        (au, av), (bu, bv) = ((a[1], a[0]), (b[1], b[0])) if vertical else (a, b)
        if min(au, bu) - 1e-6 <= u <= max(au, bu) + 1e-6:
            at = av if abs(bu - au) < 1e-9 else av + (bv - av) * (u - au) / (bu - au)
            if abs(bu - au) < 1e-9 and min(av, bv) - 1e-3 <= v <= max(av, bv) + 1e-3:
                return 0
            return 0 if abs(v - at) < 0.01 else (1 if v > at else -1)
    return 0


def test_default_boards_still_print_on_four_sheets() -> None:
    for name in BUILTIN:
        d = board_drawing(load_ruleset(name), default_cell(), None, PrintOptions())
        _, tiles = best_sheet(d.width, d.height, Paper.A4, list(d.corners.values()), d.cell)
        assert len(tiles) <= 4, name


def test_tile_pages_tint_the_glue_and_keep_its_label_on_the_tint() -> None:
    pages, _ = board_pages(load_ruleset("neeley"), PrintOptions())
    assert pages[0].label == "assembly map"
    leaves = flatten(pages[0].items)
    assert any(leaf.item.tag == "map board" or leaf.item.tag.startswith("cell ") for leaf in leaves)  # thumbnail
    assert sorted(leaf.item.text for leaf in leaves if leaf.item.tag == "map label") == ["A1", "A2", "B1", "B2"]
    assert {leaf.item.font for leaf in leaves if leaf.item.tag == "map label"} <= {"body-black"}  # lining figures
    total = 0
    for page in pages[1:]:
        leaves = flatten(page.items)
        strips = [path_outline(leaf) for leaf in leaves if leaf.item.tag == "glue strip"]
        labels = [leaf for leaf in leaves if leaf.item.tag == "glue label"]
        assert len(labels) == len(strips)
        total += len(strips)
        assert all(GREY["glue"] != "#FFFFFF" and COLOUR["glue"] != COLOUR["mat"] for _ in strips)
        for label in labels:
            assert any(inside(text_box(label), strip) for strip in strips), "a glue label lies on the art"
    assert total == 4  # A1 right and below, A2 below, B1 right


@pytest.mark.parametrize(("name", "orientation", "players"), CASES)
def test_the_board_marks_each_seat_where_the_seat_scheme_puts_it(name: str, orientation: Orientation,
                                                                 players: int) -> None:
    rs = load_ruleset(name)
    topo = topology_for(rs)
    leaves = _leaves(name, orientation, players)
    signs = {int(leaf.item.tag.split()[-1]): leaf.item.style.fill for leaf in leaves
             if isinstance(leaf.item, Path) and leaf.item.tag.startswith("start seat ")}
    assert signs == {p.start: f"seat.{p.colour}" for p in topo.seat_places(players)}  # each arm in its colour
    letters = {leaf.item.text for leaf in leaves if isinstance(leaf.item, Text) and " letter " in leaf.item.tag}
    assert letters == {p.letter for p in topo.seat_places(players)}
    kit = flatten(draw_board(rs, topo, 20.0, orientation, players, EN, kit=True).items)
    shown = shown_seats(rs, players, kit=True)  # a kit's board: the arms of two players carry their seats
    signs = {int(leaf.item.tag.split()[-1]): leaf.item.style.fill for leaf in kit
             if isinstance(leaf.item, Path) and leaf.item.tag.startswith("start seat ")}
    assert signs == {p.start: f"seat.{p.colour}" for p in topo.seat_places(players)}  # the same colours as a game's
    if 2 in rs.player_counts():
        assert {p.start: f"seat.{p.colour}" for p in topo.seat_places(2)}.items() <= signs.items()
    letters = {leaf.item.text for leaf in kit if isinstance(leaf.item, Text) and " letter " in leaf.item.tag}
    assert letters == {SEAT_NAMES[s] for s in shown.values()}


def test_a_four_seat_board_is_marked_for_two_and_says_which_letter_an_arm_takes_with_more() -> None:
    rs = load_ruleset("bell")
    kit = flatten(draw_board(rs, topology_for(rs), 20.0, Orientation.PLUS, 4, EN, kit=True).items)
    texts = [leaf.item.text for leaf in kit if isinstance(leaf.item, Text)]
    # the arm of cell 31 is seat B, as two players sit; its hand and home boxes say its letter with more
    assert texts.count("with 3–4 players: seat C") == 2 and "with 2 players: seat B" not in texts
    assert texts.count("for 3–4 players") == 2 and texts.count("for 4 players") == 2
    game = [leaf.item.text for leaf in _leaves("bell", Orientation.PLUS, 4) if isinstance(leaf.item, Text)]
    assert game.count("with 2 players: seat B") == 2  # a four-player game's board: the arm is seat C
    two = [leaf.item.text for leaf in _leaves("bell", Orientation.PLUS, 2) if isinstance(leaf.item, Text)]
    assert "Seat B · In hand" in two and not any("players" in t for t in two)


def test_booklet_rulesets_show_and_play_use_the_same_seats() -> None:
    from printgen.rules_text.phrases import Phrases

    rs = load_ruleset("bell")
    topo = topology_for(rs)
    lines = Phrases(rs, "en").seating()
    assert lines[0] == "With 2 players: seat A (orange, circle) at the arm whose start is cell 1 and seat B (blue, " \
                       "square) at the arm whose start is cell 31."
    assert "seat B (gold, triangle) at the arm whose start is cell 16" in lines[2]  # four: B beside A, in gold
    result = CliRunner().invoke(app, ["rulesets", "show", "bell", "--json"])
    seats = json.loads(result.stdout)["seats"]
    for n in rs.player_counts():
        assert [(s["seat"], s["start"]) for s in seats[str(n)]] == [(p.letter, p.start) for p in topo.seat_places(n)]
    shown = CliRunner().invoke(app, ["position", "show", "bell/2 g1 move A starter=A last=- pool=0 offering=0 | "
                                     "A 20 cw h,h,h,h,h,h | B 20 cw h,h,h,h,h,h"])
    assert shown.exit_code == 0, shown.output
    assert "A● orange ▸1 B■ blue ▸31" in shown.stdout


@pytest.mark.parametrize("name", BUILTIN)
def test_the_worked_example_shows_every_cell_it_names_legibly(name: str) -> None:
    from printgen.render.booklet_layout import board_picture
    from printgen.render.position_picture import NAMED_FIGURE as EXAMPLE_FIGURE
    from printgen.rules_text.blocks import BoardFigure
    from printgen.rules_text.content import booklet

    rs = load_ruleset(name)
    figs = [b for s in booklet(rs, "en").sections for b in s.blocks if isinstance(b, BoardFigure)]
    assert figs
    for fig in figs:
        items, _ = board_picture(rs, fig, 105.0, "en")
        leaves = flatten(items)
        named = {int(leaf.item.tag.split()[1]): leaf for leaf in leaves
                 if isinstance(leaf.item, Text) and leaf.item.tag.startswith("named ")}
        pieces = {int(leaf.item.tag.split()[1]) for leaf in leaves if leaf.item.tag.startswith("piece ")}
        moved = {int(v) for v in fig.move.split("-")} if "-" in fig.move else set()
        assert set(named) == set(fig.highlight) | pieces | moved
        for n, leaf in named.items():
            (x0, y0), _, _, (x3, y3) = text_box(leaf)
            assert math.hypot(x3 - x0, y3 - y0) == pytest.approx(EXAMPLE_FIGURE, rel=1e-6) and EXAMPLE_FIGURE >= 1.5
            disc = next(lf for lf in leaves if lf.item.tag == f"label disc {n}")
            assert inside(text_box(leaf), path_outline(disc))
            assert contrast(COLOUR[leaf.item.fill], COLOUR[disc.item.style.fill]) >= MIN_TEXT_CONTRAST


@pytest.mark.parametrize(("name", "orientation", "players"), CASES)
def test_travel_arrows_keep_off_the_seat_boxes(name: str, orientation: Orientation, players: int) -> None:
    leaves = _leaves(name, orientation, players)
    arrows = [leaf for leaf in leaves if isinstance(leaf.item, Path) and leaf.item.tag.startswith("travel")]
    boxes = [path_outline(leaf) for leaf in leaves if isinstance(leaf.item, Path)
             and re.fullmatch(r"(hand|home) \d", leaf.item.tag)]
    assert arrows and boxes
    for arrow in arrows:
        if arrow.item.tag == "travel head":
            outline = path_outline(arrow)
            assert not any(overlap(outline, box, 0.3) for box in boxes)


@pytest.mark.parametrize("orientation", list(Orientation))
def test_rounded_tip_cells_have_no_stroke_spurs(orientation: Orientation) -> None:
    from printgen.render.paths import CurveTo as Curve
    from printgen.render.paths import LineTo, MoveTo

    rs = load_ruleset("bell")
    topo = topology_for(rs)
    tips = {c.number for c in topo.cells if c.depth == topo.arm or c.kind is CellKind.ROUNDED}
    cells, _, _ = _by_tag(_leaves("bell", orientation, 4))
    for n in tips:
        segments = []  # (tangent leaving the start, tangent arriving at the end) of each piece of the outline
        last = None
        for op in cells[n].item.ops:
            if isinstance(op, MoveTo):
                last = (op.x, op.y)
            elif isinstance(op, LineTo | Curve):
                assert last is not None
                first = (op.x1, op.y1) if isinstance(op, Curve) else (op.x, op.y)
                second = (op.x2, op.y2) if isinstance(op, Curve) else last
                out = (first[0] - last[0], first[1] - last[1])
                into = (op.x - second[0], op.y - second[1])
                assert math.hypot(*out) > 1e-6 and math.hypot(*into) > 1e-6, f"cell {n}: a piece of no length"
                segments.append((out, into))
                last = (op.x, op.y)
        for (_, u), (v, _) in zip(segments, segments[1:], strict=False):
            cos = (u[0] * v[0] + u[1] * v[1]) / (math.hypot(*u) * math.hypot(*v))
            assert cos > -0.5, f"cell {n}'s outline doubles back (a spur)"
