"""What the printed kit of a ruleset contains: the one list the kit builder prints and the booklet describes."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from printgen.engine.seats import COLOURS, kit_colours
from printgen.rulesets.model import Betting, Item, Payee, Ruleset

# The colours (names of the language files' [colour] table) belong to the board's arms: a kit prints pieces in the
# colour of every arm some player count uses (engine.seats.kit_colours). The printed colours are render.palette's.
__all__ = ["COLOURS", "Area", "Component", "ComponentKind", "board_areas", "components", "pieces_per_colour"]
SPARE_PIECES = 2  # per colour, for lost pieces
SPARE_BEANS = 1  # bean chits printed besides the ones the game casts
CHIP_VALUES = (1, 5)  # plain items are printed as chips of these values: fewer to cut than one chip per item


class ComponentKind(str, Enum):
    """The kinds of thing in the kit."""

    BOARD = "board"
    PIECES = "pieces"
    BEANS = "beans"
    AIDS = "aids"
    ITEMS = "items"


class Area(str, Enum):
    """Areas printed on the board for items that belong to no player."""

    POOL = "pool"  # the stake and payments into the pool, won with the game
    OFFERING = "offering"  # offerings to Macuilxóchitl


@dataclass(frozen=True)
class Component:
    """One line of the kit: how many of what.

    BOARD: `count` boards with `areas` printed on them. PIECES: `count` pieces of `colour`, of which
    `spares` are spare. BEANS: `count` beans (or bean chits) marked on one side, and `spares` more chits.
    AIDS: `count` player aids, one per player.
    ITEMS: `count` item chits, of the named `item` (with its value) or plain chips of the ruleset's item
    name when `item` is None, each worth `value` items.
    """

    kind: ComponentKind
    count: int
    colour: str | None = None
    spares: int = 0
    item: Item | None = None
    areas: tuple[Area, ...] = ()
    value: int = 1


def board_areas(rs: Ruleset) -> tuple[Area, ...]:
    """Returns the areas the board needs: the pool if anything is ever paid into it, the offering likewise."""
    payments = [p for _, p in rs.payments.by_event()]
    pool = rs.economy.stake > 0 or rs.economy.betting is Betting.CHOOSE or any(
        p.amount and p.payee is Payee.POOL for p in payments)
    offering = any(p.amount and p.payee is Payee.OFFERING for p in payments)
    return tuple(a for a, used in ((Area.POOL, pool), (Area.OFFERING, offering)) if used)


def pieces_per_colour(rs: Ruleset) -> int:
    """Returns the pieces printed in each colour: enough for any player count, plus the spares."""
    return max(rs.players.pieces) + SPARE_PIECES


def largest_payment(rs: Ruleset) -> int:
    """Returns the most items one player can owe at once: the stake, or a payment to every opponent."""
    opponents = rs.players.max_players - 1
    owed = [p.amount * (opponents if p.payee is Payee.OPPONENTS else 1) for _, p in rs.payments.by_event()]
    return max([rs.economy.stake, *owed])


def chips_per_player(rs: Ruleset) -> dict[int, int]:
    """Returns how many chips of each value (CHIP_VALUES) a player starts with: chips of 1 enough to pay the
    largest payment in ones (a multiple of five, at least five), the rest in fives."""
    start = rs.economy.starting_items
    big = CHIP_VALUES[1]
    ones = min(start, max(big, -(-largest_payment(rs) // big) * big))
    ones += (start - ones) % big
    return {1: ones, big: (start - ones) // big}


def components(rs: Ruleset) -> list[Component]:
    """Returns everything the printed kit holds for this ruleset, board first."""
    out = [Component(ComponentKind.BOARD, 1, areas=board_areas(rs))]
    for colour in kit_colours(rs.board.seats, rs.player_counts()):
        out.append(Component(ComponentKind.PIECES, pieces_per_colour(rs), colour=COLOURS[colour], spares=SPARE_PIECES))
    out.append(Component(ComponentKind.BEANS, rs.beans.count, spares=SPARE_BEANS))
    out.append(Component(ComponentKind.AIDS, rs.players.max_players))
    players = rs.players.max_players
    if not rs.economy.gambling:  # played without gambling: nothing to stake, so no item chits
        return out
    if rs.economy.items:
        out += [Component(ComponentKind.ITEMS, item.count * (1 if item.seat else players), item=item)
                for item in rs.economy.items]
    else:
        out += [Component(ComponentKind.ITEMS, n * players, value=v) for v, n in chips_per_player(rs).items() if n]
    return out
