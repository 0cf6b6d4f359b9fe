"""The how-to page tells a newcomer what the kit cannot show: the order the board's tiles are joined in and what on,
what a two-player game does on a four-seat board, how to cut sheets of mixed components, what needs card."""

from __future__ import annotations

from printgen.render.howto import howto_page
from printgen.render.paper import Paper
from printgen.render.scene import Text, flatten
from printgen.ruleset_files import load_ruleset


def _words(lang: str = "en", name: str = "bell", tiles: list[str] | None = None, seats: int | None = None) -> str:
    pages = howto_page(load_ruleset(name), lang, Paper.A4, [("file.pdf", ["Page 1: this"])],
                       tiles if tiles is not None else ["A1", "A2", "B1", "B2"], (350.4, 350.0), seats)
    assert len(pages) == 1
    return " ".join(leaf.item.text for leaf in flatten(pages[0].items) if isinstance(leaf.item, Text))


def _norm(text: str) -> str:
    return " ".join(text.replace(" ,", ",").replace(" .", ".").split())


def test_a_tiled_board_says_the_order_of_the_tiles_and_what_to_mount_it_on() -> None:
    words = _norm(_words())
    assert "A1, A2, B1, B2" in words and "Lay A1 face up" in words
    assert "350 × 350 mm" in words and "mounting board" in words
    assert "Glue the whole board onto card." not in words
    assert "350 × 350 mm" in _norm(_words("es"))


def test_card_is_asked_for_file_2_not_called_optional() -> None:
    words = _norm(_words())
    assert "(optional)" not in words and "file 2, which must be printed on card" in words


def test_a_four_seat_board_says_where_the_second_of_two_players_sits_and_what_seats_2_does() -> None:
    words = _norm(_words())
    assert "each player takes the pieces of the arm they start from" in words
    assert "seat B sits opposite seat A and takes the blue pieces; with more, seat B sits next to A, clockwise, " \
           "and takes the gold ones" in words
    assert "patolli kit --seats 2" in words
    assert "printed for two players" in _norm(_words(seats=2))
    assert "seat B" not in _norm(_words(seats=4))
    assert "seat B sits" not in _norm(_words(name="neeley", tiles=[]))  # two seats only: nothing to explain


def test_mixed_sheets_are_cut_apart_before_each_group_is_cut() -> None:
    assert "first cut it apart between them" in _norm(_words())


def test_the_board_marks_the_two_player_arms_in_the_colours_of_the_two_players_pieces() -> None:
    from printgen.engine.topology import topology_for
    from printgen.render.prints import PrintOptions, board_drawing, default_cell
    from printgen.render.scene import Path, flatten
    from printgen.rulesets import BUILTIN

    for name in BUILTIN:
        rs = load_ruleset(name)
        if 2 not in rs.player_counts():
            continue
        d = board_drawing(rs, default_cell(), None, PrintOptions())  # the default kit: every seat
        fills = {leaf.item.tag: leaf.item.style.fill for leaf in flatten(d.items) if isinstance(leaf.item, Path)}
        for place in topology_for(rs).seat_places(2):  # the arm each of two players starts from
            assert fills[f"start seat {place.start}"] == f"seat.{place.colour}", (name, place)
