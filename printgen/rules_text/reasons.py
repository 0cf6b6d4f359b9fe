"""The advisor's reasons and the tutor's case in words (`printgen/lang/*.toml`, table `[explain]`).

The players find the reasons as data (`findings.reasons`); these functions say them, so the terminal,
the JSON and the phone all show the same sentences.
"""

from __future__ import annotations

from collections.abc import Sequence

from printgen.engine.position import seat_name
from printgen.findings.reasons import Reason, TutorCase, Why
from printgen.rules_text.lang import Texts

TUTOR_REASONS = 2  # reasons the tutor's sentence names


def describe(reason: Reason, lang: str = "en") -> str:
    """Returns a reason in words, in a language of `printgen/lang`."""
    T = Texts(lang)
    item = reason.item.get(lang)
    amount = reason.amount or 0
    values: dict[str, object] = {
        "cell": reason.cell if reason.cell is not None else "",
        "seat": seat_name(reason.seat) if reason.seat is not None else "",
        "items": T.counted(int(round(amount)), item),
        "amount": int(round(amount)) if float(amount).is_integer() else T.number(amount),
        "steps": T.count(int(round(amount)), "step"),
        "chance": T.number(100 * (reason.chance or 0.0), 0),
    }
    if reason.why is Why.DIRECTION:
        key = "explain.direction_ccw" if reason.seat == 1 else "explain.direction_cw"
        return T(key, tolls=T.number(amount))
    return T(f"explain.{reason.why.value}", **values)


def summary(found: Sequence[Reason], lang: str = "en", limit: int = 3) -> str:
    """Returns the first reasons as one phrase: `captures B's piece on cell 12 and casts again`."""
    return Texts(lang).join(describe(r, lang) for r in found[:limit])


def tutor_sentence(case: TutorCase, lang: str = "en") -> str:
    """Returns the tutor's sentence: what speaks against the move (or for the best), and the points best keeps."""
    T = Texts(lang)
    key = "explain.tutor_against" if case.against else "explain.tutor_for"
    return T(key, move=str(case.move), why=summary(case.reasons, lang, TUTOR_REASONS), best=str(case.best),
             points=T.number(case.points, 1))
