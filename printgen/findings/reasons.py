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
    PASSES_TOLL = "passes_toll"  # gets a piece past a toll the other move leaves ahead of it
    FEWER_TOLLS = "fewer_tolls"  # fewer toll landings expected ahead than after the other move
    ITEMS_EXPECTED = "items_expected"  # fewer items expected by the end of the game than after the other move
    GAME_PAYS_NOTHING = "game_pays_nothing"  # a rule's fact: the game's winner takes nothing, so only items count
    KEEPS_CONTEST = "keeps_contest"  # the first move against the game's best: what it keeps in the contest, and why
    GIVES_UP_CONTEST = "gives_up_contest"  # the game's best move against the first: what it gives up, and why


TRADES = (Why.KEEPS_CONTEST, Why.GIVES_UP_CONTEST)  # the reasons that weigh the game against the contest


@dataclass(frozen=True)
class Reason:
    """One fact about a move: what it is about, whether it speaks for the move, and its figures.

    cell: the cell concerned (printed number); seat: the other seat concerned (captured, or the bettor;
    for a direction 1 anticlockwise, 0 clockwise); amount: items, steps, tolls or a bet; chance: a
    probability (0 to 1) where one is said. Items expected (amount) may count items gained at once
    (gained). A trade (`TRADES`) also names the other move, the percentage points of the chance to win
    the contest and of the game between the two, and what makes the difference (causes).
    """

    why: Why
    good: bool
    cell: int | None = None
    seat: int | None = None
    amount: float | None = None
    chance: float | None = None
    item: Text = Text("item")  # the ruleset's item noun (singular, with its translations)
    other: Move | None = None  # a trade's other move
    points: float | None = None  # a trade: the contest's percentage points between the two moves (positive)
    game_points: float | None = None  # a trade: the game's percentage points between them (positive)
    causes: tuple[Cause, ...] = ()  # a trade: the facts that make the difference in the contest
    gained: float | None = None  # items expected: what the move gains at once, counted in `amount` already


@dataclass(frozen=True)
class Cause:
    """A fact of one of two moves compared (the move is the fact's subject), that makes a difference between them;
    without a move, a fact of the rules that bears on both."""

    move: Move | None
    reason: Reason


@dataclass(frozen=True)
class TutorCase:
    """The tutor's case against a move: the reasons against it that the best move does not share (against=True), or
    else the best move's reasons for it that the move does not share; how many points of the chance to win the
    contest the best move keeps more, and how many of the game the move keeps more (0 unless it does, by more than
    the tie margin)."""

    move: Move
    best: Move
    points: float
    against: bool
    reasons: tuple[Reason, ...]
    game_points: float = 0.0
