"""Every root cause the fuzzing found, pinned: bad input gets one line naming the fault, never a traceback."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import tomllib
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from helpers import interruptible
from typer.testing import CliRunner

from printgen.cli.app import app
from printgen.engine.beans import Beans
from printgen.engine.moves import Move
from printgen.engine.notation import from_compact, from_json, to_json
from printgen.errors import NotationError, PatolliError, PositionError, RulesetError
from printgen.files import read_user_text
from printgen.inputs import CONTEST_LIMIT, is_whole_number, whole_number
from printgen.players.roster import fit as calibration
from printgen.ruleset_files import load_ruleset
from printgen.rulesets import parse_ruleset
from printgen.rulesets.export import export_toml
from printgen.rulesets.load import builtin_text

runner = CliRunner()
START = "gatigo/2 g1 move A starter=A last=- pool=0 offering=0 | A 20 cw h,h,h,h,h | B 20 cw h,h,h,h,h"
MIDGAME = "gatigo/2 g1 move A starter=A last=- pool=0 offering=0 | A 23 cw 30,21,7,3,h | B 17 cw 45,29,h,h,h"


def run(*args: str, input: str | None = None):  # noqa: A002
    return runner.invoke(app, list(args), input=input)


def one_error_line(result, words: str) -> None:
    """Asserts the command failed with exit code 2 and one `error:` line containing words."""
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0], result.output


def bell_data() -> dict:
    return tomllib.loads(builtin_text("bell"))


# ---- whole numbers: ASCII digits only, bounded ----

@pytest.mark.parametrize("text", ["²", "٣", "1²", "¹²", "", " 1", "-1", "1.0", "٣٣"])
def test_only_ascii_digits_are_whole_numbers(text: str) -> None:
    assert not is_whole_number(text)
    with pytest.raises(PatolliError, match="must be a whole number"):
        whole_number(text, "pool")


def test_whole_numbers_are_bounded_before_they_are_converted() -> None:
    assert whole_number("0007", "x") == 7
    with pytest.raises(PatolliError, match="x must be at most 1000000000"):
        whole_number("9" * 5000, "x")  # int() itself refuses more than 4300 digits
    with pytest.raises(PatolliError, match="at most 10"):
        whole_number("11", "x", hi=10)


@pytest.mark.parametrize("cast", ["²", "٣", "1²", "9" * 5000], ids=["sup2", "arabic3", "1sup2", "5000 digits"])
def test_cast_with_unicode_or_endless_digits_is_refused(cast: str) -> None:
    with pytest.raises(NotationError):
        Beans(load_ruleset("gatigo").beans).marks_for_text(cast)
    one_error_line(run("position", "moves", START, "--cast", cast), "cast")


@pytest.mark.parametrize("move", ["²-3", "E²", "bet²", "1-" + "9" * 5000, "e" + "9" * 20],
                         ids=["sup2", "enter sup2", "bet sup2", "5000 digits", "20 digits"])
def test_move_with_unicode_or_endless_digits_is_refused(move: str) -> None:
    with pytest.raises(NotationError):
        Move.parse(move)


def test_arabic_indic_digits_are_not_cells() -> None:
    with pytest.raises(NotationError, match="cannot read move"):
        Move.parse("٣-٤")


@pytest.mark.parametrize("old, new, words", [
    ("pool=0", "pool=²", "pool must be a whole number"),
    ("pool=0", "pool=" + "9" * 30, "pool must be at most"),
    ("g1", "g٣", "the game number must be a whole number"),
    ("A 20 cw", "A ² cw", "seat 1 items must be a whole number"),
    ("h,h,h,h,h | B", "h,h,h,h,²¹ | B", "a piece must be a whole number"),
    ("gatigo/2", "gatigo/²", "the number of players"),
])
def test_one_line_numbers_name_their_field(old: str, new: str, words: str) -> None:
    one_error_line(run("position", "show", START.replace(old, new, 1)), words)


# ---- positions: ranges, seats, types ----

def test_a_fifth_seat_is_refused() -> None:
    text = START + " | C 0 cw h,h,h,h,h | D 0 cw h,h,h,h,h | E 0 cw h,h,h,h,h"
    with pytest.raises(NotationError, match="at most 4 seats, got 5"):
        from_compact(text)


def test_a_bankrupt_seat_reads_letter_out_items() -> None:
    with pytest.raises(NotationError, match="a bankrupt seat reads"):
        from_compact(START.replace("| B 20 cw h,h,h,h,h", "| B out 0 extra"))


@pytest.mark.parametrize("field, value, words", [
    ("pool", 2**63, "pool must be from 0 to 1000000000"),
    ("offering", 2**64 + 5, "offering must be from 0"),
    ("game", 2**63, "game must be from 0"),
    ("pool", -4, "pool must be from 0"),
    ("pool", 10**5000, "a number of about 5001 digits"),
    ("players", "2", "players must be a whole number"),
], ids=["pool", "offering", "game", "negative", "5000 digits", "players"])
def test_json_numbers_are_range_checked_by_name(field: str, value: object, words: str) -> None:
    data = to_json(from_compact(START))
    data[field] = value
    with pytest.raises(NotationError, match=words):
        from_json(data)


@pytest.mark.parametrize("change, words", [
    ({"holdings": 2**63}, "seats\\[0\\].holdings must be from 0"),
    ({"pieces": [2**70, "h", "h", "h", "h"]}, "seats\\[0\\].pieces must be from 0"),
    ({"pieces": ["hand?", "h", "h", "h", "h"]}, "a piece is"),
    ({"pieces": "hhhhh"}, "pieces must be a list"),
    ({"bankrupt": "no"}, "bankrupt must be true or false"),
])
def test_json_seat_fields_are_checked_by_name(change: dict, words: str) -> None:
    data = to_json(from_compact(START))
    data["seats"][0].update(change)
    with pytest.raises(NotationError, match=words):
        from_json(data)


def test_json_seats_must_be_objects_and_at_most_four() -> None:
    data = to_json(from_compact(START))
    with pytest.raises(NotationError, match="seats\\[1\\] must be a JSON object"):
        from_json({**data, "seats": [data["seats"][0], 5]})
    with pytest.raises(NotationError, match="at most 4 seats"):
        from_json({**data, "seats": data["seats"] * 3})


def test_an_opening_throw_must_be_a_score_of_the_beans() -> None:
    text = ("bell/2 g1 opening B starter=- last=- pool=4 offering=0 | A 18 ? h,h,h,h,h,h throw=7 "
            "| B 18 ? h,h,h,h,h,h throw=?")
    with pytest.raises(PositionError, match="an opening throw of 7 is not a score"):
        from_compact(text)
    assert from_compact(text.replace("throw=7", "throw=10")).opening_throw(0) == 10


def test_json_and_toml_nested_too_deep_or_too_long_are_refused(tmp_path: Path) -> None:
    one_error_line(run("position", "show", "{" + '"a":[' * 100000), "not")
    one_error_line(run("position", "show", '{"pool": ' + "9" * 5000 + "}"),
                   "not usable JSON: a number of thousands of digits")
    deep = tmp_path / "deep.toml"
    deep.write_text("a = " + "[" * 100000, "utf-8")
    one_error_line(run("rulesets", "show", str(deep)), "deep.toml")
    digits = tmp_path / "digits.toml"
    digits.write_text("[board]\narm_length = " + "9" * 5000 + "\n", "utf-8")
    one_error_line(run("rulesets", "show", str(digits)),
                   "digits.toml: not valid TOML: a number of thousands of digits")  # not Python's advice


def test_an_impossibly_long_file_name_is_no_position() -> None:
    one_error_line(run("position", "show", "x" * 5000 + ".json"), "no such position file")


# ---- rulesets: tables of the right kind, options checked when loaded ----

@pytest.mark.parametrize("options, words", [
    ([], "[options] must be a table of named options"),
    ({"x": {"description": "d", "changes": 5}}, "[options.x] changes: must be a table"),
    ({"x": {"description": "d", "changes": {"board": 4}}}, "[options.x] changes: unknown key 'board'"),
    ({"x": {"description": "d", "changes": {"options.y": 4}}}, "unknown key 'options.y'"),
    ({"x": {"description": "d", "changes": {"economy.stake": 500}}}, "(with the option 'x')"),
])
def test_options_are_checked_when_the_file_is_loaded(options: object, words: str) -> None:
    data = bell_data()
    data["options"] = options
    with pytest.raises(RulesetError) as exc:
        parse_ruleset(data, "mine.toml")
    assert words in str(exc.value)


def test_an_option_may_not_change_a_table_into_a_value() -> None:
    data = bell_data()
    data["board"] = 5
    with pytest.raises(RulesetError, match="\\[board\\] must be a table"):
        parse_ruleset(data, "mine.toml")


def test_options_setting_lists_and_tables_keep_the_ruleset_hashable_and_exportable() -> None:
    data = bell_data()
    data["options"]["toll"] = {"description": "d", "changes": {
        "board.wedge_depths": [3], "payments.wedge": {"amount": 3, "from": "mover", "to": "pool"}}}
    rs = parse_ruleset(data, "mine.toml", origin="mine.toml")
    assert isinstance(hash(rs), int)
    again = parse_ruleset(tomllib.loads(export_toml(rs)), "again.toml", options=("toll",))
    assert again.board.wedge_depths == (3,) and again.payments.wedge.amount == 3


@pytest.mark.parametrize("changes, words", [
    ({"beans.mark_probability": "99/100"}, "[entry] scores: a piece enters on [1], which these beans cast once in "
                                           "20,202,020 casts"),
    ({"beans.mark_probability": "1/1000"}, "[beans] mark_probability: with 1/1000 a cast scores only once in 200"),
    ({"beans.count": 1, "beans.scores": [1, 1]}, "'highest' needs casts that can differ"),
    ({"economy.stake": 21}, "[economy] stake: 21 is more than a player's 20 starting items"),
    ({"beans.mark_probability": "1/" + "9" * 5000}, "must be a fraction like"),
    ({"beans.mark_probability": "1e-999999999"}, "must be a fraction like"),
])
def test_rulesets_past_the_playable_limits_are_refused_with_the_reason(changes: dict, words: str) -> None:
    data = bell_data()
    for dotted, value in changes.items():
        table, _, key = dotted.partition(".")
        data[table][key] = value
    with pytest.raises(RulesetError) as exc:
        parse_ruleset(data, "mine.toml")
    assert words in str(exc.value)


def test_extreme_but_playable_beans_still_load() -> None:
    data = bell_data()
    data["beans"]["mark_probability"] = "9/10"  # a piece enters once in 2 222 casts: slow, but it ends
    assert parse_ruleset(data, "mine.toml").beans.mark_probability == Fraction(9, 10)


# ---- the evaluation fit on degenerate data ----

def test_the_fit_survives_no_finished_game() -> None:
    X = np.zeros((0, 2, 8))
    w, loss = calibration.fit_game_model(X, np.zeros((0, 2), dtype=np.int64), np.zeros(0, dtype=np.int64))
    assert w.tolist() == [0.0] * 8 and np.isnan(loss)
    w, r2 = calibration.fit_items_model(X, np.zeros((0, 2), dtype=np.int64), np.zeros((0, 2)))
    assert w.tolist() == [0.0] * 17 and r2 == 0.0


def test_ridge_solve_falls_back_to_least_squares_and_refuses_non_finite_data() -> None:
    a = np.array([[1.0, 1.0], [1.0, 1.0]])
    x = calibration.ridge_solve(a, np.array([2.0, 2.0]))
    assert np.allclose(a @ x, [2.0, 2.0])
    assert calibration.ridge_solve(np.array([[np.inf]]), np.array([1.0])).tolist() == [0.0]


def test_the_fit_of_constant_features_is_finite() -> None:
    rng = np.random.default_rng(3)
    X = np.ones((50, 2, 8))
    solvent = np.ones((50, 2), dtype=np.int64)
    w, loss = calibration.fit_game_model(X, solvent, rng.integers(0, 2, 50))
    assert np.isfinite(w).all() and abs(loss - np.log(2)) < 1e-6


# ---- files: type and size checked before reading ----

def test_devices_fifos_and_directories_are_refused_before_reading(tmp_path: Path) -> None:
    with pytest.raises(PatolliError, match="is a character device, not a ruleset file"):
        read_user_text("/dev/zero", "ruleset")
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    with pytest.raises(PatolliError, match=r"is a FIFO \(named pipe\), not a ruleset file"):
        read_user_text(fifo, "ruleset")  # would block for ever if opened for a plain read
    with pytest.raises(PatolliError, match="is a folder, not a position file"):
        read_user_text(tmp_path, "position")
    one_error_line(run("rulesets", "show", str(fifo)), "is a FIFO (named pipe), not a ruleset file")
    one_error_line(run("position", "show", "/dev/zero"), "is a character device, not a position file")


def test_huge_files_are_refused_by_size(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    with open(big, "wb") as f:
        f.truncate(3 * 2**30)  # sparse: three gigabytes on paper, nothing on disk
    one_error_line(run("rulesets", "show", str(big)), "big.toml is 3072 MB; a ruleset is at most 1 MB")
    pos = tmp_path / "big.json"
    pos.write_bytes(b"{" + b" " * CONTEST_LIMIT)  # a position file may hold a contest: the one limit of contests
    one_error_line(run("position", "show", str(pos)),
                   f"big.json is {CONTEST_LIMIT + 1:,} bytes; a position is at most {CONTEST_LIMIT:,} bytes")


def test_text_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    bad = tmp_path / "latin.toml"
    bad.write_bytes("título = 1".encode("latin-1"))
    with pytest.raises(RulesetError, match="not UTF-8 text"):
        load_ruleset(str(bad))


def test_standard_input_is_read_to_a_limit() -> None:
    one_error_line(run("position", "show", "-", input="x" * (CONTEST_LIMIT + 1)),
                   f"standard input: more than {CONTEST_LIMIT}")
    assert run("position", "show", "-", input=START).exit_code == 0


# ---- Ctrl-C ----

def test_the_paused_search_gives_the_same_answer_as_one_call() -> None:
    from printgen.engine import kernel as k
    from printgen.players.roster.eval_tables import eval_tables_for
    from printgen.players.search import plain as search

    pos = from_compact(MIDGAME)
    t, et = pos.tables, eval_tables_for(pos.ruleset, 2)
    answers = []
    for budget in (1, 97, -1):
        sc = search.make_scratch(2, pos.total_items())
        st = pos.array()
        n = k.legal_moves(st, t, 1, sc.moves[0])
        out = np.zeros((n, 3))
        search.analyse(st, t, et, sc, 1, 2, n, out, budget)
        answers.append(out)
    assert np.array_equal(answers[0], answers[2]) and np.array_equal(answers[1], answers[2])


def test_ctrl_c_in_a_command_prints_one_line_and_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    import printgen.players.analysis.advisor as advisor  # advise_cmd imports it when the command runs

    def interrupted(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(advisor, "advise", interrupted)
    result = run("advise", MIDGAME, "--cast", "1")
    assert result.exit_code == 130 and result.output.strip() == "interrupted"


@pytest.mark.slow
def test_sigint_stops_a_deep_search_within_a_second() -> None:
    proc = subprocess.Popen([sys.executable, "-m", "printgen", "advise", MIDGAME, "--cast", "1", "--level", "6"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=Path(__file__).resolve().parents[1], preexec_fn=interruptible)
    time.sleep(4)  # start-up and the first seconds of a search that runs for many more
    start = time.perf_counter()
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130 and err.strip() == "interrupted" and out == ""
    assert time.perf_counter() - start < 1.5  # the search notices within ~50 ms; the rest is interpreter exit


def test_position_json_round_trips_after_the_checks() -> None:
    data = to_json(from_compact(MIDGAME))
    assert to_json(from_json(json.loads(json.dumps(data)))) == data


@pytest.mark.slow
def test_the_fit_paused_every_few_turns_gives_the_same_weights(monkeypatch: pytest.MonkeyPatch) -> None:
    data = bell_data()
    data["beans"]["mark_probability"] = "1/3"
    rs = parse_ruleset(data, "mine.toml", origin="mine.toml")
    whole = calibration.fit(rs, 2, games=15, rounds=0)
    monkeypatch.setattr(calibration, "SAMPLE_BUDGET", 7)
    paused = calibration.fit(rs, 2, games=15, rounds=0)
    assert whole.samples == paused.samples > 0
    assert np.array_equal(whole.w_game, paused.w_game) and np.array_equal(whole.w_items, paused.w_items)


def test_a_json_position_with_a_byte_order_mark_is_read_as_json(tmp_path: Path) -> None:
    """Issue 23, item 12: some editors write a BOM; it was read as the one-line form and refused."""
    from typer.testing import CliRunner

    from printgen.cli.app import app

    runner = CliRunner()
    text = runner.invoke(app, ["position", "new", "-r", "gatigo"]).output
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())
    result = runner.invoke(app, ["position", "moves", str(path), "--cast", "1", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == ["E1"]
    piped = runner.invoke(app, ["position", "moves", "-", "--cast", "1", "--json"], input="\ufeff" + text)
    assert piped.exit_code == 0 and json.loads(piped.stdout) == ["E1"]


def test_a_number_of_thousands_of_digits_gets_no_python_advice(tmp_path: Path) -> None:
    """Issue 23, item 12: Python's own message named sys.set_int_max_str_digits()."""
    from typer.testing import CliRunner

    from printgen.cli.app import app

    path = tmp_path / "big.json"
    path.write_text('{"format": "patolli-position/1", "game": ' + "9" * 5000 + "}")
    result = CliRunner().invoke(app, ["position", "show", str(path)])
    assert result.exit_code == 2
    assert result.stderr.strip() == f"error: {path}: not usable JSON: a number of thousands of digits"


def test_review_says_it_cannot_write_before_the_work(tmp_path: Path, monkeypatch) -> None:
    """Issue 23, item 12: `review -o` into a place it cannot write worked a minute before failing."""
    from typer.testing import CliRunner

    from printgen.cli import review_cmd
    from printgen.cli.app import app

    def no_work(command: str) -> None:
        raise AssertionError("the review began before its output was checked")

    monkeypatch.setattr(review_cmd, "prepare_engine", no_work)
    (tmp_path / "file").write_text("a file, not a folder")
    result = CliRunner().invoke(app, ["review", str(tmp_path / "any.json"), "-o", str(tmp_path / "file" / "r.pdf")])
    assert result.exit_code == 2
    target = tmp_path / "file" / "r.pdf"
    assert result.stderr.strip() == f"error: cannot write {target}: a part of the path is not a folder"


@pytest.mark.parametrize(("argv", "said"), [
    (["advise", "missing.json", "--cast", "2"], "missing.json: no such position file"),
    (["rollout", "missing.json", "--cast", "2"], "missing.json: no such position file"),
    (["position", "show", "games/missing.json"], "games/missing.json: no such position file"),
    (["review", "missing.json"], "missing.json: no such file (the game record to read)"),
])
def test_a_missing_file_is_said_before_the_engine_is_prepared(argv: list[str], said: str, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    prepared: list[str] = []
    for module in ("advise_cmd", "rollout_cmd", "position_cmd", "review_cmd"):
        monkeypatch.setattr(f"printgen.cli.{module}.prepare_engine", prepared.append)
    monkeypatch.chdir(tmp_path)
    result = run(*argv)
    assert result.exit_code == 2 and said in result.output and result.output.count("\n") == 1, result.output
    assert prepared == []  # a minute's preparation is not spent on a file that is not there
