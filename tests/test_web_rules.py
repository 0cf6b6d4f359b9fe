"""The rules page's data (`web/rules_data.py`): each game's booklet exactly as rules_text builds it for print, in
both languages and with every set of options; a picture of every kind of cell on its board, drawn by the board's
renderer; alike files kept once; and the index the app looks the booklets up in."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from printgen.engine.topology import CellKind, topology_for
from printgen.lang import LANGS
from printgen.render.screen import board_svg
from printgen.rules_text import booklet
from printgen.rules_text.blocks import BoardFigure, Bullets, CellFigure, Heading, Paragraph, Table
from printgen.rulesets import load_builtin
from printgen.rulesets.load import BUILTIN
from printgen.rulesets.model import Ruleset
from printgen.web.app_data import variants
from printgen.web.rules_data import cell_svg, rules_files

VARIANTS = [(base, rs) for name in BUILTIN for base in [load_builtin(name)] for rs in variants(base)]


def _id(pair: tuple[Ruleset, Ruleset]) -> str:
    return "+".join((pair[1].name, *pair[1].applied))


@pytest.fixture(scope="module")
def exported() -> dict[str, tuple[dict[str, Any], dict[str, str], dict[str, str]]]:
    """Every variant's index entry, files and boards, by its name with options."""
    out = {}
    for pair in VARIANTS:
        boards: dict[str, str] = {}
        entry, files = rules_files(*pair, boards)
        out[_id(pair)] = (entry, files, boards)
    return out


def _doc(files: dict[str, str], entry: dict[str, Any], lang: str) -> dict[str, Any]:
    return json.loads(files[f"data/{entry['file'][lang]}"])  # type: ignore[no-any-return]


def _expected(block: object) -> dict[str, Any]:
    """Returns what the exported block must say, read from the booklet's own block."""
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
            return {"type": "cell", "kind": kind.value, "capture": capture, "caption": caption}
        case BoardFigure(caption=caption):
            return {"type": "board", "caption": caption}
    raise TypeError(block)


@pytest.mark.parametrize("pair", VARIANTS, ids=_id)
@pytest.mark.parametrize("lang", LANGS)
def test_the_phone_has_the_printed_booklet_block_for_block(pair: tuple[Ruleset, Ruleset], lang: str,
                                                           exported: dict[str, Any]) -> None:
    base, rs = pair
    entry, files, _ = exported[_id(pair)]
    assert entry["ruleset"] == base.name and entry["options"] == sorted(rs.applied)
    doc, printed = _doc(files, entry, lang), booklet(rs, lang)
    assert (doc["title"], doc["subtitle"], doc["lang"]) == (printed.title, printed.subtitle, lang)
    assert [(s["key"], s["title"]) for s in doc["sections"]] == [(s.key, s.title) for s in printed.sections]
    for got, want in zip(doc["sections"], printed.sections, strict=True):
        assert len(got["blocks"]) == len(want.blocks), want.key
        for g, w in zip(got["blocks"], want.blocks, strict=True):
            expected = _expected(w)
            assert {k: g[k] for k in expected} == expected, want.key
    headings = [b["text"] for s in doc["sections"] for b in s["blocks"] if b["type"] == "heading"]
    assert headings == [b.text for s in printed.sections for b in s.blocks if isinstance(b, Heading)]
    paragraphs = [b["text"] for s in doc["sections"] for b in s["blocks"] if b["type"] == "paragraph"]
    assert paragraphs == [b.text for s in printed.sections for b in s.blocks if isinstance(b, Paragraph)]


@pytest.mark.parametrize("pair", VARIANTS, ids=_id)
def test_every_kind_of_cell_on_the_board_has_its_printed_picture(pair: tuple[Ruleset, Ruleset],
                                                                 exported: dict[str, Any]) -> None:
    _, rs = pair
    entry, files, _ = exported[_id(pair)]
    on_board = {(c.kind.value, c.capture) for c in topology_for(rs).cells}
    for lang in LANGS:
        cells = [b for s in _doc(files, entry, lang)["sections"] for b in s["blocks"] if b["type"] == "cell"]
        assert {(b["kind"], b["capture"]) for b in cells} == on_board
        for b in cells:
            svg = files[f"data/{b['picture']}"]
            assert svg == cell_svg(rs, CellKind(b["kind"]), b["capture"])  # the booklet's own cell picture
            assert svg.startswith("<?xml") and "<svg" in svg and "<path" in svg


@pytest.mark.parametrize("pair", VARIANTS, ids=_id)
def test_the_worked_example_is_drawn_on_a_board_the_site_already_holds(pair: tuple[Ruleset, Ruleset],
                                                                       exported: dict[str, Any]) -> None:
    _, rs = pair
    entry, files, boards = exported[_id(pair)]
    for lang in LANGS:
        figures = [b for s in _doc(files, entry, lang)["sections"] for b in s["blocks"] if b["type"] == "board"]
        for fig in figures:
            shipped = {f"board-{hashlib.sha256(board_svg(rs, n, lang).encode()).hexdigest()[:12]}.svg"
                       for n in rs.player_counts()}
            assert fig["board"] in shipped and f"data/{fig['board']}" in boards
            named = {int(n) for n in fig["centres"]}
            assert {n for n, _ in fig["pieces"]} | set(fig["highlight"]) | set(fig["move"]) == named
            assert all(0 < x < fig["width"] and 0 < y < fig["height"] for x, y in fig["centres"].values())


def test_alike_files_are_kept_once_and_named_by_their_content(exported: dict[str, Any]) -> None:
    names: dict[str, str] = {}
    used: list[str] = []
    for entry, files, _ in exported.values():
        for name, text in files.items():
            assert name == f"data/{name[5:].split('-')[0]}-{hashlib.sha256(text.encode()).hexdigest()[:12]}." \
                           f"{name.rsplit('.', 1)[1]}"
            assert names.setdefault(name, text) == text
        for lang in LANGS:
            used += [b["picture"] for s in _doc(files, entry, lang)["sections"] for b in s["blocks"]
                     if b["type"] == "cell"]
    pictures = {n for n in names if n.startswith("data/cell-")}
    assert {f"data/{u}" for u in used} == pictures
    assert len(pictures) < len(set(used)) * 2 and len(pictures) < len(used) / 4  # shared across languages and options
    docs = [n for n in names if n.startswith("data/rules-")]
    assert len(docs) == len(set(docs)) == len(VARIANTS) * len(LANGS)  # every booklet differs: options, language


def test_the_site_lists_every_booklet_in_its_index() -> None:
    from printgen.web.app_data import site_files

    base = load_builtin("ocastudios")
    files = site_files([base])
    index = json.loads(files["data/games.json"])
    assert sorted(r["options"] for r in index["rules"]) == [[], ["empty_start"]]
    for r in index["rules"]:
        assert r["ruleset"] == "ocastudios" and set(r["file"]) == set(LANGS)
        for name in r["file"].values():
            doc = json.loads(files[f"data/{name}"])
            pictures = [b.get("picture") or b.get("board") for s in doc["sections"] for b in s["blocks"]
                        if b["type"] in ("cell", "board")]
            assert pictures and all(f"data/{p}" in files for p in pictures)


def test_the_booklets_and_pictures_add_little_to_the_site(exported: dict[str, Any]) -> None:
    import gzip

    unique = {name: text for _, files, _ in exported.values() for name, text in files.items()}
    added = sum(len(gzip.compress(text.encode(), 9, mtime=0)) for text in unique.values())
    assert added < 180_000  # bytes gzipped, of the site's 1.5 MB (about 143 KB when written)
