"""The board drawing: every cell once, each kind's marks where the topology puts them, nothing overlapping."""

from __future__ import annotations

import itertools
import math
import re

import pytest

from printgen.engine.topology import CellKind, seat_quarters, topology_for
from printgen.render.board_layout import draw_board
from printgen.render.scene import Path, flatten
from printgen.render.words import BOARD_LABELS
from printgen.ruleset_files import load_ruleset
from printgen.rulesets import BUILTIN
from printgen.rulesets.model import Orientation

EN = BOARD_LABELS["en"]
CASES = [(name, o) for name in BUILTIN for o in Orientation]


def _tags(drawing) -> list[str]:
    return [item.tag for item, _, _ in flatten(drawing.items) if isinstance(item, Path)]


def _numbered(tags: list[str], prefix: str) -> list[int]:
    return [int(m[1]) for t in tags if (m := re.fullmatch(prefix + r" (\d+)", t))]


@pytest.mark.parametrize(("name", "orientation"), CASES)
def test_every_track_cell_is_drawn_once(name: str, orientation: Orientation) -> None:
    rs = load_ruleset(name)
    topo = topology_for(rs)
    d = draw_board(rs, topo, 20, orientation, rs.players.max_players, EN)
    assert sorted(_numbered(_tags(d), "cell")) == list(range(1, topo.size + 1))


@pytest.mark.parametrize(("name", "orientation"), CASES)
def test_marks_stand_on_the_cells_of_their_kind(name: str, orientation: Orientation) -> None:
    rs = load_ruleset(name)
    topo = topology_for(rs)
    tags = _tags(draw_board(rs, topo, 20, orientation, rs.players.max_players, EN))
    wedges = {c.number for c in topo.cells if c.depth in rs.board.wedge_depths and c.depth}
    assert set(_numbered(tags, "wedge")) == wedges
    assert set(_numbered(tags, "capture")) == {c.number for c in topo.cells if c.capture}
    assert set(_numbered(tags, "again")) == {c.number for c in topo.cells if c.kind is CellKind.ROUNDED}
    assert set(_numbered(tags, "flower")) == {c.number for c in topo.cells if c.kind is CellKind.CENTRE}
    starts = {topo.start_index(q) + 1 for q in seat_quarters(rs.board.seats, rs.players.max_players)}
    assert set(_numbered(tags, "start arrow")) == starts
    assert set(_numbered(tags, "end cross")) <= {c.number for c in topo.cells if c.kind is CellKind.END}


@pytest.mark.parametrize(("name", "orientation"), CASES)
def test_cells_do_not_overlap_and_stay_on_the_mat(name: str, orientation: Orientation) -> None:
    rs = load_ruleset(name)
    d = draw_board(rs, topology_for(rs), 20, orientation, rs.players.max_players, EN)
    centres = {n: (sum(p[0] for p in c) / 4, sum(p[1] for p in c) / 4) for n, c in d.corners.items()}
    for (a, pa), (b, pb) in itertools.combinations(centres.items(), 2):
        assert math.dist(pa, pb) >= 20 * 0.999, (a, b)
    for corners in d.corners.values():
        for x, y in corners:
            assert 0 < x < d.width and 0 < y < d.height


def test_the_diagonal_board_turns_cells_by_45_degrees() -> None:
    rs = load_ruleset("neeley")
    d = draw_board(rs, topology_for(rs), 20, Orientation.X, 2, EN)
    (x0, y0), (x1, y1), _, _ = d.corners[1]
    assert math.degrees(math.atan2(y1 - y0, x1 - x0)) == pytest.approx(45)


def test_cell_size_scales_the_board() -> None:
    rs = load_ruleset("gatigo")
    small = draw_board(rs, topology_for(rs), 10, Orientation.PLUS, 4, EN)
    big = draw_board(rs, topology_for(rs), 20, Orientation.PLUS, 4, EN)
    assert big.width == pytest.approx(2 * small.width)


def test_only_the_seats_in_play_get_start_arrows() -> None:
    rs = load_ruleset("gatigo")
    tags = _tags(draw_board(rs, topology_for(rs), 20, Orientation.X, 2, EN))
    assert set(_numbered(tags, "start arrow")) == {1, 27}
