"""A game record: the starting position and every cast and move, as a value with a JSON form, replayed and checked.

Saving a record to a file and loading it back is `printgen.play.records`; nothing here opens a file.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from printgen.engine import notation
from printgen.engine.events import Event
from printgen.engine.moves import Move
from printgen.engine.notation import RulesetLoader
from printgen.engine.position import Position
from printgen.errors import NotationError, PatolliError
from printgen.inputs import json_type
from printgen.rulesets.load import load_builtin
from printgen.rulesets.model import Ruleset

FORMAT, VERSION = "patolli-record", 1


@dataclass(frozen=True)
class Turn:
    """One action: the cast (number of marks; None in the bet phase) and the move played."""

    marks: int | None
    move: Move


class Record:
    """A starting position and the turns played from it, with the position each turn made.

    Every turn is checked as it is added and its position kept, so adding a turn costs one move and
    reading any position costs nothing. The turns change only through `play`, `append` and `truncate`.
    """

    def __init__(self, start: Position, turns: Iterable[Turn] = ()) -> None:
        """Makes the record of `turns` played from `start`, checking every cast and move is legal."""
        self.start = start
        self._turns: list[Turn] = []
        self._positions: list[Position] = [start]
        for turn in turns:
            self.play(turn.marks, turn.move)

    def __repr__(self) -> str:
        return f"Record({self.start!r}, {len(self._turns)} turns)"

    @property
    def turns(self) -> tuple[Turn, ...]:
        """Returns the turns played, in order."""
        return tuple(self._turns)

    def positions(self) -> list[Position]:
        """Returns the start and the position after each turn."""
        return list(self._positions)

    def final(self) -> Position:
        """Returns the position after the last turn."""
        return self._positions[-1]

    def play(self, marks: int | None, move: Move) -> tuple[Position, list[Event]]:
        """Plays one more turn from the final position and records it; returns the new position and what happened.

        An illegal turn raises (naming its number) and leaves the record as it was.
        """
        pos = self._positions[-1]
        number = len(self._turns) + 1
        if pos.needs_cast and marks is None:
            raise NotationError(f"turn {number}: \"marks\" is null, but this turn needs a cast (0 to "
                                f"{pos.ruleset.beans.count} marks)")
        try:
            after, events = pos.play(marks or 0, move)
        except PatolliError as exc:
            raise type(exc)(f"turn {number}: {exc}") from None
        self._turns.append(Turn(marks, move))
        self._positions.append(after)
        return after, events

    def append(self, marks: int | None, move: Move) -> Position:
        """Plays one more turn from the final position, records it and returns the new position."""
        return self.play(marks, move)[0]

    def truncate(self, turns: int) -> None:
        """Keeps the first `turns` turns and drops the rest (taking moves back)."""
        del self._turns[turns:]
        del self._positions[turns + 1:]

    def to_json(self) -> dict[str, Any]:
        """Returns the JSON form of the record."""
        return {
            "format": FORMAT, "version": VERSION, "start": notation.to_json(self.start),
            "turns": [{"marks": t.marks, "move": str(t.move)} for t in self._turns],
        }

    @classmethod
    def from_json(cls, data: Any, ruleset: Ruleset | None = None, load: RulesetLoader = load_builtin) -> Record:
        """Returns the checked record of a JSON form (as parsed); errors name the key at fault.

        With `ruleset`, the start position uses it instead of the one its "ruleset" key names, found by `load`.
        """
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise NotationError(f"not a game record: \"format\" must be \"{FORMAT}\"")
        if data.get("version") != VERSION:
            raise NotationError(f"record version {data.get('version')!r} is not supported (this reads {VERSION})")
        if "start" not in data:
            raise NotationError("the record lacks the key \"start\" (the starting position)")
        try:
            start = notation.from_json(data["start"], ruleset, load)
        except PatolliError as exc:
            raise type(exc)(f"start: {exc}") from None
        except (TypeError, KeyError, IndexError, AttributeError, ValueError, OverflowError) as exc:
            raise NotationError(f"start: not a usable position ({type(exc).__name__}: {exc})") from None
        raw = data.get("turns", [])
        if not isinstance(raw, list):
            raise NotationError(f"\"turns\" must be a list of turns, not {json_type(raw)}")
        count = start.ruleset.beans.count
        return cls(start, [_turn(t, i, count) for i, t in enumerate(raw)])  # refuses moves that are not legal


def _turn(t: Any, i: int, beans: int) -> Turn:
    """Returns the turn at turns[i] of a JSON record, checking its keys and their types."""
    where = f"turn {i + 1}"
    if not isinstance(t, dict):
        raise NotationError(f"{where} must be an object with \"marks\" and \"move\", not {json_type(t)}")
    for key in ("marks", "move"):
        if key not in t:
            raise NotationError(f"{where} lacks the key \"{key}\"")
    extra = sorted(set(t) - {"marks", "move"})
    if extra:
        raise NotationError(f"{where} has an unknown key \"{extra[0]}\" (a turn has \"marks\" and \"move\")")
    marks, move = t["marks"], t["move"]
    if marks is not None and (type(marks) is not int or not 0 <= marks <= beans):
        raise NotationError(f"{where}: \"marks\" must be a whole number from 0 to {beans} (or null), "
                            f"not {json.dumps(marks) if type(marks) in (int, float, bool) else json_type(marks)}")
    if not isinstance(move, str):
        raise NotationError(f"{where}: \"move\" must be text such as \"12-15\", \"e1\" or \"pass\", not "
                            f"{json_type(move)}")
    if len(move) > 40:
        raise NotationError(f"{where}: \"move\" is {len(move)} characters long: not a move")
    try:
        return Turn(marks, Move.parse(move))
    except PatolliError as exc:
        raise type(exc)(f"{where}: \"move\": {exc}") from None
