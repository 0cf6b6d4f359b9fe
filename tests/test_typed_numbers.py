"""Every number a person types goes through printgen/inputs.py: superscripts, circled digits and numbers of thousands
of digits are one clear line wherever they are typed, never a traceback, and a range is bounded before it is built
(issue 23, item 6)."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest
from helpers import CliRunner, Lines

from printgen.cli.app import app
from printgen.cli.narrate import describe
from printgen.engine.position import Phase
from printgen.errors import OptionError, PatolliError
from printgen.inputs import typed_number, whole_number, whole_numbers
from printgen.play.session import Session
from printgen.ruleset_files import load_ruleset

runner = CliRunner()
ODD = ["²", "①", "1¹0¹0", "٣", "7" * 5000, "0" * 5000 + "3", "1_0"]




def test_leading_zeros_do_not_reach_pythons_limit_on_digits() -> None:
    assert whole_number("0" * 5000 + "3", "a cell") == 3
    assert typed_number("0" * 5000) == 0
    with pytest.raises(PatolliError, match="at most"):
        whole_number("0" * 10 + "7" * 5000, "a cell")
    assert typed_number("²") is None and typed_number("7" * 5000) is None


def test_a_range_is_checked_before_it_is_built() -> None:
    assert whole_numbers("0-3", "--levels", "levels", 6) == [0, 1, 2, 3]
    assert whole_numbers("5, 0,2-3", "--levels", "levels", 6) == [0, 2, 3, 5]
    tracemalloc.start()
    try:
        with pytest.raises(OptionError, match="levels run from 0 to 6"):
            whole_numbers("0-20000000", "--levels", "levels", 6, OptionError)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000  # the old reader built 20 million numbers (900 MB) before refusing
    for text in ("²", "0-①", "3-1", "", "-2", "1-" + "9" * 5000):
        with pytest.raises(OptionError):
            whole_numbers(text, "--levels", "levels", 6, OptionError)


@pytest.mark.parametrize("value", ["0-20000000", "²", "0-" + "0" * 5000 + "9"])
def test_solve_levels_refuse_in_one_line(value: str) -> None:
    r = runner.invoke(app, ["solve", "--measure", "--levels", value])
    assert r.exit_code == 2 and "--levels" in r.output and "Traceback" not in r.output, r.output
    assert len(r.output.strip().splitlines()) == 1


@pytest.mark.parametrize(("level", "code"), [("²", 2), ("7" * 5000, 2), ("0" * 5000 + "1", 0)])
def test_play_reads_the_advisor_level_as_a_typed_number(tmp_path: Path, level: str, code: int) -> None:
    r = runner.invoke(app, ["play", "--computer", f"advisor:{level}", "--save", str(tmp_path / "g.json")],
                      input="quit\n")
    assert r.exit_code == code and "Traceback" not in r.output, r.output
    if code == 2:
        assert len(r.output.strip().splitlines()) == 1 and len(r.output) < 1000, r.output
    else:
        assert "B advisor:1" in r.output


def _typed(session: Session, out: Lines, text: str) -> None:
    turns, pending = len(session.record.turns), session.pending
    session.handle(text, out)  # never raises
    if text.lstrip("0") == "3" and pending is None:
        return  # zeros and a 3: the cast 3, rightly read
    assert out.lines[-1].startswith("! "), (text[:12], out.lines[-3:])
    assert len(out.lines[-1]) < 300  # the number is shown cut short
    assert (len(session.record.turns), session.pending) == (turns, pending)


def test_odd_numbers_typed_as_a_cast_a_cell_or_a_bet_are_one_line_each(tmp_path: Path) -> None:
    session = Session.new(load_ruleset("neeley"), 1, "advisor:0", 8, tmp_path / "g.json", False, describe)
    out = Lines()
    seen = set()
    for _ in range(200):
        pos = session.position
        where = "bet" if pos.phase is Phase.BET else "move" if session.pending is not None else "cast"
        if where not in seen:
            seen.add(where)
            for text in ODD + ([f"bet {t}" for t in ODD] if where == "bet" else []):
                if where == "cast" and text.lstrip("0") == "3":
                    continue
                _typed(session, out, text)
        if seen == {"bet", "move", "cast"}:
            break
        session.handle("best" if session.pending is not None or pos.phase is Phase.BET else "cast", out)
    assert seen == {"bet", "move", "cast"}
