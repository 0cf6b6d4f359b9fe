"""Rulesets as data: the model, the built-in TOML files and their loader."""

from printgen.rulesets.load import BUILTIN, builtin_text, load_ruleset, parse_ruleset
from printgen.rulesets.model import Ruleset

__all__ = ["BUILTIN", "Ruleset", "builtin_text", "load_ruleset", "parse_ruleset"]
