"""`patolli review`: a saved contest analysed move by move, with grades, luck, a win-chance graph and key moments."""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer

from printgen.cli.advise_cmd import LevelOpt
from printgen.cli.engine_ready import prepare_engine
from printgen.cli.errors import reports_errors
from printgen.cli.options import JsonOpt
from printgen.cli.print_cmd import ENGLISH, LangOpt
from printgen.errors import OptionError
from printgen.files import FileError, check_writable
from printgen.players.search.levels import DEFAULT_LEVEL

OUTPUTS = (".pdf", ".svg", ".png", ".html")


@reports_errors
def review_command(
    record_file: Annotated[Path, typer.Argument(help="A game record, or a `patolli play` save.")],
    level: LevelOpt = DEFAULT_LEVEL,
    as_json: JsonOpt = False,
    output: Annotated[Path | None, typer.Option("--out", "-o", help="Also write the review: a printable PDF, "
                                                "an HTML page, or the win-chance graph as SVG or PNG.")] = None,
    lang: LangOpt = ENGLISH,
    force: Annotated[bool, typer.Option("--force", help="Overwrite the output file if it exists.")] = False,
    bench: Annotated[bool, typer.Option("--bench", help="Only time the review (seconds, turns per second).")]
    = False,
) -> None:
    """Review a saved contest: grades, luck and key moments.

    Every decision graded by the chance to win the contest it gave away (docs/players.md), every cast's
    luck, per player the error rate, accuracy and luck; luck and skill add up to the result.
    -o writes a one- or two-page PDF (or an HTML page, or the graph as SVG or PNG).
    """
    from rich.console import Console

    from printgen.cli.review_view import print_review, review_json
    from printgen.play.records import read_contest
    from printgen.players.analysis.review import review

    if output is not None and output.suffix.lower() not in OUTPUTS:
        raise OptionError(f"--out {output}: write a review as {', '.join(OUTPUTS)}")
    if output is not None:
        check_writable(output, force)  # a folder that cannot be written is said before the review's minute
    if not os.path.lexists(record_file):  # said before the engine's preparation, which takes a minute the first time
        raise FileError(f"{record_file}: no such file (the game record to read)")
    prepare_engine("review")
    record = read_contest(record_file)
    err = Console(stderr=True, highlight=False)
    chosen = level
    began = time.perf_counter()
    with _progress(err, not as_json and sys.stderr.isatty()) as step:
        rv = review(record, chosen, step, explain=not bench)  # the bench times the search alone
    if bench:
        seconds = time.perf_counter() - began
        print(json.dumps({"turns": len(rv.turns), "level": chosen, "seconds": round(seconds, 3),
                          "turns_per_second": round(len(rv.turns) / seconds, 1) if seconds else None})
              if as_json else f"reviewed {len(rv.turns)} turns at level {chosen} in {seconds:.2f} s "
              f"({len(rv.turns) / max(seconds, 1e-9):.0f} turns per second)")
        return
    if output is not None:
        _write(rv, output, lang.value)
    if as_json:
        print(json.dumps(review_json(rv, lang.value), ensure_ascii=False))
        return
    print_review(rv, Console(highlight=False), str(record_file), lang.value)
    if output is not None:
        print(f"wrote {output}")


class _progress:
    """A progress bar on standard error while the review runs (none when not a terminal)."""

    def __init__(self, console: object, show: bool) -> None:
        self.console, self.show = console, show

    def __enter__(self) -> Callable[[int, int], None] | None:
        if not self.show:
            return None
        from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

        self.bar = Progress(TextColumn("reviewing"), BarColumn(), TextColumn("{task.completed}/{task.total} turns"),
                            TimeRemainingColumn(), console=self.console, transient=True)  # type: ignore[arg-type]
        self.bar.start()
        self.task = self.bar.add_task("review", total=None)

        def step(done: int, total: int) -> None:
            if done % 10 == 0 or done == total:
                self.bar.update(self.task, completed=done, total=total)
        return step

    def __exit__(self, *exc: object) -> None:
        if self.show:
            self.bar.stop()


def _write(rv: object, output: Path, lang: str) -> None:
    """Writes the review as PDF, HTML, SVG (the graph) or PNG (the graph), by the file's suffix."""
    from printgen.files import write_atomic
    from printgen.render.review_page import review_html, review_pdf, review_png, review_svg

    suffix = output.suffix.lower()
    if suffix == ".pdf":
        data: bytes = review_pdf(rv, lang)  # type: ignore[arg-type]
    elif suffix == ".html":
        data = review_html(rv, lang).encode("utf-8")  # type: ignore[arg-type]
    elif suffix == ".svg":
        data = review_svg(rv, lang).encode("utf-8")  # type: ignore[arg-type]
    else:
        data = review_png(rv, lang)  # type: ignore[arg-type]
    write_atomic(output, data)
