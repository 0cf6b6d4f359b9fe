"""A player aid for each player, on card: a turn and each kind of cell drawn as the board prints it on the front,
the beans and the payments on the back, in the player's colour, at a type size meant to be read at the table."""

from __future__ import annotations

import pytest

from printgen.engine.seats import kit_colours
from printgen.render.affine import Affine
from printgen.render.fonts import text_width
from printgen.render.player_aid import AID, SCALES, aid_document, player_aids
from printgen.render.prints import PrintOptions, aid_pages
from printgen.render.scene import Group, Path, Text, flatten
from printgen.rules_text.blocks import CellFigure, Table
from printgen.ruleset_files import load_ruleset
from printgen.rulesets import BUILTIN

OPTIONS = ("bell+partnerships", "bell+no_gambling", "ocastudios+empty_start")


def _texts(items) -> list[tuple[Text, Affine]]:
    return [(leaf.item, leaf.transform) for leaf in flatten(items) if isinstance(leaf.item, Text)]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("name", BUILTIN + OPTIONS)
def test_every_ruleset_has_an_aid_per_seat_whose_words_fit_its_two_faces(name: str, lang: str) -> None:
    rs = load_ruleset(name)
    aids = player_aids(rs, lang)
    assert len(aids) == rs.players.max_players and (aids[0].w, aids[0].h) == AID
    w, h = AID
    for aid in aids:
        for face in (aid.front, aid.back):
            words = [(t, m) for t, m in _texts(face) if t.tag != "aid title"]
            assert len(words) > 10
            for t, m in words:
                scale = m.a
                x, y = m.apply(t.x, t.y)
                width = text_width(t.text, t.font, t.size) * scale
                x0 = x - t.start_offset(width)
                assert -1e-6 <= x0 and x0 + width <= w + 1e-6 and 0 < y <= h, (name, t.text, x0, y)
                assert t.size * scale >= 7.6 * SCALES[-1] - 1e-6  # tables included: never below 6 pt
    seat_colours = {next(i.style.fill for i in a.front if isinstance(i, Path) and i.tag == "aid head") for a in aids}
    assert seat_colours == {f"player.{c}" for c in kit_colours(rs.board.seats, rs.player_counts())}


def test_the_front_draws_each_kind_of_cell_and_the_back_has_the_payments() -> None:
    rs = load_ruleset("bell")
    doc = aid_document(rs, "en")
    cells = next(s for s in doc.sections if s.key == "cells")
    assert cells.blocks and all(isinstance(b, CellFigure) for b in cells.blocks)
    assert {b.kind for b in cells.blocks} >= {k for k in {c.kind for c in __import__(
        "printgen.engine.topology", fromlist=["topology_for"]).topology_for(rs).cells}}
    aid = player_aids(rs, "en")[0]
    front = " ".join(t.text for t, _ in _texts(aid.front))
    back = " ".join(t.text for t, _ in _texts(aid.back))
    assert "A turn" in front and "The cells" in front and "Wedge" in front
    assert "The beans" in back and "Who pays" in back
    assert any(isinstance(b, Table) for s in doc.sections if s.key == "payments" for b in s.blocks)
    pictures = [i for i in flatten(aid.front) if isinstance(i.item, Path) and i.item.tag.startswith("cell ")]
    assert pictures


def test_the_kit_prints_aids_for_the_seats_it_prints_for() -> None:
    rs = load_ruleset("bell")
    assert len(aid_pages(rs, PrintOptions())) == 4  # four aids, two to a sheet, fronts and backs
    two = aid_pages(rs, PrintOptions(players=2))
    assert len(two) == 2
    heads = [leaf.item for leaf in flatten(two[0].items) if isinstance(leaf.item, Path) and leaf.item.tag == "aid head"]
    assert [h.style.fill for h in heads] == ["player.0", "player.1"]
    assert not any(isinstance(i, Group) and i.tag == "aid words" and not i.items for i in two[0].items)


def test_the_booklet_lists_the_aids_the_kit_prints() -> None:
    from printgen.components import ComponentKind, components
    from printgen.rules_text import booklet

    rs = load_ruleset("gatigo")
    aids = [c for c in components(rs) if c.kind is ComponentKind.AIDS]
    assert [c.count for c in aids] == [len(player_aids(rs, "en"))] == [4]
    section = next(s for s in booklet(rs, "en").sections if s.key == "components")
    assert "4 player aids, one for each player" in " ".join(str(b) for b in section.blocks)
