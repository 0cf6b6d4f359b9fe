"""`patolli lab arena`: computer players, many contests, seats rotated; win rates with their 95% intervals.

Two players: A against B, seats alternated. Three or four: each for themselves, or as two teams of
partners where the ruleset plays so, over whole sets of seatings so seat advantage cancels.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated, Any

import typer

from printgen.cli.engine_ready import prepare_engine
from printgen.cli.errors import INTERRUPTED, reports_errors
from printgen.cli.options import DEFAULT_RULESET, JsonOpt, RayOpt, RulesetOpt, WorkersOpt
from printgen.errors import OptionError

if TYPE_CHECKING:
    from printgen.players.lab.arena import ArenaResult, LineupArenaResult, LineupResult

PlayersArg = Annotated[list[str], typer.Argument(
    help="Two to four players (as many as named), by name or as one comma-separated list (random, gatigo:S0T0 … "
    "gatigo:S3T2, advisor, advisor:LEVEL …). With partnerships the first two are one team and the last two the other.",
    show_default=False)]


@contextmanager
def progress_bar(label: str) -> Iterator[Callable[[int, int], None] | None]:
    """Yields a progress callback drawing a bar on stderr, or None when stderr is not a terminal."""
    if not sys.stderr.isatty():
        yield None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    with Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  transient=True, console=None) as bar:
        task = bar.add_task(label, total=None)

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield update


def line_up(players: list[str]) -> list[str]:
    """Returns the player names given (comma-separated lists split): as many players as names."""
    names = [name.strip() for arg in players for name in arg.split(",") if name.strip()]
    if not 2 <= len(names) <= 4:
        raise OptionError(f"the arena needs two to four players, not {len(names)}")
    return names


@reports_errors
def arena(
    players: PlayersArg,
    ruleset: RulesetOpt = DEFAULT_RULESET,
    matches: Annotated[int, typer.Option("--contests", "-n", min=1, help="Contests to play (with three or four "
                                         "players, rounded up to whole sets of seatings).")] = 1000,
    seed: Annotated[int, typer.Option("--seed", help="Base seed: the same seed gives the same results.")] = 1,
    first: Annotated[int, typer.Option("--first", min=0, help="Number of the first contest to play: a long run is "
                                       "played in parts (--first 0 -n 100, then --first 100 -n 100, …), each the "
                                       "same contests as in one run.")] = 0,
    workers: WorkersOpt = None,
    ray: RayOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Play 2–4 computer players: win rates with 95% intervals.

    Plays many contests to bankruptcy. Two players alternate seats; three or four play every seating
    (with partnerships, both team arrangements), so each sits in each seat equally often.
    """
    from printgen.players.lab.arena import arena as run_arena
    from printgen.players.lab.arena import check_player_count, lineup_arena
    from printgen.players.roster.registry import player
    from printgen.ruleset_files import load_ruleset

    names = line_up(players)
    rs = load_ruleset(ruleset)
    check_player_count(rs, len(names))
    for name in names:
        player(name)  # bad names are said before the engine is prepared
    if ray is not None:
        from printgen.players.lab.pool import connect_ray

        connect_ray(ray)  # a missing Ray or a cluster out of reach is said before the work
    prepare_engine("arena")
    two = len(names) == 2
    with progress_bar("contests") as progress:
        if two:
            r = run_arena(ruleset, names[0], names[1], matches, seed, workers, progress, ray=ray, first=first)
        else:
            lr = lineup_arena(ruleset, names, matches, seed, workers, progress, ray=ray, first=first)
    if two:
        _show_pair(r, seed, as_json)
    elif as_json:
        print(json.dumps(lineup_json(lr)))
    else:
        _show_lineup(lr)
    stopped = r.result if two else lr.result
    if stopped.interrupted:  # Ctrl-C: the contests finished are shown above, then the exit of an interrupt
        print(f"interrupted: {stopped.matches} of {stopped.wanted} contests played", file=sys.stderr)
        raise typer.Exit(INTERRUPTED)


def _show_pair(r: ArenaResult, seed: int, as_json: bool) -> None:
    res = r.result
    lo, hi = res.ci95
    if as_json:
        print(json.dumps({
            "ruleset": r.ruleset, "a": r.a.name, "b": r.b.name, "matches": res.matches, "wins_a": res.wins_a,
            "wins_b": res.wins_b, "draws": res.draws, "win_rate": round(res.win_rate, 6),
            "ci95": [round(lo, 6), round(hi, 6)], "seed": seed, "first": r.first, "seconds": round(r.seconds, 3),
            "contests_asked": res.wanted, "interrupted": res.interrupted,
            "matches_per_second": round(r.matches_per_second, 2),
            "measures": {"a": res.measures(0), "b": res.measures(1)},
        }))
        return
    part = f" (contests {r.first} to {r.first + res.matches - 1} of seed {seed})" if r.first else ""
    print(f"{r.a.name} against {r.b.name} under {r.ruleset}: {res.matches} contests{part}, seats alternated")
    print(f"  {r.a.name} won {res.wins_a}, {r.b.name} won {res.wins_b}" + (f", {res.draws} unfinished" if res.draws
                                                                          else ""))
    print(f"  win rate of {r.a.name}: {res.win_rate:.4f}  (95% interval {lo:.4f} to {hi:.4f})")
    ma, mb = res.measures(0), res.measures(1)
    per = res.matches
    print(f"  per contest, {r.a.name} / {r.b.name}: games won {ma['games_won'] / per:.2f} / {mb['games_won'] / per:.2f}"
          f", bounce-backs {ma['bounce_backs'] / per:.2f} / {mb['bounce_backs'] / per:.2f}")
    print(f"    toll landings {ma['toll_landings'] / per:.2f} / {mb['toll_landings'] / per:.2f}"
          f", blocked casts paid for {ma['blocked_penalties'] / per:.2f} / {mb['blocked_penalties'] / per:.2f}")
    print(f"  {r.seconds:.1f} s, {r.matches_per_second:.1f} contests per second")


def _label(names: tuple[str, ...], i: int) -> str:
    """Returns a player's name, with its place in the line-up where another player has the same name."""
    return f"{names[i]} #{i + 1}" if names.count(names[i]) > 1 else names[i]


def lineup_json(r: LineupArenaResult) -> dict[str, Any]:
    """Returns a line-up arena's result for programs: per player and team, with intervals and measures."""
    from printgen.players.lab.seating import team_of

    res = r.result
    per = res.matches
    players = []
    for i, name in enumerate(res.names):
        lo, hi = res.interval(i)
        players.append({"name": name, "team": team_of(i, True) + 1 if res.partnerships else None,
                        "won": int(res.wins[i]), "share": round(res.share(i), 6), "ci95": [round(lo, 6), round(hi, 6)],
                        "per_contest": {k: round(v / per, 4) for k, v in res.measures(i).items()
                                        if k not in ("matches_won", "avg_tokens_on_board")},
                        "avg_tokens_on_board": round(res.measures(i)["avg_tokens_on_board"], 4),
                        "measures": res.measures(i)})
    teams = None
    if res.partnerships:
        teams = [{"team": t + 1, "players": list(res.names[2 * t:2 * t + 2]), "won": res.team_wins(t),
                  "share": players[2 * t]["share"], "ci95": players[2 * t]["ci95"]} for t in range(2)]
    return {"ruleset": r.ruleset, "players": players, "teams": teams, "matches": per, "draws": res.draws,
            "contests_asked": res.wanted, "interrupted": res.interrupted,
            "seatings": r.seatings, "sets": r.sets, "equal_share": round(1 / res.sides, 6),
            "wins_by_seat": _seat_wins(res),
            "seed": r.seed, "first": r.first, "seconds": round(r.seconds, 3),
            "matches_per_second": round(r.matches_per_second, 2)}


def _seat_wins(res: LineupResult) -> dict[str, int]:
    """Returns the contests won from each seat (with partnerships, from seats A & C and from B & D)."""
    from printgen.engine.seats import SEAT_NAMES

    if res.partnerships:
        return {"A & C": int(res.seat_wins[0]), "B & D": int(res.seat_wins[1])}
    return {SEAT_NAMES[s]: int(res.seat_wins[s]) for s in range(len(res.names))}


def _show_lineup(r: LineupArenaResult) -> None:
    res = r.result
    n, per = len(res.names), res.matches
    kind = "two teams of partners" if res.partnerships else "each for themselves"
    print(f"{n} players under {r.ruleset}, {kind}: {per} contests, {r.sets} sets of {r.seatings} seatings "
          f"(each player in each seat equally often)")
    if res.partnerships:
        for t in range(2):
            lo, hi = res.interval(2 * t)
            print(f"  team {t + 1} ({' & '.join(_label(res.names, i) for i in (2 * t, 2 * t + 1))}): won "
                  f"{res.team_wins(t)}, share {res.share(2 * t):.4f}  (95% interval {lo:.4f} to {hi:.4f})")
    width = max(len(_label(res.names, i)) for i in range(n)) + 2
    print(f"  {'player':<{width}} {'won':>6} {'share':>7}  {'95% interval':<16} {'games':>6} {'bounced':>8} "
          f"{'tolls':>6} {'extra':>6} {'tokens':>6}   (per contest; tokens: on the board)")
    for i in range(n):
        lo, hi = res.interval(i)
        m = res.measures(i)
        print(f"  {_label(res.names, i):<{width}} {int(res.wins[i]):>6} {res.share(i):>7.4f}  "
              f"{lo:.4f} to {hi:.4f} {m['games_won'] / per:>6.2f} {m['bounce_backs'] / per:>8.2f} "
              f"{m['toll_landings'] / per:>6.2f} {m['extra_turns'] / per:>6.2f} {m['avg_tokens_on_board']:>6.2f}")
    draws = f"; {res.draws} unfinished" if res.draws else ""
    print(f"  an equal share: {1 / res.sides:.4f}; contests won by seat: "
          + ", ".join(f"{seat} {won}" for seat, won in _seat_wins(res).items()) + draws)
    print(f"  {r.seconds:.1f} s, {r.matches_per_second:.1f} contests per second")
