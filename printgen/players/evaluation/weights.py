"""The evaluation's shipped weights for the built-in rulesets (`data/evaluation.json`), read and checked.

The shipped file is checked as it loads: every entry must name the evaluation's features, in its
order, with a weight for each (compiled code reads the weights without bounds checks, so a file
written for another feature list must be refused, not read past its end). A custom ruleset's weights
are fitted on first use (`roster.eval_tables`); `lab.refit.write_weights` refits and rewrites the file
(`python scripts/calibrate_evaluation.py`).
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
from printgen.players.evaluation.features import FEATURE_NAMES, NF
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
    from printgen.rulesets import BUILTIN, load_builtin

    return ruleset.spec.split("+")[0] in BUILTIN and load_builtin(ruleset.spec) == ruleset  # parsed once a process
