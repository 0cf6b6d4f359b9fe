"""Role → colour maps: the default print palette, and greyscale as just another palette."""

from __future__ import annotations

# The printed colours, in the order of printgen.engine.seats.COLOURS (orange, blue, gold, green; a seat takes its
# arm's: engine.seats.seat_colour, so the roles `player.K` and `seat.K` are by colour, never by seat letter):
# Okabe–Ito's vermillion and blue, and its yellow and bluish green darkened until every seat mark has at
# least 3:1 contrast against the mat (WCAG's figure for graphics a reader must see); each colour also has
# its own shape (and the board a seat letter beside it), so colour is never the only clue.
PLAYER_COLOURS = ("#D55E00", "#0072B2", "#8F6D00", "#007A5A")
GREY_SEATS = ("#222222", "#555555", "#3A3A3A", "#666666")
MIN_MARK_CONTRAST = 3.0  # WCAG 2.1, 1.4.11: graphics
MIN_TEXT_CONTRAST = 4.5  # WCAG 2.1, 1.4.3: text

COLOUR: dict[str, str] = {
    "paper": "#FFFFFF",
    "ink": "#2B2118",
    "ink.soft": "#6B5B4B",
    "mat": "#F6ECD6",
    "mat.edge": "#8A5A2B",
    "cell.normal": "#FFFBF2",
    "cell.line": "#5A3A1E",
    "cell.number": "#4A3B2C",
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
    "card.frame": "#7A2E1B",  # an item card's frames and art window
    "card.badge": "#7A2E1B",  # an item card's value: a disc, its ring and its figure
    "card.badge.line": "#FFF8EA",
    "card.badge.text": "#FFFFFF",
    "cut": "#000000",
    "scale": "#000000",
    "player.0": PLAYER_COLOURS[0],
    "player.1": PLAYER_COLOURS[1],
    "player.2": PLAYER_COLOURS[2],
    "player.3": PLAYER_COLOURS[3],
    "player.mark": "#FFFFFF",
    **{f"player.mark.{s}": "#FFFFFF" for s in range(4)},
    **{f"seat.{s}": PLAYER_COLOURS[s] for s in range(4)},  # a seat's marks on the board
    **{f"seat.mark.{s}": "#FFFFFF" for s in range(4)},  # words and letters on a seat's colour
    "glue": "#E4E4E4",
}

# Ink saving: no large fills; kinds stay apart by pattern and line weight, players by glyph and grey.
GREY: dict[str, str] = {
    **{role: "#FFFFFF" for role in COLOUR},
    "ink": "#000000",
    "ink.soft": "#555555",
    "mat.edge": "#444444",
    "cell.line": "#333333",
    "cell.number": "#222222",
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
    "card.frame": "#888888",
    "card.badge": "#FFFFFF",
    "card.badge.line": "#000000",
    "card.badge.text": "#000000",
    "cut": "#000000",
    "scale": "#000000",
    # Pieces are white with a black ring, shape and letter: no solid dark fills to cost ink.
    **{f"player.{s}": "#FFFFFF" for s in range(4)},
    "player.mark": "#000000",
    **{f"player.mark.{s}": "#000000" for s in range(4)},
    **{f"seat.{s}": GREY_SEATS[s] for s in range(4)},
    **{f"seat.mark.{s}": "#FFFFFF" for s in range(4)},
    "glue": "#EEEEEE",
}


def luminance(colour: str) -> float:
    """Returns the WCAG relative luminance of a #RRGGBB colour (0 black to 1 white)."""
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    """Returns the WCAG contrast ratio of two #RRGGBB colours, from 1 (same) to 21 (black on white)."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def palette(grey: bool = False, overrides: dict[str, str] | None = None) -> dict[str, str]:
    """Returns the palette to draw with: colour or greyscale, with any roles overridden."""
    base = dict(GREY if grey else COLOUR)
    base.update(overrides or {})
    return base
