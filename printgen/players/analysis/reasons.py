"""Why a move: reasons as data, read from what the evaluation sees change when the move is played.

`reasons(pos, marks, move, versus)` returns the facts that speak for or against a move (a capture, a toll
paid, a piece taken out of reach or left open to capture, an extra turn, a piece home, items won or paid, the
race, the size of a bet), most important first, each a code with its figures (`findings.reasons`);
`rules_text.reasons` says them in words. A reason that compares ("avoids the toll at cell 10") is given only
against the one move `versus` names, and only where that move does not share it. `differences` makes the case
between two moves: the facts of each that the other does not share. `why_not` makes the tutor's case: what is
wrong with a move against the best, and how much the best move keeps.

Facts come from the engine's events for the move and from the evaluation's features of the mover
before and after it (the chance that its pieces are hit by the next cast, the tolls ahead, the race).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from printgen.engine import kernel as k
from printgen.engine.events import Event, EventKind
from printgen.engine.events import Reason as PayReason
from printgen.engine.moves import Move, MoveKind
from printgen.engine.position import HAND, Phase, Position, build, facts_of
from printgen.errors import PositionError
from printgen.findings.reasons import Cause, Reason, TutorCase, Why
from printgen.players.evaluation.features import F_EXPOSED, F_PIPS, F_TOLLS, features
from printgen.players.roster.eval_tables import eval_tables_for
from printgen.rulesets.schema import Text

EXPOSURE = 0.05  # a chance of being hit (or a difference between two) smaller than this is not worth saying
TOLL_GAP = 0.25  # expected tolls ahead: a smaller difference between the two paths is not worth saying
TOLL_PASSED = 0.15  # ... or, where the move gets a piece past a toll without landing on it, smaller than this
ITEMS_GAP = 0.05  # items expected by the end of the game: a smaller difference is not worth saying
TIE = 0.005  # chances to win closer than this (half a percentage point) are a tie: no trade is said

# What moves items in the contest (or risks them), as against what only slows or speeds the race.
CONTEST_COSTS = frozenset({Why.TOLL, Why.EXPOSED, Why.ITEMS_PAID})
CONTEST_GAINS = frozenset({Why.WINS_CONTEST, Why.CAPTURE, Why.ESCAPES, Why.ITEMS_WON, Why.DIRECTION})
RACE_COSTS = frozenset({Why.PENALTY})
RACE_GAINS = frozenset({Why.WINS_GAME, Why.EXTRA_TURN, Why.BEAR_OFF, Why.ENTER})
_AMOUNTS = frozenset({Why.TOLL, Why.ITEMS_PAID, Why.ITEMS_WON, Why.DIRECTION})  # compared by their amount
_RISKS = frozenset({Why.EXPOSED, Why.ESCAPES})  # compared by the exposure of all the mover's pieces


@dataclass(frozen=True)
class _Seen:
    """What one move leads to, for the mover: the position after it, its events and its evaluation features."""

    after: Position
    events: list[Event]
    fx: np.ndarray  # features of every seat after the move


def _features(pos: Position) -> np.ndarray:
    fx = np.zeros((k.MAXP, 8), dtype=np.float64)
    features(pos.array(), pos.tables, eval_tables_for(pos.ruleset, pos.players), fx)
    return fx


def _seen(pos: Position, marks: int, move: Move) -> _Seen:
    after, events = pos.play(marks, move)
    return _Seen(after, events, _features(after))


def _hit(pos: Position, seat: int, cell: int, fx: np.ndarray) -> float:
    """Returns the chance that the seat's piece on `cell` is hit by the next cast (0 where it has none there): the
    seat's exposure (fx, the position's features) less its exposure with that piece back in the hand."""
    f = facts_of(pos)
    pieces = f.seats[seat].pieces
    if cell not in pieces or not pos.tables.flags[cell - 1] & k.F_CAPTURE:
        return 0.0
    pieces[pieces.index(cell)] = HAND
    f.seats[seat].penalty = None  # a penalty may name that piece; it changes nobody's chance of being hit
    try:
        without = _features(build(f))[seat, F_EXPOSED]
    except PositionError:  # not a position the rules allow: say nothing rather than guess
        return 0.0
    return max(float(fx[seat, F_EXPOSED] - without), 0.0)


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


def reasons(pos: Position, marks: int, move: Move, versus: Move | None = None) -> list[Reason]:
    """Returns the reasons for and against playing `move` in pos with a cast of `marks`, most important first.

    versus: the move this one is compared with (the advisor's first, or the one after it); a toll avoided is said
    only where that move pays it, and without it no reason compares.
    """
    if pos.phase is Phase.OVER:
        return []
    noun = pos.ruleset.economy.item_name
    legal = pos.legal_moves(marks)
    if pos.phase is Phase.BET:
        return _bet_reasons(pos, move, legal, noun)
    other = _seen(pos, marks, versus) if versus is not None and versus != move else None
    return _reasons(pos, marks, move, _features(pos), _seen(pos, marks, move), other, len(legal))


def _reasons(pos: Position, marks: int, move: Move, before: np.ndarray, mine: _Seen, other: _Seen | None,
             n_legal: int) -> list[Reason]:
    """Returns a move's reasons from what it leads to (mine), compared where they compare with another move's."""
    noun = pos.ruleset.economy.item_name
    seat = pos.to_move
    out: list[Reason] = []
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
    elif other is not None:
        dodged, _ = _paid_toll(other, seat)
        if dodged is not None:
            out.append(Reason(Why.TOLL_AVOIDED, True, cell=dodged, item=noun))
    out += _risk(pos, move, before, mine, noun)
    for e in events:
        if e.kind is EventKind.EXTRA_TURN and e.player == seat:
            out.append(Reason(Why.EXTRA_TURN, True, cell=move.target or None, item=noun))
        elif e.kind is EventKind.BEAR_OFF and e.player == seat:
            out.append(Reason(Why.BEAR_OFF, True, cell=e.cell, item=noun))
    if move.kind is MoveKind.ENTER:
        out.append(Reason(Why.ENTER, True, cell=move.target, item=noun))
        if move.anticlockwise is not None:
            out += _direction(pos, marks, move, mine, seat, noun)
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
    if n_legal == 1:
        out.append(Reason(Why.ONLY_MOVE, True, item=noun))
    return out


def _risk(pos: Position, move: Move, before: np.ndarray, mine: _Seen, noun: Text) -> list[Reason]:
    """Returns what the move does to the moved piece's chance of being hit: out of reach where it stood open and
    now stands where no cast reaches it (or is home), open where it lands open. Each chance is that piece's own."""
    seat = pos.to_move
    capture = pos.tables.flags
    if move.kind not in (MoveKind.MOVE, MoveKind.ENTER):
        return []
    landed = _hit(mine.after, seat, move.target, mine.fx) if move.target else 0.0
    if landed >= EXPOSURE:
        return [Reason(Why.EXPOSED, False, cell=move.target, chance=landed, item=noun)]
    if move.kind is MoveKind.MOVE and capture[move.origin - 1] & k.F_CAPTURE and landed < 1e-9:
        stood = _hit(pos, seat, move.origin, before)
        if stood >= EXPOSURE:
            return [Reason(Why.ESCAPES, True, cell=move.origin, chance=stood, item=noun)]
    return []


def _direction(pos: Position, marks: int, move: Move, mine: _Seen, seat: int, noun: Text) -> list[Reason]:
    """Returns the reason for a direction chosen on entering: fewer tolls ahead than the other way."""
    tolls = mine.fx[seat, F_TOLLS]
    other = [_seen(pos, marks, m).fx[seat, F_TOLLS] for m in pos.legal_moves(marks)
             if m.kind is MoveKind.ENTER and m.anticlockwise is not None and m.anticlockwise != move.anticlockwise]
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


def _shared(r: Reason, theirs: list[Reason], risk: float) -> bool:
    """Returns whether the other move's reasons hold r too, as much or more (a toll as dear, a gain as large); a risk
    of being hit is shared unless the one move leaves the mover's pieces more open than the other, by `risk`."""
    if r.why in _RISKS:
        return risk < EXPOSURE
    same = [o for o in theirs if o.why is r.why]
    if r.why in _AMOUNTS:
        return any((o.amount or 0) >= (r.amount or 0) for o in same)
    return bool(same)


def differences(pos: Position, marks: int, better: Move, worse: Move, contest: bool = True,
                items: float | None = None) -> list[Cause]:
    """Returns the facts that set `better` above `worse`: the costs of `worse` that `better` does not share, then the
    gains of `better` that `worse` does not share, each with its move, most important first.

    contest: only what moves items (tolls, captures, payments, the risk of being hit, tolls ahead), as where `worse`
    is the better for the game; else the race's too (a turn lost, an extra turn, a piece home or entered).
    items: how many more items the advisor expects `better` to leave by the end of the game, said where no fact
    differs.
    """
    if pos.phase is not Phase.MOVE or better == worse:
        return []
    seat = pos.to_move
    noun = pos.ruleset.economy.item_name
    before = _features(pos)
    b, w = _seen(pos, marks, better), _seen(pos, marks, worse)
    n = len(pos.legal_moves(marks))
    rb, rw = _reasons(pos, marks, better, before, b, w, n), _reasons(pos, marks, worse, before, w, b, n)
    risk = w.fx[seat, F_EXPOSED] - b.fx[seat, F_EXPOSED]  # how much more open worse leaves the mover's pieces
    costs, gains = (CONTEST_COSTS, CONTEST_GAINS) if contest else (CONTEST_COSTS | RACE_COSTS,
                                                                   CONTEST_GAINS | RACE_GAINS)
    out = [Cause(worse, r) for r in rw if r.why in costs and not r.good and not _shared(r, rb, risk)]
    out += [Cause(better, r) for r in rb if r.why in gains and r.good and not _shared(r, rw, risk)]
    ahead = w.fx[seat, F_TOLLS] - b.fx[seat, F_TOLLS]
    if not any(c.reason.why in (Why.TOLL, Why.DIRECTION) for c in out):
        passed = _passed_toll(pos, seat, better)
        if passed is not None and ahead >= TOLL_PASSED:
            out.append(Cause(better, Reason(Why.PASSES_TOLL, True, cell=passed, item=noun)))
        elif ahead >= TOLL_GAP:
            out.append(Cause(better, Reason(Why.FEWER_TOLLS, True, amount=round(ahead, 1), item=noun)))
    if not out and items is not None and items >= ITEMS_GAP:
        gained = sum(r.amount or 0 for r in rw if r.why is Why.ITEMS_WON)
        out.append(Cause(worse, Reason(Why.ITEMS_EXPECTED, False, seat=seat, amount=round(items, 1), item=noun,
                                       gained=gained or None)))
    return out


def _passed_toll(pos: Position, seat: int, move: Move) -> int | None:
    """Returns the toll cell the move's piece passes without landing on it (the last, nearest its landing), or None."""
    if move.kind is not MoveKind.MOVE or not move.origin:
        return None
    path = pos.path(seat)
    if move.origin not in path:
        return None
    start = path.index(move.origin)
    end = path.index(move.target) if move.target in path[start:] else len(path)
    wedges = [c for c in path[start + 1:end] if pos.tables.flags[c - 1] & k.F_WEDGE]
    return wedges[-1] if wedges else None


def why_not(pos: Position, marks: int, move: Move, best: Move, points: float, game_points: float = 0.0,
            items: float | None = None) -> TutorCase:
    """Returns the tutor's case: what speaks against `move` that `best` does not share (else what speaks for `best`
    that `move` does not share), the points best keeps more, and the game's points `move` keeps more.

    points: how much more of the chance to win the contest the best move keeps, in percentage points; game_points:
    how much more of the chance to win the game `move` keeps (counted above the tie margin, TIE, only), where only
    what moves items can explain the difference; items: how many more items the best move leaves expected.
    """
    if pos.phase is Phase.BET:  # a bet changes no fact of the board: the best bet's reason is the case
        return TutorCase(move, best, points, False, tuple(reasons(pos, marks, best)))
    game = game_points if game_points > TIE * 100 else 0.0
    found = differences(pos, marks, best, move, contest=game > 0, items=items)
    against = tuple(c.reason for c in found if c.move == move)
    return TutorCase(move, best, points, bool(against), against or tuple(c.reason for c in found), game)
