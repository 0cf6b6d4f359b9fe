"""Rulesets as data: the model, the built-in TOML files and the parser of ruleset text.

A person's ruleset file is read by `printgen.ruleset_files.load_ruleset`; nothing here opens one.
"""

from printgen.rulesets.load import BUILTIN, builtin_text, load_builtin, parse_ruleset, ruleset_from_text
from printgen.rulesets.model import Ruleset

__all__ = ["BUILTIN", "Ruleset", "builtin_text", "load_builtin", "parse_ruleset", "ruleset_from_text"]
