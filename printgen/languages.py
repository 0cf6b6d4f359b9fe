"""The languages the product is written in, English first: the one home of the list.

A ruleset's texts may carry each, and the word layer (`printgen/lang/<code>.toml`, one file per language; a test
checks they match) prints each. It lives in the base layer, so the portable rulesets read it without the word
layer, and `patolli --help` reads it without loading the rulesets.
"""

from __future__ import annotations

BASE_LANG = "en"  # the language every text is written in first, and the fallback of a missing translation
LANGS: tuple[str, ...] = (BASE_LANG, "es")
