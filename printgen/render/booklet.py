"""The rules booklet (imposed for saddle stitching, and in reading order) and the one-page reference card."""

from __future__ import annotations

from dataclasses import replace

from printgen.render.booklet_layout import A5, HALF_LETTER, PageSpec, back_cover, blank, cover, typeset
from printgen.render.formats import Flip
from printgen.render.paper import Paper, Sheet
from printgen.render.saddle import impose_saddle_stitch, pad_to_four
from printgen.render.scene import Page
from printgen.rules_text import back_cover as back_cover_text
from printgen.rules_text import booklet, reference_card
from printgen.rules_text.blocks import Document
from printgen.rules_text.lang import Texts
from printgen.rulesets.model import Ruleset


def booklet_spec(paper: Paper) -> PageSpec:
    """Returns the booklet page: half the sheet (A5 on A4, half-letter on Letter, A4 on A3, Letter on tabloid)."""
    w, h = Sheet(paper, landscape=True).size
    if paper is Paper.A4:
        return A5
    if paper is Paper.LETTER:
        return HALF_LETTER
    return PageSpec(w / 2, h, top=18, bottom=20, inner=20, outer=16)


def booklet_pages(rs: Ruleset, lang: str, paper: Paper) -> list[Page]:
    """Returns the booklet's pages in reading order: the cover, the rules numbered from 2, the back cover; the
    cover and each section carry a bookmark, for the copy read on screen."""
    spec = booklet_spec(paper)
    doc = booklet(rs, lang)
    T = Texts(lang)
    front = replace(cover(doc, rs, spec, T("cover.note")), bookmarks=((0, T("kit.mark_cover")),))
    back_doc = back_cover_text(rs, lang)
    back = replace(back_cover(back_doc, spec), bookmarks=((0, T("kit.mark_back_cover")),))
    return [front] + typeset(doc, rs, spec, numbers_from=2, outline=True) + [back]


def imposed_booklet(pages: list[Page], paper: Paper, flip: Flip = Flip.SHORT) -> list[Page]:
    """Returns the booklet imposed two-up on landscape sheets, padded to a multiple of four before the back cover."""
    spec_blank = blank(PageSpec(pages[0].width, pages[0].height))
    padded = pad_to_four(pages[:-1], spec_blank, last=pages[-1]) if pages[-1].label == "back cover" else \
        pad_to_four(pages, spec_blank)
    return impose_saddle_stitch(padded, Sheet(paper, landscape=True).size, flip)


def card_pages(rs: Ruleset, lang: str, paper: Paper) -> list[Page]:
    """Returns the reference card: one portrait sheet in columns, smaller type if it would run over."""
    w, h = Sheet(paper).size
    doc = reference_card(rs, lang)
    for columns in (2, 3):
        spec = PageSpec(w, h, top=12, bottom=16, inner=11, outer=11, columns=columns, gutter=6)
        pages = typeset(doc, rs, spec, title=True)
        if len(pages) == 1:
            return _balanced(doc, rs, spec)
    return pages


def _balanced(doc: Document, rs: Ruleset, spec: PageSpec) -> list[Page]:
    """Returns the one-page card with its columns balanced: the shortest columns that still hold it on one page."""
    lo, hi = 40.0, spec.height - spec.top - spec.bottom  # column heights (mm): too short .. fits
    for _ in range(7):
        mid = (lo + hi) / 2
        if len(typeset(doc, rs, replace(spec, bottom=spec.height - spec.top - mid), title=True)) == 1:
            hi = mid
        else:
            lo = mid
    return typeset(doc, rs, replace(spec, bottom=spec.height - spec.top - hi), title=True)
