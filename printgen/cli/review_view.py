"""A contest review in the terminal and as JSON (printgen/players/data/review.schema.json)."""

from __future__ import annotations

from typing import Any

from rich.console import Console

from printgen.engine.position import seat_name
from printgen.findings.review import GRADE_LIMITS, Grade, Review, TurnReview
from printgen.rules_text.lang import Texts
from printgen.rules_text.reasons import tutor_sentence

FORMAT, VERSION = "patolli-review", 1
SPARKS = "▁▂▃▄▅▆▇█"
GRADE_STYLE = {Grade.BEST: "green", Grade.GOOD: "green", Grade.INACCURACY: "yellow", Grade.MISTAKE: "dark_orange",
               Grade.BLUNDER: "bold red"}


def points(x: float) -> str:
    """Returns a chance as percentage points with a sign: `+3.1`."""
    return f"{x * 100:+.1f}"


def _cast(rv: Review, t: TurnReview) -> dict[str, Any] | None:
    if t.marks is None:
        return None
    return {"marks": t.marks, "score": rv.position.score(t.marks)}


def review_json(rv: Review, lang: str = "en") -> dict[str, Any]:
    """Returns the review as JSON (see printgen/players/data/review.schema.json)."""
    pos = rv.position
    play, beans = rv.key_moments()
    return {
        "format": FORMAT, "version": VERSION, "ruleset": pos.ruleset.spec, "players": pos.players,
        "level": rv.level, "seconds": round(rv.seconds, 3), "turns": len(rv.turns),
        "games": max((t.game for t in rv.turns), default=pos.game),
        "grades": [{"grade": g.value, "loss_below": None if lim == float("inf") else lim} for g, lim in GRADE_LIMITS],
        "start": [round(x, 6) for x in rv.start],
        "summary": [{
            "seat": seat_name(p.seat), "decisions": p.decisions, "forced": p.forced,
            "grades": {g.value: n for g, n in p.grades.items()}, "error_rate": round(p.error_rate, 6),
            "accuracy": round(p.accuracy, 2), "start": round(p.start, 6), "luck": round(p.luck, 6),
            "skill": round(p.skill, 6), "result": round(p.result, 6), "luck_free": round(p.luck_free, 6),
        } for p in rv.players],
        "decisions": [{
            "turn": t.turn, "seat": seat_name(t.seat), "game": t.game, "kind": t.kind.value, "cast": _cast(rv, t),
            "played": str(t.played), "best": str(t.best), "choices": t.choices, "forced": t.forced,
            "grade": None if t.grade is None else t.grade.value, "loss_contest": round(t.loss, 6),
            "loss_game": round(t.loss_game, 6),
            "before": [round(x, 6) for x in t.before], "after": [round(x, 6) for x in t.after],
            "luck": [round(t.luck(s), 6) for s in range(pos.players)],
            "skill": [round(t.skill(s), 6) for s in range(pos.players)],
            "why": tutor_sentence(rv.cases[t.turn], lang)
            if t.grade in (Grade.INACCURACY, Grade.MISTAKE, Grade.BLUNDER) else None,
        } for t in rv.turns],
        "key_moments": {"play": [t.turn for t in play], "beans": [t.turn for t in beans]},
        "comparison": _comparison_json(rv),
    }


def _comparison_json(rv: Review) -> dict[str, Any] | None:
    c = rv.comparison()
    if c is None:
        return None
    span = c.interval
    return {"better": seat_name(c.better), "other": seat_name(c.other), "per_game": round(c.per_game, 6),
            "ci95": None if span is None else [round(span[0], 6), round(span[1], 6)], "games": c.games,
            "sure": c.sure}


def sparkline(values: list[float]) -> str:
    """Returns chances (0 to 1) as a row of block characters."""
    return "".join(SPARKS[min(len(SPARKS) - 1, int(v * len(SPARKS)))] for v in values)


def _graph_rows(rv: Review, seat: int, width: int = 48) -> list[str]:
    rows = []
    games = sorted({t.game for t in rv.turns})
    for g in games:
        vals = [t.after[seat] for t in rv.turns if t.game == g]
        step = max(1, -(-len(vals) // width))
        sampled = vals[::step]
        rows.append(f"  game {g:<3} {sparkline(sampled)}  {vals[0] * 100:3.0f}% → {vals[-1] * 100:3.0f}%")
    return rows


def print_review(rv: Review, console: Console, source: str, lang: str = "en") -> None:
    """Prints the review: a table per player, the win-chance graph game by game, key moments and every error."""
    pos = rv.position
    games = max((t.game for t in rv.turns), default=pos.game)
    console.print(f"[bold]Review of {source}[/bold]: {pos.ruleset.spec}, {pos.players} players, {len(rv.turns)} "
                  f"turns, {games} game{'s' if games != 1 else ''}; review level {rv.level}, {rv.seconds:.1f} s")
    for p in rv.players:
        result = "won" if p.result > 0.9999 else "lost" if p.result < 0.0001 else f"{p.result * 100:.1f}%"
        grades = " · ".join(f"[{GRADE_STYLE[g]}]{g.value} {p.grades[g]}[/]" for g in Grade)
        console.print(f"[bold]{seat_name(p.seat)}[/bold]  {p.decisions} graded: {grades}")
        console.print(f"   error rate {p.error_rate * 100:.2f} points a decision · accuracy {p.accuracy:.1f} · "
                      f"{p.forced} forced")
        console.print(f"   {result} (start {p.start * 100:.1f}%) · luck {points(p.luck)} points · "
                      f"without luck {p.luck_free * 100:.1f}%")
    _print_comparison(rv, console, lang)
    limits = ", ".join(f"{g.value} < {lim * 100:g}" for g, lim in GRADE_LIMITS[:-1])
    console.print(f"[dim]grades by the chance to win the contest given away, in points: {limits}, "
                  f"{GRADE_LIMITS[-1][0].value} from {GRADE_LIMITS[-2][1] * 100:g}; forced moves are not graded; "
                  "error rate = mean points lost per graded decision[/dim]")
    for s in range(pos.players):
        console.print(f"[bold]{seat_name(s)}'s chance to win the contest[/bold], game by game:")
        for row in _graph_rows(rv, s):
            console.print(row, markup=False)
    play, beans = rv.key_moments()
    if play:
        console.print("[bold]Key moments: play[/bold]")
        for t in play:
            _print_error(rv, t, console, lang)
    if beans:
        console.print("[bold]Key moments: beans[/bold]")
        for t in beans:
            score = pos.score(t.marks or 0)
            cast = "no score" if score is None else f"score {score}"
            console.print(f"  turn {t.turn} (game {t.game}): {seat_name(t.seat)} casts {cast}: "
                          f"{points(t.luck(t.seat))} points for {seat_name(t.seat)}", markup=False)
    errors = [t for t in rv.turns if t.grade in (Grade.MISTAKE, Grade.BLUNDER) and t not in play]
    if errors:
        console.print("[bold]Other mistakes and blunders[/bold]")
        for t in errors:
            _print_error(rv, t, console, lang)


def _print_error(rv: Review, t: TurnReview, console: Console, lang: str) -> None:
    grade = t.grade or Grade.BEST
    why = tutor_sentence(rv.cases[t.turn], lang)
    console.print(f"  turn {t.turn} (game {t.game}): {seat_name(t.seat)} played {t.played}, "
                  f"[{GRADE_STYLE[grade]}]{grade.value} {points(-t.loss)}[/]: {why}")


def _print_comparison(rv: Review, console: Console, lang: str) -> None:
    """Prints who played better and how sure: the points a game the other gave away beyond, with their interval."""
    c = rv.comparison()
    if c is None:
        return
    T = Texts(lang)
    better, other = seat_name(c.better), seat_name(c.other)
    if c.half is None:
        console.print(T("review.better_one_game", better=better, other=other, points=T.number(c.per_game * 100)))
        return
    lo, hi = c.interval or (0.0, 0.0)
    key = "review.better_sure" if c.sure else "review.better_unsure"
    console.print(T(key, better=better, other=other, points=T.number(c.per_game * 100), lo=T.number(lo * 100),
                    hi=T.number(hi * 100), games=c.games))
