"""Before a command uses the compiled engine: compile everything its kind of command needs, once, in one go, with an
honest estimate and a progress bar."""

from __future__ import annotations

import sys
import threading
import time
from typing import TYPE_CHECKING

from printgen.interrupts import prompt_interrupts

if TYPE_CHECKING:  # the warm-up imports numpy; `--help` and the print commands never load it
    from printgen.players.lab import warmup


def _minutes(seconds: float) -> str:
    """Returns a duration people read at a glance: `about 40 s`, `about 2 minutes`."""
    if seconds < 90:
        return f"about {max(10, round(seconds / 10) * 10):.0f} s"
    return f"about {round(seconds / 60):.0f} minutes"


def intro(keys: tuple[str, ...], todo: list[warmup.Step]) -> str:
    """Returns the one line that says what is prepared, that it happens once, and about how long it takes."""
    from printgen.players.lab import warmup

    what = {warmup.TABLE: "the rules engine and the computer players",
            warmup.LAB: "the rules engine, the computer players and the research tools"}.get(keys, "the rules engine")
    return (f"preparing {what} for this computer, once: {_minutes(warmup.estimate(todo))} on a 2-core machine, "
            f"more when it is busy; later runs start at once")


def prepare_engine(command: str) -> None:
    """Compiles what `command`'s kind of command needs and the cache lacks, with progress on stderr."""
    from printgen.players.lab import warmup

    keys = warmup.NEEDS[command]
    todo = warmup.missing(keys)
    if not todo:
        return
    with prompt_interrupts():  # a compile holds Python's own Ctrl-C handler back; nothing a person made is at stake
        if not sys.stderr.isatty():
            print(intro(keys, todo), file=sys.stderr, flush=True)

            def line(done: int, total: int, step: warmup.Step | None) -> None:
                if step is not None:
                    print(f"  {done + 1}/{total}: {step.label}", file=sys.stderr, flush=True)

            seconds = warmup.prepare(keys, line)
            print(f"  ready in {seconds:.0f} s", file=sys.stderr, flush=True)
            return
        _prepare_with_bar(keys, todo)


def _prepare_with_bar(keys: tuple[str, ...], todo: list[warmup.Step]) -> None:
    """Prepares with a bar that fills by each step's share of the estimate and says about how long is left."""
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    from printgen.players.lab import warmup

    console = Console(stderr=True, highlight=False)
    console.print(intro(keys, todo))
    total = warmup.estimate(todo)
    state = {"done": 0.0, "started": time.perf_counter(), "step": 0.0, "pace": 1.0}
    columns = (TextColumn("  {task.description}"), BarColumn(), TextColumn("{task.fields[left]}"),
               TimeElapsedColumn())
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task("", total=total, left="")
        stop = threading.Event()

        def tick() -> None:  # the bar moves within a step too, by the time it is expected to take
            while not stop.wait(0.5):
                spent = (time.perf_counter() - state["started"]) / state["pace"]
                within = min(spent, state["step"] * 0.95)
                left = max(0.0, (total - state["done"] - within) * state["pace"])
                bar.update(task, completed=state["done"] + within, left=f"{_minutes(left)} left")

        def show(done: int, count: int, step: warmup.Step | None) -> None:
            now = time.perf_counter()
            if done:  # the machine's pace so far against the estimate scales what is left
                state["pace"] = max(0.5, (now - begun) / sum(s.seconds for s in todo[:done]))
            state.update(done=sum(s.seconds for s in todo[:done]), started=now, step=step.seconds if step else 0.0)
            bar.update(task, completed=state["done"], description=step.label if step else "ready")

        begun = time.perf_counter()
        ticker = threading.Thread(target=tick, daemon=True)
        ticker.start()
        try:
            seconds = warmup.prepare(keys, show)
        finally:
            stop.set()
    console.print(f"  ready in {seconds:.0f} s")
