"""`patolli rules` and `patolli kit`: the rules booklet and card, and the whole print kit in one command."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from printgen.cli.errors import reports_errors
from printgen.cli.options import RulesetOpt
from printgen.cli.print_cmd import (
    FlipOpt,
    ForceOpt,
    GreyOpt,
    Lang,
    LangOpt,
    OffsetOpt,
    OutOpt,
    PaperOpt,
    PlayersOpt,
    parse_offset,
)
from printgen.files import OutputDir
from printgen.render.formats import Format
from printgen.render.imposition import Flip
from printgen.render.paper import Paper
from printgen.rulesets import load_ruleset


@reports_errors
def rules(
    ruleset: RulesetOpt = "bell", lang: LangOpt = Lang.EN, paper: PaperOpt = Paper.A4, output: OutOpt = Path("output"),
    flip: Annotated[Flip, typer.Option("--flip", help="Duplex edge your printer turns on (booklets: short).")]
    = Flip.SHORT,
    markdown: Annotated[bool, typer.Option("--markdown", help="Also write the rules as Markdown.")] = False,
    force: ForceOpt = False,
) -> None:
    """Print the rules: a saddle-stitched booklet, the same in reading order, and a one-page reference card."""
    from printgen.render.booklet import booklet_pages, card_pages, imposed_booklet
    from printgen.render.output import slug, stem, write_pages
    from printgen.render.pdf import Metadata
    from printgen.rules_text import booklet, to_markdown

    rs = load_ruleset(ruleset)
    out = OutputDir(output, force)
    base = stem(rs, "{}", paper.value, lang.value)
    reading = booklet_pages(rs, lang.value, paper)
    written = []
    written += write_pages(out, imposed_booklet(reading, paper, flip), base.format("booklet"), Format.PDF, False,
                           Metadata(f"Patolli rules booklet: {rs.title}", subject="booklet"))
    written += write_pages(out, reading, base.format("reading"), Format.PDF, False,
                           Metadata(f"Patolli rules: {rs.title}", subject="rules"))
    written += write_pages(out, card_pages(rs, lang.value, paper), base.format("card"), Format.PDF, False,
                           Metadata(f"Patolli reference card: {rs.title}", subject="reference card"))
    if markdown:
        written.append(out.write(f"{slug(rs)}-rules-{lang.value}.md", to_markdown(booklet(rs, lang.value)).encode()))
    for p in written:
        print(f"wrote {p}")


@reports_errors
def kit(
    ruleset: RulesetOpt = "bell", paper: PaperOpt = Paper.A4, lang: LangOpt = Lang.EN, output: OutOpt = Path("output"),
    grey: GreyOpt = False, flip: FlipOpt = Flip.LONG, back_offset: OffsetOpt = "0,0", players: PlayersOpt = None,
    force: ForceOpt = False,
) -> None:
    """Build the whole print kit: board, pieces, beans, item cards, rules booklet, reference card and a how-to page."""
    from printgen.render.kit import STEPS, build_kit, kit_options

    rs = load_ruleset(ruleset)
    opts = kit_options(paper, lang.value, grey, flip, parse_offset(back_offset), players)
    out = OutputDir(output, force)
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(TextColumn("{task.description:<16}"), BarColumn(), TimeElapsedColumn(), transient=True) as bar:
        task = bar.add_task("starting", total=len(STEPS))

        def step(name: str) -> None:
            bar.update(task, description=name, completed=STEPS.index(name))

        result = build_kit(rs, opts, out, step)
        bar.update(task, completed=len(STEPS))
    for p in result.files:
        print(f"wrote {p}")
    print(f"print {result.files[-1].name} ({result.combined_pages} pages): it starts with how to print it")
