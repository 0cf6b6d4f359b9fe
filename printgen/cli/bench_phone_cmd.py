"""`patolli lab bench-phone`: the phone app in headless Chromium, CPU throttled: download, start-up, advice, moves."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from printgen.cli.errors import reports_errors
from printgen.cli.options import JsonOpt


@reports_errors
def bench_phone(
    rulesets: Annotated[list[str] | None, typer.Option("--ruleset", "-r", help="Ruleset to time (repeatable; "
                                                       "default: every built-in one).")] = None,
    throttle: Annotated[float, typer.Option("--throttle", min=1, max=20, help="CPU slow-down of the page, "
                                            "as a phone's against this machine.")] = 4.0,
    samples: Annotated[int, typer.Option("--samples", min=1, max=1000, help="Timed positions per game, for the "
                                         "advice and for each computer player's moves.")] = 30,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the games played.")] = 1,
    out: Annotated[Path | None, typer.Option("--out", "-o", help="Also write the report as JSON to this file.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Time the phone app in Chromium with the CPU throttled.

    Serves the static site (`patolli web`, every built-in ruleset) gzipped from a local host and, for each game
    of the rulesets (every player count), opens it in a fresh browser with the page throttled through the
    DevTools protocol: the first visit's download, the time until the app is ready, advice at the default level
    and computer moves (strongest, club) on mid-game positions played in the app, and the page's longest task.
    Needs Debian's chromium and Playwright for Python.
    """
    from printgen.web.phone_bench import measure, table

    say = None if as_json else (lambda text: print(f"… {text}", file=sys.stderr))
    report = measure(rulesets, throttle, samples, seed, progress=say)
    if out is not None:
        out.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(report) if as_json else table(report))
