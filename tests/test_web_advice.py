"""The two targets agree on the advisor: numba's and WebAssembly's (under Node, through the ES module) give the same
move order and the same chances (to 1e-9) at levels 0-3 on mid-game positions of every built-in ruleset.

In its own file so the test runner's second worker takes it beside tests/test_web_conformance.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.engine.position import Position
from printgen.rulesets import load_builtin
from printgen.web.export import ruleset_data
from tests.test_web_conformance import (
    ADVICE_POSITIONS,
    DEEP_POSITIONS,
    NODE,
    _compare_advice,
    _node,
    _write,
    midgame_positions,
)

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
        for level, got in enumerate(answers):
            _compare_advice(spec, pos, marks, level, got)
