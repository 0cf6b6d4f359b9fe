"""The advisor's search levels and the named strengths a person can play against (a light module, so option help
needs no engine)."""

from __future__ import annotations

from typing import NamedTuple

# The advisor's default level, chosen to meet a median decision of at most 50 ms on real mid-game positions (8–10
# pieces on the board, from the advisor's own games) in every built-in ruleset, Bell included: with the pruned search
# the median is 17–31 ms on this project's shared 2-core machine, and level 4 takes 130–300 ms
# (`patolli lab bench-players --every-ruleset`; docs/measurements.md).
DEFAULT_LEVEL = 3
MAX_LEVEL = 6
MAX_SECONDS = 600.0  # the longest time budget `advise --time` takes
NOISE_UNIT = 1e-4  # a player spec writes the noise in ten-thousandths of the chance to win the contest


class Strength(NamedTuple):
    """A named strength: the advisor's search level and the noise on its values (deviation, in ten-thousandths of
    the chance to win the contest; 0 plays the search's best move)."""

    level: int
    noise: int
    about: str


# Weakest first. The error rates and the ladder between neighbours are measured in docs/players.md
# (`python scripts/strength_ladder.py`).
STRENGTHS: dict[str, Strength] = {
    "beginner": Strength(0, 400, "misjudges most close choices and some clear ones, looks no cast ahead"),
    "casual": Strength(0, 150, "misjudges close choices, looks no cast ahead"),
    "club": Strength(1, 50, "looks a cast ahead, now and then misjudges a close choice"),
    "expert": Strength(2, 0, "looks two casts ahead, no noise"),
    "strongest": Strength(DEFAULT_LEVEL, 0, "the advisor at its default level"),
}
