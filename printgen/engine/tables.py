"""Compiles a ruleset and a player count into the numeric tables the rules kernel reads."""

from __future__ import annotations

from collections import namedtuple
from functools import cache

import numpy as np

from printgen.engine import kernel as k
from printgen.engine.topology import seat_quarters, topology_for
from printgen.errors import RulesetError
from printgen.rulesets.model import Betting, Direction, Opening, Payee, Payer, Payment, Ruleset, WedgePenalty

Tables = namedtuple(
    "Tables",
    "n_players n_pieces n_cells n_beans bean_threshold scores entry_ok first_any choose_direction "
    "null_recast start_on_board stake betting_choose bankrupt_empty offering_to_winner opening "
    "starting_items team path flags pay seat_quarter wedge_penalty one_game",
)

_PAYER = {Payer.MOVER: k.BY_MOVER, Payer.OPPONENTS: k.BY_OPPONENTS, Payer.CAPTURED: k.BY_CAPTURED}
_PAYEE = {Payee.MOVER: k.TO_MOVER, Payee.OPPONENTS: k.TO_OPPONENTS, Payee.POOL: k.TO_POOL,
          Payee.OFFERING: k.TO_OFFERING}
_WEDGE_PENALTY = {WedgePenalty.NONE: k.WP_NONE, WedgePenalty.MISS_TURN: k.WP_MISS_TURN,
                  WedgePenalty.MOVE_BACK: k.WP_MOVE_BACK}
_OPENING = {Opening.HIGHEST: k.OPEN_HIGHEST, Opening.ROTATE: k.OPEN_ROTATE, Opening.FIXED: k.OPEN_FIXED}


def _pay_row(payment: Payment) -> list[int]:
    return [payment.amount, _PAYER[payment.payer], _PAYEE[payment.payee], payment.min_on_board]


@cache
def tables_for(ruleset: Ruleset, players: int) -> Tables:
    """Returns the kernel tables of ruleset for a game of `players`."""
    if players not in ruleset.player_counts():
        lo, hi = ruleset.players.min_players, ruleset.players.max_players
        allowed = f"{lo}" if lo == hi else f"{lo} to {hi}"
        raise RulesetError(f"ruleset '{ruleset.name}' is for {allowed} players, not {players}")
    topo = topology_for(ruleset)
    n = topo.size
    quarters = seat_quarters(ruleset.board.seats, players)
    path = np.zeros((k.MAXP, 2, n), dtype=np.int64)
    for p, q in enumerate(quarters):
        path[p, 0] = topo.path(q, clockwise=True)
        path[p, 1] = topo.path(q, clockwise=False)
    flags = np.zeros(n, dtype=np.int64)
    for cell in topo.cells:
        i = cell.index
        if cell.depth in ruleset.board.wedge_depths and cell.depth:
            flags[i] |= k.F_WEDGE
        if cell.depth in ruleset.board.rounded_depths and cell.depth:
            flags[i] |= k.F_ROUNDED
        if cell.capture:
            flags[i] |= k.F_CAPTURE
    beans = ruleset.beans
    scores = np.array([s or 0 for s in beans.scores], dtype=np.int64)
    entry_ok = np.zeros(int(scores.max()) + 1, dtype=np.int64)
    for s in ruleset.entry.scores:
        entry_ok[s] = 1
    team = np.array([p % 2 if ruleset.players.partnerships and players == 4 else p for p in range(k.MAXP)],
                    dtype=np.int64)
    pm = ruleset.payments
    pay = np.zeros((8, 4), dtype=np.int64)
    for row, (_, payment) in enumerate(pm.by_event()):  # rows R_WEDGE .. R_NULL follow PAYMENT_EVENTS
        pay[row] = _pay_row(payment)
    econ = ruleset.economy
    return Tables(
        n_players=players, n_pieces=ruleset.players.pieces_for(players), n_cells=n,
        n_beans=beans.count, bean_threshold=int(beans.mark_probability * 2**32),
        scores=scores, entry_ok=entry_ok, first_any=ruleset.entry.first_any,
        choose_direction=ruleset.players.direction is Direction.CHOOSE,
        null_recast=beans.null_cast.value == "recast", start_on_board=ruleset.players.start_on_board,
        stake=econ.stake, betting_choose=econ.betting is Betting.CHOOSE,
        bankrupt_empty=econ.bankruptcy.value == "empty", offering_to_winner=econ.offering_to_winner,
        opening=_OPENING[ruleset.players.opening], starting_items=econ.starting_items,
        team=team, path=path, flags=flags, pay=pay,
        seat_quarter=np.array(list(quarters) + [0] * (k.MAXP - players), dtype=np.int64),
        wedge_penalty=_WEDGE_PENALTY[ruleset.penalties.wedge], one_game=not econ.gambling,
    )
