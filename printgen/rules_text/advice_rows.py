"""The advisor's moves as rows of words, one home for `patolli advise` and `play`'s hint: what the ranking is by,
each move's chances with one decimal, the counters it expects to win or lose (by the ruleset's own word for them),
its cost against the best in percentage points, and the legend of those words."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from printgen.rules_text.lang import Texts


@dataclass(frozen=True)
class Row:
    """One move as the advisor ranks it: its notation, its chances (0–1), the counters it expects to win (+) or lose
    by the end of the game, and its chance of the contest against the best move's (0 for the best)."""

    move: str
    win_contest: float
    win_game: float
    items: float
    diff: float


def ranked_by(T: Texts, exact: bool) -> str:
    """Returns the line that says what the ranking is by."""
    return T("advice.exact") if exact else T("advice.ranked")


def rows(T: Texts, moves: Sequence[Row], item: str | None) -> list[str]:
    """Returns a row of words per move, best first; `item` is the counters' word (plural), None where nothing is
    staked."""

    def percent(p: float) -> str:
        return T("word.percent", value=T.number(p * 100)).rjust(6)

    def signed(x: float) -> str:
        return ("+" if x >= 0 else "−") + T.number(abs(x))

    out = []
    for i, m in enumerate(moves, 1):
        cost = "" if i == 1 else T("advice.row_cost", points=T.number(-m.diff * 100))
        items = T("advice.row_items", item=item, items=signed(m.items)) if item is not None else ""
        out.append(T("advice.row", rank=f"{i:>2}", move=f"{m.move:<9}", contest=percent(m.win_contest),
                     game=percent(m.win_game), items=items, cost=cost))
    return out


def legend(T: Texts, moves: int, item: str | None) -> list[str]:
    """Returns the lines that explain the rows' words: points (where a move is ranked below another) and counters."""
    out = [T("advice.legend_points")] if moves > 1 else []
    if item is not None:
        out.append(T("advice.legend_items", item=item))
    return out
