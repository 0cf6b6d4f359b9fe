"""Brute force for the solver's tests: every position reachable through the kernel, valued by plain iteration.

Independent of the solver's table layout, ordering and group solves: states are the kernel's own
arrays (as tuples), children come from `legal_moves` and `play`, and the Bellman equations are
iterated over the whole reachable graph (Jacobi, each sweep in numpy) until nothing changes by 1e-15.
"""

from __future__ import annotations

import numpy as np

from printgen.engine import kernel as k
from printgen.engine import layout as lay
from printgen.engine.position import Phase, Position
from printgen.engine.tables import tables_for
from printgen.players.solve.solver import cast_groups
from printgen.rulesets.model import Ruleset


def start_states(game: Ruleset) -> list[np.ndarray]:
    """Returns the positions a game's play begins from: A to move, and B to move."""
    start = Position.new(game, 2)
    out = []
    for first in (0, 1):
        st = start.array()
        if start.phase is Phase.OPENING:
            st[lay.H_PHASE] = k.PHASE_MOVE
            for p in range(2):
                st[lay.pb(p) + lay.P_IN_OPENING] = 0
        st[lay.H_TO_MOVE] = first
        out.append(st)
    return out


def brute_force(game: Ruleset, tol: float = 1e-15, limit: int = 200_000,
                starts: list[np.ndarray] | None = None) -> dict[tuple[int, ...], float]:
    """Returns {kernel state: chance that the seat to move wins} over every state reachable from the starts
    (default: the start of the game)."""
    t = tables_for(game, 2)
    casts, probs = cast_groups(game)
    moves = np.zeros(lay.MAXK + 8, dtype=np.int64)
    ev = np.zeros(1 + k.EV_MAX * k.EV_WIDTH, dtype=np.int64)
    graph: dict[tuple[int, ...], list[tuple[float, list[tuple[object, bool]]]]] = {}
    todo = [tuple(st.tolist()) for st in (start_states(game) if starts is None else starts)]
    while todo:
        key = todo.pop()
        if key in graph:
            continue
        if len(graph) > limit:
            raise ValueError(f"more than {limit} reachable states")
        st0 = np.array(key, dtype=np.int64)
        mover = key[lay.H_TO_MOVE]
        node = []
        for marks, prob in zip(casts, probs, strict=True):
            n = k.legal_moves(st0, t, int(marks), moves)
            options: list[tuple[object, bool]] = []
            for code in moves[:n].copy():
                st1 = st0.copy()
                ev[0] = 0
                k.play(st1, t, int(marks), int(code), ev)
                if st1[lay.H_PHASE] == k.PHASE_OVER:
                    options.append((1.0 if st1[lay.H_WINNER] == mover else 0.0, False))
                    continue
                child = tuple(st1.tolist())
                options.append((child, child[lay.H_TO_MOVE] != mover))
                todo.append(child)
            node.append((float(prob), options))
        graph[key] = node
    return _iterate(graph, tol)


def _iterate(graph: dict[tuple[int, ...], list[tuple[float, list[tuple[object, bool]]]]],
             tol: float) -> dict[tuple[int, ...], float]:
    """Returns the values of the Bellman equations of a graph: each state's value is, summed over the casts, the
    cast's chance times the best of its options (a finished game's result, or a child's value, turned over when
    the other seat moves next; -1 where a cast has no option). Jacobi sweeps from 0.5 until a sweep changes
    nothing by tol."""
    keys = list(graph)
    index = {key: i for i, key in enumerate(keys)}
    child, result, flip, prob, group_starts, node_starts = [], [], [], [], [], []
    for key in keys:
        node_starts.append(len(prob))
        for p, options in graph[key]:
            group_starts.append(len(child))
            prob.append(p)
            for c, turned in options:
                child.append(-1 if isinstance(c, float) else index[c])  # type: ignore[index]
                result.append(c if isinstance(c, float) else 0.0)
                flip.append(turned)
    children, results, flips = np.array(child), np.array(result), np.array(flip, dtype=bool)
    sizes = np.diff(np.array([*group_starts, len(child)]))
    empty = sizes == 0
    # reduceat needs starts inside the array; a cast without options takes -1 below, whatever reduceat gave
    starts = np.minimum(np.array(group_starts), max(len(child) - 1, 0))
    probs, nodes = np.array(prob), np.array(node_starts)
    values = np.full(len(keys), 0.5)
    while True:
        x = np.where(children >= 0, values[np.maximum(children, 0)], results)
        x = np.where(flips, 1.0 - x, x)
        best = np.maximum.reduceat(x, starts) if len(x) else np.zeros(len(probs))
        best[empty] = -1.0
        fresh = np.add.reduceat(probs * best, nodes)
        change = float(np.max(np.abs(fresh - values)))
        values = fresh
        if change < tol:
            return dict(zip(keys, values.tolist(), strict=True))
