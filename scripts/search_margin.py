"""Measures what the pruned search changes in play at a fixed level: on mid-game decisions of each ruleset (the
positions `patolli bench-players` times), how many root moves filtering drops, how many decisions it changes,
and how many decisions differ from the plain search of 2026 (`advisor-search-2026`), with the loss in contest
chance (every move valued exactly at the level).

Usage: python scripts/search_margin.py [POSITIONS] [LEVEL] [SEED] [RULESET ...]   (default 100 3 2, every built-in)
"""

from __future__ import annotations

import sys

import numpy as np

from printgen.engine import kernel as k
from printgen.players.lab.benchmark import sample_positions
from printgen.players.roster.eval_tables import eval_tables_for
from printgen.players.roster.registry import seeded_rng
from printgen.players.search import pruned as ss
from printgen.players.search.deepening import analyse
from printgen.players.search.plain import GAME_WEIGHT, make_scratch
from printgen.players.search.plain import best_move as plain_best
from printgen.rulesets import BUILTIN


def measure(ruleset: str, positions: int, level: int, seed: int) -> dict[str, float]:
    """Returns the counts for one ruleset."""
    r = {"decisions": 0, "root_moves": 0, "dropped": 0, "changed_by_filtering": 0, "loss_filtering": 0.0,
         "differ_from_2026": 0, "loss_2026": 0.0}
    for pos, marks in sample_positions(ruleset, positions, seed).positions:
        t, et, st = pos.tables, eval_tables_for(pos.ruleset, pos.players), pos.array()
        sc = make_scratch(level, pos.total_items())
        n = k.legal_moves(st, t, marks, sc.moves[0])
        moves = list(sc.moves[0, :n])
        vals = np.zeros((n, 3))
        analyse(st, t, et, sc, marks, level, n, vals)
        value = vals[:, 2] + GAME_WEIGHT * vals[:, 0]
        rng = seeded_rng(1)
        filtered = moves.index(ss.best_move(st, t, et, sc, marks, level, n, 0.0, rng, ss.MARGIN))
        alive = int(sc.alive[:n].sum())
        unfiltered = moves.index(ss.best_move(st, t, et, sc, marks, level, n, 0.0, rng, ss.NO_FILTER))
        old = moves.index(plain_best(st, t, et, sc, marks, level, n))
        r["decisions"] += 1
        r["root_moves"] += n
        r["dropped"] += n - alive
        r["changed_by_filtering"] += filtered != unfiltered
        r["loss_filtering"] += float(value.max() - value[filtered])
        r["differ_from_2026"] += filtered != old
        r["loss_2026"] += float(value.max() - value[old])
    return r


def main() -> None:
    args = sys.argv[1:]
    positions, level, seed = (int(a) for a in (args[:3] + ["100", "3", "2"][len(args[:3]):]))
    for ruleset in args[3:] or BUILTIN:
        print(ruleset, measure(ruleset, positions, level, seed), flush=True)


if __name__ == "__main__":
    main()
