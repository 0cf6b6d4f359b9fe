"""The one walk behind the backends: pages in order, leaves in drawing order, transforms and clips resolved."""

from __future__ import annotations

import pytest

from printgen.render.affine import IDENTITY, Affine
from printgen.render.backend import draw
from printgen.render.scene import Clip, Group, Page, Path, Style, Text, rect


class Recorder:
    """A backend that writes down what it is asked to draw."""

    def __init__(self) -> None:
        self.calls: list[tuple] = []

    def begin_page(self, page: Page) -> None:
        self.calls.append(("begin", page.label))

    def path(self, path: Path, transform: Affine, clip: Clip | None) -> None:
        self.calls.append(("path", path.tag, transform, clip))

    def text(self, text: Text, transform: Affine, clip: Clip | None) -> None:
        self.calls.append(("text", text.tag, transform, clip))

    def end_page(self, page: Page) -> None:
        self.calls.append(("end", page.label))


INK = Style(fill="ink")


def test_leaves_arrive_in_order_with_their_whole_transform_and_innermost_clip() -> None:
    move, turn = Affine.translate(10, 20), Affine.rotate(90)
    inner = Group((rect(0, 0, 1, 1, INK, tag="deep"),), turn, clip=(0, 0, 5, 5))
    page = Page(100, 50, [rect(0, 0, 2, 2, INK, tag="top"),
                          Group((Text(1, 1, "a", "body", 9, tag="word"), inner), move, clip=(-1, -1, 3, 3)),
                          Text(0, 0, "b", "body", 9, tag="last")], label="p1")
    rec = Recorder()
    draw([page], rec)
    outer_clip = Clip((-1, -1, 3, 3), move)
    assert rec.calls == [
        ("begin", "p1"),
        ("path", "top", IDENTITY, None),
        ("text", "word", move, outer_clip),
        ("path", "deep", move @ turn, Clip((0, 0, 5, 5), move @ turn)),
        ("text", "last", IDENTITY, None),
        ("end", "p1"),
    ]


def test_an_unclipped_group_keeps_the_clip_it_sits_in() -> None:
    shift = Affine.translate(3, 0)
    page = Page(10, 10, [Group((Group((rect(0, 0, 1, 1, INK, tag="r"),), shift),), clip=(0, 0, 4, 4))])
    rec = Recorder()
    draw([page], rec)
    assert rec.calls[1] == ("path", "r", shift, Clip((0, 0, 4, 4), IDENTITY))


def test_every_page_is_begun_and_ended_in_turn() -> None:
    rec = Recorder()
    draw([Page(10, 10, label="a"), Page(10, 10, [rect(0, 0, 1, 1, INK, tag="x")], label="b")], rec)
    assert [c[0:2] for c in rec.calls] == [("begin", "a"), ("end", "a"), ("begin", "b"), ("path", "x"), ("end", "b")]


@pytest.mark.parametrize(("anchor", "offset"), [("start", 0.0), ("middle", 6.0), ("end", 12.0)])
def test_a_text_anchor_says_how_far_before_x_the_line_starts(anchor: str, offset: float) -> None:
    assert Text(5, 5, "word", "body", 9, anchor=anchor).start_offset(12.0) == offset


def test_the_svg_backend_draws_one_page_and_refuses_a_second() -> None:
    from printgen.render.palette import palette
    from printgen.render.svg import SvgBackend

    backend = SvgBackend(palette(False))
    page = Page(30, 20, [rect(1, 2, 3, 4, Style(fill="ink"), tag="r")])
    draw([page], backend)
    svg = backend.dwg.tostring()
    assert 'width="30mm"' in svg and 'height="20mm"' in svg and 'd="M1 2 L4 2 L4 6 L1 6 Z"' in svg
    with pytest.raises(ValueError, match="one page"):
        draw([page], backend)
