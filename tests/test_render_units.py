"""Millimetres and points: one inch is 25.4 mm and 72 points."""

from __future__ import annotations

import pytest

from printgen.render.units import MM_PER_INCH, PT_PER_INCH, PT_PER_MM, mm_to_pt, pt_to_mm


def test_an_inch_is_72_points_and_25_4_millimetres() -> None:
    assert mm_to_pt(25.4) == pytest.approx(72.0)
    assert pt_to_mm(72) == pytest.approx(25.4)
    assert (MM_PER_INCH, PT_PER_INCH) == (25.4, 72)


def test_a_point_is_about_a_third_of_a_millimetre() -> None:
    assert pt_to_mm(1) == pytest.approx(0.3527778, abs=1e-7)
    assert mm_to_pt(1) == pytest.approx(PT_PER_MM) == pytest.approx(2.8346457, abs=1e-7)


@pytest.mark.parametrize("mm", [0.0, 0.1, 1.0, 148.0, 210.0, 297.0, 431.8])
def test_the_conversions_undo_each_other(mm: float) -> None:
    assert pt_to_mm(mm_to_pt(mm)) == pytest.approx(mm, rel=1e-12, abs=1e-12)


def test_a4_in_points_is_what_pdf_readers_report() -> None:
    assert (round(mm_to_pt(210.0), 2), round(mm_to_pt(297.0), 2)) == (595.28, 841.89)


def test_text_width_is_measured_in_millimetres() -> None:
    from printgen.render.fonts import text_width

    # Lato's M is 0.93 em wide: four of them at 10 pt are 37.1 pt, 13.1 mm (37.1 mm if taken for points).
    width = text_width("MMMM", "body", 10.0)
    assert width == pytest.approx(13.1, abs=0.05)
    assert text_width("MMMM", "body", 20.0) == pytest.approx(2 * width)
