"""How fast the table companion answers: cast, move and advice on real mid-game positions, and its memory.

The app runs in this process behind Starlette's test client (real requests through the ASGI stack, the
save folder, the locks and the JSON views; no network). Games are played to mid-game positions (at least
half of every piece on the board, or the most the game reaches) by the advisor at level 0, then each sample
times the three requests a phone makes in a turn: the cast, the advice at the advice level, the move.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from printgen.engine.beans import Beans
from printgen.engine.position import Phase, Position
from printgen.players.advisor import advise
from printgen.players.levels import DEFAULT_LEVEL
from printgen.rulesets.load import load_ruleset
from printgen.serve.store import Store

ACTIONS = ("cast", "move", "advice")
MID = 0.5  # share of all pieces on the board that makes a position mid-game


@dataclass
class Timings:
    """The answer times (seconds) of one ruleset's requests, by action, and how full its boards were."""

    ruleset: str
    players: int
    seconds: dict[str, list[float]] = field(default_factory=lambda: {a: [] for a in ACTIONS})
    fill: list[float] = field(default_factory=list)  # share of the pieces on the board at each sample


def percentile(values: list[float], q: float) -> float:
    """Returns the q-th percentile (0-100) of values, interpolating between ranks."""
    xs = sorted(values)
    if not xs:
        return float("nan")
    at = (len(xs) - 1) * q / 100
    lo = int(at)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (at - lo)


def summary(values: list[float]) -> tuple[float, float]:
    """Returns the median and the 95th percentile."""
    return (statistics.median(values) if values else float("nan"), percentile(values, 95))


def rss_mb() -> float:
    """Returns this process's resident memory now, in MB (from /proc; the peak from getrusage elsewhere)."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _board_share(pos: Position) -> float:
    total = pos.players * pos.ruleset.players.pieces_for(pos.players)
    return sum(pos.on_board(s) for s in range(pos.players)) / total


def _to_mid_game(store: Store, name: str, rng: random.Random, limit: int = 600) -> None:
    """Plays the game (every seat the advisor at level 0) until most pieces are on the board, or the fullest
    board seen in `limit` turns comes round again (some rulesets never fill half their cells)."""
    best = 0.0
    with store.table(name) as table:
        session = table.session
        for turn in range(limit):
            pos = session.position
            if pos.phase is Phase.OVER:
                return
            share = _board_share(pos)
            if pos.phase is Phase.MOVE and (share >= MID or (turn > limit // 2 and share >= best)):
                return
            best = max(best, share)
            marks = Beans(pos.ruleset.beans).cast(rng).marks if pos.needs_cast else 0
            session.play_turn(None if pos.phase is Phase.BET else marks, advise(pos, marks, 0).best.move)


def measure(specs: list[str], samples: int, level: int = DEFAULT_LEVEL, seed: int = 1,
            progress: Callable[[str], None] | None = None, players: int | None = None) -> list[Timings]:
    """Times `samples` turns (cast, advice, move) of a refereed game on each ruleset, through the web app."""
    with warnings.catch_warnings():  # newer Starlette would rather have httpx2; httpx is what the test extra has
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    from printgen.serve.app import create_app

    out = []
    with tempfile.TemporaryDirectory(prefix="patolli-bench-serve-") as tmp:
        folder = Path(tmp)
        client = TestClient(create_app(folder))
        store = Store(folder)
        for spec in specs:
            rs = load_ruleset(spec)
            n = players if players is not None and players in rs.player_counts() else min(rs.player_counts())
            out.append(_measure_one(client, store, spec, n, samples, level, random.Random(f"{seed}:{spec}"),
                                    progress))
    return out


def _measure_one(client: Any, store: Store, spec: str, n: int, samples: int, level: int, rng: random.Random,
                 progress: Callable[[str], None] | None) -> Timings:
    result = Timings(spec, n)
    games = 0

    def new_game() -> str:
        nonlocal games
        games += 1
        name = f"{spec}-{games}"
        r = client.post("/api/games", json={"name": name, "ruleset": spec, "players": n, "level": level})
        if r.status_code != 201:
            raise RuntimeError(f"the app refused a new {spec} game: {r.text}")
        _to_mid_game(store, name, rng)
        return name

    name = new_game()
    while len(result.seconds["advice"]) < samples:
        state = client.get(f"/api/games/{name}").json()
        if state["over"]:
            name = new_game()
            continue
        if state["phase"] == "bet":
            client.post(f"/api/games/{name}/bet", json={"amount": state["legal"][0]["amount"]})
            continue
        if state["pending"] is None:
            pos = store_position(store, name)
            result.fill.append(_board_share(pos))
            marks = Beans(pos.ruleset.beans).cast(rng).marks
            result.seconds["cast"].append(_timed(client.post, f"/api/games/{name}/cast", {"marks": marks})[0])
            continue
        seconds, advice = _timed(client.get, f"/api/games/{name}/advice")
        result.seconds["advice"].append(seconds)
        result.seconds["move"].append(_timed(client.post, f"/api/games/{name}/move",
                                             {"move": advice["moves"][0]["text"]})[0])
        if progress is not None and len(result.seconds["advice"]) % 10 == 0:
            progress(f"{spec}: {len(result.seconds['advice'])} of {samples} turns")
    return result


def store_position(store: Store, name: str) -> Position:
    """Returns the current position of a saved game."""
    with store.table(name) as table:
        return table.position


def _timed(call: Callable[..., Any], path: str, body: dict[str, Any] | None = None) -> tuple[float, Any]:
    """Returns the seconds a request took and its JSON answer."""
    start = time.perf_counter()
    r = call(path) if body is None else call(path, json=body)
    seconds = time.perf_counter() - start
    if r.status_code >= 400:
        raise RuntimeError(f"{path} answered {r.status_code}: {r.text[:200]}")
    return seconds, r.json()
