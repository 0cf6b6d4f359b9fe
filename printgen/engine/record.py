"""A game record: the starting position and every cast and move, saved as JSON and replayed."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from printgen.engine import notation
from printgen.engine.moves import Move
from printgen.engine.position import Position
from printgen.errors import NotationError
from printgen.files import write_atomic

FORMAT, VERSION = "patolli-record", 1


@dataclass(frozen=True)
class Turn:
    """One action: the cast (number of marks; None in the bet phase) and the move played."""

    marks: int | None
    move: Move


@dataclass
class Record:
    """A starting position and the turns played from it."""

    start: Position
    turns: list[Turn] = field(default_factory=list)

    def positions(self) -> list[Position]:
        """Returns the start and the position after each turn, checking every move is legal."""
        pos = self.start
        out = [pos]
        for i, turn in enumerate(self.turns):
            try:
                pos = pos.push(turn.marks or 0, turn.move)
            except NotationError as exc:
                raise NotationError(f"turn {i + 1}: {exc}") from None
            except ValueError as exc:
                raise type(exc)(f"turn {i + 1}: {exc}") from None
            out.append(pos)
        return out

    def final(self) -> Position:
        """Returns the position after the last turn."""
        return self.positions()[-1]

    def append(self, marks: int | None, move: Move) -> Position:
        """Plays one more turn from the final position, records it and returns the new position."""
        pos = self.final().push(marks or 0, move)
        self.turns.append(Turn(marks, move))
        return pos

    def to_json(self) -> dict[str, Any]:
        """Returns the JSON form of the record."""
        return {
            "format": FORMAT, "version": VERSION, "start": notation.to_json(self.start),
            "turns": [{"marks": t.marks, "move": str(t.move)} for t in self.turns],
        }

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """Returns the record of a JSON form (as parsed)."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise NotationError(f"not a game record: \"format\" must be \"{FORMAT}\"")
        if data.get("version") != VERSION:
            raise NotationError(f"record version {data.get('version')!r} is not supported (this reads {VERSION})")
        start = notation.from_json(data.get("start"))
        turns = []
        for i, t in enumerate(data.get("turns", [])):
            if not isinstance(t, dict) or "move" not in t:
                raise NotationError(f"turn {i + 1} must be an object with \"marks\" and \"move\"")
            turns.append(Turn(t.get("marks"), Move.parse(str(t["move"]))))
        record = cls(start, turns)
        record.positions()  # refuse a record whose moves are not legal
        return record

    def save(self, path: Path) -> None:
        """Writes the record to path atomically."""
        write_atomic(path, json.dumps(self.to_json(), indent=1, ensure_ascii=False) + "\n")

    @classmethod
    def load(cls, path: Path) -> Record:
        """Returns the record saved at path."""
        try:
            data = json.loads(Path(path).read_text("utf-8"))
        except FileNotFoundError:
            raise NotationError(f"{path}: no such record file") from None
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise NotationError(f"{path}: not a readable game record: {exc}") from None
        return cls.from_json(data)
