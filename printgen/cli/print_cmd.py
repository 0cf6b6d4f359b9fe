"""`patolli board`, `pieces`, `beans`, `cards`, `calibrate`: the printable set, as PDF, SVG or PNG."""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from printgen.cli.errors import reports_errors
from printgen.cli.options import DEFAULT_RULESET, ForceOpt, RulesetOpt, SeatsOpt
from printgen.errors import OptionError
from printgen.files import OutputDir
from printgen.lang import LANGS
from printgen.render.formats import Flip, Format
from printgen.render.paper import Paper

if TYPE_CHECKING:
    from printgen.render.prints import PrintOptions
    from printgen.render.scene import Page


# Languages of the printed words: one per file in printgen/lang (Lang.EN, Lang.ES, ...).
Lang = Enum("Lang", {code.upper(): code for code in LANGS}, type=str)  # type: ignore[misc]
ENGLISH = Lang("en")


class Drawn(str, Enum):
    """How the cross may be drawn: the values of rulesets.model.Orientation (a test keeps them equal), named here
    so that --help loads no ruleset code."""

    PLUS = "plus"
    X = "x"


PaperOpt = Annotated[Paper, typer.Option("--paper", case_sensitive=False, help="Paper size.")]
OutOpt = Annotated[Path, typer.Option("--out", "-o", help="Folder for the files.")]
FormatOpt = Annotated[Format, typer.Option("--format", "-f", case_sensitive=False,
                                          help="pdf for printing; svg or png previews.")]
GreyOpt = Annotated[bool, typer.Option("--grey", help="Ink-saving greyscale.")]
FlipOpt = Annotated[Flip, typer.Option("--flip", case_sensitive=False,
                                      help="Duplex: long or short edge, as set on the printer.")]
OffsetOpt = Annotated[str, typer.Option("--back-offset", help="Shift of the backs, X,Y in mm (see calibrate).")]
LangOpt = Annotated[Lang, typer.Option("--lang", case_sensitive=False,
                                      help="Language of the words, printed or said at the table.")]
DpiOpt = Annotated[int, typer.Option("--dpi", help="Resolution of PNG previews.", min=20, max=600)]


def parse_offset(text: str) -> tuple[float, float]:
    """Returns the (x, y) of an offset written X,Y."""
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        raise OptionError(f"--back-offset {text!r}: write X,Y in millimetres, like 0.5,-1") from None
    return (x, y)


def variant(*, seats: int | None = None, fit: bool = False, cell: float | None = None,
            orientation: Drawn | None = None) -> str:
    """Returns what a file's name adds for each choice that changes the drawing (`-fit`, `-2-seats`, `-cell-24`,
    `-x`), so two runs that draw different things never write one file."""
    parts = [f"cell-{cell:g}" if cell is not None else "", "fit" if fit else "",
             orientation.value if orientation is not None else "", f"{seats}-seats" if seats is not None else ""]
    return "".join(f"-{part}" for part in parts if part)


def _emit(pages: list[Page], rs_name: str, what: str, out: OutputDir, fmt: Format, opts: PrintOptions, title: str,
          dpi: int = 100) -> None:
    from printgen.render.output import write_pages
    from printgen.render.pdf import Metadata

    paths = write_pages(out, pages, rs_name, fmt, opts.grey, Metadata(title, subject=what), dpi)
    for p in paths:
        print(f"wrote {p}")


def _opts(paper: Paper, grey: bool, flip: Flip, offset: str, lang: Lang, seats: int | None) -> PrintOptions:
    from printgen.render.prints import PrintOptions

    return PrintOptions(paper, grey, flip, parse_offset(offset), lang.value, seats)


@reports_errors
def board(
    ruleset: RulesetOpt = DEFAULT_RULESET, paper: PaperOpt = Paper.A4, output: OutOpt = Path("output"),
    fmt: FormatOpt = Format.PDF, grey: GreyOpt = False, seats: SeatsOpt = None, lang: LangOpt = ENGLISH,
    orientation: Annotated[Drawn | None, typer.Option("--orientation", case_sensitive=False,
                                                                      help="plus (+) or x; default: "
                                                            "the ruleset's.")] = None,
    cell: Annotated[float | None, typer.Option("--cell", help="Cell size in mm (default: sized to the pieces).",
                                               min=1, max=200)] = None,
    fit: Annotated[bool, typer.Option("--fit", help="Shrink the board to one sheet and say the cell size.")] = False,
    print_shop: Annotated[bool, typer.Option("--print-shop", help="The whole board on one page of its own size, "
                                             "with 3 mm bleed, crop marks and a trim box, for a copy shop.")] = False,
    dpi: DpiOpt = 100,
    force: ForceOpt = False,
) -> None:
    """Print the board: one sheet, or tiles to glue."""
    from printgen.render.board_layout import MIN_FIGURE, number_height
    from printgen.render.faces import TOKEN
    from printgen.render.output import slug, stem
    from printgen.render.prints import MIN_CLEARANCE, PrintOptions, board_pages, board_preview, print_shop_board
    from printgen.ruleset_files import load_ruleset
    from printgen.rulesets.model import Orientation

    rs = load_ruleset(ruleset)
    out = OutputDir(output, force)  # checks the folder before the drawing
    opts = PrintOptions(paper, grey, Flip.LONG, (0.0, 0.0), lang.value, seats)
    drawn = None if orientation is None else Orientation(orientation.value)
    if print_shop:
        if fit or fmt is not Format.PDF:
            raise OptionError("--print-shop writes a PDF at the board's full size: leave out --fit and --format")
        page = print_shop_board(rs, opts, cell, drawn)
        _emit([page], f"{slug(rs)}-board-print-shop-{lang.value}" + ("-grey" if grey else ""), "board", out, fmt,
              opts, f"Patolli board for a print shop: {rs.title.get(lang.value)}", dpi)
        assert page.trim is not None
        w, h = page.trim[2], page.trim[3]
        print(f"the board is {w:.0f} × {h:.0f} mm, with 3 mm of bleed and crop marks round it")
        return
    if fmt is Format.PDF:
        pages, used = board_pages(rs, opts, cell, drawn, fit)
        if fit:
            print(f"fitted to one {paper.value} sheet: cell {used:g} mm")
            if used < TOKEN + MIN_CLEARANCE:
                print(f"note: the printed pieces ({TOKEN:g} mm) are larger than these cells; play with "
                      "smaller pieces such as beans or buttons")
            if number_height(used) < MIN_FIGURE:
                least = MIN_FIGURE / number_height(1)
                print(f"warning: at this size the cell numbers are {number_height(used):.1f} mm tall, too small "
                      f"to read across the table (at least {MIN_FIGURE:g} mm: a cell of {least:.0f} mm); print on "
                      "larger paper or as tiles", file=sys.stderr)
    else:
        pages = [board_preview(rs, opts, cell, drawn)]
    name = "board" + variant(seats=seats, fit=fit, cell=cell, orientation=orientation)
    _emit(pages, stem(rs, name, paper.value, lang.value, grey), "board", out, fmt, opts,
          f"Patolli board: {rs.title.get(lang.value)}", dpi)


def _set_command(what: str, maker: str, title: str, doc: str, *, seats: bool) -> Callable[..., None]:
    """Returns the command printing one duplex set (pieces, beans or cards) with `maker` of render.prints;
    with seats False it has no --seats option (the set is the same for every seat)."""

    @reports_errors
    def command(
        ruleset: RulesetOpt = DEFAULT_RULESET, paper: PaperOpt = Paper.A4, output: OutOpt = Path("output"),
        fmt: FormatOpt = Format.PDF, grey: GreyOpt = False, seats: SeatsOpt = None, flip: FlipOpt = Flip.LONG,
        back_offset: OffsetOpt = "0,0", lang: LangOpt = ENGLISH, dpi: DpiOpt = 100, force: ForceOpt = False,
    ) -> None:
        from printgen.render import prints
        from printgen.render.output import stem
        from printgen.ruleset_files import load_ruleset

        rs = load_ruleset(ruleset)
        opts = _opts(paper, grey, flip, back_offset, lang, seats)
        out = OutputDir(output, force)  # checks the folder before the drawing
        name = what + variant(seats=seats)
        _emit(getattr(prints, maker)(rs, opts), stem(rs, name, paper.value, lang.value, grey), what, out, fmt, opts,
              f"{title}: {rs.title.get(lang.value)}", dpi)

    command.__name__ = command.__qualname__ = what
    command.__doc__ = doc
    if not seats:
        sig = inspect.signature(command, eval_str=True)
        command.__signature__ = sig.replace(  # type: ignore[attr-defined]
            parameters=[p for p in sig.parameters.values() if p.name != "seats"])
    return command


pieces = _set_command("pieces", "pieces_pages", "Patolli pieces",
                      "Print the pieces, both sides, each seat a colour and shape.", seats=True)
beans = _set_command("beans", "bean_pages", "Patolli beans",
                     "Print bean chits: marked face front, blank back.", seats=False)
cards = _set_command("cards", "card_pages", "Patolli item cards",
                     "Print the item cards or chits, with themed backs.", seats=False)


@reports_errors
def calibrate(
    paper: PaperOpt = Paper.A4, output: OutOpt = Path("output"), flip: FlipOpt = Flip.LONG,
    back_offset: OffsetOpt = "0,0", lang: LangOpt = ENGLISH, force: ForceOpt = False,
) -> None:
    """Print a sheet that measures your duplex offset."""
    from printgen.render.output import write_pages
    from printgen.render.pdf import Metadata
    from printgen.render.prints import calibration_pages

    opts = _opts(paper, False, flip, back_offset, lang, None)
    out = OutputDir(output, force)  # checks the folder before the drawing
    paths = write_pages(out, calibration_pages(opts), f"calibration-{paper.value}-{flip.value}",
                        Format.PDF, False, Metadata("Patolli duplex calibration"))
    for p in paths:
        print(f"wrote {p}")
