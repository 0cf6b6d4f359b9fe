"""Matches between computer players, on every core or on Ray: win rates with 95% intervals and measurements.

Two players (A against B, seats alternated), or three or four, each for themselves or as two teams of
partners, over whole sets of seatings (players/lab/seating.py) so seat advantage cancels. Work is split into
chunks of matches; each match is seeded from (seed, line-up, match index), so totals do not depend on
the number of workers, where they run or the order chunks finish in.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from printgen.engine import kernel as k
from printgen.engine.layout import STATE_SIZE
from printgen.engine.tables import tables_for
from printgen.errors import OptionError
from printgen.players.lab.contest import MAX_TURNS, NSTAT, STAT_NAMES, match_seeds, run_matches
from printgen.players.lab.pool import default_workers, map_chunks, ray_workers
from printgen.players.lab.seating import seatings, team_of
from printgen.players.roster.eval_tables import eval_tables_for
from printgen.players.roster.registry import Player, player
from printgen.players.search.plain import make_scratch
from printgen.ruleset_files import load_ruleset
from printgen.rulesets import Ruleset
from printgen.stats import wilson

Progress = Callable[[int, int], None]  # (matches done, matches in all)
Chunk = tuple[int, int, int]  # (line-up, first match, count)


@dataclass
class LineupResult:
    """What the matches of one line-up gave: each player's wins, the draws, wins by seat and every player's totals.

    With partnerships players 0–1 and 2–3 are teams, a player's wins are its team's, and seat_wins[0] and [1]
    count the contests won by the partners in seats A and C and in B and D.
    """

    names: tuple[str, ...]
    partnerships: bool = False
    matches: int = 0
    wins: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    draws: int = 0
    seat_wins: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    stats: np.ndarray = field(default_factory=lambda: np.zeros((0, NSTAT), dtype=np.int64))
    wanted: int = 0  # the contests asked for; more than `matches` where Ctrl-C stopped the run

    @property
    def interrupted(self) -> bool:
        """True when the run was stopped (Ctrl-C) before every contest asked for was played."""
        return self.matches < self.wanted

    def __post_init__(self) -> None:
        n = len(self.names)
        if len(self.wins) != n:
            self.wins = np.zeros(n, dtype=np.int64)
            self.seat_wins = np.zeros(n, dtype=np.int64)
            self.stats = np.zeros((n, NSTAT), dtype=np.int64)

    @property
    def sides(self) -> int:
        """Returns the number of sides: teams with partnerships, else players."""
        return 2 if self.partnerships else len(self.names)

    def team_wins(self, team: int) -> int:
        """Returns the contests a team (0: players 0–1, 1: players 2–3) won."""
        return int(self.wins[2 * team])

    def share(self, player: int) -> float:
        """Returns a player's share of the contests (a draw counts as one part in as many as there are sides)."""
        return (self.wins[player] + self.draws / self.sides) / self.matches if self.matches else 0.0

    def interval(self, player: int) -> tuple[float, float]:
        """Returns the 95% interval of a player's share."""
        return wilson(self.wins[player] + self.draws / self.sides, self.matches)

    def add(self, results: np.ndarray) -> None:
        """Adds the rows of `run_matches` to the totals."""
        n = len(self.names)
        self.matches += len(results)
        winners = results[:, 0]
        self.draws += int((winners == -1).sum())
        for p in range(n):
            self.wins[p] += int(sum((winners == q).sum() for q in range(n)
                                    if team_of(q, self.partnerships) == team_of(p, self.partnerships)))
            seat = results[:, 1] % 2 if self.partnerships else results[:, 1]  # partners: seats A & C or B & D
            self.seat_wins[p] += int(((results[:, 1] >= 0) & (seat == p)).sum())
            self.stats[p] += results[:, 2 + p * NSTAT:2 + (p + 1) * NSTAT].sum(axis=0)

    def measures(self, player: int) -> dict[str, float]:
        """Returns one player's totals by name, with the average tokens on the board."""
        s = self.stats[player]
        out: dict[str, float] = {name: int(s[i]) for i, name in enumerate(STAT_NAMES)
                                 if name not in ("board_sum", "board_samples")}
        out["avg_tokens_on_board"] = float(s[7] / s[8]) if s[8] else 0.0
        return out


class PairResult(LineupResult):
    """A two-player line-up: A (player 0) against B (player 1)."""

    def __init__(self, a: str, b: str) -> None:
        super().__init__((a, b))

    @property
    def a(self) -> str:
        return self.names[0]

    @property
    def b(self) -> str:
        return self.names[1]

    @property
    def wins_a(self) -> int:
        return int(self.wins[0])

    @property
    def wins_b(self) -> int:
        return int(self.wins[1])

    @property
    def stats_a(self) -> np.ndarray:
        return self.stats[0]

    @property
    def stats_b(self) -> np.ndarray:
        return self.stats[1]

    @property
    def win_rate(self) -> float:
        """Returns A's share of the matches (a draw counts half)."""
        return self.share(0)

    @property
    def ci95(self) -> tuple[float, float]:
        """Returns the 95% interval of A's win rate."""
        return self.interval(0)


# ---- the workers ----

_JOB: dict[str, object] = {}


def _setup(ruleset: str, lineups: list[tuple[str, ...]], seed: int, max_turns: int) -> None:
    """Prepares a worker: tables, evaluation, seatings and buffers for every line-up's players."""
    rs = load_ruleset(ruleset)
    n = len(lineups[0])
    t = tables_for(rs, n)
    specs = [np.array([player(name).spec() for name in lineup]) for lineup in lineups]
    level = max(player(name).level for lineup in lineups for name in lineup)  # the deepest search any seat makes
    _JOB.update(t=t, et=eval_tables_for(rs, n), specs=specs, seed=seed, max_turns=max_turns,
                seatings=seatings(n, rs.players.partnerships and n == 4),
                sc=make_scratch(level, n * rs.economy.starting_items),
                st=np.zeros(STATE_SIZE, dtype=np.int64), rng=np.zeros(4, dtype=np.int64),
                seat_specs=np.zeros((n, 3), dtype=np.int64), seat_stats=np.zeros((k.MAXP, NSTAT), dtype=np.int64),
                width=2 + n * NSTAT)


def _run_chunk(chunk: Chunk) -> np.ndarray:
    """Plays one chunk of matches in this worker."""
    lineup, first, count = chunk
    j = _JOB
    results = np.zeros((count, int(j["width"])), dtype=np.int64)  # type: ignore[call-overload]
    seeds = match_seeds(int(j["seed"]), lineup, first, count)  # type: ignore[call-overload]
    run_matches(j["t"], j["et"], j["sc"], j["specs"][lineup], j["seatings"], first, seeds,  # type: ignore[index]
                j["max_turns"], j["st"], j["rng"], j["seat_specs"], j["seat_stats"], results)
    return results


# Contests per chunk where the chunks run in this process: compiled code cannot be interrupted, so Ctrl-C is
# answered between chunks, and a chunk of advisors' contests must last a moment, not the 20 s one of 200 did.
IN_PROCESS_CHUNK = 8


def chunks(pairings: int, matches: int, workers: int, first: int = 0) -> list[Chunk]:
    """Returns the chunks of work (matches first … first + matches - 1 of each pairing): small enough to balance the
    cores, show progress and (in this process) stop soon after Ctrl-C. The results do not depend on them: each match
    is seeded from its own index."""
    size = max(1, min(200, matches // max(1, workers * 10)))
    if workers <= 1:
        size = min(size, IN_PROCESS_CHUNK)
    return [(p, first + at, min(size, matches - at)) for p in range(pairings) for at in range(0, matches, size)]


def play_lineups(ruleset: str, lineups: list[tuple[str, ...]], matches: int, seed: int = 1,
                 workers: int | None = None, progress: Progress | None = None,
                 max_turns: int = MAX_TURNS, ray: str | None = None, first: int = 0) -> list[LineupResult]:
    """Plays `matches` contests for each line-up of player names (all of one size), matches first … first +
    matches - 1 of the seed; returns their results in order.

    Match i of a line-up seats its players as seating i of the set says (players/lab/seating.py), so a long run
    played in parts (first = 0, then the matches played so far, …) plays the very matches of one run; with `ray`
    the chunks run on Ray (players/lab/pool.py), with the same results.
    """
    if matches < 1:
        raise OptionError(f"the number of matches must be at least 1, not {matches}")
    if first < 0:
        raise OptionError(f"the first contest is numbered 0 or more, not {first}")
    sizes = {len(lineup) for lineup in lineups}
    if len(sizes) != 1:
        raise OptionError(f"every line-up of one run has the same number of players, not {sorted(sizes)}")
    for lineup in lineups:
        for name in lineup:
            player(name)
    rs = load_ruleset(ruleset)
    partnerships = rs.players.partnerships and sizes == {4}
    if ray is not None:
        workers = workers or ray_workers(ray)
    workers = max(1, workers or default_workers())
    results = [LineupResult(tuple(player(name).name for name in lineup), partnerships, wanted=matches)
               for lineup in lineups]
    work = chunks(len(lineups), matches, workers, first)
    total = len(lineups) * matches
    done = 0
    setup = (ruleset, lineups, seed, max_turns)  # compiles or loads the kernel once here, before any fork
    try:
        for chunk, rows in map_chunks(_run_chunk, work, workers, _setup, setup, ray=ray):
            results[chunk[0]].add(rows)
            done += chunk[2]
            if progress:
                progress(done, total)
    except KeyboardInterrupt:  # Ctrl-C: the contests finished so far are kept, each result says it was stopped
        if done == 0:
            raise
    return results


def play_pairings(ruleset: str, pairings: list[tuple[str, str]], matches: int, seed: int = 1,
                  workers: int | None = None, progress: Progress | None = None,
                  max_turns: int = MAX_TURNS, ray: str | None = None, first: int = 0) -> list[PairResult]:
    """Plays `matches` contests for each pairing (A, B) of player names, seats alternated, from match `first` of
    the seed; returns their results."""
    out = []
    for r in play_lineups(ruleset, list(pairings), matches, seed, workers, progress, max_turns, ray, first):
        pr = PairResult(*r.names)
        pr.matches, pr.wins, pr.draws, pr.seat_wins, pr.stats = r.matches, r.wins, r.draws, r.seat_wins, r.stats
        pr.wanted = r.wanted
        out.append(pr)
    return out


@dataclass(frozen=True)
class ArenaResult:
    """The arena's answer: A against B over some matches."""

    ruleset: str
    a: Player
    b: Player
    result: PairResult
    seed: int
    seconds: float
    first: int = 0  # the first contest's number (a run played in parts)

    @property
    def matches_per_second(self) -> float:
        """Returns matches played per second of wall time."""
        return self.result.matches / self.seconds if self.seconds else 0.0


def arena(ruleset: str, a: str, b: str, matches: int, seed: int = 1, workers: int | None = None,
          progress: Progress | None = None, ray: str | None = None, first: int = 0) -> ArenaResult:
    """Plays A against B, seats alternated, contests to bankruptcy, from contest `first` of the seed; returns A's
    win rate and the measures."""
    rs = load_ruleset(ruleset)
    check_player_count(rs, 2)
    start = time.perf_counter()
    (result,) = play_pairings(ruleset, [(a, b)], matches, seed, workers, progress, ray=ray, first=first)
    return ArenaResult(rs.spec, player(a), player(b), result, seed, time.perf_counter() - start, first)


def check_player_count(rs: Ruleset, players: int) -> None:
    """Raises OptionError unless the ruleset is played by this many."""
    counts = rs.player_counts()
    if players not in counts:
        allowed = f"{counts[0]}" if len(counts) == 1 else f"{counts[0]} to {counts[-1]}"
        raise OptionError(f"ruleset '{rs.spec}' is played by {allowed} players, not {players}")


@dataclass(frozen=True)
class LineupArenaResult:
    """The arena's answer for a line-up of two to four players: whole sets of seatings, results per player and team."""

    ruleset: str
    players: tuple[Player, ...]
    result: LineupResult
    seatings: int  # seatings in a set
    seed: int
    seconds: float
    first: int = 0  # the first contest's number (a run played in parts)

    @property
    def sets(self) -> int:
        """Returns the number of whole sets of seatings played."""
        return self.result.matches // self.seatings

    @property
    def matches_per_second(self) -> float:
        """Returns matches played per second of wall time."""
        return self.result.matches / self.seconds if self.seconds else 0.0


def lineup_arena(ruleset: str, names: list[str], matches: int, seed: int = 1, workers: int | None = None,
                 progress: Progress | None = None, ray: str | None = None, first: int = 0) -> LineupArenaResult:
    """Plays a line-up of players over whole sets of seatings (matches rounded up to a whole set).

    With partnerships (a ruleset whose four players play as teams) players 1–2 form one team and 3–4 the other.
    """
    rs = load_ruleset(ruleset)
    check_player_count(rs, len(names))
    if matches < 1:
        raise OptionError(f"the number of matches must be at least 1, not {matches}")
    size = len(seatings(len(names), rs.players.partnerships))
    if first % size:
        raise OptionError(f"a part of a run starts at a whole set of seatings ({size} contests), not at {first}")
    whole = -(-matches // size) * size
    start = time.perf_counter()
    (result,) = play_lineups(ruleset, [tuple(names)], whole, seed, workers, progress, ray=ray, first=first)
    return LineupArenaResult(rs.spec, tuple(player(n) for n in names), result, size, seed,
                             time.perf_counter() - start, first)
