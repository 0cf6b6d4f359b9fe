"""The rules booklet and reference card of a ruleset as structured documents, in English and Spanish.

`booklet(rs, lang)` and `reference_card(rs, lang)` return a `Document` of sections and blocks
(see `blocks`); a renderer typesets it, `to_markdown` writes it as Markdown.
"""

from printgen.rules_text.blocks import (
    Align,
    Block,
    BoardFigure,
    Bullets,
    CellFigure,
    Document,
    Heading,
    Paragraph,
    Section,
    Span,
    Table,
    spans,
)
from printgen.rules_text.content import BOOKLET_SECTIONS, CARD_SECTIONS, back_cover, booklet, reference_card
from printgen.rules_text.lang import LANGS
from printgen.rules_text.markdown import to_markdown

__all__ = [
    "BOOKLET_SECTIONS", "CARD_SECTIONS", "LANGS", "Align", "Block", "BoardFigure", "Bullets", "CellFigure",
    "Document", "Heading", "Paragraph", "Section", "Span", "Table", "back_cover", "booklet", "reference_card", "spans",
    "to_markdown",
]
