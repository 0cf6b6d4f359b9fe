"""The kit's first page: which files to print with which printer setting, and how to cut, glue and fold them, in
the words of `printgen/lang`."""

from __future__ import annotations

from printgen.engine.seats import COLOURS, seat_colour
from printgen.render.booklet_layout import PageSpec, typeset
from printgen.render.paper import Paper, Sheet
from printgen.render.scene import Page
from printgen.rules_text.blocks import Block, Bullets, Document, Heading, Paragraph, Section
from printgen.rules_text.lang import Texts
from printgen.rulesets.model import Ruleset


def howto_page(rs: Ruleset, lang: str, paper: Paper, files: list[tuple[str, list[str]]], tiles: list[str],
               size: tuple[float, float] = (0.0, 0.0), seats: int | None = None) -> list[Page]:
    """Returns the how-to page; files are each a line (name, pages, printer setting, paper) and its parts' lines
    (pages and what they hold); tiles the board's tiles in the order they are joined (none on one sheet); size
    the finished board's (mm); seats the seats the kit is printed for (None: every seat)."""
    T = Texts(lang)
    if len(tiles) <= 1:
        board = T("howto.board_one")
    else:
        board = T("howto.board_tiles_steps", n=len(tiles), order=", ".join(tiles), first=tiles[0],
                  w=round(size[0]), h=round(size[1]))
    title = rs.title.get(lang)
    listing: list[Block] = []
    for line, parts in files:
        listing.append(Paragraph(line))
        if parts:
            listing.append(Bullets(tuple(parts)))
    doc = Document(T("howto.title"), title, lang, (
        Section(T("howto.title"), (
            Paragraph(f"*{title}*"),
            Heading(2, T("howto.files")), *listing,
            Heading(2, T("howto.print")), Bullets(T.lines("howto.print_items")),
            Heading(2, T("howto.board")), Paragraph(board), *_seats(T, rs, seats),
            Heading(2, T("howto.cut")), Paragraph(T("howto.cut_text")), Paragraph(T("howto.cut_grids")),
            Heading(2, T("howto.booklet")), Paragraph(T("howto.booklet_text")),
            Heading(2, T("howto.need")), Bullets(T.lines("howto.need_items_card", beans=rs.beans.count)),
        ), key="howto"),
    ))
    w, h = Sheet(paper).size
    # two columns where a language's longer words would leave a few lines overleaf, then narrower margins
    for columns, edge in ((1, 18.0), (2, 18.0), (2, 14.0), (2, 11.0)):
        pages = typeset(doc, rs, PageSpec(w, h, top=edge - 2, bottom=18, inner=edge, outer=edge, columns=columns,
                                          gutter=8 if edge > 14 else 6))
        if len(pages) == 1:
            break
    return pages


def _seats(T: Texts, rs: Ruleset, seats: int | None) -> list[Block]:
    """Returns how a kit for every seat is marked for two players and what `--seats 2` prints, or what a kit
    printed for two holds; nothing for a two-seat ruleset or a kit printed for three or four."""
    if rs.players.max_players <= 2 or 2 not in rs.player_counts() or seats not in (None, 2):
        return []  # a kit for three or four is marked for its game, seat by seat
    board = rs.board.seats
    colour = T(f"colour.{COLOURS[seat_colour(board, 2, 1)]}")  # seat B's arm, opposite A
    more = T(f"colour.{COLOURS[seat_colour(board, rs.players.max_players, 1)]}")  # seat B's arm, beside A
    key = "howto.seats_two_printed" if seats == 2 else "howto.seats_two"
    return [Paragraph(T(key, colour=colour, colour_more=more))]
