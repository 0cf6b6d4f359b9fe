"""Writes pages as files: one PDF per set, or an SVG or PNG per page."""

from __future__ import annotations

import re
from pathlib import Path

from printgen.files import OutputDir
from printgen.render.formats import Format
from printgen.render.palette import palette
from printgen.render.pdf import Metadata, render_pdf
from printgen.render.scene import Page
from printgen.render.sheet import number_pages
from printgen.render.svg import render_png, render_svg
from printgen.rulesets.model import Ruleset


def slug(rs: Ruleset) -> str:
    """Returns a file-name stem for a ruleset (its name and applied options)."""
    text = "-".join((Path(rs.origin or rs.name).stem, *rs.applied))
    return re.sub(r"[^A-Za-z0-9_-]+", "-", text).strip("-") or "ruleset"


def stem(rs: Ruleset, what: str, paper: str, lang: str, grey: bool = False) -> str:
    """Returns the file-name stem of one printed set: ruleset, what, paper, language (and -grey)."""
    return f"{slug(rs)}-{what}-{paper}-{lang}" + ("-grey" if grey else "")


def write_pages(out: OutputDir, pages: list[Page], name: str, fmt: Format, grey: bool, meta: Metadata,
                dpi: int = 100) -> list[Path]:
    """Writes pages as name.pdf, or name-pN.svg / name-pN.png; returns the paths written."""
    colours = palette(grey)
    pages = number_pages(pages)
    if fmt is Format.PDF:
        return [out.write(f"{name}.pdf", render_pdf(pages, colours, meta))]
    paths = []
    for i, page in enumerate(pages, 1):
        suffix = "" if len(pages) == 1 else f"-p{i}"
        if fmt is Format.SVG:
            paths.append(out.write(f"{name}{suffix}.svg", render_svg(page, colours).encode("utf-8")))
        else:
            paths.append(out.write(f"{name}{suffix}.png", render_png(page, colours, dpi)))
    return paths
