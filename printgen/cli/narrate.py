"""Says in words what a move did, from the engine's events."""

from __future__ import annotations

from printgen.engine.events import Event, EventKind, Reason
from printgen.engine.position import seat_name
from printgen.lang.grammar import counted
from printgen.rulesets import Ruleset

_REASON = {
    Reason.WEDGE: "for landing on a wedge", Reason.NO_MOVE: "for not moving", Reason.BEAR_OFF: "for a piece home",
    Reason.CAPTURE: "for the capture", Reason.NULL_CAST: "for the empty cast", Reason.STAKE: "as the stake",
    Reason.POOL_WON: "from the pool", Reason.OFFERING_WON: "from the offering",
}


def _who(holder: int | str | None) -> str:
    if isinstance(holder, int):
        return seat_name(holder)
    return f"the {holder}"


def describe(event: Event, rs: Ruleset) -> str | None:
    """Returns one sentence for an event, or None for events not worth saying."""
    item = rs.economy.item_name
    p = seat_name(event.player) if event.player is not None else ""
    match event.kind:
        case EventKind.ENTER:
            return f"{p} enters a piece on cell {event.cell}"
        case EventKind.MOVE:
            return f"{p} moves {event.cell} → {event.to_cell}"
        case EventKind.CAPTURE:
            return f"{p} captures {seat_name(event.other or 0)}'s piece on cell {event.cell}: it goes back to the hand"
        case EventKind.PAY:
            n = event.amount or 0
            things = counted(n, item)
            why = "" if event.reason is None else f" {_REASON[event.reason]}"
            if event.reason in (Reason.POOL_WON, Reason.OFFERING_WON):
                return f"{_who(event.payee)} takes {things}{why}"
            return f"{_who(event.payer)} pays {things} to {_who(event.payee)}{why}"
        case EventKind.EXTRA_TURN:
            return f"{p} landed on a rounded cell: another turn"
        case EventKind.BEAR_OFF:
            return f"{p} bears a piece off at cell {event.cell}"
        case EventKind.GAME_WON:
            return f"{p} wins game {event.other}"
        case EventKind.BANKRUPT:
            return f"{p} is bankrupt and leaves the contest"
        case EventKind.CONTEST_WON:
            return f"{p} wins the contest" if event.player is not None else "the contest is over"
        case EventKind.NO_MOVE:
            return f"{p} cannot move with {event.amount}"
        case EventKind.NULL_CAST:
            return f"{p} casts no marks"
        case EventKind.RECAST:
            return f"{p} casts again"
        case EventKind.THROW:
            return f"{p} throws {event.amount} in the opening"
        case EventKind.OPENING_WON:
            return f"{p} has the highest throw and begins"
        case EventKind.BET:
            return f"{p} bets {event.amount}; everyone matches it"
        case EventKind.NEW_GAME:
            return f"game {event.other} begins"
        case EventKind.PENALTY:
            what = "misses the next turn" if event.amount == 1 else "must move that piece backwards next turn"
            return f"{p} landed on a wedge at cell {event.cell}: {p} {what}"
        case EventKind.MISS_TURN:
            return f"{p} misses this turn"
        case EventKind.MOVE_BACK:
            return f"{p} moves {event.cell} back → {event.to_cell or 'the hand'}"
    return None
