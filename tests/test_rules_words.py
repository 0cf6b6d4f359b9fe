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


# ---- item 20: generic sentences only where they fit ----

def _all_text(spec: str, lang: str = "en") -> str:
    rs = load_ruleset(spec)
    return "\n".join(section_text(doc, s.key) for doc in (booklet(rs, lang), reference_card(rs, lang))
                     for s in doc.sections)


@pytest.mark.parametrize("spec", SPECS)
def test_a_new_game_names_the_start_cell_only_where_pieces_start_on_it(spec: str) -> None:
    rs = load_ruleset(spec)
    for lang, words in (("en", "or on the start cell"), ("es", "o a la casilla de salida")):
        text = section_text(booklet(rs, lang), "ending")
        assert (words in text) == bool(rs.players.start_on_board and rs.economy.gambling), (spec, lang)


@pytest.mark.parametrize("spec", [s for s in SPECS if "partnerships" in s])
def test_partners_are_told_only_the_rules_their_game_has(spec: str) -> None:
    """Bell's partners "cannot capture each other's pieces" in a game without captures (issue 23, item 20)."""
    rs = load_ruleset(spec)
    en, es = (section_text(booklet(rs, lang), "setup") for lang in ("en", "es"))
    assert ("capture each other" in en) == ("capturarse" in es) == bool(rs.board.capture_zones)
    assert ("never pay each other" in en) == ("nunca se pagan" in es) == rs.economy.gambling


def test_partners_who_can_capture_are_told_they_cannot_capture_each_other(tmp_path: Path) -> None:
    rs = custom(tmp_path, ("capture_zones = []", 'capture_zones = ["centre"]'), ("min = 2", "min = 4"),
                ("pieces = [6, 5, 4]", "pieces = [4]"), ("partnerships = false", "partnerships = true"))
    assert "They cannot capture each other’s pieces." in section_text(booklet(rs, "en"), "setup")


@pytest.mark.parametrize("spec", SPECS)
def test_the_items_caption_explains_a_dash_only_where_the_table_has_one(spec: str) -> None:
    rs = load_ruleset(spec)
    for lang, dash in (("en", "a dash"), ("es", "una raya")):
        text = section_text(booklet(rs, lang), "payments")
        has_dash = any(not i.seat for i in rs.economy.items) and any(i.seat for i in rs.economy.items)
        assert (dash in text) == has_dash, (spec, lang)


def test_a_ruleset_without_options_says_so_plainly() -> None:
    for spec in ("neeley", "gatigo"):
        assert "These rules have no optional rules" not in _all_text(spec)
        assert "There are none: these rules are played just as written." in section_text(
            booklet(load_ruleset(spec), "en"), "options")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_fixed_opening_with_two_players_has_no_case_for_a_seat_that_left(lang: str, tmp_path: Path) -> None:
    two = section_text(booklet(load_ruleset("neeley"), lang), "setup")
    assert ("Seat A always begins." in two or "Siempre empieza el puesto A." in two)
    assert "first seat still playing" not in two and "siga jugando" not in two
    four = custom(tmp_path, ('opening = "highest"', 'opening = "fixed"'))
    assert "the first seat still playing" in section_text(booklet(four, "en"), "setup")


@pytest.mark.parametrize("spec", ["neeley", "ocastudios"])
def test_central_cells_counted_apart_from_the_starts_say_where_the_other_central_cells_are(spec: str) -> None:
    """A caption "Central cells (2)" beside "the four central cells" (issue 23, item 20)."""
    text = _all_text(spec)
    assert "Central cells (2): where the four arms meet; the other 2 of the four central cells are start cells." \
        in text
    assert "las otras 2 de las cuatro casillas centrales son casillas de salida" in _all_text(spec, "es")


# ---- item 18: the notes' seat colours are the kit's ----

COLOUR_WORDS = {"en": ("red", "blue", "orange", "gold", "green", "yellow"),
                "es": ("rojo", "azul", "naranja", "dorado", "verde", "amarillo")}


@pytest.mark.parametrize("spec", ["bell", "neeley", "ocastudios", "gatigo"])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_note_that_gives_a_seat_a_colour_gives_the_kits(spec: str, lang: str) -> None:
    """The notes said seat A is red; the kit prints orange (issue 23, item 18). A colour beside a seat letter, as
    "seat A (red" or "Red (seat A)", must be the colour the kit prints; the source's own colour may follow it."""
    import re

    from printgen.engine.seats import COLOURS, seat_colour
    from printgen.rulesets.readings import notes_for

    T = Texts(lang)
    rs = load_ruleset(spec)
    seat_word = "seat" if lang == "en" else "puesto"
    for note in notes_for(rs):
        text = note.decision.get(lang) + " " + note.why.get(lang)
        found = [(m[1], m[2]) for m in re.finditer(rf"{seat_word} ([A-D]) \((\w+)", text)]
        found += [(m[2], m[1]) for m in re.finditer(rf"(\w+) \({seat_word} ([A-D])\)", text)]
        for letter, word in found:
            if word.lower() in COLOUR_WORDS[lang]:
                seat = "ABCD".index(letter)  # the seat's colour in some game of the ruleset: its arm's
                kit = {T(f"colour.{COLOURS[seat_colour(rs.board.seats, n, seat)]}") for n in rs.player_counts()
                       if seat < n}
                assert word.lower() in kit, (note.topic, letter, word)


# ---- item 21: what the booklet states, the notes record ----

SOURCE_SAYS_MUST_MOVE = {"bell": "rule 11", "neeley": "“it -must- be moved”"}


@pytest.mark.parametrize("spec", ["bell", "neeley", "ocastudios", "gatigo"])
def test_every_choice_the_booklet_states_is_the_sources_or_a_note(spec: str) -> None:
    """The booklet says you must move, that entering onto an opponent captures, and who chooses the item paid;
    where the source does not say it, a note records the reading (issue 23, item 21)."""
    from printgen.engine.topology import CellKind, topology_for
    from printgen.rulesets.readings import notes_for

    rs = load_ruleset(spec)
    notes = notes_for(rs)
    topics = {str(n.topic) for n in notes}
    text = section_text(booklet(rs, "en"), "turn")
    assert "If you can move, you must" in text
    assert spec in SOURCE_SAYS_MUST_MOVE or "Must move" in topics
    if any(c.kind is CellKind.START and c.capture for c in topology_for(rs).cells):
        assert "Entering counts as landing" in text
        assert any("enter" in n.decision.lower() and any(w in n.decision for w in ("captur", "bump", "bounc"))
                   for n in notes), spec
    if rs.economy.items:
        payments = section_text(booklet(rs, "en"), "payments")
        chooser = "you choose which of yours to hand over" in payments
        assert chooser == (spec == "ocastudios") and (not chooser or "Which item" in topics)


def test_the_notes_credit_only_what_their_sources_say() -> None:
    """Bell's wedges "match the traditional drawings" and a cacao pod credited to Durán and Berdan had no source
    (issue 23, item 21)."""
    from printgen.rulesets.readings import notes_for

    wedges = next(n for n in notes_for(load_ruleset("bell")) if n.topic == "Wedges")
    assert "traditional drawings" not in wedges.why and "dibujos tradicionales" not in wedges.why.get("es")
    items = next(n for n in notes_for(load_ruleset("ocastudios")) if n.topic == "Items")
    assert "Durán and Berdan" not in items.why and "“were used as a kind of money in Aztec markets”" in items.why
    assert "“precious stones, gold beads, and very fine turquoises”" in items.why


# ---- item 15: each source's names for its cells ----

SOURCE_NAMES = {  # spec: (wedge en, rounded en, wedge es, rounded es), as the cells section's captions print them
    "bell": ("Wedge cells", "Rounded cells", "Casillas de cuña", "Casillas redondeadas"),
    "gatigo": ("Toll cells", "Extra-turn cells", "Casillas de peaje", "Casillas de turno extra"),
    "neeley": ("Black triangles", "Rounded cells", "Triángulos negros", "Casillas redondeadas"),
    "ocastudios": ("Triangles", "Blue tips", "Triángulos", "Puntas azules"),
}


@pytest.mark.parametrize("spec", sorted(SOURCE_NAMES))
def test_each_booklet_names_its_cells_in_its_sources_words(spec: str) -> None:
    """Every booklet used Bell's wedge and rounded cells (issue 23, item 15); each now uses its source's names,
    in the cells, the turn, the payments, the card and the example alike, and a note records the departures."""
    from printgen.rulesets.readings import notes_for

    rs = load_ruleset(spec)
    wedge, rounded, wedge_es, rounded_es = SOURCE_NAMES[spec]
    for lang, w, r in (("en", wedge, rounded), ("es", wedge_es, rounded_es)):
        doc, card = booklet(rs, lang), reference_card(rs, lang)
        cells = section_text(doc, "cells") + section_text(card, "cells")
        assert f"{w} (8)" in cells and f"{r} (8)" in cells, (spec, lang)
        words = "\n".join(section_text(d, s.key) for d in (doc, card) for s in d.sections if s.key != "notes")
        for other in SOURCE_NAMES.values():
            names = other[:2] if lang == "en" else other[2:]
            for name in names:
                if name.lower() not in w.lower() and name.lower() not in r.lower():
                    assert name.lower() not in words.lower(), (spec, lang, name)
    assert any(n.topic == "Words" for n in notes_for(rs))


def test_a_rulesets_cell_names_reach_every_sentence(tmp_path: Path) -> None:
    rs = custom(tmp_path, ("rounded_depths = [7]", 'rounded_depths = [7]\nwedge_name = "eagle cell"\n'
                           'wedge_name_es = "casilla del águila"\nrounded_name = "owl cell"'))
    en = "\n".join(section_text(d, s.key) for d in (booklet(rs, "en"), reference_card(rs, "en")) for s in d.sections)
    assert "When your piece lands on an eagle cell, you pay 2 chips to each opponent." in en
    assert "Landing on an owl cell gives you another turn at once." in en and "Eagle cells (8)" in en
    assert "wedge cell" not in en and "rounded cell" not in en
    es = section_text(booklet(rs, "es"), "payments")
    assert "Si tu pieza cae en una casilla del águila, pagas 2 fichas a cada rival." in es
    plain = custom(tmp_path, ("stake = 2 ", "stake = 3 "))
    assert "Wedge cells (8)" in section_text(booklet(plain, "en"), "cells")  # no name: the booklet's own
