"""`patolli play --level`: the advisor's depth for hint, best and the tutor (the option every command shares), kept in
the save (issue 23, item 9); `--tutor-at` points read in ASCII digits."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import CliRunner

from printgen.cli.app import app
from printgen.players.analysis import advisor

runner = CliRunner()


def play(*args: str, script: str = "quit\n"):
    return runner.invoke(app, ["play", "-r", "gatigo", "--seed", "3", *args], input=script)


def test_the_level_is_used_for_hints_and_kept_in_the_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "g.json"
    asked: list[int] = []
    real = advisor.advise

    def advise(pos, marks, level, *args, **kwargs):  # type: ignore[no-untyped-def]
        asked.append(level)
        return real(pos, marks, level, *args, **kwargs)

    monkeypatch.setattr("printgen.play.session.advise", advise)
    result = play("--save", str(save), "--level", "0", script="cast\ncast\nhint\nquit\n")
    assert result.exit_code == 0, result.output
    assert asked == [0] and json.loads(save.read_text())["level"] == 0
    assert play("--resume", str(save)).exit_code == 0
    assert json.loads(save.read_text())["level"] == 0  # a resume without --level keeps the save's
    assert play("--resume", str(save), "--level", "2").exit_code == 0
    assert json.loads(save.read_text())["level"] == 2


@pytest.mark.parametrize("level", ["7", "²", "-1", "0" * 5000 + "9", "7" * 5000, "1_0"])
def test_a_bad_level_is_refused_as_every_command_refuses_it(tmp_path: Path, level: str) -> None:
    result = play("--save", str(tmp_path / "g.json"), "--level", level)
    assert result.exit_code == 2 and "--level" in result.output and "Traceback" not in result.output, result.output
    assert len(result.output) < 1000
    assert not (tmp_path / "g.json").exists()


@pytest.mark.parametrize("points", ["٣", "1e1", "1_0", "²", "7" * 5000])
def test_tutor_points_are_read_in_ascii_digits(tmp_path: Path, points: str) -> None:
    result = play("--save", str(tmp_path / "g.json"), "--tutor-at", points)
    assert result.exit_code == 2 and "--tutor-at" in result.output and len(result.output) < 300, result.output
    assert not (tmp_path / "g.json").exists()


def test_tutor_points_in_ascii_digits_are_taken(tmp_path: Path) -> None:
    result = play("--save", str(tmp_path / "g.json"), "--tutor-at", "2.5")
    assert result.exit_code == 0 and "gives away 2.5 percentage points" in result.output, result.output


def test_a_link_to_nothing_is_not_called_a_saved_contest(tmp_path: Path) -> None:
    link = tmp_path / "g.json"
    link.symlink_to(tmp_path / "gone" / "g.json")
    result = play("--save", str(link))
    assert result.exit_code == 2 and result.output.count("\n") == 1, result.output
    assert "is a link to" in result.output and "which does not exist" in result.output
    assert "holds a saved contest" not in result.output and "--resume" not in result.output  # nothing to resume
    assert link.is_symlink() and not link.exists()  # left as it was
