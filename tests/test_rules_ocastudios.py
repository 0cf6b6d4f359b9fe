"""The Ocastudios bronze edition's rules (ocastudios-*.txt/md), one test per rule."""

from __future__ import annotations

from helpers import P, act, kinds, legal, pays

from printgen.engine.events import EventKind
from printgen.engine.position import HAND, HOME, Phase, Position
from printgen.ruleset_files import load_ruleset

MID = "ocastudios/2 g1 move A starter=A last=- pool=0 offering={o} | A {ah} cw {a} | B {bh} cw {b}"


def mid(a: str, b: str = "31,h,h,h,h,h", ah: int = 6, bh: int = 6, o: int = 0) -> Position:
    return P(MID.format(a=a, b=b, ah=ah, bh=bh, o=o))


def test_one_piece_starts_on_the_starting_space() -> None:
    pos = Position.new(load_ruleset("ocastudios"))
    assert pos.places(0) == [1] + [HAND] * 5 and pos.places(1) == [31] + [HAND] * 5
    assert pos.phase is Phase.MOVE and pos.to_move == 0


def test_traditional_start_option_begins_off_the_board() -> None:
    pos = Position.new(load_ruleset("ocastudios+empty_start"))
    assert pos.places(0) == [HAND] * 6


def test_a_one_moves_one_space_or_enters_a_piece() -> None:
    assert legal(mid("3,h,h,h,h,h"), 1) == ["E1", "3-4"]


def test_no_marks_means_an_offering_and_no_movement() -> None:
    pos, events = act(mid("3,h,h,h,h,h"), 0, "pass")
    assert pays(events) == [("null_cast", 0, "offering", 1)] and pos.offering == 1 and pos.to_move == 1


def test_capture_on_the_four_centre_spaces_takes_an_item() -> None:
    pos, events = act(mid("13,h,h,h,h,h", "16,h,h,h,h,h"), 3, "13-16")
    assert EventKind.CAPTURE in kinds(events) and pays(events) == [("capture", 1, 0, 1)]
    assert pos.places(1)[0] == HAND


def test_no_capture_outside_the_centre() -> None:
    assert legal(mid("12,h,h,h,h,h", "14,h,h,h,h,h"), 2) == ["pass"]


def test_a_triangle_is_an_offering_to_macuilxochitl() -> None:
    _, events = act(mid("3,h,h,h,h,h"), 2, "3-5")
    assert pays(events) == [("wedge", 0, "offering", 1)]


def test_the_blue_tips_give_another_turn() -> None:
    pos, _ = act(mid("6,h,h,h,h,h"), 2, "6-8")
    assert pos.to_move == 0


def test_reaching_your_goal_takes_an_item_from_the_opponent() -> None:
    pos, events = act(mid("58,h,h,h,h,h"), 2, "58-60")
    assert pos.places(0)[0] == HOME and pays(events) == [("bear_off", 1, 0, 1)]


def test_the_goal_needs_the_exact_result() -> None:
    assert legal(mid("58,h,h,h,h,h"), 3) == ["pass"]


def test_no_legal_move_passes_without_payment() -> None:
    pos, events = act(mid("58,h,h,h,h,h"), 3, "pass")
    assert pays(events) == [] and pos.to_move == 1


def test_all_six_home_restarts_the_game_and_the_finisher_takes_the_offerings() -> None:
    pos, events = act(mid("58,*,*,*,*,*", ah=4, bh=5, o=3), 2, "58-60")
    assert ("offering_won", "offering", 0, 3) in pays(events)
    assert pos.game == 2 and pos.holdings(0) == 4 + 1 + 3 and pos.holdings(1) == 4
    assert pos.places(0)[0] == 1 and pos.places(1)[0] == 31 and pos.to_move == 1  # seats take turns to begin


def test_a_player_left_without_items_loses() -> None:
    pos, events = act(mid("3,h,h,h,h,h", ah=1, bh=11), 2, "3-5")
    assert EventKind.BANKRUPT in kinds(events) and pos.phase is Phase.OVER and pos.winner == 1


def test_the_last_piece_home_that_empties_the_opponent_wins_the_contest_and_the_offerings_stay() -> None:
    """The note's case (issue 23, item 18): the race is finished, but the contest is won at once, so the edition's
    "the game restarts ... the items offered to Macuilxóchitl are given to the player who finished the race" never
    comes; the offerings stay with Macuilxóchitl."""
    from printgen.rules_text.content import notes_section
    from printgen.rules_text.phrases import Phrases

    pos, events = act(mid("58,*,*,*,*,*", ah=8, bh=1, o=3), 2, "58-60")
    assert pos.phase is Phase.OVER and pos.winner == 0 and pos.offering == 3 and pos.holdings(0) == 9
    assert not [p for p in pays(events) if p[0] == "offering_won"]
    note = next(b.text for b in notes_section(Phrases(load_ruleset("ocastudios"), "en")).blocks
                if getattr(b, "text", "").startswith("**Contest end.**"))
    assert "even when the last piece home of the player who finishes the race empties them" in note
    assert "nobody has" not in note
