"""One story of colours at every player count (issue 23, item 24): a seat takes the colour of the arm it starts on
(engine.seats.seat_colour), and the printed board, the pieces, the player aids, the booklet's words and example
drawing, the terminal and the phone all name that colour for it, at 2, 3 and 4 players."""

from __future__ import annotations

import random

import pytest

from printgen.cli.board_text import COLOUR_STYLE, draw_board, seat_key
from printgen.engine.position import Position
from printgen.engine.seats import COLOURS, SEAT_NAMES, SHAPES, kit_colours, seat_arms, seat_colour
from printgen.engine.topology import topology_for
from printgen.render.board_layout import draw_board as draw_printed_board
from printgen.render.faces import pieces_components
from printgen.render.palette import PLAYER_COLOURS
from printgen.render.player_aid import player_aids
from printgen.render.position_picture import position_picture
from printgen.render.scene import Path, Text, flatten
from printgen.render.screen import board_geometry
from printgen.render.words import BOARD_LABELS
from printgen.rules_text.lang import Texts
from printgen.rules_text.phrases import Phrases
from printgen.ruleset_files import load_ruleset
from printgen.rulesets import BUILTIN

GAMES = [(name, n) for name in BUILTIN for n in load_ruleset(name).player_counts()]


def _spread(name: str, players: int, seed: int = 1) -> Position:
    """Returns a position reached by random legal play in which every seat has a piece on the board."""
    rs = load_ruleset(name)
    rng = random.Random(seed)
    pos = Position.new(rs, players)
    for _ in range(3000):
        if len(set(pos.board().values())) == players:
            return pos
        if pos.winner is not None:
            pos = Position.new(rs, players)
        marks = rng.randint(0, rs.beans.count)
        moves = pos.legal_moves(marks)
        if moves:
            pos = pos.after(marks, rng.choice(moves))
    raise AssertionError(f"no position of {name}/{players} with every seat on the board")


def _signs(items: object) -> dict[int, str]:
    """Returns each start cell's sign colour on a printed board, by cell number."""
    return {int(leaf.item.tag.split()[-1]): leaf.item.style.fill for leaf in flatten(items)  # type: ignore[arg-type]
            if isinstance(leaf.item, Path) and leaf.item.tag.startswith("start seat ")}


def test_the_two_players_of_a_four_seat_board_are_orange_and_blue_and_the_arms_keep_their_colours() -> None:
    assert [COLOURS[seat_colour(4, 2, s)] for s in range(2)] == ["orange", "blue"]
    assert [COLOURS[seat_colour(4, 4, s)] for s in range(4)] == ["orange", "gold", "blue", "green"]
    assert [COLOURS[seat_colour(2, 2, s)] for s in range(2)] == ["orange", "blue"]
    by_arm: dict[int, set[int]] = {}  # an arm's colour is the same in every game that uses it
    for n in (2, 3, 4):
        for s, arm in enumerate(seat_arms(4, n)):
            by_arm.setdefault(arm, set()).add(seat_colour(4, n, s))
    assert all(len(c) == 1 for c in by_arm.values()) and len({min(c) for c in by_arm.values()}) == 4


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_board_pieces_aids_booklet_terminal_and_phone_name_one_colour_for_each_seat(name: str, players: int) -> None:
    rs = load_ruleset(name)
    topo = topology_for(rs)
    colours = [seat_colour(rs.board.seats, players, s) for s in range(players)]
    starts = {p.seat: p.start for p in topo.seat_places(players)}
    en = Texts("en")
    # The printed board: a game's board, and the kit's board printed for every seat, colour each seat's start arm
    game = _signs(draw_printed_board(rs, topo, 20.0, rs.board.orientation, players, BOARD_LABELS["en"]).items)
    kit = _signs(draw_printed_board(rs, topo, 20.0, rs.board.orientation, rs.players.max_players, BOARD_LABELS["en"],
                                    kit=True).items)
    for s, colour in enumerate(colours):
        assert game[starts[s]] == kit[starts[s]] == f"seat.{colour}", (s, colour)
    # The pieces: a kit for this game prints its seats' colours; the kit for every count prints them all
    assert {c.family for c in pieces_components(rs, players)} == {f"piece {c}" for c in colours}
    assert {f"piece {c}" for c in colours} <= {c.family for c in pieces_components(rs)}
    assert set(colours) <= set(kit_colours(rs.board.seats, rs.player_counts()))
    # The player aids for this game: seat s's aid in its colour, named for the seat
    for s, aid in enumerate(player_aids(rs, "en", players)):
        head = next(i for i in aid.front if isinstance(i, Path) and i.tag == "aid head")
        label = next(i for i in aid.front if isinstance(i, Text) and i.tag == "aid seat")
        assert head.style.fill == f"player.{colours[s]}" and label.text == f"Seat {SEAT_NAMES[s]}"
    # The booklet's set-up names each seat with its colour and shape
    line = next(t for t in Phrases(rs, "en").seating() if t.startswith(f"With {players} players"))
    for s, colour in enumerate(colours):
        assert f"seat {SEAT_NAMES[s]} ({en(f'colour.{COLOURS[colour]}')}, {en(f'shape.{SHAPES[colour]}')}) at the " \
               f"arm whose start is cell {starts[s]}" in line
    # The booklet's example drawing (and the review's): each piece in its seat's colour
    pos = _spread(name, players)
    items, _ = position_picture(pos, 120.0, "en")
    fills = {int(leaf.item.tag.split()[-1]): leaf.item.style.fill for leaf in flatten(items)
             if isinstance(leaf.item, Path) and leaf.item.tag.startswith("piece ")}
    assert fills == {cell: f"seat.{colours[s]}" for cell, s in pos.board().items()}
    # The terminal: the key names each seat's colour; the board draws its pieces and start cells in it
    key = seat_key(topo, players)
    for s, colour in enumerate(colours):
        assert f"{SEAT_NAMES[s]}{'●■▲◆'[colour]} {en(f'colour.{COLOURS[colour]}')} ▸{starts[s]}" in key.plain
        spans = [sp for sp in key.spans if key.plain[sp.start:sp.end].startswith(SEAT_NAMES[s])]
        assert spans and spans[0].style == COLOUR_STYLE[colour]
    text = draw_board(topo, pos.board(), players=players)
    for cell, s in pos.board().items():
        at = text.plain.index(f"{SEAT_NAMES[s]}{cell:>{len(str(topo.size))}}")
        assert any(sp.start <= at < sp.end and sp.style == COLOUR_STYLE[colours[s]] for sp in text.spans), (cell, s)
    # The phone: the board's geometry gives each seat its colour, the one the printed board uses
    geo = board_geometry(rs, players)
    assert geo["hues"] == colours and geo["colours"] == [PLAYER_COLOURS[c] for c in colours]


def test_the_how_to_page_names_the_colour_of_seat_b_as_the_board_prints_it() -> None:
    from printgen.render.howto import howto_page
    from printgen.render.paper import Paper

    rs = load_ruleset("bell")
    pages = howto_page(rs, "en", Paper.A4, [("file.pdf", ["Page 1: this"])], ["A1", "A2", "B1", "B2"], (350.4, 350.0))
    words = " ".join(" ".join(leaf.item.text for leaf in flatten(p.items) if isinstance(leaf.item, Text))
                     for p in pages)
    words = " ".join(words.replace(" ,", ",").replace(" ;", ";").split())
    two, four = COLOURS[seat_colour(4, 2, 1)], COLOURS[seat_colour(4, 4, 1)]
    assert (two, four) == ("blue", "gold")
    assert f"seat B sits opposite seat A and takes the {two} pieces" in words
    assert f"seat B sits next to A, clockwise, and takes the {four} ones" in words
