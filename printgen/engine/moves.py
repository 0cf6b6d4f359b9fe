"""Moves as small values with a compact notation that parses back: `12-15`, `E1`, `E1ccw`, `pass`, `bet3`.

A piece moving backwards is written the same way (`15-12`); one moved back past its start into the
hand is written `15-h`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from printgen.errors import NotationError
from printgen.inputs import whole_number


class MoveKind(str, Enum):
    """What a move does."""

    MOVE = "move"  # a piece on the board moves on
    ENTER = "enter"  # a piece comes in from the hand
    PASS = "pass"  # nothing moves (or, in the opening, the throw only counts)
    BET = "bet"  # the bet for the coming game


@dataclass(frozen=True)
class Move:
    """One move, named by cell numbers as printed on the board."""

    kind: MoveKind
    origin: int = 0  # MOVE: the cell the piece leaves
    target: int = 0  # MOVE, ENTER: the cell the piece lands on; MOVE 0: back into the hand
    anticlockwise: bool | None = None  # ENTER that sets a direction: which one; else None
    amount: int = 0  # BET

    def __str__(self) -> str:
        if self.kind is MoveKind.MOVE:
            return f"{self.origin}-{self.target or 'h'}"
        if self.kind is MoveKind.ENTER:
            suffix = "" if self.anticlockwise is None else ("ccw" if self.anticlockwise else "cw")
            return f"E{self.target}{suffix}"
        if self.kind is MoveKind.BET:
            return f"bet{self.amount}"
        return "pass"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Move:
        """Returns the move written in compact notation."""
        t = text.strip().lower()
        if t == "pass":
            return cls(MoveKind.PASS)
        if m := re.fullmatch(r"([0-9]+)-([0-9]+|h)", t):
            target = 0 if m[2] == "h" else _whole(m[2], "a cell")
            return cls(MoveKind.MOVE, origin=_whole(m[1], "a cell"), target=target)
        if m := re.fullmatch(r"e([0-9]+)(cw|ccw)?", t):
            direction = None if m[2] is None else m[2] == "ccw"
            return cls(MoveKind.ENTER, target=_whole(m[1], "a cell"), anticlockwise=direction)
        if m := re.fullmatch(r"bet\s*([0-9]+)", t):
            return cls(MoveKind.BET, amount=_whole(m[1], "a bet"))
        raise NotationError(f"cannot read move {text[:40]!r}: write FROM-TO (12-15, or 15-h back into the hand), "
                            "E and the cell entered (E1), pass, or bet and an amount (bet3)")


def _whole(digits: str, what: str) -> int:
    """Returns the number a move writes, refusing one too large for any board or purse."""
    return whole_number(digits, f"{what} in a move", error=NotationError)
