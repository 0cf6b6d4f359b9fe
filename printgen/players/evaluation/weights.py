"""The evaluation's weights for a ruleset: shipped for the built-ins (`data/evaluation.json`), else fitted on first use.

The shipped file is checked as it loads: every entry must name the evaluation's features, in its
order, with a weight for each (compiled code reads the weights without bounds checks, so a file
written for another feature list must be refused, not read past its end). `write_weights` refits
and rewrites it (`python scripts/calibrate_evaluation.py`).
"""

from __future__ import annotations

import json
import math
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from printgen.errors import PatolliError
from printgen.files import write_atomic
from printgen.players.evaluation import equity, learned
from printgen.players.evaluation.features import FEATURE_NAMES, NF, EvalTables, make_tables, static_tables
from printgen.players.roster import fit as calibration
from printgen.rulesets.model import Ruleset

SHIPPED = "data/evaluation.json"  # inside printgen.players
SHIPPED_2026 = "data/evaluation_2026.json"  # the weights of the advisor of 2026, kept for comparison
N_GAME, N_ITEMS = NF, 2 * NF + 1  # weights of the game model; of the items model (own, others', intercept)


class WeightsError(PatolliError):
    """A weights file does not fit the evaluation's features."""


def weights_key(ruleset: Ruleset, players: int) -> str:
    """Returns the key under which the fitted weights of a ruleset and player count are stored."""
    return f"{ruleset.spec}/{players}"


def _numbers(entry: dict[str, Any], name: str, count: int, where: str) -> np.ndarray:
    raw = entry.get(name)
    if not isinstance(raw, list) or len(raw) != count:
        got = f"{len(raw)} numbers" if isinstance(raw, list) else "no list"
        raise WeightsError(f"{where}: \"{name}\" has {got}, but the evaluation's {NF} features "
                           f"({', '.join(FEATURE_NAMES)}) need {count}")
    if not all(type(x) in (int, float) and math.isfinite(x) for x in raw):
        raise WeightsError(f"{where}: \"{name}\" must hold finite numbers only")
    return np.array(raw, dtype=np.float64)


def check_weights(data: Any, source: str) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Returns {key: (w_game, w_items)} of a parsed weights file, or raises WeightsError naming the key at fault."""
    if not isinstance(data, dict):
        raise WeightsError(f"{source}: a weights file is an object of \"ruleset/players\" keys")
    out = {}
    for key, entry in data.items():
        where = f"{source}: \"{key}\""
        if not isinstance(entry, dict):
            raise WeightsError(f"{where} must be an object with \"features\", \"w_game\" and \"w_items\"")
        features = entry.get("features")
        if features != list(FEATURE_NAMES):
            raise WeightsError(f"{where} was fitted for the features {features}, but the evaluation's are "
                               f"{list(FEATURE_NAMES)}: refit with scripts/calibrate_evaluation.py")
        out[key] = (_numbers(entry, "w_game", N_GAME, where), _numbers(entry, "w_items", N_ITEMS, where))
    return out


def load_weights(path: Path) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Returns the checked weights of a weights file."""
    try:
        data = json.loads(Path(path).read_text("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise WeightsError(f"{path}: not a readable weights file ({exc})") from None
    return check_weights(data, str(path))


@cache
def stored_weights(name: str = SHIPPED) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Returns the weights fitted for the built-in rulesets, as shipped with the package (checked);
    name=SHIPPED_2026 those of the advisor of 2026."""
    path = resources.files("printgen.players").joinpath(name)
    if not path.is_file():
        return {}
    return check_weights(json.loads(path.read_text("utf-8")), f"printgen/players/{name}")


def builtin(ruleset: Ruleset) -> bool:
    """Returns whether a ruleset is a built-in one (variants included), unchanged: shipped data apply."""
    from printgen.ruleset_files import load_ruleset
    from printgen.rulesets import BUILTIN

    return ruleset.spec.split("+")[0] in BUILTIN and load_ruleset(ruleset.spec) == ruleset


@cache
def eval_tables_for(ruleset: Ruleset, players: int) -> EvalTables:
    """Returns the evaluation tables of a ruleset: shipped weights and contest equity for built-ins, else
    fitted now (a few seconds). The advisor of 2026 reads its own shipped weights (a custom ruleset's: today's)."""
    static = static_tables(ruleset, players)
    key = weights_key(ruleset, players)
    is_builtin = builtin(ruleset)
    shipped = stored_weights().get(key) if is_builtin else None
    if shipped is None:
        f = calibration.fit(ruleset, players, games=calibration.QUICK_GAMES)
        shipped = (f.w_game, f.w_items)
    old = stored_weights(SHIPPED_2026).get(key) if is_builtin else None
    table = None
    if equity.has_equity(ruleset, players):
        table = equity.stored_equity().get(key) if is_builtin else None
        if table is None:
            table = equity.compute_equity(ruleset, equity.QUICK_GAMES)[0]
    net = learned.stored_net(key, NF) if is_builtin else None  # the learned evaluation, where one ships
    return make_tables(static, *shipped, old=old, equity=table, net=net, net_default=key in learned.DEFAULT_KEYS)


def fit_entry(spec: str, players: int, games: int = calibration.FULL_GAMES,
              seed: int = calibration.SEED) -> tuple[str, dict[str, object], list[str]]:
    """Fits one ruleset and player count; returns its key, its shipped form and what is wrong with it."""
    from printgen.ruleset_files import load_ruleset

    rs = load_ruleset(spec)
    f = calibration.fit(rs, players, games=games, seed=seed, rounds=1)
    entry = {
        "w_game": [round(float(x), 6) for x in f.w_game], "w_items": [round(float(x), 6) for x in f.w_items],
        "features": list(FEATURE_NAMES), "games": games, "seed": seed, "samples": f.samples,
        "log_loss": round(f.log_loss, 4), "items_r2": round(f.items_r2, 4),
    }
    return weights_key(rs, players), entry, calibration.fit_problems(rs, players, f.w_game, f.items_r2, f.log_loss)


def _fit_entry(job: tuple[str, int, int, int]) -> tuple[str, dict[str, object], list[str]]:
    return fit_entry(*job)


def _compile(first: tuple[str, int]) -> None:
    """Compiles the fitting code (a two-game fit), so workers forked after it find it compiled."""
    from printgen.ruleset_files import load_ruleset

    calibration.fit(load_ruleset(first[0]), first[1], games=2, rounds=1)


def write_weights(path: Path, specs: list[tuple[str, int]], games: int = calibration.FULL_GAMES,
                  seed: int = calibration.SEED, workers: int = 1) -> tuple[dict[str, object], dict[str, list[str]]]:
    """Fits the weights of each (ruleset, players), every one seeded alike, and writes them to path as JSON
    (entries of other keys already there are kept); returns the entries and each key's problems. Nothing
    is written if any fit has a problem."""
    from printgen.players.lab.pool import map_chunks

    jobs = [(spec, players, games, seed) for spec, players in specs]
    results = [entry for _, entry in map_chunks(_fit_entry, jobs, workers, _compile, (specs[0],), ordered=True)]
    data: dict[str, object] = {}
    if Path(path).is_file():
        data.update(json.loads(Path(path).read_text("utf-8")))
    problems = {key: found for key, _, found in results if found}
    for key, entry, _ in results:
        data[key] = entry
    if not problems:
        write_atomic(path, json.dumps(data, indent=1) + "\n")
    return data, problems
