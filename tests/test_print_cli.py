"""The print commands end to end: exact page sizes, embedded fonts, repeatable bytes, previews, bad options."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import needs_cairo
from pdf_read import fonts, metadata, page_count, page_sizes, page_texts, reader
from typer.testing import CliRunner

from printgen.cli.app import app
from printgen.render.sheet import SLUG
from printgen.rulesets import BUILTIN

runner = CliRunner()
PAGE_PTS = {"a4": (595.276, 841.89), "letter": (612.0, 792.0)}


def run(*args: str):
    return runner.invoke(app, list(args))


def _is_paper(size: tuple[float, float], paper: str) -> bool:
    """True when a page is the paper's size, upright or turned, to a thousandth of a point."""
    w, h = PAGE_PTS[paper]
    return any(abs(a - size[0]) < 0.001 and abs(b - size[1]) < 0.001 for a, b in ((w, h), (h, w)))


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("name", BUILTIN)
def test_every_set_prints_with_exact_pages_and_embedded_fonts(name: str, paper: str, tmp_path: Path) -> None:
    for what in ("board", "pieces", "beans", "cards"):
        result = run(what, "--ruleset", name, "--paper", paper, "-o", str(tmp_path))
        assert result.exit_code == 0, result.output
        pdf = tmp_path / f"{name}-{what}-{paper}-en.pdf"
        sizes = page_sizes(pdf)
        assert sizes and all(_is_paper(s, paper) for s in sizes), sizes
        info = metadata(pdf)
        assert info.get("Title") and "Patolli" in " ".join(info.values()), info
        used = fonts(pdf)
        assert used and all(f.embedded and f.subset for f in used), used


def test_duplex_sets_alternate_fronts_and_backs(tmp_path: Path) -> None:
    run("pieces", "-r", "gatigo", "-o", str(tmp_path))
    pages = page_texts(tmp_path / "gatigo-pieces-a4-en.pdf")
    assert "front" in pages[0] and "back" in pages[1]


def test_same_inputs_give_the_same_bytes(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    for out in (a, b):
        assert run("board", "-r", "neeley", "-o", str(out)).exit_code == 0
        assert run("cards", "-r", "neeley", "-o", str(out), "--lang", "es").exit_code == 0
    for name in ("neeley-board-a4-en.pdf", "neeley-cards-a4-es.pdf"):
        assert (a / name).read_bytes() == (b / name).read_bytes()


@needs_cairo
def test_svg_and_png_previews(tmp_path: Path) -> None:
    assert run("board", "-r", "gatigo", "--format", "svg", "-o", str(tmp_path)).exit_code == 0
    svg = (tmp_path / "gatigo-board-a4-en.svg").read_text()
    assert svg.startswith("<?xml") and 'width="' in svg and "mm" in svg
    assert run("beans", "-r", "bell", "--format", "png", "-o", str(tmp_path)).exit_code == 0
    png = tmp_path / "bell-beans-a4-en-p1.png"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_grey_and_fit(tmp_path: Path) -> None:
    result = run("board", "-r", "bell", "--fit", "--grey", "-o", str(tmp_path))
    assert result.exit_code == 0 and "cell" in result.output and "mm" in result.output
    assert page_count(tmp_path / "bell-board-fit-a4-en-grey.pdf") == 1


def test_regenerating_replaces_our_files_but_not_the_users(tmp_path: Path) -> None:
    assert run("beans", "-r", "bell", "-o", str(tmp_path)).exit_code == 0
    assert run("beans", "-r", "bell", "-o", str(tmp_path)).exit_code == 0
    mine = tmp_path / "bell-board-a4-en.pdf"
    mine.write_text("my own notes")
    result = run("board", "-r", "bell", "-o", str(tmp_path))
    assert result.exit_code == 2 and "use --force" in result.output and mine.read_text() == "my own notes"
    assert run("board", "-r", "bell", "-o", str(tmp_path), "--force").exit_code == 0


BAD = [
    (["board", "--cell", "12"], "too small to hold a piece"),
    (["pieces", "--back-offset", "9,0"], "larger than the margin allows"),
    (["cards", "--back-offset", "left"], "write X,Y in millimetres"),
    (["board", "-r", "neeley", "--seats", "3"], "error: ruleset 'neeley' is for 2 players, not 3"),
    (["pieces", "-r", "ocastudios", "--seats", "4"], "error: ruleset 'ocastudios' is for 2 players, not 4"),
]


@pytest.mark.parametrize(("args", "message"), BAD)
def test_bad_print_options_get_one_line_and_exit_2(args: list[str], message: str, tmp_path: Path) -> None:
    result = run(*args, "-o", str(tmp_path))
    assert result.exit_code == 2 and message in result.output
    assert len(result.output.strip().splitlines()) == 1 and "Traceback" not in result.output


def test_unknown_paper_is_refused_by_the_parser(tmp_path: Path) -> None:
    result = run("board", "--paper", "b5", "-o", str(tmp_path))
    assert result.exit_code == 2 and "b5" in result.output


def test_calibration_sheet_has_two_sides(tmp_path: Path) -> None:
    assert run("calibrate", "--flip", "short", "-o", str(tmp_path)).exit_code == 0
    assert page_count(tmp_path / "calibration-a4-short.pdf") == 2
    assert "0 — 100 mm" in page_texts(tmp_path / "calibration-a4-short.pdf")[0]


def test_component_pages_carry_trim_and_bleed_boxes(tmp_path: Path) -> None:
    assert run("cards", "-r", "ocastudios", "--paper", "letter", "-o", str(tmp_path)).exit_code == 0
    for page in reader(tmp_path / "ocastudios-cards-letter-en.pdf").pages:
        media, trim, bleed = page.mediabox, page.trimbox, page.bleedbox
        assert "/TrimBox" in page and "/BleedBox" in page
        assert media.left <= bleed.left < trim.left and trim.right < bleed.right <= media.right
        assert float(trim.left) - float(bleed.left) == pytest.approx(3 * 72 / 25.4, abs=0.01)  # 3 mm of bleed
        # Everything that must print keeps 6.35 mm (18 pt) from the paper's edge: the cut edges too.
        assert float(trim.left) >= 18.0 and float(trim.bottom) >= 18.0 and float(media.right - trim.right) >= 18.0


def test_font_subsets_have_distinct_tags(tmp_path: Path) -> None:
    assert run("cards", "-r", "neeley", "--lang", "es", "-o", str(tmp_path)).exit_code == 0
    assert run("board", "-r", "neeley", "--lang", "es", "-o", str(tmp_path)).exit_code == 0
    tags = {}
    for name in ("neeley-cards-a4-es.pdf", "neeley-board-a4-es.pdf"):
        used = fonts(tmp_path / name)
        mine = [f.name.split("+")[0] for f in used]
        assert len(used) >= 3 and len(set(mine)) == len(mine), mine
        tags[name] = set(mine)
    assert not tags["neeley-cards-a4-es.pdf"] & tags["neeley-board-a4-es.pdf"]  # other subsets, other tags


def test_print_shop_board_is_one_page_with_bleed_and_trim(tmp_path: Path) -> None:
    result = run("board", "-r", "gatigo", "--print-shop", "-o", str(tmp_path))
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "gatigo-board-print-shop-en.pdf"
    pages = reader(pdf).pages
    assert len(pages) == 1
    media, trim, bleed = pages[0].mediabox, pages[0].trimbox, pages[0].bleedbox
    three, slug = 3 * 72 / 25.4, SLUG * 72 / 25.4  # the bleed, and the white round it holding the crop marks
    assert [float(v) for v in bleed] == pytest.approx([slug, slug, float(media.right) - slug,
                                                       float(media.top) - slug], abs=0.01)
    assert [float(v) for v in trim] == pytest.approx([slug + three, slug + three, float(media.right) - slug - three,
                                                      float(media.top) - slug - three], abs=0.01)
    w_mm = (float(trim.right) - float(trim.left)) * 25.4 / 72
    assert f"{w_mm:.0f} ×" in result.output and float(media.right) > 595.3  # wider than A4: the board at its own size
    bad = run("board", "--print-shop", "--fit", "-o", str(tmp_path))
    assert bad.exit_code == 2 and "--print-shop" in bad.output


def test_runs_that_draw_different_boards_write_different_files(tmp_path: Path) -> None:
    """Issue 23, item 11: `--fit` and `--seats 2` once wrote the same file, the second replacing the first."""
    for args in ([], ["--fit"], ["--seats", "2"], ["--orientation", "x"], ["--cell", "30"]):
        assert run("board", "-r", "gatigo", *args, "-o", str(tmp_path)).exit_code == 0
    assert sorted(p.name for p in tmp_path.glob("*.pdf")) == [
        "gatigo-board-2-seats-a4-en.pdf", "gatigo-board-a4-en.pdf", "gatigo-board-cell-30-a4-en.pdf",
        "gatigo-board-fit-a4-en.pdf", "gatigo-board-x-a4-en.pdf"]
    assert run("pieces", "-r", "gatigo", "--seats", "3", "-o", str(tmp_path)).exit_code == 0
    assert (tmp_path / "gatigo-pieces-3-seats-a4-en.pdf").exists()
