"""The advisor's moves as rows of words, one home for `patolli advise` and `play`'s hint: what the ranking is by,
each move's chances with one decimal, the counters it expects to win or lose (by the ruleset's own word for them),
its cost against the best in percentage points, and the legend of those words."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from printgen.findings.chances import EXACT
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
    exact_contest: bool = False  # the chance is perfect play's, from an endgame table
    exact_game: bool = False

    @classmethod
    def of(cls, s: Any) -> Row:
        """Returns the row of an advisor's suggestion (`players.analysis.advisor.Suggestion`)."""
        return cls(str(s.move), s.win_contest, s.win_game, s.items, s.diff, s.contest_source == EXACT,
                   s.game_source == EXACT)


def all_exact(moves: Sequence[Row]) -> bool:
    """Returns whether every chance of every row is exact (a game an endgame table holds whole from here)."""
    return all(m.exact_contest and m.exact_game for m in moves)


def ranked_by(T: Texts, moves: Sequence[Row]) -> str:
    """Returns the line that says what the ranking is by."""
    return T("advice.exact") if all_exact(moves) else T("advice.ranked")


def rows(T: Texts, moves: Sequence[Row], item: str | None) -> list[str]:
    """Returns a row of words per move, best first; `item` is the counters' word (plural), None where nothing is
    staked."""

    mark = not all_exact(moves)

    def percent(p: float, exact: bool) -> str:
        return T("word.percent", value=T.number(p * 100)).rjust(6) + ("*" if exact and mark else " " * mark)

    def signed(x: float) -> str:
        return ("+" if x >= 0 else "−") + T.number(abs(x))

    out = []
    for i, m in enumerate(moves, 1):
        cost = "" if i == 1 else T("advice.row_cost", points=T.number(-m.diff * 100))
        items = T("advice.row_items", item=item, items=signed(m.items)) if item is not None else ""
        out.append(T("advice.row", rank=f"{i:>2}", move=f"{m.move:<9}", contest=percent(m.win_contest,
                     m.exact_contest), game=percent(m.win_game, m.exact_game), items=items, cost=cost))
    return out


def legend(T: Texts, moves: Sequence[Row], item: str | None) -> list[str]:
    """Returns the lines that explain the rows' words: points (where a move is ranked below another), exact chances
    (where some are and some are not) and counters."""
    out = [T("advice.legend_points")] if len(moves) > 1 else []
    if not all_exact(moves) and any(m.exact_game or m.exact_contest for m in moves):
        out.append(T("advice.legend_exact"))
    if item is not None:
        out.append(T("advice.legend_items", item=item))
    return out
