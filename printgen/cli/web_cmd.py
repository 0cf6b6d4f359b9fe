"""`patolli web`: the phone app as a static site, one folder that any web host serves and that works offline."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from printgen.cli.errors import reports_errors


@reports_errors
def web(
    output: Annotated[Path, typer.Option("--out", "-o", help="The folder for the site (made if missing).")],
    rulesets: Annotated[list[str] | None, typer.Option(
        "--ruleset", "-r", metavar="FILE_OR_NAME", help="A ruleset .toml file to offer besides the built-in ones "
        "(repeatable); every built-in ruleset is always offered.")] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace the folder if it holds files (it is replaced "
                                        "whole, once the new site is complete).")] = False,
) -> None:
    """Write the phone app as a static web site.

    One folder of plain files: the app, its WebAssembly engine, every game of the rulesets, icons and a service
    worker. Put it on any static host (or serve it from this computer); once a phone has opened it, it works with
    no network, and the browser's menu can install it as an app.
    """
    from printgen.ruleset_files import load_ruleset
    from printgen.rulesets.load import BUILTIN
    from printgen.web.site import write_site

    chosen = [load_ruleset(name) for name in BUILTIN]
    for spec in rulesets or []:
        if spec not in BUILTIN:
            chosen.append(load_ruleset(spec))
    report = write_site(output, chosen, force)
    kb = max(1, round(report.first_visit_gzip_bytes / 1024))
    print(f"wrote the site into {report.folder}: {report.files} files ({round(report.bytes / 1024)} KB); "
          f"{len(report.games)} games of {len(report.rulesets)} rulesets ({', '.join(report.rulesets)})")
    print(f"a phone downloads {kb} KB gzipped on its first visit, and each game's endgame table when the game "
          f"first opens ({max(1, round(report.later_gzip_bytes / 1024))} KB in all)")
    print(f"try it here: python -m http.server -d {_quoted(report.folder)} and open http://localhost:8000/")
    print("any static web host will do (under any path); once opened, it works offline and can be installed")


def _quoted(path: Path) -> str:
    """Returns a path as a shell word."""
    import shlex

    return shlex.quote(str(path))
