"""Units of measure: layouts work in millimetres, type sizes are in points (1/72 inch), PDF space is in points.

The one place the inch is split: every conversion between millimetres and points goes through here.
The conversions multiply by one inch and divide by the other (not by a rounded ratio), the arithmetic the
text measurements have always used, so the same layout comes out to the last bit.
"""

from __future__ import annotations

MM_PER_INCH = 25.4
PT_PER_INCH = 72
PT_PER_MM = PT_PER_INCH / MM_PER_INCH  # points in a millimetre (≈ 2.835): the scale of a page drawn in mm


def mm_to_pt(mm: float) -> float:
    """Returns a length in millimetres as points."""
    return mm * PT_PER_INCH / MM_PER_INCH


def pt_to_mm(pt: float) -> float:
    """Returns a length in points (a type size, a leading) as millimetres."""
    return pt * MM_PER_INCH / PT_PER_INCH
