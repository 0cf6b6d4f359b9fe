"""The one-command print kit: every ruleset, both languages, A4 and Letter; the default kit; `patolli rules`."""

from __future__ import annotations

from pathlib import Path

import pytest
from pdf_read import page_count, reader
from rendered import Renders
from typer.testing import CliRunner

from printgen.cli.app import app
from printgen.files import OutputDir
from printgen.render.imposition import Flip
from printgen.render.kit import build_kit, kit_options
from printgen.render.paper import Paper
from printgen.ruleset_files import load_ruleset
from printgen.rulesets import BUILTIN

runner = CliRunner()


PRINTED = ("1-single-sided", "2-double-sided-long-edge", "3-booklet-double-sided-short-edge")


@pytest.mark.parametrize("paper", [Paper.A4, Paper.LETTER])
@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("name", BUILTIN)
def test_every_ruleset_builds_a_kit_of_one_file_per_printer_setting(name: str, lang: str, paper: Paper,
                                                                    rendered: Renders) -> None:
    kit = rendered.kit(name, lang, paper)
    assert kit.steps[0] == "board" and kit.steps[-1] == "files"
    names = sorted(p.name for p in kit.files)
    assert names == sorted([*(f"{name}-{w}-{paper.value}-{lang}.pdf" for w in (*PRINTED, "reading")),
                            f"{name}-board-print-shop-{lang}.pdf"])
    howto = rendered.text(kit.pdf(PRINTED[0]), 1)
    for what in PRINTED:  # the first page names every file to print, with its page count and its pages
        pdf = kit.pdf(what)
        n = page_count(pdf)
        assert kit.printed[pdf.name] == n
        assert f"{pdf.name} ({n} " in howto.replace("\n", " ")
        outline = [o.title for o in reader(pdf).outline if not isinstance(o, list)]
        assert len(outline) >= 2, outline
        first = " ".join(rendered.text(pdf, 1).split())  # each file starts by saying what it holds and how to print it
        assert pdf.name in first and (f"{n}: " in first or f"–{n}: " in first)
    assert "–" in howto
    single = reader(kit.pdf(PRINTED[0]))
    marks = [single.get_destination_page_number(o) for o in single.outline if not isinstance(o, list)]
    assert marks[:2] == [0, 1]  # the how-to takes one page: no sheet spent on a few lines overleaf


def test_each_file_says_its_printer_setting_and_what_to_do(tmp_path: Path, rendered: Renders) -> None:
    build_kit(load_ruleset("ocastudios"), kit_options(Paper.A4, "en", False, Flip.SHORT, (0, 0), None),
              OutputDir(tmp_path))
    single, duplex, booklet = (" ".join(rendered.text(tmp_path / f"ocastudios-{w}-a4-en.pdf", 1).split()).replace(
        " ,", ",") for w in
                               ("1-single-sided", "2-double-sided-short-edge", "3-booklet-double-sided-short-edge"))
    assert "print single-sided" in single and "glue" in single and "fold" in single
    assert "Printer setting: print double-sided, flipping on the short edge, on thin card" in duplex
    assert "Pages 1–2: the duplex calibration sheet" in duplex and "Pages 3–" in duplex
    assert "Printer setting: print double-sided, flipping on the short edge, on plain paper" in booklet
    assert "staple" in booklet
    # The single-sided file's tiles are listed page by page in its bookmarks.
    outline = reader(tmp_path / "ocastudios-1-single-sided-a4-en.pdf").outline
    assert [o.title for o in outline if not isinstance(o, list)] == ["How to print", "Board"]
    duplex_outline = reader(tmp_path / "ocastudios-2-double-sided-short-edge-a4-en.pdf").outline
    assert [o.title for o in duplex_outline if not isinstance(o, list)][-1] == "Player aids"  # on card, not paper
    assert any(isinstance(o, list) and any(c.title.startswith("Tile") for c in o) for o in outline)


def test_a_kit_is_the_same_bytes_twice(tmp_path: Path) -> None:
    opts = kit_options(Paper.LETTER, "es", False, Flip.LONG, (0.5, -0.5), None)
    a = build_kit(load_ruleset("neeley"), opts, OutputDir(tmp_path / "a"))
    b = build_kit(load_ruleset("neeley"), opts, OutputDir(tmp_path / "b"))
    for x, y in zip(a.files, b.files, strict=True):
        assert x.read_bytes() == y.read_bytes(), x.name


@pytest.mark.slow
def test_kit_with_no_options_builds_the_default_kit_into_output(tmp_path: Path, monkeypatch,
                                                                rendered: Renders) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["kit"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "output" / "bell-1-single-sided-a4-en.pdf").exists() and "start with" in result.output
    howto = rendered.text(tmp_path / "output" / "bell-1-single-sided-a4-en.pdf", 1)
    assert "How to print and assemble" in howto and "bell-3-booklet-double-sided-short-edge-a4-en.pdf" in howto


def test_rules_writes_booklet_reading_copy_card_and_markdown(tmp_path: Path) -> None:
    result = runner.invoke(app, ["rules", "-r", "ocastudios", "--lang", "es", "--paper", "letter", "-o",
                                 str(tmp_path), "--markdown"])
    assert result.exit_code == 0, result.output
    for what in ("booklet", "reading", "card"):
        assert (tmp_path / f"ocastudios-{what}-letter-es.pdf").exists()
    md = (tmp_path / "ocastudios-rules-es.md").read_text("utf-8")
    assert "Macuilxóchitl" in md


def test_kit_refuses_bad_options(tmp_path: Path) -> None:
    result = runner.invoke(app, ["kit", "--back-offset", "20,0", "-o", str(tmp_path)])
    assert result.exit_code == 2 and "larger than the margin" in result.output
