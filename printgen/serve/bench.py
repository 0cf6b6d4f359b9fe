"""How fast the table companion answers: cast, move and advice on real mid-game positions, and its memory.

The app runs in this process behind Starlette's test client (real requests through the ASGI stack, the
save folder, the locks and the JSON views; no network). Games are played to mid-game positions (at least
60 % of all pieces on the board) by the advisor at level 0; where play does not get there within its budget
(Neeley's pieces enter only on a 1, and race off again), the fullest board it reached is filled up by placing
pieces from the hands on free cells of their own paths, checked by the position builder, and the game goes on
from there. Each sample times the three requests a phone makes in a turn: the cast, the advice at the advice
level, the move; a game gives PER_GAME samples, fewer if less than LEAST of the pieces are left on the board
or its game ends, then a new one is played to its mid-game.
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
from printgen.engine.position import HAND, Phase, Position, build, facts_of
from printgen.engine.record import Record
from printgen.errors import MissingLibraryError
from printgen.play.saved import game_key
from printgen.players.analysis.advisor import advise
from printgen.players.search.levels import DEFAULT_LEVEL
from printgen.ruleset_files import load_ruleset
from printgen.serve.store import Store
from printgen.stats import percentile

ACTIONS = ("cast", "move", "advice")
MID = 0.6  # share of all pieces on the board that makes a position mid-game: most of them
LEAST = 0.5  # share below which a game's turns are no longer timed (a new game is played to its mid-game)
PER_GAME = 10  # timed turns taken from one game before the next is begun (so each stays near its mid-game)


@dataclass
class Timings:
    """The answer times (seconds) of one ruleset's requests, by action, and how full its boards were."""

    ruleset: str
    players: int
    seconds: dict[str, list[float]] = field(default_factory=lambda: {a: [] for a in ACTIONS})
    fill: list[float] = field(default_factory=list)  # share of the pieces on the board at each sample
    games: int = 0  # games begun
    placed: int = 0  # of them, games whose mid-game position had pieces placed (play did not fill the board)

    @property
    def positions(self) -> str:
        """Says how the mid-game positions were made: played, placed, or some of each."""
        return "played" if not self.placed else "placed" if self.placed == self.games else "mixed"


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


def _to_mid_game(store: Store, name: str, rng: random.Random, limit: int = 600) -> bool:
    """Plays the game (every seat the advisor at level 0) until most pieces are on the board; failing that within
    `limit` turns, goes back to the fullest board seen and places pieces on it (see `fill_board`). Returns
    whether pieces were placed."""
    with store.table(name) as table:
        session = table.session
        fullest, at = -1.0, 0
        for _ in range(limit):
            pos = session.position
            if pos.phase is Phase.OVER:
                break
            share = _board_share(pos)
            if pos.phase is Phase.MOVE and share >= MID:
                return False
            if pos.phase is Phase.MOVE and share > fullest:
                fullest, at = share, len(session.record.turns)
            marks = Beans(pos.ruleset.beans).cast(rng).marks if pos.needs_cast else 0
            session.play_turn(None if pos.phase is Phase.BET else marks, advise(pos, marks, 0).best.move)
        if fullest < 0:
            raise RuntimeError(f"{name}: no turn of play was reached in {limit} turns")
        session.record.truncate(at)
        session.record = Record(fill_board(session.position, rng))
        session.save()
        return True


def fill_board(pos: Position, rng: random.Random, share: float = MID) -> Position:
    """Returns the position with pieces moved from the hands onto the board until `share` of all pieces are on
    it: each time a piece of the seat with the fewest on the board, on a free cell of its own path (not its end),
    chosen by rng. The position builder checks the result as it checks a written position."""
    facts = facts_of(pos)
    total = pos.players * pos.ruleset.players.pieces_for(pos.players)
    taken = set(pos.board())
    on = {s: pos.on_board(s) for s in range(pos.players)}
    while sum(on.values()) < share * total:
        able = [s for s in on if not facts.seats[s].bankrupt and HAND in facts.seats[s].pieces
                and any(c not in taken for c in pos.path(s)[:-1])]
        if not able:
            break
        seat = min(able, key=lambda s: (on[s], s))
        cell = rng.choice([c for c in pos.path(seat)[:-1] if c not in taken])
        pieces = facts.seats[seat].pieces
        pieces[pieces.index(HAND)] = cell
        taken.add(cell)
        on[seat] += 1
    return build(facts)


def measure(specs: list[str], samples: int, level: int = DEFAULT_LEVEL, seed: int = 1,
            progress: Callable[[str], None] | None = None, players: int | None = None) -> list[Timings]:
    """Times `samples` turns (cast, advice, move) of a refereed game on each ruleset, through the web app."""
    with warnings.catch_warnings():  # Starlette warns where it finds only the older httpx
        warnings.simplefilter("ignore")
        try:
            from starlette.testclient import TestClient
        except (ImportError, RuntimeError) as exc:  # Starlette raises RuntimeError when httpx2 is missing
            raise MissingLibraryError("the web benchmark drives the app with Starlette's test client, which needs "
                                      'the Python package httpx2: pip install httpx2 (or ".[test]")') from exc

    from printgen.serve.app import create_app

    out = []
    with tempfile.TemporaryDirectory(prefix="patolli-bench-serve-") as tmp:
        folder = Path(tmp)
        client = TestClient(create_app(folder, allowed_hosts=["testserver"]))  # the test client's own name
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

    def new_game() -> tuple[str, int]:
        result.games += 1
        r = client.post("/api/games", json={"key": game_key(load_ruleset(spec), n), "seats": ["person"] * n,
                                            "level": level})
        if r.status_code != 201:
            raise RuntimeError(f"the app refused a new {spec} game: {r.text}")
        name = r.json()["name"]
        result.placed += _to_mid_game(store, name, rng)
        return name, store_position(store, name).game

    name, game = new_game()
    while len(result.seconds["advice"]) < samples:
        state = client.get(f"/api/games/{name}").json()
        pos = store_position(store, name)
        if (pos.phase is Phase.OVER or pos.game != game or _board_share(pos) < LEAST
                or len(result.seconds["advice"]) >= PER_GAME * result.games):
            name, game = new_game()  # the board has emptied (or the next game of the contest begins): a new one
            continue
        act = f"/api/games/{name}/act"
        if state["view"]["pending"] is None:
            result.fill.append(_board_share(pos))
            marks = Beans(pos.ruleset.beans).cast(rng).marks
            result.seconds["cast"].append(_timed(client.post, act, {"action": "cast", "args": [marks],
                                                                    "stamp": state["stamp"]})[0])
            continue
        seconds, advice = _timed(client.get, f"/api/games/{name}/advice")
        result.seconds["advice"].append(seconds)
        result.seconds["move"].append(_timed(client.post, act, {"action": "move", "args": [advice["moves"][0]["move"]],
                                                                "stamp": state["stamp"]})[0])
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
