"""Rules booklet and reference card: generated from the ruleset's data, complete in English and Spanish."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from printgen.components import ComponentKind, components, pieces_per_colour
from printgen.engine.beans import Beans
from printgen.engine.moves import Move
from printgen.engine.notation import from_compact
from printgen.engine.topology import CellKind, topology_for
from printgen.rules_text import (
    BOOKLET_SECTIONS,
    CARD_SECTIONS,
    LANGS,
    BoardFigure,
    Bullets,
    CellFigure,
    Document,
    Heading,
    Paragraph,
    Table,
    booklet,
    reference_card,
    spans,
    to_markdown,
)
from printgen.rules_text.blocks import Span, escape, plain
from printgen.rules_text.example import build_example
from printgen.rules_text.lang import Texts, plural_en, plural_es, templates
from printgen.ruleset_files import load_ruleset
from printgen.rulesets import BUILTIN, Ruleset, builtin_text

SPECS = [*BUILTIN, "bell+partnerships", "ocastudios+empty_start", "bell+no_gambling", "bell+no_gambling_backwards",
         "bell+partnerships+no_gambling"]


def texts(doc: Document) -> list[str]:
    """Returns every string a renderer would print from a document."""
    out = [doc.title, doc.subtitle]
    for s in doc.sections:
        out.append(s.title)
        for b in s.blocks:
            match b:
                case Heading(_, text) | Paragraph(text):
                    out.append(text)
                case Bullets(items, _):
                    out += items
                case Table(header, rows, caption, _):
                    out += [*header, *(c for row in rows for c in row), caption]
                case CellFigure(_, caption, _) | BoardFigure(_, _, _, caption):
                    out.append(caption)
    return out


def custom(tmp_path: Path, *changes: tuple[str, str], base: str = "bell") -> Ruleset:
    """Returns the built-in ruleset `base` exported to a file and edited with (old, new) text changes."""
    text = builtin_text(base)
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new, 1)
    path = tmp_path / "mine.toml"
    path.write_text(text, "utf-8")
    return load_ruleset(str(path))


def section_text(doc: Document, key: str) -> str:
    return "\n".join(texts(Document("", "", doc.lang, (doc.section(key),))))


# ---- templates ----

def test_nouns_have_a_singular_and_a_plural_in_both_languages() -> None:
    for lang in LANGS:
        for key, value in templates(lang).items():
            if key.startswith("noun."):
                assert isinstance(value, list) and len(value) == 2, (lang, key)


def test_nahuatl_names_keep_their_diacritics() -> None:
    for lang in LANGS:
        text = "\n".join(v for v in templates(lang).values() if isinstance(v, str))
        for name in ("Macuilxóchitl", "Quetzalcóatl", "Tezcatlipoca", "Moctezuma II"):
            assert name in text, (lang, name)
        assert "Macuilxochitl" not in text and "Quetzalcoatl" not in text and "Montezuma" not in text


# ---- whole documents ----

@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("spec", SPECS)
def test_builtin_booklets_and_cards_are_complete(spec: str, lang: str) -> None:
    rs = load_ruleset(spec)
    book, card = booklet(rs, lang), reference_card(rs, lang)
    assert tuple(s.key for s in book.sections) == BOOKLET_SECTIONS
    assert tuple(s.key for s in card.sections) == CARD_SECTIONS
    for doc in (book, card):
        assert doc.lang == lang
        for text in texts(doc):
            assert not re.search(r"\{[a-z_]*\}", text), text
        assert all(s.blocks for s in doc.sections)
    md = to_markdown(book)
    assert md.startswith("# Patolli") and "[cell: start" in md and "[board" in md
    assert "Macuilxochitl" not in md and "Quetzalcoatl" not in md


@pytest.mark.parametrize("spec", SPECS)
def test_spanish_rules_have_no_english_left(spec: str) -> None:
    doc = booklet(load_ruleset(spec), "es")
    for key in ("components", "setup", "turn", "beans", "cells", "payments", "ending", "example"):
        text = section_text(doc, key).lower()
        assert not re.search(r"\b(the|you|and|of|piece|cell|pays?)\b", text), (key, text)
    md = to_markdown(doc)
    assert "frijoles" in md and "casillas" in md and re.search(r"\d,\d %", md)


def test_summary_options_and_notes_come_in_the_language() -> None:
    es = to_markdown(booklet(load_ruleset("bell+partnerships"), "es"))
    assert "Sesenta casillas, cinco frijoles" in es
    assert "**En este reglamento:** Cuatro jugadores en dos equipos" in es
    assert "**Parejas.**" in es and "+opción" not in es
    en = to_markdown(booklet(load_ruleset("bell"), "en"))
    assert "- Four players in two teams" in en and "**Partnerships.**" in en and "bell+option" not in en


VARIANTS = {
    "small board, start out on the arm": [("arm_length = 7 ", "arm_length = 5 "),
                                          ("wedge_depths = [4]", "wedge_depths = [3]"),
                                          ("rounded_depths = [7]", "rounded_depths = [5]"),
                                          ("start_depth = 0 ", "start_depth = 2 "),
                                          ('direction = "choose"', 'direction = "clockwise"')],
    "every payment elsewhere": [('wedge = { amount = 2, from = "mover", to = "opponents" }',
                                 'wedge = { amount = 1, from = "opponents", to = "offering" }'),
                                ('capture_zones = []', 'capture_zones = ["start", "before_centre"]'),
                                ('capture = { amount = 0, from = "captured", to = "mover" }',
                                 'capture = { amount = 2, from = "captured", to = "pool" }'),
                                ('null_cast = { amount = 0, from = "mover", to = "pool" }',
                                 'null_cast = { amount = 1, from = "mover", to = "offering" }')],
    "chosen bets, emptying out, no null cast": [('betting = "fixed"', 'betting = "choose"'),
                                                ('bankruptcy = "cannot_pay"', 'bankruptcy = "empty"'),
                                                ("scores = [0, 1, 2, 3, 4, 10]", "scores = [5, 1, 2, 3, 4, 10]")],
    "three beans, no stake, partners": [("count = 5", "count = 3"),
                                        ("scores = [0, 1, 2, 3, 4, 10]", "scores = [0, 1, 2, 3]"),
                                        ("stake = 2 ", "stake = 0 "), ("partnerships = false", "partnerships = true"),
                                        ("min = 2", "min = 4"), ("pieces = [6, 5, 4]", "pieces = [4]")],
}


@pytest.mark.parametrize("name", VARIANTS)
def test_custom_rulesets_make_complete_documents(tmp_path: Path, name: str) -> None:
    rs = custom(tmp_path, *VARIANTS[name])
    for lang in LANGS:
        for doc in (booklet(rs, lang), reference_card(rs, lang)):
            for text in texts(doc):
                assert not re.search(r"\{[a-z_]*\}", text), text
    ex = build_example(rs)
    assert ex is not None and ex.move in ex.position.legal_moves(ex.marks)


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_can_be_told_in_both_languages(lang: str) -> None:
    from printgen.engine.events import Event, EventKind, Reason
    from printgen.rules_text.example import describe_event
    from printgen.rules_text.phrases import Phrases

    P = Phrases(load_ruleset("bell"), lang)
    told = [describe_event(P, Event(EventKind.PAY, reason=r, payer=0, payee=p, amount=2))
            for r in Reason for p in (1, "pool", "offering")]
    told += [describe_event(P, Event(kind, player=0, other=1, cell=5)) for kind in EventKind
              if kind is not EventKind.PAY]
    assert all(t is None or ("{" not in t and ("A" in t or "B" in t)) for t in told)
    assert sum(t is not None for t in told) == len(Reason) * 3 + 7  # with the wedge penalty


# ---- the beans ----

@pytest.mark.parametrize("spec", BUILTIN)
def test_bean_table_probabilities_are_exact_and_sum_to_one(spec: str) -> None:
    rs = load_ruleset(spec)
    table = next(b for b in booklet(rs, "en").section("beans").blocks if isinstance(b, Table))
    odds = [Fraction(row[3]) for row in table.rows]
    assert sum(odds) == 1
    assert odds == [o.probability for o in Beans(rs.beans).outcomes()]
    assert [row[2] for row in table.rows] == [str(o.score) if o.score else "none" for o in Beans(rs.beans).outcomes()]


def test_bean_percentages_round_half_up_in_local_style() -> None:
    assert Texts("en").percent(Fraction(5, 16)) == "31.3%"
    assert Texts("es").percent(Fraction(1, 16)) == "6,3 %"


# ---- the text follows the data ----

def test_a_changed_payment_changes_the_sentence(tmp_path: Path) -> None:
    rs = custom(tmp_path, ("wedge = { amount = 2,", "wedge = { amount = 5,"))
    en = section_text(booklet(rs, "en"), "payments")
    assert "When your piece lands on a wedge cell, you pay 5 chips to each opponent." in en
    assert "you pay 2 chips to each opponent" not in en
    es = section_text(booklet(rs, "es"), "payments")
    assert "Si tu pieza cae en una casilla de cuña, pagas 5 fichas a cada rival." in es
    card = reference_card(rs, "en").section("payments").blocks[0]
    assert isinstance(card, Table) and ("Landing on a wedge cell", "you", "5", "each opponent") in card.rows


def test_a_changed_payee_changes_who_is_paid(tmp_path: Path) -> None:
    rs = custom(tmp_path, ('bear_off = { amount = 1, from = "opponents", to = "mover" }',
                           'bear_off = { amount = 3, from = "mover", to = "pool" }'))
    en = section_text(booklet(rs, "en"), "payments")
    assert "When you bear a piece off, you pay 3 chips into the pool." in en


def test_changed_starting_items_and_stake_change_the_text(tmp_path: Path) -> None:
    rs = custom(tmp_path, ("starting_items = 20", "starting_items = 7"), ("stake = 2 ", "stake = 1 "))
    en = to_markdown(booklet(rs, "en"))
    assert "Each player begins the contest with 7 chips." in en
    assert "At the start of each game, every player pays 1 chip into the pool." in en
    assert "28 chips, enough for 4 players" in en
    es = to_markdown(booklet(rs, "es"))
    assert "Cada jugador empieza el encuentro con 7 fichas." in es and "cada jugador pone 1 ficha en el bote" in es


def test_changed_bean_scores_change_the_bean_table(tmp_path: Path) -> None:
    rs = custom(tmp_path, ("scores = [0, 1, 2, 3, 4, 10]", "scores = [0, 1, 2, 3, 4, 12]"))
    table = next(b for b in booklet(rs, "en").section("beans").blocks if isinstance(b, Table))
    assert table.rows[-1] == ("5", "●●●●●", "12", "1/32", "3.1%")
    assert "(12 is the best possible)" in section_text(booklet(rs, "en"), "setup")


def test_changed_bean_count_and_probability_change_the_odds(tmp_path: Path) -> None:
    rs = custom(tmp_path, ("count = 5", "count = 3"), ('mark_probability = "1/2"', 'mark_probability = "1/3"'),
                ("scores = [0, 1, 2, 3, 4, 10]", "scores = [0, 1, 2, 6]"))
    doc = booklet(rs, "en")
    beans = section_text(doc, "beans")
    assert "Patolli is played with 3 beans" in beans and "probability 1/3" in beans
    assert "The commonest score is 1: 4/9 of all casts (44.4%)." in beans
    table = next(b for b in doc.section("beans").blocks if isinstance(b, Table))
    assert [r[3] for r in table.rows] == ["8/27", "4/9", "2/9", "1/27"]


def test_changed_arm_length_changes_board_cells_and_kit(tmp_path: Path) -> None:
    rs = custom(tmp_path, ("arm_length = 7 ", "arm_length = 9 "), ("rounded_depths = [7]", "rounded_depths = [9]"))
    doc = booklet(rs, "en")
    setup = section_text(doc, "setup")
    assert "The board is a cross of 76 cells. Each arm has two files of 9 cells" in setup
    assert "The 76 cells of the board" in section_text(doc, "cells")
    assert "1 board of 76 cells" in section_text(doc, "components")
    normal = [b for b in doc.section("cells").blocks if isinstance(b, CellFigure) and b.kind is CellKind.NORMAL]
    plain_cells = sum(1 for c in topology_for(rs).cells if c.kind is CellKind.NORMAL)
    assert plain_cells == 48 and f"Plain cells ({plain_cells})" in normal[0].caption


def test_cell_figures_match_the_topology() -> None:
    rs = load_ruleset("neeley")
    figures = [b for b in booklet(rs, "en").section("cells").blocks if isinstance(b, CellFigure)]
    cells = topology_for(rs).cells
    assert sum(int(re.search(r"\((\d+)\)", f.caption)[1]) for f in figures) == len(cells)  # type: ignore[index]
    assert {(f.kind, f.capture) for f in figures} == {(c.kind, c.capture) for c in cells}


def test_entry_direction_and_null_cast_follow_the_data(tmp_path: Path) -> None:
    rs = custom(tmp_path, ("scores = [1]", "scores = [1, 4]"), ("first_any = true", "first_any = false"),
                ('null_cast = "pass"', 'null_cast = "recast"'), base="bell")
    turn = section_text(booklet(rs, "en"), "turn")
    assert "A piece enters from your hand on a cast of 1 or 4." in turn
    assert "a higher score n places it n − 1 cells further on" in turn
    assert "Exception" not in turn and "A cast of 0 marks scores nothing: cast again." in turn
    es = section_text(booklet(rs, "es"), "turn")
    assert "con una tirada de 1 o 4" in es


def test_capture_zones_and_their_payment_follow_the_data(tmp_path: Path) -> None:
    rs = custom(tmp_path, ('capture_zones = []', 'capture_zones = ["centre", "end"]'),
                ('capture = { amount = 0,', 'capture = { amount = 3,'))
    turn = section_text(booklet(rs, "en"), "turn")
    assert ("on the four central cells and the end cells, landing on an opponent’s piece captures it. The captured "
            "piece goes back to its owner’s hand, and the owner of the captured piece pays you 3 chips.") in turn


def test_players_pieces_and_opening_follow_the_data(tmp_path: Path) -> None:
    rs = custom(tmp_path, ("min = 2", "min = 3"), ("pieces = [6, 5, 4]", "pieces = [7, 3]"),
                ('opening = "highest"', 'opening = "fixed"'))
    setup = section_text(booklet(rs, "en"), "setup")
    assert "Players: 3 or 4" in setup and "With 3 players, each has 7 pieces." in setup
    assert "Two players" not in setup and "Seat A always begins" in setup
    kit = components(rs)
    assert [c.count for c in kit if c.kind is ComponentKind.PIECES] == [9, 9, 9, 9] == [pieces_per_colour(rs)] * 4


def test_a_custom_ruleset_has_its_own_title_and_no_builtin_notes(tmp_path: Path) -> None:
    rs = custom(tmp_path, ("stake = 2 ", "stake = 3 "),
                ('title = "Patolli after R. C. Bell (1960)"', 'title = "House rules"'))
    doc = booklet(rs, "en")
    assert doc.subtitle == "House rules"
    notes = section_text(doc, "notes")
    assert "no notes on how their source was read" in notes and "Sixty squares" not in notes
    assert "[[notes]]" not in notes


def test_named_items_are_listed_in_the_language() -> None:
    es = to_markdown(booklet(load_ruleset("ocastudios"), "es"))
    assert "2 × Pluma de quetzal" in es and "| Manta de algodón |" in es
    en = to_markdown(booklet(load_ruleset("neeley"), "en"))
    assert "1 × Library card (value 5)" in en and "| Jade head | B | 5 | 1 |" in en


# ---- components ----

@pytest.mark.parametrize("spec", BUILTIN)
def test_components_cover_the_largest_game(spec: str) -> None:
    rs = load_ruleset(spec)
    kit = components(rs)
    pieces = [c for c in kit if c.kind is ComponentKind.PIECES]
    assert len(pieces) == rs.players.max_players and all(c.count - c.spares >= max(rs.players.pieces) for c in pieces)
    items = sum(c.count * (c.value if c.item is None else 1) for c in kit if c.kind is ComponentKind.ITEMS)
    assert items == rs.economy.starting_items * rs.players.max_players  # plain chips of 1 and 5 by their value
    assert [c.count for c in kit if c.kind is ComponentKind.BEANS] == [rs.beans.count]
    assert kit[0].kind is ComponentKind.BOARD


def test_the_components_section_lists_the_kit() -> None:
    rs = load_ruleset("ocastudios")
    bullets = next(b for b in booklet(rs, "en").section("components").blocks if isinstance(b, Bullets))
    assert len(bullets.items) == len(components(rs))
    assert bullets.items[0] == "1 board of 60 cells, with the offering area of Macuilxóchitl"


# ---- the worked example ----

@pytest.mark.parametrize("spec", SPECS)
def test_the_worked_example_plays_a_legal_move(spec: str) -> None:
    rs = load_ruleset(spec)
    ex = build_example(rs)
    assert ex is not None and len(ex.moves) >= 2
    assert ex.move in ex.position.legal_moves(ex.marks)
    figure = next(b for b in booklet(rs, "en").section("example").blocks if isinstance(b, BoardFigure))
    pos = from_compact(figure.position, ruleset=rs)
    assert pos == ex.position and Move.parse(figure.move) in pos.legal_moves(ex.marks)
    assert set(figure.highlight) == {ex.move.origin, ex.move.target}


def test_the_example_falls_back_on_a_board_without_special_cells(tmp_path: Path) -> None:
    rs = custom(tmp_path, ("wedge_depths = [4]", "wedge_depths = []"), ("rounded_depths = [7]", "rounded_depths = []"))
    ex = build_example(rs)
    assert ex is not None and ex.move in ex.position.legal_moves(ex.marks)
    assert "No example position" not in section_text(booklet(rs, "es"), "example")


# ---- blocks and words ----

def test_inline_markup_parses_to_spans_and_escapes_data() -> None:
    assert spans("a **b** *c* \\*d") == [Span("a "), Span("b", bold=True), Span(" "), Span("c", italic=True),
                                          Span(" *d")]
    assert plain(escape("footnote ****")) == "footnote ****"


def test_tables_check_their_shape() -> None:
    with pytest.raises(ValueError):
        Table(("a", "b"), (("1",),))


@pytest.mark.parametrize(("word", "plural"), [
    ("chip", "chips"), ("good", "goods"), ("box", "boxes"), ("penny", "pennies"), ("day", "days"),
    ("gold bead", "gold beads"), ("piece of eight", "pieces of eight"),
])
def test_english_plurals_of_data_nouns(word: str, plural: str) -> None:
    assert plural_en(word) == plural


@pytest.mark.parametrize(("word", "plural"), [
    ("ficha", "fichas"), ("bien", "bienes"), ("objeto", "objetos"), ("canción", "canciones"), ("pez", "peces"),
    ("rubí", "rubíes"), ("cuenta de jade", "cuentas de jade"), ("ficha roja", "fichas rojas"), ("crisis", "crisis"),
])
def test_spanish_plurals_of_data_nouns(word: str, plural: str) -> None:
    assert plural_es(word) == plural


def test_spanish_lists_change_y_and_o_before_their_sounds() -> None:
    es = Texts("es")
    assert es.join(["7", "8"], "or") == "7 u 8" and es.join(["10", "11"], "or") == "10 u 11"
    assert es.join(["madre", "hija"]) == "madre e hija" and es.join(["plata", "hierro"]) == "plata y hierro"
    assert es.join(["1", "2", "3"]) == "1, 2 y 3" and Texts("en").join(["1", "2", "3"], "or") == "1, 2 or 3"


GAMBLING_WORDS = r"\b(chips?|fichas?|pot|bote|pool|pay\w*|pag\w*|payments?)\b"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("spec", "penalty"), [("bell+no_gambling", "turno siguiente|next turn"),
                                               ("bell+no_gambling_backwards", "retroceder|backwards"),
                                               ("bell+partnerships+no_gambling", "turno siguiente|next turn")])
def test_booklets_without_gambling_never_mention_chips_pot_or_payments(spec: str, penalty: str, lang: str) -> None:
    rs = load_ruleset(spec)
    for doc in (booklet(rs, lang), reference_card(rs, lang)):
        md = to_markdown(doc)
        prose = "\n".join(line for line in md.splitlines() if not line.startswith("> `"))  # not position lines
        assert not re.search(GAMBLING_WORDS, prose, re.I), re.search(GAMBLING_WORDS, prose, re.I)
        assert re.search(penalty, prose)
    assert not [c for c in components(rs) if c.kind is ComponentKind.ITEMS]
    assert components(load_ruleset("bell"))[-1].kind is ComponentKind.ITEMS


@pytest.mark.parametrize(("lang", "words"), [("en", "No move, with 2 pieces or more on the board"),
                                             ("es", "Sin movimiento, con 2 piezas o más en el tablero")])
def test_a_payment_table_row_carries_its_condition(lang: str, words: str) -> None:
    """Neeley charges for not moving only with at least two pieces on the board (the engine and the booklet's
    sentence say so): the card's table row, read alone, says it too (issue 23, item 13)."""
    rs = load_ruleset("neeley")
    assert rs.payments.no_move.min_on_board == 2
    card = reference_card(rs, lang).section("payments").blocks[0]
    assert isinstance(card, Table)
    assert any(row[0] == words for row in card.rows), card.rows


def test_the_spanish_penalty_intro_reads_naturally() -> None:
    """Not the calque "cuesta avance en lugar de eso" (issue 23, item 19)."""
    text = section_text(booklet(load_ruleset("bell+no_gambling"), "es"), "payments")
    assert "en su lugar, caer en una casilla de cuña te cuesta el avance de un turno" in text
    assert "en lugar de eso" not in text
