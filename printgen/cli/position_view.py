"""A position drawn in the terminal: the board with its pieces, then each seat's items and pieces."""

from __future__ import annotations

from rich.console import Console

from printgen.cli.board_text import draw_board, seat_key
from printgen.engine.position import HAND, HOME, Phase, Position, seat_name
from printgen.lang.grammar import counted


def show_position(pos: Position, console: Console, marks: dict[int, str] | None = None) -> None:
    """Prints the board with pieces, then each seat's items and pieces, pool and offering."""
    console.print(draw_board(pos.topology, pos.board(), marks))
    console.print(seat_key(pos.topology, pos.players))
    item = pos.ruleset.economy.item_name
    gambling = pos.ruleset.economy.gambling
    for s in range(pos.players):
        if pos.bankrupt(s):
            console.print(f"  {seat_name(s)}: bankrupt")
            continue
        places = pos.places(s)
        hand, home = places.count(HAND), places.count(HOME)
        cells = sorted(p for p in places if isinstance(p, int))
        turn = "  ◀ to move" if s == pos.to_move and pos.phase is not Phase.OVER else ""
        held = f"{counted(pos.holdings(s), item)}, " if gambling else ""
        penalty = pos.penalty(s)
        owes = "" if penalty is None else "  (misses the next turn)" if penalty == "miss" else \
            f"  (the piece on {penalty} moves back next turn)"
        console.print(f"  {seat_name(s)}: {held}hand {hand}, home {home}, "
                      f"on cells {', '.join(map(str, cells)) or '—'}{turn}{owes}")
    money = f"pool {pos.pool}, offering {pos.offering}; " if gambling else ""
    console.print(f"  {money}game {pos.game}, phase {pos.phase.value}")
