"""The file formats prints are written in and the duplex flip, kept apart so the command line loads no drawing
library to list them."""

from __future__ import annotations

from enum import Enum


class Format(str, Enum):
    """File formats a print command can write."""

    PDF = "pdf"
    SVG = "svg"
    PNG = "png"


class Flip(str, Enum):
    """How the printer turns the sheet for the second side."""

    LONG = "long"  # turned about the long edge (the usual duplex setting)
    SHORT = "short"  # turned about the short edge
