"""Players by name: `random`, `gatigo:S0T0` … `gatigo:S3T2`, `advisor` and `advisor:LEVEL`, the named strengths
(`beginner` … `strongest`, players/search/levels.py) and `noisy:LEVEL:NOISE`, the advisor as it was in 2026
(`advisor-2026`, `advisor-2026:LEVEL`: its weights and its share-of-items objective, kept for comparison),
today's evaluation searched as in 2026 (`advisor-search-2026:LEVEL`: the plain search, before pruning and
filtering), the advisor with the learned evaluation (`advisor-learned`, `advisor-learned:LEVEL`:
players/evaluation/learned.py;
where no network ships for the ruleset it plays as `advisor-linear`), the advisor with the linear model
(`advisor-linear`, `advisor-linear:LEVEL`; `advisor` is one of the two, per ruleset: `learned.DEFAULT_KEYS`) and
`rollout:N` (N playouts per move).

A `Player` is a small value usable from Python (`choose(position, marks, rng)`) and from the
jitted contest loops (`spec()`, a row of kind and parameters).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from printgen.engine import kernel as k
from printgen.engine.moves import Move
from printgen.engine.position import Position
from printgen.engine.rng import seed_rng
from printgen.errors import OptionError
from printgen.inputs import shown, whole_number
from printgen.players.evaluation.features import MODEL_2026, MODEL_LEARNED, MODEL_LINEAR, MODEL_NOW
from printgen.players.roster.eval_tables import eval_tables_for
from printgen.players.search import policy
from printgen.players.search.levels import DEFAULT_LEVEL, MAX_LEVEL, STRENGTHS
from printgen.players.search.plain import make_scratch

MAX_PLAYOUTS = 4096
# The advisor's name for each evaluation model (players/evaluation/features.py).
MODEL_NAMES = {MODEL_NOW: "advisor", MODEL_2026: "advisor-2026", MODEL_LEARNED: "advisor-learned",
               MODEL_LINEAR: "advisor-linear"}
GATIGO_NAMES = tuple(f"gatigo:S{s}T{t}" for s in range(4) for t in range(3))


@dataclass(frozen=True)
class Player:
    """A computer player: its kind and parameters."""

    kind: int
    a: int = 0
    b: int = 0

    @property
    def name(self) -> str:
        """Returns the player's name, which `player()` reads back."""
        if self.kind == policy.GATIGO:
            return f"gatigo:S{self.a}T{self.b}"
        if self.kind == policy.ADVISOR:
            base = MODEL_NAMES.get(self.b, "advisor")
            return base if self.a == DEFAULT_LEVEL else f"{base}:{self.a}"
        if self.kind == policy.SEARCH_2026:
            return f"advisor-search-2026:{self.a}"
        if self.kind == policy.NOISY:
            named = [n for n, s in STRENGTHS.items() if s.noise and (s.level, s.noise) == (self.a, self.b)]
            return named[0] if named else f"noisy:{self.a}:{self.b}"
        if self.kind == policy.ROLLOUT:
            return f"rollout:{self.a}"
        return "random"

    def __str__(self) -> str:
        return self.name

    def spec(self) -> np.ndarray:
        """Returns the row that names this player to jitted code."""
        return np.array([self.kind, self.a, self.b], dtype=np.int64)

    @property
    def level(self) -> int:
        """Returns the search level (advisor), else 0."""
        return self.a if self.kind in (policy.ADVISOR, policy.NOISY, policy.SEARCH_2026) else 0

    def choose(self, pos: Position, marks: int, rng: np.ndarray) -> Move:
        """Returns the move this player plays in pos for a cast of `marks` (ignored when betting).

        rng is a kernel random source (four words), advanced by players that draw.
        """
        t = pos.tables
        sc = make_scratch(self.level, pos.total_items())
        st = pos.array()
        n = k.legal_moves(st, t, marks, sc.moves[0])
        if n == 0:
            raise OptionError("the contest is over: there is no move to choose")
        code = policy.choose(st, t, eval_tables_for(pos.ruleset, pos.players), sc, self.spec(), marks, n, rng)
        return pos.decode(int(code), marks)


def player(name: str) -> Player:
    """Returns the player a name means, or raises OptionError listing the names (numbers are read by
    `inputs.whole_number`: ASCII digits, bounded, so `advisor:<5000 digits>` is one line, not a traceback)."""
    text = name.strip().lower()
    if text == "random":
        return Player(policy.RANDOM)
    if m := re.fullmatch(r"gatigo:s([0-3])t([0-2])", text):
        return Player(policy.GATIGO, int(m[1]), int(m[2]))
    if text in STRENGTHS:
        s = STRENGTHS[text]
        return Player(policy.NOISY, s.level, s.noise) if s.noise else Player(policy.ADVISOR, s.level, MODEL_NOW)
    if m := re.fullmatch(r"noisy:([0-9]+):([0-9]+)", text):
        return Player(policy.NOISY, _level(m[1], "noisy's level"),
                      whole_number(m[2], "noisy's noise", 10_000, OptionError))
    if m := re.fullmatch(r"advisor(-2026|-learned|-linear)?(?::([0-9]+))?", text):
        level = DEFAULT_LEVEL if m[2] is None else _level(m[2], "the advisor's level")
        model = {"-2026": MODEL_2026, "-learned": MODEL_LEARNED, "-linear": MODEL_LINEAR}.get(m[1] or "", MODEL_NOW)
        return Player(policy.ADVISOR, level, model)
    if m := re.fullmatch(r"advisor-search-2026:([0-9]+)", text):
        return Player(policy.SEARCH_2026, _level(m[1], "advisor-search-2026's level"), MODEL_NOW)
    if m := re.fullmatch(r"rollout:([0-9]+)", text):
        playouts = whole_number(m[1], "rollout's playouts per move", MAX_PLAYOUTS, OptionError)
        if playouts < 1:
            raise OptionError(f"rollout:{playouts}: the playouts per move run from 1 to {MAX_PLAYOUTS}")
        return Player(policy.ROLLOUT, playouts)
    raise OptionError(f"unknown player {shown(name)}: use {', '.join(STRENGTHS)}, random, gatigo:S0T0 … gatigo:S3T2 "
                      f"(strategy S0–S3, tie-breaker T0–T2), advisor or advisor:LEVEL (0–{MAX_LEVEL}), "
                      f"noisy:LEVEL:NOISE, advisor-2026 or advisor-2026:LEVEL, advisor-search-2026:LEVEL, "
                      f"advisor-learned or advisor-learned:LEVEL, advisor-linear or advisor-linear:LEVEL, "
                      f"or rollout:N (playouts per move, "
                      f"1–{MAX_PLAYOUTS})")


def _level(text: str, what: str) -> int:
    """Returns the search level a player's name writes, 0 to MAX_LEVEL, or raises OptionError."""
    return whole_number(text, f"{what} (levels run from 0 to {MAX_LEVEL})", MAX_LEVEL, OptionError)


def seeded_rng(seed: int) -> np.ndarray:
    """Returns a kernel random source seeded from an integer."""
    rng = np.zeros(4, dtype=np.int64)
    seed_rng(rng, seed)
    return rng
