"""A save that cannot be written (a full disk, a stick pulled out) leaves no unsaved turn applied: the session goes
back to what its file holds, says so, and `patolli play` stops with exit code 2 (issue 23, item 4)."""

from __future__ import annotations

import errno
import json
from pathlib import Path

import pytest
from helpers import CliRunner, Lines

from printgen.cli.app import app
from printgen.cli.narrate import describe
from printgen.files import WriteError
from printgen.play import session as session_module
from printgen.play.session import SaveFailed, Session
from printgen.ruleset_files import load_ruleset

runner = CliRunner()




class Disk:
    """Stands in for write_atomic: writes until `room` writes are used up, then refuses as a full disk does."""

    def __init__(self, room: int) -> None:
        self.room = room
        self.refused = 0
        self.real = session_module.write_atomic

    def __call__(self, path: Path, data: str) -> None:
        if self.room <= 0:
            self.refused += 1
            raise WriteError(f"cannot write {path}: no space left on the device", errno.ENOSPC)
        self.room -= 1
        self.real(path, data)


def on_disk(path: Path) -> tuple[int, object, int]:
    data = json.loads(path.read_text())
    return len(data["record"]["turns"]), data["pending_cast"], data["helper_casts"]


def in_memory(session: Session) -> tuple[int, object, int]:
    return len(session.record.turns), session.pending, session.helper_casts


def test_a_failed_save_of_the_persons_turn_and_the_computers_after_it_undoes_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "g.json"
    session = Session.new(load_ruleset("gatigo"), 1, "advisor:0", 8, path, False, describe)
    out = Lines()
    while session.pending is None:
        session.handle("cast", out)
    for room in range(4):  # the person's move fails to save, or a computer turn after it does
        before = in_memory(session)
        disk = Disk(room)
        monkeypatch.setattr(session_module, "write_atomic", disk)
        try:
            session.handle("best", out)
        except SaveFailed as exc:
            assert disk.refused == 1  # it stops at the first refusal: no turn goes on unsaved
            assert in_memory(session) == on_disk(path), room  # back to exactly what the file holds
            assert exc.turns == len(session.record.turns)
            assert session.position == session.record.final()
            if room == 0:
                assert in_memory(session) == before  # the person's move itself is undone, the cast stands
            monkeypatch.setattr(session_module, "write_atomic", disk.real)
            if session.pending is None and session.position.to_move in session.computers:
                session.run_computers(out)  # after making room, the computer's turn is played as the seed says
            while session.pending is None and not session.over:
                session.handle("cast", out)
            continue
        break  # enough room: everything saved
    assert in_memory(session) == on_disk(path)


def test_a_failed_save_of_a_cast_or_an_undo_leaves_the_session_as_its_file(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "g.json"
    session = Session.new(load_ruleset("gatigo"), 1, "advisor:0", 8, path, False, describe)
    out = Lines()
    for _ in range(6):
        session.handle("best" if session.pending is not None else "cast", out)
    while session.pending is not None:
        session.handle("best", out)
    monkeypatch.setattr(session_module, "write_atomic", Disk(0))
    turns = session.record.turns
    with pytest.raises(SaveFailed):
        session.handle("undo", out)
    assert session.record.turns == turns and in_memory(session) == on_disk(path)  # the moves taken back are back
    with pytest.raises(SaveFailed):
        session.handle("cast", out)  # the helper's draw is not used up by a cast never saved
    assert in_memory(session) == on_disk(path)
    with pytest.raises(SaveFailed):
        session.handle("quit", out)
    assert in_memory(session) == on_disk(path)


def test_play_stops_with_one_line_and_exit_2_when_the_save_cannot_be_written(tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    save = tmp_path / "game.json"
    disk = Disk(5)
    monkeypatch.setattr(session_module, "write_atomic", disk)
    result = runner.invoke(app, ["play", "-r", "gatigo", "--seed", "4", "--save", str(save)],
                           input="cast\nbest\n" * 100)
    assert result.exit_code == 2, result.output
    assert disk.refused == 1 and result.output.count("cannot write") == 1, result.output
    turns = on_disk(save)[0]
    assert f"The last action is taken back, as it could not be saved: the save holds the contest up to turn {turns}." \
        in result.output
    assert f"continue with: patolli play --resume {save}" in result.output
