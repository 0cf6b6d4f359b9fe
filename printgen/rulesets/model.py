"""The ruleset model: frozen values describing one variant of Patolli, loaded from TOML."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import Enum
from fractions import Fraction
from typing import Any

from printgen.rulesets.schema import Text, key

# The largest rules the loader accepts; the kernel's state array is sized from these (engine/layout.py).
MAX_ARM = 20
MAX_PIECES = 12
MAX_PLAYERS = 4
MAX_ITEMS = 1000  # items a player starts with
MAX_SCORE = 4 * MAX_ARM + 4


def track_cells(arm_length: int) -> int:
    """Returns the number of cells on a track whose arms are this long: 2 files of L cells per arm, 4 centre cells."""
    return 8 * arm_length + 4


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


class Handover(str, Enum):
    """Which of a payer's named items change hands (the engine counts items; this is a rule for the table)."""

    CHOICE = "choice"  # the payer chooses
    LEAST_VALUABLE = "least_valuable"  # the least valuable first; of equal values, one won before one's own


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

    amount: int = key("items paid", lo=0, hi=1000)
    payer: Payer = key("who pays", toml="from", omit=Payer.MOVER)
    payee: Payee = key("who receives", toml="to", omit=Payee.POOL)
    min_on_board: int = key("no_move only: due only with this many pieces on the board", lo=0, hi=MAX_PIECES,
                            omit=0, quiet=True, default=0)


@dataclass(frozen=True)
class Item:
    """A named item (asset, good) a player holds; `count` copies of it."""

    name: Text = key("the item's name")
    value: int = key("what one is worth", lo=0, hi=10**6, omit=1, default=1)
    count: int = key("copies each player holds", lo=1, hi=1000, omit=1, default=1)
    seat: str = key("the one seat that starts with it (A, B, C or D); empty: every seat starts with its own",
                    omit="", default="")


@dataclass(frozen=True)
class BoardRules:
    """The shape of the cross and where its special cells are."""

    arm_length: int = key("cells per arm file, L: the board has 8 * L + 4 cells", lo=3, hi=MAX_ARM)
    seats: int = key("seats marked on the board: 2 (opposite arms) or 4", lo=2, hi=4)
    orientation: Orientation = key("how the board is printed: plus or x", omit=Orientation.PLUS)
    start_depth: int = key("each seat's start: 0 its central cell, d the d-th cell out along its arm",
                           lo=0, hi="arm_length", omit=0)
    wedge_depths: tuple[int, ...] = key("depths (1 next to the centre, L the tip) of wedge/triangle cells on both "
                                        "files of every arm", lo=1, hi="arm_length", omit=())
    rounded_depths: tuple[int, ...] = key("depths of rounded (extra-turn) cells", lo=1, hi="arm_length",
                                          omit=lambda v: (v["arm_length"],))
    capture_zones: tuple[Zone, ...] = key("where landing on an opponent captures it: centre, start, end, "
                                          "before_centre", omit=())
    wedge_name: Text = key("the source's name for a wedge cell, singular, no article (`toll cell`); empty: the "
                           "booklet's own", omit=Text(), default=Text())
    rounded_name: Text = key("the source's name for a rounded cell, singular, no article (`blue tip`); empty: the "
                             "booklet's own", omit=Text(), default=Text())

    @property
    def cell_count(self) -> int:
        """Returns the number of cells on the track."""
        return track_cells(self.arm_length)


@dataclass(frozen=True)
class BeanRules:
    """The casting beans and what each number of marks scores."""

    count: int = key("number of beans", lo=1, hi=10, omit=5)
    mark_probability: Fraction = key("chance that one bean shows its mark, as a fraction", omit=Fraction(1, 2))
    scores: tuple[int | None, ...] = key("score for 0, 1, 2 ... marks; 0 means no score", lo=0, hi=MAX_SCORE)
    null_cast: NullCast = key("a cast with no score: pass (turn over) or recast (cast again)", omit=NullCast.PASS)


@dataclass(frozen=True)
class PlayerRules:
    """How many play, with how many pieces, which way and who begins."""

    min_players: int = key("fewest players", toml="min", lo=2, hi=MAX_PLAYERS, omit=2)
    max_players: int = key("most players", toml="max", lo=2, hi=MAX_PLAYERS, omit=2)
    pieces: tuple[int, ...] = key("pieces per player, for min, min + 1, ... max players", lo=1, hi=MAX_PIECES)
    direction: Direction = key("clockwise, or choose (each player picks with their first entry)",
                               omit=Direction.CLOCKWISE)
    partnerships: bool = key("four players: opposite seats form teams", omit=False)
    opening: Opening = key("who begins a game: highest (all cast), rotate (seats take turns), fixed (seat A)",
                           omit=Opening.ROTATE)
    start_on_board: int = key("pieces on the start cell when a game begins (0 or 1)", lo=0, hi=MAX_PIECES, omit=0)

    def pieces_for(self, players: int) -> int:
        """Returns the number of pieces each player has in a game of `players`."""
        return self.pieces[players - self.min_players]


@dataclass(frozen=True)
class EntryRules:
    """When a piece may enter the board from the hand."""

    scores: tuple[int, ...] = key("scores that enter a piece (it lands score - 1 cells past the start)",
                                  lo=1, hi=MAX_SCORE, omit=(1,))
    first_any: bool = key("a player's first piece of a game enters on any score", omit=False)


@dataclass(frozen=True)
class Economy:
    """Items, stake, pool and offering."""

    gambling: bool = key("false: no items, pool or payments; one game, won by bearing off every piece first",
                         omit=True)
    item_name: Text = key("what the items are called (singular)", omit=Text("item", es="objeto"))
    starting_items: int = key("items each player holds when the contest begins", lo=1, hi=MAX_ITEMS)
    stake: int = key("items each player pays into the pool when a game begins (fixed betting)", lo=0, hi=1000,
                     omit=0)
    betting: Betting = key("fixed (the stake) or choose (a player names the bet; all match it)", omit=Betting.FIXED)
    bankruptcy: Bankruptcy = key("a player is out when they cannot pay (cannot_pay) or hold nothing (empty)",
                                 omit=Bankruptcy.CANNOT_PAY)
    offering_to_winner: bool = key("the game winner also takes the offering", omit=False)
    items: tuple[Item, ...] = key("named items; the counts of those each seat starts with add up to starting_items",
                                  omit=())
    handover: Handover = key("which items a payer hands over: choice (the payer's) or least_valuable",
                             omit=Handover.CHOICE, default=Handover.CHOICE)

    def items_of(self, seat: int) -> tuple[Item, ...]:
        """Returns the named items a seat (0 for A) starts the contest with."""
        return tuple(i for i in self.items if i.seat in ("", "ABCD"[seat]))


@dataclass(frozen=True)
class Payments:
    """Every payment the rules can demand."""

    wedge: Payment = key("landing on a wedge", omit=Payment(0, Payer.MOVER, Payee.POOL))
    no_move: Payment = key("a cast that moves nothing", omit=Payment(0, Payer.MOVER, Payee.POOL))
    bear_off: Payment = key("bearing a piece off", omit=Payment(0, Payer.MOVER, Payee.POOL))
    capture: Payment = key("a capture", omit=Payment(0, Payer.MOVER, Payee.POOL))
    null_cast: Payment = key("a cast with no score", omit=Payment(0, Payer.MOVER, Payee.POOL))

    def by_event(self) -> tuple[tuple[str, Payment], ...]:
        """Returns (event, payment) for every event, in PAYMENT_EVENTS order."""
        return tuple((event, getattr(self, event)) for event in PAYMENT_EVENTS)


class Table(tuple[tuple[str, Any], ...]):
    """An inline TOML table an option sets (a payment), frozen as (key, value) pairs so a ruleset stays hashable."""

    __slots__ = ()


@dataclass(frozen=True)
class Penalties:
    """Penalties that cost turns or moves rather than items."""

    wedge: WedgePenalty = key("besides any payment: none, miss_turn (miss the next turn) or move_back (that piece "
                              "goes back next turn)", omit=WedgePenalty.NONE, default=WedgePenalty.NONE)


@dataclass(frozen=True)
class RuleOption:
    """A named variation a ruleset offers, as changes to its TOML values."""

    name: str
    description: Text = key("what the option changes, in words")
    changes: tuple[tuple[str, object], ...] = key('the changes, as "table.key" = value', omit=())
    # ("section.key", value); lists as tuples, tables as Table


@dataclass(frozen=True)
class Note:
    """One reading of a source: the topic, what was decided, why, and where the source says it; in en and es."""

    topic: Text = key("what the source leaves open")
    decision: Text = key("what these rules do")
    why: Text = key("why", omit=Text(), default=Text())
    source: Text = key("where the source says it", omit=Text(), default=Text())
    only: str = key("the rules it applies to: gambling, no_gambling, miss_turn or move_back; empty: always",
                    omit="", default="")

    def applies_to(self, rs: Ruleset) -> bool:
        """Returns whether this note concerns a ruleset (notes on gambling are left out of games without it)."""
        if not self.only:
            return True
        if self.only in ("gambling", "no_gambling"):
            return rs.economy.gambling == (self.only == "gambling")
        return rs.penalties.wedge.value == self.only

    def in_lang(self, lang: str) -> tuple[str, str, str, str]:
        """Returns (topic, decision, why, source) in a language, English where a translation is missing."""
        return (self.topic.get(lang), self.decision.get(lang), self.why.get(lang), self.source.get(lang))


@dataclass(frozen=True)
class Ruleset:
    """One complete, validated variant of Patolli."""

    name: str = key("the ruleset's name")
    title: Text = key("the title printed on the booklet and sheets")
    source: Text = key("the source the rules follow", omit=Text())
    summary: Text = key("one sentence on how the game plays", omit=Text())
    # mypy's dataclass plugin takes any call but `field()` for a default, so it reads the `key()` fields above as
    # defaulted; at run time they have none, and these required sections may follow them.
    board: BoardRules  # type: ignore[misc]
    beans: BeanRules  # type: ignore[misc]
    players: PlayerRules  # type: ignore[misc]
    entry: EntryRules  # type: ignore[misc]
    economy: Economy  # type: ignore[misc]
    payments: Payments  # type: ignore[misc]
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

    def __hash__(self) -> int:
        """Hashes the fields once per value (a ruleset keys the caches of its tables, asked on every move, and
        hashing it walks every field); the dataclass's hash otherwise."""
        found = self.__dict__.get("_hash")
        if found is None:
            found = hash(tuple(getattr(self, f.name) for f in fields(self)))
            object.__setattr__(self, "_hash", found)
        return int(found)

    def __getstate__(self) -> dict[str, Any]:
        """Pickles the fields without the kept hash, which is another process's number (strings hash by seed)."""
        return {k: v for k, v in self.__dict__.items() if k != "_hash"}


PAYMENT_EVENTS: tuple[str, ...] = tuple(f.name for f in fields(Payments))  # the one list of payment events

# The tables of a ruleset file and the model class whose keyed fields they hold, in file order.
SECTIONS: dict[str, type] = {
    "ruleset": Ruleset, "board": BoardRules, "beans": BeanRules, "players": PlayerRules, "entry": EntryRules,
    "economy": Economy, "payments": Payments, "penalties": Penalties,
}
