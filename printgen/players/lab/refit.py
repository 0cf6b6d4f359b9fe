"""Refits the evaluation's shipped data: its weights (`data/evaluation.json`) and the contest-equity tables
(`data/equity.json`), as `python scripts/calibrate_evaluation.py` does; every fit seeded alike."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from printgen.files import write_atomic
from printgen.players.evaluation.features import FEATURE_NAMES
from printgen.players.evaluation.weights import weights_key
from printgen.players.lab.pool import map_chunks
from printgen.players.roster.equity_games import GAMES as EQUITY_GAMES
from printgen.players.roster.equity_games import SEED as EQUITY_SEED
from printgen.players.roster.equity_games import compute_equity
from printgen.players.roster.fit import FULL_GAMES, fit, fit_problems
from printgen.players.roster.fit import SEED as FIT_SEED
from printgen.rulesets.model import Ruleset


def fit_entry(spec: str, players: int, games: int = FULL_GAMES,
              seed: int = FIT_SEED) -> tuple[str, dict[str, object], list[str]]:
    """Fits one ruleset and player count; returns its key, its shipped form and what is wrong with it."""
    from printgen.ruleset_files import load_ruleset

    rs = load_ruleset(spec)
    f = fit(rs, players, games=games, seed=seed, rounds=1)
    entry = {
        "w_game": [round(float(x), 6) for x in f.w_game], "w_items": [round(float(x), 6) for x in f.w_items],
        "features": list(FEATURE_NAMES), "games": games, "seed": seed, "samples": f.samples,
        "log_loss": round(f.log_loss, 4), "items_r2": round(f.items_r2, 4),
    }
    return weights_key(rs, players), entry, fit_problems(rs, players, f.w_game, f.items_r2, f.log_loss)


def _fit_entry(job: tuple[str, int, int, int]) -> tuple[str, dict[str, object], list[str]]:
    return fit_entry(*job)


def _compile(first: tuple[str, int]) -> None:
    """Compiles the fitting code (a two-game fit), so workers forked after it find it compiled."""
    from printgen.ruleset_files import load_ruleset

    fit(load_ruleset(first[0]), first[1], games=2, rounds=1)


def write_weights(path: Path, specs: list[tuple[str, int]], games: int = FULL_GAMES,
                  seed: int = FIT_SEED, workers: int = 1) -> tuple[dict[str, object], dict[str, list[str]]]:
    """Fits the weights of each (ruleset, players), every one seeded alike, and writes them to path as JSON
    (entries of other keys already there are kept); returns the entries and each key's problems. Nothing
    is written if any fit has a problem."""
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


def equity_entry(ruleset: Ruleset, games: int = EQUITY_GAMES, seed: int = EQUITY_SEED) -> dict[str, object]:
    """Returns the shipped form of a ruleset's table, with how it was computed."""
    eq, counts = compute_equity(ruleset, games, seed)
    return {"items": int(len(eq) - 1), "equity": [round(float(x), 5) for x in eq], "games_per_split": games,
            "seed": seed, "players": "gatigo:S1T2 against itself", "games": int(counts.sum()),
            "max_from_share": round(float(np.abs(eq - np.linspace(0, 1, len(eq))).max()), 4)}
