"""Paper sizes and the margins a home printer can be trusted with."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Paper(str, Enum):
    """Paper the kit prints on."""

    A4 = "a4"
    LETTER = "letter"
    A3 = "a3"
    TABLOID = "tabloid"


SIZES = {Paper.A4: (210.0, 297.0), Paper.LETTER: (215.9, 279.4), Paper.A3: (297.0, 420.0),
         Paper.TABLOID: (279.4, 431.8)}
MARGIN = 11.0  # mm kept free of components on every side; cut marks (ending 4 mm from the edge) live in it
FOOTER = 8.0  # mm more at the foot for the scale bar and the page label


@dataclass(frozen=True)
class Sheet:
    """A sheet of paper in one orientation, and the area content may use."""

    paper: Paper
    landscape: bool = False

    @property
    def size(self) -> tuple[float, float]:
        """Returns (width, height) in mm."""
        w, h = SIZES[self.paper]
        return (h, w) if self.landscape else (w, h)

    @property
    def content(self) -> tuple[float, float, float, float]:
        """Returns the content area (x, y, w, h) inside the margins, above the footer."""
        w, h = self.size
        return (MARGIN, MARGIN, w - 2 * MARGIN, h - 2 * MARGIN - FOOTER)
