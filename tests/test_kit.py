"""The one-command print kit: every ruleset, both languages, A4 and Letter; the default kit; `patolli rules`."""

from __future__ import annotations

from pathlib import Path

import pytest
from pdf_read import page_count, page_texts
from typer.testing import CliRunner

from printgen.cli.app import app
from printgen.files import OutputDir
from printgen.render.imposition import Flip
from printgen.render.kit import build_kit, kit_options
from printgen.render.paper import Paper
from printgen.rulesets import BUILTIN, load_ruleset

runner = CliRunner()


@pytest.mark.parametrize("paper", [Paper.A4, Paper.LETTER])
@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("name", BUILTIN)
def test_every_ruleset_builds_a_kit(name: str, lang: str, paper: Paper, tmp_path: Path) -> None:
    steps: list[str] = []
    result = build_kit(load_ruleset(name), kit_options(paper, lang, False, Flip.LONG, (0, 0), None),
                       OutputDir(tmp_path), steps.append)
    assert steps[0] == "board" and steps[-1] == "combined kit"
    names = sorted(p.name for p in result.files)
    whats = ("howto", "board", "pieces", "beans", "cards", "booklet", "card", "reading", "kit")
    assert names == sorted(f"{name}-{w}-{paper.value}-{lang}.pdf" for w in whats)
    kit = tmp_path / f"{name}-kit-{paper.value}-{lang}.pdf"
    assert page_count(kit) == result.combined_pages
    parts = sum(page_count(tmp_path / f"{name}-{w}-{paper.value}-{lang}.pdf")
                for w in ("howto", "board", "pieces", "beans", "cards", "booklet", "card"))
    assert parts == result.combined_pages


@pytest.mark.slow
def test_kit_with_no_options_builds_the_default_kit_into_output(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["kit"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "output" / "bell-kit-a4-en.pdf").exists() and "starts with how to print" in result.output
    howto = page_texts(tmp_path / "output" / "bell-kit-a4-en.pdf")[0]
    assert "How to print and assemble" in howto and "bell-booklet-a4-en.pdf" in howto


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
