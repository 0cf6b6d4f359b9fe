"""The whole print kit of a ruleset, one file per printer setting, each printed in one go.

1. single-sided, plain paper: how to print (this kit's first page), the board (one sheet, or the assembly map and
   its tiles);
2. double-sided on the components' flip, card: the calibration sheet (its front says what the file holds), then
   every small component on as few sheets as their sizes allow, then a player aid for each player;
3. double-sided on the short edge, plain paper: a sheet of printing notes, then the imposed rules booklet.

Besides them: the whole board on one page for a copy shop, and the rules in reading order for the screen.
Every file has bookmarks, one per part.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from printgen.files import OutputDir
from printgen.render.booklet import booklet_pages, imposed_booklet
from printgen.render.booklet_layout import PageSpec, typeset
from printgen.render.formats import Flip, Format
from printgen.render.howto import howto_page
from printgen.render.output import slug, stem, write_pages
from printgen.render.paper import Paper, Sheet
from printgen.render.pdf import Metadata
from printgen.render.prints import (
    PrintOptions,
    aid_pages,
    board_pages,
    calibration_pages,
    components_pages,
    print_shop_board,
)
from printgen.render.scene import Page
from printgen.render.words import WORDS
from printgen.rules_text.blocks import Document, Paragraph, Section
from printgen.rules_text.lang import Texts
from printgen.rulesets.model import Ruleset

STEPS = ("board", "components", "booklet", "player aids", "how to print", "print shop board", "files")


@dataclass(frozen=True)
class Part:
    """A run of pages in a file: what it is (for the listing), its pages, and its bookmark: a title, and a title
    for each page that opens an entry under it (page index, title)."""

    what: str
    pages: list[Page]
    mark: str = ""
    inner: tuple[tuple[int, str], ...] = ()


@dataclass(frozen=True)
class KitFile:
    """One file to print: its name, the printer setting and paper in words, and its parts in order."""

    name: str
    setting: str
    paper: str
    parts: list[Part]

    @property
    def pages(self) -> list[Page]:
        return [p for part in self.parts for p in part.pages]


@dataclass(frozen=True)
class KitResult:
    """The files written, and the page count of each file to print."""

    files: list[Path]
    printed: dict[str, int]


def page_range(start: int, count: int) -> str:
    """Returns pages start .. start + count - 1 as '3' or '3–10'."""
    return str(start) if count == 1 else f"{start}–{start + count - 1}"


def part_lines(T: Texts, parts: list[Part]) -> list[str]:
    """Returns a line for each part of a file: its pages and what they are."""
    lines, start = [], 1
    for part in parts:
        n = len(part.pages)
        lines.append(T("kit.part", pagesword=T.noun("page", n).capitalize(), pages=page_range(start, n),
                       what=part.what))
        start += n
    return lines


def _bookmarked(parts: list[Part]) -> list[Page]:
    """Returns the pages of the parts, the first page of each opening an outline entry, with entries under it."""
    pages: list[Page] = []
    for part in parts:
        inner = dict(part.inner)
        for i, page in enumerate(part.pages):
            marks: tuple[tuple[int, str], ...] = ((0, part.mark),) if i == 0 else ()
            marks += ((1, inner[i]),) if i in inner else ()
            pages.append(replace(page, bookmarks=marks) if marks else page)
    return pages


def _sheet_marks(T: Texts, pages: list[Page], step: int) -> tuple[tuple[int, str], ...]:
    """Returns an entry for every step-th page: 'Sheet 1', 'Sheet 2', ..."""
    return tuple((i, T("kit.mark_sheet", n=i // step + 1)) for i in range(0, len(pages), step))


def _board_marks(pages: list[Page], lang: str) -> tuple[tuple[int, str], ...]:
    """Returns an entry for the assembly map and each tile of a tiled board."""
    if len(pages) == 1:
        return ()
    w = WORDS[lang]
    return tuple((i, w["map_title"] if i == 0 else f"{w['tile']} {p.label.removeprefix('tile ')}")
                 for i, p in enumerate(pages))


def _components_words(T: Texts, rs: Ruleset) -> str:
    items = [] if not rs.economy.gambling else [T("kit.cards" if rs.economy.items else "kit.chits")]
    names = [*items, T("kit.beans"), T("kit.pieces")]
    return ", ".join(names[:-1]) + f" {T('kit.and')} " + names[-1]


def _notes_page(T: Texts, rs: Ruleset, lang: str, paper: Paper, paragraphs: tuple[str, ...]) -> list[Page]:
    """Returns a page of printing notes and its blank back, for the head of a double-sided file."""
    doc = Document(T("kit.notes_title"), rs.title.get(lang), lang,
                   (Section(T("kit.notes_title"), tuple(Paragraph(p) for p in paragraphs), key="notes"),))
    w, h = Sheet(paper, landscape=True).size  # as the booklet's sheets, so one printer setting serves the file
    pages = typeset(doc, rs, PageSpec(w, h, top=16, bottom=18, inner=24, outer=24))
    return pages + [Page(w, h, label="blank")] * (len(pages) % 2)


def build_kit(rs: Ruleset, opts: PrintOptions, out: OutputDir,
              progress: Callable[[str], None] = lambda step: None) -> KitResult:
    """Builds and writes the kit; progress is called as each step starts."""
    lang, paper = opts.lang, opts.paper
    T = Texts(lang)
    progress("board")
    board, _ = board_pages(rs, opts)
    tiles = max(0, len(board) - 1)
    progress("components")
    components = components_pages(rs, opts)
    progress("booklet")
    reading = booklet_pages(rs, lang, paper)
    booklet = imposed_booklet(reading, paper, Flip.SHORT)
    progress("player aids")
    aids = aid_pages(rs, opts)

    name = {k: stem(rs, k, paper.value, lang, opts.grey) + ".pdf"
            for k in ("1-single-sided", f"2-double-sided-{opts.flip.value}-edge", "3-booklet-double-sided-short-edge",
                      "reading")}
    single, duplex, short, reading_name = name.values()
    plain, card_paper = T("kit.paper_plain"), T("kit.paper_card")
    board_what = T("kit.board_one") if tiles <= 1 else T("kit.board_tiles", n=tiles)
    duplex_file = KitFile(duplex, T("kit.duplex", flip=T(f"flip.{opts.flip.value}")), card_paper, [
        Part(T("kit.calibration"), []),  # its pages carry the listing, so they are made below
        Part(T("kit.components", what=_components_words(T, rs)), components, T("kit.mark_components"),
             _sheet_marks(T, components, 2)),
        Part(T("kit.aids"), aids, T("kit.mark_aids"), _sheet_marks(T, aids, 2))])
    booklet_file = KitFile(short, T("kit.duplex", flip=T("flip.short")), plain, [
        Part(T("kit.notes"), []), Part(T("kit.booklet"), booklet, T("kit.mark_booklet"), _sheet_marks(T, booklet, 2))])

    def header(f: KitFile) -> tuple[str, ...]:
        n = len(f.pages)
        return (T("kit.this_file", name=f.name, pages=n, pagesword=T.noun("page", n)),
                T("kit.setting", setting=f.setting, paper=f.paper), *part_lines(T, f.parts))

    calibration = Part(T("kit.calibration"), calibration_pages(opts), T("kit.mark_calibration"))  # two pages
    duplex_file.parts[0] = calibration
    duplex_file.parts[0] = replace(calibration, pages=calibration_pages(opts, header(duplex_file)))
    notes = Part(T("kit.notes"), _notes_page(T, rs, lang, paper, ()), T("kit.notes_title"))
    booklet_file.parts[0] = notes
    booklet_file.parts[0] = replace(notes, pages=_notes_page(T, rs, lang, paper, header(booklet_file)))

    progress("how to print")
    shop_name = f"{slug(rs)}-board-print-shop-{lang}" + ("-grey" if opts.grey else "") + ".pdf"
    progress("print shop board")
    shop = print_shop_board(rs, opts)
    order = [p.label.removeprefix("tile ") for p in board if p.label.startswith("tile ")]  # row by row
    howto_part = Part(T("kit.howto"), [], T("kit.mark_howto"))
    single_file = KitFile(single, T("kit.single"), plain, [
        howto_part, Part(board_what, board, T("kit.mark_board"), _board_marks(board, lang))])
    assert shop.trim is not None
    w, h = shop.trim[2], shop.trim[3]
    for _ in range(3):  # the how-to lists its own page count: set it until the count it takes stays the same
        listing = [*(_file_lines(T, f) for f in (single_file, duplex_file, booklet_file)),
                   (T("kit.shop", name=shop_name, w=round(w), h=round(h)), []),
                   (T("kit.reading", name=reading_name), [])]
        howto = howto_page(rs, lang, paper, listing, order, (w, h), opts.players)
        if len(howto) == len(single_file.parts[0].pages):
            break
        single_file.parts[0] = replace(howto_part, pages=howto)
    single_file.parts[0] = replace(howto_part, pages=howto)

    progress("files")
    title = rs.title.get(lang)
    files: list[Path] = []
    for f, subject in ((single_file, "single-sided"), (duplex_file, "double-sided components"),
                       (booklet_file, "rules booklet")):
        files += write_pages(out, _bookmarked(f.parts), f.name[:-4], Format.PDF, opts.grey,
                             Metadata(f"Patolli: {title} ({subject})", subject=subject))
    files += write_pages(out, [shop], shop_name[:-4], Format.PDF, opts.grey,
                         Metadata(f"Patolli board for a print shop: {title}", subject="board"))
    files += write_pages(out, reading, reading_name[:-4], Format.PDF, opts.grey,
                         Metadata(f"Patolli rules: {title}", subject="rules"))
    return KitResult(files, {f.name: len(f.pages) for f in (single_file, duplex_file, booklet_file)})


def _file_lines(T: Texts, f: KitFile) -> tuple[str, list[str]]:
    """Returns a file's line in the how-to (name, pages, setting, paper) and the lines of its parts."""
    n = len(f.pages)
    return (T("kit.file", name=f.name, pages=n, pagesword=T.noun("page", n), setting=f.setting, paper=f.paper),
            part_lines(T, f.parts))


def kit_options(paper: Paper, lang: str, grey: bool, flip: Flip, offset: tuple[float, float],
                players: int | None) -> PrintOptions:
    """Returns the print options of a kit."""
    return replace(PrintOptions(), paper=paper, lang=lang, grey=grey, flip=flip, back_offset=offset, players=players)
