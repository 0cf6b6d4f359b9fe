"""The two targets agree on the advisor and the review: numba's and WebAssembly's (under Node, through the ES module)
give the same move order and the same chances (to 1e-9) at levels 0-3 on mid-game positions of every built-in
ruleset, and the same values of every move and position as the game review searches them.

In its own file so the test runner's second worker takes it beside tests/test_web_conformance.py.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from printgen.engine.position import Position
from printgen.players.analysis.advisor import estimate
from printgen.players.analysis.review import _Searcher
from printgen.rulesets import load_builtin
from printgen.web.export import ruleset_data
from tests.test_web_conformance import (
    ADVICE_POSITIONS,
    DEEP_POSITIONS,
    NODE,
    TOLERANCE,
    _compare_advice,
    _node,
    _write,
    midgame_positions,
)

REVIEW_POSITIONS = 300  # positions per built-in ruleset valued as the review values them
REVIEW_LEVELS = (0, 1, 2)

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(NODE is None, reason="node is not installed (Debian package nodejs; .ci/run "
                                                       "installs it)")]


@pytest.mark.parametrize("spec", ["bell", "gatigo", "neeley", "ocastudios"])
def test_advice_agrees_at_every_level(spec: str, tmp_path: Path) -> None:
    r = load_builtin(spec)
    positions = midgame_positions(r, 2, ADVICE_POSITIONS, 99)
    path = _write(tmp_path, spec, ruleset_data(r, 2))
    shallow, deep = positions[DEEP_POSITIONS:], positions[:DEEP_POSITIONS]
    found = _node([{"kind": "advice", "data": path, "positions": shallow, "levels": [0, 1, 2]},
                   {"kind": "advice", "data": path, "positions": deep, "levels": [0, 1, 2, 3]}], tmp_path)
    for (state, marks), answers in zip(shallow + deep, found[0] + found[1], strict=True):
        pos = Position(r, 2, tuple(state))
        for level, got in enumerate(answers["advice"]):
            _compare_advice(spec, pos, marks, level, got)
        for got, want in zip(answers["estimate"], estimate(pos), strict=True):
            assert got["seat"] == want.seat
            for key, value in (("winGame", want.win_game), ("items", want.items), ("winContest", want.win_contest)):
                assert abs(got[key] - value) <= TOLERANCE, f"{spec} estimate: {key}"


@pytest.mark.parametrize("level", REVIEW_LEVELS)
def test_review_values_agree(level: int, tmp_path: Path) -> None:
    jobs, cases = [], []
    for spec in ("bell", "gatigo", "neeley", "ocastudios"):
        r = load_builtin(spec)
        positions = midgame_positions(r, 2, REVIEW_POSITIONS, 31 + level)
        cases.append((spec, r, positions))
        jobs.append({"kind": "review", "data": _write(tmp_path, spec, ruleset_data(r, 2)), "positions": positions,
                     "level": level})
    found = _node(jobs, tmp_path)
    for (spec, r, positions), answers in zip(cases, found, strict=True):
        search = _Searcher(Position.new(r, 2), level)
        for (state, marks), got in zip(positions, answers, strict=True):
            st = np.array(state, dtype=np.int64)
            codes, vals = search.children(st, marks)
            assert got["moves"]["moves"] == [int(c) for c in codes], spec
            assert np.allclose(np.array(got["moves"]["values"]), vals, rtol=0, atol=TOLERANCE), spec
            want = search.value(st, int(Position(r, 2, tuple(state)).game))
            assert np.allclose(np.array(got["value"]), want, rtol=0, atol=TOLERANCE), spec
