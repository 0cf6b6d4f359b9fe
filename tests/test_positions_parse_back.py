"""Every position the engine produces parses back through both notations, under every ruleset and option.

Random play (seeded, bounded in plies) from the start of a contest, for every built-in ruleset with every
combination of its options that loads, and 2, 3 and 4 players wherever the ruleset allows them.
"""

from __future__ import annotations

import itertools
import json
import random

import pytest

from printgen.engine import notation
from printgen.engine.beans import Beans
from printgen.engine.position import Phase, Position
from printgen.errors import RulesetError
from printgen.ruleset_files import load_ruleset
from printgen.rulesets import BUILTIN

PLIES = 800  # per ruleset and player count: whole games, and contests replayed as they end


def _specs() -> list[str]:
    specs = []
    for name in BUILTIN:
        options = [o.name for o in load_ruleset(name).options]
        for r in range(len(options) + 1):
            for combo in itertools.combinations(options, r):
                spec = "+".join((name, *combo))
                try:
                    load_ruleset(spec)
                except RulesetError:
                    continue  # a combination the ruleset refuses (tested below)
                specs.append(spec)
    return specs


SPECS = _specs()
CASES = [(spec, n) for spec in SPECS for n in (2, 3, 4) if n in load_ruleset(spec).player_counts()]


def test_every_option_is_covered() -> None:
    assert {"bell+partnerships", "bell+no_gambling", "bell+no_gambling_backwards",
            "bell+partnerships+no_gambling", "bell+partnerships+no_gambling_backwards",
            "ocastudios+empty_start"} <= set(SPECS)
    assert "bell+no_gambling+no_gambling_backwards" not in SPECS
    assert ("bell+partnerships", 2) not in CASES and ("bell+partnerships", 4) in CASES


@pytest.mark.slow
@pytest.mark.usefixtures("rulesets_read_once")
@pytest.mark.parametrize(("spec", "players"), CASES)
def test_every_position_from_random_play_parses_back(spec: str, players: int) -> None:
    rs = load_ruleset(spec)
    beans = Beans(rs.beans)
    rng = random.Random(f"{spec}/{players}")
    pos = Position.new(rs, players)
    contests = 0
    for _ in range(PLIES):
        line = notation.to_compact(pos)
        back = notation.from_compact(line)
        assert back == pos, line
        assert notation.to_compact(back) == line
        assert notation.from_json(json.loads(notation.dumps(pos))) == pos, line
        if pos.phase is Phase.OVER:
            contests += 1
            pos = Position.new(rs, players)
            continue
        marks = beans.cast(rng).marks
        pos = pos.after(marks, rng.choice(pos.move_codes(marks)))
    assert contests > 0 or pos.game > 1  # play got beyond one game's positions
