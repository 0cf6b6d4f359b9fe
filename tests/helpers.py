"""Helpers shared by the tests: positions from the one-line form, playing a score and a move, and skip markers.

Imported as `from helpers import ...`: pyproject.toml puts tests/ on the path (pytest's `pythonpath`), so this works
under both `pytest` and `python -m pytest`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any
from unittest import mock

import pytest
import typer
import typer.main
import typer.testing

from printgen.engine.beans import Beans
from printgen.engine.events import Event, EventKind
from printgen.engine.moves import Move
from printgen.engine.notation import from_compact
from printgen.engine.position import Position
from printgen.errors import MissingLibraryError
from printgen.render.raster import load_cairosvg
from printgen.render.svg import PNG_OUTPUT


class CliRunner(typer.testing.CliRunner):
    """Typer's test runner, building an app's click command once instead of at every invoke: Typer reads every
    command's signature and type hints again each time, which was most of the time of a run of many short commands
    (the fuzz tests invoke a thousand). The command is the same one; only its building is shared."""

    def invoke(self, app: typer.Typer, *args: Any, **kwargs: Any) -> Any:  # -> click's Result
        command = _click_command(app)
        # typer.testing builds the command through its `_get_command`; if that name goes, this fails loudly
        with mock.patch.object(typer.testing, "_get_command", lambda _app: command):
            return super().invoke(app, *args, **kwargs)


@functools.cache
def _click_command(app: typer.Typer) -> Any:
    """Returns the click command Typer builds for an app, built once per test process."""
    return typer.main.get_command(app)


def P(text: str) -> Position:
    """Returns the position of a one-line form."""
    return from_compact(text)


def marks(pos: Position, score: int) -> int:
    """Returns the marks of a cast scoring this (0: a cast with no score)."""
    return Beans(pos.ruleset.beans).marks_for_text(str(score))


def act(pos: Position, score: int, move: str) -> tuple[Position, list[Event]]:
    """Plays a cast of this score and a move written in compact notation."""
    return pos.play(marks(pos, score), Move.parse(move))


def legal(pos: Position, score: int) -> list[str]:
    """Returns the legal moves for a score, in compact notation."""
    return [str(m) for m in pos.legal_moves(marks(pos, score))]


def pays(events: list[Event]) -> list[tuple[str, object, object, int]]:
    """Returns every payment as (reason, payer, payee, amount)."""
    return [(e.reason.value, e.payer, e.payee, e.amount or 0) for e in events
            if e.kind is EventKind.PAY and e.reason is not None]


def kinds(events: list[Event]) -> list[EventKind]:
    """Returns the kinds of the events, in order."""
    return [e.kind for e in events]


def _cairo_missing() -> str | None:
    """Returns the one-line error PNG output gives on this machine, or None when the cairo library loads."""
    try:
        load_cairosvg(PNG_OUTPUT)
    except MissingLibraryError as exc:
        return str(exc)
    return None


CAIRO_MISSING = _cairo_missing()
needs_cairo = pytest.mark.skipif(CAIRO_MISSING is not None, reason=CAIRO_MISSING or "")


def interruptible() -> None:
    """A `preexec_fn` that lets a child process be stopped by Ctrl-C (SIGINT) even where the test run was started
    with SIGINT ignored (a shell's background job without job control ignores it, and children inherit that;
    Python then installs no KeyboardInterrupt handler)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Lines:
    """An Output for a play session that keeps what it says, a drawn board as the line `<board>`."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def say(self, text: str) -> None:
        self.lines.append(text)

    def board(self, pos: object, marks: object = None) -> None:
        self.lines.append("<board>")


def one_error_line(result: Any) -> str:
    """Asserts the command failed with exit 2 and one `error:` line, no traceback; returns the line."""
    assert result.exit_code == 2, result.output
    assert isinstance(result.exception, SystemExit), result.exception
    errors = [line for line in result.output.splitlines() if line.startswith("error: ")]
    assert len(errors) == 1 and "Traceback" not in result.output, result.output
    return errors[0]


def start_local_ray(ray: Any) -> None:
    """Starts a local Ray of two CPUs (no dashboard) whose workers find printgen and the tests' modules; a test
    module stops it with `ray.shutdown()` after its tests."""
    import os
    from pathlib import Path

    here = Path(__file__).resolve().parent
    path = os.pathsep.join([str(here.parent), str(here)])
    # Ray lowers its workers' priority by 15 (worker_niceness); beside the other test files' processes the actors
    # then starved, waiting minutes for a core: here they run at the test's own priority.
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, runtime_env={"env_vars": {"PYTHONPATH": path}},
             _system_config={"worker_niceness": 0})


def tiny_text(capture: str = "[]", direction: str = "clockwise", null: str = "pass", wedge: str = "none",
              start_on_board: int = 0, first_any: bool = False, pieces: int = 1) -> str:
    """Returns a custom ruleset on the smallest board (28 cells), three beans, played for the win alone."""
    return f"""
[ruleset]
name = "tiny"
title = "Tiny"
[board]
arm_length = 3
seats = 2
wedge_depths = [2]
rounded_depths = [3]
capture_zones = {capture}
[beans]
count = 3
scores = [0, 1, 2, 5]
null_cast = "{null}"
[players]
pieces = [{pieces}]
direction = "{direction}"
start_on_board = {start_on_board}
[entry]
scores = [1, 2]
first_any = {str(first_any).lower()}
[economy]
gambling = false
[penalties]
wedge = "{wedge}"
"""


# A two-seat custom ruleset on the smallest board with captures, one piece a side: a table solved in a moment, by
# value iteration (the tests of building tables on several processes or Ray).
TINY_CAPTURES = tiny_text(capture='["centre", "start"]', null="recast")


def stopping_after(calls: int) -> Callable[[int, int], None]:
    """Returns a progress callback (done, total) that presses Ctrl-C at its `calls`-th call: a long job stopped
    part-way, at a point the test chooses."""
    seen = [0]

    def progress(done: int, total: int) -> None:
        seen[0] += 1
        if seen[0] == calls:
            raise KeyboardInterrupt

    return progress
