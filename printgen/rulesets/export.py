"""Writes a ruleset back out as commented TOML, ready for a user to edit into a custom ruleset.

The tables, keys, their order and their comments all come from the model's fields (see `schema`).
"""

from __future__ import annotations

import json
import re
from dataclasses import is_dataclass
from enum import Enum
from fractions import Fraction

from printgen.rulesets.load import BUILTIN, builtin_text
from printgen.rulesets.model import SECTIONS, RuleOption, Ruleset, Table
from printgen.rulesets.schema import Text, default_of, file_keys, toml_name


def _value(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, Text):
        if not v.others:
            return json.dumps(str(v), ensure_ascii=False)
        return "{ " + ", ".join(f"{lang} = {_value(t)}" for lang, t in v.by_lang().items()) + " }"
    if isinstance(v, Enum):
        return _value(v.value)
    if isinstance(v, Fraction):
        return _value(str(v))
    if isinstance(v, Table):
        return "{ " + ", ".join(f"{_key(key)} = {_value(x)}" for key, x in v) + " }"
    if is_dataclass(v):
        return "{ " + ", ".join(f"{key} = {_value(x)}" for key, x, _ in _keyed(v)) + " }"
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join("0" if x is None else _value(x) for x in v) + "]"
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    return str(v)


def _key(key: str) -> str:
    """Returns a key as TOML writes it: bare, or quoted when it holds a dot or other characters."""
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key, ensure_ascii=False)


def _keyed(obj: object) -> list[tuple[str, object, str]]:
    """Returns (file key, value, doc) of each keyed field of a model value, leaving out quiet keys at their
    default and empty optional texts."""
    out = []
    for f, k in file_keys(type(obj)):
        v = getattr(obj, f.name)
        if (k.quiet or isinstance(v, Text)) and not v and v == default_of(k, {}):
            continue
        out.append((toml_name(f, k), v, k.doc))
    return out


def _line(key: str, v: object, doc: str) -> str:
    text = f"{key} = {_value(v)}"
    return f"{text:<34} # {doc}" if doc and not isinstance(v, Text) else text


def _table(header: str, obj: object) -> list[str]:
    """Returns the lines of one table: its keys, then any list of tables (`[[header.key]]`) it holds."""
    lines, later = ["", header], []
    for key, v, doc in _keyed(obj):
        if isinstance(v, tuple) and v and is_dataclass(v[0]):
            for item in v:
                later += _table(f"[[{header.strip('[]')}.{key}]]", item)
        else:
            lines.append(_line(key, v, doc))
    return lines + later


def export_toml(rs: Ruleset) -> str:
    """Returns TOML text that loads back to this ruleset (options already applied)."""
    if rs.origin in BUILTIN and not rs.applied:
        return builtin_text(rs.origin)
    out = [f"# Ruleset '{rs.name}'" + (f" with {', '.join(rs.applied)}" if rs.applied else ""),
           "# Edit the values, then pass this file wherever a ruleset name is accepted."]
    for table in SECTIONS:
        out += _table(f"[{table}]", rs if table == "ruleset" else getattr(rs, table))
    for opt in rs.options:
        if opt.name in rs.applied:
            continue
        out += _table(f"[options.{opt.name}]", RuleOption(opt.name, opt.description, Table(opt.changes)))
    for note in rs.notes:
        out += _table("[[notes]]", note)
    return "\n".join(out) + "\n"
