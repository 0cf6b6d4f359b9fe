"""The kit's page furniture as a reader meets it: footers that count the file's pages, bookmarks in the copy read
on screen, --grey reaching every file, crop marks on the print-shop board."""

from __future__ import annotations

import re
from pathlib import Path

from pdf_read import page_texts, reader
from rendered import Renders

from printgen.files import OutputDir
from printgen.render.imposition import BLEED, Flip
from printgen.render.kit import build_kit, kit_options
from printgen.render.paper import Paper
from printgen.render.prints import PrintOptions, print_shop_board
from printgen.render.scene import path_points
from printgen.render.sheet import number_pages
from printgen.ruleset_files import load_ruleset

PAGE_OF = re.compile(r"(?:page|página) (\d+) (?:of|de) (\d+)")


def test_footers_count_the_pages_of_the_file_as_a_viewer_shows_them(rendered: Renders) -> None:
    for lang in ("en", "es"):
        kit = rendered.kit("bell", lang, Paper.A4)
        for what in ("1-single-sided", "2-double-sided-long-edge"):
            texts = page_texts(kit.pdf(what))
            numbered = [(i, PAGE_OF.search(" ".join(t.split()))) for i, t in enumerate(texts, 1)]
            found = [(i, m) for i, m in numbered if m]
            assert len(found) >= 2, (what, lang)
            for i, m in found:  # the board's first page is the file's second, after the how-to
                assert (int(m.group(1)), int(m.group(2))) == (i, len(texts)), (what, lang, i, m.group(0))


def test_number_pages_counts_the_pages_it_is_given_in_each_footer() -> None:
    from printgen.render.scene import Page, Text

    pages = [Page(10, 10, [Text(0, 0, "Bell · page 1 of 12", "body", 6, tag="footer"),
                           Text(0, 0, "página 1 de 12", "body", 6, tag="other")]) for _ in range(2)]
    pages.append(Page(10, 10, [Text(0, 0, "Bell · tablero · página 2 de 12", "body", 6, tag="footer")]))
    out = number_pages(pages)
    assert [p.items[0].text for p in out] == ["Bell · page 1 of 3", "Bell · page 2 of 3",  # type: ignore[union-attr]
                                              "Bell · tablero · página 3 de 3"]
    assert out[0].items[1].text == "página 1 de 12"  # type: ignore[union-attr]
    assert pages[0].items[0].text == "Bell · page 1 of 12"  # type: ignore[union-attr]


def test_the_reading_copy_has_a_bookmark_for_each_section(rendered: Renders) -> None:
    kit = rendered.kit("bell", "en", Paper.A4)
    r = reader(kit.pdf("reading"))
    marks = [(o.title, r.get_destination_page_number(o)) for o in r.outline if not isinstance(o, list)]
    titles = [t for t, _ in marks]
    assert titles[0] == "Cover" and titles[-1] == "Back cover"
    assert "A turn" in titles and "The cells" in titles and len(titles) >= 8
    pages = [p for _, p in marks]
    assert pages == sorted(pages) and pages[0] == 0 and pages[-1] == len(r.pages) - 1
    texts = page_texts(kit.pdf("reading"))
    for title, page in marks[1:-1]:  # each section's bookmark opens the page its title is printed on
        assert title in " ".join(texts[page].split()), (title, page)


def test_grey_reaches_the_reading_copy(tmp_path: Path) -> None:
    rs = load_ruleset("neeley")
    for grey in (False, True):
        build_kit(rs, kit_options(Paper.A4, "en", grey, Flip.LONG, (0, 0), None), OutputDir(tmp_path / str(grey)))
    colour = (tmp_path / "False" / "neeley-reading-a4-en.pdf").read_bytes()
    grey = (tmp_path / "True" / "neeley-reading-a4-en-grey.pdf").read_bytes()
    assert colour != grey
    rgb = re.compile(rb"([0-9.]+) ([0-9.]+) ([0-9.]+) rg")
    pages = reader(tmp_path / "True" / "neeley-reading-a4-en-grey.pdf").pages
    streams = b"".join(p.get_contents().get_data() for p in pages)
    colours = {m.groups() for m in rgb.finditer(streams)}
    assert colours and all(len(set(c)) == 1 for c in colours), sorted(colours)[:5]  # every fill a grey


def test_the_print_shop_board_has_crop_marks_outside_its_bleed() -> None:
    page = print_shop_board(load_ruleset("bell"), PrintOptions())
    assert page.trim is not None and page.bleed is not None
    tx, ty, tw, th = page.trim
    bx, by, bw, bh = page.bleed
    assert (tx - bx, ty - by) == (BLEED, BLEED)
    marks = [i for i in page.items if getattr(i, "tag", "") == "crop mark"]
    assert len(marks) == 8
    for m in marks:
        (x0, y0), (x1, y1) = path_points(m)  # type: ignore[arg-type]
        on_x = x0 == x1 and x0 in (tx, tx + tw)
        on_y = y0 == y1 and y0 in (ty, ty + th)
        assert on_x or on_y
        for x, y in ((x0, y0), (x1, y1)):  # outside the bleed, inside the page
            assert not (bx <= x <= bx + bw and by <= y <= by + bh), (x, y)
            assert 0 < x < page.width and 0 < y < page.height
