"""The seat scheme: which arm and start cell each seat of an n-player game takes, and how seats are named.

One home for every front end: the board marks arms with it, the booklet's set-up describes it, and
`rulesets show` and `play` print it. Seats are lettered A, B, C, D in turn order; an arm is named by
the number of its start cell, which is printed on the board whichever way it is turned (compass
points are not: on a diagonal board no arm points south).

A colour (with its shape) belongs to an arm, not to a seat letter: the printed board is the same whatever the
number of players, while a seat's letter and arm change with it (seat B sits opposite A with two players and
beside A with four). So a seat takes the colour of the arm it starts on, and every front end that shows a
seat's colour asks `seat_colour`: the board, the pieces, the booklet, the player aids, the terminal and the
phone then agree at every player count.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

SEAT_NAMES = "ABCD"
# The four colours (keys of the language files' [colour] table), each with the shape that goes with it; a colour's
# index here is its palette role's (render.palette: `player.K`, `seat.K`).
COLOURS = ("orange", "blue", "gold", "green")
SHAPES = ("circle", "square", "triangle", "diamond")
# The colour of each arm (0 south, 1 west, 2 north, 3 east): two players (arms 0 and 2, opposite) take orange and
# blue, as every two-player kit has always printed; the arms between them gold and green.
ARM_COLOURS = (0, 2, 1, 3)


def seat_arms(board_seats: int, players: int) -> tuple[int, ...]:
    """Returns the arm (0 south, 1 west, 2 north, 3 east) each seat takes: opposite arms for two, then clockwise."""
    if players == 2:
        return (0, 2)
    if board_seats < players:
        raise ValueError(f"{players} players need {players} seats; the board has {board_seats}")
    return tuple(range(players))


def seat_colour(board_seats: int, players: int, seat: int) -> int:
    """Returns the colour (an index of COLOURS) of a seat in an n-player game: its arm's colour."""
    return ARM_COLOURS[seat_arms(board_seats, players)[seat]]


def seat_colours(board_seats: int, players: int) -> tuple[int, ...]:
    """Returns every seat's colour in an n-player game, seat A first."""
    return tuple(ARM_COLOURS[arm] for arm in seat_arms(board_seats, players))


def kit_colours(board_seats: int, counts: Iterable[int]) -> tuple[int, ...]:
    """Returns the colours a kit for these player counts prints pieces in: those of every arm a count uses, in
    the order of COLOURS."""
    return tuple(sorted({ARM_COLOURS[arm] for n in counts for arm in seat_arms(board_seats, n)}))


def colour_arm(colour: int) -> int:
    """Returns the arm that carries a colour."""
    return ARM_COLOURS.index(colour)


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

    @property
    def colour(self) -> int:
        """Returns the seat's colour (an index of COLOURS): its arm's."""
        return ARM_COLOURS[self.arm]


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
