"""Seatings of an arena's line-up: every player in every seat equally often, so seat advantage cancels.

A line-up is the arena's players in the order given (player 0, 1, ...); a seating says which player
sits in each seat (A, B, C, D in turn order). A set of seatings is played round and round, match i
taking seating i mod the set's size:
- two players: A in seat A, then in seat B (the alternation the arena always had);
- three or four players, each for themselves: every order of the players (6 or 24 seatings), so each
  player sits in each seat, and after each other player, equally often;
- partnerships (four players, partners opposite: seats A and C against B and D): players 0 and 1 form
  one team and 2 and 3 the other; the set is both team arrangements (which team holds A and C) times
  both partner orders in each team, 8 seatings, so each player sits in each seat twice.
"""

from __future__ import annotations

import itertools

import numpy as np


def seatings(players: int, partnerships: bool = False) -> np.ndarray:
    """Returns the set of seatings: row r, column s is the player (line-up index) in seat s."""
    if partnerships:
        if players != 4:
            raise ValueError(f"partnerships are for four players, not {players}")
        rows = []
        for first, second in ((0, 1), (1, 0)):  # the team that holds seats A and C
            for i, j in itertools.product((0, 1), (0, 1)):
                ac = (2 * first + i, 2 * first + 1 - i)
                bd = (2 * second + j, 2 * second + 1 - j)
                rows.append((ac[0], bd[0], ac[1], bd[1]))
        return np.array(rows, dtype=np.int64)
    return np.array(list(itertools.permutations(range(players))), dtype=np.int64)


def team_of(player: int, partnerships: bool) -> int:
    """Returns a line-up player's team: its own index, or 0 for players 0–1 and 1 for 2–3 in partnerships."""
    return player // 2 if partnerships else player
