"""A position drawn in the terminal: the board with its pieces, then each seat's items and pieces."""

from __future__ import annotations

from rich.console import Console

from printgen.cli.board_text import board_key, draw_board, seat_key
from printgen.engine.position import HAND, HOME, Phase, Position, seat_name
from printgen.rules_text.lang import Texts


def show_position(pos: Position, console: Console, marks: dict[int, str] | None = None, lang: str = "en") -> None:
    """Prints the board with pieces on its numbered cells (marks: {cell: "from" or "to"}) and its key, then each seat's
    items and pieces, pool and offering."""
    T = Texts(lang)
    console.print(draw_board(pos.topology, pos.board(), marks, pos.players))
    console.print(board_key(pos.ruleset, pos.topology, lang, bool(marks)))
    console.print(seat_key(pos.topology, pos.players, lang))
    item = pos.ruleset.economy.item_name.get(lang)
    gambling = pos.ruleset.economy.gambling
    for s in range(pos.players):
        if pos.bankrupt(s):
            console.print(T("play.board_bankrupt", seat=seat_name(s)))
            continue
        places = pos.places(s)
        cells = sorted(p for p in places if isinstance(p, int))
        turn = T("play.board_to_move") if s == pos.to_move and pos.phase is not Phase.OVER else ""
        held = T("play.board_held", items=T.counted(pos.holdings(s), item)) if gambling else ""
        penalty = pos.penalty(s)
        owes = "" if penalty is None else T("play.board_misses") if penalty == "miss" else \
            T("play.board_moves_back", cell=penalty)
        console.print(T("play.board_seat", seat=seat_name(s), held=held, hand=places.count(HAND),
                        home=places.count(HOME), cells=", ".join(map(str, cells)) or "—", turn=turn, owes=owes))
    phase = T(f"play.phase_{pos.phase.value}")
    console.print(T("play.board_game_items", pool=pos.pool, offering=pos.offering, game=pos.game, phase=phase)
                  if gambling else T("play.board_game", game=pos.game, phase=phase))
