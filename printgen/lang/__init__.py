"""Every word the product prints, one file per language: `printgen/lang/<code>.toml`.

Board labels, sheet captions, the how-to page, the kit listing, the booklet and the reference card all
read their words here. Every file has exactly the same keys and, per key, the same placeholders (a
test checks it), so a new language is a new file and its code in `LANGS`, which lives with the rulesets
(their texts carry the same languages) and is read here; a test checks it names exactly the files present.
"""

from __future__ import annotations

import string
import tomllib
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

from printgen.errors import PatolliError
from printgen.languages import BASE_LANG, LANGS

__all__ = ["BASE_LANG", "LANGS", "TemplateError", "lang_text", "placeholders", "templates"]


class TemplateError(PatolliError):
    """A template is missing or names a placeholder the code does not fill."""


def lang_text(lang: str) -> str:
    """Returns the TOML text of a language's file."""
    if lang not in LANGS:
        raise TemplateError(f"no texts for language {lang!r}; languages: {', '.join(LANGS)}")
    return resources.files(__name__).joinpath(f"{lang}.toml").read_text("utf-8")


def _flatten(prefix: str, data: Mapping[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    for key, value in data.items():
        name = f"{prefix}.{key}" if prefix else key
        if isinstance(value, dict):
            _flatten(name, value, out)
        else:
            out[name] = value
    return out


@cache
def templates(lang: str) -> dict[str, Any]:
    """Returns every text of a language by dotted key (`turn.cast`): strings, and lists of strings
    (nouns are [singular, plural]; some keys are lists of paragraphs or bullets)."""
    return _flatten("", tomllib.loads(lang_text(lang)), {})


def placeholders(template: str) -> set[str]:
    """Returns the names of the placeholders in a template."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}
