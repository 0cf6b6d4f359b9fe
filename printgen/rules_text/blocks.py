"""The vocabulary of a rules document: a few frozen block types that a renderer typesets.

A `Document` is a list of `Section`s; a section is a title and a list of blocks. Every block is one
of `Heading`, `Paragraph`, `Bullets`, `Table`, `CellFigure` and `BoardFigure`, so a renderer can
`match` on them exhaustively. Text inside blocks uses a tiny inline markup: `**bold**`, `*italic*`
and `\\*` for a literal asterisk; `spans()` parses it so every renderer reads it the same way.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum

from printgen.engine.topology import CellKind


@dataclass(frozen=True)
class Heading:
    """A heading inside a section: level 2 under the section title, level 3 below that."""

    level: int
    text: str


@dataclass(frozen=True)
class Paragraph:
    """A paragraph of running text with inline markup."""

    text: str


@dataclass(frozen=True)
class Bullets:
    """A list of short items with inline markup; `ordered` lists are numbered steps."""

    items: tuple[str, ...]
    ordered: bool = False


class Align(str, Enum):
    """How a table column is aligned."""

    LEFT = "left"
    RIGHT = "right"
    CENTRE = "centre"


@dataclass(frozen=True)
class Table:
    """A table: a header row, body rows of the same width, an optional caption and one alignment per column."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    caption: str = ""
    align: tuple[Align, ...] = ()

    def __post_init__(self) -> None:
        width = len(self.header)
        for row in self.rows:
            if len(row) != width:
                raise ValueError(f"table row {row!r} has {len(row)} cells; the header has {width}")
        if not self.align:
            object.__setattr__(self, "align", (Align.LEFT,) * width)
        elif len(self.align) != width:
            raise ValueError(f"table has {width} columns but {len(self.align)} alignments")


@dataclass(frozen=True)
class CellFigure:
    """A small picture of one kind of cell, drawn by the board renderer, with its caption.

    `capture` says whether a piece landing on this cell may capture an opponent's piece there,
    so the renderer can draw the capture mark the printed board uses.
    """

    kind: CellKind
    caption: str
    capture: bool = False


@dataclass(frozen=True)
class BoardFigure:
    """The whole board with pieces, for the worked example.

    `position` is the engine's one-line notation (read it back with
    `printgen.engine.notation.from_compact(position, ruleset=rs)`), `highlight` the cell numbers to
    mark, `move` the move to draw as an arrow in compact notation (`12-15`, `E1`; "" for none).
    """

    position: str
    highlight: tuple[int, ...]
    move: str
    caption: str


Block = Heading | Paragraph | Bullets | Table | CellFigure | BoardFigure


@dataclass(frozen=True)
class Section:
    """A titled part of a document."""

    title: str
    blocks: tuple[Block, ...]
    key: str = ""  # a stable, language-independent name ("history", "beans", ...) for renderers and tests


@dataclass(frozen=True)
class Document:
    """A rules booklet or reference card in one language, ready to typeset."""

    title: str
    subtitle: str
    lang: str
    sections: tuple[Section, ...] = field(default=())

    def section(self, key: str) -> Section:
        """Returns the section with this key."""
        for s in self.sections:
            if s.key == key:
                return s
        raise KeyError(key)


# ---- inline markup ----

@dataclass(frozen=True)
class Span:
    """A run of text in one style."""

    text: str
    bold: bool = False
    italic: bool = False


_TOKEN = re.compile(r"\\\*|\*\*|\*")


def escape(text: str) -> str:
    """Returns text with its asterisks escaped, so that text from data is never read as markup."""
    return text.replace("*", "\\*")


def spans(text: str) -> list[Span]:
    """Returns the styled runs of a text with inline markup; an unclosed marker styles to the end."""
    out: list[Span] = []
    bold = italic = False
    buf: list[str] = []
    pos = 0

    def flush() -> None:
        if buf:
            out.append(Span("".join(buf), bold, italic))
            buf.clear()

    for m in _TOKEN.finditer(text):
        buf.append(text[pos:m.start()])
        pos = m.end()
        if m[0] == "\\*":
            buf.append("*")
            continue
        flush()
        if m[0] == "**":
            bold = not bold
        else:
            italic = not italic
    buf.append(text[pos:])
    flush()
    return [s for s in out if s.text]


def plain(text: str) -> str:
    """Returns the text of inline markup without its markers."""
    return "".join(s.text for s in spans(text))
