"""The README's command examples stay true: each names a real command and only its real options, and every
command has an example."""

from __future__ import annotations

import re
import shlex
from functools import cache
from pathlib import Path
from typing import Any

import typer

from printgen.cli.app import app

README = Path(__file__).resolve().parents[1] / "README.md"


def _examples() -> list[list[str]]:
    lines = [line.strip() for line in README.read_text(encoding="utf-8").splitlines()]
    return [shlex.split(line.split("  #")[0])[1:] for line in lines if line.startswith("patolli ")]


def _is_group(command: Any) -> bool:  # Typer ships its own click, so its groups are known by their commands
    return hasattr(command, "commands")


@cache
def _root() -> Any:
    """Returns the command line's click group, built once (Typer takes about 0.1 s to build it)."""
    return typer.main.get_command(app)


def _resolve(args: list[str]) -> tuple[str, Any, list[str]]:
    command: Any = _root()
    path: list[str] = []
    while args and _is_group(command) and args[0] in command.commands:
        path.append(args[0])
        command = command.commands[args[0]]
        args = args[1:]
    return " ".join(path), command, args


def _leaf_commands(group: Any, prefix: str = "") -> set[str]:
    names: set[str] = set()
    for name, sub in group.commands.items():
        if sub.hidden:
            continue
        names |= _leaf_commands(sub, f"{prefix}{name} ") if _is_group(sub) else {prefix + name}
    return names


def test_the_readme_has_examples_to_check() -> None:
    assert len(_examples()) > 30


def test_every_readme_example_names_a_command_and_only_its_options() -> None:
    wrong = []
    for example in _examples():
        path, command, rest = _resolve(example)
        if _is_group(command):
            if rest and rest[0] not in ("--help", "--version"):
                wrong.append(f"patolli {' '.join(example)}: {rest[0]!r} is not a command")
            continue
        known = {"--help", "-h"} | {opt for p in command.params for opt in [*p.opts, *p.secondary_opts]}
        wrong += [f"patolli {' '.join(example)}: {path} has no option {tok.split('=')[0]}"
                  for tok in rest if tok.startswith("-") and not re.fullmatch(r"-\d.*", tok)
                  and tok.split("=")[0] not in known]
    assert wrong == []


def test_every_command_has_a_readme_example() -> None:
    shown = {_resolve(example)[0] for example in _examples()}
    assert _leaf_commands(_root()) - shown == set()
