"""The rules booklet and the one-page reference card of a ruleset, as structured documents in one language.

Every sentence comes from the language's templates filled with the ruleset's data; the only prose a
ruleset supplies is its summary, its options' descriptions and its interpretation notes.
"""

from __future__ import annotations

from printgen.components import CHIP_VALUES, Area, Component, ComponentKind, chips_per_player, components
from printgen.engine.topology import SEAT_NAMES, CellKind
from printgen.rules_text.blocks import (
    Align,
    Block,
    Bullets,
    CellFigure,
    Document,
    Heading,
    Paragraph,
    Section,
    Table,
    escape,
)
from printgen.rules_text.example import example_blocks
from printgen.rules_text.lang import LANGS
from printgen.rules_text.phrases import Phrases
from printgen.rulesets.model import Ruleset
from printgen.rulesets.readings import notes_for

BOOKLET_SECTIONS = ("history", "components", "setup", "turn", "beans", "cells", "payments", "ending", "options",
                    "notes", "example")
CARD_SECTIONS = ("turn", "beans", "cells", "payments")
SOURCES = ("bell", "neeley", "ocastudios", "gatigo")


def _section(P: Phrases, key: str, blocks: list[Block]) -> Section:
    return Section(P.T(f"section.{key}"), tuple(blocks), key)


def _paragraphs(texts: list[str]) -> list[Block]:
    return [Paragraph(t) for t in texts if t]


def _code_to_italic(text: str) -> str:
    """Returns data text with asterisks escaped and `code` spans in italics (option names in notes)."""
    parts = escape(text).split("`")
    return "".join(f"*{p}*" if i % 2 else p for i, p in enumerate(parts))


# ---- booklet sections ----

def history(P: Phrases) -> Section:
    """Returns the short history, with its sources credited, and what this ruleset follows."""
    T, rs = P.T, P.rs
    summary = rs.summary.get(P.lang)
    blocks: list[Block] = [Paragraph(f"*{escape(summary)}*")] if summary else []
    blocks += _paragraphs([T(f"history.p{i}") for i in range(1, 5)])
    follows = T("history.follows", source=escape(rs.source.get(P.lang))) if rs.source else T("history.follows_custom")
    blocks += [Paragraph(follows), Heading(2, T("history.sources_heading")),
               Bullets(tuple(T(f"source.{s}") for s in SOURCES))]
    return _section(P, "history", blocks)


def component_line(P: Phrases, c: Component) -> str:
    """Returns one component of the kit in words."""
    T = P.T
    match c.kind:
        case ComponentKind.BOARD:
            areas = P.T.join([T(f"area.{a.value}") for a in c.areas])
            key = "components.board_areas" if areas else "components.board"
            return T(key, cells=P.count(P.rs.board.cell_count, "cell"), areas=areas)
        case ComponentKind.PIECES:
            return T("components.pieces", pieces=P.count(c.count, "piece"), colour=T(f"colour.{c.colour}"),
                     spares=c.spares)
        case ComponentKind.BEANS:
            return T("components.beans", beans=P.count(c.count, "bean"))
        case ComponentKind.AIDS:
            return T("components.aids" if P.gambling else "components.aids_plain", count=c.count)
        case ComponentKind.ITEMS:
            if c.item is None:
                players = P.rs.players.max_players
                if len(chips_per_player(P.rs)) > 1 and all(chips_per_player(P.rs).values()):
                    return T("components.chips", items=P.items(c.count), value=c.value, per=c.count // players,
                             players=players)
                return T("components.items", items=P.items(c.count), players=players)
            name = c.item.name.get(P.lang)
            valued = len({i.value for i in P.rs.economy.items}) > 1
            key = "components.named_item_value" if valued else "components.named_item"
            return T(key, count=c.count, name=escape(name), value=c.item.value)
    raise ValueError(c.kind)


def components_section(P: Phrases) -> Section:
    """Returns what the printed kit holds, from the one list the kit builder prints."""
    kit = components(P.rs)
    blocks: list[Block] = [Paragraph(P.T("components.intro")),
                           Bullets(tuple(component_line(P, c) for c in kit))]
    if sum(1 for c in kit if c.kind is ComponentKind.ITEMS and c.item is None) > 1:
        blocks.append(Paragraph(P.T("components.change", items=P.items_plural(), value=CHIP_VALUES[1])))
    if any(a is Area.OFFERING for c in kit for a in c.areas):
        blocks.append(Paragraph(P.T("components.offering_note")))
    return _section(P, "components", blocks)


def setup(P: Phrases) -> Section:
    """Returns the board, the players, their pieces and items, and who begins."""
    T = P.T
    blocks: list[Block] = [
        Paragraph(P.board()),
        Paragraph(T("setup.numbering") + " " + P.start_cell() + " " + T("setup.end_cell")),
        Heading(2, T("setup.players_heading", players=P.players_range())),
        Bullets(tuple(P.seating() + P.pieces())),
        Paragraph(P.colours()),
    ]
    blocks += _paragraphs([P.partnerships()])
    blocks += [Heading(2, T("setup.game_heading"))]
    blocks += [Paragraph(P.starting_items())] if P.gambling else []
    blocks += [Paragraph(P.start_of_game()), Paragraph(P.betting()), Paragraph(P.direction()), Paragraph(P.opening())]
    return _section(P, "setup", blocks)


def turn(P: Phrases) -> Section:
    """Returns how a turn goes: cast, enter or move, land, pay."""
    T = P.T
    steps = [T("turn.cast", beans=P.count(P.rs.beans.count, "bean"))]
    steps += [t for t in (P.null_cast(),) if t]
    seats = ", ".join(SEAT_NAMES[: P.rs.players.max_players])
    landing = T("turn.landing") if P.gambling else T("turn.landing_penalty")
    steps += [T("turn.choose"), T("turn.must_move"), landing, T("turn.next", seats=seats)]
    blocks: list[Block] = [Bullets(tuple(steps), ordered=True), Heading(2, T("turn.entry_heading"))]
    blocks += _paragraphs(P.entry())
    blocks += [Heading(2, T("turn.moving_heading"))]
    blocks += _paragraphs(P.landing() + [P.bear_off()])
    if P.gambling:
        blocks.append(Paragraph(P.payment_sentence("no_move")))
    if P.kind_count(CellKind.ROUNDED):
        blocks.append(Paragraph(T("turn.rounded")))
    return _section(P, "turn", blocks)


def beans_section(P: Phrases, card: bool = False) -> Section:
    """Returns the bean table with exact odds from the bean model."""
    T = P.T
    rows = P.bean_rows()
    if card:
        table = Table((T("beans.col_beans"), T("beans.col_score"), T("beans.col_odds")),
                      tuple((faces, score, f"{odds} ({pct})") for _, faces, score, odds, pct in rows),
                      align=(Align.LEFT, Align.RIGHT, Align.RIGHT))
        return _section(P, "beans", [table, Paragraph(P.commonest())])
    table = Table((T("beans.col_marks"), T("beans.col_beans"), T("beans.col_score"), T("beans.col_odds"),
                   T("beans.col_percent")), tuple(rows), T("beans.caption"),
                  (Align.RIGHT, Align.LEFT, Align.RIGHT, Align.RIGHT, Align.RIGHT))
    return _section(P, "beans", [Paragraph(P.beans_intro()), table, Paragraph(P.commonest())])


def cells_section(P: Phrases) -> Section:
    """Returns each kind of cell with a picture, its count and what it does."""
    blocks: list[Block] = [Paragraph(P.T("cells.intro", cells=P.count(P.rs.board.cell_count, "cell")))]
    blocks += [CellFigure(g.kind, P.cell_caption(g), g.capture) for g in P.cell_groups()]
    return _section(P, "cells", blocks)


def payments_section(P: Phrases) -> Section:
    """Returns items, every payment, the pool, the offering and betting; without gambling, the penalties."""
    T = P.T
    if not P.gambling:
        penalties: list[Block] = [Paragraph(T("penalty.intro"))] if P.penalty_sentences() else []
        penalties += _paragraphs(P.penalty_sentences())
        return Section(T("section.penalties"), tuple(penalties), "payments")
    blocks: list[Block] = [Paragraph(P.starting_items())]
    named = P.named_items_table()
    if named:
        header, rows = named
        align = (Align.LEFT,) + (Align.RIGHT,) * (len(header) - 1)
        blocks.append(Table(header, tuple(rows), P.items_caption(), align))
        blocks.append(Paragraph(P.handover()))
    blocks += [Heading(2, T("economy.payments_heading")),
               Bullets(tuple(P.payment_sentence(e) for e in P.applicable_events()))]
    blocks += _paragraphs(P.penalty_sentences())
    blocks += [Heading(2, T("economy.betting_heading")), Paragraph(P.betting())]
    return _section(P, "payments", blocks)


def ending(P: Phrases) -> Section:
    """Returns how a game ends, what the winner takes, and how the contest ends."""
    T = P.T
    blocks: list[Block] = [Heading(2, T("end.game_heading"))]
    blocks += _paragraphs(P.game_end())
    blocks += [Heading(2, T("end.contest_heading"))]
    blocks += _paragraphs(P.contest_end())
    return _section(P, "ending", blocks)


def options_section(P: Phrases) -> Section:
    """Returns the ruleset's options, marking those applied to this document."""
    T, rs = P.T, P.rs
    if not rs.options:
        return _section(P, "options", [Paragraph(T("options.none"))])
    items = []
    for opt in rs.options:
        text = opt.description.get(P.lang)
        key = "options.applied" if opt.name in rs.applied else "options.item"
        items.append(T(key, description=escape(text)))
    return _section(P, "options", [Paragraph(T("options.intro")), Bullets(tuple(items))])


def notes_section(P: Phrases) -> Section:
    """Returns the interpretation notes of the ruleset, one paragraph each."""
    notes = notes_for(P.rs)
    if not notes:
        return _section(P, "notes", [Paragraph(P.T("notes.none"))])
    blocks: list[Block] = [Paragraph(P.T("notes.intro"))]
    for note in notes:
        topic, decision, why, source = (_code_to_italic(x) for x in note.in_lang(P.lang))
        key = "notes.row" if why else "notes.row_no_why"
        blocks.append(Paragraph(P.T(key, topic=topic, decision=decision, why=why, source=source or "—")))
    return _section(P, "notes", blocks)


def example_section(P: Phrases) -> Section:
    """Returns the worked example turn, played by the engine."""
    return _section(P, "example", example_blocks(P))


def _check(rs: Ruleset, lang: str) -> Phrases:
    if lang not in LANGS:
        raise ValueError(f"no texts for language {lang!r}; languages: {', '.join(LANGS)}")
    return Phrases(rs, lang)


def booklet(rs: Ruleset, lang: str = "en") -> Document:
    """Returns the rules booklet of a ruleset in a language (en or es)."""
    P = _check(rs, lang)
    sections = (history(P), components_section(P), setup(P), turn(P), beans_section(P), cells_section(P),
                payments_section(P), ending(P), options_section(P), notes_section(P), example_section(P))
    return Document(P.T("document.booklet_title"), P.T("document.booklet_subtitle", variant=P.variant()),
                    lang, sections)


# ---- the back cover ----

def back_cover(rs: Ruleset, lang: str = "en") -> Document:
    """Returns the booklet's back cover: a turn at a glance, what the kit holds, the sources and the credits."""
    P = _check(rs, lang)
    T = P.T
    glance = Section(T("back.turn"), card_turn(P).blocks, "turn")
    kit = Section(T("back.kit"), (Bullets(tuple(component_line(P, c) for c in components(rs))),), "components")
    credits = Section(T("back.credits"), (Bullets(tuple(T(f"source.{s}") for s in SOURCES)),
                                          Paragraph(T("back.made")), Paragraph(T("back.type"))), "credits")
    return Document(T("document.booklet_title"), P.T("document.booklet_subtitle", variant=P.variant()), lang,
                    (glance, kit, credits))


# ---- the reference card ----

def card_turn(P: Phrases) -> Section:
    """Returns the turn in short steps."""
    T = P.T
    steps = [T("card.cast", beans=P.count(P.rs.beans.count, "bean"))]
    steps += [t for t in (P.null_cast(),) if t]
    steps += [T("card.enter", scores=P.numbers(P.rs.entry.scores))]
    if P.rs.entry.first_any:
        steps.append(T("card.first_any"))
    steps += [T("card.move"), T("card.blocked")]
    if P.rs.board.capture_zones:
        steps.append(T("card.capture", zones=P.zones()))
    steps += [T("card.must_move"), T("card.bear_off")]
    if P.kind_count(CellKind.ROUNDED):
        steps.append(T("card.rounded"))
    return _section(P, "turn", [Bullets(tuple(steps), ordered=True)])


def card_cells(P: Phrases) -> Section:
    """Returns each kind of cell in one line."""
    items = tuple(P.cell_caption(g) for g in P.cell_groups())
    return _section(P, "cells", [Bullets(items)])


def card_payments(P: Phrases) -> Section:
    """Returns the payments table and the economy in a few lines; without gambling, the penalty and the end."""
    T = P.T
    if not P.gambling:
        pen = P.wedge_penalty
        lines = ([T(f"card.penalty_{pen.value}")] if pen.value != "none" else []) + [
            P.betting(), P.partnerships(), *P.contest_end()]
        return Section(T("section.penalties"), (Bullets(tuple(x for x in lines if x)),), "payments")
    table = Table((T("card.col_when"), T("card.col_payer"), T("card.col_amount"), T("card.col_payee")),
                  tuple(P.payment_row(e) for e in P.applicable_events()),
                  align=(Align.LEFT, Align.LEFT, Align.RIGHT, Align.LEFT))
    lines = [P.starting_items(), P.handover(card=True) if P.rs.economy.items else "", P.betting(), P.partnerships(),
             *P.winnings(), *P.contest_end()]
    lines = [line for line in lines if line]
    return _section(P, "payments", [table, Bullets(tuple(lines))])


def reference_card(rs: Ruleset, lang: str = "en") -> Document:
    """Returns the one-page reference card of a ruleset: turn, bean odds, cells, payments."""
    P = _check(rs, lang)
    sections = (card_turn(P), beans_section(P, card=True), card_cells(P), card_payments(P))
    return Document(P.T("document.card_title"), P.T("document.card_subtitle", variant=P.variant()), lang, sections)
