"""What the WebAssembly engine reads, exported by Python as data: the browser never derives a rule.

`ruleset_data(ruleset, players)` returns one JSON-ready dict per game: the kernel tables (`tables_for`), the
evaluation tables (weights, equity, the learned network), the shape of the search's scratch at every level,
the shipped chance maps of the advisor at every level, the endgame table the evaluation reads (its values ship
beside, as the `.u16z` file `solve.store` reads), and the numbers the JavaScript API
needs to read a state and an event row. docs/web.md describes each field.

A field of a named tuple is exported as a number (ints, bools as 0 or 1) or as an array
{"dtype": "int64" | "float64", "shape": [...], "data": [... flat, row-major]}, in the tuple's field order.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import numpy as np

from printgen.engine import describe as dsc
from printgen.engine import kernel as k
from printgen.engine import layout as lay
from printgen.engine.events import EventKind, Reason
from printgen.engine.integrity import FAULT_NAMES
from printgen.engine.position import Position
from printgen.engine.tables import tables_for
from printgen.players.evaluation.chance_maps import QUANTITIES
from printgen.players.evaluation.features import NF, EvalTables, no_endgame
from printgen.players.roster.eval_tables import eval_tables_for
from printgen.players.roster.map_keys import fresh_maps
from printgen.players.search.levels import MAX_LEVEL
from printgen.players.search.plain import GAME_WEIGHT, make_scratch
from printgen.players.solve.endgame import end_fields, find_endgame
from printgen.rulesets.model import Ruleset
from printgen.web.blocks import DESC
from printgen.web.entries import DIGEST_SIZE, EV_SIZE, RNG_SIZE

FORMAT = 1
# The largest endgame table a phone loads: its values take 8 bytes each in the engine's memory, so 12 million
# entries are 96 MB (the two-piece tables of GATIGO, Ocastudios and Neeley, 4.1, 7.2 and 11.7 million, fit; Bell's,
# 28.6 million or 229 MB, would not). Where the table Python reads is larger, the phone reads the largest that fits.
PHONE_MOST_ENTRIES = 12_000_000


def field(value: object) -> Any:
    """Returns one field of a named tuple as exported."""
    if isinstance(value, np.ndarray):
        kind = "int64" if value.dtype == np.int64 else "float64"
        data = value.ravel().tolist()
        return {"dtype": kind, "shape": list(value.shape), "data": data}
    return int(value)  # type: ignore[call-overload]


def fields(values: tuple[object, ...]) -> list[Any]:
    """Returns a named tuple's fields as exported, in its order."""
    return [field(v) for v in values]


def move_room(ruleset: Ruleset, players: int) -> int:
    """Returns how many move codes a buffer of this game must hold (the search's width)."""
    return int(make_scratch(0, Position.new(ruleset, players).total_items()).moves.shape[1])


def scratch_plan(level: int, total_items: int) -> list[dict[str, Any]]:
    """Returns the dtype and shape of each of the search's scratch buffers for a level, in `Scratch` order."""
    return [{"dtype": "int64" if v.dtype == np.int64 else "float64", "shape": list(v.shape)}
            for v in make_scratch(level, total_items)]


def _maps(ruleset: Ruleset, players: int) -> dict[str, Any]:
    """Returns the advisor's fresh shipped chance maps by level (its default model), as `ChanceMap.arrays` reads."""
    out: dict[str, Any] = {}
    for level in range(MAX_LEVEL + 1):
        maps = fresh_maps(ruleset, players, 0, level)
        if maps:
            out[str(level)] = {}
            for q in QUANTITIES:
                if q in maps:
                    kind, params, x, y = maps[q].arrays()
                    out[str(level)][q] = {"kind": kind, "params": params.tolist(), "x": x.tolist(),
                                          "y": y.tolist()}
    return out


def _exact(ruleset: Ruleset, players: int) -> dict[str, Any] | None:
    """Returns the endgame table the phone's evaluation reads in this game (Python's, where it is no larger than
    PHONE_MOST_ENTRIES): its size, pieces a side, the evaluation field its values go in and its file (a `.u16z`,
    loaded by `Rules.loadExact`), or None."""
    table = find_endgame(ruleset, players, PHONE_MOST_ENTRIES)
    if table is None:
        return None
    return {"size": int(table.layout.size), "pieces": int(table.layout.n_pieces),
            "field": EvalTables._fields.index("end_values"), "file": Path(table.source).name, "source": table.source}


def _eval_fields(ruleset: Ruleset, players: int) -> list[Any]:
    """Returns the evaluation tables' fields as exported: the shape of the endgame table the phone reads (`_exact`)
    without its values (the app loads them from their own file), so the engine reads none until they are loaded."""
    table = find_endgame(ruleset, players, PHONE_MOST_ENTRIES)
    shape, binom, _ = no_endgame() if table is None else end_fields(table, tables_for(ruleset, players))
    et = eval_tables_for(ruleset, players)
    return fields(tuple(et._replace(end_shape=shape, end_binom=binom, end_values=np.zeros(0, dtype=np.float64))))


def ruleset_data(ruleset: Ruleset, players: int) -> dict[str, Any]:
    """Returns everything the WebAssembly engine and its JavaScript API read to play and advise this game."""
    total = Position.new(ruleset, players).total_items()
    return {**kernel_data(ruleset, players),
            "eval": _eval_fields(ruleset, players),
            "scratch": {str(level): scratch_plan(level, total) for level in range(MAX_LEVEL + 1)},
            "maps": _maps(ruleset, players),
            "exact": _exact(ruleset, players)}


def kernel_data(ruleset: Ruleset, players: int) -> dict[str, Any]:
    """Returns what the rules alone need (no evaluation, search or tables of values): enough to play, not advise."""
    t = tables_for(ruleset, players)
    data: dict[str, Any] = {
        "format": FORMAT,
        "ruleset": ruleset.name,
        "players": players,
        "beans": int(t.n_beans),
        "tables": fields(tuple(t)),
        "eval": None,
        "scratch": None,
        "maps": {},
        "exact": None,
        "sizes": {"state": lay.STATE_SIZE, "events": EV_SIZE, "rng": RNG_SIZE, "digest": DIGEST_SIZE, "desc": DESC,
                  "maxp": lay.MAXP, "maxk": lay.MAXK, "moves": move_room(ruleset, players),
                  "ev_width": k.EV_WIDTH, "features": NF},
        "state": lay.reader_offsets(),
        "state_faults": list(FAULT_NAMES),
        "phases": {"opening": k.PHASE_OPENING, "bet": k.PHASE_BET, "move": k.PHASE_MOVE, "over": k.PHASE_OVER},
        "moves": {"pass": k.PASS, "enter_cw": k.ENTER_CW, "enter_ccw": k.ENTER_CCW, "bet0": k.BET0},
        "described": {"size": dsc.DESCRIBED, "kinds": ["move", "enter", "pass", "bet"],
                      "none": dsc.DIRECTION_NONE, "cw": dsc.DIRECTION_CW, "ccw": dsc.DIRECTION_CCW},
        "events": {"kinds": [e.value for e in EventKind], "reasons": [r.value for r in Reason],
                   "pool": k.POOL, "offering": k.OFFERING},
        "game_weight": GAME_WEIGHT,
        "one_game": bool(t.one_game),
        "max_level": MAX_LEVEL,
    }
    data["fingerprint"] = hashlib.sha256(json.dumps({key: data[key] for key in ("tables", "sizes")},
                                                    sort_keys=True).encode()).hexdigest()[:16]
    return data
