"""The two targets agree on rollouts: numba's `roll_out` and WebAssembly's (under Node, through the ES module's
`Contest.rollout`) give the same moves in the same order with the same means and standard errors (to 1e-9) on
mid-game positions, for a seed that fits an i32 and one that does not, whatever the slices the trials run in.

In its own file so the test runner's second worker can take it beside the other web tests.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from printgen.engine.position import Position
from printgen.players.analysis.rollouts import roll_out
from printgen.players.search.rollout_trials import ALL, LUCK
from printgen.rulesets import load_builtin
from printgen.web.export import ruleset_data
from tests.test_web_conformance import NODE, TOLERANCE, _node, _write, midgame_positions

POSITIONS = 3  # mid-game positions per ruleset
TRIALS = 20

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(NODE is None, reason="node is not installed (Debian package nodejs; .ci/run "
                                                       "installs it)")]


@pytest.mark.parametrize("spec", ["bell", "gatigo"])
@pytest.mark.parametrize(("seed", "flags", "slice_"), [(5, ALL, 7), (3_000_000_000, ALL & ~LUCK, 20)])
def test_rollouts_agree(spec: str, seed: int, flags: int, slice_: int, tmp_path: Path) -> None:
    r = load_builtin(spec)
    positions = midgame_positions(r, 2, POSITIONS, 41)
    js_seed = seed - 2**32 if seed >= 2**31 else seed  # what an i32 holds: the same low 32 bits
    job = {"kind": "rollout", "data": _write(tmp_path, spec, ruleset_data(r, 2)), "positions": positions,
           "trials": TRIALS, "seed": js_seed, "flags": flags, "slice": slice_}
    found = _node([job], tmp_path)[0]
    for (state, marks), got in zip(positions, found, strict=True):
        pos = Position(r, 2, tuple(state))
        want = roll_out(pos, marks, TRIALS, seed, flags)
        assert [g["move"] for g in got] == [pos.encode(m.move, marks) for m in want.moves], spec
        for g, m in zip(got, want.moves, strict=True):
            assert g["trials"] == TRIALS
            for key, c in (("winGame", m.win_game), ("winContest", m.win_contest), ("diff", m.diff)):
                assert abs(g[key]["mean"] - c.mean) <= TOLERANCE, (spec, key)
                assert abs(g[key]["se"] - c.se) <= TOLERANCE, (spec, key)
