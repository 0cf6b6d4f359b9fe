"""The faces the prints use, by role, with metrics for layout and registration for the PDF backend."""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from printgen.render.units import pt_to_mm

ROLES = {
    "body": "Lato-Regular",
    "body-italic": "Lato-Italic",
    "body-bold": "Lato-Bold",
    "body-bold-italic": "Lato-BoldItalic",
    "body-black": "Lato-Black",
    "display": "Vollkorn-Bold",
    "display-black": "Vollkorn-Black",
    "display-regular": "Vollkorn-Regular",
    "display-italic": "Vollkorn-Italic",
}


def font_path(face: str) -> Path:
    """Returns the path of a shipped TrueType face."""
    return Path(str(resources.files("printgen.fonts").joinpath(f"{face}.ttf")))


@cache
def register(role: str) -> str:
    """Registers the face of a role with reportlab (once) and returns its name."""
    face = ROLES[role]
    if face not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(face, str(font_path(face))))
    return face


def text_width(text: str, role: str, size: float) -> float:
    """Returns the width in mm of text set in a role's face at size points."""
    return pt_to_mm(pdfmetrics.stringWidth(text, register(role), size))


def fit_size(text: str, role: str, size: float, width: float) -> float:
    """Returns size, reduced so the text fits in width mm."""
    w = text_width(text, role, size)
    return size if w <= width else size * width / w
