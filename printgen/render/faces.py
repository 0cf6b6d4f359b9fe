"""The printed faces of the small components: pieces, bean chits, item cards and item chits."""

from __future__ import annotations

import math

from printgen.components import ComponentKind, components
from printgen.engine.seats import COLOURS, seat_colours
from printgen.errors import RulesetError
from printgen.render import glyphs
from printgen.render.fonts import fit_size, text_width
from printgen.render.imposition import BLEED, Component
from printgen.render.item_art import item_picture
from printgen.render.scene import Group, Item, Style, Text, circle, rect
from printgen.render.units import pt_to_mm
from printgen.render.words import BOARD_LABELS
from printgen.rulesets.model import Ruleset

TOKEN = 16.0  # mm, a piece's side
BEAN_CHIT = (30.0, 18.0)
CARD = (63.0, 88.0)  # the standard card size that common sleeves fit; three across A4 and Letter
ITEM_CHIT = 22.0
FRAME_INSET = 3.5  # mm from a card's trim to the middle of its frame's 0.8 mm line: the line keeps 3.1 mm clear
# A piece's shape, as wide as PIECE_SHAPE of its side: 6.4 mm at the default size, nearly twice the 3.5 mm a
# capital needs to be read from the far side of a board (1/200 of the 70 cm from a player's eyes). A piece
# carries no seat letter: its colour and shape are its arm's, the same at any number of players, while the
# seat's letter is not (blue is seat B with two players and seat C with four; engine.seats.seat_colour).
PIECE_SHAPE = 0.4


def _background(w: float, h: float, fill: str) -> Item:
    """Returns a fill reaching into the bleed on every side."""
    return rect(-BLEED, -BLEED, w + 2 * BLEED, h + 2 * BLEED, Style(fill=fill), tag="bleed fill")


def piece_face(colour: int, w: float = TOKEN) -> tuple[Item, ...]:
    """Returns one face of a piece of a colour (an index of engine.seats.COLOURS): the colour to the bleed, in the
    contrast colour a ring and the colour's shape, PIECE_SHAPE of the side wide, at the centre."""
    mark = f"player.mark.{colour}"
    c = w / 2
    return (
        _background(w, w, f"player.{colour}"),
        circle(c, c, w * 0.40, Style(stroke=mark, width=0.45), tag="piece ring"),
        glyphs.seat_shape(colour, c, c, w * PIECE_SHAPE / 2, Style(fill=mark), tag=f"piece shape {colour}"),
    )


def piece(colour: int, w: float = TOKEN) -> Component:
    """Returns a piece of a colour, the same on both faces so it can land either way up."""
    face = piece_face(colour, w)
    return Component(w, w, face, face, name="piece", family=f"piece {colour}")


def bean_chit() -> Component:
    """Returns a bean chit: the marked face on the front, the blank face on the back."""
    w, h = BEAN_CHIT
    bean_style = Style(fill="bean", stroke="cell.line", width=0.3)
    front: tuple[Item, ...] = (_background(w, h, "card.front"), glyphs.bean(w / 2, h / 2, w * 0.72, bean_style),
                               circle(w / 2, h / 2 + h * 0.04, h * 0.12, Style(fill="bean.mark"), tag="bean pip"))
    back: tuple[Item, ...] = (_background(w, h, "card.front"), glyphs.bean(w / 2, h / 2, w * 0.72, bean_style))
    return Component(w, h, front, back, name="bean chit", family="bean chit")


def _card_back(w: float, h: float, title: str) -> tuple[Item, ...]:
    return (
        _background(w, h, "card.back"),
        rect(w * 0.06, w * 0.06, w * 0.88, h - w * 0.12, Style(stroke="card.back.pattern", width=0.6),
             radius=w * 0.05, tag="card back frame"),
        circle(w / 2, h / 2, w * 0.3, Style(stroke="card.back.pattern", width=0.5), tag="card back ring"),
        glyphs.flower(w / 2, h / 2, w * 0.2, fill="card.back.pattern", tag="card back flower"),
        Text(w / 2, h * 0.86, title, "display-black", fit_size(title, "display-black", w * 0.3, w * 0.8),
             fill="card.back.pattern", anchor="middle", tag="card back title"),
    )


# A card's name: one line at NAME_SIZES[0] (down to ONE_LINE_LEAST), else two or three lines at the first of
# NAME_SIZES that holds it, between the frame and the art panel. A name that fits none is refused, never cut.
NAME_SIZES = (11.0, 10.0, 9.0, 8.0)
ONE_LINE_LEAST = 10.5
NAME_WIDTH = 0.78  # of the card's width
NAME_TOP, NAME_FOOT = 7.0, 19.6  # mm: the name's capitals start below NAME_TOP, its descenders end above NAME_FOOT


def card_name_lines(name: str, w: float) -> tuple[float, list[str]] | None:
    """Returns the size and lines a card's name is set in, every word whole and every line within the name's
    width, or None when no size allowed holds it."""
    from printgen.render.typeset import break_lines, words_of

    width = w * NAME_WIDTH
    if fit_size(name, "display", 13.0, width) >= ONE_LINE_LEAST:
        return fit_size(name, "display", 13.0, width), [name]
    for size in NAME_SIZES:
        lines = ["".join((" " if i and word.space_before else "") + word.text for i, word in enumerate(ln))
                 for ln in break_lines(words_of(name, size, "display"), width, size)]
        lead = _name_lead(size)
        room = int((NAME_FOOT - NAME_TOP - pt_to_mm(size) * 0.95) // lead) + 1
        if len(lines) <= room and all(text_width(ln, "display", size) <= width + 1e-6 for ln in lines):
            return size, lines
    return None


def _name_lead(size: float) -> float:
    return pt_to_mm(size) * 1.18


def _card_name(name: str, w: float) -> list[Item]:
    """Returns a card's name, whole: on one, two or three lines, centred in the band above the art panel;
    refuses a name that no size allowed holds."""
    fitted = card_name_lines(name, w)
    if fitted is None:
        raise RulesetError(f"the item name '{name}' is too long to print whole on its card (at most three lines "
                           f"of {NAME_SIZES[-1]:g} pt, {w * NAME_WIDTH:.0f} mm wide); shorten it")
    size, lines = fitted
    if len(lines) == 1:
        return [Text(w / 2, 15.5, name, "display", size, anchor="middle", tag="card name")]
    lead = _name_lead(size)
    cap = pt_to_mm(size) * 0.7  # capital height
    block = cap + lead * (len(lines) - 1)
    first = NAME_TOP + (NAME_FOOT - NAME_TOP - pt_to_mm(size) * 0.25 - block) / 2 + cap
    return [Text(w / 2, first + i * lead, ln, "display", size, anchor="middle", tag="card name")
            for i, ln in enumerate(lines)]


# The art panel of an item card (mm from the card's top left): a square window under the name, the picture
# filling it as a playing card's art does, the value badge set on its lower edge.
ART = (9.0, 20.5, 45.0)  # left, top, side
ART_RADIUS = 17.5  # the picture's radius: 35 mm across, four fifths of the window


def item_card(name: str, value: int, show_value: bool, ruleset_title: str, art: str = "") -> Component:
    """Returns a named item's card: its name, its value where values differ, its picture (found from art, the
    item's English name, or name); a common back."""
    w, h = CARD
    x, y, side = ART
    cy = y + side / 2 - (1.5 if show_value else 0.0)  # a little up where the badge sits on the window's edge
    front: list[Item] = [
        _background(w, h, "card.front"),
        rect(FRAME_INSET, FRAME_INSET, w - 2 * FRAME_INSET, h - 2 * FRAME_INSET,
             Style(stroke="card.frame", width=0.8), radius=w * 0.05, tag="card frame"),
        rect(w * 0.08, w * 0.08, w * 0.84, h - w * 0.16, Style(stroke="card.frame", width=0.25), radius=w * 0.04,
             tag="card frame inner"),
        rect(x, y, side, side, Style(fill="cell.centre", stroke="card.frame", width=0.5), radius=3.0,
             tag="art panel"),
        Group(tuple(item_picture(art or name, w / 2, cy, ART_RADIUS)), tag="item picture"),
        *_card_name(name, w),
        Text(w / 2, h * 0.9, ruleset_title, "body-italic", fit_size(ruleset_title, "body-italic", 6, w * 0.8),
             fill="ink.soft", anchor="middle", tag="card footer"),
    ]
    if show_value:
        front += [circle(w * 0.5, y + side, 5.6, Style(fill="card.badge", stroke="card.badge.line", width=0.8),
                         tag="value badge"),
                  Text(w * 0.5, y + side + 1.75, str(value), "body-black", 12.5, fill="card.badge.text",
                       anchor="middle", tag="card value")]
    return Component(w, h, tuple(front), _card_back(w, h, "PATOLLI"), name="item card", family="item card")


def _chip_face(name: str, value: int) -> tuple[Item, ...]:
    """Returns a chip's face: a coin of cacao colours ringed with beads, its value large at the centre, the item's
    name on a band below; a chip of 1 pale, a larger value dark, so the two tell apart at a glance."""
    w = ITEM_CHIT
    c, r = w / 2, w * 0.36
    one = value == 1
    disc, ink, bead = ("cell.centre", "card.frame", "card.frame") if one else ("card.badge", "card.badge.text",
                                                                              "card.badge.line")
    items: list[Item] = [_background(w, w, "card.front"),
                         circle(c, c - 1.2, r, Style(fill=disc, stroke="card.frame", width=0.5), tag="chip coin"),
                         circle(c, c - 1.2, r * 0.78, Style(stroke=bead, width=0.25), tag="chip ring")]
    beads = 12
    for i in range(beads):
        a = 2 * math.pi * i / beads
        items.append(circle(c + r * 0.89 * math.cos(a), c - 1.2 + r * 0.89 * math.sin(a), r * 0.045,
                            Style(fill=bead), tag="chip bead"))
    items.append(Text(c, c - 1.2 + r * 0.40, str(value), "body-black", 16.0, fill=ink, anchor="middle",
                      tag="chip value"))
    items.append(Text(c, w - 1.6, name, "body-bold", fit_size(name, "body-bold", 6.5, w * 0.85), anchor="middle",
                      fill="card.frame", tag="chip name"))
    return tuple(items)


def item_chit(name: str, value: int = 1) -> Component:
    """Returns a chip of a plain item (a chip, a good) worth value: the same face on both sides, so it reads
    whichever way up it lands."""
    face = _chip_face(name, value)
    return Component(ITEM_CHIT, ITEM_CHIT, face, face, name="item chit", family=f"chip {value}")


def pieces_components(rs: Ruleset, players: int | None = None) -> list[Component]:
    """Returns every piece the kit prints, colour by colour (spares included): for a game of `players`, the colours
    of its seats' arms only (engine.seats.seat_colour)."""
    wanted = None if players is None else set(seat_colours(rs.board.seats, players))
    out = []
    for comp in components(rs):
        if comp.kind is ComponentKind.PIECES and comp.colour is not None:
            colour = COLOURS.index(comp.colour)
            if wanted is None or colour in wanted:
                out += [piece(colour) for _ in range(comp.count)]
    return out


def bean_components(rs: Ruleset) -> list[Component]:
    """Returns the bean chits, the spare included."""
    return [bean_chit() for comp in components(rs) if comp.kind is ComponentKind.BEANS
            for _ in range(comp.count + comp.spares)]


def item_components(rs: Ruleset, lang: str = "en") -> list[Component]:
    """Returns the item cards (named items) or chits (plain goods)."""
    econ = rs.economy
    out: list[Component] = []
    values = {i.value for i in econ.items}
    for comp in components(rs):
        if comp.kind is not ComponentKind.ITEMS:
            continue
        if comp.item is None:
            name = econ.item_name.get(lang).capitalize()
            out += [item_chit(name, comp.value) for _ in range(comp.count)]
        else:
            name = comp.item.name.get(lang)
            footer = rs.title.get(lang)
            if comp.item.seat:  # an item one seat starts with: say whose
                footer = f"{BOARD_LABELS[lang].seat.format(letter=comp.item.seat)} · {footer}"
            out += [item_card(name, comp.item.value, len(values) > 1, footer, art=str(comp.item.name))
                    for _ in range(comp.count)]
    return out
