"""The command line as people expect it: --version and -h, flags shown as flags, short help lines whole,
one default ruleset, one meaning per option name, and a library that never names the command line's flags."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.core import TyperGroup, TyperOption
from typer.testing import CliRunner

import printgen
from printgen.cli.app import SECTIONS, app
from printgen.cli.errors import advice
from printgen.cli.options import DEFAULT_RULESET
from printgen.errors import OptionError, OverwriteError

runner = CliRunner()
ROOT = Path(printgen.__file__).parent


def _walk(cmd: Any, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], Any]]:
    found = [(path, cmd)]
    if isinstance(cmd, TyperGroup):
        for name, sub in cmd.commands.items():
            found += _walk(sub, (*path, name))
    return found


COMMANDS = [(path, cmd) for path, cmd in _walk(typer.main.get_command(app)) if path]
assert len(COMMANDS) > 20


def test_version_prints_the_package_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.output.strip() == f"patolli (printgen) {printgen.__version__}"


@pytest.mark.parametrize("args", [[], ["position"], ["cast"], ["rulesets", "export"]], ids=" ".join)
def test_h_is_help(args: list[str]) -> None:
    short, long = runner.invoke(app, [*args, "-h"]), runner.invoke(app, [*args, "--help"])
    assert short.exit_code == long.exit_code == 0 and short.output == long.output and "Usage:" in short.output


def test_every_short_help_line_is_whole() -> None:
    for path, cmd in COMMANDS:
        line = cmd.get_short_help_str(limit=1000)
        assert len(line) <= 60 and line.endswith(".") and "..." not in line, f"{' '.join(path)}: {line!r}"
    for args in ([], ["rulesets"], ["position"]):
        lines = runner.invoke(app, [*args, "--help"], terminal_width=80).output.splitlines()[1:]  # after Usage
        assert not [line for line in lines if "..." in line or len(line) > 80], args


def test_help_lists_every_command_in_one_section() -> None:
    placed = [name for names in SECTIONS.values() for name in names]
    top = {path[0] for path, cmd in COMMANDS if len(path) == 1 and not cmd.hidden}
    assert sorted(placed) == sorted(top) and len(placed) == len(set(placed))
    out = runner.invoke(app, ["--help"]).output
    assert all(f"{title}:" in out for title in SECTIONS) and "Other:" not in out


def test_the_first_help_screen_is_the_players_and_the_lab_holds_the_research_tools() -> None:
    """Issue 23, item 10: research and benchmark tools sit under `patolli lab`, their old names hidden aliases."""
    from printgen.cli.app import LAB_COMMANDS, LAB_SECTIONS

    first = runner.invoke(app, ["--help"]).output
    listed = {line.split()[0] for line in first.splitlines() if line.startswith("  ") and not line.startswith("   ")}
    assert "lab" in listed and not listed & set(LAB_COMMANDS)
    assert "play" in listed and "kit" in listed
    lab = runner.invoke(app, ["lab", "--help"]).output
    assert sorted(name for names in LAB_SECTIONS.values() for name in names) == sorted(LAB_COMMANDS)
    assert all(f"  {name} " in lab for name in LAB_COMMANDS)
    same = [runner.invoke(app, [*prefix, "bench", "-r", "gatigo", "--help"]).output for prefix in ([], ["lab"])]
    assert same[0].replace("patolli bench", "patolli lab bench") == same[1]


def test_boolean_options_are_flags() -> None:
    for path, cmd in COMMANDS:
        for p in cmd.params:
            if isinstance(p, TyperOption) and p.bare_type() == "bool":
                assert p.is_flag, f"{' '.join(path)} {p.opts[0]} takes a value"
        out = runner.invoke(app, [*path, "--help"]).output
        assert "<bool>" not in out and "BOOLEAN" not in out, " ".join(path)


def test_one_default_ruleset_everywhere() -> None:
    with_ruleset = [path for path, cmd in COMMANDS for p in cmd.params if p.name == "ruleset"]
    assert len(with_ruleset) >= 12
    for path, cmd in COMMANDS:
        for p in cmd.params:
            if p.name == "ruleset":
                assert p.default == DEFAULT_RULESET, " ".join(path)


def test_cast_without_a_ruleset_uses_the_default() -> None:
    plain, named = runner.invoke(app, ["cast", "--odds"]), runner.invoke(app, ["cast", "--odds", "-r", DEFAULT_RULESET])
    assert plain.exit_code == 0 and f"beans under {DEFAULT_RULESET}: exact odds" in plain.output
    assert plain.output == named.output


def test_each_option_name_means_one_thing() -> None:
    seen: dict[str, tuple[str | None, object]] = {}
    for path, cmd in COMMANDS:
        for p in cmd.params:
            if isinstance(p, TyperOption) and p.name not in ("help", "ruleset"):
                for opt in p.opts:
                    meaning = (p.help, p.default)
                    assert seen.setdefault(opt, meaning) == meaning or opt in _PER_COMMAND, f"{' '.join(path)} {opt}"
    assert "--players" in seen and "--seats" in seen


# Options whose help and default rightly differ per command (a count of runs, a place to write, a seed's use).
_PER_COMMAND = {"--contests", "-n", "--seed", "--seconds", "-s", "-o", "--out", "--flip", "--json",
                "--force", "--cast", "-c", "--count", "--games",
                "--resume", "--ruleset", "-r"}  # a list of rulesets: the ones to time (bench-serve), to add (web)


def test_the_three_duplex_sets_share_one_builder() -> None:
    sets = ("pieces", "beans", "cards")
    params = {path[0]: [p.name for p in cmd.params] for path, cmd in COMMANDS if path[0] in sets}
    assert params["beans"] == params["cards"] == [n for n in params["pieces"] if n != "seats"]
    assert "seats" in params["pieces"]


def _raised_strings(tree: ast.AST) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) and node.exc is not None:
            found += [(c.lineno, c.value) for c in ast.walk(node.exc)
                      if isinstance(c, ast.Constant) and isinstance(c.value, str)]
    return found


def test_the_library_never_names_a_command_line_flag() -> None:
    flag = re.compile(r"(?<![\w-])--[a-z]")
    offenders = [f"{path.relative_to(ROOT)}:{line}: {text!r}"
                 for path in sorted(ROOT.rglob("*.py")) if "cli" not in path.relative_to(ROOT).parts
                 for line, text in _raised_strings(ast.parse(path.read_text(encoding="utf-8")))
                 if flag.search(text)]
    assert offenders == []


def test_the_command_line_adds_the_force_advice_where_it_has_the_option() -> None:
    exc = OverwriteError("out/board.pdf exists")
    assert advice(exc, {"ruleset", "force"}) == "out/board.pdf exists; use --force to overwrite it"
    assert advice(exc, {"ruleset"}) == "out/board.pdf exists"
    assert advice(OptionError("bad"), {"force"}) == "bad"


def test_export_over_a_file_names_force(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text("mine")
    result = runner.invoke(app, ["rulesets", "export", "bell", "-o", str(path)])
    assert result.exit_code == 2 and result.output.strip() == f"error: {path} exists; use --force to overwrite it"


def test_help_loads_no_ruleset_engine_or_rich_console() -> None:
    code = ("import sys\nsys.argv = ['patolli', '--help']\nfrom printgen.cli.app import main\ntry:\n    main()\n"
            "except SystemExit:\n    pass\n"
            "print(sorted(m for m in ('rich.console', 'printgen.rulesets', 'printgen.engine', 'printgen.render.scene',"
            " 'numpy', 'typer.rich_utils') if m in sys.modules), file=sys.stderr)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60,
                         cwd=ROOT.parent)
    assert out.stderr.strip() == "[]" and "At the table:" in out.stdout


def test_the_board_command_offers_every_orientation() -> None:
    from printgen.cli.print_cmd import Drawn
    from printgen.rulesets.model import Orientation

    assert [d.value for d in Drawn] == [o.value for o in Orientation]


def test_help_names_values_in_words_never_python_types() -> None:
    """Issue 23, item 9: no `<int range>`, `<str>` or `list[str]` in any help."""
    for path, _ in COMMANDS:
        out = runner.invoke(app, [*path, "--help"], terminal_width=120).output
        assert not re.search(r"<(int|float|str|path|int range|float range)>|list\[", out), " ".join(path)
    board = runner.invoke(app, ["board", "--help"], terminal_width=120).output
    assert "--paper a4|letter|a3|tabloid" in board and "--dpi N" in board and "-o, --out PATH" in board


@pytest.mark.parametrize("args,line", [
    (["board", "--paper", "a5"], "error: invalid value for '--paper': 'a5' is not one of 'a4', 'letter', 'a3', "
                                 "'tabloid' (see patolli board --help)"),
    (["rules", "--lang", "fr"], "error: invalid value for '--lang': 'fr' is not one of 'en', 'es' "
                                "(see patolli rules --help)"),
    (["cast", "--count", "x"], "error: invalid value for '--count' / '-n': it must be a whole number "
                               "(see patolli cast --help)"),
    (["cast", "--seed", "9" * 5000], "error: invalid value for '--seed': too long a number (see patolli cast --help)"),
    (["position", "moves"], "error: missing argument 'position' (see patolli position moves --help)"),
])
def test_the_parsers_refusals_are_one_line_and_exit_2(args: list[str], line: str) -> None:
    """Issue 23, item 9: not click's four-line block with pydantic's "Value error,"."""
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and result.stderr.strip() == line and result.stdout == ""


def test_paper_language_and_format_are_read_in_any_case(tmp_path: Path) -> None:
    """The README's own "A4" is accepted, as are `ES` and `SVG`."""
    result = runner.invoke(app, ["board", "--paper", "A4", "--lang", "ES", "--format", "SVG", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert [p.name for p in tmp_path.glob("*.svg")] == ["bell-board-a4-es.svg"]


@pytest.mark.parametrize("spec,line", [
    ("bel", "error: unknown ruleset 'bel' (did you mean 'bell'?): use one of bell, neeley, ocastudios, gatigo or a "
            ".toml file"),
    ("gatgo+no_gambling", "error: unknown ruleset 'gatgo' (did you mean 'gatigo'?): use one of bell, neeley, "
                          "ocastudios, gatigo or a .toml file"),
    ("bell+partnership", "error: built-in ruleset 'bell': no option 'partnership' (did you mean 'partnerships'?) "
                         "(options: partnerships, no_gambling, no_gambling_backwards)"),
    ("mine.toml", "error: mine.toml: no such file (the ruleset to read)"),
])
def test_a_misspelt_ruleset_gets_did_you_mean_and_a_missing_file_is_a_missing_file(spec: str, line: str) -> None:
    result = runner.invoke(app, ["cast", "--ruleset", spec])
    assert result.exit_code == 2 and result.stderr.strip() == line


def test_a_builtin_ruleset_is_named_in_any_case() -> None:
    assert runner.invoke(app, ["cast", "--odds", "-r", "GATIGO"]).output == runner.invoke(
        app, ["cast", "--odds", "-r", "gatigo"]).output


def test_short_flags_mean_one_thing_everywhere() -> None:
    """-n is how many, -o where the output goes (always --out), -r the ruleset, -c the cast, -l the level."""
    meaning = {"-n": None, "-o": "--out", "-r": "--ruleset", "-c": "--cast", "-l": "--level", "-p": "--players",
               "-w": "--workers"}
    for path, cmd in COMMANDS:
        for p in cmd.params:
            for short in (o for o in p.opts if re.fullmatch(r"-[a-z]", o)):
                longs = [o for o in p.opts if o.startswith("--")]
                if short in meaning and meaning[short] is not None:
                    assert longs == [meaning[short]], f"{' '.join(path)} {short}: {longs}"
            if "-n" in p.opts:
                assert p.bare_type() == "int", f"{' '.join(path)} -n is not a count"
            assert "--output" not in p.opts and "-g" not in p.opts, " ".join(path)


def test_position_moves_never_assumes_a_cast(tmp_path: Path) -> None:
    """Issue 23, item 9: it once listed the moves of a 1 when no cast was given."""
    start = runner.invoke(app, ["position", "new", "-r", "gatigo", "--compact"]).output.strip()
    for command in (["position", "moves", start], ["position", "play", start, "E1"]):
        result = runner.invoke(app, command)
        assert result.exit_code == 2 and "give the cast with --cast" in result.stderr
    assert runner.invoke(app, ["position", "moves", start, "--cast", "1"]).output.strip() == "E1"
