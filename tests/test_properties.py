"""Invariants under random valid rulesets and random play: items conserved, occupancy consistent, games end."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from printgen.engine import kernel as k
from printgen.engine.beans import Beans
from printgen.engine.layout import STATE_SIZE
from printgen.engine.notation import from_compact, to_compact
from printgen.engine.position import HAND, HOME, OUT, Phase, Position
from printgen.engine.rng import seed_rng
from printgen.engine.simulate import random_games, scratch_buffers
from printgen.engine.tables import tables_for
from printgen.errors import RulesetError
from printgen.rulesets import parse_ruleset


@st.composite
def rulesets(draw: Any) -> Any:
    arm = draw(st.integers(4, 10))
    seats = draw(st.sampled_from([2, 4]))
    hi = draw(st.integers(2, seats))
    lo = draw(st.integers(2, hi))
    count = draw(st.integers(2, 6))
    scores = [draw(st.integers(0, 12)) for _ in range(count + 1)]
    scores[draw(st.integers(1, count))] = 1
    direction = draw(st.sampled_from(["clockwise", "choose"]))
    payer_payee = st.sampled_from([("mover", "opponents"), ("mover", "pool"), ("mover", "offering"),
                                   ("opponents", "mover"), ("opponents", "pool")])

    def payment(capture: bool = False) -> dict[str, Any]:
        src, dst = ("captured", "mover") if capture and draw(st.booleans()) else draw(payer_payee)
        return {"amount": draw(st.integers(0, 3)), "from": src, "to": dst}

    middle = [d for d in range(2, arm)]
    wedge = draw(st.lists(st.sampled_from(middle), max_size=2, unique=True))
    return {
        "ruleset": {"name": "random", "title": "random"},
        "board": {"arm_length": arm, "seats": seats, "wedge_depths": wedge, "rounded_depths": [arm],
                  "capture_zones": draw(st.lists(st.sampled_from(["centre", "start", "end", "before_centre"]),
                                                 unique=True))},
        "beans": {"count": count, "mark_probability": draw(st.sampled_from(["1/2", "1/3", "2/3"])),
                  "scores": scores, "null_cast": draw(st.sampled_from(["pass", "recast"]))},
        "players": {"min": lo, "max": hi, "pieces": [draw(st.integers(1, 5)) for _ in range(hi - lo + 1)],
                    "direction": direction, "partnerships": lo == hi == 4 and draw(st.booleans()),
                    "opening": draw(st.sampled_from(["highest", "rotate", "fixed"])),
                    "start_on_board": 0 if direction == "choose" else draw(st.integers(0, 1))},
        "entry": {"scores": [1], "first_any": draw(st.booleans())},
        "economy": {"gambling": draw(st.booleans()),
                    "starting_items": draw(st.integers(3, 25)), "stake": draw(st.integers(0, 2)),
                    "betting": draw(st.sampled_from(["fixed", "choose"])),
                    "bankruptcy": draw(st.sampled_from(["cannot_pay", "empty"])),
                    "offering_to_winner": draw(st.booleans())},
        "payments": {"wedge": payment(), "no_move": payment(), "bear_off": payment(),
                     "capture": payment(capture=True), "null_cast": payment()},
        "penalties": {"wedge": draw(st.sampled_from(["none", "miss_turn", "move_back"]))},
    }


def check_invariants(pos: Position) -> None:
    rs = pos.ruleset
    assert pos.total_items() == rs.economy.starting_items * pos.players
    board = pos.board()
    on_board = 0
    for s in range(pos.players):
        places = pos.places(s)
        assert len(places) == pos.tables.n_pieces
        if pos.bankrupt(s):
            assert set(places) == {OUT}
            continue
        assert all(p in (HAND, HOME) or board[p] == s for p in places)
        on_board += sum(isinstance(p, int) for p in places)
    assert on_board == len(board)
    assert pos.holdings(pos.to_move) >= 0 and all(pos.holdings(s) >= 0 for s in range(pos.players))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=rulesets(), seed=st.integers(0, 2**31), players_pick=st.integers(0, 2))
def test_random_play_keeps_every_invariant(data: dict[str, Any], seed: int, players_pick: int) -> None:
    try:
        rs = parse_ruleset(data, "random.toml")
    except RulesetError:
        return  # an impossible random ruleset is refused; that is tested elsewhere
    players = list(rs.player_counts())[players_pick % len(rs.player_counts())]
    rng = random.Random(seed)
    beans = Beans(rs.beans)
    pos = Position.new(rs, players)
    for _ in range(150):
        check_invariants(pos)
        assert from_compact(to_compact(pos), rs) == pos
        if pos.phase is Phase.OVER:
            break
        marks = beans.cast(rng).marks
        moves = pos.legal_moves(marks)
        assert moves
        pos = pos.after(marks, rng.choice(moves))


@settings(max_examples=25, deadline=None)
@given(data=rulesets(), seed=st.integers(0, 2**31))
def test_games_end(data: dict[str, Any], seed: int) -> None:
    try:
        rs = parse_ruleset(data, "random.toml")
    except RulesetError:
        return
    t = tables_for(rs, rs.players.min_players)
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    rng = np.zeros(4, dtype=np.int64)
    seed_rng(rng, seed)
    ev, out = scratch_buffers()
    k.init_contest(state, t, ev)
    counts = np.zeros(2, dtype=np.int64)
    random_games(state, t, rng, 1, 200_000, counts, ev, out)
    if counts[0] == 0 and not (rs.economy.gambling and rs.payments.no_move.amount):
        # With nothing paid for not moving, pieces can block each other for good: then no seat moves on any cast.
        assert all(_blocked(state, t, seat) for seat in range(t.n_players)), f"no game ended in {counts[1]} turns"
        return
    assert counts[0] == 1, f"no game ended in {counts[1]} turns"


def _blocked(state: np.ndarray, t: Any, seat: int) -> bool:
    """Returns whether a seat, if it were to move, could move nothing with any cast."""
    st = state.copy()
    st[k.H_TO_MOVE] = seat
    out = np.zeros(k.MAXK + 8, dtype=np.int64)
    return all(k.legal_moves(st, t, m, out) == 1 and out[0] == k.PASS for m in range(t.n_beans + 1))
