"""What happened during a move, decoded from the kernel's event rows into readable values."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

import numpy as np

from printgen.engine import kernel as k


class EventKind(str, Enum):
    """Every kind of thing a move can cause."""

    ENTER = "enter"
    MOVE = "move"
    CAPTURE = "capture"
    PAY = "pay"
    EXTRA_TURN = "extra_turn"
    BEAR_OFF = "bear_off"
    GAME_WON = "game_won"
    BANKRUPT = "bankrupt"
    CONTEST_WON = "contest_won"
    NO_MOVE = "no_move"
    NULL_CAST = "null_cast"
    RECAST = "recast"
    THROW = "throw"
    OPENING_WON = "opening_won"
    BET = "bet"
    NEW_GAME = "new_game"
    PENALTY = "penalty"  # a wedge landing costs the next turn (amount 1) or a backward move (amount 2)
    MISS_TURN = "miss_turn"  # a seat's turn is passed over
    MOVE_BACK = "move_back"  # a piece moves backwards; to_cell None: back into the hand


class Reason(str, Enum):
    """Why a payment was made."""

    WEDGE = "wedge"
    NO_MOVE = "no_move"
    BEAR_OFF = "bear_off"
    CAPTURE = "capture"
    NULL_CAST = "null_cast"
    STAKE = "stake"
    POOL_WON = "pool_won"
    OFFERING_WON = "offering_won"


_KINDS = list(EventKind)
_REASONS = list(Reason)
POOL, OFFERING = "pool", "offering"


@dataclass(frozen=True)
class Event:
    """One thing that happened. Players are seat indexes; cells are printed numbers; holders may be
    a seat index, "pool" or "offering"."""

    kind: EventKind
    player: int | None = None
    cell: int | None = None
    to_cell: int | None = None
    other: int | None = None  # the captured player, or the game number
    amount: int | None = None
    reason: Reason | None = None
    payer: int | str | None = None
    payee: int | str | None = None


def _holder(code: int) -> int | str:
    return POOL if code == k.POOL else OFFERING if code == k.OFFERING else code


def decode_events(ev: np.ndarray) -> list[Event]:
    """Returns the events in a kernel event buffer, in order."""
    events = []
    for i in range(int(ev[0])):
        code, a, b, c, d = (int(x) for x in ev[1 + i * k.EV_WIDTH: 1 + (i + 1) * k.EV_WIDTH])
        kind = _KINDS[code]
        if kind is EventKind.PAY:
            events.append(Event(kind, reason=_REASONS[a], payer=_holder(b), payee=_holder(c), amount=d))
        elif kind is EventKind.ENTER:
            events.append(Event(kind, player=a, cell=b + 1))
        elif kind is EventKind.MOVE:
            events.append(Event(kind, player=a, cell=b + 1, to_cell=c + 1))
        elif kind is EventKind.CAPTURE:
            events.append(Event(kind, player=a, other=b, cell=c + 1))
        elif kind is EventKind.BEAR_OFF:
            events.append(Event(kind, player=a, cell=b + 1))
        elif kind in (EventKind.GAME_WON,):
            events.append(Event(kind, player=a, other=b))
        elif kind is EventKind.NEW_GAME:
            events.append(Event(kind, other=a))
        elif kind in (EventKind.THROW, EventKind.OPENING_WON, EventKind.NO_MOVE):
            events.append(Event(kind, player=a, amount=b))
        elif kind is EventKind.BET:
            events.append(Event(kind, player=a, amount=b))
        elif kind is EventKind.PENALTY:
            events.append(Event(kind, player=a, amount=b, cell=c + 1))
        elif kind is EventKind.MOVE_BACK:
            events.append(Event(kind, player=a, cell=b + 1, to_cell=c + 1 if c >= 0 else None))
        elif kind is EventKind.BANKRUPT:
            events.append(Event(kind, player=a))
        else:
            events.append(Event(kind, player=a if a >= 0 else None))
    return events
