"""The beans: exact odds of every cast as fractions, and casts drawn from an injectable random source."""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from printgen.errors import NotationError
from printgen.inputs import is_whole_number, whole_number
from printgen.rulesets.model import BeanRules

MARKED, BLANK = "●", "○"


@dataclass(frozen=True)
class Cast:
    """One throw of the beans: which faces show a mark."""

    beans: tuple[bool, ...]

    @property
    def marks(self) -> int:
        """Returns the number of marked faces showing."""
        return sum(self.beans)

    def __str__(self) -> str:
        return "".join(MARKED if b else BLANK for b in self.beans)

    @classmethod
    def parse(cls, text: str) -> Cast:
        """Returns the cast written as marked/blank faces: `●●○○○` or `11000`."""
        faces = {MARKED: True, "1": True, "x": True, "X": True, BLANK: False, "0": False, ".": False}
        if not text or any(c not in faces for c in text):
            raise NotationError(f"cannot read cast {text[:40]!r}: write one character per bean, "
                                f"{MARKED} or 1 for a mark, {BLANK} or 0 for a blank")
        return cls(tuple(faces[c] for c in text))


@dataclass(frozen=True)
class Outcome:
    """A number of marks, what it scores (None: nothing moves) and its exact probability."""

    marks: int
    score: int | None
    probability: Fraction


class Beans:
    """The beans of one ruleset."""

    def __init__(self, rules: BeanRules) -> None:
        self.rules = rules

    def score(self, marks: int) -> int | None:
        """Returns what this many marks scores (None: no score)."""
        return self.rules.scores[marks]

    def outcomes(self) -> list[Outcome]:
        """Returns every number of marks with its score and exact probability."""
        n, p = self.rules.count, self.rules.mark_probability
        return [Outcome(k, self.score(k), comb(n, k) * p**k * (1 - p) ** (n - k)) for k in range(n + 1)]

    def score_odds(self) -> dict[int | None, Fraction]:
        """Returns each score (None: no score) with its exact probability, casts that score alike merged."""
        odds: dict[int | None, Fraction] = {}
        for o in self.outcomes():
            odds[o.score] = odds.get(o.score, Fraction(0)) + o.probability
        return odds

    def cast(self, rng: random.Random) -> Cast:
        """Returns one random cast drawn from rng."""
        p = self.rules.mark_probability
        return Cast(tuple(rng.random() < p for _ in range(self.rules.count)))

    def cast_with_marks(self, marks: int) -> Cast:
        """Returns a cast showing this many marks (the first beans marked)."""
        if not 0 <= marks <= self.rules.count:
            raise NotationError(f"{marks} marks is impossible with {self.rules.count} beans")
        return Cast(tuple(i < marks for i in range(self.rules.count)))

    def marks_for_score(self, score: int) -> int:
        """Returns the number of marks that scores this (the commonest, where several do)."""
        matches = [o for o in self.outcomes() if o.score == score]
        if not matches:
            scores = sorted({s for s in self.rules.scores if s})
            raise NotationError(f"no cast scores {score}; these beans score {', '.join(map(str, scores))} "
                                f"or nothing (0)")
        return max(matches, key=lambda o: o.probability).marks

    def marks_for_text(self, text: str) -> int:
        """Returns the marks a typed cast means: a score (`0` is no score), or bean faces like `●●○○○`."""
        text = text.strip()
        looks_like_faces = len(text) == self.rules.count > 2 and set(text) <= {"0", "1"}
        if is_whole_number(text) and not looks_like_faces:
            score = whole_number(text, "a cast's score", error=NotationError)
            if score == 0:
                nulls = [o.marks for o in self.outcomes() if o.score is None]
                if not nulls:
                    raise NotationError("every cast of these beans scores; 0 is not a cast here")
                return nulls[0]
            return self.marks_for_score(score)
        cast = Cast.parse(text)
        if len(cast.beans) != self.rules.count:
            raise NotationError(f"a cast shows {self.rules.count} beans, got {len(cast.beans)} in {text[:40]!r}")
        return cast.marks
