"""Item cards: each named item has its own picture, and an unknown name gets a fallback of its own."""

from __future__ import annotations

import pytest

from printgen.render.faces import CARD, item_components
from printgen.render.item_art import item_picture, picture_for
from printgen.render.palette import contrast, palette
from printgen.render.scene import Path, Text, flatten, path_points
from printgen.ruleset_files import load_ruleset
from printgen.rulesets import BUILTIN


def _drawing(items: list) -> tuple:
    return tuple((type(leaf.item).__name__, getattr(leaf.item, "ops", None), getattr(leaf.item, "style", None),
                  getattr(leaf.item, "text", None))
                 for leaf in flatten(items))


# Items one picture of the source shows together: Neeley's asset (H) is "three precious stones and a gold nugget".
SHARED_PICTURES = {("neeley", "Gold nugget")}


def test_every_builtin_item_has_its_own_picture() -> None:
    for name in BUILTIN:
        items = [i for i in load_ruleset(name).economy.items if (name, str(i.name)) not in SHARED_PICTURES]
        pictures = [picture_for(str(i.name))[0] for i in items]
        assert "initials" not in pictures, name
        assert len(set(pictures)) == len(items), (name, pictures)
        drawings = {_drawing(item_picture(str(i.name), 0, 0, 10)) for i in items}
        assert len(drawings) == len(items), name
    assert picture_for("Gold nugget")[0] == picture_for("Precious stone")[0]


def test_cards_carry_their_item_picture_not_the_flower() -> None:
    cards = item_components(load_ruleset("neeley"), "es")
    pictures = set()
    for card in cards:
        leaves = flatten(list(card.front))
        assert not [leaf for leaf in leaves if "flower" in getattr(leaf.item, "tag", "")]
        pictures.add(_drawing([i for i in card.front if getattr(i, "tag", "") == "item picture"]))
    assert len(pictures) == 10  # the help's ten pictured assets, (A) to (J)


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


def _extent(items: list) -> tuple[float, float, float, float]:
    """Returns (left, top, right, bottom) of the paths' points, with half their line width."""
    xs, ys = [], []
    for leaf in flatten(items):
        if isinstance(leaf.item, Path):
            half = (leaf.item.style.width or 0) / 2
            for x, y in path_points(leaf.item):
                xs += [x - half, x + half]
                ys += [y - half, y + half]
    return min(xs), min(ys), max(xs), max(ys)


def test_the_picture_is_the_cards_main_art_clear_of_name_and_value() -> None:
    for name in ("neeley", "ocastudios"):
        for card in item_components(load_ruleset(name), "en"):
            tagged = {t: [i for i in card.front if getattr(i, "tag", "") == t]
                      for t in ("item picture", "art panel", "value badge", "card name")}
            left, top, right, bottom = _extent(tagged["item picture"])
            assert max(right - left, bottom - top) >= 0.35 * CARD[0]  # 22 mm: the old emblem's picture spanned ≤ 21.4
            pl, pt, pr, pb = _extent(tagged["art panel"])
            assert pl < left and pt < top and right < pr and bottom < pb
            names = tagged["card name"]
            assert names and max(t.y for t in names) + 1.5 < pt  # the name's descenders clear the window
            if tagged["value badge"]:
                assert bottom < _extent(tagged["value badge"])[1]


@pytest.mark.parametrize("grey", [False, True])
def test_a_cards_value_and_frames_print_in_colour_and_in_grey(grey: bool) -> None:
    colours = palette(grey)
    card = next(c for c in item_components(load_ruleset("neeley"), "en"))
    value = next(i for i in card.front if getattr(i, "tag", "") == "card value")
    badge = next(i for i in card.front if getattr(i, "tag", "") == "value badge")
    assert contrast(colours[value.fill], colours[badge.style.fill]) >= 4.5  # the figure reads on its disc
    edge = badge.style.fill if contrast(colours[badge.style.fill], colours["card.front"]) >= 3 else badge.style.stroke
    assert contrast(colours[edge], colours["cell.centre"]) >= 3  # the disc stands out from the window it sits on
    frame = next(i for i in card.front if getattr(i, "tag", "") == "card frame")
    assert contrast(colours[frame.style.stroke], colours["card.front"]) >= 2  # a frame, not a white line on white
