"""A `patolli play` save is input wherever a record or a position is: replay reads its record, and advise and
position read its current position (issue 23, item 1)."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest
from helpers import CliRunner, one_error_line

from printgen.cli.app import app
from printgen.engine import notation
from printgen.play.session import Session
from printgen.ruleset_files import load_ruleset
from printgen.rulesets.export import export_toml

README = Path(__file__).resolve().parents[1] / "README.md"
runner = CliRunner()
TURNS = "cast\nbest\n"  # cast for me, then play the advisor's move
RULESET = "gatigo-short.toml"


def cli(*args: str, script: str = ""):
    return runner.invoke(app, list(args), input=script)



def session(path: Path) -> Session:
    """Returns the session saved at path, read as `patolli play --resume` reads it."""
    return Session.read(path, lambda e, r: None)


def short_toml() -> str:
    """Returns gatigo whose players start with three items, so the save's ruleset is not a built-in one."""
    base = load_ruleset("gatigo")
    return export_toml(base).replace(f"starting_items = {base.economy.starting_items}", "starting_items = 3")


def by_hand(save: Path, *args: str) -> str:
    """Returns the output of a command given the save's current position on standard input, with the ruleset
    file the position names put back for the while."""
    ruleset = save.parent / RULESET
    ruleset.write_text(short_toml())
    try:
        result = cli(*args, script=notation.dumps(session(save).position))
    finally:
        ruleset.unlink()
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture(scope="module")
def save(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A save of a few turns of a game whose ruleset file is gone: only the ruleset the save holds can read it."""
    folder = tmp_path_factory.mktemp("saves")
    ruleset = folder / RULESET
    ruleset.write_text(short_toml())
    path = folder / "game.json"
    result = cli("play", "--ruleset", str(ruleset), "--save", str(path), "--seed", "1", script=TURNS * 5 + "quit\n")
    assert result.exit_code == 0, result.output
    ruleset.unlink()  # a record read by its spec would look for this file
    assert len(session(path).record.turns) >= 5
    return path


def test_replay_reads_a_save_and_plays_its_turns(save: Path) -> None:
    record = session(save).record
    result = cli("replay", str(save))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert f"{len(record.turns)} turns" in lines[0]
    for i, turn in enumerate(record.turns, 1):
        assert any(line.lstrip().startswith(f"{i}. ") and f" {turn.move}: " in line for line in lines), (i, turn)
    assert lines[-1] == notation.to_compact(record.final())
    as_json = cli("replay", str(save), "--json")
    assert as_json.exit_code == 0, as_json.output
    assert json.loads(as_json.output) == notation.to_json(record.final())


def test_position_commands_read_a_saves_current_position(save: Path) -> None:
    pos = session(save).position
    shown = cli("position", "show", str(save))
    assert shown.exit_code == 0, shown.output
    assert shown.output == by_hand(save, "position", "show", "-")
    moves = cli("position", "moves", str(save), "--cast", "2", "--json")
    assert moves.exit_code == 0, moves.output
    assert json.loads(moves.output) == [str(m) for m in pos.legal_moves(2)]


def test_advise_reads_a_saves_current_position(save: Path) -> None:
    from_save = cli("advise", str(save), "--cast", "2", "--level", "0", "--json")
    assert from_save.exit_code == 0, from_save.output
    by_hand_advice = json.loads(by_hand(save, "advise", "-", "--cast", "2", "--level", "0", "--json"))
    advice = json.loads(from_save.output)
    del advice["seconds"], by_hand_advice["seconds"]  # the time taken, which differs from run to run
    assert advice == by_hand_advice


def test_a_record_stands_for_its_final_position(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    assert cli("play", "--ruleset", "gatigo", "--save", str(save), "--seed", "2",
               script=TURNS * 3 + "quit\n").exit_code == 0
    record = tmp_path / "record.json"
    record.write_text(json.dumps(session(save).record.to_json()))
    shown = cli("position", "show", str(record))
    assert shown.exit_code == 0, shown.output
    assert shown.output == cli("position", "show", "-", script=notation.dumps(session(save).position)).output


@pytest.mark.parametrize("command", [["replay", "{}"], ["position", "show", "{}"], ["advise", "{}", "--cast", "1"]],
                         ids=["replay", "position", "advise"])
@pytest.mark.parametrize("data", [{"format": "patolli-game"}, {"turns": []}, ["patolli-record"]],
                         ids=["other format", "no format", "a list"])
def test_a_file_that_is_neither_is_one_line_naming_both_formats(tmp_path: Path, command: list[str], data) -> None:
    path = tmp_path / "other.json"
    path.write_text(json.dumps(data))
    line = one_error_line(cli(*(arg.format(path) for arg in command)))
    if command[0] == "replay" or isinstance(data, dict):  # a list is not JSON to a POSITION: not a "{"
        assert line.startswith(f"error: {path}: "), line
        assert '"patolli-record"' in line and '"patolli-session"' in line, line


def test_a_broken_save_names_the_file_and_key(save: Path, tmp_path: Path) -> None:
    data = json.loads(save.read_text())
    data["record"]["turns"][0]["move"] = "fly"
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data))
    for args in (["replay", str(path)], ["position", "show", str(path)], ["advise", str(path), "--cast", "1"]):
        line = one_error_line(cli(*args))
        assert line.startswith(f"error: {path}: \"record\": turn 1") and "fly" in line, line
    data = json.loads(save.read_text())
    del data["ruleset"]
    path.write_text(json.dumps(data))
    assert 'lacks the key "ruleset"' in one_error_line(cli("replay", str(path)))


def test_the_readme_replays_the_save_its_play_example_writes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The README saves with `patolli play ... --save bell.json` and replays bell.json: run them as written."""
    lines = [line.split("  #")[0].strip() for line in README.read_text(encoding="utf-8").splitlines()]
    play = next(line for line in lines if line.startswith("patolli play ") and "--save bell.json" in line)
    replays = [line for line in lines if line.startswith("patolli replay bell.json")]
    assert len(replays) == 2
    monkeypatch.chdir(tmp_path)
    made = cli(*shlex.split(play)[1:], "--seed", "4", script=TURNS * 2 + "quit\n")
    assert made.exit_code == 0, made.output
    final = session(tmp_path / "bell.json").position
    for line in replays:
        result = cli(*shlex.split(line)[1:])
        assert result.exit_code == 0, (line, result.output)
        assert notation.to_compact(final) in result.output or json.loads(result.output) == notation.to_json(final)


def test_one_limit_for_a_contest_wherever_it_is_read(tmp_path: Path) -> None:
    """A long contest's save (here padded past 1 MB) is read by replay, position and advise alike, and a file over
    the one limit (inputs.CONTEST_LIMIT) is refused by each alike."""
    from printgen.inputs import CONTEST_LIMIT

    save = tmp_path / "game.json"
    with Session.new(load_ruleset("gatigo"), 1, "advisor:0", 5, save, False, lambda e, r: None) as s:
        for _ in range(6):
            s.handle("best" if s.pending is not None else "cast", type("Quiet", (), {
                "say": lambda self, t: None, "board": lambda self, p, m=None: None})())
    data = json.loads(save.read_text())
    long = tmp_path / "long.json"
    long.write_text(json.dumps(data, indent=1) + " " * 2_000_000)  # more than the old position limit of 1 MB
    for args in (["replay", str(long), "--json"], ["position", "show", str(long)],
                 ["advise", str(long), "--json", "--level", "0", "--cast", "1"]):
        result = cli(*args)
        assert result.exit_code == 0, (args, result.output)
    huge = tmp_path / "huge.json"
    huge.write_text(json.dumps(data) + " " * CONTEST_LIMIT)
    for args in (["replay", str(huge)], ["position", "show", str(huge)], ["advise", str(huge), "--cast", "1"]):
        assert f"at most {CONTEST_LIMIT:,} bytes" in one_error_line(cli(*args))  # the same limit in every command
