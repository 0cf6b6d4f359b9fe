"""The kit's first page: what is in it and how to print, cut, glue and fold it, in the words of `printgen/lang`."""

from __future__ import annotations

from printgen.render.booklet_layout import PageSpec, typeset
from printgen.render.paper import Paper, Sheet
from printgen.render.scene import Page
from printgen.rules_text.blocks import Bullets, Document, Heading, Paragraph, Section
from printgen.rules_text.lang import Texts
from printgen.rulesets.model import Ruleset


def howto_page(rs: Ruleset, lang: str, paper: Paper, files: list[tuple[str, str, int]], tiles: int,
               flip: str) -> list[Page]:
    """Returns the how-to page; files are (file name, what it is, pages)."""
    T = Texts(lang)
    listing = tuple(T("howto.file", name=n, what=w, pages=p, pagesword=T.noun("page", p)) for n, w, p in files)
    board = T("howto.board_one") if tiles <= 1 else T("howto.board_tiles", n=tiles)
    title = rs.title.get(lang)
    doc = Document(T("howto.title"), title, lang, (
        Section(T("howto.title"), (
            Paragraph(f"*{title}*"),
            Heading(2, T("howto.files")), Bullets(listing),
            Heading(2, T("howto.print")), Bullets(T.lines("howto.print_items", flip=T(f"flip.{flip}"))),
            Heading(2, T("howto.board")), Paragraph(board),
            Heading(2, T("howto.cut")), Paragraph(T("howto.cut_text")),
            Heading(2, T("howto.booklet")), Paragraph(T("howto.booklet_text")),
            Heading(2, T("howto.need")), Bullets(T.lines("howto.need_items", beans=rs.beans.count)),
        ), key="howto"),
    ))
    w, h = Sheet(paper).size
    return typeset(doc, rs, PageSpec(w, h, top=16, bottom=18, inner=18, outer=18))
