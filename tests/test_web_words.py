"""The phone app says every turn as Python's narration does (words.js against rules_text/narration.py), in
English and Spanish, over random contests of every built-in ruleset: the same templates, the same choices."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from printgen.engine.position import Phase, Position
from printgen.lang import templates
from printgen.rules_text.narration import Narration
from printgen.ruleset_files import load_ruleset
from printgen.web.app_data import game_files
from tests.test_web_table import app_tree

ROOT = Path(__file__).resolve().parent.parent
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed (Debian package nodejs; .ci/run "
                                                     "installs it)")


def _cases(spec: str, players: int, lang: str, turns: int) -> tuple[list[dict], list[list[str]]]:
    rs = load_ruleset(spec)
    N = Narration(rs, lang)
    rng = random.Random(f"{spec}{players}{lang}")
    start = pos = Position.new(rs, players)
    cases, lines = [], []
    for _ in range(turns):
        if pos.phase is Phase.OVER:
            pos = start
        marks = rng.randint(0, rs.beans.count) if pos.needs_cast else None
        codes = pos.move_codes(marks or 0)
        code = rng.choice(codes)
        move = pos.decode(code, marks or 0)
        after, events = pos.play(marks or 0, code)
        cases.append({"state": list(pos.state), "marks": marks, "code": code, "opening": pos.phase is Phase.OPENING})
        lines.append(N.step(pos.to_move, marks, move, events, pos))
        pos = after
    return cases, lines


@pytest.mark.parametrize(("spec", "players", "lang"), [("bell", 2, "en"), ("bell", 4, "es"), ("neeley", 2, "en"),
                                                       ("gatigo", 3, "es"), ("ocastudios", 2, "en"),
                                                       ("bell+no_gambling_backwards", 3, "en"),
                                                       ("bell+partnerships", 4, "es")])
def test_every_turn_reads_alike(spec: str, players: int, lang: str, tmp_path: Path) -> None:
    site = app_tree(tmp_path)
    _, data = game_files(load_ruleset(spec), players, {})
    cases, lines = _cases(spec, players, lang, 1500)
    for name, value in (("game", data), ("words", {"lang": lang, "t": templates(lang)}), ("cases", cases)):
        (tmp_path / f"{name}.json").write_text(json.dumps(value))
    done = subprocess.run([NODE, str(ROOT / "tests" / "web" / "words.mjs"), str(site)] +
                          [str(tmp_path / f"{n}.json") for n in ("game", "words", "cases")],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    got = json.loads(done.stdout)
    assert len(got) == len(lines)
    for i, (a, b) in enumerate(zip(got, lines, strict=True)):
        assert a == b, f"turn {i + 1}: {a} != {b}"
    assert sum(len(x) for x in lines) > len(lines)  # events beyond the first line were said too
