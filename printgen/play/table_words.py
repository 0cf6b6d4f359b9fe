"""What a bean check says and the lessons of a guided first game, in words: Python's own, which the phone app's
(web/app/js: bean_check.js, lessons.js, from the same `serve.*` templates of printgen/lang) is held to by the tests,
figure for figure and sentence for sentence, in both languages.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from printgen.engine.position import seat_name
from printgen.play.bean_check import ALPHA, MIN_CASTS, BeanReport, Verdict
from printgen.play.lessons import lessons
from printgen.play.table import Table
from printgen.rules_text.narration import Narration
from printgen.rules_text.phrases import Phrases
from printgen.rulesets.model import Ruleset


def beans_json(report: BeanReport, rs: Ruleset, lang: str) -> dict[str, Any]:
    """Returns what a log of casts says about a person's beans, in figures and plain words."""
    P = Phrases(rs, lang)

    def pc(x: float) -> str:
        return P.T.percent(Fraction(x).limit_denominator(100_000))

    lines = [P.T("serve.beans_count", n=report.casts)]
    if report.faces:
        lo, hi = report.interval
        lines.append(P.T("serve.beans_rate", percent=pc(report.rate), lo=pc(lo), hi=pc(hi),
                         expected=pc(report.expected)))
    if report.chi2 is not None and report.chi2_p is not None:
        lines.append(P.T("serve.beans_chi", chi=P.T.number(report.chi2, 2), df=report.df,
                         p=P.T.number(report.chi2_p, 3)))
    lines += [P.T("serve.beans_odd", n=b + 1, percent=pc(report.per_bean[b][0])) for b in report.odd_beans]
    key = report.verdict.value
    if report.verdict is Verdict.UNFAIR and report.rate_p >= ALPHA and not report.odd_beans:
        key = "unfair_spread"  # the marks are right in number but not spread over the casts as chance spreads them
    verdict = P.T(f"serve.beans_{key}", min=MIN_CASTS)
    return {"casts": report.casts, "rate": round(report.rate, 4),
            "interval": [round(x, 4) for x in report.interval], "expected": report.expected,
            "rate_p": round(report.rate_p, 6), "chi2": None if report.chi2 is None else round(report.chi2, 4),
            "df": report.df, "chi2_p": None if report.chi2_p is None else round(report.chi2_p, 6),
            "counts": list(report.counts), "expected_counts": list(report.expected_counts),
            "per_bean": [{"rate": round(r, 4), "interval": [round(lo, 4), round(hi, 4)]}
                         for r, lo, hi in report.per_bean],
            "odd_beans": [b + 1 for b in report.odd_beans],
            "verdict": report.verdict.value, "verdict_words": verdict, "lines": lines}


def lessons_json(table: Table, lang: str) -> list[dict[str, Any]]:
    """Returns the lessons of a learning game so far: each rule in words when it first happened, and its cell."""
    pos = table.position
    N = Narration(pos.ruleset, lang)
    P = N.P
    person = table.people[0] if table.people else 0
    start = table.session.record.positions()[0]
    out = []
    for lesson in lessons(start, table.steps(0), person, table.pending is not None):
        text = P.T(f"serve.learn_{lesson.topic}", seat=seat_name(person), cell=lesson.cell or "")
        what = N.event(lesson.event) if lesson.event is not None else None
        if what:
            text += " " + P.T("serve.learn_what", what=what)
        out.append({"turn": lesson.turn, "topic": lesson.topic, "cell": lesson.cell, "text": text})
    return out
