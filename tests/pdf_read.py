"""Reading back the PDFs the tests write, with pypdf (no poppler needed): pages, sizes, metadata, text, fonts."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path

from pypdf import PageObject, PdfReader
from pypdf.generic import DictionaryObject, IndirectObject

SUBSET_TAG = re.compile(r"^[A-Z]{6}\+")  # a subset font's name starts with six capitals and a plus: ABCDEF+Name
FONT_FILES = ("/FontFile", "/FontFile2", "/FontFile3")


@dataclass(frozen=True)
class Font:
    """A font the pages use: its name, whether its program is in the file, whether it is a subset."""

    name: str
    kind: str
    embedded: bool

    @property
    def subset(self) -> bool:
        return bool(SUBSET_TAG.match(self.name))


@dataclass(frozen=True)
class Run:
    """A run of text drawn by one text operation: where its baseline starts (points from the page's top left)
    and the direction it runs in (a unit vector, y measured down)."""

    text: str
    x: float
    y: float
    dx: float
    dy: float

    def continues(self, before: Run) -> bool:
        """True when this run follows before on the same baseline, further along in the same direction."""
        same_way = abs(self.dx - before.dx) < 1e-3 and abs(self.dy - before.dy) < 1e-3
        ox, oy = self.x - before.x, self.y - before.y
        across, along = ox * -before.dy + oy * before.dx, ox * before.dx + oy * before.dy
        return same_way and abs(across) < 1.0 and along > 0


def reader(path: Path) -> PdfReader:
    return PdfReader(path, strict=True)


def page_count(path: Path) -> int:
    return len(reader(path).pages)


def page_sizes(path: Path) -> list[tuple[float, float]]:
    """Returns each page's media box as (width, height) in points, turned by the page's /Rotate."""
    sizes = []
    for page in reader(path).pages:
        w, h = float(page.mediabox.width), float(page.mediabox.height)
        sizes.append((h, w) if page.rotation % 180 else (w, h))
    return sizes


def metadata(path: Path) -> dict[str, str]:
    """Returns the document information (Title, Author, Subject, Keywords, Creator, ...) without the slashes."""
    info = reader(path).metadata or {}
    return {key.lstrip("/"): str(value) for key, value in info.items()}


def page_texts(path: Path) -> list[str]:
    """Returns the text of each page in drawing order: one line per baseline, runs on it joined by a space.

    The prints draw justified text word by word, so a line's words are separate runs; a run drawn in another
    style inside a word (an italic name before its comma) also comes out as a word of its own.
    """
    return [text_of(page) for page in reader(path).pages]


def text_of(page: PageObject) -> str:
    """Returns the text of one page as `page_texts` gives it."""
    lines: list[list[Run]] = []
    for run in _runs(page):
        if lines and run.continues(lines[-1][-1]):
            lines[-1].append(run)
        else:
            lines.append([run])
    return "\n".join(" ".join(r.text.strip() for r in line) for line in lines)


def _runs(page: PageObject) -> list[Run]:
    top, left = float(page.mediabox.top), float(page.mediabox.left)
    runs: list[Run] = []

    def visit(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        if text.strip():  # the text origin and x axis through Tm, then the CTM, into device space
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            dx, dy = tm[0] * cm[0] + tm[1] * cm[2], tm[0] * cm[1] + tm[1] * cm[3]
            norm = math.hypot(dx, dy) or 1.0
            runs.append(Run(text, x - left, top - y, dx / norm, -dy / norm))

    page.extract_text(visitor_text=visit)
    return runs


def text_runs(path: Path, page: int) -> list[Run]:
    """Returns the runs of text on a page (numbered from 1), in drawing order."""
    return _runs(reader(path).pages[page - 1])


def text_in_box(path: Path, page: int, box: tuple[float, float, float, float]) -> str:
    """Returns the runs of a page that start inside box = (x, y, width, height) in points from the top left."""
    x0, y0, w, h = box
    return " ".join(r.text.strip() for r in text_runs(path, page) if x0 <= r.x <= x0 + w and y0 <= r.y <= y0 + h)


def _fonts_of(resources: DictionaryObject | None, found: dict[int, Font], seen: set[int]) -> None:
    if resources is None or id(resources) in seen:
        return
    seen.add(id(resources))
    for ref in (resources.get("/Font") or {}).values():
        font = ref.get_object()
        key = ref.idnum if isinstance(ref, IndirectObject) else id(font)
        kind = str(font.get("/Subtype", ""))
        described = font["/DescendantFonts"][0].get_object() if kind == "/Type0" else font
        descriptor = described.get("/FontDescriptor")
        embedded = kind == "/Type3" or (descriptor is not None and any(f in descriptor.get_object()
                                                                        for f in FONT_FILES))
        found[key] = Font(str(font.get("/BaseFont", font.get("/Name", "[none]"))).lstrip("/"), kind.lstrip("/"),
                          embedded)
        if kind == "/Type3":
            _fonts_of(font.get("/Resources"), found, seen)
    for ref in (resources.get("/XObject") or {}).values():
        xobject = ref.get_object()
        if xobject.get("/Subtype") == "/Form":
            _fonts_of(xobject.get("/Resources"), found, seen)


def fonts(path: Path) -> list[Font]:
    """Returns every font the pages use (through their resources, form XObjects included), each once."""
    found: dict[int, Font] = {}
    seen: set[int] = set()
    for page in reader(path).pages:
        resources = page.get("/Resources")
        _fonts_of(resources.get_object() if resources is not None else None, found, seen)
    return list(found.values())
