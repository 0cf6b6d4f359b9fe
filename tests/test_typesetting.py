"""Typesetting: punctuation glued to its word, lead-ins kept with their lists, quotes, measure, balanced columns."""

from __future__ import annotations

import re
import statistics

import pytest
from pdf_read import text_runs
from rendered import Renders

from printgen.render.paper import Paper
from printgen.render.typeset import break_lines, words_of
from printgen.ruleset_files import load_ruleset
from printgen.rulesets import BUILTIN


def test_a_full_stop_after_italics_never_starts_a_line() -> None:
    words = words_of("one two three *four*. five", 9)
    for width in range(8, 60):
        for line in break_lines(words, width, 9)[1:]:
            assert any(c.isalnum() for c in line[0].text), (width, [w.text for w in line])


@pytest.fixture(params=[(n, lang, paper) for n in BUILTIN for lang in ("en", "es")
                        for paper in (Paper.A4, Paper.LETTER)], ids=str)
def reading(request: pytest.FixtureRequest, rendered: Renders) -> tuple[str, list[str]]:
    name, lang, paper = request.param
    return lang, rendered.texts(rendered.reading(name, lang, paper))


def test_no_line_is_only_punctuation_and_no_page_ends_on_a_lead_in(reading: tuple[str, list[str]]) -> None:
    _, pages = reading
    for n, text in enumerate(pages[1:], 2):
        lines = [ln.replace("•", "").strip() for ln in text.splitlines()]
        lines = [ln for ln in lines if ln]
        assert not [ln for ln in lines if not any(c.isalnum() for c in ln)], n
        body = [ln for ln in lines if ln != str(n)]
        lead_in = body[-1].endswith(":") and not re.search(r"(Why|Source|Motivo|Fuente):$", body[-1])
        assert not lead_in, (n, body[-1])


def test_lines_hold_sixty_to_seventy_characters(reading: tuple[str, list[str]]) -> None:
    _, pages = reading
    full = [len(ln) for text in pages[1:] for ln in text.splitlines() if len(ln) > 45]
    assert 58 <= statistics.median(full) <= 72


def test_english_has_typographic_quotes_and_apostrophes(reading: tuple[str, list[str]]) -> None:
    lang, pages = reading
    text = "\n".join(pages)
    assert not re.search(r"[\"']", text), re.findall(r".{20}[\"'].{20}", text)[:3]
    if lang == "en":
        assert "’" in text


@pytest.mark.parametrize("name", BUILTIN)
def test_the_reference_card_columns_are_balanced(name: str, rendered: Renders) -> None:
    files = [rendered.card(name, "en", Paper.A4)]
    runs = [r for r in text_runs(files[0], 1) if r.y < 800]  # leave out the page number
    mid = max(r.x for r in runs) / 2
    left = max(r.y for r in runs if r.x < mid)
    right = max(r.y for r in runs if r.x >= mid)
    assert abs(left - right) < 0.25 * max(left, right), (left, right)


def test_the_payments_are_not_sent_below_when_they_are_above() -> None:
    from printgen.rules_text import reference_card, to_markdown

    for name in BUILTIN:
        assert "below" not in to_markdown(reference_card(load_ruleset(name), "en"))
