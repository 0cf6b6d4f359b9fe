"""The ES module refuses bad input with a named error and leaves the contest as it was (under Node)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from printgen.rulesets import load_builtin
from printgen.web.export import kernel_data, ruleset_data

ROOT = Path(__file__).resolve().parent.parent
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed (Debian package nodejs; .ci/run "
                                                     "installs it)")

EXPECTED = {
    "unknown move code": "IllegalMoveError",
    "a bet while moving": "IllegalMoveError",
    "six marks of five beans": "CastError",
    "negative marks": "CastError",
    "fractional marks": "CastError",
    "level 7": "LevelError",
    "level -1": "LevelError",
    "level 2.5": "LevelError",
    "a 4-player state in a 2-player game": "RulesetError",
    "a piece on a cell past the board": "RulesetError",
    "a short state": "RulesetError",
    "a state of words": "RulesetError",
    "data of another format": "RulesetError",
    "advice from rules-only data": "RulesetError",
}


def test_bad_input_gets_a_named_error_and_changes_nothing(tmp_path: Path) -> None:
    bell = load_builtin("bell")
    for name, data in (("bell", ruleset_data(bell, 2)), ("bell4", kernel_data(bell, 4)),
                       ("rules-only", kernel_data(bell, 2))):
        (tmp_path / f"{name}.json").write_text(json.dumps(data))
    done = subprocess.run([NODE, str(ROOT / "tests" / "web" / "api.mjs"), str(tmp_path)], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    results = {r["case"]: r for r in json.loads(done.stdout)}
    for case, name in EXPECTED.items():
        got = results[case]
        assert got["name"] == name, f"{case}: {got}"
        assert got["patolli"] and got["unchanged"], f"{case}: {got}"
        assert got["message"] and "undefined" not in got["message"], f"{case}: {got['message']}"
    assert results["a good state loads"]["same"]
