"""Saves and records: one session per save, the ruleset kept inside, every corrupt field one line, Ctrl-C saves."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import CliRunner, interruptible, one_error_line

from printgen.cli.app import app
from printgen.cli.narrate import describe
from printgen.engine.record import Record
from printgen.files import FileBusyError
from printgen.play.session import Session
from printgen.ruleset_files import load_ruleset
from printgen.rulesets.export import export_toml

runner = CliRunner()


def cli(*args: str, script: str = ""):
    return runner.invoke(app, list(args), input=script)



@pytest.fixture(scope="module")
def valid_save(tmp_path_factory) -> dict:
    """A real save a few turns into a contest."""
    path = tmp_path_factory.mktemp("save") / "game.json"
    with Session.new(load_ruleset("gatigo"), 1, "advisor:1", 8, path, False, describe) as session:
        out = Quiet()
        while len(session.record.turns) < 6:
            session.handle("cast" if session.pending is None else "best", out)
    return json.loads(path.read_text())


class Quiet:
    def say(self, text: str) -> None:
        pass

    def board(self, pos, marks=None) -> None:
        pass


# ---- one session per save ----

def test_a_second_session_on_a_save_is_refused_while_the_first_holds_it(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    first = Session.new(load_ruleset("gatigo"), 1, "advisor:1", 3, path, False, describe)
    with pytest.raises(FileBusyError, match=rf"game\.json is in use by another patolli play session "
                                            rf"\(process {os.getpid()}\)"):
        Session.load(path, describe)
    with pytest.raises(FileBusyError):
        Session.new(load_ruleset("gatigo"), 1, "advisor:1", 3, path, True, describe)  # not even with force
    first.close()
    Session.load(path, describe).close()


HOLD = """
import sys, time
from printgen.cli.narrate import describe
from printgen.play.session import Session
session = Session.load(sys.argv[1], describe)
print("held", flush=True)
time.sleep(60)
"""


def test_play_on_a_save_another_process_plays_gets_one_line(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    Session.new(load_ruleset("gatigo"), 1, "advisor:1", 3, path, False, describe).close()
    before = path.read_bytes()
    proc = subprocess.Popen([sys.executable, "-c", HOLD, str(path)], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
        line = one_error_line(cli("play", "--resume", str(path), script="cast\nquit\n"))
        assert f"in use by another patolli play session (process {proc.pid})" in line
        one_error_line(cli("play", "--save", str(path), "--force", script="quit\n"))
    finally:
        proc.kill()
        proc.wait()
    assert path.read_bytes() == before
    assert cli("play", "--resume", str(path), script="quit\n").exit_code == 0  # kill -9 left no stale lock


def test_a_second_plain_play_suggests_resume_not_force(tmp_path: Path) -> None:
    path = tmp_path / "my game.json"
    assert cli("play", "--save", str(path), "--seed", "3", script="quit\n").exit_code == 0
    line = one_error_line(cli("play", "--save", str(path), script="quit\n"))
    assert f"continue it with `patolli play --resume '{path}'`" in line
    assert line.index("--resume") < line.index("--force") and "discards it" in line


# ---- the ruleset travels with the save ----

def short_ruleset(folder: Path, name: str = "short.toml") -> Path:
    rs = load_ruleset("gatigo")
    text = export_toml(rs).replace(f"starting_items = {rs.economy.starting_items}", "starting_items = 3")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text)
    return folder / name


def test_resume_from_another_folder_after_the_ruleset_file_is_gone(tmp_path: Path, monkeypatch) -> None:
    rules = short_ruleset(tmp_path / "my rules")  # a space in the folder's name
    monkeypatch.chdir(rules.parent)
    result = cli("play", "--ruleset", "short.toml", "--save", "game.json", "--seed", "4", script="cast\nbest\nquit\n")
    assert result.exit_code == 0, result.output
    save = rules.parent / "game.json"
    kept = json.loads(save.read_text())
    assert kept["version"] == 2 and kept["ruleset"]["origin"] == str(rules)
    assert kept["record"]["start"]["ruleset"] == str(rules)  # the record names it absolutely too
    rules.unlink()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    result = cli("play", "--resume", str(save), script="cast\nbest\nquit\n")
    assert result.exit_code == 0, result.output
    assert f"resuming {save}: {rules}, turn {len(kept['record']['turns'])}" in result.output
    session = Session.load(save, describe)
    assert session.position.ruleset.economy.starting_items == 3
    assert len(session.record.turns) > len(kept["record"]["turns"])
    session.close()


def test_a_ruleset_with_an_option_resumes_as_it_was_played(tmp_path: Path) -> None:
    rs = load_ruleset("ocastudios+empty_start")
    path = tmp_path / "game.json"
    Session.new(rs, 1, "random", 2, path, False, describe).close()
    kept = json.loads(path.read_text())["ruleset"]
    assert kept["origin"] == "ocastudios" and kept["options"] == ["empty_start"]
    session = Session.load(path, describe)
    assert session.position.ruleset == rs and session.position.ruleset.spec == "ocastudios+empty_start"
    session.close()


def test_a_version_1_save_still_resumes(tmp_path: Path, valid_save: dict) -> None:
    old = {k: v for k, v in valid_save.items() if k != "ruleset"} | {"version": 1}
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old))
    session = Session.load(path, describe)
    assert len(session.record.turns) == len(valid_save["record"]["turns"])
    session.close()


# ---- symlinks and leftovers ----

def test_resume_through_a_symlinked_save_keeps_the_link(tmp_path: Path, valid_save: dict) -> None:
    (tmp_path / "saves").mkdir()
    real = tmp_path / "saves" / "real.json"
    real.write_text(json.dumps(valid_save))
    link = tmp_path / "game.json"
    link.symlink_to(real)
    result = cli("play", "--resume", str(link), script="cast\nbest\nquit\n")
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert len(json.loads(real.read_text())["record"]["turns"]) > len(valid_save["record"]["turns"])


def test_temporary_files_left_by_a_killed_session_are_cleaned_on_resume(tmp_path: Path, valid_save: dict) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(valid_save))
    left = [tmp_path / f".game.json.{c * 8}.tmp" for c in "abc"]
    for p in left:
        p.write_text('{"half')  # fresh: only the session's lock shows nobody is writing them
    assert cli("play", "--resume", str(path), script="quit\n").exit_code == 0
    assert sorted(os.listdir(tmp_path)) == ["game.json"]


# ---- corrupt saves ----

def _turn0(d: dict, key: str, value) -> None:
    d["record"]["turns"][0][key] = value


CORRUPT_SAVES = [
    ("marks 1.5", lambda d: _turn0(d, "marks", 1.5), '"record": turn 1: "marks" must be a whole number from 0 to 4'),
    ("marks true", lambda d: _turn0(d, "marks", True), 'turn 1: "marks" must be a whole number from 0 to 4 '
                                                       "(or null), not true"),
    ("marks 6", lambda d: _turn0(d, "marks", 5), 'turn 1: "marks" must be a whole number from 0 to 4'),
    ("marks null", lambda d: _turn0(d, "marks", None), 'turn 1: "marks" is null, but this turn needs a cast'),
    ("move 5", lambda d: _turn0(d, "move", 5), 'turn 1: "move" must be text'),
    ("move missing", lambda d: d["record"]["turns"][0].pop("move"), 'turn 1 lacks the key "move"'),
    ("turn extra key", lambda d: _turn0(d, "mark", 1), 'turn 1 has an unknown key "mark"'),
    ("turns not a list", lambda d: d["record"].update(turns={}), '"turns" must be a list of turns, not an object'),
    ("no start", lambda d: d["record"].pop("start"), 'lacks the key "start"'),
    ("computers list", lambda d: d.update(computers=[1]), '"computers" must be an object'),
    ("computers number", lambda d: d.update(computers={"B": 1}), '"computers"."B" must be a player\'s name'),
    ("computers unknown", lambda d: d.update(computers={"B": "nobody"}), '"computers"."B": unknown player'),
    ("computers seats", lambda d: d.update(computers={"B": "random", "C": "random"}),
     '"computers" must name the players of seats B'),
    ("seed text", lambda d: d.update(seed="7"), '"seed" must be a whole number'),
    ("seed bool", lambda d: d.update(seed=False), '"seed" must be a whole number'),
    ("level", lambda d: d.update(level=99), '"level" must be a whole number from 0 to 6, not 99'),
    ("level float", lambda d: d.update(level=1.0), '"level" must be a whole number from 0 to 6, not 1.0'),
    ("helper_casts", lambda d: d.update(helper_casts=-1), '"helper_casts" must be a whole number of at least 0'),
    ("pending text", lambda d: d.update(pending_cast="2"), '"pending_cast" must be a whole number from 0 to 4'),
    ("missing seed", lambda d: d.pop("seed"), 'lacks the key "seed"'),
    ("unknown key", lambda d: d.update(seeds=1), 'unknown key "seeds"'),
    ("human", lambda d: d.update(human="B"), '"human" must be "A"'),
    ("version", lambda d: d.update(version=4), "saved-game version 4 is not supported"),
    ("version true", lambda d: d.update(version=True), "saved-game version true is not supported"),
    ("format", lambda d: d.update(format="chess"), '"format" must be "patolli-session"'),
    ("ruleset toml", lambda d: d["ruleset"].update(toml="[board\n"), '"ruleset"."toml": not valid TOML'),
    ("ruleset not object", lambda d: d.update(ruleset="gatigo"), '"ruleset" must be an object'),
    ("ruleset options", lambda d: d["ruleset"].update(options="x"), '"ruleset"."options" must be a list'),
]


def _spoiled(path: Path, valid: dict, spoil) -> Path:
    """Writes a copy of valid JSON data, spoiled in place, to path."""
    data = json.loads(json.dumps(valid))
    spoil(data)
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("name,spoil,words", CORRUPT_SAVES, ids=[c[0] for c in CORRUPT_SAVES])
def test_each_corrupt_save_gets_one_line_naming_the_file_and_key(tmp_path: Path, valid_save: dict, name, spoil,
                                                                 words) -> None:
    path = _spoiled(tmp_path / "game.json", valid_save, spoil)
    data = json.loads(path.read_text())
    line = one_error_line(cli("play", "--resume", str(path), script="quit\n"))
    assert line.startswith(f"error: {path}: ") and words in line, line
    assert json.loads(path.read_text()) == data  # a refused save is left as it was
    assert os.listdir(tmp_path) == ["game.json"]  # and no lock file stays


@pytest.mark.parametrize("constant", ["Infinity", "-Infinity", "NaN"])
def test_infinity_and_nan_in_a_save_are_refused(tmp_path: Path, valid_save: dict, constant: str) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(valid_save).replace('"pending_cast": null', f'"pending_cast": {constant}'))
    line = one_error_line(cli("play", "--resume", str(path), script="quit\n"))
    assert line == f"error: {path}: not usable JSON: {constant} is not a number JSON allows"


def test_a_pending_cast_when_it_is_not_my_turn_is_refused(tmp_path: Path, valid_save: dict) -> None:
    data = json.loads(json.dumps(valid_save))
    data["record"]["turns"] = []  # the start: the opening throws, seat A first
    data["pending_cast"] = 1
    data["computers"] = {"B": "random"}
    record = Record.from_json(data["record"])
    assert record.final().to_move == 0  # A to throw: a pending cast is fine here
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    Session.load(path, describe).close()
    data["record"]["turns"] = valid_save["record"]["turns"][:1]  # B to throw now
    path.write_text(json.dumps(data))
    assert Record.from_json(data["record"]).final().to_move == 1
    assert '"pending_cast" must be null: it is not your turn' in one_error_line(
        cli("play", "--resume", str(path), script="quit\n"))


def test_saves_that_are_not_files_or_too_big_are_refused_before_reading(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    assert "is a FIFO (named pipe), not a saved game file" in one_error_line(cli("play", "--resume", str(fifo)))
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as fh:
        fh.truncate(2 * 1024**3)
    assert "a saved game is at most 8 MB" in one_error_line(cli("play", "--resume", str(huge)))
    assert one_error_line(cli("play", "--resume", str(tmp_path / "none.json"))) == \
        f"error: {tmp_path / 'none.json'}: no such saved game"
    assert not (tmp_path / "none.json").exists() and not (tmp_path / ".none.json.lock").exists()


# ---- corrupt records for replay ----

@pytest.fixture(scope="module")
def valid_record(valid_save: dict) -> dict:
    return valid_save["record"]


CORRUPT_RECORDS = [
    ("marks 1.5", lambda d: d["turns"][0].update(marks=1.5), 'turn 1: "marks" must be a whole number from 0 to 4 '
                                                             "(or null), not 1.5"),
    ("marks -1", lambda d: d["turns"][0].update(marks=-1), 'turn 1: "marks" must be a whole number'),
    ("marks list", lambda d: d["turns"][0].update(marks=[1]), 'turn 1: "marks" must be a whole number from 0 to '
                                                             "4 (or null), not a list"),
    ("turn not object", lambda d: d["turns"].__setitem__(0, "E1"), "turn 1 must be an object"),
    ("move garbage", lambda d: d["turns"][0].update(move="fly"), "turn 1: \"move\": cannot read move 'fly'"),
    ("move illegal", lambda d: d["turns"][0].update(move="E9"), "turn 1: E9 is not legal"),
    ("no start", lambda d: d.pop("start"), 'the record lacks the key "start"'),
    ("version", lambda d: d.update(version="1"), "record version '1' is not supported"),
]


@pytest.mark.parametrize("name,spoil,words", CORRUPT_RECORDS, ids=[c[0] for c in CORRUPT_RECORDS])
def test_each_corrupt_record_gets_one_line_naming_the_file_and_key(tmp_path: Path, valid_record: dict, name, spoil,
                                                                   words) -> None:
    path = _spoiled(tmp_path / "record.json", valid_record, spoil)
    line = one_error_line(cli("replay", str(path)))
    assert line.startswith(f"error: {path}: ") and words in line, line


def test_replay_refuses_devices_and_infinity(tmp_path: Path, valid_record: dict) -> None:
    assert "/dev/zero is a character device, not a game record file" in one_error_line(cli("replay", "/dev/zero"))
    path = tmp_path / "record.json"
    path.write_text(json.dumps(valid_record).replace('"marks": 1', '"marks": Infinity', 1))
    assert "Infinity is not a number JSON allows" in one_error_line(cli("replay", str(path)))


# ---- Ctrl-C ----

@pytest.mark.slow
def test_ctrl_c_saves_says_how_to_go_on_and_exits_130(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "printgen", "play", "-r", "gatigo", "--seed", "10", "--computer",
                             "advisor:1", "--save", str(save)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env, preexec_fn=interruptible)
    assert proc.stdin is not None
    proc.stdin.write(b"cast\n")  # seed 10: this cast can move, so it waits for the move
    proc.stdin.flush()
    deadline = time.time() + 120
    while time.time() < deadline:
        if save.exists() and json.loads(save.read_text())["pending_cast"] is not None:
            break
        time.sleep(0.1)
    assert json.loads(save.read_text())["pending_cast"] is not None
    time.sleep(0.3)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err.decode()
    assert f"interrupted: saved to {save}; continue with: patolli play --resume {save}" in out.decode()
    assert b"Traceback" not in err and b"Traceback" not in out
    assert json.loads(save.read_text())["pending_cast"] is not None  # the cast typed is kept
    assert sorted(os.listdir(tmp_path)) == ["game.json"]
    assert cli("play", "--resume", str(save), script="best\nquit\n").exit_code == 0


# ---- output folders are checked before the long work ----

def test_tournament_into_an_unusable_folder_fails_before_playing(tmp_path: Path, monkeypatch) -> None:

    def never(*args, **kwargs):
        raise AssertionError("the tournament was played before the folder was checked")

    monkeypatch.setattr("printgen.players.lab.tournament.run_tournament", never)
    (tmp_path / "file").write_text("x")
    line = one_error_line(cli("lab", "tournament", "--out", str(tmp_path / "file" / "out"), "-n", "1"))
    assert str(tmp_path / "file") in line and "is a file" in line
    line = one_error_line(cli("lab", "tournament", "--out", str(tmp_path / "file"), "-n", "1"))
    assert "is a file" in line
    monkeypatch.setattr("printgen.files.os.access", lambda *a, **k: False)
    line = one_error_line(cli("lab", "tournament", "--out", str(tmp_path / "t"), "-n", "1"))
    assert line == f"error: cannot write into {tmp_path / 't'}: permission denied (at {tmp_path})"


@pytest.mark.parametrize("command", [["board"], ["pieces"], ["beans"], ["cards"], ["calibrate"], ["kit"],
                                     ["rules"]])
def test_print_commands_check_the_folder_before_drawing(tmp_path: Path, monkeypatch, command: list[str]) -> None:
    import printgen.render.kit as kit
    import printgen.render.prints as prints

    def never(*args, **kwargs):
        raise AssertionError("drew before the folder was checked")

    for name in ("board_pages", "board_preview", "pieces_pages", "bean_pages", "card_pages", "calibration_pages"):
        monkeypatch.setattr(prints, name, never)
    monkeypatch.setattr(kit, "build_kit", never)
    monkeypatch.setattr("printgen.render.booklet.booklet_pages", never)
    monkeypatch.setattr("printgen.files.os.access", lambda *a, **k: False)
    line = one_error_line(cli(*command, "-o", str(tmp_path / "out")))
    assert line == f"error: cannot write into {tmp_path / 'out'}: permission denied (at {tmp_path})"


def test_a_write_that_fails_midway_names_the_file(tmp_path: Path, monkeypatch) -> None:
    import errno

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("printgen.files.os.fsync", full)
    line = one_error_line(cli("board", "-o", str(tmp_path), "-f", "svg"))
    assert line.startswith(f"error: cannot write {tmp_path}/") and line.endswith(": no space left on the device")
    assert not [n for n in os.listdir(tmp_path) if n.endswith(".tmp")]
