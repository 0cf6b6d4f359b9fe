"""The rules booklet and card as printed: saddle-stitch order, typography rules, text that follows the data."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pdf_read import page_texts, text_in_box
from rendered import Renders

from printgen.render.booklet import booklet_pages, card_pages, imposed_booklet
from printgen.render.booklet_layout import COVER_MARGIN
from printgen.render.imposition import Flip
from printgen.render.palette import palette
from printgen.render.paper import Paper
from printgen.render.pdf import Metadata, render_pdf
from printgen.render.saddle import saddle_order
from printgen.render.scene import Group, Text, flatten
from printgen.render.units import mm_to_pt
from printgen.ruleset_files import load_ruleset
from printgen.rulesets import BUILTIN, builtin_text, parse_ruleset
from printgen.rulesets.load import read_toml


def test_saddle_order_pairs_pages_that_face_across_the_fold() -> None:
    assert saddle_order(8) == [(7, 0), (1, 6), (5, 2), (3, 4)]
    for left, right in saddle_order(12):
        assert left + right == 11


@pytest.mark.parametrize(("paper", "flip"), [(Paper.A4, Flip.SHORT), (Paper.LETTER, Flip.LONG)])
def test_imposed_booklet_has_its_pages_in_saddle_stitch_order(paper: Paper, flip: Flip, tmp_path: Path) -> None:
    rs = load_ruleset("neeley")
    reading = booklet_pages(rs, "en", paper)
    imposed = imposed_booklet(reading, paper, flip)
    path = tmp_path / "booklet.pdf"
    path.write_bytes(render_pdf(imposed, palette(), Metadata("b")))
    n = len(imposed) * 2
    assert n % 4 == 0 and n - len(reading) < 4 and reading[-1].label == "back cover"
    padded = reading[:-1] + [None] * (n - len(reading)) + reading[-1:]  # blanks go before the back cover
    sw, sh = mm_to_pt(imposed[0].width), mm_to_pt(imposed[0].height)
    for side, (left, right) in enumerate(saddle_order(n)):
        halves = [(0, sh - 40, sw / 2, 40), (sw / 2, sh - 40, sw / 2, 40)]
        if flip is Flip.LONG and side % 2 == 1:  # the back is printed turned half round
            halves = [(sw / 2, 0, sw / 2, 40), (0, 0, sw / 2, 40)]
        for index, box in zip((left, right), halves, strict=True):
            printed = re.findall(r"\b\d+\b", text_in_box(path, side + 1, box))
            expected = [] if index in (0, n - 1) or padded[index] is None else [str(index + 1)]
            assert printed == expected, (side, index, printed)


def _pages_with(pages, predicate):
    return [[item for item, _, _ in flatten(p.items) if predicate(item)] for p in pages]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("name", BUILTIN)
def test_no_heading_is_left_alone_at_a_page_foot(name: str, lang: str) -> None:
    for page in booklet_pages(load_ruleset(name), lang, Paper.A4)[1:]:
        texts = [i for i, _, _ in flatten(page.items) if isinstance(i, Text) and i.tag != "page number"]
        headings = [t for t in texts if t.tag == "heading"]
        if headings:
            last_heading = max(t.y for t in headings)
            assert any(t.y > last_heading + 1 and t.tag != "heading" for t in texts), (name, page.label)


@pytest.mark.parametrize("name", BUILTIN)
def test_tables_and_pictures_are_kept_whole(name: str) -> None:
    pages = booklet_pages(load_ruleset(name), "en", Paper.LETTER)
    seen: dict[str, int] = {}
    for n, page in enumerate(pages):
        for item in page.items:
            if isinstance(item, Group) and item.tag.startswith("table "):
                assert item.tag not in seen, f"{item.tag} split over pages {seen[item.tag]} and {n}"
                seen[item.tag] = n
    assert seen


def _reading_text(rs, tmp_path: Path) -> str:
    path = tmp_path / "reading.pdf"
    path.write_bytes(render_pdf(booklet_pages(rs, "en", Paper.A4), palette(), Metadata("r")))
    return "\n".join(page_texts(path))


def test_the_printed_booklet_follows_the_data(tmp_path: Path, rendered: Renders) -> None:
    before = "\n".join(rendered.texts(rendered.reading("bell", "en", Paper.A4)))
    text = builtin_text("bell").replace("starting_items = 20", "starting_items = 33")
    text = text.replace("wedge = { amount = 2,", "wedge = { amount = 7,")
    after = _reading_text(parse_ruleset(read_toml(text, "mine.toml"), "mine.toml", origin="mine"), tmp_path)
    flat = lambda s: " ".join(s.split())  # noqa: E731
    assert "33 chips" in flat(after) and "33 chips" not in flat(before)
    assert "7 chips to each opponent" in flat(after) and "2 chips to each opponent" in flat(before)


@pytest.mark.parametrize("paper", [Paper.A4, Paper.LETTER])
@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("name", BUILTIN)
def test_the_reference_card_is_one_page(name: str, lang: str, paper: Paper) -> None:
    pages = card_pages(load_ruleset(name), lang, paper)
    assert len(pages) == 1
    titles = [i.text for i, _, _ in flatten(pages[0].items) if isinstance(i, Text) and i.tag == "title"]
    assert titles and titles[0] == "Patolli:" if lang == "en" else titles


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize(("name", "paper"), [("bell", Paper.A4), ("neeley", Paper.LETTER), ("gatigo", Paper.A4)])
def test_the_back_cover_carries_a_turn_the_kit_and_the_sources(name: str, paper: Paper, lang: str,
                                                             rendered: Renders) -> None:
    from printgen.components import components
    from printgen.rules_text.content import SOURCES
    from printgen.rules_text.lang import Texts

    rs, T = load_ruleset(name), Texts(lang)
    pages = booklet_pages(rs, lang, paper)
    back = " ".join(rendered.texts(rendered.reading(name, lang, paper))[-1].split())
    for key in ("back.turn", "back.kit", "back.credits"):
        assert T(key) in back
    assert back.count("•") >= len(components(rs)) + len(SOURCES)  # every component and every source listed
    for author in ("R. C. Bell", "P. S. Neeley", "Ocastudios", "Gómez de Silva Garza"):
        assert author in back
    assert "Vollkorn" in back and "Lato" in back
    texts = [i for i, _, _ in flatten(pages[-1].items) if isinstance(i, Text)]
    inner = COVER_MARGIN + 2.5 + 1.0  # baselines inside the panel's inner frame, with room for descenders
    assert min(t.y for t in texts) > inner + 3 and max(t.y for t in texts) < pages[-1].height - inner
    assert not [t for t in texts if t.tag == "page number"]


@pytest.mark.parametrize("paper", [Paper.A4, Paper.LETTER])
def test_the_back_cover_prints_left_of_the_front_cover(paper: Paper, tmp_path: Path) -> None:
    rs = load_ruleset("ocastudios")
    imposed = imposed_booklet(booklet_pages(rs, "en", paper), paper, Flip.SHORT)
    path = tmp_path / "booklet.pdf"
    path.write_bytes(render_pdf(imposed, palette(), Metadata("b")))
    sw, sh = mm_to_pt(imposed[0].width), mm_to_pt(imposed[0].height)
    left, right = text_in_box(path, 1, (0, 0, sw / 2, sh)), text_in_box(path, 1, (sw / 2, 0, sw / 2, sh))
    assert "A turn at a glance" in " ".join(left.split()) and "The rules of play" in right
