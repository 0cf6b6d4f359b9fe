"""The advisor's reasons and the tutor's case in words (`printgen/lang/*.toml`, table `[explain]`).

The players find the reasons as data (`findings.reasons`); these functions say them, so the terminal,
the JSON and the tutor all show the same sentences.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby

from printgen.engine.position import seat_name
from printgen.findings.reasons import TRADES, Cause, Reason, TutorCase, Why
from printgen.rules_text.lang import Texts

TUTOR_REASONS = 2  # reasons the tutor's sentence names
SHOWN = 0.05  # percentage points: fewer show as 0.0 with one decimal, so are said as less than a tenth


def describe(reason: Reason, lang: str = "en") -> str:
    """Returns a reason in words, in a language of `printgen/lang`."""
    T = Texts(lang)
    item = reason.item.get(lang)
    amount = reason.amount or 0
    if reason.why is Why.DIRECTION:
        key = "explain.direction_ccw" if reason.seat == 1 else "explain.direction_cw"
        return T(key, tolls=T.number(amount))
    if reason.why in TRADES:
        points = reason.points or 0.0  # a sliver of the contest is said as one, not as 0.0 points
        return T(f"explain.{reason.why.value}", points=T.number(points, 1) if points >= SHOWN else T("explain.sliver"),
                 game=T.number(reason.game_points or 0.0, 1), other=str(reason.other),
                 causes=causes(reason.causes, lang))
    values: dict[str, object] = {
        "cell": reason.cell if reason.cell is not None else "",
        "seat": seat_name(reason.seat) if reason.seat is not None else "",
        "items": T.counted(int(round(amount)), item),
        "amount": int(round(amount)) if float(amount).is_integer() else T.number(amount),
        "steps": T.count(int(round(amount)), "step"),
        "chance": T.number(100 * (reason.chance or 0.0), 0),
        "tolls": T.number(amount),
        "the_items": T.the_plural(item),
    }
    if reason.why in (Why.BET_HIGH, Why.BET_LOW):  # favoured or not by the chance itself, not by the bet's size
        return T(f"explain.{reason.why.value}{_bet_odds(reason)}", **values)
    if reason.why is Why.ITEMS_EXPECTED:  # a fraction of an item: a number with one decimal and the plural
        values["items"] = f"{T.number(amount)} {T.plural(item)}"
        if reason.gained:
            return T("explain.items_expected_gain", gained=T.counted(int(round(reason.gained)), item), **values)
    return T(f"explain.{reason.why.value}", **values)


def _bet_odds(reason: Reason) -> str:
    """Returns the key's ending for a bet's reason: "" where the bet suits the bettor's chance to win the game (high
    when favoured, low when not), "_even" where that chance says 50 % as shown, else "_favoured" or "_unfavoured"."""
    percent = round(100 * (reason.chance or 0.0))
    if percent == 50:
        return "_even"
    favoured = percent > 50
    if favoured == (reason.why is Why.BET_HIGH):
        return ""
    return "_favoured" if favoured else "_unfavoured"


def causes(found: Sequence[Cause], lang: str = "en") -> str:
    """Returns the facts that set one move above another, each move named once before its own facts, then the
    rules' facts: `8-10 lands on the toll at cell 10 and pays 1 good; 11-14 captures B's piece on cell 14`."""
    T = Texts(lang)
    moved = [c for c in found if c.move is not None]
    said = [T("explain.cause", move=str(move), why=T.join(describe(c.reason, lang) for c in group))
            for move, group in groupby(moved, key=lambda c: c.move)] or [T("explain.no_cause")]  # say so, not guess
    return T("explain.causes_sep").join(said + [describe(c.reason, lang) for c in found if c.move is None])


def summary(found: Sequence[Reason], lang: str = "en", limit: int = 3) -> str:
    """Returns the first reasons (a trade aside: `trades` says it) as one phrase: `captures B's piece on cell 12
    and casts again`."""
    return Texts(lang).join(describe(r, lang) for r in [r for r in found if r.why not in TRADES][:limit])


def trades(found: Sequence[Reason], lang: str = "en") -> list[str]:
    """Returns the sentence of each trade among the reasons: what the move keeps or gives up in the contest."""
    return [describe(r, lang) for r in found if r.why in TRADES]


def tutor_sentence(case: TutorCase, lang: str = "en") -> str:
    """Returns the tutor's sentence: what speaks against the move (or for the best), and the points best keeps;
    where the move is the better for the game, that first."""
    T = Texts(lang)
    side = "against" if case.against else "for" if case.reasons else "plain"
    key = f"explain.tutor_{side}" + ("_trade" if case.game_points > 0 else "")
    return T(key, move=str(case.move), why=summary(case.reasons, lang, TUTOR_REASONS), best=str(case.best),
             points=T.number(case.points, 1), game=T.number(case.game_points, 1))
