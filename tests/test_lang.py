"""One store of printed words: every language file has the same keys and placeholders, and every
part of the kit (board labels, sheet captions, how-to page, kit listing, booklet) reads from it."""

from __future__ import annotations

from importlib import resources

import pytest

from printgen.lang import BASE_LANG, LANGS, TemplateError, lang_text, placeholders, templates
from printgen.render.words import BOARD_LABELS, WORDS
from printgen.rules_text.lang import Texts

# Spanish words two sentences without the item noun, which would need a gendered article.
PLACEHOLDER_EXCEPTIONS = {"betting.none", "end.pool_team"}


def _shape(value: object) -> object:
    """Returns what must match between languages: the placeholders of a text, or of each text of a list."""
    if isinstance(value, list):
        return [placeholders(v) for v in value]
    return placeholders(value)  # type: ignore[arg-type]


def test_langs_are_the_files_present_english_first() -> None:
    files = sorted(p.name[:-5] for p in resources.files("printgen.lang").iterdir() if p.name.endswith(".toml"))
    assert LANGS[0] == BASE_LANG and sorted(LANGS) == files and len(LANGS) >= 2


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != BASE_LANG])
def test_every_language_file_has_exactly_the_english_keys_with_the_same_placeholders(lang: str) -> None:
    en, other = templates(BASE_LANG), templates(lang)
    assert sorted(other) == sorted(en), set(other) ^ set(en)
    for key, value in en.items():
        assert type(other[key]) is type(value), key
        if key.startswith("noun."):
            assert len(value) == len(other[key]) == 2, key
        elif key not in PLACEHOLDER_EXCEPTIONS:
            assert _shape(other[key]) == _shape(value), key


@pytest.mark.parametrize("lang", LANGS)
def test_every_text_is_filled_in(lang: str) -> None:
    for key, value in templates(lang).items():
        texts = value if isinstance(value, list) else [value]
        assert texts and all(isinstance(t, str) for t in texts), key
        # empty on purpose: the board's subtitle and the note under the bean area
        assert all(texts) or key in {"board_label.subtitle", "board_label.beans_note"}, key


@pytest.mark.parametrize("lang", LANGS)
def test_the_sheets_and_board_read_their_words_from_the_language_file(lang: str) -> None:
    t = templates(lang)
    assert WORDS[lang]["glue"] == t["sheet.glue"] and WORDS[lang]["page"] == t["sheet.page"]
    assert BOARD_LABELS[lang].pool == t["board_label.pool"] and BOARD_LABELS[lang].seat == t["board_label.seat"]
    T = Texts(lang)
    assert T.lines("howto.need_items_card", beans=5)[-1].startswith("5 ")
    assert T("flip.short") and T("kit.booklet") and T("cover.note")
    assert T.noun("page", 1) != T.noun("page", 2)


def test_words_in_spanish_are_spanish() -> None:
    assert BOARD_LABELS["es"].pool == "Bote" and WORDS["es"]["glue"] == "pegar aquí"
    assert Texts("es")("cover.note") == "Las reglas del juego"
    assert Texts("es")("kit.duplex", flip=Texts("es")("flip.short")).count("corto") == 1


def test_an_unknown_language_or_key_is_one_clear_error() -> None:
    with pytest.raises(TemplateError, match="no texts for language 'fr'; languages: en, es"):
        lang_text("fr")
    with pytest.raises(TemplateError, match="en.toml has no list of texts 'howto.title'"):
        Texts("en").lines("howto.title")
