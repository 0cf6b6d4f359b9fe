"""`patolli lab bench-print`: how long the whole printable set of a ruleset takes to render."""

from __future__ import annotations

import json
import time

from printgen.cli.errors import reports_errors
from printgen.cli.options import DEFAULT_RULESET, JsonOpt, RulesetOpt
from printgen.cli.print_cmd import PaperOpt
from printgen.render.paper import Paper


def _kit_seconds(ruleset: str, paper: Paper, runs: int = 3) -> float:
    """Returns the best of runs timings of a whole kit, written to a scratch folder."""
    import tempfile
    from pathlib import Path

    from printgen.files import OutputDir
    from printgen.render.formats import Flip
    from printgen.render.kit import build_kit, kit_options
    from printgen.ruleset_files import load_ruleset

    rs = load_ruleset(ruleset)
    best = float("inf")
    with tempfile.TemporaryDirectory() as scratch:
        for _ in range(runs):
            start = time.perf_counter()
            build_kit(rs, kit_options(paper, "en", False, Flip.LONG, (0, 0), None), OutputDir(Path(scratch), True))
            best = min(best, time.perf_counter() - start)
    return best


@reports_errors
def bench_print(ruleset: RulesetOpt = DEFAULT_RULESET, paper: PaperOpt = Paper.A4, as_json: JsonOpt = False) -> None:
    """Measure rendering a set and a whole kit.

    Times a ruleset's board, pieces, beans and cards, and its whole kit (best of 3).
    """
    start = time.perf_counter()
    from printgen.render.bench import bench_print as run
    from printgen.render.prints import PrintOptions
    from printgen.ruleset_files import load_ruleset

    imports = time.perf_counter() - start
    result = run(load_ruleset(ruleset), PrintOptions(paper=paper))
    kit = _kit_seconds(ruleset, paper)
    if as_json:
        print(json.dumps({"ruleset": ruleset, "paper": paper.value, "seconds": round(result.total, 4),
                          "sets": {k: round(v, 4) for k, v in result.seconds.items()}, "pages": result.pages,
                          "bytes": result.size, "kit_seconds": round(kit, 4), "import_seconds": round(imports, 3)}))
        return
    parts = ", ".join(f"{k} {v:.3f} s" for k, v in result.seconds.items())
    print(f"{ruleset} on {paper.value}: whole set {result.total:.3f} s ({parts}); {result.pages} pages, "
          f"{result.size / 1024:.0f} KiB; imports {imports:.2f} s")
    print(f"{ruleset} on {paper.value}: whole kit (three files to print, print-shop board, reading copy) {kit:.3f} s")
