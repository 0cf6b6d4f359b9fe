"""Neeley's rules (neeley-1996-shareware-help.md, "What are the rules?"), one test per rule."""

from __future__ import annotations

from helpers import P, act, kinds, legal, pays

from printgen.engine.events import EventKind
from printgen.engine.position import HOME, Phase, Position
from printgen.ruleset_files import load_ruleset

MID = "neeley/2 g1 move A starter=A last=- pool=6 offering=0 | A {ah} cw {a} | B {bh} cw {b}"


def mid(a: str, b: str = "h,h,h,h,h,h", ah: int = 7, bh: int = 7) -> Position:
    return P(MID.format(a=a, b=b, ah=ah, bh=bh))


def test_each_game_begins_with_a_bet_both_players_match() -> None:
    pos = Position.new(load_ruleset("neeley"))
    assert pos.phase is Phase.BET and pos.to_move == 0
    assert legal(pos, 0) == [f"bet{n}" for n in range(1, 11)]
    pos, _ = act(pos, 0, "bet3")
    assert (pos.pool, pos.holdings(0), pos.holdings(1)) == (6, 7, 7)
    assert pos.phase is Phase.MOVE and pos.to_move == 0  # Red casts first


def test_the_bet_is_limited_by_the_poorer_player() -> None:
    pos = P("neeley/2 g2 bet B starter=A last=A pool=0 offering=0 | A 17 cw h,h,h,h,h,h | B 3 cw h,h,h,h,h,h")
    assert legal(pos, 0) == ["bet1", "bet2", "bet3"]


def test_a_cast_of_no_pips_is_cast_again() -> None:
    pos, events = act(mid("5,h,h,h,h,h"), 0, "pass")
    assert pos.to_move == 0 and EventKind.RECAST in kinds(events) and pays(events) == []


def test_pieces_enter_only_on_a_one() -> None:
    pos = mid("h,h,h,h,h,h")
    assert legal(pos, 3) == ["pass"] and legal(pos, 1) == ["E1"]


def test_bumping_on_a_central_square_sends_the_piece_back() -> None:
    pos, events = act(mid("15,h,h,h,h,h", "18,h,h,h,h,h"), 3, "15-18")
    assert EventKind.CAPTURE in kinds(events) and pos.places(1)[0] == "hand" and pays(events) == []


def test_bumping_on_the_square_before_a_central_square() -> None:
    pos, events = act(mid("14,h,h,h,h,h", "17,h,h,h,h,h"), 3, "14-17")
    assert EventKind.CAPTURE in kinds(events) and pos.occupant(17) == 0


def test_no_bumping_elsewhere() -> None:
    assert legal(mid("16,h,h,h,h,h", "20,h,h,h,h,h"), 4) == ["pass"]


def test_blocked_with_two_pieces_on_the_board_pays_one_into_the_pool() -> None:
    pos, events = act(mid("67,66,h,h,h,h"), 3, "pass")
    assert pays(events) == [("no_move", 0, "pool", 1)] and pos.pool == 7


def test_blocked_with_one_piece_on_the_board_pays_nothing() -> None:
    _, events = act(mid("67,h,h,h,h,h"), 3, "pass")
    assert pays(events) == []


def test_a_black_triangle_costs_two_to_the_opponent() -> None:
    _, events = act(mid("4,h,h,h,h,h"), 2, "4-6")
    assert pays(events) == [("wedge", 0, 1, 2)]


def test_a_rounded_cell_gives_another_turn_at_once() -> None:
    pos, _ = act(mid("7,h,h,h,h,h"), 2, "7-9")
    assert pos.to_move == 0


def test_bearing_off_exactly_collects_one_from_the_opponent() -> None:
    pos, events = act(mid("66,h,h,h,h,h"), 2, "66-68")
    assert pos.places(0)[0] == HOME and pays(events) == [("bear_off", 1, 0, 1)]


def test_the_first_home_wins_the_pool() -> None:
    pos, events = act(mid("66,*,*,*,*,*"), 2, "66-68")
    assert ("pool_won", "pool", 0, 6) in pays(events) and pos.phase is Phase.BET and pos.to_move == 1


def test_nothing_left_to_bet_is_bankruptcy() -> None:
    pos, events = act(mid("66,*,*,*,*,*", ah=13, bh=1), 2, "66-68")
    assert pos.phase is Phase.OVER and pos.winner == 0 and pos.holdings(0) == 20


def test_owing_more_than_you_hold_is_bankruptcy() -> None:
    pos, events = act(mid("4,h,h,h,h,h", ah=1, bh=13), 2, "4-6")
    assert EventKind.BANKRUPT in kinds(events) and pos.winner == 1 and pos.holdings(1) == 20


def test_each_side_starts_with_its_own_assets_and_hands_over_the_least_valuable_first() -> None:
    """ "The tourist's on the left, Smoking Mirror's on the right"; "Patolli always determines what is transferred";
    the library card "will be the last of any asset to be bet" ("How do you play?", "The images")."""
    from printgen.rules_text import booklet, to_markdown
    from printgen.rulesets.model import Handover

    econ = load_ruleset("neeley").economy
    tourist, mirror = econ.items_of(0), econ.items_of(1)
    assert [str(i.name) for i in tourist][-1] == "Library card" and [str(i.name) for i in mirror][-1] == "Jade head"
    assert not {i.name for i in tourist} & {i.name for i in mirror}
    assert sum(i.count for i in tourist) == sum(i.count for i in mirror) == econ.starting_items == 10
    assert max(tourist, key=lambda i: i.value).name == "Library card"
    assert max(mirror, key=lambda i: i.value).name == "Jade head"
    assert econ.handover is Handover.LEAST_VALUABLE
    text = to_markdown(booklet(load_ruleset("neeley"), "en"))
    assert "you choose which of yours to hand over" not in text
    assert "Library card (seat A) and Jade head (seat B)" in text


def test_an_item_of_a_seat_that_does_not_play_is_refused() -> None:
    import pytest

    from printgen.errors import PatolliError
    from printgen.rulesets.load import builtin_text, parse_ruleset, read_toml

    text = builtin_text("neeley").replace('seat = "B"', 'seat = "C"', 1)
    with pytest.raises(PatolliError, match=r"belongs to seat 'C'; the seats are A, B"):
        parse_ruleset(read_toml(text, "mine.toml"), "mine.toml")
    text = builtin_text("neeley").replace('count = 3\nseat = "B"', 'count = 4\nseat = "B"', 1)
    with pytest.raises(PatolliError, match=r"seat B's item counts add up to 11, but starting_items is 10"):
        parse_ruleset(read_toml(text, "mine.toml"), "mine.toml")


def test_the_kit_holds_one_library_card_and_one_jade_head() -> None:
    """The help speaks of one library card ("Once you lose your library card, you are a goner") and of Smoking
    Mirror's one jade; counted as the help names them ("three cacao beans", "a couple of U.S. dollars"), each side's
    pictured assets come to its ten (issue 23, item 14). The kit, the booklet and the printed cards say so."""
    from printgen.components import ComponentKind, components
    from printgen.render.faces import item_components
    from printgen.render.scene import flatten
    from printgen.rules_text import booklet, to_markdown

    rs = load_ruleset("neeley")
    counts = {str(i.name): i.count for i in rs.economy.items}
    assert counts["Library card"] == counts["Jade head"] == 1
    assert counts["Cacao bean"] == counts["Precious stone"] == 3 and counts["Dollar bill"] == 2
    kit = {str(c.item.name): c.count for c in components(rs) if c.kind is ComponentKind.ITEMS and c.item}
    assert kit["Library card"] == kit["Jade head"] == 1 and sum(kit.values()) == 20
    cards = item_components(rs, "en")
    named = [[getattr(leaf.item, "text", "") for leaf in flatten(list(card.front))] for card in cards]
    assert len(cards) == 20 and sum("Library card" in texts for texts in named) == 1
    assert sum("Jade head" in texts for texts in named) == 1
    en, es = (to_markdown(booklet(rs, lang)) for lang in ("en", "es"))
    assert "- 1 × Library card (value 5)" in en and "- 1 × Jade head (value 5)" in en
    assert "- 1 × Credencial de biblioteca (valor 5)" in es
    assert "two of each" not in en and "dos de cada" not in es


def test_a_piece_entering_on_an_opponent_at_its_central_square_bumps_it() -> None:
    """The booklet says entering counts as landing; the "Bumping by entering" note records the reading
    (issue 23, item 21)."""
    from printgen.rulesets.readings import notes_for

    pos, events = act(mid("h,h,h,h,h,h", "1,h,h,h,h,h"), 1, "E1")
    assert EventKind.CAPTURE in kinds(events) and pos.places(0)[0] == 1 and pos.places(1)[0] == "hand"
    assert any(n.topic == "Bumping by entering" for n in notes_for(load_ruleset("neeley")))
