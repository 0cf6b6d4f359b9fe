"""Why a move: reasons as data, read from what the evaluation sees change when the move is played.

`reasons(pos, marks, move)` returns the facts that speak for or against a move (a capture, a toll
paid or avoided, a piece taken out of reach or left open to capture, an extra turn, a piece home,
items won or paid, the race, the size of a bet), most important first, each a code with its figures
(`findings.reasons`); `rules_text.reasons` says them in words. `why_not` makes the tutor's case: what
is wrong with a move, and how much the best move keeps.

Facts come from the engine's events for the move and from the evaluation's features of the mover
before and after it (the chance that its pieces are hit by the next cast, the tolls ahead, the race),
compared with the other legal moves for the same cast.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from printgen.engine import kernel as k
from printgen.engine.events import Event, EventKind
from printgen.engine.events import Reason as PayReason
from printgen.engine.moves import Move, MoveKind
from printgen.engine.position import Phase, Position
from printgen.findings.reasons import Reason, TutorCase, Why
from printgen.players.evaluation.features import F_EXPOSED, F_PIPS, F_TOLLS, features
from printgen.players.roster.eval_tables import eval_tables_for
from printgen.rulesets.schema import Text

EXPOSURE = 0.05  # a change in the chance of being hit smaller than this is not worth saying
TOLL_GAP = 0.25  # expected tolls ahead: a smaller difference between the two paths is not worth saying


@dataclass(frozen=True)
class _Seen:
    """What one move leads to, for the mover: its events and its evaluation features."""

    events: list[Event]
    fx: np.ndarray  # features of every seat after the move


def _features(pos: Position) -> np.ndarray:
    fx = np.zeros((k.MAXP, 8), dtype=np.float64)
    features(pos.array(), pos.tables, eval_tables_for(pos.ruleset, pos.players), fx)
    return fx


def _seen(pos: Position, marks: int, move: Move) -> _Seen:
    after, events = pos.play(marks, move)
    return _Seen(events, _features(after))


def _paid_toll(seen: _Seen, seat: int) -> tuple[int | None, int]:
    """Returns (the wedge cell landed on, the items it cost) for a move, or (None, 0)."""
    cell: int | None = None
    for e in seen.events:
        if e.kind in (EventKind.MOVE, EventKind.ENTER) and e.player == seat:
            cell = e.to_cell if e.kind is EventKind.MOVE else e.cell
    paid = sum(e.amount or 0 for e in seen.events
               if e.kind is EventKind.PAY and e.reason is PayReason.WEDGE and e.payer == seat)
    penalty = any(e.kind is EventKind.PENALTY and e.player == seat for e in seen.events)
    return (cell, paid) if paid or penalty else (None, 0)


def reasons(pos: Position, marks: int, move: Move) -> list[Reason]:
    """Returns the reasons for and against playing `move` in pos with a cast of `marks`, most important first."""
    if pos.phase is Phase.OVER:
        return []
    noun = pos.ruleset.economy.item_name
    seat = pos.to_move
    legal = pos.legal_moves(marks)
    if pos.phase is Phase.BET:
        return _bet_reasons(pos, move, legal, noun)
    out: list[Reason] = []
    before = _features(pos)
    mine = _seen(pos, marks, move)
    others = [_seen(pos, marks, m) for m in legal if m != move]
    events = mine.events
    for e in events:
        if e.kind is EventKind.CONTEST_WON and e.player is not None and pos.team(e.player) == pos.team(seat):
            out.append(Reason(Why.WINS_CONTEST, True, item=noun))
        elif e.kind is EventKind.GAME_WON and e.player is not None and pos.team(e.player) == pos.team(seat):
            out.append(Reason(Why.WINS_GAME, True, item=noun))
        elif e.kind is EventKind.CAPTURE and e.player == seat:
            out.append(Reason(Why.CAPTURE, True, cell=e.cell, seat=e.other, item=noun))
    toll_cell, toll_paid = _paid_toll(mine, seat)
    if toll_cell is not None:
        out.append(Reason(Why.TOLL if toll_paid else Why.PENALTY, False, cell=toll_cell, amount=toll_paid, item=noun))
    else:
        dodged = [c for c, _ in (_paid_toll(o, seat) for o in others) if c is not None]
        if dodged:
            out.append(Reason(Why.TOLL_AVOIDED, True, cell=dodged[0], item=noun))
    risk = mine.fx[seat, F_EXPOSED] - before[seat, F_EXPOSED]
    flags = pos.tables.flags
    if move.kind is MoveKind.MOVE and risk <= -EXPOSURE and flags[move.origin - 1] & k.F_CAPTURE:
        out.append(Reason(Why.ESCAPES, True, cell=move.origin, chance=-risk, item=noun))
    elif move.kind in (MoveKind.MOVE, MoveKind.ENTER) and risk >= EXPOSURE:
        out.append(Reason(Why.EXPOSED, False, cell=move.target or None, chance=risk, item=noun))
    for e in events:
        if e.kind is EventKind.EXTRA_TURN and e.player == seat:
            out.append(Reason(Why.EXTRA_TURN, True, cell=move.target or None, item=noun))
        elif e.kind is EventKind.BEAR_OFF and e.player == seat:
            out.append(Reason(Why.BEAR_OFF, True, cell=e.cell, item=noun))
    if move.kind is MoveKind.ENTER:
        out.append(Reason(Why.ENTER, True, cell=move.target, item=noun))
        if move.anticlockwise is not None:
            out += _direction(move, mine, others, seat, noun)
    won = sum(e.amount or 0 for e in events if e.kind is EventKind.PAY and e.payee == seat)
    paid = sum(e.amount or 0 for e in events if e.kind is EventKind.PAY and e.payer == seat
               and e.reason is not PayReason.WEDGE)
    if won:
        out.append(Reason(Why.ITEMS_WON, True, amount=won, item=noun))
    if paid:
        out.append(Reason(Why.ITEMS_PAID, False, amount=paid, item=noun))
    if not out and move.kind is MoveKind.MOVE:
        n = pos.tables.n_cells
        gain = (before[seat, F_PIPS] - mine.fx[seat, F_PIPS]) * n
        out.append(Reason(Why.RACE, True, cell=move.origin, amount=round(gain), item=noun))
    if len(legal) == 1:
        out.append(Reason(Why.ONLY_MOVE, True, item=noun))
    return out


def _direction(move: Move, mine: _Seen, others: list[_Seen], seat: int, noun: Text) -> list[Reason]:
    """Returns the reason for a direction chosen on entering: fewer tolls ahead than the other way."""
    tolls = mine.fx[seat, F_TOLLS]
    other = [o.fx[seat, F_TOLLS] for o in others if any(e.kind is EventKind.ENTER for e in o.events)]
    if not other or min(other) - tolls < TOLL_GAP:
        return []
    return [Reason(Why.DIRECTION, True, amount=round(min(other) - tolls, 1),
                   seat=1 if move.anticlockwise else 0, item=noun)]


def _bet_reasons(pos: Position, move: Move, legal: list[Move], noun: Text) -> list[Reason]:
    """Returns the reason for a bet: high when the bettor is favoured to win the game, low when not."""
    from printgen.players.analysis.advisor import estimate

    seat = pos.to_move
    chance = estimate(pos)[seat].win_game
    amounts = sorted(m.amount for m in legal)
    if len(amounts) == 1:
        return [Reason(Why.ONLY_MOVE, True, item=noun)]
    high = move.amount > amounts[0]
    return [Reason(Why.BET_HIGH if high else Why.BET_LOW, True, seat=seat, amount=move.amount, chance=chance,
                   item=noun)]


def why_not(pos: Position, marks: int, move: Move, best: Move, points: float) -> TutorCase:
    """Returns the tutor's case: what speaks against `move` (else for `best`), and the points best keeps more.

    points: how much more of the chance to win the contest the best move keeps, in percentage points.
    """
    against = [r for r in reasons(pos, marks, move) if not r.good]
    found = against if against else reasons(pos, marks, best)
    return TutorCase(move, best, points, bool(against), tuple(found))
