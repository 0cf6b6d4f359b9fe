"""Bell's rules (bell-1960-rules-cyningstan.txt), one test per rule."""

from __future__ import annotations

import pytest
from helpers import P, act, kinds, legal, pays

from printgen.engine.events import EventKind
from printgen.engine.position import HAND, HOME, Phase, Position
from printgen.errors import IllegalMoveError
from printgen.ruleset_files import load_ruleset

START = "bell/2 g1 move A starter=A last=- pool=4 offering=0 | A 18 ? h,h,h,h,h,h | B 18 ? h,h,h,h,h,h"
MID = "bell/2 g1 move A starter=A last=- pool=4 offering=0 | A 18 cw {a} | B 18 cw {b}"


def mid(a: str, b: str = "h,h,h,h,h,h") -> Position:
    return P(MID.format(a=a, b=b))


def test_rule2_pieces_per_player_count() -> None:
    rs = load_ruleset("bell")
    assert [len(Position.new(rs, n).places(0)) for n in (2, 3, 4)] == [6, 5, 4]


def test_rule4_stake_goes_into_the_pot_when_a_game_begins() -> None:
    pos = Position.new(load_ruleset("bell"), 3)
    assert pos.pool == 6 and [pos.holdings(s) for s in range(3)] == [18, 18, 18]


def test_rule5_highest_opening_throw_begins() -> None:
    pos = Position.new(load_ruleset("bell"), 2)
    assert pos.phase is Phase.OPENING and pos.to_move == 0
    pos, _ = act(pos, 3, "pass")
    assert pos.phase is Phase.OPENING and pos.to_move == 1
    pos, events = act(pos, 10, "pass")
    assert pos.phase is Phase.MOVE and pos.to_move == 1 and EventKind.OPENING_WON in kinds(events)


def test_rule5_tied_opening_throws_are_thrown_again() -> None:
    pos = Position.new(load_ruleset("bell"), 3)
    pos, _ = act(pos, 3, "pass")
    pos, _ = act(pos, 3, "pass")
    pos, _ = act(pos, 1, "pass")
    assert pos.phase is Phase.OPENING and pos.in_opening(0) and pos.in_opening(1) and not pos.in_opening(2)
    pos, _ = act(pos, 2, "pass")
    pos, _ = act(pos, 4, "pass")
    assert pos.phase is Phase.MOVE and pos.to_move == 1


def test_rule6_no_score_ends_the_turn() -> None:
    pos, events = act(mid("3,h,h,h,h,h"), 0, "pass")
    assert pos.to_move == 1 and pays(events) == [] and pos.places(0)[0] == 3


def test_rule7_first_piece_enters_on_any_score_in_either_direction() -> None:
    assert legal(P(START), 3) == ["E3cw", "E59ccw"]
    pos, _ = act(P(START), 3, "E59ccw")
    assert pos.direction(0) == -1 and 59 in pos.places(0)


def test_rule7_direction_is_kept_for_the_whole_game() -> None:
    pos, _ = act(P(START), 2, "E60ccw")
    pos, _ = act(pos, 0, "pass")  # B's turn passes
    assert legal(pos, 1) == ["E1", "60-59"]
    assert legal(pos, 3) == ["60-57"]


def test_rule8_later_pieces_enter_only_on_a_one() -> None:
    assert legal(mid("3,h,h,h,h,h"), 2) == ["3-5"]


def test_rule8_a_one_may_move_a_piece_instead_of_entering() -> None:
    assert legal(mid("3,h,h,h,h,h"), 1) == ["E1", "3-4"]


def test_rule9_any_piece_may_move() -> None:
    assert sorted(legal(mid("3,10,h,h,h,h"), 3)) == ["10-13", "3-6"]


def test_rule10_no_piece_lands_on_an_occupied_square() -> None:
    pos = mid("3,5,h,h,h,h", "6,h,h,h,h,h")
    assert legal(pos, 2) == ["5-7"]
    assert legal(pos, 3) == ["5-8"]
    with pytest.raises(IllegalMoveError, match="3-6 is not legal"):
        act(pos, 3, "3-6")


def test_rule11_a_player_who_can_move_must_move() -> None:
    assert "pass" not in legal(mid("3,h,h,h,h,h"), 4)


def test_rule12_a_player_who_cannot_move_pays_into_the_pool() -> None:
    pos, events = act(mid("59,h,h,h,h,h"), 2, "pass")
    assert pays(events) == [("no_move", 0, "pool", 1)] and pos.pool == 5 and pos.holdings(0) == 17


def test_rule13_a_wedge_costs_double_to_each_opponent() -> None:
    pos, events = act(mid("3,h,h,h,h,h"), 2, "3-5")
    assert pays(events) == [("wedge", 0, 1, 2)] and pos.holdings(1) == 20
    four = P("bell/4 g1 move A starter=A last=- pool=8 offering=0 | A 18 cw 3,h,h,h | B 18 cw h,h,h,h"
             " | C 18 cw h,h,h,h | D 18 cw h,h,h,h")
    _, events = act(four, 2, "3-5")
    assert sorted(p[2] for p in pays(events)) == [1, 2, 3] and all(p[3] == 2 for p in pays(events))


def test_rule14_a_rounded_square_gives_another_turn() -> None:
    pos, events = act(mid("6,h,h,h,h,h"), 2, "6-8")
    assert pos.to_move == 0 and EventKind.EXTRA_TURN in kinds(events)


def test_rule15_bearing_off_needs_an_exact_throw_and_collects_a_penalty() -> None:
    pos = mid("58,3,h,h,h,h")
    assert "58-60" in legal(pos, 2) and not any(m.startswith("58-") for m in legal(pos, 3))
    pos, events = act(pos, 2, "58-60")
    assert pos.places(0)[0] == HOME and pays(events) == [("bear_off", 1, 0, 1)]


def test_rule16_the_last_piece_home_wins_the_game_and_the_pot() -> None:
    pos = P("bell/2 g1 move A starter=A last=- pool=4 offering=0 | A 18 cw 58,*,*,*,*,* | B 18 cw 3,h,h,h,h,h")
    pos, events = act(pos, 2, "58-60")
    assert ("pool_won", "pool", 0, 4) in pays(events)
    assert pos.game == 2 and pos.phase is Phase.OPENING and pos.last_winner == 0
    assert pos.holdings(0) == 18 + 1 + 4 - 2 and pos.pool == 4
    assert pos.places(0) == [HAND] * 6


def test_partnerships_win_only_when_both_partners_are_home() -> None:
    text = ("bell+partnerships/4 g1 move A starter=A last=- pool=8 offering=0 | A 18 cw 58,*,*,* "
            "| B 18 cw 3,h,h,h | C 18 cw {c} | D 18 cw h,h,h,h")
    pos, events = act(P(text.format(c="40,h,h,h")), 2, "58-60")
    assert EventKind.GAME_WON not in kinds(events) and pos.game == 1
    pos, events = act(P(text.format(c="*,*,*,*")), 2, "58-60")
    assert EventKind.GAME_WON in kinds(events) and pos.game == 2
    assert pos.holdings(0) + pos.holdings(2) == 18 * 2 + 2 + 8 - 4  # bear-off pay from B and D, pool, new stakes


def test_partners_do_not_pay_each_other_for_wedges() -> None:
    pos = P("bell+partnerships/4 g1 move A starter=A last=- pool=8 offering=0 | A 18 cw 3,h,h,h | B 18 cw h,h,h,h "
            "| C 18 cw h,h,h,h | D 18 cw h,h,h,h")
    _, events = act(pos, 2, "3-5")
    assert sorted(p[2] for p in pays(events)) == [1, 3]


def test_a_player_who_cannot_pay_is_bankrupt_and_the_other_takes_the_pot() -> None:
    pos = P("bell/2 g1 move A starter=A last=- pool=4 offering=0 | A 1 cw 3,h,h,h,h,h | B 35 cw h,h,h,h,h,h")
    pos, events = act(pos, 2, "3-5")
    assert EventKind.BANKRUPT in kinds(events) and pos.phase is Phase.OVER and pos.winner == 1
    assert pos.holdings(1) == 40 and pos.holdings(0) == 0


def test_with_three_players_the_others_play_on_after_one_cannot_pay() -> None:
    """Bell's "Contest" note said a contest goes on "until one player cannot pay" (issue 23, item 18): with three
    players the other two play on, as the booklet says, and the note now says so."""
    from printgen.rulesets.readings import notes_for

    pos = P("bell/3 g1 move A starter=A last=- pool=6 offering=0 | A 1 cw 3,h,h,h,h | B 27 cw h,h,h,h,h "
            "| C 26 cw h,h,h,h,h")
    pos, events = act(pos, 2, "3-5")
    assert EventKind.BANKRUPT in kinds(events) and pos.phase is not Phase.OVER and pos.to_move == 1
    contest = next(n for n in notes_for(load_ruleset("bell")) if n.topic == "Contest")
    assert "cannot pay;" not in contest.decision and "the others play on" in contest.decision
    assert "a departure from Bell" in contest.why and "«Cada jugador pone en el bote" in contest.why.get("es")
