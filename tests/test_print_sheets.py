"""Component sheets measured: nothing but back art behind a component on either flip, everything that must print
6.35 mm from the paper edge, identical components on shared cut lines, fewer sheets, card and letter sizes, the
calibration sheet's labels apart."""

from __future__ import annotations

import itertools

import pytest

from printgen.components import SPARE_BEANS
from printgen.render.affine import IDENTITY, Affine
from printgen.render.faces import CARD, PIECE_SHAPE, bean_components, item_card, piece
from printgen.render.fonts import text_width
from printgen.render.formats import Flip
from printgen.render.imposition import BLEED, GUTTER, OFFSET_LIMIT, grid_sheets
from printgen.render.paper import SAFE, Paper, Sheet
from printgen.render.prints import (
    PrintOptions,
    bean_pages,
    board_pages,
    calibration_pages,
    card_pages,
    components_pages,
    pieces_pages,
)
from printgen.render.scene import Group, Item, Page, Path, Text, flatten, path_points
from printgen.render.units import pt_to_mm
from printgen.ruleset_files import load_ruleset
from printgen.rulesets import BUILTIN

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in mm
SETS = {"pieces": pieces_pages, "beans": bean_pages, "cards": card_pages, "components": components_pages}


def leaf_box(item: Path | Text, t: Affine) -> Box:
    """Returns the bounding box of a path or an unrotated line of text on the page."""
    if isinstance(item, Path):
        pts = [t.apply(x, y) for x, y in path_points(item)]
        pad = item.style.width / 2 if item.style.stroke else 0.0
    else:
        assert item.rotation == 0
        w = text_width(item.text, item.font, item.size)
        x0 = item.x - item.start_offset(w)
        em = pt_to_mm(item.size)
        pts = [t.apply(x0, item.y - 0.75 * em), t.apply(x0 + w, item.y + 0.25 * em)]
        pad = 0.0
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)


def overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] - 1e-6 and b[0] < a[2] - 1e-6 and a[1] < b[3] - 1e-6 and b[1] < a[3] - 1e-6


def parts(page: Page) -> tuple[list[Box], list[Box], list[tuple[Item, Box]]]:
    """Returns a component sheet's trim boxes, bleed boxes (what each face's clip lets print) and furniture."""
    trims, bleeds, furniture = [], [], []
    for item in page.items:
        if isinstance(item, Group) and item.tag.startswith(("front", "back")):
            assert item.clip is not None
            cx, cy, cw, ch = item.clip
            e, f = item.transform.e, item.transform.f
            bleeds.append((e + cx, f + cy, e + cx + cw, f + cy + ch))
            w = next(i for i in flatten(item.items) if i.item.tag == "bleed fill")
            x0, y0, x1, y1 = leaf_box(w.item, w.transform)
            trims.append((e + x0 + BLEED, f + y0 + BLEED, e + x1 - BLEED, f + y1 - BLEED))
        else:
            furniture += [(leaf.item, leaf_box(leaf.item, leaf.transform)) for leaf in flatten([item])]
    return trims, bleeds, furniture


@pytest.mark.parametrize("offset", [(0.0, 0.0), (OFFSET_LIMIT, -OFFSET_LIMIT), (-OFFSET_LIMIT, OFFSET_LIMIT)])
@pytest.mark.parametrize("paper", [Paper.A4, Paper.LETTER])
@pytest.mark.parametrize("flip", list(Flip))
@pytest.mark.parametrize("name", ["bell", "neeley"])
def test_nothing_but_art_prints_on_a_component_and_nothing_near_the_edge(name: str, flip: Flip, paper: Paper,
                                                                         offset: tuple[float, float]) -> None:
    rs = load_ruleset(name)
    opts = PrintOptions(paper=paper, flip=flip, back_offset=offset)
    pw, ph = Sheet(paper).size
    for what, maker in SETS.items():
        for page in maker(rs, opts):
            trims, bleeds, furniture = parts(page)
            assert bleeds, (what, page.label)
            back = page.label.endswith("back")
            for item, box in furniture:
                assert not back or item.tag == "footer", (what, page.label, item.tag)
                assert box[0] >= SAFE - 1e-6 and box[1] >= SAFE - 1e-6, (what, page.label, item.tag, box)
                assert box[2] <= pw - SAFE + 1e-6 and box[3] <= ph - SAFE + 1e-6, (what, page.label, item.tag, box)
                # Cut marks may run over the outer bleed (it is cut away), never over a component itself.
                keep_off = trims if item.tag == "cut mark" else bleeds
                assert not any(overlaps(box, b) for b in keep_off), (what, page.label, item.tag, box)
            for t in trims:  # the cut edges print, on the backs too
                assert SAFE - 1e-6 <= t[0] and t[2] <= pw - SAFE + 1e-6 and SAFE - 1e-6 <= t[1] <= t[3] <= ph - SAFE


def test_component_pages_say_where_they_are_cut() -> None:
    for page in components_pages(load_ruleset("ocastudios"), PrintOptions()):
        trims, bleeds, _ = parts(page)
        assert page.trim is not None and page.bleed is not None
        x, y, w, h = page.trim
        assert (x, y, x + w, y + h) == pytest.approx((min(t[0] for t in trims), min(t[1] for t in trims),
                                                      max(t[2] for t in trims), max(t[3] for t in trims)))
        bx, by, bw, bh = page.bleed
        assert bx == pytest.approx(x - BLEED) and bw == pytest.approx(w + 2 * BLEED)


def test_identical_components_butt_and_families_keep_a_gutter() -> None:
    comps = [piece(0)] * 5 + [piece(1)] * 5
    placed = grid_sheets(comps, Sheet(Paper.A4), Flip.LONG, (0.0, 0.0))[0]
    xs = [p.front[0] for p in placed]
    steps = [round(b - a, 6) for a, b in itertools.pairwise(xs)]
    w = comps[0].w
    assert steps == [w] * 4 + [w + GUTTER] + [w] * 4
    # Shared sides are not bled; the outer sides are, front and back.
    assert placed[0].open_front == (True, True, False, True) and placed[4].open_front == (False, True, True, True)
    assert placed[0].open_back == (False, True, True, True)  # a long-edge back is mirrored left to right


def test_a_family_too_big_for_a_row_butts_on_itself_row_on_row() -> None:
    rs = load_ruleset("bell")
    pages = components_pages(rs, PrintOptions())
    chits = [p for p in grid_sheets([c for c in _all(rs)], Sheet(Paper.A4), Flip.LONG, (0, 0))[0]
             if p.component.family == "chip 1"]  # the chips of 1: one family
    ys = sorted({p.front[1] for p in chits})
    assert len(ys) > 1 and all(round(b - a, 6) == chits[0].component.h for a, b in itertools.pairwise(ys))
    cut_lines = {round(path_points(i)[0][0], 3) for i, _, _ in flatten(pages[0].items)
                 if isinstance(i, Path) and i.tag == "cut mark" and path_points(i)[0][0] == path_points(i)[1][0]}
    per_row = len({p.front[0] for p in chits})
    edges = {round(v, 3) for p in chits for v in (p.front[0], p.front[0] + p.component.w)}
    assert len(edges) == per_row + 1 and edges <= cut_lines  # one cut between two chits, not two


def _all(rs):
    from printgen.render.faces import item_components, pieces_components

    comps = item_components(rs) + bean_components(rs) + pieces_components(rs)
    return sorted(comps, key=lambda c: -c.h)


# Sheets of card per kit (pieces, beans and items), measured before issue 10 (each set on its own sheets, every
# component in a 6 mm gutter, 58 × 79 mm cards) and now.
SHEETS_BEFORE = {("bell", "a4"): 4, ("neeley", "a4"): 5, ("ocastudios", "a4"): 4, ("gatigo", "a4"): 4,
                 ("bell", "letter"): 4, ("neeley", "letter"): 5, ("ocastudios", "letter"): 4, ("gatigo", "letter"): 4}
# Chips of 1 and 5 (issue 23) put Bell's A4 and GATIGO's components on one sheet.
SHEETS_NOW = {("bell", "a4"): 1, ("neeley", "a4"): 3, ("ocastudios", "a4"): 2, ("gatigo", "a4"): 1,
              ("bell", "letter"): 2, ("neeley", "letter"): 3, ("ocastudios", "letter"): 2, ("gatigo", "letter"): 1}


@pytest.mark.parametrize("paper", [Paper.A4, Paper.LETTER])
@pytest.mark.parametrize("name", BUILTIN)
def test_components_take_fewer_sheets(name: str, paper: Paper) -> None:
    sheets = len(components_pages(load_ruleset(name), PrintOptions(paper=paper))) // 2
    assert sheets == SHEETS_NOW[(name, paper.value)] <= SHEETS_BEFORE[(name, paper.value)]


def test_a_spare_bean_chit() -> None:
    rs = load_ruleset("gatigo")
    assert len(bean_components(rs)) == rs.beans.count + SPARE_BEANS == rs.beans.count + 1


def test_cards_are_sleeve_size_with_frames_inside_the_trim() -> None:
    card = item_card("Quetzal feather", 3, True, "Patolli")
    assert (card.w, card.h) == CARD == (63.0, 88.0)
    for face in (card.front, card.back):
        for leaf in flatten(face):
            if "frame" in leaf.item.tag:
                x0, y0, x1, y1 = leaf_box(leaf.item, leaf.transform)
                assert min(x0, y0, card.w - x1, card.h - y1) >= 3.0 - 1e-6, leaf.item.tag


@pytest.mark.parametrize("colour", range(4))
def test_a_piece_shows_its_shape_large_inside_the_ring_and_no_seat_letter(colour: int) -> None:
    """A piece's colour and shape are its arm's, the same at any number of players; a seat letter is not (blue is
    seat B with two players and C with four), so a piece carries none. Its shape is at least as large as the
    3.5 mm capital it replaces, and clear of the ring."""
    p = piece(colour)
    assert not [i for i in flatten(p.front) if isinstance(i.item, Text)]
    shape = next(i for i in flatten(p.front) if i.item.tag == f"piece shape {colour}")
    x0, y0, x1, y1 = leaf_box(shape.item, shape.transform)
    assert min(x1 - x0, y1 - y0) >= 3.5 and max(x1 - x0, y1 - y0) >= p.w * PIECE_SHAPE * 0.8
    ring = p.w * 0.40
    assert all(abs(v - p.w / 2) < ring - 0.5 for v in (x0, y0, x1, y1))


@pytest.mark.parametrize("flip", list(Flip))
def test_calibration_labels_apart_zero_labelled_and_a_scale_bar(flip: Flip) -> None:
    front, back = calibration_pages(PrintOptions(flip=flip))
    labels = [(i.item, leaf_box(i.item, i.transform)) for i in flatten(back.items) if i.item.tag == "cal number"]
    assert sum(1 for t, _ in labels if t.text == "0") == 2 * 5  # both scales of all five targets
    for (a, ba), (b, bb) in itertools.combinations(labels, 2):
        assert not overlaps(ba, bb), (a.text, b.text)
    assert [i for i in flatten(front.items) if i.item.tag == "scale bar"]


def test_board_sheets_print_nothing_near_the_edge() -> None:
    pages, _ = board_pages(load_ruleset("ocastudios"), PrintOptions(paper=Paper.LETTER))
    for page in pages:
        for leaf in flatten(page.items):
            if leaf.clip is None and leaf.item.tag in ("footer", "scale bar", "scale note", "scale label"):
                x0, y0, x1, y1 = leaf_box(leaf.item, leaf.transform)
                assert min(x0, y0, page.width - x1, page.height - y1) >= SAFE - 1e-6, leaf.item.tag


def _card_point(p, side: str, x: float, y: float) -> tuple[float, float]:
    """Returns where a point of the upright card (mm in its own trim box) prints on the front or back page."""
    face = p.component.front if side == "front" else p.component.back
    inner = face[0].transform if len(face) == 1 and isinstance(face[0], Group) and face[0].tag == "turned" \
        else IDENTITY
    at = p.front if side == "front" else p.back
    px, py = inner.apply(x, y)
    return (at[0] + px, at[1] + py)


@pytest.mark.parametrize("flip", list(Flip))
def test_letter_takes_eight_cards_a_turned_row_backed_like_the_upright_ones(flip: Flip) -> None:
    cards = [item_card(f"Card {i}", 1, True, "Patolli") for i in range(16)]
    sheet = Sheet(Paper.LETTER)
    pages = grid_sheets(cards, sheet, flip, (0.0, 0.0))
    assert [len(p) for p in pages] == [8, 8]  # two rows of three upright, one row of two turned
    pw, ph = sheet.size
    x0, y0, cw, ch = sheet.content
    for placed in pages[0]:
        tx0, ty0, tx1, ty1 = placed.trim_box()
        assert x0 - 1e-6 <= tx0 and tx1 <= x0 + cw + 1e-6 and y0 - 1e-6 <= ty0 and ty1 <= y0 + ch + 1e-6
        fx, fy = _card_point(placed, "front", CARD[0] / 2, 0.0)  # the middle of the card's top edge
        lands = (pw - fx, fy) if flip is Flip.LONG else (fx, ph - fy)  # where it lies on the back page
        # An upright card's back has its top behind the front's top after a long-edge flip and its bottom there
        # after a short-edge flip; a turned card's back must stand the same way, or the deck's backs disagree.
        expected = _card_point(placed, "back", CARD[0] / 2, 0.0 if flip is Flip.LONG else CARD[1])
        assert lands == pytest.approx(expected), (placed.component.w, flip)
    turned_cards = [p for p in pages[0] if p.component.w > p.component.h]
    assert len(turned_cards) == 2 and {p.front[1] for p in turned_cards} == {max(p.front[1] for p in pages[0])}
    for p in turned_cards:  # the frames stay 3 mm inside the turned trim too
        for leaf in flatten(list(p.component.front)):
            if leaf.item.tag == "card frame":
                x0_, y0_, x1_, y1_ = leaf_box(leaf.item, leaf.transform)
                assert min(x0_, y0_, p.component.w - x1_, p.component.h - y1_) >= 3.0 - 1e-6
