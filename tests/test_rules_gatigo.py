"""The GATIGO paper's rules (gatigo-2009-paper-rules-and-strategies.txt), one test per rule."""

from __future__ import annotations

from collections import Counter

from helpers import P, act, kinds, legal, pays

from printgen.engine.beans import Beans
from printgen.engine.events import EventKind
from printgen.engine.position import HAND, HOME, Phase, Position
from printgen.engine.topology import topology_for
from printgen.ruleset_files import load_ruleset

MID = "gatigo/2 g1 move A starter=A last=- pool=0 offering=0 | A {ah} cw {a} | B {bh} cw {b}"
FOUR = ("gatigo/4 g1 move A starter=A last=- pool=0 offering=0 | A 20 cw {a} | B 20 cw h,h,h,h,h "
        "| C 20 cw h,h,h,h,h | D 20 cw h,h,h,h,h")


def mid(a: str, b: str = "h,h,h,h,h", ah: int = 20, bh: int = 20) -> Position:
    return P(MID.format(a=a, b=b, ah=ah, bh=bh))


def test_table2_board_has_4_start_4_end_8_extra_turn_8_toll_28_normal() -> None:
    counts = Counter(c.kind.value for c in topology_for(load_ruleset("gatigo")).cells)
    assert counts == {"start": 4, "end": 4, "rounded": 8, "wedge": 8, "normal": 28}


def test_table1_four_beans_and_no_dots_moves_ten() -> None:
    odds = Beans(load_ruleset("gatigo").beans).score_odds()
    assert {s: str(p) for s, p in odds.items()} == {10: "1/16", 1: "1/4", 2: "3/8", 3: "1/4", 4: "1/16"}
    assert legal(mid("2,h,h,h,h"), 10) == ["2-12"]


def test_a_token_enters_only_on_a_one() -> None:
    assert legal(mid("h,h,h,h,h"), 2) == ["pass"] and legal(mid("h,h,h,h,h"), 1) == ["E1"]


def test_landing_on_an_occupied_start_box_bounces_and_is_paid() -> None:
    pos, events = act(mid("h,h,h,h,h", "1,h,h,h,h"), 1, "E1")
    assert EventKind.CAPTURE in kinds(events) and pays(events) == [("capture", 1, 0, 1)]
    assert pos.places(1)[0] == HAND and pos.occupant(1) == 0


def test_landing_on_an_occupied_end_box_bounces() -> None:
    pos, events = act(mid("11,h,h,h,h", "13,h,h,h,h"), 2, "11-13")
    assert EventKind.CAPTURE in kinds(events) and pos.occupant(13) == 0


def test_other_boxes_cannot_be_landed_on_when_occupied() -> None:
    assert legal(mid("11,h,h,h,h", "12,h,h,h,h"), 1) == ["E1"]


def test_a_toll_box_pays_each_other_player() -> None:
    _, events = act(P(FOUR.format(a="3,h,h,h,h")), 2, "3-5")
    assert sorted((p[0], p[1], p[2], p[3]) for p in pays(events)) == [("wedge", 0, q, 1) for q in (1, 2, 3)]


def test_an_extra_turn_box_gives_another_toss() -> None:
    pos, events = act(mid("5,h,h,h,h"), 2, "5-7")
    assert pos.to_move == 0 and EventKind.EXTRA_TURN in kinds(events)


def test_the_end_box_needs_an_exact_count_and_each_other_player_pays() -> None:
    assert legal(mid("50,h,h,h,h"), 3) == ["pass"]
    pos, events = act(mid("50,h,h,h,h"), 2, "50-52")
    assert pos.places(0)[0] == HOME and pays(events) == [("bear_off", 1, 0, 1)]


def test_a_player_with_no_goods_is_out_of_the_match() -> None:
    pos, events = act(mid("3,h,h,h,h", ah=1, bh=39), 2, "3-5")
    assert pos.phase is Phase.OVER and pos.winner == 1 and pos.holdings(1) == 40


def test_with_four_players_a_bankrupt_player_drops_out_and_play_goes_on() -> None:
    text = ("gatigo/4 g1 move A starter=A last=- pool=0 offering=0 | A 1 cw 3,h,h,h,h | B 20 cw 20,h,h,h,h "
            "| C 20 cw h,h,h,h,h | D 39 cw h,h,h,h,h")
    pos, events = act(P(text), 2, "3-5")
    assert EventKind.BANKRUPT in kinds(events) and pos.bankrupt(0) and pos.phase is Phase.MOVE
    assert pos.to_move == 1 and pos.occupant(5) is None and pos.total_items() == 80


def test_seats_take_turns_beginning_games() -> None:
    pos, _ = act(mid("50,*,*,*,*"), 2, "50-52")
    assert pos.game == 2 and pos.to_move == 1 and pos.starter == 1


def test_a_new_match_gives_each_player_twenty_goods() -> None:
    pos = Position.new(load_ruleset("gatigo"), 4)
    assert [pos.holdings(s) for s in range(4)] == [20] * 4 and pos.places(3) == [HAND] * 5
