"""The cross derived from a ruleset: numbering, kinds, paths and grid positions."""

from __future__ import annotations

from collections import Counter

import pytest

from printgen.engine.topology import CellKind, topology_for
from printgen.ruleset_files import load_ruleset
from printgen.rulesets import BUILTIN


@pytest.mark.parametrize("name", BUILTIN)
def test_every_cell_is_numbered_once_and_sits_on_its_own_square(name: str) -> None:
    topo = topology_for(load_ruleset(name))
    assert [c.number for c in topo.cells] == list(range(1, topo.size + 1))
    assert len({c.grid for c in topo.cells}) == topo.size


@pytest.mark.parametrize("name", BUILTIN)
def test_consecutive_cells_are_neighbours_round_the_loop(name: str) -> None:
    topo = topology_for(load_ruleset(name))
    for a, b in zip(topo.cells, topo.cells[1:] + topo.cells[:1], strict=True):
        assert abs(a.grid[0] - b.grid[0]) + abs(a.grid[1] - b.grid[1]) == 1, (a.number, b.number)


@pytest.mark.parametrize("name", BUILTIN)
def test_cell_one_is_seat_a_start_and_the_last_cell_its_end(name: str) -> None:
    topo = topology_for(load_ruleset(name))
    assert topo.cell(1).kind is CellKind.START and topo.cell(1).seat == 0
    assert topo.cell(topo.size).kind is CellKind.END and topo.cell(topo.size).seat == 0
    assert topo.path(0) == tuple(range(topo.size))


def test_bell_has_eight_wedges_and_eight_rounded_ends() -> None:
    counts = Counter(c.kind for c in topology_for(load_ruleset("bell")).cells)
    assert counts[CellKind.WEDGE] == 8 and counts[CellKind.ROUNDED] == 8 and sum(counts.values()) == 60


def test_rounded_cells_are_the_tips_of_the_arms() -> None:
    topo = topology_for(load_ruleset("neeley"))
    tips = [c for c in topo.cells if c.kind is CellKind.ROUNDED]
    assert all(c.depth == 8 for c in tips) and {c.quarter for c in tips} == {0, 1, 2, 3}


def test_neeley_bumps_on_the_four_centre_squares_and_the_square_before_each() -> None:
    topo = topology_for(load_ruleset("neeley"))
    capture = [c for c in topo.cells if c.capture]
    assert sum(c.depth == 0 for c in capture) == 4 and len(capture) == 8
    for c in capture:
        if c.depth:
            assert topo.cell(c.number % topo.size + 1).depth == 0


def test_anticlockwise_path_runs_the_other_way() -> None:
    topo = topology_for(load_ruleset("bell"))
    assert topo.path(0, clockwise=False)[:3] == (0, 59, 58)
