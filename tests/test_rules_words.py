"""The booklet's and card's words fit the ruleset they describe (issue 23, items 15 to 21): a step says what the
engine does, a generic sentence appears only where its case arises, and the Spanish reads naturally."""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.lang.grammar import gender
from printgen.rules_text import booklet, reference_card
from printgen.rules_text.content import back_cover
from printgen.rules_text.lang import Texts
from printgen.ruleset_files import load_ruleset
from tests.test_rules_text import SPECS, custom, section_text


def _turn_steps(spec: str, lang: str) -> list[str]:
    """Returns the turn's steps in the booklet, on the reference card and on the back cover's turn at a glance."""
    rs = load_ruleset(spec)
    return [section_text(booklet(rs, lang), "turn"), section_text(reference_card(rs, lang), "turn"),
            section_text(back_cover(rs, lang), "turn")]


# ---- item 16: a cast that scores nothing ----

@pytest.mark.parametrize(("lang", "step"), [
    ("en", "A cast of 0 marks scores nothing: you offer 1 item to Macuilxóchitl, on the offering area, and your turn "
           "is over."),
    ("es", "Una tirada de 0 marcas no puntúa: das 1 objeto como ofrenda a Macuilxóchitl, en la zona de ofrendas, y tu "
           "turno termina.")])
def test_an_empty_cast_says_it_costs_an_offering_wherever_the_turn_is_told(lang: str, step: str) -> None:
    """Ocastudios takes an offering for a cast with no marks; the booklet's turn, the card's and the back cover's
    said the turn just ends (issue 23, item 16)."""
    for text in _turn_steps("ocastudios", lang):
        assert step in text


def test_a_paid_empty_cast_that_casts_again_says_both(tmp_path: Path) -> None:
    rs = custom(tmp_path, ('null_cast = "pass"', 'null_cast = "recast"'),
                ("null_cast = { amount = 0,", "null_cast = { amount = 1,"))
    assert "A cast of 0 marks scores nothing: you pay 1 chip into the pool, and you cast again." \
        in section_text(reference_card(rs, "en"), "turn")


@pytest.mark.parametrize("spec", ["bell", "gatigo"])
def test_a_free_empty_cast_just_ends_the_turn(spec: str) -> None:
    steps = _turn_steps(spec, "en")
    assert all(("scores nothing: your turn is over." in t) == (spec == "bell") for t in steps)
    assert not any("scores nothing: you pay" in t or "scores nothing: you offer" in t for t in steps)


# ---- item 19: Spanish ----

def test_spanish_puts_the_article_before_a_plural_subject() -> None:
    """"objetos solo cambian de manos" lacked its article (issue 23, item 19)."""
    assert [gender(w, "es") for w in ("objeto", "bien", "ficha", "moneda suelta", "cuenta de jade")] == \
        ["m", "m", "f", "f", "f"]
    T = Texts("es")
    assert (T.the_plural("objeto"), T.the_plural("ficha"), Texts("en").the_plural("chip")) == \
        ("los objetos", "las fichas", "chips")
    for spec, items in (("ocastudios", "los objetos"), ("gatigo", "los bienes")):
        text = section_text(booklet(load_ruleset(spec), "es"), "payments")
        assert f"No hay apuesta por partida: {items} solo cambian de manos" in text


def test_spanish_says_a_cast_too_big_cannot_move_the_piece() -> None:
    """Not "no puede moverse" (issue 23, item 19)."""
    text = section_text(booklet(load_ruleset("bell"), "es"), "turn")
    assert "una tirada que la llevaría más allá no sirve para moverla" in text and "no puede moverse" not in text


@pytest.mark.parametrize("spec", SPECS)
def test_no_spanish_sentence_starts_a_plural_subject_without_its_article(spec: str) -> None:
    rs = load_ruleset(spec)
    for doc in (booklet(rs, "es"), reference_card(rs, "es")):
        text = "\n".join(section_text(doc, s.key) for s in doc.sections)
        for noun in ("objetos", "bienes", "fichas"):
            assert f": {noun} " not in text, noun
