"""Brute force for the solver's tests: every position reachable through the kernel, valued by plain iteration.

Independent of the solver's table layout, ordering and group solves: states are the kernel's own
arrays (as tuples), children come from `legal_moves` and `play`, and the Bellman equations are
iterated over the whole reachable graph (Jacobi, all states at once in numpy) until nothing changes
by 1e-15.
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
    return _iterate(graph, len(casts), tol)


def _iterate(graph: dict[tuple[int, ...], list[tuple[float, list[tuple[object, bool]]]]], casts: int,
             tol: float) -> dict[tuple[int, ...], float]:
    """Returns the values of the graph's states: Jacobi sweeps of the Bellman equations from 0.5 everywhere until no
    value changes by tol, each sweep a few numpy operations over every (state, cast, move) at once."""
    index = {key: i for i, key in enumerate(graph)}
    child, ending, flip, firsts, weights = [], [], [], [], []
    for node in graph.values():
        for prob, options in node:
            firsts.append(len(child))  # the options of one (state, cast) lie together, from here
            weights.append(prob)
            for target, flipped in options:
                ended = isinstance(target, float)
                child.append(0 if ended else index[target])  # type: ignore[index]
                ending.append(target if ended else 0.0)
                flip.append(flipped)
    to, end, turn = np.array(child), np.array(ending), np.array(flip)
    over = np.array([isinstance(target, float) for node in graph.values() for _, options in node
                     for target, _ in options])
    starts, prob = np.array(firsts), np.array(weights).reshape(len(graph), casts)
    values = np.full(len(graph), 0.5)
    while True:
        seen = np.where(over, end, values[to])  # each move's chance for the seat that made it
        seen = np.where(turn, 1.0 - seen, seen)
        fresh = (np.maximum.reduceat(seen, starts).reshape(len(graph), casts) * prob).sum(axis=1)
        change = float(np.max(np.abs(fresh - values)))
        values = fresh
        if change < tol:
            return dict(zip(graph, values.tolist(), strict=True))
