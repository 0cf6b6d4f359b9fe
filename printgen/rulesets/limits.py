"""The limits past which valid-looking rules cannot be played to an end, each refused with its reason.

Found by probing the extremes (beans that almost never or almost always show a mark, one bean, a stake
larger than the purse): under these the computer players' evaluation sees no finished game to learn
from and contests run for millions of casts, or never begin.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from printgen.errors import RulesetError
from printgen.rulesets.model import BeanRules, Economy, EntryRules, Opening, PlayerRules

MIN_SCORING = Fraction(1, 100)  # at least one cast in a hundred must score
MIN_ENTERING = Fraction(1, 10_000)  # at least one cast in ten thousand must enter a piece


def score_chances(beans: BeanRules) -> dict[int, Fraction]:
    """Returns the exact chance of each score a cast can make (0: no score)."""
    n, p = beans.count, beans.mark_probability
    chances: dict[int, Fraction] = {}
    for marks, score in enumerate(beans.scores):
        chances[score or 0] = chances.get(score or 0, Fraction(0)) + comb(n, marks) * p**marks * (1 - p) ** (n - marks)
    return chances


def _once_in(chance: Fraction) -> str:
    return f"once in {round(1 / chance):,} casts" if chance else "never"


def check_playable(where: str, beans: BeanRules, players: PlayerRules, entry: EntryRules, economy: Economy) -> None:
    """Refuses rules a contest cannot be played under to an end, saying which value and why."""
    chances = score_chances(beans)
    scoring = 1 - chances.get(0, Fraction(0))
    if scoring < MIN_SCORING:
        raise RulesetError(f"{where}: [beans] mark_probability: with {beans.mark_probability} a cast scores only "
                           f"{_once_in(scoring)}; at least one cast in {1 / MIN_SCORING} must score for a game "
                           "to end")
    entering = sum((chances.get(s, Fraction(0)) for s in set(entry.scores)), Fraction(0))
    if entering < MIN_ENTERING:
        raise RulesetError(f"{where}: [entry] scores: a piece enters on {sorted(set(entry.scores))}, which these "
                           f"beans cast {_once_in(entering)}; at least one cast in {int(1 / MIN_ENTERING):,} "
                           "must enter a piece for a game to end")
    if players.opening is Opening.HIGHEST and len(chances) < 2:
        raise RulesetError(f"{where}: [players] opening: 'highest' needs casts that can differ, but every cast "
                           f"of these beans scores {next(iter(chances))}: the tie would be cast again for ever")
    if economy.stake > economy.starting_items:
        raise RulesetError(f"{where}: [economy] stake: {economy.stake} is more than a player's "
                           f"{economy.starting_items} starting items: no one could pay for the first game")
