"""Role → colour maps: the default print palette, and greyscale as just another palette."""

from __future__ import annotations

# Okabe–Ito colours, told apart by readers with every common colour-vision deficiency, in the seat order
# of printgen.components.SEAT_COLOURS (red, blue, yellow, green); each seat also has its own shape.
PLAYER_COLOURS = ("#D55E00", "#0072B2", "#F0E442", "#009E73")

COLOUR: dict[str, str] = {
    "paper": "#FFFFFF",
    "ink": "#2B2118",
    "ink.soft": "#6B5B4B",
    "mat": "#F6ECD6",
    "mat.edge": "#8A5A2B",
    "cell.normal": "#FFFBF2",
    "cell.line": "#5A3A1E",
    "cell.number": "#8C7A66",
    "cell.wedge": "#F2D7C6",
    "cell.wedge.mark": "#7A2E1B",
    "cell.rounded": "#BFE0EE",
    "cell.centre": "#F7E39A",
    "cell.start": "#FFFBF2",
    "cell.end": "#FFFBF2",
    "capture": "#7A2E1B",
    "flower": "#C2417A",
    "area": "#FBF4E4",
    "area.line": "#B08A5C",
    "arrow": "#8A5A2B",
    "bean": "#6E1F1A",
    "bean.mark": "#FFFFFF",
    "bean.back": "#A4473E",
    "card.back": "#7A2E1B",
    "card.back.pattern": "#C98B5A",
    "card.front": "#FFF8EA",
    "cut": "#000000",
    "scale": "#000000",
    "player.0": PLAYER_COLOURS[0],
    "player.1": PLAYER_COLOURS[1],
    "player.2": PLAYER_COLOURS[2],
    "player.3": PLAYER_COLOURS[3],
    "player.mark": "#FFFFFF",
    "player.mark.0": "#FFFFFF",
    "player.mark.1": "#FFFFFF",
    "player.mark.2": "#2B2118",
    "player.mark.3": "#FFFFFF",
}

# Ink saving: no large fills; kinds stay apart by pattern and line weight, players by glyph and grey.
GREY: dict[str, str] = {
    **{role: "#FFFFFF" for role in COLOUR},
    "ink": "#000000",
    "ink.soft": "#555555",
    "mat.edge": "#444444",
    "cell.line": "#333333",
    "cell.number": "#777777",
    "cell.wedge": "#DDDDDD",
    "cell.wedge.mark": "#222222",
    "cell.rounded": "#EEEEEE",
    "cell.centre": "#F4F4F4",
    "capture": "#222222",
    "flower": "#555555",
    "area.line": "#777777",
    "arrow": "#555555",
    "bean": "#444444",
    "bean.mark": "#FFFFFF",
    "bean.back": "#BBBBBB",
    "card.back": "#FFFFFF",
    "card.back.pattern": "#888888",
    "card.front": "#FFFFFF",
    "cut": "#000000",
    "scale": "#000000",
    "player.0": "#222222",
    "player.1": "#6E6E6E",
    "player.2": "#A8A8A8",
    "player.3": "#444444",
    "player.mark": "#FFFFFF",
    "player.mark.0": "#FFFFFF",
    "player.mark.1": "#FFFFFF",
    "player.mark.2": "#000000",
    "player.mark.3": "#FFFFFF",
}


def palette(grey: bool = False, overrides: dict[str, str] | None = None) -> dict[str, str]:
    """Returns the palette to draw with: colour or greyscale, with any roles overridden."""
    base = dict(GREY if grey else COLOUR)
    base.update(overrides or {})
    return base
