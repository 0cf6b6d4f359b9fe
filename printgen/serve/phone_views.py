"""A shared table as the phone app's engine worker shows its own (`printgen/web/app/js/table.js`): the same view,
steps and undo, field for field, so the app's table screen plays a server's game as it plays one of the phone's.

Moves are the kernel's move codes with the compiled reading the browser shares (`Position.described`), events the
kernel's raw rows, cells the printed numbers; the words are the app's own (it says every step from these numbers).
"""

from __future__ import annotations

from typing import Any

from printgen.engine.describe import DIRECTION_CCW, DIRECTION_NONE, KIND_BET, KIND_ENTER, KIND_MOVE, KIND_PASS
from printgen.engine.position import HAND, HOME, Phase, Position
from printgen.play.changes import Change
from printgen.play.saved import game_key
from printgen.play.table import Table
from printgen.players.roster.registry import Player, player
from printgen.players.search.levels import FORMERLY, STRENGTHS

KINDS = {KIND_MOVE: "move", KIND_ENTER: "enter", KIND_PASS: "pass", KIND_BET: "bet"}
# the app's name of each strength, by the name a save writes for its player (`advisor` is strongest), and by the names
# older saves wrote for it
STRENGTH_OF = {**{old: name for name, olds in FORMERLY.items() for old in olds},
               **{player(name).name: name for name in STRENGTHS}}


def seat_of(who: Player | None) -> str:
    """Returns what the app calls a seat's player: "person", or a strength's name (else the player's own name)."""
    return "person" if who is None else STRENGTH_OF.get(who.name, who.name)


def describe(pos: Position, marks: int | None, code: int) -> dict[str, Any]:
    """Returns a move code as the app's engine describes it: code, kind, origin, target, ccw, amount, text."""
    kind_index, origin, target, direction, amount = pos.described(code, marks or 0)
    kind = KINDS[kind_index]
    ccw = None if direction == DIRECTION_NONE else direction == DIRECTION_CCW
    text = {"move": f"{origin}-{target or 'h'}", "enter": f"E{target}{'' if ccw is None else 'ccw' if ccw else 'cw'}",
            "bet": f"bet{amount}"}.get(kind, "pass")
    return {"code": code, "kind": kind, "origin": origin, "target": target, "ccw": ccw, "amount": amount,
            "text": text}


def board(pos: Position) -> dict[str, Any]:
    """Returns what a position says about the board: each seat's pieces on cells, in hand, home and out."""
    seats = []
    for s in range(pos.players):
        places = pos.places(s)
        hand, home, on = places.count(HAND), places.count(HOME), pos.on_board(s)
        seats.append({"hand": hand, "home": home, "onBoard": on, "holding": pos.holdings(s),
                      "bankrupt": pos.bankrupt(s), "direction": pos.direction(s),
                      "cells": sorted(c for c in places if isinstance(c, int)), "out": len(places) - hand - home - on})
    cells = [{"cell": c, "seat": s} for c, s in sorted(pos.board().items())]
    return {"cells": cells, "seats": seats, "pool": pos.pool, "offering": pos.offering}


class Turns:
    """A table's record read once: the position before each turn, and each turn as the app's steps say it."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.turns = table.session.record.turns
        self.positions = table.session.record.positions()

    def computer(self, i: int) -> bool:
        """Returns whether turn i (from 0) was a computer's."""
        return self.positions[i].to_move in self.table.session.computers

    def step(self, i: int, after: bool = False) -> dict[str, Any]:
        """Returns turn i (from 0) as the app's step: number, seat, marks, move, events, computer and the board
        before it (and after it, as an action's steps have)."""
        pos, turn = self.positions[i], self.turns[i]
        code = pos.encode(turn.move, turn.marks or 0)
        out: dict[str, Any] = {
            "number": i + 1, "seat": pos.to_move, "marks": turn.marks, "move": describe(pos, turn.marks, code),
            "events": pos.event_rows(turn.marks or 0, code), "computer": self.computer(i), "before": board(pos)}
        if after:
            out["after"] = board(self.positions[i + 1])
        else:  # a step of the record read back, as table.js steps() gives it: with the phase before it
            out["phase"] = pos.phase.value
        return out

    def steps(self, since: int, after: bool = False) -> list[dict[str, Any]]:
        """Returns the turns from number `since` + 1 on."""
        return [self.step(i, after) for i in range(max(0, since), len(self.turns))]

    def last(self) -> dict[str, Any] | None:
        """Returns the last turn as the view's `last` (a step without the board before it), or None."""
        if not self.turns:
            return None
        out = self.step(len(self.turns) - 1)
        del out["before"], out["phase"]
        return out


def legal(table: Table) -> list[dict[str, Any]]:
    """Returns the moves the person to move may make now: the bets, or the moves of the pending cast."""
    pos = table.position
    if table.over or table.computers_to_play():
        return []
    if pos.phase is Phase.BET:
        return [describe(pos, 0, c) for c in pos.move_codes(0)]
    if table.pending is None:
        return []
    return [describe(pos, table.pending, c) for c in pos.move_codes(table.pending)]


def stamp(table: Table) -> str:
    """Returns what changes with every action: phones compare it to know when to look at the table again."""
    return f"{len(table.session.record.turns)}:{table.pending}"


def seats(table: Table) -> list[str]:
    """Returns each seat's player as the app names it."""
    computers = table.session.computers
    return [seat_of(computers.get(s)) for s in range(table.position.players)]


def view(table: Table, turns: Turns | None = None) -> dict[str, Any]:
    """Returns the table as the app's `Table.view()` returns it."""
    turns = turns or Turns(table)
    pos = table.position
    winner = pos.winner
    return {
        "key": game_key(pos.ruleset, pos.players), "seats": seats(table), "phase": pos.phase.value,
        "toMove": pos.to_move, "game": pos.game, "turn": len(turns.turns), "over": table.over,
        "winner": -1 if winner is None else winner, "pending": table.pending, "board": board(pos),
        "legal": legal(table), "computersToPlay": table.computers_to_play(), "peopleOut": table.people_out(),
        "level": table.session.level, "canUndo": any(not turns.computer(i) for i in range(len(turns.turns))),
        "last": turns.last(),
    }


def change(c: Change) -> dict[str, Any]:
    """Returns a piece to put back on the physical board as the app's undo says it."""
    return {"seat": c.seat, "origin": c.origin, "target": c.target}
