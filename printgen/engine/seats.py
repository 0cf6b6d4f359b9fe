"""The seat scheme: which arm and start cell each seat of an n-player game takes, and how seats are named.

One home for every front end: the board marks arms with it, the booklet's set-up describes it, and
`rulesets show` and `play` print it. Seats are lettered A, B, C, D in turn order; an arm is named by
the number of its start cell, which is printed on the board whichever way it is turned (compass
points are not: on a diagonal board no arm points south).
"""

from __future__ import annotations

from dataclasses import dataclass

SEAT_NAMES = "ABCD"
# Each seat's colour name (a key of the language files' [colour] table) and shape, seat A first.
SEAT_COLOURS = ("orange", "blue", "gold", "green")
SEAT_SHAPES = ("circle", "square", "triangle", "diamond")


def seat_arms(board_seats: int, players: int) -> tuple[int, ...]:
    """Returns the arm (0 south, 1 west, 2 north, 3 east) each seat takes: opposite arms for two, then clockwise."""
    if players == 2:
        return (0, 2)
    if board_seats < players:
        raise ValueError(f"{players} players need {players} seats; the board has {board_seats}")
    return tuple(range(players))


@dataclass(frozen=True)
class SeatPlace:
    """Where one seat of a game sits: its letter, arm, start cell and end cells (first the clockwise end)."""

    seat: int
    arm: int
    start: int  # printed cell number
    ends: tuple[int, ...]

    @property
    def letter(self) -> str:
        """Returns the seat's letter."""
        return SEAT_NAMES[self.seat]


def seat_places(board_seats: int, players: int, start_of_arm: dict[int, int], ends_of_arm: dict[int, tuple[int, ...]]
                ) -> tuple[SeatPlace, ...]:
    """Returns every seat's place in an n-player game, given each arm's start cell and end cells."""
    return tuple(SeatPlace(s, arm, start_of_arm[arm], ends_of_arm[arm])
                 for s, arm in enumerate(seat_arms(board_seats, players)))


def arm_letters(board_seats: int, counts: tuple[int, ...] | list[int]) -> dict[int, dict[int, str]]:
    """Returns, for each arm a seat can take, the seat letter it has in each player count that uses it."""
    out: dict[int, dict[int, str]] = {}
    for n in counts:
        for s, arm in enumerate(seat_arms(board_seats, n)):
            out.setdefault(arm, {})[n] = SEAT_NAMES[s]
    return out
