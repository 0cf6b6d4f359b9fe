"""The file formats prints are written in (kept apart so the command line loads no drawing library to list them)."""

from __future__ import annotations

from enum import Enum


class Format(str, Enum):
    """File formats a print command can write."""

    PDF = "pdf"
    SVG = "svg"
    PNG = "png"
