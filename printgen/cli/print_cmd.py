"""`patolli board`, `pieces`, `beans`, `cards`, `calibrate`: the printable set, as PDF, SVG or PNG."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from printgen.cli.errors import reports_errors
from printgen.cli.options import RulesetOpt
from printgen.errors import OptionError
from printgen.files import OutputDir
from printgen.lang import LANGS
from printgen.render.formats import Format
from printgen.render.imposition import Flip
from printgen.render.paper import Paper
from printgen.rulesets import load_ruleset
from printgen.rulesets.model import Orientation

if TYPE_CHECKING:
    from printgen.render.prints import PrintOptions


# Languages of the printed words: one per file in printgen/lang (Lang.EN, Lang.ES, ...).
Lang = Enum("Lang", {code.upper(): code for code in LANGS}, type=str)  # type: ignore[misc]


PaperOpt = Annotated[Paper, typer.Option("--paper", help="Paper size.")]
OutOpt = Annotated[Path, typer.Option("-o", "--output", help="Folder for the files.")]
FormatOpt = Annotated[Format, typer.Option("--format", "-f", help="pdf for printing; svg or png previews.")]
GreyOpt = Annotated[bool, typer.Option("--grey", help="Ink-saving greyscale.")]
FlipOpt = Annotated[Flip, typer.Option("--flip", help="Duplex: long or short edge, as set on the printer.")]
OffsetOpt = Annotated[str, typer.Option("--back-offset", help="Shift of the backs, X,Y in mm (see calibrate).")]
PlayersOpt = Annotated[int | None, typer.Option("--players", "-p", help="Players (default: the most the "
                                                "ruleset allows).", min=2, max=4)]
ForceOpt = Annotated[bool, typer.Option("--force", help="Overwrite files printgen did not write.")]
LangOpt = Annotated[Lang, typer.Option("--lang", help="Language of the printed words.")]
DpiOpt = Annotated[int, typer.Option("--dpi", help="Resolution of PNG previews.", min=20, max=600)]


def parse_offset(text: str) -> tuple[float, float]:
    """Returns the (x, y) of an offset written X,Y."""
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        raise OptionError(f"--back-offset {text!r}: write X,Y in millimetres, like 0.5,-1") from None
    return (x, y)


def _emit(pages: list, rs_name: str, what: str, out: OutputDir, fmt: Format, opts: PrintOptions, title: str,
          dpi: int = 100) -> None:
    from printgen.render.output import write_pages
    from printgen.render.pdf import Metadata

    paths = write_pages(out, pages, rs_name, fmt, opts.grey, Metadata(title, subject=what), dpi)
    for p in paths:
        print(f"wrote {p}")


def _opts(paper: Paper, grey: bool, flip: Flip, offset: str, lang: Lang, players: int | None) -> PrintOptions:
    from printgen.render.prints import PrintOptions

    return PrintOptions(paper, grey, flip, parse_offset(offset), lang.value, players)


@reports_errors
def board(
    ruleset: RulesetOpt = "bell", paper: PaperOpt = Paper.A4, output: OutOpt = Path("output"),
    fmt: FormatOpt = Format.PDF, grey: GreyOpt = False, players: PlayersOpt = None, lang: LangOpt = Lang.EN,
    orientation: Annotated[Orientation | None, typer.Option("--orientation", help="plus (+) or x; default: "
                                                            "the ruleset's.")] = None,
    cell: Annotated[float | None, typer.Option("--cell", help="Cell size in mm (default: sized to the pieces).",
                                               min=1, max=200)] = None,
    fit: Annotated[bool, typer.Option("--fit", help="Shrink the board to one sheet and say the cell size.")] = False,
    dpi: DpiOpt = 100,
    force: ForceOpt = False,
) -> None:
    """Print the board: one sheet, or tiles to glue with an assembly map."""
    from printgen.render.faces import TOKEN
    from printgen.render.output import stem
    from printgen.render.prints import MIN_CLEARANCE, PrintOptions, board_pages, board_preview

    rs = load_ruleset(ruleset)
    out = OutputDir(output, force)  # checks the folder before the drawing
    opts = PrintOptions(paper, grey, Flip.LONG, (0.0, 0.0), lang.value, players)
    if fmt is Format.PDF:
        pages, used = board_pages(rs, opts, cell, orientation, fit)
        if fit:
            print(f"fitted to one {paper.value} sheet: cell {used:g} mm")
            if used < TOKEN + MIN_CLEARANCE:
                print(f"note: the printed pieces ({TOKEN:g} mm) are larger than these cells; play with "
                      "smaller pieces such as beans or buttons")
    else:
        pages = [board_preview(rs, opts, cell, orientation)]
    _emit(pages, stem(rs, "board", paper.value, lang.value, grey), "board", out, fmt, opts,
          f"Patolli board: {rs.title}", dpi)


_SETS = {"pieces": ("pieces_pages", "Patolli pieces"), "beans": ("bean_pages", "Patolli beans"),
         "cards": ("card_pages", "Patolli item cards")}


def _print_set(what: str, ruleset: str, paper: Paper, output: Path, fmt: Format, grey: bool, flip: Flip,
               back_offset: str, lang: Lang, dpi: int, force: bool, players: int | None = None) -> None:
    """Builds and writes one duplex set (pieces, beans or cards)."""
    from printgen.render import prints
    from printgen.render.output import stem

    rs = load_ruleset(ruleset)
    opts = _opts(paper, grey, flip, back_offset, lang, players)
    out = OutputDir(output, force)  # checks the folder before the drawing
    maker, title = _SETS[what]
    make = getattr(prints, maker)
    _emit(make(rs, opts), stem(rs, what, paper.value, lang.value, grey), what, out, fmt, opts,
          f"{title}: {rs.title}", dpi)


@reports_errors
def pieces(
    ruleset: RulesetOpt = "bell", paper: PaperOpt = Paper.A4, output: OutOpt = Path("output"),
    fmt: FormatOpt = Format.PDF, grey: GreyOpt = False, players: PlayersOpt = None, flip: FlipOpt = Flip.LONG,
    back_offset: OffsetOpt = "0,0", lang: LangOpt = Lang.EN, dpi: DpiOpt = 100, force: ForceOpt = False,
) -> None:
    """Print the pieces, coloured and shaped by seat, on both sides."""
    _print_set("pieces", ruleset, paper, output, fmt, grey, flip, back_offset, lang, dpi, force, players)


@reports_errors
def beans(
    ruleset: RulesetOpt = "bell", paper: PaperOpt = Paper.A4, output: OutOpt = Path("output"),
    fmt: FormatOpt = Format.PDF, grey: GreyOpt = False, flip: FlipOpt = Flip.LONG, back_offset: OffsetOpt = "0,0",
    lang: LangOpt = Lang.EN, dpi: DpiOpt = 100, force: ForceOpt = False,
) -> None:
    """Print bean chits: the marked face on the front, the blank face on the back."""
    _print_set("beans", ruleset, paper, output, fmt, grey, flip, back_offset, lang, dpi, force)


@reports_errors
def cards(
    ruleset: RulesetOpt = "bell", paper: PaperOpt = Paper.A4, output: OutOpt = Path("output"),
    fmt: FormatOpt = Format.PDF, grey: GreyOpt = False, flip: FlipOpt = Flip.LONG, back_offset: OffsetOpt = "0,0",
    lang: LangOpt = Lang.EN, dpi: DpiOpt = 100, force: ForceOpt = False,
) -> None:
    """Print the item cards (named items) or item chits, with themed backs."""
    _print_set("cards", ruleset, paper, output, fmt, grey, flip, back_offset, lang, dpi, force)


@reports_errors
def calibrate(
    paper: PaperOpt = Paper.A4, output: OutOpt = Path("output"), flip: FlipOpt = Flip.LONG,
    back_offset: OffsetOpt = "0,0", lang: LangOpt = Lang.EN, force: ForceOpt = False,
) -> None:
    """Print a two-sided sheet that measures your printer's duplex offset."""
    from printgen.render.output import write_pages
    from printgen.render.pdf import Metadata
    from printgen.render.prints import calibration_pages

    opts = _opts(paper, False, flip, back_offset, lang, None)
    out = OutputDir(output, force)  # checks the folder before the drawing
    paths = write_pages(out, calibration_pages(opts), f"calibration-{paper.value}-{flip.value}",
                        Format.PDF, False, Metadata("Patolli duplex calibration"))
    for p in paths:
        print(f"wrote {p}")
