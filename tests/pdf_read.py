"""Reading back the PDFs the tests write, with pypdf (no poppler needed): pages, sizes, metadata, text, fonts."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from pypdf import PdfReader
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
    """A run of text drawn with one text operation, and where its baseline starts (points, origin top left)."""

    text: str
    x: float
    y: float


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
    """Returns the text of each page, in the order it is drawn."""
    return [page.extract_text() for page in reader(path).pages]


def text_runs(path: Path, page: int) -> list[Run]:
    """Returns the runs of text on a page (numbered from 1) with their starting points, y measured down."""
    pdf_page = reader(path).pages[page - 1]
    height = float(pdf_page.mediabox.top)
    runs: list[Run] = []

    def visit(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        if text.strip():  # the device point of the text origin: (0, 0) through Tm, then the CTM
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            runs.append(Run(text, x - float(pdf_page.mediabox.left), height - y))

    pdf_page.extract_text(visitor_text=visit)
    return runs


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
