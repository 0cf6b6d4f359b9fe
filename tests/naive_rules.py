"""An independent, slow statement of move generation, written from the sources, to check the kernel."""

from __future__ import annotations

from printgen.engine.position import HAND, Phase, Position


def naive_moves(pos: Position, marks: int) -> set[str]:
    """Returns the legal moves in compact notation, computed from places, paths and cell facts alone."""
    rs = pos.ruleset
    if pos.phase is Phase.OVER:
        return set()
    if pos.phase is Phase.BET:
        cap = min(pos.holdings(s) for s in range(pos.players) if not pos.bankrupt(s))
        return {f"bet{n}" for n in range(1, cap + 1)}
    score = rs.beans.scores[marks]
    if pos.phase is Phase.OPENING or score is None:
        return {"pass"}
    me = pos.to_move
    topo = pos.topology
    board = pos.board()

    def can_land(cell: int) -> bool:
        owner = board.get(cell)
        if owner is None:
            return True
        return pos.team(owner) != pos.team(me) and topo.cell(cell).capture

    places = pos.places(me)
    on_board = [p for p in places if isinstance(p, int)]
    moves = set()
    directions = [pos.direction(me)] if pos.direction(me) else [1, -1]
    first = not on_board and "home" not in places
    if HAND in places and (score in rs.entry.scores or (rs.entry.first_any and first)):
        for d in directions:
            path = [c + 1 for c in topo.path(pos.tables.seat_quarter[me], clockwise=d == 1)]
            if score <= len(path) and can_land(path[score - 1]):
                suffix = "" if pos.direction(me) else ("cw" if d == 1 else "ccw")
                moves.add(f"E{path[score - 1]}{suffix}")
    path = list(pos.path(me))
    for cell in on_board:
        step = path.index(cell)
        if step + score < len(path) and can_land(path[step + score]):
            moves.add(f"{cell}-{path[step + score]}")
    return moves or {"pass"}
