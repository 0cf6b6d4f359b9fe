"""The kernel's state array holds the largest rules the loader accepts, checked by playing them with bounds checks on.

The compiled kernel runs without bounds checks, so a board, a seat or a piece past the array's end would
write into whatever lies beyond it, silently. Here rulesets at every maximum (four players, the most pieces,
the longest arm, the highest score, the most items) play many random games compiled with numba's bounds
checking, in a fresh process (the engine keeps code compiled with checks in a cache folder of its own, so code
cached without them is never reused, `jit.BOUNDS_CHECKED`), and a state array one arm too short is caught.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

from printgen.engine import jit
from printgen.engine import layout as lay
from printgen.engine.tables import tables_for
from printgen.engine.topology import topology_for
from printgen.rulesets import builtin_text, parse_ruleset
from printgen.rulesets.model import MAX_ARM, MAX_ITEMS, MAX_PIECES, MAX_PLAYERS, MAX_SCORE, Ruleset

ROOT = Path(__file__).resolve().parent.parent


def largest_rules() -> dict[str, dict[str, Any]]:
    """Returns the TOML data of rulesets at every maximum, by name: gambling with bets, and a race in teams."""
    base = tomllib.loads(builtin_text("gatigo"))
    every_zone = ["centre", "start", "end", "before_centre"]
    gambling = {
        **base,
        "board": {**base["board"], "arm_length": MAX_ARM, "wedge_depths": [4, 12], "rounded_depths": [MAX_ARM],
                  "capture_zones": every_zone},
        "beans": {**base["beans"], "scores": [MAX_SCORE, 1, 2, 3, 4]},
        "players": {**base["players"], "pieces": [MAX_PIECES] * 3, "direction": "choose", "opening": "highest"},
        "entry": {"scores": [1, 2, 3, 4, MAX_SCORE], "first_any": True},
        "economy": {**base["economy"], "starting_items": MAX_ITEMS, "betting": "choose", "bankruptcy": "empty"},
        # a jammed board (every piece blocked) costs the player who cannot move, so jams end in bankruptcy
        "payments": {**base["payments"], "no_move": {"amount": 10, "from": "mover", "to": "pool"}},
        "options": {},
    }
    race = {
        **gambling,
        "board": {**gambling["board"], "start_depth": MAX_ARM, "rounded_depths": [10], "wedge_depths": [5, 15]},
        "players": {**gambling["players"], "min": MAX_PLAYERS, "pieces": [MAX_PIECES], "partnerships": True,
                    "direction": "clockwise", "start_on_board": 1},
        "economy": {**gambling["economy"], "gambling": False},
        "penalties": {"wedge": "move_back"},
    }
    return {"gambling": gambling, "race": race}


def _ruleset(name: str, data: dict[str, Any]) -> Ruleset:
    return parse_ruleset(data, f"the largest rules ({name})", origin=name)


SCRIPT = """
import json, sys
import numpy as np
from printgen.engine import kernel as k
from printgen.engine import layout as lay
from printgen.engine.jit import CACHE_DIR, JIT
from printgen.engine.rng import seed_rng
from printgen.engine.simulate import random_games
from printgen.engine.tables import tables_for
from printgen.rulesets import parse_ruleset

rules, turns_each = json.loads(sys.stdin.read())
result = {"jit": JIT, "cache": str(CACHE_DIR), "played": {}}
for name, data in rules.items():
    rs = parse_ruleset(data, name, origin=name)
    t = tables_for(rs, rs.players.max_players)
    st = np.zeros(lay.STATE_SIZE, dtype=np.int64)
    ev = np.zeros(1 + k.EV_MAX * k.EV_WIDTH, dtype=np.int64)
    out = np.zeros(lay.move_capacity(rs.economy.starting_items * rs.players.max_players), dtype=np.int64)
    rng = np.zeros(4, dtype=np.int64)
    seed_rng(rng, 7)
    counts = np.zeros(2, dtype=np.int64)
    contests = 0
    while counts[1] < turns_each:
        k.init_contest(st, t, ev)
        contests += 1
        random_games(st, t, rng, 1 << 30, turns_each - counts[1], counts, ev, out)
    result["played"][name] = {"contests": contests, "games": int(counts[0]), "turns": int(counts[1]),
                              "over": bool(st[lay.H_PHASE] == k.PHASE_OVER)}
# a state array sized for a board one arm shorter: the checks must refuse it, not write past its end
rs = parse_ruleset(rules["gambling"], "gambling", origin="gambling")
t = tables_for(rs, rs.players.max_players)
short = np.zeros(lay.STATE_SIZE - 8, dtype=np.int64)
try:
    k.init_contest(short, t, ev)
    counts[:] = 0
    random_games(short, t, rng, 1 << 30, 100_000, counts, ev, out)
    result["short"] = "accepted"
except IndexError as exc:
    result["short"] = f"IndexError: {exc}"
print(json.dumps(result))
"""


def test_the_state_array_is_sized_from_the_largest_rules() -> None:
    rules = {name: _ruleset(name, data) for name, data in largest_rules().items()}
    rs = rules["gambling"]
    assert (rs.board.arm_length, rs.players.max_players, max(rs.players.pieces)) == (MAX_ARM, MAX_PLAYERS, MAX_PIECES)
    assert MAX_SCORE in rs.beans.scores and rs.economy.starting_items == MAX_ITEMS
    cells = topology_for(rs).size
    # every block of the state holds the maxima: a player block per seat, a slot per piece, a slot per cell
    assert (lay.MAXP, lay.MAXK, lay.MAXC) == (MAX_PLAYERS, MAX_PIECES, cells)
    assert lay.K0 >= lay.P0 + MAX_PLAYERS * lay.PS and lay.O0 >= lay.K0 + MAX_PLAYERS * MAX_PIECES
    assert lay.STATE_SIZE == lay.O0 + cells
    for r in rules.values():
        t = tables_for(r, r.players.max_players)
        assert t.path.shape == (lay.MAXP, 2, cells) and int(t.path.max()) == cells - 1
        assert t.n_pieces == lay.MAXK and t.n_players == lay.MAXP


def test_the_move_buffer_holds_every_move() -> None:
    # a code per piece and both entries while moving; a bet of each size up to every item in play
    assert lay.move_capacity(0) == lay.MAXK + 2
    assert lay.move_capacity(MAX_PLAYERS * MAX_ITEMS) == MAX_PLAYERS * MAX_ITEMS


@pytest.mark.slow
def test_the_largest_rules_play_inside_the_arrays_with_bounds_checks_on(tmp_path: Path) -> None:
    cache = tmp_path if jit.CACHE_DIR is None else jit.CACHE_DIR.parent  # checked code is kept apart within it
    env = {**os.environ, "NUMBA_BOUNDSCHECK": "1", jit.ENV_CACHE: str(cache),
           "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    env.pop("PATOLLI_NO_JIT", None)
    turns = 300_000
    done = subprocess.run([sys.executable, "-c", SCRIPT], input=json.dumps([largest_rules(), turns]), cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=1800)
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout)
    assert result["jit"] is True and jit.BOUNDS_CHECKED in Path(result["cache"]).parts
    for name, played in result["played"].items():
        # many games, contests begun again after each ends: every phase, bet, capture and bearing off is reached
        assert played["turns"] >= turns and played["games"] >= 20, (name, played)
    assert result["short"].startswith("IndexError"), result["short"]
