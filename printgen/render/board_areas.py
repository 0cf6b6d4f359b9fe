"""The board's areas between the arms: each seat's hand and home, the title, the beans, the offering and the pool.

Each area is laid out for the south arm's quarter and turned a quarter turn per arm, so every
player's labels face them across the table.
"""

from __future__ import annotations

from printgen.components import Area, board_areas
from printgen.engine.seats import ARM_COLOURS, SEAT_NAMES, arm_letters, seat_arms
from printgen.lang.grammar import after_game_name
from printgen.render import glyphs
from printgen.render.affine import Affine
from printgen.render.fonts import fit_size
from printgen.render.scene import Group, Item, Style, Text, circle, rect
from printgen.rulesets.model import Ruleset


def _label(x: float, y: float, text: str, role: str, size: float, width: float, fill: str = "ink") -> Text:
    return Text(x, y, text, role, fit_size(text, role, size, width), fill=fill, anchor="middle")


def _counts(counts: list[int]) -> str:
    """Returns player counts as a short range: `3–4`, `4`, `2, 4`."""
    if len(counts) > 1 and counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}–{counts[-1]}"
    return ", ".join(str(n) for n in counts)


def shown_seats(rs: Ruleset, players: int, kit: bool = False) -> dict[int, int]:
    """Returns, for each arm a game of up to `players` uses, the seat whose letter the board shows on it (its
    colour and shape are the arm's own, whatever the seat): its seat in a game of `players`. A kit printed for
    every seat (kit) of a ruleset two can play letters the two arms two players use with their two-player seats
    instead, the way most people play; its other arms carry their seats of the full game, and a note says where
    the letter changes."""
    shown = {arm: s for s, arm in enumerate(seat_arms(rs.board.seats, players))}
    if kit and players > 2 and 2 in rs.player_counts():
        shown.update({arm: s for s, arm in enumerate(seat_arms(rs.board.seats, 2))})
    return shown


def seat_note(rs: Ruleset, players: int, arm: int, labels: object, kit: bool = False) -> str:
    """Returns the note under an arm's seat boxes when the arm's seat changes with the number of players: which
    player counts use the arm, and the letter it takes in a game where it differs."""
    counts = [n for n in rs.player_counts() if n <= players]
    letters = arm_letters(rs.board.seats, counts).get(arm, {})
    mine = SEAT_NAMES[shown_seats(rs, players, kit)[arm]]
    if len(letters) == len(counts) and set(letters.values()) == {mine}:
        return ""
    others = sorted({(letter, n) for n, letter in letters.items() if letter != mine}, key=lambda t: t[1])
    if others:
        letter = others[0][0]
        return str(labels.seat_also.format(players=_counts([n for n, x in letters.items() if x == letter]),  # type: ignore[attr-defined]
                                       letter=letter))
    return str(labels.seat_counts.format(players=_counts(sorted(letters))))  # type: ignore[attr-defined]


def _player_boxes(x0: float, y0: float, w: float, h: float, c: float, seat: int, hue: int, labels: object,
                  note: str = "") -> list[Item]:
    """Returns a seat's hand and home boxes filling the rectangle, split along its longer side, in the colour (hue,
    an index of engine.seats.COLOURS) of the arm they stand by."""
    items: list[Item] = []
    colour = f"seat.{hue}"
    gap = c * 0.2
    if h >= w:
        boxes = [(x0, y0 + (h + gap) / 2, w, (h - gap) / 2, "hand"), (x0, y0, w, (h - gap) / 2, "home")]
    else:
        boxes = [(x0, y0, (w - gap) / 2, h, "hand"), (x0 + (w + gap) / 2, y0, (w - gap) / 2, h, "home")]
    for bx, by, bw, bh, kind in boxes:
        name = labels.hand if kind == "hand" else labels.home  # type: ignore[attr-defined]
        items.append(rect(bx, by, bw, bh, Style(fill="area", stroke=colour, width=0.8), tag=f"{kind} {seat}",
                          radius=c * 0.2))
        items.append(rect(bx, by, bw, c * 0.34, Style(fill=colour), tag=f"{kind} band {seat}", radius=c * 0.12))
        title = f"{labels.seat.format(letter=SEAT_NAMES[seat])} · {name}"  # type: ignore[attr-defined]
        items.append(_label(bx + bw / 2, by + c * 0.24, title, "body-bold", c * 0.42, bw - c * 0.3,
                            fill=f"seat.mark.{hue}"))
        cy = by + bh / 2 + c * 0.15
        r = min(bw, bh) * 0.16
        items.append(glyphs.seat_shape(hue, bx + bw / 2, cy, r, Style(fill=None, stroke=colour, width=0.8),
                                       tag=f"{kind} glyph {seat}"))
        items.append(Text(bx + bw / 2, cy + r * 0.42, SEAT_NAMES[seat], "body-black", r * 1.2 / 0.3528 * 0.9,
                          fill=colour, anchor="middle", tag=f"{kind} letter {seat}"))
        if note:
            items.append(_label(bx + bw / 2, by + bh - c * 0.2, note, "body-bold", c * 0.36, bw - c * 0.3,
                                fill="ink.soft"))
    return items


def _title_area(rs: Ruleset, x0: float, y0: float, w: float, h: float, c: float, labels: object) -> list[Item]:
    cx = x0 + w / 2
    items: list[Item] = [rect(x0, y0, w, h, Style(stroke="area.line", width=0.4, dash=(1.2, 0.8)), tag="title area",
                              radius=c * 0.25)]
    items.append(glyphs.flower(cx, y0 + h * 0.22, c * 0.45, tag="title flower"))
    items.append(_label(cx, y0 + h * 0.52, labels.title, "display-black", c * 1.6, w * 0.9))  # type: ignore[attr-defined]
    tail = after_game_name(rs.title.get(labels.lang))  # type: ignore[attr-defined]
    items.append(_label(cx, y0 + h * 0.66, tail, "display-italic", c * 0.55, w * 0.9, fill="ink.soft"))
    detail = labels.detail.format(cells=rs.board.cell_count, beans=rs.beans.count)  # type: ignore[attr-defined]
    items.append(_label(cx, y0 + h * 0.78, detail, "body", c * 0.38, w * 0.9, fill="ink.soft"))
    return items


def _beans_area(x0: float, y0: float, w: float, h: float, c: float, rs: Ruleset, labels: object) -> list[Item]:
    items: list[Item] = [rect(x0, y0, w, h, Style(fill="area", stroke="area.line", width=0.6), tag="beans area",
                              radius=c * 0.4)]
    items.append(_label(x0 + w / 2, y0 + c * 0.55, labels.beans, "display", c * 0.5, w * 0.9))  # type: ignore[attr-defined]
    n = rs.beans.count
    for i in range(n):
        bx = x0 + w * (i + 1) / (n + 1)
        by = y0 + h * 0.62 + (c * 0.25 if i % 2 else -c * 0.1)
        items.append(glyphs.bean(bx, by, min(c * 0.9, w / (n + 1) * 0.8), Style(fill=None, stroke="area.line",
                                                                                    width=0.4), tag="bean outline"))
    return items


def _offering_area(x0: float, y0: float, w: float, h: float, c: float, labels: object) -> list[Item]:
    cx, cy = x0 + w / 2, y0 + h / 2
    r = min(w, h) / 2 - c * 0.1
    items: list[Item] = [circle(cx, cy, r, Style(fill="area", stroke="flower", width=0.8), tag="offering area")]
    items.append(glyphs.flower(cx, cy - r * 0.25, r * 0.35, tag="offering flower"))
    items.append(_label(cx, cy + r * 0.35, labels.offering, "display", c * 0.48, r * 1.6))  # type: ignore[attr-defined]
    items.append(_label(cx, cy + r * 0.55, labels.offering_note, "body-italic", c * 0.34, r * 1.3,  # type: ignore[attr-defined]
                        fill="ink.soft"))
    return items


def _pool_area(x0: float, y0: float, w: float, h: float, c: float, labels: object) -> list[Item]:
    cx, cy = x0 + w / 2, y0 + h / 2
    r = min(w, h) / 2 - c * 0.1
    items: list[Item] = [circle(cx, cy, r, Style(fill="area", stroke="area.line", width=0.8), tag="pool area"),
                         circle(cx, cy, r * 0.82, Style(stroke="area.line", width=0.3, dash=(1, 1)), tag="pool ring")]
    items.append(_label(cx, cy - r * 0.05, labels.pool, "display-black", c * 0.8, r * 1.4))  # type: ignore[attr-defined]
    items.append(_label(cx, cy + r * 0.3, labels.pool_note, "body-italic", c * 0.34, r * 1.3, fill="ink.soft"))  # type: ignore[attr-defined]
    return items


def _regions(geo: object, half: float) -> list[tuple[Affine, tuple[float, float, float, float]]]:
    """Returns, for each quarter, the transform to page space and the free rectangle in its own frame.

    Arm q's frame is the south arm's turned q quarter turns clockwise on the page.

    Upright board: the square between arm q and the next arm, in the south arm's frame turned to q.
    Diagonal board: a rectangle against the side of the mat between the two arms, turned to face that side.
    """
    c: float = geo.c  # type: ignore[attr-defined]
    L: int = geo.topo.arm  # type: ignore[attr-defined]
    if not geo.angle:  # type: ignore[attr-defined]
        box = (-(L + 1) * c + c * 0.15, c * 1.2, L * c - c * 0.35, L * c - c * 0.35)
        return [(Affine.quarter_turn(q), box) for q in range(4)]
    depth = min(3.0 * c, half * 0.42)
    width = 2 * (half - depth - 2 ** 0.5 * c - c * 0.15)
    box = (-width / 2, half - depth - c * 0.1, width, depth - c * 0.1)
    return [(Affine.quarter_turn(q + 1), box) for q in range(4)]


def _face_a_player(q: int, seats: dict[int, int], cx: float, cy: float) -> Affine:
    """Returns the turn about (cx, cy) that makes a round area in quarter q read from a seated neighbour's side
    when nobody sits at q (two players on a four-seat board): the next seat anticlockwise, else clockwise."""
    if q in seats or not seats:
        return Affine.translate(0, 0)
    for k in (-1, 1, 2):
        if (q + k) % 4 in seats:
            return Affine.rotate(90.0 * k, cx, cy)
    return Affine.translate(0, 0)


def draw_areas(geo: object, rs: Ruleset, players: int, labels: object, half: float, kit: bool = False) -> list[Item]:
    """Returns every area of the board, each turned to face the seat of its quarter (page frame, centred)."""
    c: float = geo.c  # type: ignore[attr-defined]
    seats = shown_seats(rs, players, kit)
    areas = board_areas(rs)
    shared = ["title", "beans"] + (["offering"] if Area.OFFERING in areas else []) + (
        ["pool"] if Area.POOL in areas else [])
    homes = {q: shared[i] for i, q in enumerate([0, 2, 1, 3]) if i < len(shared)}
    empty = [q for q in range(4) if q not in seats and q not in homes]
    if empty and not geo.angle and homes.get(2) == "beans" and 2 in seats:  # type: ignore[attr-defined]
        # A quarter with nothing in it would print as plain mat (a whole tile of it on a large board): the beans
        # go there instead, turned to a seated neighbour, and seat B's boxes keep their quarter to themselves.
        homes[empty[0]] = homes.pop(2)
    items: list[Item] = []
    for q, (turn, (x0, y0, w, h)) in enumerate(_regions(geo, half)):
        local: list[Item] = []
        what = homes.get(q)
        if q in seats:
            note = seat_note(rs, players, q, labels, kit)
            if h >= w:  # a tall region: the seat's boxes in a strip beside the arm
                strip = min(w * 0.5, 2.6 * c)
                local += _player_boxes(x0 + w - strip, y0, strip, h, c, seats[q], ARM_COLOURS[q], labels, note)
                w -= strip + c * 0.25
            else:
                part = w * 0.56
                local += _player_boxes(x0, y0, part, h, c, seats[q], ARM_COLOURS[q], labels, note)
                x0, w = x0 + part + c * 0.25, w - part - c * 0.25
        if what and w > c * 1.2:
            if what == "title":
                local += _title_area(rs, x0, y0, w, h, c, labels)
            elif what == "beans":
                beans = _beans_area(x0, y0 + h * 0.1, w, h * 0.8, c, rs, labels)
                local.append(Group(tuple(beans), _face_a_player(q, seats, x0 + w / 2, y0 + h / 2), tag="beans turn"))
            else:
                circle_items = (_offering_area if what == "offering" else _pool_area)(x0, y0, w, h, c, labels)
                local.append(Group(tuple(circle_items), _face_a_player(q, seats, x0 + w / 2, y0 + h / 2),
                                   tag=f"{what} turn"))
        items.append(Group(tuple(local), turn, tag=f"areas {q}"))
    return items
