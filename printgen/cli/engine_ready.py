"""Before a command uses the compiled engine: compile what it needs, once, and say so with progress."""

from __future__ import annotations

import sys

INTRO = "preparing the rules engine for this computer, once (about a minute; later runs start at once)"


def prepare_engine(command: str) -> None:
    """Compiles the parts of the engine `command` needs that are not yet in the cache, with progress on stderr."""
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    from printgen.players.lab import warmup

    todo = warmup.missing(warmup.NEEDS[command])
    if not todo:
        return
    console = Console(stderr=True, highlight=False)
    if not console.is_terminal:
        print(INTRO, file=sys.stderr, flush=True)

        def line(done: int, total: int, step: warmup.Step | None) -> None:
            if step is not None:
                print(f"  {done + 1}/{total}: {step.label}", file=sys.stderr, flush=True)

        seconds = warmup.prepare(warmup.NEEDS[command], line)
        print(f"  ready in {seconds:.0f} s", file=sys.stderr, flush=True)
        return
    console.print(INTRO)
    columns = (TextColumn("  {task.description}"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
               TimeElapsedColumn())
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task("", total=len(todo))

        def show(done: int, total: int, step: warmup.Step | None) -> None:
            bar.update(task, completed=done, description=step.label if step else "ready")

        seconds = warmup.prepare(warmup.NEEDS[command], show)
    console.print(f"  ready in {seconds:.0f} s")
