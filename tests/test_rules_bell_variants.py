"""Bell's variants: playing without gambling (miss a turn, move backwards) and partnerships.

Bell's closing notes (bell-1960-rules-cyningstan.txt): "If players do not wish to gamble, then the rules
about the pot and forfeits can be ignored. Landing on a square next to a wedge shaped marking … would
instead occur another penalty. The simplest suggestion is that the player should miss a turn. Another
reflects the double penalty: the affected piece must move backwards on the following turn." A's wedge
squares (clockwise) are 5, 12, 20, 27, …; its rounded squares 8, 9, 23, 24, ….
"""

from __future__ import annotations

import numpy as np
import pytest
from helpers import P, act, kinds, legal, pays

from printgen.engine import kernel as k
from printgen.engine import layout as lay
from printgen.engine import notation
from printgen.engine.events import EventKind
from printgen.engine.position import HAND, Phase, Position
from printgen.engine.rng import cast_marks, next_u32, seed_rng
from printgen.engine.simulate import scratch_buffers
from printgen.engine.tables import tables_for
from printgen.errors import PositionError, RulesetError
from printgen.ruleset_files import load_ruleset
from printgen.rulesets import builtin_text, parse_ruleset
from printgen.rulesets.load import read_toml

MISS = "bell+no_gambling/2 g1 move {to} starter=A last=- pool=0 offering=0 | A 0 cw {a} | B 0 cw {b}"
BACK = "bell+no_gambling_backwards/2 g1 move {to} starter=A last=- pool=0 offering=0 | A 0 cw {a} | B 0 cw {b}"
REST = "h,h,h,h,h"


def miss(a: str, b: str = "40,h,h,h,h,h", to: str = "A") -> Position:
    return P(MISS.format(a=a, b=b, to=to))


def back(a: str, b: str = "40,h,h,h,h,h", to: str = "A") -> Position:
    return P(BACK.format(a=a, b=b, to=to))


# ---- without gambling: no chips, one game ----

@pytest.mark.parametrize("spec", ["bell+no_gambling", "bell+no_gambling_backwards"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_gambling_has_no_chips_stake_or_pot(spec: str, players: int) -> None:
    rs = load_ruleset(spec)
    pos = Position.new(rs, players)
    assert not rs.economy.gambling and rs.economy.starting_items == 0
    assert pos.pool == 0 and pos.total_items() == 0
    assert all(getattr(rs.payments, e).amount == 0 for e in ("wedge", "no_move", "bear_off", "capture", "null_cast"))


def test_no_gambling_first_to_bear_off_every_piece_wins_the_contest() -> None:
    pos, events = act(miss("58,*,*,*,*,*"), 2, "58-60")
    assert pos.phase is Phase.OVER and pos.winner == 0 and pos.game == 1
    assert EventKind.CONTEST_WON in kinds(events) and pays(events) == []


def test_no_gambling_a_blocked_cast_and_bearing_off_cost_nothing() -> None:
    pos = miss("58,h,h,h,h,h", b="41,h,h,h,h,h")
    assert legal(pos, 10) == ["pass"]
    pos, events = act(pos, 10, "pass")
    assert pays(events) == [] and pos.to_move == 1
    pos, events = act(miss("58,h,h,h,h,h", b="41,h,h,h,h,h"), 2, "58-60")
    assert pays(events) == [] and pos.places(0)[0] == "home" and pos.phase is Phase.MOVE


def test_no_gambling_wedge_makes_the_player_miss_a_turn() -> None:
    pos, events = act(miss("3," + REST, b="41,h,h,h,h,h"), 2, "3-5")
    assert EventKind.PENALTY in kinds(events) and pays(events) == [] and pos.penalty(0) == "miss"
    assert pos.to_move == 1
    pos, events = act(pos, 2, "41-43")
    assert EventKind.MISS_TURN in kinds(events) and pos.to_move == 1 and pos.penalty(0) is None
    pos, events = act(pos, 2, "43-45")
    assert EventKind.MISS_TURN not in kinds(events) and pos.to_move == 0


def test_no_gambling_miss_a_turn_in_three_player_order() -> None:
    text = ("bell+no_gambling/3 g1 move A starter=A last=- pool=0 offering=0 | A 0 cw 3,h,h,h,h "
            "| B 0 cw 18,h,h,h,h | C 0 cw 33,h,h,h,h")
    pos, _ = act(P(text), 2, "3-5")
    pos, _ = act(pos, 1, "18-19")
    pos, events = act(pos, 1, "33-34")
    assert EventKind.MISS_TURN in kinds(events) and pos.to_move == 1


def test_no_gambling_rounded_square_still_gives_another_turn() -> None:
    pos, events = act(miss("6," + REST), 2, "6-8")
    assert EventKind.EXTRA_TURN in kinds(events) and pos.to_move == 0


# ---- without gambling, moving backwards ----

def test_no_gambling_backwards_wedge_piece_must_move_back_next_turn() -> None:
    pos, events = act(back("10,3,h,h,h,h", b="41,h,h,h,h,h"), 2, "10-12")
    assert EventKind.PENALTY in kinds(events) and pos.penalty(0) == 12
    pos, _ = act(pos, 2, "41-43")
    assert legal(pos, 3) == ["12-9"]  # only that piece, backwards: no other piece moves, nothing enters
    assert legal(pos, 1) == ["12-11"]
    pos, events = act(pos, 3, "12-9")
    assert EventKind.MOVE_BACK in kinds(events) and pos.places(0)[0] == 9
    assert EventKind.EXTRA_TURN in kinds(events) and pos.to_move == 0  # 9 is rounded: another turn
    assert pos.penalty(0) is None and legal(pos, 2) == ["9-11", "3-5"]


def test_no_gambling_backwards_blocked_piece_passes_and_the_penalty_is_spent() -> None:
    pos = P(BACK.format(a="12,h,h,h,h,h", b="10,h,h,h,h,h", to="A").replace("12,h,h,h,h,h", "12,h,h,h,h,h back=12"))
    assert legal(pos, 2) == ["pass"]
    pos, events = act(pos, 2, "pass")
    assert pays(events) == [] and pos.penalty(0) is None and pos.to_move == 1


def test_no_gambling_backwards_past_the_start_goes_back_to_the_hand() -> None:
    pos = P(BACK.format(a="5,3,h,h,h,h back=5", b="40,h,h,h,h,h", to="A"))
    assert legal(pos, 10) == ["5-h"]
    pos, events = act(pos, 10, "5-h")
    assert pos.places(0)[0] == HAND and pos.board() == {3: 0, 40: 1}
    assert [e.to_cell for e in events if e.kind is EventKind.MOVE_BACK] == [None]


def test_no_gambling_backwards_a_cast_with_no_score_spends_the_penalty() -> None:
    pos = P(BACK.format(a="27,h,h,h,h,h back=27", b="40,h,h,h,h,h", to="A"))
    pos, _ = act(pos, 0, "pass")
    assert pos.penalty(0) is None and pos.to_move == 1 and pos.places(0)[0] == 27


def test_no_gambling_backwards_landing_backwards_works_like_any_landing() -> None:
    pos = P(BACK.format(a="27,h,h,h,h,h back=27", b="40,h,h,h,h,h", to="A"))
    pos, events = act(pos, 4, "27-23")
    assert EventKind.EXTRA_TURN in kinds(events) and pos.to_move == 0 and pos.penalty(0) is None
    pos = P(BACK.format(a="15,h,h,h,h,h back=15", b="40,h,h,h,h,h", to="A"))
    pos, events = act(pos, 3, "15-12")
    assert EventKind.PENALTY in kinds(events) and pos.penalty(0) == 12 and pos.to_move == 1


def test_the_two_no_gambling_options_cannot_be_combined() -> None:
    with pytest.raises(RulesetError, match="options 'no_gambling' and 'no_gambling_backwards' cannot be combined"):
        load_ruleset("bell+no_gambling+no_gambling_backwards")


# ---- notation of pending penalties ----

def test_pending_penalties_round_trip_through_both_notations() -> None:
    for line in (MISS.format(a="5,h,h,h,h,h miss", b="40,h,h,h,h,h", to="B"),
                 BACK.format(a="12,h,h,h,h,h back=12", b="40,h,h,h,h,h", to="A")):
        pos = P(line)
        assert notation.to_compact(pos) == line
        assert notation.from_json(notation.to_json(pos)) == pos


@pytest.mark.parametrize(("line", "message"), [
    (MISS.format(a="5,h,h,h,h,h miss", b="40,h,h,h,h,h", to="A"), "misses its next turn, so it cannot be the one"),
    (MISS.format(a="5,h,h,h,h,h back=5", b="40,h,h,h,h,h", to="A"), "no wedge penalty of moving a piece backwards"),
    (BACK.format(a="5,h,h,h,h,h back=7", b="40,h,h,h,h,h", to="A"), "back=7 names no piece of seat A"),
    ("bell/2 g1 move B starter=A last=- pool=4 offering=0 | A 18 cw 5,h,h,h,h,h miss | B 18 cw 40,h,h,h,h,h",
     "no wedge penalty of missing a turn"),
])
def test_impossible_penalties_are_refused(line: str, message: str) -> None:
    with pytest.raises(PositionError, match=message):
        P(line)


# ---- partnerships ----

PARTNERS = "bell+partnerships/4 g1 move {to} starter=A last=- pool=8 offering=0 | {a} | {b} | {c} | {d}"


@pytest.mark.parametrize("players", [2, 3])
def test_partnerships_refuse_fewer_than_four_players(players: int) -> None:
    with pytest.raises(RulesetError, match="is for 4 players, not"):
        Position.new(load_ruleset("bell+partnerships"), players)


def test_partnerships_a_partner_with_every_piece_home_no_longer_casts() -> None:
    pos = P(PARTNERS.format(to="A", a="A 18 cw 58,*,*,*", b="B 18 cw 40,h,h,h", c="C 18 cw 10,h,h,h",
                            d="D 18 cw 25,h,h,h"))
    pos, events = act(pos, 2, "58-60")
    assert EventKind.GAME_WON not in kinds(events) and pos.to_move == 1
    pos, _ = act(pos, 2, "40-42")
    pos, _ = act(pos, 2, "10-12")
    pos, events = act(pos, 2, "25-27")
    assert pos.to_move == 1  # A is passed over: no cannot-move penalty for a partner who has finished
    assert not [p for p in pays(events) if p[0] == "no_move"]


def test_partnerships_team_wins_when_the_other_partner_goes_bankrupt() -> None:
    # C cannot pay the bear-off penalty to B: C is out, and A, the partner left, has borne off every piece.
    pos = P(PARTNERS.format(to="B", a="A 18 cw *,*,*,*", b="B 18 cw 13,*,*,*", c="C 0 cw 10,h,h,h",
                            d="D 24 cw 25,h,h,h").replace("pool=8", "pool=20"))
    pos, events = act(pos, 2, "13-15")
    assert EventKind.BANKRUPT in kinds(events) and EventKind.GAME_WON in kinds(events)
    assert [e.player for e in events if e.kind is EventKind.GAME_WON] == [0]
    assert pos.game == 2 and pos.last_winner == 0
    notation.from_compact(notation.to_compact(pos))  # the engine's position parses back


def test_partnerships_without_gambling_first_team_home_wins() -> None:
    text = ("bell+partnerships+no_gambling/4 g1 move C starter=A last=- pool=0 offering=0 | A 0 cw *,*,*,* "
            "| B 0 cw 40,h,h,h | C 0 cw 28,*,*,* | D 0 cw 25,h,h,h")
    pos, events = act(P(text), 2, "28-30")
    assert pos.phase is Phase.OVER and pos.winner == 0 and pos.team(pos.winner) == pos.team(2)
    assert notation.from_compact(notation.to_compact(pos)) == pos


@pytest.mark.parametrize("spec", ["bell+partnerships", "bell+partnerships+no_gambling_backwards"])
def test_partnerships_random_contests_never_leave_a_finished_team_playing(spec: str) -> None:
    """Random contests in the kernel: no seat with every piece home ever casts, and a team whose partners
    still in the contest are all home has always been awarded the game (the position parses back)."""
    rs = load_ruleset(spec)
    t = tables_for(rs, 4)
    st = np.zeros(lay.STATE_SIZE, dtype=np.int64)
    rng = np.zeros(4, dtype=np.int64)
    seed_rng(rng, 8)
    ev, out = scratch_buffers()
    games = finished_turns = 0
    while games < 150:
        k.init_contest(st, t, ev)
        while st[k.H_PHASE] != k.PHASE_OVER:
            game = st[k.H_GAME]
            marks = cast_marks(t, rng) if st[k.H_PHASE] != k.PHASE_BET else 0
            n = k.legal_moves(st, t, marks, out)
            ev[0] = 0
            k.play(st, t, marks, out[next_u32(rng) % n], ev)
            games += st[k.H_GAME] != game or st[k.H_PHASE] == k.PHASE_OVER
            if st[k.H_PHASE] == k.PHASE_MOVE:
                p = st[k.H_TO_MOVE]
                finished_turns += lay.borne_off(st, p) == t.n_pieces
                home = [all(lay.borne_off(st, q) == t.n_pieces for q in (s, s + 2)
                            if lay.solvent(st, q)) for s in (0, 1)]
                assert not any(home), notation.to_compact(Position(rs, 4, tuple(int(x) for x in st)))
    assert finished_turns == 0


def test_a_move_back_penalty_that_traps_every_piece_is_refused() -> None:
    # Only 1 and 11 score on 11-cell quarters with a wedge at depth 2: +11 from a wedge lands on the next
    # wedge, and a piece can never get past one, so no game could end.
    data = read_toml(builtin_text("bell"), "trap.toml")
    data["board"].update(arm_length=5, wedge_depths=[2], rounded_depths=[5])
    data["beans"].update(count=2, scores=[11, 0, 1], null_cast="recast")
    data["entry"].update(first_any=False)
    data["options"] = {}  # Bell's own options would be tried too, and one of them moves back
    data["penalties"] = {"wedge": "move_back"}
    with pytest.raises(RulesetError, match="no run of casts brings a piece exactly to its end"):
        parse_ruleset(data, "trap.toml")
    data["penalties"] = {"wedge": "miss_turn"}
    assert parse_ruleset(data, "trap.toml").penalties.wedge.value == "miss_turn"
