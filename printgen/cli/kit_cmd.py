"""`patolli rules` and `patolli kit`: the rules booklet and card, and the whole print kit in one command."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from printgen.cli.errors import reports_errors
from printgen.cli.options import DEFAULT_RULESET, ForceOpt, RulesetOpt, SeatsOpt
from printgen.cli.print_cmd import ENGLISH, FlipOpt, GreyOpt, LangOpt, OffsetOpt, OutOpt, PaperOpt, parse_offset
from printgen.files import OutputDir
from printgen.render.formats import Flip, Format
from printgen.render.paper import Paper


@reports_errors
def rules(
    ruleset: RulesetOpt = DEFAULT_RULESET, lang: LangOpt = ENGLISH, paper: PaperOpt = Paper.A4,
    output: OutOpt = Path("output"),
    flip: Annotated[Flip, typer.Option("--flip", case_sensitive=False,
                                           help="Duplex edge your printer turns on (booklets: short).")]
    = Flip.SHORT,
    markdown: Annotated[bool, typer.Option("--markdown", help="Also write the rules as Markdown.")] = False,
    force: ForceOpt = False,
) -> None:
    """Print the rules booklet and reference card.

    Writes a saddle-stitched booklet, the same pages in reading order, and a one-page reference card.
    """
    from printgen.render.booklet import booklet_pages, card_pages, imposed_booklet
    from printgen.render.output import slug, stem, write_pages
    from printgen.render.pdf import Metadata
    from printgen.rules_text import booklet, to_markdown
    from printgen.ruleset_files import load_ruleset

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
    ruleset: RulesetOpt = DEFAULT_RULESET, paper: PaperOpt = Paper.A4, lang: LangOpt = ENGLISH,
    output: OutOpt = Path("output"), grey: GreyOpt = False, flip: FlipOpt = Flip.LONG, back_offset: OffsetOpt = "0,0",
    seats: SeatsOpt = None, force: ForceOpt = False,
) -> None:
    """Build the whole print kit, ready to print.

    Three numbered files, one per printer setting, each printed in one go: single-sided (how to print, the
    board), double-sided on card (the calibration sheet, every small component and a player aid for each
    player) and the rules booklet (double-sided, short edge). Besides them the board for a print shop and the
    rules to read on screen.
    """
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    from printgen.render.kit import STEPS, build_kit, kit_options
    from printgen.ruleset_files import load_ruleset

    rs = load_ruleset(ruleset)
    opts = kit_options(paper, lang.value, grey, flip, parse_offset(back_offset), seats)
    out = OutputDir(output, force)
    with Progress(TextColumn("{task.description:<16}"), BarColumn(), TimeElapsedColumn(), transient=True) as bar:
        task = bar.add_task("starting", total=len(STEPS))

        def step(name: str) -> None:
            bar.update(task, description=name, completed=STEPS.index(name))

        result = build_kit(rs, opts, out, step)
        bar.update(task, completed=len(STEPS))
    for p in result.files:
        print(f"wrote {p}")
    first = next(iter(result.printed))
    print(f"print the {len(result.printed)} numbered files, each in one go with the setting on its first page; "
          f"start with {first}: it says how")
