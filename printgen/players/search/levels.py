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


# Weakest first. Each beats the one below it in every built-in ruleset (400 contests a pair, the weaker side's 95 %
# interval below 0.45): docs/players.md, "Named strengths" (`python scripts/strength_ladder.py`). The noise is on the
# chance to win the contest, so it weighs differently where the values spread differently: in Neeley and Ocastudios,
# whose contests end by a ruin inside the first game, a level-2 search plays as well as level 3, and `expert` is
# below `strongest` there only by its noise.
STRENGTHS: dict[str, Strength] = {
    "beginner": Strength(0, 5000, "looks no cast ahead and often plays a poor move, though better than chance"),
    "casual": Strength(0, 800, "looks no cast ahead, misjudges close choices and now and then a clear one"),
    "club": Strength(0, 150, "looks no cast ahead, now and then misjudges a close choice"),
    "expert": Strength(2, 150, "looks two casts ahead, now and then misjudges a close choice"),
    "strongest": Strength(DEFAULT_LEVEL, 0, "the advisor at its default level"),
}
# The names saves wrote for a strength before its definition changed (2026-11-26: `expert` was the advisor at level 2
# without noise), so that an older save resumes against the strength it named.
FORMERLY: dict[str, tuple[str, ...]] = {"expert": ("advisor:2",)}
