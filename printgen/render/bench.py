"""Times rendering the whole printable set of a ruleset (board, pieces, beans, cards) to PDF bytes."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from printgen.render.palette import palette
from printgen.render.pdf import Metadata, render_pdf
from printgen.render.prints import PrintOptions, bean_pages, board_pages, card_pages, pieces_pages
from printgen.render.scene import Page
from printgen.rulesets.model import Ruleset


@dataclass(frozen=True)
class PrintBench:
    """Seconds to lay out and write each set, best of the runs, and the pages and bytes produced."""

    seconds: dict[str, float]
    pages: int
    size: int

    @property
    def total(self) -> float:
        """Returns the seconds for the whole set."""
        return sum(self.seconds.values())


def bench_print(rs: Ruleset, opts: PrintOptions, runs: int = 3) -> PrintBench:
    """Returns the best of `runs` timings of each set (the first run also warms fonts and caches)."""
    makers: dict[str, Callable[[], list[Page]]] = {
        "board": lambda: board_pages(rs, opts)[0], "pieces": lambda: pieces_pages(rs, opts),
        "beans": lambda: bean_pages(rs, opts), "cards": lambda: card_pages(rs, opts)}
    best = {name: float("inf") for name in makers}
    pages = size = 0
    colours = palette(opts.grey)
    for _ in range(runs):
        pages = size = 0
        for name, make in makers.items():
            start = time.perf_counter()
            built = make()
            data = render_pdf(built, colours, Metadata(name))
            best[name] = min(best[name], time.perf_counter() - start)
            pages += len(built)
            size += len(data)
    return PrintBench(best, pages, size)
