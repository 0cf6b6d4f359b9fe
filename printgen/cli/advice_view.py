"""The advisor's answer in the terminal and as JSON: moves best first, and the board with the move marked."""

from __future__ import annotations

import textwrap
from typing import Any

from rich.console import Console

from printgen.cli.position_view import show_position
from printgen.engine.beans import Beans
from printgen.engine.position import Position, seat_name
from printgen.errors import OptionError
from printgen.findings.reasons import TRADES, Reason
from printgen.play.marks import marked_move, move_marks
from printgen.players.analysis.advisor import Analysis
from printgen.players.analysis.trades import advice_reasons
from printgen.rules_text.advice_rows import Row, all_exact, legend, ranked_by, rows
from printgen.rules_text.lang import Texts
from printgen.rules_text.reasons import describe, summary, trades

INDENT = " " * 6  # a move's reasons, under its row


def marks_of(pos: Position, cast: str | None) -> int:
    """Returns the marks a --cast value means here (0 where no cast is needed)."""
    if not pos.needs_cast:
        return 0
    if cast is None:
        raise OptionError(f"{seat_name(pos.to_move)} must cast first: give --cast with the score (0 for none) "
                          "or the bean faces")
    return Beans(pos.ruleset.beans).marks_for_text(cast)


def cast_words(T: Texts, pos: Position, marks: int) -> str:
    """Returns the cast in a heading's words (`, cast 2 marks (score 2)`), or nothing where no cast is needed."""
    if not pos.needs_cast:
        return ""
    score = pos.score(marks)
    return T("advice.head_cast", marks=T.count(marks, "mark"),
             score=T("advice.no_score") if score is None else T("advice.score", score=score))


def reasons_json(found: list[Reason], lang: str = "en") -> list[dict[str, Any]]:
    """Returns the reasons for and against a move as JSON: what each is about, its side and its words; a trade also
    the other move, the points of the contest and of the game between them, and its causes, each with its move."""
    out: list[dict[str, Any]] = []
    for r in found:
        said: dict[str, Any] = {"kind": r.why.value, "good": r.good, "text": describe(r, lang)}
        if r.why in TRADES:
            said |= {"versus": str(r.other), "points": round(r.points or 0.0, 4),
                     "game_points": round(r.game_points or 0.0, 4),
                     "causes": [{"move": None if c.move is None else str(c.move), "kind": c.reason.why.value,
                                 "good": c.reason.good, "text": describe(c.reason, lang)} for c in r.causes]}
        out.append(said)
    return out


def analysis_json(a: Analysis, lang: str = "en") -> dict[str, Any]:
    """Returns the advice as JSON (see printgen/players/data/advice.schema.json)."""
    pos = a.position
    found = advice_reasons(a)
    game_best = max(a.suggestions, key=lambda s: s.win_game)
    return {
        "ruleset": pos.ruleset.spec, "players": pos.players, "to_move": seat_name(pos.to_move),
        "phase": pos.phase.value,
        "cast": {"marks": a.marks, "score": pos.score(a.marks)} if pos.needs_cast else None,
        "level": a.level, "seconds": round(a.seconds, 4), "exact": a.exact is not None,
        "endgame_pieces": a.exact_pieces, "calibrated": a.calibrated, "game_best": str(game_best.move),
        "moves": [{"move": str(s.move), "win_game": round(s.win_game, 6), "win_contest": round(s.win_contest, 6),
                   "items": round(s.items, 4), "diff": round(s.diff, 6), "game_source": s.game_source,
                   "contest_source": s.contest_source, "why": reasons_json(why, lang)}
                  for s, why in zip(a.suggestions, found, strict=True)],
    }


def print_analysis(a: Analysis, console: Console, board: bool = True, lang: str = "en") -> None:
    """Prints the moves in the manner of GNU Backgammon's hint, then the board with the move marked.

    What the ranking is by comes first; every chance has one decimal, the cost against the best move is said in
    percentage points, and the counters are called by the ruleset's own word for them, as the board below calls them.
    """
    T = Texts(lang)
    pos = a.position
    cast = cast_words(T, pos, a.marks)
    console.print(T("advice.head", seat=seat_name(pos.to_move), cast=cast, level=a.level,
                    seconds=T.number(a.seconds, 2)))
    table = [Row.of(s) for s in a.suggestions]
    console.print(ranked_by(T, table), style="dim")
    item = T.plural(pos.ruleset.economy.item_name.get(lang)) if pos.ruleset.economy.gambling else None
    said = rows(T, table, item)
    for line, found in zip(said, advice_reasons(a), strict=True):
        console.print(line, markup=False)
        for why in [summary(found, lang), *trades(found, lang)]:
            if why:  # indented under the move, a long reason wrapped to the same indent
                console.print(textwrap.fill(why, max(console.width, 40), initial_indent=INDENT,
                                            subsequent_indent=INDENT), markup=False, style="dim")
    for line in legend(T, table, item):
        console.print(line, style="dim")
    if not a.calibrated and not all_exact(table):
        console.print(T("advice.unmapped", level=a.level), style="dim")
    if board:
        show_position(pos, console, move_marks(a.best.move), lang)
        words = marked_move(a.best.move, lang)
        if words:
            console.print(f"  {words}", markup=False)
