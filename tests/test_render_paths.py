"""Typed path operations: what the shape helpers produce and how a pen receives them."""

from __future__ import annotations

import math

import pytest

from printgen.render.paths import CLOSE, Close, CurveTo, LineTo, MoveTo, arc_ops, trace
from printgen.render.scene import Style, circle, line, path_points, polygon, rect

INK = Style(stroke="ink")


class Recorder:
    """A pen that writes down what it is asked to draw."""

    def __init__(self) -> None:
        self.calls: list[tuple] = []

    def move_to(self, x: float, y: float) -> None:
        self.calls.append(("move", x, y))

    def line_to(self, x: float, y: float) -> None:
        self.calls.append(("line", x, y))

    def curve_to(self, x1: float, y1: float, x2: float, y2: float, x: float, y: float) -> None:
        self.calls.append(("curve", x1, y1, x2, y2, x, y))

    def close(self) -> None:
        self.calls.append(("close",))


def test_a_rectangle_is_a_closed_run_of_four_lines() -> None:
    r = rect(1, 2, 10, 5, INK)
    assert r.ops == (MoveTo(1, 2), LineTo(11, 2), LineTo(11, 7), LineTo(1, 7), CLOSE)
    pen = Recorder()
    trace(r.ops, pen)
    assert pen.calls == [("move", 1, 2), ("line", 11, 2), ("line", 11, 7), ("line", 1, 7), ("close",)]


def test_a_rounded_rectangle_turns_each_corner_with_one_curve() -> None:
    ops = rect(0, 0, 20, 10, INK, radius=2).ops
    assert [type(op) for op in ops].count(CurveTo) == 4
    assert isinstance(ops[0], MoveTo) and isinstance(ops[-1], Close)
    xs = [p[0] for p in path_points(rect(0, 0, 20, 10, INK, radius=2))]
    assert min(xs) == 0 and max(xs) == 20


def test_the_pen_hears_every_operation_kind_in_order() -> None:
    ops = (MoveTo(0, 0), CurveTo(1, 2, 3, 4, 5, 6), LineTo(7, 8), CLOSE)
    pen = Recorder()
    trace(ops, pen)
    assert pen.calls == [("move", 0, 0), ("curve", 1, 2, 3, 4, 5, 6), ("line", 7, 8), ("close",)]


def test_operations_are_values_equal_only_to_the_same_kind() -> None:
    assert MoveTo(1, 2) == MoveTo(1, 2) != LineTo(1, 2)
    assert not MoveTo(1, 2) != MoveTo(1, 2)
    assert MoveTo(1, 2) != (1, 2) and CurveTo(1, 2, 3, 4, 5, 6) != (1, 2, 3, 4, 5, 6)
    assert Close() == CLOSE != ()
    assert len({MoveTo(1, 2), MoveTo(1, 2), LineTo(1, 2)}) == 2
    with pytest.raises(AttributeError):
        MoveTo(1, 2).x = 3  # type: ignore[misc]


@pytest.mark.parametrize(("start", "end", "curves"), [(0, 90, 1), (0, 360, 4), (-60, 220, 4), (10, 15, 1)])
def test_an_arc_is_a_curve_per_quarter_turn_ending_on_the_circle(start: float, end: float, curves: int) -> None:
    ops = arc_ops(5, 5, 3, start, end)
    assert isinstance(ops[0], MoveTo) and sum(isinstance(op, CurveTo) for op in ops) == curves
    for op in ops:
        assert math.hypot(op.x - 5, op.y - 5) == pytest.approx(3)
    last = ops[-1]
    assert (last.x, last.y) == pytest.approx((5 + 3 * math.cos(math.radians(end)), 5 + 3 * math.sin(math.radians(end))))
    assert not isinstance(arc_ops(5, 5, 3, start, end, move=False)[0], MoveTo)


def test_circle_polygon_and_line_end_where_they_should() -> None:
    c = circle(0, 0, 2, INK)
    assert isinstance(c.ops[-1], Close) and path_points(c)[0] == pytest.approx((2, 0))
    tri = polygon([(0, 0), (4, 0), (0, 3)], INK)
    assert path_points(tri) == [(0, 0), (4, 0), (0, 3)] and tri.ops[-1] == CLOSE
    assert polygon([(0, 0), (4, 0)], INK, closed=False).ops == (MoveTo(0, 0), LineTo(4, 0))
    assert line((1, 1), (2, 3), INK).ops == (MoveTo(1, 1), LineTo(2, 3))
