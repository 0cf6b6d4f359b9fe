"""The browser names every move as Python does: `Contest.describe` against `Position.decode`, over random games
of every built-in ruleset at every player count (the texts a saved game's record holds)."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from printgen.engine.position import Position
from printgen.rulesets import load_builtin
from printgen.rulesets.load import BUILTIN
from printgen.web.export import kernel_data

ROOT = Path(__file__).resolve().parent.parent
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed (Debian package nodejs; .ci/run "
                                                     "installs it)")


def _cases(pos: Position, rng: random.Random, turns: int) -> tuple[list[dict], list[list[str]]]:
    """Plays `turns` random turns; returns each position with its cast, and Python's notation of its moves."""
    cases, texts, start = [], [], pos
    for _ in range(turns):
        if pos.phase.value == "over":
            pos = start
        marks = rng.randint(0, pos.ruleset.beans.count) if pos.needs_cast else 0
        moves = pos.legal_moves(marks)
        cases.append({"state": list(pos.state), "marks": marks})
        texts.append([str(m) for m in moves])
        pos = pos.play(marks, rng.choice(moves))[0]
    return cases, texts


@pytest.mark.parametrize("name", BUILTIN)
def test_every_move_is_named_alike(name: str, tmp_path: Path) -> None:
    rs = load_builtin(name)
    rng = random.Random(name)
    for players in rs.player_counts():
        cases, texts = _cases(Position.new(rs, players), rng, 600)
        (tmp_path / "data.json").write_text(json.dumps(kernel_data(rs, players)))
        (tmp_path / "cases.json").write_text(json.dumps(cases))
        done = subprocess.run([NODE, str(ROOT / "tests" / "web" / "describe.mjs"), str(tmp_path / "data.json"),
                               str(tmp_path / "cases.json")], capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr[-2000:]
        got = json.loads(done.stdout)
        assert len(got) == len(texts) > 100
        assert got == texts
        assert any(t.startswith("E") for row in texts for t in row) and any("-" in t for row in texts for t in row)
