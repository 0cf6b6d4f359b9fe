"""The ruleset model: frozen values describing one variant of Patolli, loaded from TOML."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction


class Orientation(str, Enum):
    """How the cross is drawn: upright `+` or diagonal `X`."""

    PLUS = "plus"
    X = "x"


class Zone(str, Enum):
    """Named groups of cells where a piece may land on an opponent and capture it."""

    CENTRE = "centre"  # the four central cells
    START = "start"  # every seat's start cell
    END = "end"  # every seat's end cell
    BEFORE_CENTRE = "before_centre"  # the cell before each central cell, clockwise


class NullCast(str, Enum):
    """What a cast that scores nothing does (besides its payment, if any)."""

    PASS = "pass"  # the turn is over
    RECAST = "recast"  # the same player casts again


class Direction(str, Enum):
    """Which way pieces travel round the cross."""

    CLOCKWISE = "clockwise"
    CHOOSE = "choose"  # each player picks with the first piece entered, kept all game


class Opening(str, Enum):
    """Who begins each game."""

    HIGHEST = "highest"  # everyone casts, the highest begins (ties cast again)
    ROTATE = "rotate"  # seats take turns beginning games, seat A first
    FIXED = "fixed"  # seat A (the first solvent seat) always begins


class Betting(str, Enum):
    """How the stake of a game is set."""

    FIXED = "fixed"  # every player pays `stake` into the pool
    CHOOSE = "choose"  # a player names the bet (1 up to the poorest holding); all match it


class Bankruptcy(str, Enum):
    """When a player drops out of the contest."""

    CANNOT_PAY = "cannot_pay"  # owing more than they hold
    EMPTY = "empty"  # holding nothing


class WedgePenalty(str, Enum):
    """What landing on a wedge does besides its payment (Bell's suggestions for playing without gambling)."""

    NONE = "none"
    MISS_TURN = "miss_turn"  # the player misses their next turn
    MOVE_BACK = "move_back"  # on the player's next turn the piece moves backwards by the cast


class Payer(str, Enum):
    """Who pays when a payment is due."""

    MOVER = "mover"
    OPPONENTS = "opponents"  # each opponent pays the amount
    CAPTURED = "captured"  # the owner of the captured piece (capture payments only)


class Payee(str, Enum):
    """Who receives a payment."""

    MOVER = "mover"
    OPPONENTS = "opponents"  # each opponent receives the amount
    POOL = "pool"
    OFFERING = "offering"


@dataclass(frozen=True)
class Payment:
    """An amount of items moving from payer to payee when an event happens."""

    amount: int
    payer: Payer
    payee: Payee
    min_on_board: int = 0  # no-move payments only: due only with this many pieces on the board


@dataclass(frozen=True)
class Item:
    """A named item (asset, good) a player holds; `count` copies of it."""

    name: str
    value: int = 1
    count: int = 1
    name_es: str = ""


@dataclass(frozen=True)
class BoardRules:
    """The shape of the cross and where its special cells are."""

    arm_length: int  # cells per arm file, L; the board has 8*L + 4 cells
    seats: int  # 2 or 4 seats marked on the board
    orientation: Orientation
    start_depth: int  # 0: the seat's central cell; d: the d-th cell out along its arm
    wedge_depths: tuple[int, ...]  # depths (1 = next to the centre, L = tip) on both files of every arm
    rounded_depths: tuple[int, ...]
    capture_zones: tuple[Zone, ...]

    @property
    def cell_count(self) -> int:
        """Returns the number of cells on the track."""
        return 8 * self.arm_length + 4


@dataclass(frozen=True)
class BeanRules:
    """The casting beans and what each number of marks scores."""

    count: int
    mark_probability: Fraction
    scores: tuple[int | None, ...]  # index = number of marks showing; None = no score
    null_cast: NullCast


@dataclass(frozen=True)
class PlayerRules:
    """How many play, with how many pieces, which way and who begins."""

    min_players: int
    max_players: int
    pieces: tuple[int, ...]  # pieces per player for min_players, min_players + 1, ...
    direction: Direction
    partnerships: bool  # four players: opposite seats play as a team
    opening: Opening
    start_on_board: int  # pieces placed on the start cell when a game begins

    def pieces_for(self, players: int) -> int:
        """Returns the number of pieces each player has in a game of `players`."""
        return self.pieces[players - self.min_players]


@dataclass(frozen=True)
class EntryRules:
    """When a piece may enter the board from the hand."""

    scores: tuple[int, ...]  # scores that enter a piece (it lands `score - 1` cells past the start)
    first_any: bool  # a player's first piece of a game enters on any score


@dataclass(frozen=True)
class Economy:
    """Items, stake, pool and offering."""

    item_name: str  # what the items are called (singular): "good", "asset", "chip"
    item_name_es: str
    starting_items: int
    stake: int  # fixed betting: paid by every player into the pool when a game begins
    betting: Betting
    bankruptcy: Bankruptcy
    offering_to_winner: bool  # the game winner takes the offering as well as the pool
    items: tuple[Item, ...]  # named items of one player; counts add up to starting_items
    gambling: bool = True  # False: no items, pool or payments; a contest is one game, won by bearing off first


@dataclass(frozen=True)
class Payments:
    """Every payment the rules can demand."""

    wedge: Payment  # landing on a wedge/triangle cell
    no_move: Payment  # a cast that scores but moves nothing
    bear_off: Payment  # a piece reaching its end
    capture: Payment  # capturing (bumping) a piece
    null_cast: Payment  # a cast that scores nothing


class Table(tuple):  # type: ignore[type-arg]
    """An inline TOML table an option sets (a payment), frozen as (key, value) pairs so a ruleset stays hashable."""

    __slots__ = ()


@dataclass(frozen=True)
class Penalties:
    """Penalties that cost turns or moves rather than items."""

    wedge: WedgePenalty = WedgePenalty.NONE


@dataclass(frozen=True)
class RuleOption:
    """A named variation a ruleset offers, as changes to its TOML values."""

    name: str
    description: str
    description_es: str
    changes: tuple[tuple[str, object], ...]  # ("section.key", value); lists as tuples, tables as Table


@dataclass(frozen=True)
class Note:
    """One reading of a source: the topic, what was decided, why, and where the source says it; in en and es."""

    topic: str
    decision: str
    why: str = ""
    source: str = ""
    topic_es: str = ""
    decision_es: str = ""
    why_es: str = ""
    source_es: str = ""
    only: str = ""  # "" always; else the rules it applies to: gambling, no_gambling, miss_turn, move_back

    def applies_to(self, rs: Ruleset) -> bool:
        """Returns whether this note concerns a ruleset (notes on gambling are left out of games without it)."""
        if not self.only:
            return True
        if self.only in ("gambling", "no_gambling"):
            return rs.economy.gambling == (self.only == "gambling")
        return rs.penalties.wedge.value == self.only

    def in_lang(self, lang: str) -> tuple[str, str, str, str]:
        """Returns (topic, decision, why, source) in a language, English where a Spanish text is missing."""
        en = (self.topic, self.decision, self.why, self.source)
        if lang != "es":
            return en
        es = (self.topic_es, self.decision_es, self.why_es, self.source_es)
        return tuple(b or a for a, b in zip(en, es, strict=True))  # type: ignore[return-value]


@dataclass(frozen=True)
class Ruleset:
    """One complete, validated variant of Patolli."""

    name: str
    title: str
    source: str
    summary: str
    summary_es: str
    board: BoardRules
    beans: BeanRules
    players: PlayerRules
    entry: EntryRules
    economy: Economy
    payments: Payments
    penalties: Penalties = Penalties()
    options: tuple[RuleOption, ...] = ()
    notes: tuple[Note, ...] = ()  # a custom file's own readings; built-ins keep theirs in rulesets/notes/
    applied: tuple[str, ...] = field(default=())  # names of options applied to this value
    origin: str = ""  # the built-in name or the file path it was loaded from

    @property
    def spec(self) -> str:
        """Returns the string that loads this ruleset again: origin plus applied options."""
        return "+".join((self.origin or self.name, *self.applied))

    def player_counts(self) -> range:
        """Returns the numbers of players this ruleset allows."""
        return range(self.players.min_players, self.players.max_players + 1)
