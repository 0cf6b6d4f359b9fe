"""What the page shows, as JSON in the reader's language: the table, the turns played, the advice, the odds.

Words come from printgen/lang (the `serve.*` keys); what happened is said by the text layer's narration
(`printgen/rules_text/narration.py`), as at the terminal. Numbers on the board are the printed cell numbers.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from printgen.engine.beans import Beans
from printgen.engine.moves import Move, MoveKind
from printgen.engine.position import HAND, HOME, Phase, Position, seat_name
from printgen.play.bean_check import ALPHA, MIN_CASTS, BeanReport, Verdict
from printgen.play.changes import Change, change_words
from printgen.play.lessons import lessons
from printgen.play.table import Step, Table
from printgen.players.analysis.advisor import Analysis
from printgen.players.analysis.reasons import reasons
from printgen.rules_text.narration import Narration
from printgen.rules_text.phrases import Phrases
from printgen.rules_text.reasons import summary
from printgen.rulesets.model import Ruleset
from printgen.serve.store import public_spec

FEED = 12  # turns shown in the feed


def step_lines(N: Narration, step: Step) -> list[str]:
    """Returns what a turn did: the cast and move, then each event the first line does not already say."""
    return N.step(step.seat, step.marks, step.move, step.events, step.before)


def change_line(P: Phrases, c: Change) -> str:
    """Returns one piece to put back on the physical board, in words."""
    return change_words(P.T, c)


def _move_json(N: Narration, move: Move) -> dict[str, Any]:
    return {"text": str(move), "kind": move.kind.value, "origin": move.origin, "target": move.target,
            "amount": move.amount, "words": N.move_words(move),
            "ccw": move.anticlockwise}


def _faces(pos: Position, marks: int) -> list[bool]:
    return list(Beans(pos.ruleset.beans).cast_with_marks(marks).beans)


def _prompt(N: Narration, table: Table) -> str:
    pos = table.position
    P = N.P
    if table.over:
        w = pos.winner
        if w is None:
            return P.T("serve.nobody")
        if pos.ruleset.players.partnerships:  # the team wins, whichever partner finished
            return P.T("serve.winner_team", team=N.team(w))
        return P.T("serve.winner", seat=seat_name(w))
    if table.computers_to_play():
        return P.T("serve.prompt_computer")
    who = seat_name(pos.to_move)
    if pos.phase is Phase.BET:
        return P.T("serve.prompt_bet", seat=who)
    if table.pending is not None:
        return P.T("serve.prompt_move", seat=who, cast=N.cast_words(table.pending))
    return P.T("serve.prompt_throw" if pos.phase is Phase.OPENING else "serve.prompt_cast", seat=who)


def bankrupt_notes(P: Phrases, table: Table) -> list[str]:
    """Returns, for each person out of the contest, which pieces to take off the board."""
    notes = []
    positions = table.session.record.positions()
    turns = table.session.record.turns
    for seat in table.people:
        if not table.position.bankrupt(seat):
            continue
        i = next((j for j in range(len(positions) - 2, -1, -1) if not positions[j].bankrupt(seat)), None)
        cells: list[int] = []
        if i is not None:
            cells = [p for p in positions[i].places(seat) if isinstance(p, int)]
            move = turns[i].move
            if positions[i].to_move == seat and move.kind is MoveKind.MOVE and move.origin in cells:
                cells = [move.target if c == move.origin else c for c in cells if not (c == move.origin
                                                                                          and move.target == 0)]
            cells = sorted(c for c in cells if c)
        who = seat_name(seat)
        notes.append(P.T("serve.bankrupt_you", seat=who, cells=P.T.join(map(str, cells)))
                     if cells else P.T("serve.bankrupt_none", seat=who))
    return notes


def stamp(table: Table) -> str:
    """Returns what changes with every action: phones compare it to know when to fetch the table again."""
    return f"{len(table.session.record.turns)}:{table.pending}"


def table_json(table: Table, name: str, lang: str) -> dict[str, Any]:
    """Returns everything the page draws and says about a table."""
    pos = table.position
    rs = pos.ruleset
    N = Narration(rs, lang)
    P = N.P
    computers = table.session.computers
    seats = []
    for s in range(pos.players):
        places = pos.places(s)
        seats.append({
            "letter": seat_name(s), "index": s, "person": s not in computers,
            "computer": computers[s].name if s in computers else None,
            "holdings": pos.holdings(s) if rs.economy.gambling else None,
            "hand": places.count(HAND), "home": places.count(HOME), "bankrupt": pos.bankrupt(s),
            "team": seat_name(pos.team(s)) if rs.players.partnerships else None,
            "label": P.T("serve.seat_computer", seat=seat_name(s), name=computers[s].name) if s in computers else
            P.T("serve.seat_you" if len(table.people) == 1 else "serve.seat_person", seat=seat_name(s)),
        })
    legal: list[dict[str, Any]] = []
    person = not table.over and not table.computers_to_play()
    if person and (pos.phase is Phase.BET or table.pending is not None):
        legal = [_move_json(N, m) for m in pos.legal_moves(table.pending or 0)]
    steps = table.steps(len(table.session.record.turns) - FEED)
    last = next((st for st in reversed(steps) if st.move.kind in (MoveKind.MOVE, MoveKind.ENTER)), None)
    beans = Beans(rs.beans)
    return {
        "name": name, "stamp": stamp(table), "lang": lang,
        "ruleset": {"spec": public_spec(rs.spec), "title": rs.title, "gambling": rs.economy.gambling,
                    "item": P.items_plural() if rs.economy.gambling else None, "beans": rs.beans.count,
                    "null_scores_ten": beans.score(0) == 10},
        "players": pos.players, "phase": pos.phase.value, "to_move": seat_name(pos.to_move),
        "to_move_index": pos.to_move, "person_to_move": person, "game": pos.game,
        "turn": len(table.session.record.turns), "pool": pos.pool if rs.economy.gambling else None,
        "offering": pos.offering if rs.economy.gambling else None,
        "turn_words": P.T("serve.turn", game=pos.game, turn=len(table.session.record.turns)),
        "seats": seats,
        "pieces": [{"cell": c, "seat": s} for c, s in sorted(pos.board().items())],
        "pending": None if table.pending is None else {
            "marks": table.pending, "score": pos.score(table.pending), "faces": _faces(pos, table.pending)},
        "legal": legal,
        "last": None if last is None else {"seat": seat_name(last.seat), "seat_index": last.seat,
                                           "origin": last.move.origin, "target": last.move.target,
                                           "words": P.T("serve.moved", seat=seat_name(last.seat),
                                                        move=N.move_words(last.move)),
                                           "computer": last.computer,
                                           "faces": None if last.marks is None else _faces(last.before, last.marks)},
        "feed": [{"number": st.number, "seat": seat_name(st.seat), "lines": step_lines(N, st)}
                 for st in reversed(steps)],
        "prompt": _prompt(N, table), "over": table.over,
        "computers_to_play": table.computers_to_play(), "people_out": table.people_out(),
        "bankrupt": bankrupt_notes(P, table),
    }


def _chance(P: Phrases, p: float, what: str) -> str:
    if p < 0.05:
        return P.T(f"serve.chance_{what}_low")
    if p > 0.95:
        return P.T(f"serve.chance_{what}_high")
    return P.T(f"serve.chance_{what}", n=max(1, min(9, round(p * 10))))


def advice_json(a: Analysis, lang: str) -> dict[str, Any]:
    """Returns the advisor's moves best first, each with its chances, cost and reason in plain words."""
    N = Narration(a.position.ruleset, lang)
    P = N.P
    moves = []
    for i, s in enumerate(a.suggestions):
        cost = round(-s.diff * 100)
        moves.append({
            **_move_json(N, s.move), "win_game": round(s.win_game, 4), "win_contest": round(s.win_contest, 4),
            "diff": round(s.diff, 4), "items": round(s.items, 3),
            "why": summary(reasons(a.position, a.marks, s.move), lang),
            "game_words": _chance(P, s.win_game, "game"), "contest_words": _chance(P, s.win_contest, "contest"),
            "cost_words": P.T("serve.cost_best") if i == 0 else
            P.T("serve.cost", n=cost) if cost >= 1 else P.T("serve.cost_small"),
        })
    return {"level": a.level, "seconds": round(a.seconds, 3), "moves": moves,
            "explain": [P.T("serve.explain_game"), P.T("serve.explain_contest")],
            "suggested": P.T("serve.suggested", move=N.move_words(a.best.move))}


def odds_json(pos: Position, lang: str) -> dict[str, Any]:
    """Returns the exact chance of each score of the ruleset's beans."""
    P = Phrases(pos.ruleset, lang)
    odds = Beans(pos.ruleset.beans).score_odds()
    rows = [P.T("serve.odds_row", score=P.T("serve.no_score") if score is None else score, fraction=P.T.fraction(p),
                percent=P.T.percent(p))
            for score, p in sorted(odds.items(), key=lambda kv: -1 if kv[0] is None else kv[0])]
    notes = [P.T("serve.null_ten")] if Beans(pos.ruleset.beans).score(0) == 10 else []
    return {"title": P.T("serve.odds_title"), "rows": rows, "notes": notes}


def undo_json(changes: list[Change], rs_pos: Position, lang: str) -> dict[str, Any]:
    """Returns what to move back on the physical board after an undo."""
    P = Phrases(rs_pos.ruleset, lang)
    lines = [change_line(P, c) for c in changes] or [P.T("serve.nothing_to_move")]
    return {"title": P.T("serve.undo_title"), "lines": lines}


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
