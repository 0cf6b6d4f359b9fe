"""Item cards print every name whole: one, two or three lines within the card's name band, or a refusal that names
the item, never a name cut short."""

from __future__ import annotations

import pytest

from printgen.errors import RulesetError
from printgen.render.faces import CARD, NAME_FOOT, NAME_TOP, NAME_WIDTH, item_card
from printgen.render.fonts import text_width
from printgen.render.scene import Text, flatten
from printgen.render.units import pt_to_mm

LONG = ("Finely embroidered cotton mantle of the Tlatoani", "Manta de algodón finamente bordada del Tlatoani",
        "Gran collar de cuentas de jade y turquesa del señor de Tenochtitlan")


def _name_texts(name: str) -> list[Text]:
    card = item_card(name, 1, False, "A title")
    return [leaf.item for leaf in flatten(card.front) if isinstance(leaf.item, Text) and leaf.item.tag == "card name"]


@pytest.mark.parametrize("name", (*LONG, "Jade bead", "Quarters and dimes"))
def test_every_word_of_a_card_name_is_printed_within_the_card(name: str) -> None:
    texts = _name_texts(name)
    assert " ".join(t.text for t in texts).split() == name.split()  # every word, in order: nothing dropped
    w = CARD[0]
    for t in texts:
        width = text_width(t.text, t.font, t.size)
        assert t.anchor == "middle" and width <= w * NAME_WIDTH + 1e-6, (t.text, width)
        assert t.y - pt_to_mm(t.size) * 0.72 >= NAME_TOP - 0.3 and t.y + pt_to_mm(t.size) * 0.25 <= NAME_FOOT, t


def test_a_name_too_long_for_three_lines_is_refused_by_name() -> None:
    name = "The very long and finely embroidered cotton mantle of the great Tlatoani of Tenochtitlan and Tlatelolco"
    with pytest.raises(RulesetError, match="item name 'The very long"):
        item_card(name, 1, False, "A title")
    with pytest.raises(RulesetError, match="Supercalifragilistic"):  # one word wider than the card
        item_card("Supercalifragilisticexpialidociousnesslessly", 1, False, "A title")
