"""The worked example turn: a small mid-game position chosen from the board's topology, played by the engine.

The position puts seat A's pieces a cast away from the board's special cells (a rounded cell, a
wedge), so the legal moves differ in what they cause; the engine lists them and plays each, and the
text says what happens in the language's templates. Any ruleset gets an example: when its board
offers no such cells the example falls back to a plain move, and then to entering a piece.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from printgen.engine.beans import Beans
from printgen.engine.events import Event, EventKind, Reason
from printgen.engine.moves import Move, MoveKind
from printgen.engine.notation import from_compact, to_compact
from printgen.engine.position import HAND, Position
from printgen.engine.tables import Tables, tables_for
from printgen.engine.topology import SEAT_NAMES, CellKind, Topology, topology_for
from printgen.errors import PatolliError
from printgen.rules_text.blocks import Block, BoardFigure, Bullets, Paragraph
from printgen.rules_text.phrases import Phrases
from printgen.rulesets.model import Betting, Ruleset


@dataclass(frozen=True)
class Example:
    """A position, a cast (marks) and its legal moves, each with the events it causes; `chosen` indexes them."""

    position: Position
    marks: int
    moves: tuple[tuple[Move, tuple[Event, ...]], ...]
    chosen: int

    @property
    def move(self) -> Move:
        """Returns the move the example plays."""
        return self.moves[self.chosen][0]

    @property
    def events(self) -> tuple[Event, ...]:
        """Returns what the chosen move causes."""
        return self.moves[self.chosen][1]

    def after(self) -> Position:
        """Returns the position after the chosen move."""
        return self.position.after(self.marks, self.move)


def _scores_by_likelihood(rs: Ruleset) -> list[int]:
    """Returns the scores a cast can make, commonest first, preferring scores above 1 (1 usually enters)."""
    odds = Beans(rs.beans).score_odds()
    scores = [s for s in odds if s is not None]
    return sorted(scores, key=lambda s: (s <= 1, -odds[s], s))


def _holdings(rs: Ruleset, players: int) -> tuple[list[int], int]:
    """Returns each seat's holding and the pool once a game is under way (the stake paid)."""
    ec = rs.economy
    stake = 1 if ec.betting is Betting.CHOOSE else ec.stake
    if stake > ec.starting_items:
        stake = 0
    return [ec.starting_items - stake] * players, stake * players


def _compact(rs: Ruleset, players: int, places: list[list[int]]) -> str:
    """Returns the one-line form of a game-1 position, A to move, with the given cells occupied."""
    pieces = rs.players.pieces_for(players)
    holdings, pool = _holdings(rs, players)
    seats = []
    for seat in range(players):
        cells = [str(c) for c in places[seat]] + ["h"] * (pieces - len(places[seat]))
        seats.append(f"{SEAT_NAMES[seat]} {holdings[seat]} cw {','.join(cells)}")
    return " | ".join([f"example/{players} g1 move A starter=A last=- pool={pool} offering=0", *seats])


def _candidate_places(rs: Ruleset, players: int) -> list[list[list[int]]]:
    """Returns piece placements to try, best first: each a list of occupied cells per seat."""
    t = tables_for(rs, players)
    topo = topology_for(rs)
    n = t.n_cells
    path = [int(c) + 1 for c in t.path[0, 0]]  # seat A's cells, clockwise from its start
    kinds = [topo.cell(c).kind for c in path]
    rounded = [i for i in range(1, n - 1) if kinds[i] is CellKind.ROUNDED]
    wedges = [i for i in range(1, n - 1) if kinds[i] is CellKind.WEDGE]
    plain = [i for i in range(1, n - 1) if kinds[i] is CellKind.NORMAL]
    out: list[list[list[int]]] = []
    for s in _scores_by_likelihood(rs):
        targets = [r for r in rounded if r - s >= 1][:1] + [w for w in wedges if w - s >= 1][:1]
        if len(targets) < 2:
            targets += [p for p in plain if p - s >= 1 and p not in targets][: 2 - len(targets)]
        froms = [x - s for x in targets]
        used = set(froms) | set(targets)
        if len(used) != 2 * len(targets):
            continue
        others = _other_seats(t, topo, {path[i] for i in used})
        if others is not None:
            out.append([[path[i] for i in froms], *others])
    return out


def _other_seats(t: Tables, topo: Topology, taken: set[int]) -> list[list[int]] | None:
    """Returns one cell for each other seat, a few plain cells along its own path, clear of seat A's cells."""
    out = []
    for seat in range(1, t.n_players):
        path = [int(c) + 1 for c in t.path[seat, 0]]
        free = [c for c in path[2:-1] if c not in taken and topo.cell(c).kind is CellKind.NORMAL
                and not topo.cell(c).capture]
        if not free:
            return None
        taken.add(free[0])
        out.append([free[0]])
    return out


def _merit(events: list[Event]) -> int:
    """Returns how good a move's events are for seat A, for choosing the example's move."""
    score = 0
    for e in events:
        if e.kind is EventKind.EXTRA_TURN:
            score += 3
        elif e.kind is EventKind.BEAR_OFF:
            score += 4
        elif e.kind is EventKind.CAPTURE and e.player == 0:
            score += 2
        elif e.kind is EventKind.PAY:
            score += (e.amount or 0) * (1 if e.payee == 0 else -1 if e.payer == 0 else 0)
        elif e.kind is EventKind.PENALTY and e.player == 0:
            score -= 2
    return score


def _example_at(rs: Ruleset, text: str, score: int) -> Example | None:
    try:
        pos = from_compact(text, ruleset=rs)
        marks = Beans(rs.beans).marks_for_score(score)
        moves = []
        for move in pos.legal_moves(marks):
            moves.append((move, tuple(pos.play(marks, move)[1])))
    except PatolliError:
        return None
    if not moves or moves[0][0].kind is MoveKind.PASS:
        return None
    chosen = max(range(len(moves)), key=lambda i: (_merit(list(moves[i][1])), -i))
    return Example(pos, marks, tuple(moves), chosen)


def build_example(rs: Ruleset) -> Example | None:
    """Returns a worked example for the ruleset: special cells a cast away, else a plain move, else an entry."""
    players = rs.players.min_players
    try:
        placements = _candidate_places(rs, players)
    except PatolliError:
        placements = []
    for places in placements:
        for score in _scores_by_likelihood(rs):
            ex = _example_at(rs, _compact(rs, players, places), score)
            if ex and len(ex.moves) > 1:
                return ex
    empty: list[list[int]] = [[] for _ in range(players)]
    for score in rs.entry.scores:
        if ex := _example_at(rs, _compact(rs, players, empty), score):
            return ex
    return None


# ---- the text ----

def describe_move(P: Phrases, move: Move) -> str:
    """Returns a move in words: `move the piece on cell 12 to cell 15`."""
    if move.kind is MoveKind.MOVE:
        return P.T("move_words.move", origin=move.origin, target=move.target)
    if move.kind is MoveKind.ENTER:
        return P.T("move_words.enter", target=move.target)
    return P.T("move_words.pass")


def describe_event(P: Phrases, e: Event) -> str | None:
    """Returns one clause for an event, or None for events the example need not say."""
    T = P.T
    who = SEAT_NAMES[e.player] if e.player is not None else ""
    match e.kind:
        case EventKind.CAPTURE:
            return T("ev.capture", player=who, other=SEAT_NAMES[e.other or 0], cell=e.cell)
        case EventKind.PAY:
            reason = e.reason or Reason.WEDGE
            return T(f"ev.pay_{reason.value}", amount=P.items(e.amount or 0), payer=_holder(P, e.payer),
                     payee=_holder(P, e.payee), to_payee=_holder(P, e.payee, "to_"),
                     from_payer=_holder(P, e.payer, "from_"))
        case EventKind.EXTRA_TURN:
            return T("ev.extra_turn", player=who)
        case EventKind.BEAR_OFF:
            return T("ev.bear_off", player=who, cell=e.cell)
        case EventKind.GAME_WON:
            return T("ev.game_won", player=who)
        case EventKind.BANKRUPT:
            return T("ev.bankrupt", player=who)
        case EventKind.CONTEST_WON:
            return T("ev.contest_won", player=who) if who else None
        case EventKind.PENALTY:
            return T("ev.penalty_miss_turn" if e.amount == 1 else "ev.penalty_move_back", player=who)
    return None


def _holder(P: Phrases, holder: int | str | None, prefix: str = "") -> str:
    """Returns a seat, the pool or the offering as words, optionally with `to`/`from` (`into the pool`)."""
    if isinstance(holder, int):
        return P.T(f"holder.{prefix}seat", seat=SEAT_NAMES[holder])
    return P.T(f"holder.{prefix}{holder}")


def consequences(P: Phrases, pos: Position, move: Move, events: tuple[Event, ...]) -> str:
    """Returns what a move leads to: the kind of cell it lands on and what its events do."""
    parts = []
    if move.target:
        cell = pos.topology.cell(move.target)
        parts.append(P.T("example.lands", cell=move.target, kind=P.cells_of_kind(cell.kind)))
    parts += [d for e in events if (d := describe_event(P, e))]
    if len(parts) == 1 and move.target:
        parts.append(P.T("example.nothing_else"))
    return "; ".join(parts)


def _seat_line(P: Phrases, pos: Position, seat: int) -> str:
    places = pos.places(seat)
    cells = sorted(int(p) for p in places if isinstance(p, int))
    hand = sum(1 for p in places if p == HAND)
    key = "example.on_cell" if len(cells) == 1 else "example.on_cells" if cells else "example.none_on"
    where = P.T(key, cells=P.numbers(cells, "and"))
    if not P.gambling:
        return P.T("example.seat_no_items", seat=P.seat(seat, pos.players), where=where, hand=P.count(hand, "piece"))
    return P.T("example.seat", seat=P.seat(seat, pos.players), where=where, hand=P.count(hand, "piece"),
               items=P.items(pos.holdings(seat)))


def position_text(pos: Position) -> str:
    """Returns the one-line form of a position, its ruleset spec made one word (a file path may hold spaces)."""
    spec = pos.ruleset.spec
    text = to_compact(pos)
    return re.sub(r"\s+", "_", spec) + text[len(spec):]


def example_blocks(P: Phrases) -> list[Block]:
    """Returns the worked example: the position, the cast, every legal move with its effect, the move chosen."""
    ex = build_example(P.rs)
    if ex is None:
        return [Paragraph(P.T("example.unavailable"))]
    pos, T = ex.position, P.T
    score = P.beans.score(ex.marks)
    highlight = tuple(c for c in (ex.move.origin, ex.move.target) if c)
    blocks: list[Block] = [
        Paragraph(T("example.intro") + (" " + T("example.pool", pool=P.items(pos.pool)) if pos.pool else "")),
        Bullets(tuple(_seat_line(P, pos, s) for s in range(pos.players))),
        BoardFigure(position_text(pos), highlight, str(ex.move), T("example.before_caption", move=str(ex.move))),
        Paragraph(T("example.cast", faces=P.faces(ex.marks), marks=P.count(ex.marks, "mark"), score=score)),
        Paragraph(T("example.legal", moves=P.count(len(ex.moves), "move"))),
        Bullets(tuple(T("example.option", notation=str(m), words=describe_move(P, m),
                        result=consequences(P, pos, m, ev)) for m, ev in ex.moves)),
        Paragraph(T("example.choice", notation=str(ex.move), why=consequences(P, pos, ex.move, ex.events))),
    ]
    after = ex.after()
    blocks.append(BoardFigure(position_text(after), tuple(c for c in (ex.move.target,) if c), "",
                              T("example.after_caption")))
    nxt = SEAT_NAMES[after.to_move]
    blocks.append(Paragraph(T("example.again" if after.to_move == pos.to_move else "example.next", player=nxt)))
    return blocks
