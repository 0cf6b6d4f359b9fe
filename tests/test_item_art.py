"""Item cards: each named item has its own picture, and an unknown name gets a fallback of its own."""

from __future__ import annotations

from printgen.render.faces import item_components
from printgen.render.item_art import item_picture, picture_for
from printgen.render.scene import Path, Text, flatten
from printgen.rulesets import BUILTIN, load_ruleset


def _drawing(items: list) -> tuple:
    return tuple((type(leaf.item).__name__, getattr(leaf.item, "ops", None), getattr(leaf.item, "style", None),
                  getattr(leaf.item, "text", None))
                 for leaf in flatten(items))


def test_every_builtin_item_has_its_own_picture() -> None:
    for name in BUILTIN:
        items = load_ruleset(name).economy.items
        pictures = [picture_for(str(i.name))[0] for i in items]
        assert "initials" not in pictures, name
        assert len(set(pictures)) == len(items), (name, pictures)
        drawings = {_drawing(item_picture(str(i.name), 0, 0, 10)) for i in items}
        assert len(drawings) == len(items), name


def test_cards_carry_their_item_picture_not_the_flower() -> None:
    cards = item_components(load_ruleset("neeley"), "es")
    pictures = set()
    for card in cards:
        leaves = flatten(list(card.front))
        assert not [leaf for leaf in leaves if "flower" in getattr(leaf.item, "tag", "")]
        pictures.add(_drawing([i for i in card.front if getattr(i, "tag", "") == "item picture"]))
    assert len(pictures) == 10  # ten assets, two cards each


def test_an_unknown_item_gets_a_bead_with_its_initials() -> None:
    name, _ = picture_for("Ritual bowl")
    assert name == "initials"
    texts = [leaf.item.text for leaf in flatten(item_picture("Ritual bowl", 0, 0, 10)) if isinstance(leaf.item, Text)]
    assert texts == ["RB"]
    assert _drawing(item_picture("Ritual bowl", 0, 0, 10)) != _drawing(item_picture("Sacred drum", 0, 0, 10))
    assert picture_for("Gold ring")[0] == "gold bead"  # a keyword finds the nearest picture


def test_pictures_stay_inside_their_circle() -> None:
    for name in BUILTIN:
        for item in load_ruleset(name).economy.items:
            for leaf in flatten(item_picture(str(item.name), 0, 0, 10)):
                if isinstance(leaf.item, Path):
                    for op in leaf.item.ops:
                        pts = [v for v in op[:6] if isinstance(v, float)]
                        assert all(abs(v) <= 10.5 for v in pts), (item.name, op)
