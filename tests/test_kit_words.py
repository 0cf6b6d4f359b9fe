"""The words of the printed kit: Spanish kits have no English in them, and nothing speaks like a programmer."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pdf_read import page_texts
from rendered import Kit, Renders

from printgen.files import OutputDir
from printgen.render.paper import Paper
from printgen.render.pdf import Metadata
from printgen.ruleset_files import load_ruleset

# Common English words that are not Spanish words (so "a", "me", "no", "son" are left out).
from printgen.rulesets import BUILTIN

ENGLISH = set("""
the and of with from after by as for your you each this that these those rules ruleset printed published help file
page seat glue here cut front back print actual size item items card cards bean beans chit chits piece pieces tile
tiles board how to is are be it in on at or not one two three four five six seven eight nine ten what when who which
where why player players cast casts move moves turn again pay pays paid pool offering win wins game games contest
stake asset assets cell cells wedge rounded start end centre home hand mark marks score none odds cover note shows
only also over into then than out up down left right top bottom edge long short sheet sheets scale bar side sides
bronze edition free public domain option options
""".split())

# Titles of the sources, and the sections of them the notes cite: quoted as published, in English.
TITLES = (
    "Board and Table Games from Many Civilizations", "Traditional Board Games: Patolli",
    "Inferring the Past: A Computational Exploration of the Strategies that May Have Been Used in the Aztec "
    "Board Game of Patolli", "Patolli (Red Bean)", "Oxford University Press", "Patolli 1.0s",
    "What are the rules?", "Moving the pieces", "Moving pieces", "Starting a game",
    "How do you play?", "How do you play",
    "The Equipment", "The images", "Bearing off", "Scoring", "The object of the game", "Demon Cast", "Prolog",
    "Winning the game", "count of marks", "Entering a piece on the board", "Game Turn",
)
META = Metadata("test", subject="test")
FILE_NAME = re.compile(r"\S+\.pdf|--[a-z-]+(?: (?:long|short)\b)?|patolli calibrate")  # with an option's value


def english_words(text: str) -> list[str]:
    """Returns the English words of a text, once source titles, file names and options are taken out."""
    flat = " ".join(text.replace("•", " ").split())  # a bullet is drawn after its line's words
    for title in TITLES:
        flat = flat.replace(title, " ")
    flat = FILE_NAME.sub(" ", flat)
    return [w for w in re.findall(r"[^\W\d_]+", flat) if w.casefold() in ENGLISH]


def test_the_finder_finds_english_and_spares_spanish_and_titles() -> None:
    assert english_words("Patolli after R. C. Bell (1960) · tablero") == ["after"]
    assert english_words("rules as published by Cyningstan") == ["rules", "as", "published", "by"]
    assert english_words("según R. C. Bell, Board and Table Games from Many Civilizations (1960); no son") == []
    assert english_words("Fuente: Neeley, «What are the\nrules?»; bell-board-a4-es.pdf") == []


@pytest.fixture(params=BUILTIN)
def spanish_kit(request: pytest.FixtureRequest, rendered: Renders) -> Kit:
    return rendered.kit(request.param, "es", Paper.A4)


def test_a_spanish_kit_prints_no_english(spanish_kit: Kit, rendered: Renders) -> None:
    found = {}
    for pdf in sorted(spanish_kit.folder.glob("*.pdf")):
        for n, text in enumerate(rendered.texts(pdf), 1):
            words = english_words(text)
            if words:
                found[f"{pdf.name} p{n}"] = sorted(set(words))
    assert not found, found


def test_a_spanish_kit_calls_tiles_sheets_and_seats_puestos(spanish_kit: Kit, rendered: Renders) -> None:
    text = " ".join(t for pdf in spanish_kit.folder.glob("*.pdf") for t in rendered.texts(pdf))
    assert "Asiento" not in text and "Pieza " not in text
    assert "Puesto A" in text or "puesto A" in text


# Phrases a rulebook for players does not say.
PROGRAMMER = ("ruleset", "printgen", "[[notes]]", "Patolli · Patolli", "Rules of the", "TOML", ".toml")
CODE_NAME = re.compile(r"\+\w|\w_\w")  # an option as a program spells it: bell+partnerships, no_gambling


@pytest.mark.parametrize("name", BUILTIN + ("bell+partnerships", "bell+no_gambling", "bell+no_gambling_backwards",
                                  "ocastudios+empty_start"))
@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_booklet_and_card_speak_to_players(name: str, lang: str, rendered: Renders) -> None:
    rs = load_ruleset(name)
    files = [rendered.reading(name, lang, Paper.A4), rendered.card(name, lang, Paper.A4)]
    text = " ".join(t for f in files for t in rendered.texts(f))
    assert not [p for p in PROGRAMMER if p in text]
    assert not CODE_NAME.findall(text), text[max(0, CODE_NAME.search(text).start() - 60):][:120]  # type: ignore[union-attr]
    title = rs.title.get(lang)
    assert title.split(" ", 1)[1] in " ".join(text.split())  # the ruleset's own title, after "Patolli"


def test_footers_name_the_ruleset_once_in_the_language(tmp_path: Path) -> None:
    from printgen.render.output import Format, write_pages
    from printgen.render.prints import PrintOptions, bean_pages

    rs = load_ruleset("bell")
    opts = PrintOptions(lang="es")
    files = write_pages(OutputDir(tmp_path), bean_pages(rs, opts), "beans", Format.PDF, False, META)
    text = page_texts(files[0])[0]
    assert "Patolli según R. C. Bell (1960) · fichas de frijol" in text and "Patolli · Patolli" not in text
