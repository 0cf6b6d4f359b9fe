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
SAFE = 6.35  # mm from the paper edge that many home printers cannot print (¼ inch): nothing that must print is nearer
MARGIN = 10.5  # mm from the side edges to the content: three 63 mm cards across A4; cut marks live in it
TOP = 12.0  # mm from the top edge to the content
FOOT = 21.0  # mm from the foot to the content: cut marks, then the band of the scale bar and the page label
BAND = 15.5  # mm: the foot band (scale bar, page label) runs from the paper edge's SAFE margin up to this


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
        """Returns the content area (x, y, w, h) inside the margins, above the foot band."""
        w, h = self.size
        return (MARGIN, TOP, w - 2 * MARGIN, h - TOP - FOOT)

    @property
    def band(self) -> tuple[float, float, float, float]:
        """Returns the foot band (x, y, w, h): where the scale bar and the page label print."""
        w, h = self.size
        return (SAFE, h - BAND, w - 2 * SAFE, BAND - SAFE)
