"""How each ruleset reads its source: the notes the booklet prints, and docs/rulesets.md generated from them.

The built-in rulesets keep their notes in `rulesets/notes/<name>.toml` (English and Spanish), the one
source of truth; a custom ruleset file may carry its own `[[notes]]`. Regenerate the docs with

    python -m printgen.rulesets.readings --write docs/rulesets.md
"""

from __future__ import annotations

import argparse
import sys
from importlib import resources
from pathlib import Path

from printgen.rulesets.load import BUILTIN, parse_notes, read_toml
from printgen.rulesets.model import Note, Ruleset

DOCS_PREAMBLE = """\
# Rulesets: how the sources were read

Each built-in ruleset follows one source in `shared/sources/`. Where a source is silent or
ambiguous we decided, and each decision is one row below: what we decided, why, and where
the source says (or does not say) it. The rules booklet prints the rows of its ruleset, in
English and Spanish.

This file is generated: edit `printgen/rulesets/notes/<name>.toml` (each row in English and
Spanish), then run `python -m printgen.rulesets.readings --write docs/rulesets.md`. A test
fails while this file and the notes disagree. A custom ruleset file may add its own rows as
`[[notes]]` tables with the same keys (`topic`, `decision`, `why`, `source`, each with `_es` beside it
or as a table by language, `topic = { en = "...", es = "..." }`).
A row marked "with gambling" or "without gambling" (key `only`) is printed only in booklets of
those rules; one marked with an option only where that option is applied.

Common to all four: the board is one loop of 8·L + 4 cells in four quarters (a central cell,
L cells out along an arm, L cells back). Seats sit at the arms clockwise from the south:
two players take opposite arms, three take south, west and north. Cell 1 is seat A's start
and numbers follow clockwise travel; the printed board, the booklet and every command use
these numbers.
"""


def builtin_notes(name: str) -> tuple[Note, ...]:
    """Returns the notes of a built-in ruleset, in the order of its notes file."""
    text = resources.files("printgen.rulesets").joinpath("notes", f"{name}.toml").read_text("utf-8")
    where = f"notes of built-in ruleset '{name}'"
    return parse_notes(where, read_toml(text, where).get("notes", []))


ONLY_WORDS = {"gambling": "with gambling", "no_gambling": "without gambling", "miss_turn": "`+no_gambling`",
              "move_back": "`+no_gambling_backwards`"}


def notes_for(rs: Ruleset) -> tuple[Note, ...]:
    """Returns the notes that apply to a ruleset: a built-in's own (options included), else the file's;
    notes that concern other rules (say, gambling in a game without it) are left out."""
    base = builtin_notes(rs.origin) if rs.origin in BUILTIN else ()
    return tuple(n for n in base + rs.notes if n.applies_to(rs))


def _topic(note: Note) -> str:
    return f"{note.topic} ({ONLY_WORDS[note.only]})" if note.only else note.topic


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def docs_markdown() -> str:
    """Returns the text of docs/rulesets.md: the preamble, then one table of notes per built-in ruleset."""
    out = [DOCS_PREAMBLE]
    for name in BUILTIN:
        out += [f"## {name}", "", "| Topic | Decision | Why | Source |", "|---|---|---|---|"]
        out += [f"| {' | '.join(_cell(x) for x in (_topic(n), *n.in_lang('en')[1:]))} |" for n in builtin_notes(name)]
        out.append("")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    """Prints docs/rulesets.md, writes it (--write PATH) or checks it is up to date (--check PATH)."""
    parser = argparse.ArgumentParser(prog="python -m printgen.rulesets.readings", description=main.__doc__)
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--write", type=Path, metavar="PATH", help="write the generated docs to PATH")
    group.add_argument("--check", type=Path, metavar="PATH", help="exit 1 if PATH differs from the generated docs")
    args = parser.parse_args(argv)
    text = docs_markdown()
    if args.write:
        args.write.write_text(text, "utf-8")
    elif args.check:
        if not args.check.exists() or args.check.read_text("utf-8") != text:
            print(f"{args.check} is out of date: run python -m printgen.rulesets.readings --write {args.check}",
                  file=sys.stderr)
            return 1
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
