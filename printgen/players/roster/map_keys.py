"""Which player a calibration map belongs to: its key (ruleset, player count, player name) and the fingerprint of
everything that shapes the player's searched chances, and the shipped maps that are fresh for a player.

The fingerprint hashes the kernel tables, the evaluation tables (weights, equity), the model, the level
and what the evaluation says of fixed positions of seeded random play (`chance_maps` says why); the
positions are played by the roster's random player, so this lives in the roster and not with the maps.
"""

from __future__ import annotations

import hashlib
import random
from functools import cache
from typing import Any

import numpy as np

from printgen.engine import layout as lay
from printgen.engine.position import Phase, Position
from printgen.engine.tables import tables_for
from printgen.players.evaluation import chance_maps, learned
from printgen.players.evaluation.chance_maps import ChanceMap
from printgen.players.evaluation.features import evaluate_model, evaluation_buffers
from printgen.players.evaluation.weights import builtin
from printgen.players.roster.eval_tables import eval_tables_for
from printgen.players.roster.registry import MODEL_NAMES, player, seeded_rng
from printgen.rulesets.model import Ruleset

PROBE_SEED, PROBE_POSITIONS = 2026, 48  # positions of seeded random play whose evaluation stamps a player


def player_name(model: int, level: int) -> str:
    """Returns the arena's name of the advisor with this evaluation model and search level."""
    return f"{MODEL_NAMES.get(model, f'advisor-model{model}')}:{level}"


def map_key(ruleset: Ruleset, players: int, model: int, level: int) -> str:
    """Returns the key a map is stored under: ruleset, player count and player."""
    return f"{ruleset.spec}/{players}/{player_name(model, level)}"


# Fields a map's fingerprint leaves out. The endgame table's: the maps shipped were fitted on self-play without it,
# and it changes the searched chances only where each seat has one piece left to bear off (none of the probe's
# positions), values that are exact where the game is the contest and shown unmapped there. Refitting every map
# with the tables, on fresh seeds, is issue 24's calibration work (docs/solved.md, "Exact endgame tables").
UNSTAMPED = ("default_model", "end_shape", "end_binom", "end_values")


def _digest_arrays(h: Any, tables: Any) -> None:
    for name, value in zip(tables._fields, tables, strict=True):
        if name in UNSTAMPED:
            continue  # default_model: which model MODEL_NOW reads shows in the probe's values (a linear default's
            # maps stay fresh)
        a = np.ascontiguousarray(learned.unit_major(value) if name == "net" else np.asarray(value))
        h.update(f"{name}:{a.dtype.str}:{a.shape}".encode())
        h.update(a.tobytes())


def _probe(ruleset: Ruleset, players: int, model: int) -> bytes:
    """Returns the evaluation's three numbers per seat on PROBE_POSITIONS positions of seeded random play, as bytes
    rounded to 1e-9 (so the same values give the same bytes on any machine)."""
    et = eval_tables_for(ruleset, players)
    rnd, rng, me = random.Random(PROBE_SEED), seeded_rng(PROBE_SEED), player("random")
    out, fx = evaluation_buffers()
    rows: list[np.ndarray] = []
    pos = Position.new(ruleset, players)
    for _ in range(PROBE_POSITIONS * 3):
        if pos.phase is Phase.OVER:
            pos = Position.new(ruleset, players)
        marks = rnd.randint(0, ruleset.beans.count) if pos.needs_cast else 0
        pos = pos.after(marks, me.choose(pos, marks, rng))
        if len(rows) < PROBE_POSITIONS and rnd.random() < 0.5:
            st = pos.array()
            evaluate_model(st, pos.tables, et, lay.game(st), out, fx, model)
            rows.append(np.round(out[:, :players], 9))
    return np.ascontiguousarray(np.stack(rows)).tobytes()


@cache
def fingerprint(ruleset: Ruleset, players: int, model: int, level: int) -> str:
    """Returns 16 hex digits that change whenever the searched chances of this player may: the kernel and
    evaluation tables (weights and equity included), the model, the level, and the evaluation's values on
    fixed positions."""
    h = hashlib.sha256(f"{ruleset.spec}/{players}/model {model}/level {level}".encode())
    _digest_arrays(h, tables_for(ruleset, players))
    _digest_arrays(h, eval_tables_for(ruleset, players))
    h.update(_probe(ruleset, players, model))
    return h.hexdigest()[:16]


def fresh_entry(ruleset: Ruleset, players: int, model: int, level: int) -> dict[str, Any] | None:
    """Returns the shipped entry of this player if it is fresh (its fingerprint matches), else None."""
    if not builtin(ruleset):
        return None
    entry = chance_maps.stored_maps().get(map_key(ruleset, players, model, level))
    if entry is None or entry["fingerprint"] != fingerprint(ruleset, players, model, level):
        return None
    return entry


def fresh_maps(ruleset: Ruleset, players: int, model: int, level: int) -> dict[str, ChanceMap]:
    """Returns the fresh shipped maps of this player ({} when there are none or they are stale)."""
    entry = fresh_entry(ruleset, players, model, level)
    return {} if entry is None else {q: entry[q] for q in chance_maps.QUANTITIES if q in entry}
