"""Plain items print as chips of 1 and 5, each face showing its value: as few chips as the payments allow."""

from __future__ import annotations

import pytest

from printgen.components import ComponentKind, chips_per_player, components, largest_payment
from printgen.render.faces import item_components
from printgen.render.scene import Text, flatten
from printgen.rules_text import booklet
from printgen.ruleset_files import load_ruleset


@pytest.mark.parametrize("name", ["bell", "gatigo"])
def test_chips_of_1_and_5_hold_each_players_items_in_fewer_chips(name: str) -> None:
    rs = load_ruleset(name)
    chips = chips_per_player(rs)
    start = rs.economy.starting_items
    assert sum(v * n for v, n in chips.items()) == start and chips[5] > 0
    assert chips[1] >= largest_payment(rs) and chips[1] % 5 == start % 5  # the largest payment in ones
    plain = [c for c in components(rs) if c.kind is ComponentKind.ITEMS]
    players = rs.players.max_players
    assert {c.value: c.count for c in plain} == {v: n * players for v, n in chips.items()}
    assert sum(c.count for c in plain) < start * players


def test_bell_pays_up_to_six_so_each_player_has_ten_ones_and_two_fives() -> None:
    rs = load_ruleset("bell")  # a wedge costs 2 to each of 3 opponents
    assert largest_payment(rs) == 6 and chips_per_player(rs) == {1: 10, 5: 2}


def test_each_chip_shows_its_value_on_both_faces() -> None:
    rs = load_ruleset("bell")
    chips = item_components(rs, "es")
    values = []
    for chip in chips:
        for face in (chip.front, chip.back):
            texts = {leaf.item.tag: leaf.item.text for leaf in flatten(face) if isinstance(leaf.item, Text)}
            assert texts["chip name"] == "Ficha"
            values.append(int(texts["chip value"]))
    assert values.count(1) == 2 * 40 and values.count(5) == 2 * 8


def test_the_booklet_lists_the_chips_the_kit_prints_and_how_to_make_change() -> None:
    doc = booklet(load_ruleset("bell"), "en")
    section = next(s for s in doc.sections if s.key == "components")
    words = " ".join(str(b) for b in section.blocks)
    assert "40 chips of 1 (10 for each of 4 players)" in words and "8 chips of 5 (2 for each of 4 players)" in words
    assert "change" in words


def test_named_items_and_small_holdings_stay_as_they_were() -> None:
    assert chips_per_player(load_ruleset("ocastudios")) == {1: 6, 5: 0}
    neeley = [c for c in components(load_ruleset("neeley")) if c.kind is ComponentKind.ITEMS]
    assert all(c.item is not None for c in neeley)
