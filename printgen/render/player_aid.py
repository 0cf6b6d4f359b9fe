"""A player aid for each player, printed on card with the small components: a turn, the beans, each kind of cell
drawn as the board prints it, and the payments, front and back of a card in the player's colour."""

from __future__ import annotations

from dataclasses import replace

from printgen.components import ComponentKind, components
from printgen.engine.seats import COLOURS, SEAT_NAMES, colour_arm, seat_colours
from printgen.render import glyphs
from printgen.render.affine import Affine
from printgen.render.board_areas import seat_note, shown_seats
from printgen.render.booklet_layout import SMALL, PageSpec, typeset
from printgen.render.fonts import fit_size
from printgen.render.imposition import BLEED, Component
from printgen.render.scene import Group, Item, Page, Style, Text, rect
from printgen.render.words import BOARD_LABELS
from printgen.rules_text import booklet, reference_card
from printgen.rules_text.blocks import Bullets, CellFigure, Document
from printgen.rules_text.lang import Texts
from printgen.rulesets.model import Ruleset

AID = (186.0, 120.0)  # mm: two to a sheet of A4 or Letter, inside the margins
HEAD = 9.0  # mm: the band in the player's colour along the top of each face
TABLES = (9.0, 8.2)  # points before scaling, tried in turn: tables read across a table, larger than the booklet's
SCALES = (1.0, 0.95, 0.9, 0.85, 0.8)  # of the booklet's type, tried in turn: the largest that fits


def aid_document(rs: Ruleset, lang: str) -> Document:
    """Returns the reference card's words with each kind of cell as a picture beside its line, as the booklet
    sets them."""
    card = reference_card(rs, lang)
    figures = tuple(b for s in booklet(rs, lang).sections for b in s.blocks if isinstance(b, CellFigure))
    sections = tuple(replace(s, blocks=figures) if s.key == "cells" and figures and
                     all(isinstance(b, Bullets) for b in s.blocks) else s for s in card.sections)
    return replace(card, sections=sections)


FRONT = ("turn", "cells")  # the reference card's sections on the front: what to do, and where you land
# the rest (the beans, the payments) on the back


def _face(doc: Document, rs: Ruleset) -> list[Item]:
    """Returns a face's words set in two columns below the head band at the booklet's type size with larger
    tables, or a little smaller where they would not fit (never below SCALES[-1] of it)."""
    w, h = AID
    for k, table in [(k, t) for k in SCALES for t in TABLES] + [(SCALES[-1], SMALL)]:
        spec = PageSpec(w / k, h / k, top=(HEAD + 4.0) / k, bottom=5.0 / k, inner=6.5 / k, outer=6.5 / k,
                        columns=2, gutter=6.0 / k, table=table)
        pages = typeset(doc, rs, spec)
        if len(pages) == 1:
            words = tuple(i for i in pages[0].items if getattr(i, "tag", "") != "page number")
            return [Group(words, Affine.scale(k), tag="aid words")]
    raise ValueError(f"the player aid of '{rs.name}' does not fit its card: {', '.join(s.key for s in doc.sections)}")


def aid_faces(rs: Ruleset, lang: str) -> tuple[list[Item], list[Item]]:
    """Returns the words of the front (a turn, the cells) and of the back (the beans, the payments)."""
    doc = aid_document(rs, lang)
    front = replace(doc, sections=tuple(s for s in doc.sections if s.key in FRONT))
    back = replace(doc, sections=tuple(s for s in doc.sections if s.key not in FRONT))
    return _face(front, rs), _face(back, rs)


def _head(colour: int, title: str, label: str, w: float) -> list[Item]:
    """Returns the band in a colour (an index of engine.seats.COLOURS): its shape, the seat's name, and the aid's
    title."""
    mark = f"player.mark.{colour}"
    r = HEAD * 0.3
    return [rect(-BLEED, -BLEED, w + 2 * BLEED, HEAD + BLEED, Style(fill=f"player.{colour}"), tag="aid head"),
            glyphs.seat_shape(colour, 7.0 + r, HEAD / 2 + 0.3, r, Style(fill=mark), tag=f"aid shape {colour}"),
            Text(7.0 + 2 * r + 2.5, HEAD / 2 + 1.6, label, "body-black", 10, fill=mark, tag="aid seat"),
            Text(w - 7.0, HEAD / 2 + 1.5, title, "display", fit_size(title, "display", 9.5, w * 0.6), fill=mark,
                 anchor="end", tag="aid title")]


def aid_seats(rs: Ruleset, lang: str, players: int | None = None) -> list[tuple[int, str]]:
    """Returns each player aid's colour (an index of engine.seats.COLOURS) and the seat it names, as the board's
    boxes name that colour's arm: for a game of `players`, its seats in turn; for the kit (players None), one per
    colour the kit prints pieces in (the kit's list: `components`), lettered as the kit's board letters the arm,
    with the board's note where the letter changes with the number of players."""
    labels = BOARD_LABELS[lang]
    if players is not None:
        return [(colour, labels.seat.format(letter=SEAT_NAMES[s]))
                for s, colour in enumerate(seat_colours(rs.board.seats, players))]
    most = rs.players.max_players
    shown = shown_seats(rs, most, kit=True)
    out = []
    for c in components(rs):
        if c.kind is ComponentKind.PIECES and c.colour is not None:
            colour = COLOURS.index(c.colour)
            arm = colour_arm(colour)
            note = seat_note(rs, most, arm, labels, kit=True)
            label = labels.seat.format(letter=SEAT_NAMES[shown[arm]])
            out.append((colour, f"{label} · {note}" if note else label))
    return out


def player_aids(rs: Ruleset, lang: str, players: int | None = None) -> list[Component]:
    """Returns a player aid for each seat (`aid_seats`), in its arm's colour, the same words on every one."""
    w, h = AID
    front, back = aid_faces(rs, lang)
    title = f"{Texts(lang)('kit.aid_title')} · {rs.title.get(lang)}"
    paper = rect(-BLEED, -BLEED, w + 2 * BLEED, h + 2 * BLEED, Style(fill="card.front"), tag="bleed fill")
    out = []
    for colour, label in aid_seats(rs, lang, players):
        head = _head(colour, title, label, w)
        out.append(Component(w, h, (paper, *head, Group(tuple(front), tag="aid front")),
                             (paper, *head, Group(tuple(back), tag="aid back")), name="player aid",
                             family=f"aid {colour}"))
    return out


def aid_pages(rs: Ruleset, lang: str) -> list[Page]:
    """Returns the two faces as pages of the aid's size (for previews and tests)."""
    w, h = AID
    front, back = aid_faces(rs, lang)
    return [Page(w, h, list(front), label="aid front"), Page(w, h, list(back), label="aid back")]
