"""The words printed on the sheets themselves (captions, board labels), in every language of `printgen/lang`."""

from __future__ import annotations

from dataclasses import dataclass, fields

from printgen.lang import LANGS, templates


@dataclass(frozen=True)
class Labels:
    """The words printed on the board, in one language (the `[board_label]` table of a language file)."""

    title: str
    subtitle: str
    offering: str
    offering_note: str
    pool: str
    pool_note: str
    beans: str
    beans_note: str
    hand: str
    home: str
    seat: str  # "Seat {letter}"
    seat_also: str  # "with {players} players: seat {letter}"
    seat_counts: str  # "for {players} players"
    detail: str  # "{cells} cells · {beans} beans"
    lang: str = "en"  # the language of these words, for texts that come from a ruleset


def _table(lang: str, name: str) -> dict[str, str]:
    return {key[len(name) + 1:]: text for key, text in templates(lang).items() if key.startswith(f"{name}.")}


# The captions of the printed sheets ([sheet]) and the board's labels, by language.
WORDS: dict[str, dict[str, str]] = {lang: _table(lang, "sheet") for lang in LANGS}
BOARD_LABELS = {lang: Labels(**{f.name: _table(lang, "board_label")[f.name]
                                for f in fields(Labels) if f.name != "lang"},
                             lang=lang)
                for lang in LANGS}
