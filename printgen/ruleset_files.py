"""The ruleset a person names: a built-in name or a TOML file read from disk, then `+option`s.

The rulesets package parses text and reads its own built-in files, and opens no file of a person's, so it
stays in the portable core; reading such a file (refusing what is not a regular file or is too large, in
one line) happens here, beside the rules, where every command, page and player can reach it.
"""

from __future__ import annotations

from pathlib import Path

from printgen.errors import RulesetError
from printgen.files import read_user_text
from printgen.inputs import path_exists
from printgen.rulesets.load import BUILTIN, did_you_mean, load_builtin, ruleset_from_text
from printgen.rulesets.model import Ruleset

RULESET_LIMIT = 1_000_000  # bytes; the built-in rulesets are under 10 000


def load_ruleset(spec: str) -> Ruleset:
    """Returns the ruleset named by spec: a built-in name or a TOML path, then `+option`s."""
    base, *options = spec.split("+")
    if base.lower() in BUILTIN:  # a name is a name in any case: Bell, GATIGO
        return load_builtin("+".join([base.lower(), *options]))
    path = Path(base)
    if not path.suffix and not path_exists(path):
        raise RulesetError(f"unknown ruleset '{base}'{did_you_mean(base, list(BUILTIN))}: use one of "
                           f"{', '.join(BUILTIN)} or a .toml file")
    text = read_user_text(path, "ruleset", RULESET_LIMIT, error=RulesetError)
    return ruleset_from_text(text, str(path), origin=base, options=tuple(options))
