"""A rollout's answer in the terminal and as JSON: moves best first, each chance with its 95 % interval and the
trials behind it (GNU Backgammon's rollout window, in words), and the board with the best move marked."""

from __future__ import annotations

from typing import Any

from rich.console import Console

from printgen.cli.advice_view import cast_words
from printgen.cli.position_view import show_position
from printgen.engine.position import seat_name
from printgen.play.marks import marked_move, move_marks
from printgen.players.analysis.rollouts import Chance, Rollout
from printgen.players.search.rollout_trials import COMMON, LUCK, STRATIFIED
from printgen.rules_text.lang import Texts


def chance_json(c: Chance, bounded: bool = True) -> dict[str, Any]:
    """Returns a rolled-out chance as JSON: its mean, standard error and 95 % interval (within 0–1 if `bounded`)."""
    lo, hi = c.interval
    if bounded:
        lo, hi = max(lo, 0.0), min(hi, 1.0)
    return {"mean": round(c.mean, 6), "se": round(c.se, 6), "ci95": [round(lo, 6), round(hi, 6)]}


def method_json(r: Rollout) -> dict[str, Any]:
    """Returns how the rollout was made: its variance reductions and its playout policy."""
    return {"common_casts": bool(r.flags & COMMON), "stratified_first_cast": bool(r.flags & STRATIFIED),
            "luck_adjusted": bool(r.flags & LUCK), "policy": "advisor:0"}


def rollout_json(r: Rollout) -> dict[str, Any]:
    """Returns the rollout as JSON: the position's seat and cast, the trials and seed, and every move best first
    (printgen/players/data/rollout.schema.json)."""
    pos = r.position
    return {
        "ruleset": pos.ruleset.spec, "players": pos.players, "to_move": seat_name(pos.to_move),
        "phase": pos.phase.value,
        "cast": {"marks": r.marks, "score": pos.score(r.marks)} if pos.needs_cast else None,
        "trials": r.trials, "seed": r.seed, "seconds": round(r.seconds, 4), "method": method_json(r),
        "moves": [{"move": str(m.move), "trials": r.trials, "win_game": chance_json(m.win_game),
                   "win_contest": chance_json(m.win_contest), "diff": chance_json(m.diff, bounded=False)}
                  for m in r.moves],
    }


def print_rollout(r: Rollout, console: Console, board: bool = True, lang: str = "en") -> None:
    """Prints the moves best first, each chance with ± its 95 % interval in percentage points, how the rollout was
    made, a warning where the best two are not told apart, then the board with the best move marked."""
    T = Texts(lang)
    pos = r.position
    cast = cast_words(T, pos, r.marks)
    console.print(T("rollout.head", seat=seat_name(pos.to_move), cast=cast, trials=T.count(r.trials, "trial"),
                    seed=r.seed, seconds=T.number(r.seconds, 2)))
    console.print(T("rollout.ranked"), style="dim")

    def percent(p: float) -> str:
        return T("word.percent", value=T.number(p * 100)).rjust(6)

    for i, m in enumerate(r.moves, 1):
        cost = "" if i == 1 else T("rollout.row_cost", points=T.number(-m.diff.mean * 100),
                                   half=T.number(m.diff.half * 100))
        console.print(T("rollout.row", rank=f"{i:>2}", move=f"{m.move!s:<9}", contest=percent(m.win_contest.mean),
                        contest_half=T.number(m.win_contest.half * 100), game=percent(m.win_game.mean),
                        game_half=T.number(m.win_game.half * 100), cost=cost), markup=False)
    if len(r.moves) > 1:
        console.print(T("rollout.legend_points"), style="dim")
    parts = [T(f"rollout.{name}") for bit, name in ((COMMON, "common"), (STRATIFIED, "stratified"), (LUCK, "luck"))
             if r.flags & bit]
    console.print(T("rollout.method", trials=r.trials, parts=T.join(parts) if parts else T("rollout.plain")),
                  style="dim")
    if len(r.moves) > 1 and r.moves[1].diff.mean + r.moves[1].diff.half >= 0:
        console.print(T("rollout.unsure"), style="dim")
    if board:
        show_position(pos, console, move_marks(r.best.move), lang)
        words = marked_move(r.best.move, lang)
        if words:
            console.print(f"  {words}", markup=False)
