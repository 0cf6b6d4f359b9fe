"""The project's own fuzz suite: mutated rulesets, positions (JSON and one-line), records, saves, casts, moves
and options, run through the commands in-process. Every run ends with exit code 0 or 2, never a traceback,
and an error says what is wrong.

The default run tries a few hundred inputs, derandomised. For a deliberate fuzzing run set PATOLLI_FUZZ to a
multiplier of the examples (say 20); it also runs the slow commands on custom rulesets (the advisor fits
its evaluation, the arena plays) and draws fresh random inputs. With PATOLLI_FUZZ_LOG=path, failures are
appended to that file and the run goes on, so one run counts every root cause instead of stopping at the first:

    PATOLLI_FUZZ=20 PATOLLI_FUZZ_LOG=/tmp/fuzz.log python -m pytest tests/test_fuzz.py -q
"""

from __future__ import annotations

import functools
import json
import os
import random
import re
import tempfile
import tomllib
import traceback
from pathlib import Path
from typing import Any

import pytest
from helpers import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from printgen.cli.app import app
from printgen.engine.beans import Beans
from printgen.engine.notation import to_compact, to_json
from printgen.engine.position import Position
from printgen.engine.record import Record
from printgen.ruleset_files import load_ruleset
from printgen.rulesets import BUILTIN
from printgen.rulesets.load import KEYS, builtin_text

SCALE = int(os.environ.get("PATOLLI_FUZZ", "0") or 0)
LOG = os.environ.get("PATOLLI_FUZZ_LOG")
runner = CliRunner()


def budget(examples: int) -> settings:
    """Returns the hypothesis settings of one fuzz test: `examples` by default, SCALE times as many when fuzzing."""
    return settings(max_examples=examples * max(SCALE, 1), deadline=None, derandomize=not SCALE, database=None,
                    suppress_health_check=list(HealthCheck))


def invoke(*args: str, input: str | None = None) -> None:  # noqa: A002
    """Runs one command and checks it ended well: exit 0, or exit 2 with a message; never a traceback."""
    result = runner.invoke(app, list(args), input=input)
    problem = None
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        tb = "".join(traceback.format_exception(*result.exc_info)[-3:]) if result.exc_info else ""
        problem = f"{type(result.exception).__name__}: {result.exception}\n{tb}"
    elif result.exit_code not in (0, 2):
        problem = f"exit code {result.exit_code}: {result.output[-300:]}"
    elif result.exit_code == 2:
        lines = result.output.strip().splitlines()
        said = [ln for ln in lines if ln.startswith("error: ") and len(ln) > len("error: ") + 5]
        if not said:  # the parser's refusals too are one `error:` line (issue 23, item 9), never click's block
            problem = f"exit code 2 without a one-line message: {result.output[-300:]!r}"
        elif said and len(lines) != 1 and args[0] != "play":
            problem = f"more than one line for an error: {result.output[-300:]!r}"
    if problem is None:
        return
    shown = [a if len(a) < 300 else a[:300] + f"…({len(a)} chars)" for a in args]
    report = f"patolli {shown} input={None if input is None else input[:200]!r}\n{problem}"
    if LOG:
        with open(LOG, "a", encoding="utf-8") as f:
            f.write(report + "\n----\n")
        return
    raise AssertionError(report)


# ---- values a user might write ----

DIGITS = ["0", "1", "7", "10", "²", "٣", "¹⁰", "9" * 30, "9" * 5000, "-1", "1.5", "", " "]
NUMBERS = st.one_of(st.integers(-3, 70), st.sampled_from([2**31, 2**63 - 1, 2**63, 2**64, -(2**63) - 1, 10**30]))
WORDS = st.sampled_from(["", "h", "*", "out", "cw", "ccw", "?", "pass", "bet", "E", "x", "|", "throw=?", "-",
                         "clockwise", "choose", "fixed", "highest", "pool", "mover", "captured", "A", "B", "É"])
SCALARS = st.one_of(NUMBERS, WORDS, st.sampled_from(DIGITS), st.booleans(), st.floats(allow_nan=False),
                    st.text(max_size=8))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(WORDS, inner, max_size=3)), max_leaves=6)
TOKENS = st.one_of(WORDS, st.sampled_from(DIGITS), st.builds(lambda k, v: f"{k}={v}", WORDS, st.sampled_from(DIGITS)),
                   st.text(alphabet="0123456789²٣hx*,|?=-abcgowt ", max_size=6))
CASTS = st.one_of(st.sampled_from(DIGITS), st.text(alphabet="01●○xX.²٣ ", max_size=7))
MOVES = st.one_of(st.text(alphabet="0123456789²٣eE-cwbtpas ", max_size=8),
                  st.builds(lambda a, b: f"{a}-{b}", st.sampled_from(DIGITS), st.sampled_from(DIGITS)),
                  st.builds(lambda a: f"E{a}", st.sampled_from(DIGITS)), st.sampled_from(["pass", "bet1", "bet0"]))


def toml_text(data: dict[str, Any]) -> str:
    """Returns TOML for parsed-TOML-like data (tables of values), enough to write mutated rulesets back."""
    def value(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, (int, float)):
            return repr(v) if v == v and abs(v) != float("inf") else ("nan" if v != v else ("inf" if v > 0 else "-inf"))
        if isinstance(v, str):
            return json.dumps(v)
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        if isinstance(v, dict):
            return "{ " + ", ".join(f"{json.dumps(k)} = {value(x)}" for k, x in v.items()) + " }"
        return json.dumps(str(v))

    lines = [f"{json.dumps(k)} = {value(v)}" for k, v in data.items() if not isinstance(v, dict)]
    for name, table in data.items():
        if isinstance(table, dict):
            lines.append(f"[{json.dumps(name)}]")
            lines += [f"{json.dumps(k)} = {value(v)}" for k, v in table.items()]
    return "\n".join(lines) + "\n"


@st.composite
def ruleset_texts(draw: Any) -> str:
    """Returns the TOML text of a built-in ruleset with a few keys changed, removed or added, or its text garbled."""
    data = tomllib.loads(builtin_text(draw(st.sampled_from(BUILTIN))))
    for _ in range(draw(st.integers(1, 3))):
        table = draw(st.sampled_from([*KEYS, "extra"]))
        keys = KEYS.get(table, ()) or ("x",)
        action = draw(st.sampled_from(["set", "set", "set", "delete", "table"]))
        if action == "table":
            data[table] = draw(VALUES)
        elif isinstance(data.get(table, {}), dict):
            section = data.setdefault(table, {})
            key = draw(st.sampled_from([*keys, "unknown"]))
            if action == "delete":
                section.pop(key, None)
            else:
                section[key] = draw(VALUES)
    text = toml_text(data)
    if draw(st.integers(0, 5)) == 0:  # garble the text itself
        i = draw(st.integers(0, len(text)))
        text = text[:i] + draw(st.text(max_size=5)) + text[i + draw(st.integers(0, 10)):]
    return text


# A built-in ruleset read once per name for drawing positions (a frozen value); the commands still read theirs.
_ruleset = functools.cache(load_ruleset)


@st.composite
def positions(draw: Any) -> Position:
    """Returns a position reached by random play from the start of a built-in ruleset."""
    rs = _ruleset(draw(st.sampled_from([*BUILTIN, "bell+partnerships"])))
    players = draw(st.sampled_from(list(rs.player_counts())))
    pos = Position.new(rs, players)
    rng = random.Random(draw(st.integers(0, 2**32)))
    beans = Beans(rs.beans)
    for _ in range(draw(st.integers(0, 120))):
        if pos.phase.value == "over":
            break
        marks = beans.cast(rng).marks if pos.needs_cast else 0
        pos, _ = pos.play(marks, rng.choice(pos.legal_moves(marks)))
    return pos


def mutate_json(draw: Any, data: Any, depth: int = 0) -> Any:
    """Returns JSON data with one leaf replaced, removed or a list entry added, somewhere inside."""
    if isinstance(data, dict) and data and depth < 4:
        key = draw(st.sampled_from(sorted(data)))
        action = draw(st.sampled_from(["down", "down", "down", "delete", "replace"]))
        if action == "delete":
            return {k: v for k, v in data.items() if k != key}
        if action == "replace":
            return {**data, key: draw(VALUES)}
        return {**data, key: mutate_json(draw, data[key], depth + 1)}
    if isinstance(data, list) and data and depth < 4:
        i = draw(st.integers(0, len(data) - 1))
        action = draw(st.sampled_from(["down", "down", "append", "delete"]))
        if action == "append":
            return [*data, data[i]]
        if action == "delete":
            return data[:i] + data[i + 1:]
        return data[:i] + [mutate_json(draw, data[i], depth + 1)] + data[i + 1:]
    return draw(st.one_of(VALUES, st.none()))


@st.composite
def compact_texts(draw: Any) -> str:
    """Returns the one-line form of a position with a few tokens replaced, dropped or added."""
    tokens = to_compact(draw(positions())).split(" ")
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(0, len(tokens) - 1))
        action = draw(st.sampled_from(["replace", "replace", "delete", "insert", "pieces", "number", "number",
                                       "seat"]))
        if action == "number":  # a number of the line, written strangely or far too large
            numbered = [j for j, tok in enumerate(tokens) if re.search("[0-9]", tok)]
            j = draw(st.sampled_from(numbered)) if numbered else i
            tokens[j] = re.sub("[0-9]+", lambda _: draw(st.sampled_from(DIGITS + [str(2**63), str(2**64)])),
                               tokens[j], count=1)
        elif action == "seat":  # one seat too many
            tokens += ["|", *" | ".join(" ".join(tokens).split(" | ")[-1:]).split(" ")]
        elif action == "replace":
            tokens[i] = draw(TOKENS)
        elif action == "delete" and len(tokens) > 1:
            del tokens[i]
        elif action == "insert":
            tokens.insert(i, draw(TOKENS))
        else:
            tokens[i] = ",".join(draw(st.lists(st.sampled_from(["h", "*", "1", "99", "²", "0", ""]), max_size=13)))
    return " ".join(tokens)


@st.composite
def json_texts(draw: Any) -> str:
    """Returns the JSON form of a position with one value changed, removed or added."""
    return json.dumps(mutate_json(draw, to_json(draw(positions()))))


def _position_commands(text: str, cast: str, move: str, level: str) -> list[list[str]]:
    return [["position", "show", text], ["position", "moves", text, "--cast", cast],
            ["position", "play", text, move, "--cast", cast], ["advise", text, "--cast", cast, "--level", level],
            ["rollout", text, "--cast", cast, "--trials", "2"]]


# ---- the fuzz tests ----

@pytest.mark.slow
@budget(60)
@given(text=ruleset_texts(), option=st.sampled_from(["", "+partnerships", "+x", "+"]))
def test_fuzz_rulesets(text: str, option: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "mine.toml"
        path.write_text(text, "utf-8", errors="surrogatepass")
        spec = str(path) + option
        for args in (["rulesets", "show", spec], ["rulesets", "show", spec, "--json"], ["rulesets", "export", spec],
                     ["cast", "-r", spec, "--odds"], ["cast", "-r", spec, "-n", "3", "--seed", "1"]):
            invoke(*args)
        result = runner.invoke(app, ["position", "new", "-r", spec, "--compact"])
        invoke("position", "new", "-r", spec)
        if result.exit_code != 0:
            return
        start = result.output.strip()
        invoke("position", "moves", start, "--cast", "1")
        if SCALE:  # slow: the advisor fits its evaluation to a custom ruleset, the arena plays it
            invoke("advise", start, "--cast", "1", "--level", "1")
            invoke("lab", "arena", "random", "advisor:0", "-r", spec, "-n", "2", "-w", "1")
            invoke("lab", "bench", "-r", spec, "--seconds", "0.1", "--json")


@pytest.mark.slow
@budget(80)
@given(text=compact_texts(), cast=CASTS, move=MOVES, level=st.sampled_from(["0", "1"]))
def test_fuzz_one_line_positions(text: str, cast: str, move: str, level: str) -> None:
    for args in _position_commands(text, cast, move, level):
        invoke(*args)


@pytest.mark.slow
@budget(60)
@given(text=json_texts(), cast=CASTS, move=MOVES, how=st.sampled_from(["argument", "file", "stdin"]))
def test_fuzz_json_positions(text: str, cast: str, move: str, how: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "pos.json"
        path.write_text(text, "utf-8")
        where = {"argument": text, "file": str(path), "stdin": "-"}[how]
        for args in _position_commands(where, cast, move, "0"):
            invoke(*args, input=text if how == "stdin" else None)


@budget(60)
@given(pos=positions(), cast=CASTS, move=MOVES, ruleset=st.sampled_from(
    [*BUILTIN, "bell+x", "gatigo+", "+", "nope", "x.toml", "/dev/zero", "/", "bell+partnerships", "x" * 5000]))
@pytest.mark.slow
def test_fuzz_casts_moves_and_ruleset_names(pos: Position, cast: str, move: str, ruleset: str) -> None:
    text = to_compact(pos)
    invoke("position", "moves", text, "--cast", cast, "--json")
    invoke("position", "play", text, move, "--cast", cast, "--compact")
    invoke("cast", "-r", ruleset, "--odds", "--json")
    invoke("position", "new", "-r", ruleset, "--compact")


@st.composite
def records(draw: Any) -> str:
    """Returns a game record played at random, its JSON then mutated."""
    pos = draw(positions())
    rng = random.Random(draw(st.integers(0, 2**32)))
    beans = Beans(pos.ruleset.beans)
    record = Record(pos)
    for _ in range(draw(st.integers(0, 12))):
        if pos.phase.value == "over":
            break
        marks = beans.cast(rng).marks if pos.needs_cast else None
        move = rng.choice(pos.legal_moves(marks or 0))
        pos = record.append(marks, move)
    data = record.to_json()
    return json.dumps(mutate_json(draw, data) if draw(st.booleans()) or SCALE else data)


@budget(30)
@given(text=records())
def test_fuzz_records(text: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "game.json"
        path.write_text(text, "utf-8")
        invoke("replay", str(path))
        invoke("replay", str(path), "--json")
        invoke("review", str(path), "--json", "--level", "0")


LINES = st.one_of(CASTS, MOVES, st.sampled_from(["help", "board", "undo", "hint", "best", "quit", "", "?", "bet3"]))


@budget(20)
@given(lines=st.lists(LINES, max_size=8), seed=st.integers(0, 1000),
       computer=st.sampled_from(["random", "gatigo:S3T1", "advisor:0", "advisor:9", "nobody"]),
       ruleset=st.sampled_from(["gatigo", "bell", "neeley", "ocastudios"]), garble=st.booleans(), data=st.data())
def test_fuzz_play_prompt_and_saves(lines: list[str], seed: int, computer: str, ruleset: str, garble: bool,
                                    data: Any) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        save = Path(tmp) / "game.json"
        typed = "\n".join(lines) + "\n"
        invoke("play", "-r", ruleset, "--computer", computer, "--seed", str(seed), "--save", str(save), "--force",
               input=typed)
        if not save.exists():
            return
        if garble:
            saved = json.loads(save.read_text("utf-8"))
            save.write_text(json.dumps(mutate_json(data.draw, saved)), "utf-8")
        invoke("play", "--resume", str(save), input=typed)
