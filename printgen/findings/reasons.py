"""Why a move, as data: what each reason is about, its side and its figures, and the tutor's case against a move.

The players compute them (`players/analysis/reasons.py`); the text layer says them in words
(`rules_text/reasons.py`), the same words in the terminal, the JSON and the phone.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from printgen.engine.moves import Move
from printgen.rulesets.schema import Text


class Why(str, Enum):
    """What a reason is about; the `[explain]` key that says it."""

    WINS_CONTEST = "wins_contest"
    WINS_GAME = "wins_game"
    CAPTURE = "capture"
    TOLL = "toll"
    PENALTY = "penalty"
    TOLL_AVOIDED = "toll_avoided"
    ESCAPES = "escapes"
    EXPOSED = "exposed"
    EXTRA_TURN = "extra_turn"
    BEAR_OFF = "bear_off"
    ENTER = "enter"
    DIRECTION = "direction"
    ITEMS_WON = "items_won"
    ITEMS_PAID = "items_paid"
    BET_HIGH = "bet_high"
    BET_LOW = "bet_low"
    RACE = "race"
    ONLY_MOVE = "only_move"


@dataclass(frozen=True)
class Reason:
    """One fact about a move: what it is about, whether it speaks for the move, and its figures.

    cell: the cell concerned (printed number); seat: the other seat concerned (captured, or the bettor;
    for a direction 1 anticlockwise, 0 clockwise); amount: items, steps, tolls or a bet; chance: a
    probability (0 to 1) where one is said.
    """

    why: Why
    good: bool
    cell: int | None = None
    seat: int | None = None
    amount: float | None = None
    chance: float | None = None
    item: Text = Text("item")  # the ruleset's item noun (singular, with its translations)


@dataclass(frozen=True)
class TutorCase:
    """The tutor's case against a move: the reasons against it (against=True), or else the best move's reasons
    for it; and how many points of the chance to win the contest the best move keeps more."""

    move: Move
    best: Move
    points: float
    against: bool
    reasons: tuple[Reason, ...]
