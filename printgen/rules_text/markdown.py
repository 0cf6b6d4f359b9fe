"""A rules document as Markdown, for reading on screen and for tests; figures become short descriptions."""

from __future__ import annotations

from printgen.rules_text.blocks import (
    Align,
    Block,
    BoardFigure,
    Bullets,
    CellFigure,
    Document,
    Heading,
    Paragraph,
    Table,
)

_RULE = {Align.LEFT: ":---", Align.RIGHT: "---:", Align.CENTRE: ":---:"}


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def block_markdown(block: Block) -> str:
    """Returns one block as Markdown."""
    match block:
        case Heading(level, text):
            return f"{'#' * (level + 1)} {text}"
        case Paragraph(text):
            return text
        case Bullets(items, ordered):
            return "\n".join(f"{f'{i}.' if ordered else '-'} {item}" for i, item in enumerate(items, 1))
        case Table(header, rows, caption, align):
            lines = [f"| {' | '.join(_cell(h) for h in header)} |", f"|{'|'.join(_RULE[a] for a in align)}|"]
            lines += [f"| {' | '.join(_cell(c) for c in row)} |" for row in rows]
            return "\n".join(lines) + (f"\n\n*{caption}*" if caption else "")
        case CellFigure(kind, caption, capture):
            mark = ", capture" if capture else ""
            return f"> [cell: {kind.value}{mark}] {caption}"
        case BoardFigure(position, highlight, move, caption):
            marks = f" highlight {', '.join(map(str, highlight))}" if highlight else ""
            arrow = f" move {move}" if move else ""
            return f"> [board{marks}{arrow}] {caption}\n>\n> `{position}`"
    raise TypeError(f"not a block: {block!r}")


def to_markdown(doc: Document) -> str:
    """Returns a whole document as Markdown: title, subtitle, then each section and its blocks."""
    out = [f"# {doc.title}", f"*{doc.subtitle}*"]
    for section in doc.sections:
        out.append(f"## {section.title}")
        out += [block_markdown(b) for b in section.blocks]
    return "\n\n".join(out) + "\n"
