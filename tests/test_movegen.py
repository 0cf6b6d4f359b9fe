"""Move generation against hand-counted numbers (perft-style) and against an independent naive generator."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from naive_rules import naive_moves

from printgen.engine.beans import Beans
from printgen.engine.notation import from_compact
from printgen.engine.position import Phase, Position
from printgen.ruleset_files import load_ruleset

PERFT = json.loads((Path(__file__).parent / "data" / "perft.json").read_text("utf-8"))["positions"]


@pytest.mark.parametrize("case", PERFT, ids=[c["note"][:40] for c in PERFT])
def test_legal_move_counts_match_the_hand_counted_file(case: dict) -> None:
    pos = from_compact(case["position"])
    counts = [len(pos.legal_moves(m)) for m in range(pos.ruleset.beans.count + 1)]
    assert counts == case["counts"]
    assert [len(naive_moves(pos, m)) for m in range(pos.ruleset.beans.count + 1)] == case["counts"]


@pytest.mark.parametrize("spec,players", [("bell", 2), ("bell", 3), ("bell+partnerships", 4), ("neeley", 2),
                                          ("ocastudios", 2), ("gatigo", 2), ("gatigo", 4)])
def test_kernel_agrees_with_the_naive_generator_along_random_games(spec: str, players: int) -> None:
    rs = load_ruleset(spec)
    rng = random.Random(11)
    beans = Beans(rs.beans)
    pos = Position.new(rs, players)
    for _ in range(1500):
        if pos.phase is Phase.OVER:
            pos = Position.new(rs, players)
        for m in range(rs.beans.count + 1):
            assert {str(x) for x in pos.legal_moves(m)} == naive_moves(pos, m), (pos, m)
        marks = beans.cast(rng).marks
        pos = pos.after(marks, rng.choice(pos.legal_moves(marks)))
