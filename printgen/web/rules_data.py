"""The rules booklet on the phone: each game's booklet as data, and each kind of cell drawn as the board prints it.

`rules_files(base, rs, boards)` returns a ruleset's (with its options applied) booklet in every language as
`data/rules-<hash>.json` and the pictures of its cells as `data/cell-<hash>.svg`, both named by their content so
alike files are kept once. A document is `rules_text.booklet` block for block (the text keeps its `**bold**` and
`*italic*` markup); a cell figure names its picture, and the worked example's board figure names the game's own
board SVG (`data/board-<hash>.svg`, added to `boards` if no game of the site draws it) with its pieces, ringed
cells and move on that board's cell centres. Nothing here writes a rule: it is the booklet's blocks, as data.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from printgen.engine.notation import from_compact
from printgen.engine.topology import CellKind
from printgen.lang import LANGS
from printgen.render.affine import Affine
from printgen.render.booklet_layout import cell_picture
from printgen.render.palette import palette
from printgen.render.scene import Group, Page
from printgen.render.screen import board_geometry, board_svg
from printgen.render.svg import render_svg
from printgen.rules_text import booklet
from printgen.rules_text.blocks import Block, BoardFigure, Bullets, CellFigure, Document, Heading, Paragraph, Table
from printgen.rulesets.model import Ruleset

FORMAT = 1
CELL_MM = 15.0  # a cell picture's width, as the booklet prints it (render/booklet_layout._cell_box)
CELL_MARGIN = 0.5  # mm round the cell, so its outline is not cut


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def cell_svg(rs: Ruleset, kind: CellKind, capture: bool) -> str:
    """Returns one cell of this kind as the printed board and booklet draw it, as SVG text."""
    side = CELL_MM + 2 * CELL_MARGIN
    items = cell_picture(rs, kind, capture, CELL_MM)
    page = Page(side, side, [Group(tuple(items), Affine.translate(side / 2, side / 2))], label="cell")
    return render_svg(page, palette())


def _board_figure(rs: Ruleset, fig: BoardFigure, lang: str, boards: dict[str, str]) -> dict[str, Any]:
    """Returns the worked example's board: the game's board SVG, and what the booklet draws on it."""
    pos = from_compact(fig.position, rs)
    players = pos.players
    svg = board_svg(rs, players, lang)
    name = f"data/board-{_digest(svg)}.svg"
    boards.setdefault(name, svg)
    geo = board_geometry(rs, players)
    pieces = pos.board()
    move = [int(v) for v in fig.move.split("-")] if "-" in fig.move else []
    named = sorted(set(pieces) | set(fig.highlight) | set(move))
    return {"type": "board", "caption": fig.caption, "board": name.removeprefix("data/"),
            "width": geo["width"], "height": geo["height"], "cell": geo["cell"],
            "centres": {str(n): geo["centres"][str(n)] for n in named if str(n) in geo["centres"]},
            "pieces": [[n, seat] for n, seat in sorted(pieces.items())], "colours": geo["colours"],
            "highlight": list(fig.highlight), "move": move}


def block_data(rs: Ruleset, block: Block, lang: str, files: dict[str, str], boards: dict[str, str]) -> dict[str, Any]:
    """Returns one block of the booklet as data; a cell's picture is added to `files` (site path: SVG text)."""
    match block:
        case Heading(level, text):
            return {"type": "heading", "level": level, "text": text}
        case Paragraph(text):
            return {"type": "paragraph", "text": text}
        case Bullets(items, ordered):
            return {"type": "bullets", "items": list(items), "ordered": ordered}
        case Table(header, rows, caption, align):
            return {"type": "table", "header": list(header), "rows": [list(r) for r in rows], "caption": caption,
                    "align": [a.value for a in align]}
        case CellFigure(kind, caption, capture):
            svg = cell_svg(rs, kind, capture)
            name = f"data/cell-{_digest(svg)}.svg"
            files[name] = svg
            return {"type": "cell", "kind": kind.value, "capture": capture, "caption": caption,
                    "picture": name.removeprefix("data/")}
        case BoardFigure():
            return _board_figure(rs, block, lang, boards)
    raise TypeError(f"not a block: {block!r}")


def document_data(rs: Ruleset, doc: Document, files: dict[str, str], boards: dict[str, str]) -> dict[str, Any]:
    """Returns a booklet as data: its title, subtitle, language and sections of blocks."""
    return {"format": FORMAT, "title": doc.title, "subtitle": doc.subtitle, "lang": doc.lang,
            "sections": [{"key": s.key, "title": s.title,
                          "blocks": [block_data(rs, b, doc.lang, files, boards) for b in s.blocks]}
                         for s in doc.sections]}


def rules_files(base: Ruleset, rs: Ruleset, boards: dict[str, str]) -> tuple[dict[str, Any], dict[str, str]]:
    """Returns a ruleset's entry in the site's index of rules (its name, options and file in each language) and
    its files (the booklet in each language and its cell pictures), by site path."""
    files: dict[str, str] = {}
    names = {}
    for lang in LANGS:
        text = json.dumps(document_data(rs, booklet(rs, lang), files, boards), ensure_ascii=False,
                          separators=(",", ":"))
        name = f"data/rules-{_digest(text)}.json"
        files[name] = text
        names[lang] = name.removeprefix("data/")
    return {"ruleset": base.name, "options": sorted(rs.applied), "file": names}, files
