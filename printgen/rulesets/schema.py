"""The ruleset file's schema, written once: each model field that is a key of the file says so with `key()`.

The loader's key lists and readers and the exporter's order and comments are all derived from these
fields, so a new key is one edit: a field with `key(doc=..., ...)` metadata in `model.py`.
Texts a reader sees (titles, summaries, option descriptions, item names, notes) are `Text`: the English
text, carrying its other languages along.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import Field, dataclass, field, fields
from typing import Any

from printgen.languages import BASE_LANG, LANGS


class _Required:
    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = _Required()  # a key the file must give


@dataclass(frozen=True)
class Key:
    """What the schema knows of one key: its name in the file, range, default when left out, and doc."""

    doc: str
    toml: str = ""  # the key's name in the file when it is not the field's name
    lo: int | str | None = None  # a number, or the name of a field read before this one
    hi: int | str | None = None
    omit: Any = REQUIRED  # the value when the file leaves the key out; a callable gets the values read so far
    quiet: bool = False  # the exporter leaves the key out while it holds its default


def key(doc: str, *, toml: str = "", lo: int | str | None = None, hi: int | str | None = None,
        omit: Any = REQUIRED, quiet: bool = False, **dataclass_args: Any) -> Any:
    """Returns a dataclass field that is a key of a ruleset file (see `Key`); other arguments go to `field`."""
    return field(metadata={"key": Key(doc, toml, lo, hi, omit, quiet)}, **dataclass_args)


def file_keys(cls: type) -> list[tuple[Field[Any], Key]]:
    """Returns the fields of a model class that are keys of the file, in file order, each with its `Key`."""
    return [(f, f.metadata["key"]) for f in fields(cls) if "key" in f.metadata]


def toml_name(f: Field[Any], k: Key) -> str:
    """Returns the name a field has in the file."""
    return k.toml or f.name


def default_of(k: Key, values: Mapping[str, Any]) -> Any:
    """Returns the value of a key the file leaves out (REQUIRED if it must be given)."""
    return k.omit(values) if isinstance(k.omit, Callable) else k.omit  # type: ignore[arg-type]


class Text(str):
    """A text in English (the string itself) with its translations: `Text("Pool", es="Bote")`.

    It is read from a file either as `key = "English"` with `key_es = "..."` beside it (the older form,
    still accepted), or as a table `key = { en = "...", es = "..." }`. A text with no translation for a
    language reads as the English.
    """

    others: tuple[tuple[str, str], ...]  # (language, translation), sorted

    def __new__(cls, text: str = "", **others: str) -> Text:
        self = super().__new__(cls, text)
        self.others = tuple(sorted((lang, t) for lang, t in others.items() if t))
        return self

    def get(self, lang: str) -> str:
        """Returns the text in a language, English where it has no translation."""
        return dict(self.others).get(lang) or str(self)

    def own(self, lang: str) -> str:
        """Returns the text's own translation into a language, or "" (the English for BASE_LANG)."""
        return str(self) if lang == BASE_LANG else dict(self.others).get(lang, "")

    def by_lang(self) -> dict[str, str]:
        """Returns every language the text has, English first."""
        return {BASE_LANG: str(self), **dict(self.others)}

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Text):
            return str(self) == str(other) and self.others == other.others
        return str.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = str.__hash__

    def __repr__(self) -> str:
        return f"Text({str(self)!r}{''.join(f', {lang}={t!r}' for lang, t in self.others)})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_text, (str(self), self.others))


def _text(text: str, others: tuple[tuple[str, str], ...]) -> Text:
    return Text(text, **dict(others))


def translated_keys(name: str) -> tuple[str, ...]:
    """Returns the older per-language keys of a text key: `title_es` for `title`."""
    return tuple(f"{name}_{lang}" for lang in LANGS if lang != BASE_LANG)
