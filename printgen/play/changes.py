"""The pieces to move on the physical board to turn one position into another, and the words for each: what the
people at the table put back after an undo, on the phone and at the terminal alike."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import zip_longest

from printgen.engine.position import HAND, HOME, OUT, Place, Position, seat_name
from printgen.rules_text.lang import Texts

_PLACE_ORDER = {HAND: 1, HOME: 2, OUT: 3}


@dataclass(frozen=True)
class Change:
    """One piece to move on the physical board: a seat's piece from one place to another."""

    seat: int
    origin: Place  # a cell number, HAND, HOME or OUT
    target: Place


def _order(place: Place) -> tuple[int, int]:
    return (0, place) if isinstance(place, int) else (_PLACE_ORDER[place], 0)


def board_changes(a: Position, b: Position) -> list[Change]:
    """Returns the pieces to move to turn the board of position a into that of b, seat by seat."""
    out = []
    for seat in range(a.players):
        before, after = Counter(a.places(seat)), Counter(b.places(seat))
        gone = sorted((before - after).elements(), key=_order)
        come = sorted((after - before).elements(), key=_order)
        out += [Change(seat, g if g is not None else HAND, c if c is not None else HAND)
                for g, c in zip_longest(gone, come)]
    return out


def change_words(T: Texts, c: Change) -> str:
    """Returns one piece to put back on the physical board, in words."""
    seat = seat_name(c.seat)
    if isinstance(c.origin, int) and isinstance(c.target, int):
        return T("serve.change_move", seat=seat, origin=c.origin, target=c.target)
    if c.origin == HAND and isinstance(c.target, int):
        return T("serve.change_hand_to_cell", seat=seat, target=c.target)
    if isinstance(c.origin, int) and c.target == HAND:
        return T("serve.change_cell_to_hand", seat=seat, origin=c.origin)
    if c.origin == HOME and isinstance(c.target, int):
        return T("serve.change_home_to_cell", seat=seat, target=c.target)
    return T("serve.change_other", seat=seat, origin=c.origin, target=c.target)
