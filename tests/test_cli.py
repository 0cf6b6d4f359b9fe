"""The command line: every command has help, output formats hold, bad input gets one line and exit code 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from printgen.cli.app import app

runner = CliRunner()


def run(*args: str, input: str | None = None):  # noqa: A002
    return runner.invoke(app, list(args), input=input)


def _commands(group: typer.Typer, prefix: list[str]) -> list[list[str]]:
    found = [prefix + [c.name or c.callback.__name__] for c in group.registered_commands]
    for sub in group.registered_groups:
        found += _commands(sub.typer_instance, prefix + [sub.name])
    return found


@pytest.mark.parametrize("command", _commands(app, []), ids=" ".join)
def test_every_command_has_help(command: list[str]) -> None:
    result = run(*command, "--help")
    assert result.exit_code == 0 and "Usage: patolli" in result.output and "Options:" in result.output
    summary = result.output.split("\n\n")[1].strip()
    assert len(summary) > 15, f"{' '.join(command)} has no help text"


def test_rulesets_list_names_the_four_builtins() -> None:
    names = [r["name"] for r in json.loads(run("rulesets", "list", "--json").output)]
    assert names == ["bell", "neeley", "ocastudios", "gatigo"]


def test_rulesets_show_json_lists_cells_with_number_and_kind() -> None:
    data = json.loads(run("rulesets", "show", "gatigo", "--json").output)
    assert data["name"] == "gatigo" and len(data["cells"]) == 52
    assert data["cells"][0] == {**data["cells"][0], "number": 1, "kind": "start"}
    assert {c["kind"] for c in data["cells"]} <= {"start", "end", "wedge", "rounded", "centre", "normal"}


def test_rulesets_show_draws_the_board() -> None:
    out = run("rulesets", "show", "bell").output
    assert "60 cells" in out and " 31 " in out and "Option +partnerships" in out


def test_export_then_use_a_custom_ruleset(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    text = run("rulesets", "export", "bell").output.replace("stake = 2 ", "stake = 3 ")
    path.write_text(text, "utf-8")
    data = json.loads(run("position", "new", "--ruleset", str(path)).output)
    assert data["pool"] == 6


def test_export_refuses_to_overwrite_without_force(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text("mine", "utf-8")
    result = run("rulesets", "export", "bell", "-o", str(path))
    assert result.exit_code == 2 and "exists; use --force" in result.output and path.read_text() == "mine"
    assert run("rulesets", "export", "bell", "-o", str(path), "--force").exit_code == 0
    assert "[board]" in path.read_text()


def test_cast_odds_json_gives_fractions() -> None:
    data = json.loads(run("cast", "--ruleset", "bell", "--odds", "--json").output)
    assert data[0] == {"marks": 0, "score": None, "probability": "1/32"}
    assert data[5] == {"marks": 5, "score": 10, "probability": "1/32"}


def test_cast_is_seeded_and_counted() -> None:
    a = json.loads(run("cast", "-r", "gatigo", "-n", "5", "--seed", "9", "--json").output)
    assert a == json.loads(run("cast", "-r", "gatigo", "-n", "5", "--seed", "9", "--json").output)
    assert len(a) == 5 and all(len(c["beans"]) == 4 for c in a)
    assert "→" in run("cast", "-r", "bell", "--seed", "1").output


def test_bench_reports_games_per_second() -> None:
    data = json.loads(run("lab", "bench", "--ruleset", "gatigo", "--seconds", "0.2", "--json").output)
    assert data["games_per_second"] > 0 and data["games"] > 0


def test_position_new_moves_and_play() -> None:
    line = run("position", "new", "-r", "gatigo", "--compact").output.strip()
    assert line.startswith("gatigo/2 g1 move A")
    assert json.loads(run("position", "moves", line, "--cast", "1", "--json").output) == ["E1"]
    result = run("position", "play", line, "E1", "--cast", "1", "--compact")
    assert result.exit_code == 0 and "A 20 cw 1,h,h,h,h" in result.output


def test_position_from_a_json_file_and_stdin(tmp_path: Path) -> None:
    text = run("position", "new", "-r", "ocastudios").output
    path = tmp_path / "pos.json"
    path.write_text(text, "utf-8")
    assert "1-3" in run("position", "moves", str(path), "--cast", "2").output
    assert "1-3" in run("position", "moves", "-", "--cast", "2", input=text).output
    assert "to move" in run("position", "show", str(path)).output


BAD_INPUT = [
    (["cast", "--ruleset", "nope"], "error: unknown ruleset 'nope'"),
    (["rulesets", "show", "missing.toml"], "error: missing.toml: no such file (the ruleset to read)"),
    (["position", "moves", "gatigo/2 g1", "--cast", "1"], "error: a position line starts"),
    (["position", "moves", "nofile.json"], "error: nofile.json: no such position file"),
    (["position", "play", "gatigo/2 g1 move A starter=A last=- pool=0 offering=0 | A 20 cw h,h,h,h,h "
      "| B 20 cw h,h,h,h,h", "E1", "--cast", "2"], "error: E1 is not legal for A with a cast of 2 marks"),
    (["position", "moves", "gatigo/2 g1 move A starter=A last=- pool=0 offering=0 | A 20 cw 5,5,h,h,h "
      "| B 20 cw h,h,h,h,h"], "error: cell 5 holds pieces of A and A"),
    (["position", "moves", "gatigo/2 g1 move A starter=A last=- pool=0 offering=0 | A 20 cw h,h,h,h,h "
      "| B 20 cw h,h,h,h,h", "--cast", "7"], "error: no cast scores 7"),
    (["position", "new", "-r", "neeley", "--players", "3"], "error: ruleset 'neeley' is for 2 players, not 3"),
]


@pytest.mark.parametrize(("args", "message"), BAD_INPUT, ids=[" ".join(a[:2]) for a, _ in BAD_INPUT])
def test_bad_input_gets_one_line_and_exit_code_2(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_wrong_option_values_are_refused_by_the_parser() -> None:
    assert run("cast", "--count", "0").exit_code == 2
    assert run("position", "new", "--players", "9").exit_code == 2


def test_replay_checks_and_narrates_a_saved_record(tmp_path: Path) -> None:
    import random

    from printgen.engine.beans import Beans
    from printgen.engine.position import Position
    from printgen.engine.record import Record
    from printgen.play.records import save_record
    from printgen.ruleset_files import load_ruleset

    rs = load_ruleset("gatigo")
    record = Record(Position.new(rs))
    rng = random.Random(2)
    pos = record.start
    for _ in range(30):
        marks = Beans(rs.beans).cast(rng).marks
        pos = record.append(marks, rng.choice(pos.legal_moves(marks)))
    path = tmp_path / "game.json"
    save_record(record, path)
    result = run("replay", str(path))
    assert result.exit_code == 0 and "30 turns" in result.output
    from printgen.engine.notation import to_compact

    assert result.output.strip().splitlines()[-1] == to_compact(pos)
    path.write_text(path.read_text().replace('"move": "E1"', '"move": "E9"', 1))
    bad = run("replay", str(path))
    assert bad.exit_code == 2 and "is not legal" in bad.output


def test_help_lists_every_command_once_in_its_section():
    from printgen.cli.app import SECTIONS, app

    result = CliRunner().invoke(app, ["--help"])
    assert result.exit_code == 0
    for title in SECTIONS:
        assert f"{title}:" in result.output
    listed = [name for names in SECTIONS.values() for name in names]
    assert len(listed) == len(set(listed))
    import typer.main

    commands = typer.main.get_command(app).commands  # type: ignore[attr-defined]
    registered = {name for name, command in commands.items() if not command.hidden}
    assert registered == set(listed), "every command belongs to exactly one section"


def test_rulesets_list_prints_every_option_whole_in_80_columns() -> None:
    """An option's name is typed as it is shown, so an 80-column terminal shows each whole (issue 23, item 12)."""
    from printgen.rulesets import BUILTIN, load_builtin

    out = CliRunner().invoke(app, ["rulesets", "list"], env={"COLUMNS": "80"}).output
    assert "…" not in out and max(len(line) for line in out.splitlines()) <= 80
    for name in BUILTIN:
        for option in load_builtin(name).options:
            assert option.name in out, option.name


@pytest.mark.parametrize("spec", ["bell", "bell+partnerships"])
def test_an_exported_file_is_a_ruleset_named_for_its_file(tmp_path: Path, spec: str) -> None:
    """Issue 23, item 11: an unedited `export bell -o mine.toml` was named bell, so the README's next step, `web
    --ruleset mine.toml`, was refused for two rulesets named bell."""
    path = tmp_path / "mine.toml"
    assert run("rulesets", "export", spec, "-o", str(path)).exit_code == 0
    assert "beans under mine: exact odds" in run("cast", "--odds", "-r", str(path)).output
    stdout = run("rulesets", "export", spec).output  # to stdout no file name is known: the name is kept
    assert path.read_text("utf-8") == stdout.replace('name = "bell"', 'name = "mine"', 1)


def test_rulesets_show_calls_the_counters_by_the_rulesets_word() -> None:
    """Issue 23, item 8: "Items: 20 chips" named one thing two ways; each ruleset's word is used alone."""
    for name, word in (("bell", "Chips"), ("gatigo", "Goods"), ("neeley", "Assets")):
        out = run("rulesets", "show", name).output
        assert f"\n{word}: " in out and "Items:" not in out, name
