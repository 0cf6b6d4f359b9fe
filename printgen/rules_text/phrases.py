"""Sentences about one ruleset, built from its data through the language's templates.

Every figure here is read from the ruleset, its topology or its bean model, so a changed value in a
custom ruleset changes the sentence. The booklet and the reference card both draw on these.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import cached_property

from printgen.components import Area, board_areas
from printgen.engine.beans import Beans
from printgen.engine.seats import COLOURS, SHAPES, seat_colour
from printgen.engine.topology import SEAT_NAMES, CellKind, Topology, topology_for
from printgen.lang.grammar import after_game_name
from printgen.rules_text.blocks import escape
from printgen.rules_text.lang import Texts
from printgen.rulesets.model import (
    PAYMENT_EVENTS,
    Betting,
    Direction,
    Handover,
    NullCast,
    Opening,
    Payment,
    Ruleset,
    WedgePenalty,
)

EVENTS = PAYMENT_EVENTS
KIND_ORDER = (CellKind.START, CellKind.END, CellKind.WEDGE, CellKind.ROUNDED, CellKind.CENTRE, CellKind.NORMAL)
NAMED_KINDS = {CellKind.WEDGE: "wedge_name", CellKind.ROUNDED: "rounded_name"}  # the ruleset may name these


@dataclass(frozen=True)
class CellGroup:
    """The cells of one kind that alike do or do not capture, with how many there are."""

    kind: CellKind
    capture: bool
    count: int


class Phrases:
    """The sentences of one ruleset in one language."""

    def __init__(self, rs: Ruleset, lang: str) -> None:
        self.rs = rs
        self.lang = lang
        self.T = Texts(lang)
        # Every template may say {wedge} or {rounded}: `a wedge cell`, or the source's own `a toll cell`.
        self.T = Texts(lang, **{k.value: self.T.indefinite(self.cell_name(k)) for k in NAMED_KINDS})

    # ---- data ----

    @cached_property
    def topo(self) -> Topology:
        """Returns the board topology."""
        return topology_for(self.rs)

    @cached_property
    def beans(self) -> Beans:
        """Returns the bean model."""
        return Beans(self.rs.beans)

    def cell_groups(self) -> list[CellGroup]:
        """Returns the groups of cells on the board, by kind, captures last within a kind."""
        counts = Counter((c.kind, c.capture) for c in self.topo.cells)
        return [CellGroup(kind, cap, counts[kind, cap]) for kind in KIND_ORDER for cap in (False, True)
                if counts[kind, cap]]

    def kind_count(self, kind: CellKind) -> int:
        """Returns how many cells of a kind the board has."""
        return sum(1 for c in self.topo.cells if c.kind is kind)

    @property
    def gambling(self) -> bool:
        """Returns whether the game is played for items (False: for the win alone, with no payments)."""
        return self.rs.economy.gambling

    @property
    def wedge_penalty(self) -> WedgePenalty:
        """Returns what landing on a wedge costs besides any payment."""
        return self.rs.penalties.wedge

    def applies(self, event: str) -> bool:
        """Returns whether an event can happen at all under this ruleset."""
        if event == "wedge":
            return self.kind_count(CellKind.WEDGE) > 0
        if event == "capture":
            return bool(self.rs.board.capture_zones)
        if event == "null_cast":
            return None in self.rs.beans.scores
        return True

    # ---- words ----

    def item_name(self) -> str:
        """Returns the ruleset's name for one item in this language."""
        ec = self.rs.economy
        return ec.item_name.get(self.lang)

    def items(self, n: int) -> str:
        """Returns a number of items: `1 chip`, `20 chips`."""
        return self.T.counted(n, self.item_name())

    def items_plural(self) -> str:
        """Returns the plural of the item name: `chips`."""
        return self.T.plural(self.item_name())

    def count(self, n: int, noun: str) -> str:
        """Returns a number with a fixed noun: `6 pieces`."""
        return self.T.count(n, noun)

    def numbers(self, values: list[int] | tuple[int, ...], conj: str = "or") -> str:
        """Returns numbers as a list: `1, 2 or 3`."""
        return self.T.join([str(v) for v in values], conj)

    def seat(self, seat: int, players: int) -> str:
        """Returns a seat of an n-player game with its arm's colour and shape: `A (orange, circle)`."""
        colour = seat_colour(self.rs.board.seats, players, seat)
        return self.T("word.seat_colour_shape", seat=SEAT_NAMES[seat], colour=self.colour(seat, players),
                      shape=self.T(f"shape.{SHAPES[colour]}"))

    def colour(self, seat: int, players: int) -> str:
        """Returns the colour of a seat's pieces in an n-player game: its arm's (engine.seats.seat_colour)."""
        return self.T(f"colour.{COLOURS[seat_colour(self.rs.board.seats, players, seat)]}")

    def variant(self) -> str:
        """Returns the ruleset's title in this language after the game's name (`after R. C. Bell (1960)`),
        noting when optional rules are applied."""
        tail = after_game_name(self.rs.title.get(self.lang))
        return self.T("document.with_options", title=tail) if self.rs.applied else tail

    def players_range(self) -> str:
        """Returns the allowed numbers of players: `2`, `2 to 4`."""
        lo, hi = self.rs.players.min_players, self.rs.players.max_players
        if lo == hi:
            return str(lo)
        return self.T("word.range", lo=lo, hi=hi) if hi - lo > 1 else self.numbers([lo, hi])

    def cell_name(self, kind: CellKind) -> str:
        """Returns what a wedge or rounded cell is called, singular: the ruleset's source's name, or the booklet's."""
        own: str = getattr(self.rs.board, NAMED_KINDS[kind]).get(self.lang)
        return own or self.T(f"kind.{kind.value}.name")

    def cells_of_kind(self, kind: CellKind, n: int = 1) -> str:
        """Returns the name of a kind of cell: `a wedge cell` (n = 1) or `wedge cells`; `a toll cell` where the
        ruleset names it so."""
        if kind in NAMED_KINDS:
            name = self.cell_name(kind)
            return self.T.indefinite(name) if n == 1 else self.T.plural(name)
        return self.T(f"kind.{kind.value}.{'one' if n == 1 else 'many'}")

    def zones(self) -> str:
        """Returns where captures happen: `the four central cells and the start cells`."""
        return self.T.join([self.T(f"zone.{z.value}") for z in self.rs.board.capture_zones])

    def faces(self, marks: int) -> str:
        """Returns a cast showing this many marks as bean faces: `●●●○○`."""
        return str(self.beans.cast_with_marks(marks))

    def null_marks(self) -> list[int]:
        """Returns the numbers of marks that score nothing."""
        return [o.marks for o in self.beans.outcomes() if o.score is None]

    # ---- payments ----

    def payment(self, event: str) -> Payment:
        """Returns the payment the rules demand for an event."""
        payment: Payment = getattr(self.rs.payments, event)
        return payment

    def when(self, event: str) -> str:
        """Returns the condition of a payment: `when your piece lands on a wedge cell`."""
        p = self.payment(event)
        if event == "no_move" and p.min_on_board:
            return self.T("when.no_move_min", pieces=self.count(p.min_on_board, "piece"))
        return self.T(f"when.{event}")

    def clause(self, p: Payment) -> str:
        """Returns who pays whom: `you pay 2 chips to each opponent`."""
        return self.T(f"pay.{p.payer.value}.{p.payee.value}", amount=self.items(p.amount))

    def payment_sentence(self, event: str) -> str:
        """Returns the full sentence of an event's payment, or that nothing is paid."""
        p = self.payment(event)
        if not p.amount:
            return self.T("payment.none", when=self.when(event))
        return self.T("payment.sentence", when=self.when(event), clause=self.clause(p))

    def event_name(self, event: str) -> str:
        """Returns an event's name for a table, with the condition its payment has (a table row is read alone, so
        it carries what the sentence's `when` says)."""
        p = self.payment(event)
        if event == "no_move" and p.min_on_board:
            return self.T("event.no_move_min", pieces=self.count(p.min_on_board, "piece"))
        return self.T(f"event.{event}")

    def payment_row(self, event: str) -> tuple[str, str, str, str]:
        """Returns (event, who pays, amount, to whom) for the payments table."""
        p = self.payment(event)
        if not p.amount:
            return (self.event_name(event), "—", "0", "—")
        return (self.event_name(event), self.T(f"payer.{p.payer.value}"), str(p.amount),
                self.T(f"payee.{p.payee.value}"))

    def applicable_events(self) -> list[str]:
        """Returns the events that can cost a payment under this ruleset, in table order (none without gambling)."""
        return [e for e in EVENTS if self.applies(e)] if self.gambling else []

    def penalty_sentences(self) -> list[str]:
        """Returns the rule of the wedge penalty that costs a turn or a backward move, or []."""
        if self.wedge_penalty is WedgePenalty.MISS_TURN:
            return [self.T("penalty.miss_turn")]
        if self.wedge_penalty is WedgePenalty.MOVE_BACK:
            return [self.T("penalty.move_back"), self.T("penalty.move_back_blocked"),
                    self.T("penalty.move_back_landing")]
        return []

    # ---- rules as sentences ----

    def board(self) -> str:
        """Returns the shape of the board."""
        b = self.rs.board
        return self.T("setup.board", cells=self.count(b.cell_count, "cell"), arm=self.count(b.arm_length, "cell"),
                      orientation=self.T(f"orientation.{b.orientation.value}"))

    def start_cell(self) -> str:
        """Returns where each player's start cell is."""
        d = self.rs.board.start_depth
        if d == 0:
            return self.T("setup.start_centre")
        return self.T("setup.start_out", cells=self.count(d, "cell"))

    def pieces(self) -> list[str]:
        """Returns the pieces per player for each player count."""
        pl = self.rs.players
        counts = {n: pl.pieces_for(n) for n in self.rs.player_counts()}
        if len(set(counts.values())) == 1:
            return [self.T("setup.pieces_all", pieces=self.count(next(iter(counts.values())), "piece"))]
        return [self.T("setup.pieces_for", players=self.count(n, "player"), pieces=self.count(k, "piece"))
                for n, k in counts.items()]

    def seating(self) -> list[str]:
        """Returns where players sit for each allowed player count."""
        topo = topology_for(self.rs)
        out = []
        for n in self.rs.player_counts():
            places = [self.T("setup.seat_place", seat=self.seat(p.seat, n), cell=p.start) for p in topo.seat_places(n)]
            out.append(self.T("setup.seating_at", players=self.count(n, "player"), places=self.T.join(places, "and")))
        return out + [self.T("setup.seat_marks")]

    def colours(self) -> str:
        """Returns how a seat comes by its colour: from the arm it starts on."""
        return self.T("setup.colours")

    def direction(self) -> str:
        """Returns which way pieces travel."""
        if self.rs.players.direction is Direction.CHOOSE:
            return self.T("direction.choose")
        return self.T("direction.clockwise")

    def opening(self) -> str:
        """Returns who begins each game."""
        opening = self.rs.players.opening
        if opening is Opening.HIGHEST:
            top = max(s or 0 for s in self.rs.beans.scores)
            null = self.T("opening.null_zero") if None in self.rs.beans.scores else ""
            return self.T("opening.highest", top=top, null=null)
        if opening is Opening.FIXED and self.rs.players.max_players == 2:  # with two, nobody plays on alone
            return self.T("opening.fixed_two")
        return self.T(f"opening.{opening.value}")

    def start_of_game(self) -> str:
        """Returns where the pieces stand when a game begins."""
        if self.rs.players.start_on_board:
            return self.T("setup.start_on_board", pieces=self.count(self.rs.players.start_on_board, "piece"))
        return self.T("setup.all_in_hand")

    def betting(self) -> str:
        """Returns how each game's stake is set."""
        ec = self.rs.economy
        if ec.betting is Betting.CHOOSE:
            return self.T("betting.choose", items=self.items_plural())
        if not ec.gambling:
            return self.T("setup.no_gambling")
        if ec.stake:
            return self.T("betting.fixed", stake=self.items(ec.stake))
        return self.T("betting.none", items=self.T.the_plural(self.item_name()))

    def partnerships(self) -> str:
        """Returns how partners play, or "" without partnerships."""
        if not self.rs.players.partnerships:
            return ""
        return self.T("setup.partnerships",
                      never_pay=self.T("setup.partners_never_pay") if self.gambling else "",
                      no_capture=self.T("setup.partners_no_capture") if self.rs.board.capture_zones else "")

    def entry(self) -> list[str]:
        """Returns the sentences on bringing pieces into play."""
        e = self.rs.entry
        out = [self.T("entry.scores", scores=self.numbers(e.scores))]
        if e.first_any:
            out.append(self.T("entry.first_any"))
        if e.first_any or any(s > 1 for s in e.scores):
            out.append(self.T("entry.lands_further"))
        else:
            out.append(self.T("entry.lands_on_start"))
        out.append(self.T("entry.optional"))
        return out

    def null_cast(self) -> str:
        """Returns what a cast that scores nothing does, or "" if every cast scores."""
        marks = self.null_marks()
        if not marks:
            return ""
        key = "null.recast" if self.rs.beans.null_cast is NullCast.RECAST else "null.pass"
        paid = self.payment("null_cast")
        if paid.amount and self.gambling:  # the cast costs something: the step says so where it says what follows
            return self.T(f"{key}_paid", marks=self.count_marks(marks), clause=self.clause(paid))
        return self.T(key, marks=self.count_marks(marks))

    def count_marks(self, marks: list[int]) -> str:
        """Returns numbers of marks as words: `0 marks`, `0 or 5 marks`."""
        return f"{self.numbers(marks)} {self.T.noun('mark', marks[-1] if len(marks) == 1 else 2)}"

    def landing(self) -> list[str]:
        """Returns the sentences on where a piece may land and what captures."""
        out = [self.T("move.exact"), self.T("move.blocked")]
        if self.rs.board.capture_zones:
            cap = self.payment("capture")
            paid = self.T("capture.paid", clause=self.clause(cap)) if cap.amount else self.T("capture.unpaid")
            out.append(self.T("capture.rule", zones=self.zones(), paid=paid))
            out.append(self.T("capture.entering"))
            if self.rs.players.partnerships:
                out.append(self.T("capture.partners"))
        else:
            out.append(self.T("capture.none"))
        return out

    def bear_off(self) -> str:
        """Returns how a piece leaves the board."""
        return self.T("move.bear_off")

    def cell_effect(self, kind: CellKind) -> str:
        """Returns what landing on a cell of this kind does."""
        if kind is CellKind.WEDGE:
            p, pen = self.payment("wedge"), self.wedge_penalty
            if p.amount:
                also = "" if pen is WedgePenalty.NONE else " " + self.T(f"effect.also_{pen.value}")
                return self.T("effect.wedge", clause=self.clause(p)) + also
            return self.T("effect.wedge_free") if pen is WedgePenalty.NONE else self.T(f"effect.wedge_{pen.value}")
        if kind is CellKind.END and self.rs.players.direction is Direction.CHOOSE:
            return self.T("effect.end") + " " + self.T("effect.end_both")
        if kind is CellKind.START and self.rs.players.start_on_board:
            return self.T("effect.start") + " " + self.T("effect.start_on_board")
        if kind is CellKind.CENTRE:  # some central cells are counted as start cells: say where the rest are
            starts = sum(1 for c in self.topo.cells if c.depth == 0 and c.kind is not CellKind.CENTRE)
            if starts:
                return self.T("effect.centre_beside_starts", starts=starts)
        return self.T(f"effect.{kind.value}")

    def cell_caption(self, group: CellGroup) -> str:
        """Returns the caption of a cell kind's picture: name, count and effect."""
        text = self.T("cells.caption", name=self.cells_of_kind(group.kind, 2).capitalize(), count=group.count,
                      effect=self.cell_effect(group.kind))
        if group.capture:
            text += " " + self.T("cells.capture_here")
        return text

    # ---- economy and endings ----

    def starting_items(self) -> str:
        """Returns what each player starts the contest with."""
        return self.T("economy.starting", items=self.items(self.rs.economy.starting_items))

    def named_items_table(self) -> tuple[tuple[str, ...], list[tuple[str, ...]]] | None:
        """Returns (header, rows) of the named items, with values and counts where they differ, or None."""
        items = self.rs.economy.items
        if not items:
            return None
        valued = len({i.value for i in items}) > 1
        counted = any(i.count != 1 for i in items)
        seated = any(i.seat for i in items)
        header = (self.T("economy.col_item"),) + ((self.T("economy.col_seat"),) if seated else ()) \
            + ((self.T("economy.col_value"),) if valued else ()) + ((self.T("economy.col_count"),) if counted else ())
        rows = [(escape(i.name.get(self.lang)),) + ((i.seat or "—",) if seated else ())
                + ((str(i.value),) if valued else ()) + ((str(i.count),) if counted else ()) for i in items]
        return header, rows

    def items_caption(self) -> str:
        """Returns the caption of the items table: whether every seat holds the same items or each its own."""
        items = self.rs.economy.items
        if not any(i.seat for i in items):
            return self.T("economy.items_caption")
        return self.T("economy.items_caption_dash" if any(not i.seat for i in items) else "economy.items_caption_seats")

    def handover(self, card: bool = False) -> str:
        """Returns which named items a payer hands over: their choice, or the least valuable first."""
        econ = self.rs.economy
        if econ.handover is Handover.CHOICE:
            return self.T("card.choice" if card else "economy.choice", items=self.items_plural())
        last = []
        for seat in range(self.rs.players.max_players):
            own = econ.items_of(seat)
            if own:
                best = max(own, key=lambda i: i.value)
                last.append(self.T("economy.last_of_seat", name=escape(best.name.get(self.lang)),
                                   seat=SEAT_NAMES[seat]))
        return self.T("card.least_valuable" if card else "economy.least_valuable", items=self.items_plural(),
                      last=self.T.join(last))

    def game_end(self) -> list[str]:
        """Returns how a game ends, what the winner takes and what follows."""
        end = self.T("end.game_team" if self.rs.players.partnerships else "end.game")
        if not self.gambling:
            return [end, *self.winnings()]
        return [end, *self.winnings(),
                self.T("end.next_game_on_board" if self.rs.players.start_on_board else "end.next_game")]

    def winnings(self) -> list[str]:
        """Returns what the winner of a game takes: the pool, the offering, or nothing."""
        if not self.gambling:
            return [self.T("end.one_game")]
        areas = board_areas(self.rs)
        pool, offering = Area.POOL in areas, Area.OFFERING in areas
        out = []
        if pool:
            out.append(self.T("end.pool_team" if self.rs.players.partnerships else "end.pool", item=self.item_name()))
        elif not (offering and self.rs.economy.offering_to_winner):
            out.append(self.T("end.no_pool"))
        if offering and self.rs.economy.offering_to_winner:
            out.append(self.T("end.offering_won" if pool else "end.offering_only"))
        elif offering:
            out.append(self.T("end.offering_kept"))
        return out

    def contest_end(self) -> list[str]:
        """Returns when players drop out and when the contest ends."""
        ec = self.rs.economy
        if not ec.gambling:
            return [self.T("end.contest_one_game")]
        out = [self.T(f"bankrupt.{ec.bankruptcy.value}")]
        if ec.stake or ec.betting is Betting.CHOOSE:
            out.append(self.T("bankrupt.nothing_to_bet"))
        out.append(self.T("end.contest_team" if self.rs.players.partnerships else "end.contest"))
        return out

    # ---- beans ----

    def bean_rows(self) -> list[tuple[str, str, str, str, str]]:
        """Returns (marks, faces, score, exact odds, percentage) for every number of marks."""
        return [(str(o.marks), self.faces(o.marks), self.score_text(o.score), self.T.fraction(o.probability),
                 self.T.percent(o.probability)) for o in self.beans.outcomes()]

    def score_text(self, score: int | None) -> str:
        """Returns a score for a table: the number, or a dash-like word for no score."""
        return self.T("beans.no_score") if score is None else str(score)

    def beans_intro(self) -> str:
        """Returns the sentence introducing the beans."""
        b = self.rs.beans
        return self.T("beans.intro", beans=self.count(b.count, "bean"), p=self.T.fraction(b.mark_probability))

    def commonest(self) -> str:
        """Returns the commonest score(s) and their odds."""
        odds = {s: p for s, p in self.beans.score_odds().items() if s is not None}
        best = max(odds.values())
        scores = sorted(s for s, p in odds.items() if p == best)
        key = "beans.commonest_one" if len(scores) == 1 else "beans.commonest_many"
        return self.T(key, scores=self.numbers(scores, "and"), odds=self.T.fraction(best),
                      percent=self.T.percent(best))
