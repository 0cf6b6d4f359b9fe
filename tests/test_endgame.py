"""The exact endgame tables, read by every player through the evaluation (printgen/players/solve/endgame.py).

A real game's position in which each seat has one piece left (the others home) is read from the table of the
one-piece race. The proof that the real kernel and the table agree is Bellman's equation, checked on positions of
real games played by the real kernel: a held position's value is the probability-weighted best of the values
after each move of each cast, every one read from the table again. A wrong index (a piece, a direction, a
penalty or the seat to move misplaced) breaks it by far more than the tables' 16-bit rounding.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from typer.testing import CliRunner

from printgen.cli.app import app
from printgen.engine import kernel as k
from printgen.engine import layout as lay
from printgen.engine.integrity import state_fault
from printgen.engine.position import Position
from printgen.engine.tables import tables_for
from printgen.errors import OptionError
from printgen.players.analysis.advisor import advise
from printgen.players.evaluation.exact import NOT_HELD, exact_value, values_after
from printgen.players.evaluation.features import V_GAME, cast_probabilities, evaluate, evaluation_buffers
from printgen.players.roster.eval_tables import eval_tables_for
from printgen.players.search.plain import make_scratch
from printgen.players.search.pruned import NO_FILTER, best_move
from printgen.players.solve.endgame import endgame_game, find_endgame, least_holding, piece_cap
from printgen.players.solve.index import E_HOLD, E_PIECES, decode
from printgen.players.solve.solver import solved_game
from printgen.players.solve.store import SCALE
from printgen.rulesets import load_builtin
from printgen.rulesets.model import Ruleset

runner = CliRunner()
ROUNDING = 1.0 / SCALE  # two values each rounded to 16 bits, and a weighted sum of them, differ by less


def held_positions(spec: str | Ruleset, count: int, seed: int) -> list[np.ndarray]:
    """Returns seeded positions of a real two-player game of a built-in ruleset that its endgame table holds: a
    table entry drawn at random, lifted into the real game (every other piece home), each seat rich enough that
    one payment leaves it held (twice the least holding). The kernel's integrity check accepts each."""
    r = load_builtin(spec) if isinstance(spec, str) else spec
    t, et = tables_for(r, 2), eval_tables_for(r, 2)
    table = find_endgame(r, 2)
    assert table is not None
    lt, small = table.layout, table.tables
    rng = np.random.default_rng(seed)
    st = np.zeros(lay.STATE_SIZE, dtype=np.int64)
    found: list[np.ndarray] = []
    while len(found) < count:
        if not decode(int(rng.integers(lt.size)), st, small, lt):
            continue
        real = st.copy()
        for p in range(2):
            for i in range(lt.n_pieces, t.n_pieces):
                lay.set_progress(real, p, i, t.n_cells)
                lay.set_borne_off(real, p, lay.borne_off(real, p) + 1)
            lay.set_holding(real, p, max(int(t.starting_items), 2 * int(et.end_shape[E_HOLD])))
        if state_fault(real, t) == 0 and exact_value(real, t, et) != NOT_HELD:
            found.append(real)
    return found


@pytest.mark.parametrize("spec", ["bell+no_gambling", "bell+no_gambling_backwards", "gatigo", "neeley", "ocastudios"])
def test_the_table_values_real_games_endgames_as_the_real_kernel_plays_them(spec: str) -> None:
    r = load_builtin(spec)
    t, et = tables_for(r, 2), eval_tables_for(r, 2)
    assert et.end_shape[E_PIECES] == 1 and t.n_pieces > 1, "the shipped table holds one piece left a side"
    probs = cast_probabilities(r)
    moves, out = np.zeros(64, dtype=np.int64), np.zeros(64)
    work, ev = np.zeros(lay.STATE_SIZE, dtype=np.int64), np.zeros(1 + k.EV_MAX * k.EV_WIDTH, dtype=np.int64)
    worst = 0.0
    for st in held_positions(spec, 150, 5):
        expected = 0.0
        for marks, p in enumerate(probs):
            if p == 0:
                continue
            n = k.legal_moves(st, t, marks, moves)
            assert values_after(st, t, et, marks, moves, n, out, work, ev) == n, "a move left the table"
            expected += p * out[:n].max()
        worst = max(worst, abs(expected - exact_value(st, t, et)))
    assert worst <= ROUNDING, f"{spec}: Bellman's equation off by {worst:.2e}"


def test_with_an_economy_a_seat_too_poor_for_the_largest_payment_is_not_read_from_the_table() -> None:
    r = load_builtin("bell")
    t, et = tables_for(r, 2), eval_tables_for(r, 2)
    assert least_holding(t) == int(t.pay.max()) == et.end_shape[E_HOLD] > 0
    st = held_positions("bell", 1, 3)[0]
    assert exact_value(st, t, et) != NOT_HELD
    poor = st.copy()
    lay.set_holding(poor, lay.to_move(st), et.end_shape[E_HOLD] - 1)
    assert exact_value(poor, t, et) == NOT_HELD
    assert least_holding(tables_for(load_builtin("bell+no_gambling"), 2)) == 0  # no economy: nothing to pay


def test_the_evaluation_every_player_reads_gives_the_tables_chance_to_win_the_game() -> None:
    r = load_builtin("gatigo")
    t, et = tables_for(r, 2), eval_tables_for(r, 2)
    out, fx = evaluation_buffers()
    for st in held_positions("gatigo", 20, 9):
        evaluate(st, t, et, lay.game(st), out, fx)
        m = lay.to_move(st)
        assert out[V_GAME, m] == exact_value(st, t, et) and out[V_GAME, 1 - m] == 1.0 - exact_value(st, t, et)


def test_the_advisor_playing_takes_a_move_perfect_play_takes_in_every_held_position() -> None:
    """The computer player (the pruned search at the default level) reads the table through its leaves: where the
    game is the contest, the move it plays is one of the moves best under perfect play, every time. Bell's game of
    one piece a side is held whole by its table, and its choice is the direction a piece enters in."""
    r = solved_game(load_builtin("bell"), 1)
    t, et = tables_for(r, 2), eval_tables_for(r, 2)
    sc = make_scratch(3, 0)
    rng = np.zeros(4, dtype=np.int64)
    out = np.zeros(64)
    work, ev = np.zeros(lay.STATE_SIZE, dtype=np.int64), np.zeros(1 + k.EV_MAX * k.EV_WIDTH, dtype=np.int64)
    decisions = 0
    for st in held_positions(r, 2000, 2):
        for marks in range(len(cast_probabilities(r))):
            n = k.legal_moves(st, t, marks, sc.moves[0])
            if n < 2:
                continue
            moves = sc.moves[0, :n].copy()
            values_after(st, t, et, marks, moves, n, out, work, ev)
            chosen = best_move(st, t, et, sc, marks, 3, n, 0.0, rng, NO_FILTER)
            assert out[list(moves).index(chosen)] >= out[:n].max() - ROUNDING
            decisions += 1
    assert decisions >= 30


def test_advise_says_which_chances_are_exact_in_the_terminal_and_in_json() -> None:
    from printgen.cli.advice_view import analysis_json

    r = load_builtin("bell+no_gambling")
    st = held_positions("bell+no_gambling", 1, 4)[0]
    pos = Position(r, 2, tuple(int(x) for x in st))
    a = advise(pos, 1, level=1)
    assert a.exact is not None and a.exact_pieces == 1 and not a.calibrated
    assert {s.game_source for s in a.suggestions} == {s.contest_source for s in a.suggestions} == {"exact"}
    data = analysis_json(a)
    assert data["endgame_pieces"] == 1 and {m["game_source"] for m in data["moves"]} == {"exact"}
    gambling = advise(Position(load_builtin("bell"), 2, tuple(int(x) for x in held_positions("bell", 1, 4)[0])), 1)
    assert {s.game_source for s in gambling.suggestions} <= {"mapped", "searched"}  # the table leaves out a ruin


def test_an_endgame_race_drops_the_rules_of_a_games_start_but_a_whole_solved_game_keeps_them() -> None:
    bell = load_builtin("bell")
    assert bell.entry.first_any and not endgame_game(bell, 1).entry.first_any
    oca = load_builtin("ocastudios")
    assert oca.players.start_on_board and not endgame_game(oca, 2).players.start_on_board
    one = solved_game(bell, 1)
    assert endgame_game(one, 1).entry.first_any  # one piece a side: the endgame is the whole game
    assert find_endgame(load_builtin("bell"), 3) is None  # three players: no table


def test_the_cap_on_pieces_is_read_and_checked(monkeypatch) -> None:
    monkeypatch.setenv("PATOLLI_ENDGAME_PIECES", "0")
    assert piece_cap() == 0
    monkeypatch.setenv("PATOLLI_ENDGAME_PIECES", "seven")
    with pytest.raises(OptionError, match="PATOLLI_ENDGAME_PIECES"):
        piece_cap()


def test_endgames_command_lists_each_games_tables() -> None:
    r = runner.invoke(app, ["lab", "endgames", "--list", "--left", "3", "-r", "gatigo", "-r", "bell", "--json"])
    assert r.exit_code == 0, r.output
    report = json.loads(r.output.strip().splitlines()[-1])
    rows = {(t["ruleset"], t["pieces"]): t for t in report["tables"]}
    assert rows[("gatigo", 1)]["state"] == "ready" and rows[("gatigo", 1)]["entries"] == 5_618
    # The largest two-piece table (a pending penalty per seat: 9 times Bell's) is within the solver's reach; every
    # three-piece one is beyond it, and says so.
    assert rows[("bell+no_gambling_backwards", 2)]["state"] in ("not built", "ready")
    assert rows[("bell+no_gambling_backwards", 2)]["entries"] == 257_599_602
    assert rows[("bell+no_gambling", 3)]["state"] == "too large"
    assert "builds at most 300,000,000" in rows[("bell+no_gambling", 3)]["why"]
    assert report["reads"]["bell"] == 1  # the shipped table (the tests cap the pieces at one)
    bad = runner.invoke(app, ["lab", "endgames", "--left", "4"])
    assert bad.exit_code == 2


def test_a_ruleset_named_with_options_builds_that_set_alone() -> None:
    """`-r bell` means Bell with every set of its options; `-r bell+no_gambling_backwards` that one, so its table
    (hours of a core) can be built without the others."""
    r = runner.invoke(app, ["lab", "endgames", "--list", "-r", "bell+no_gambling_backwards", "--json"])
    assert r.exit_code == 0, r.output
    report = json.loads(r.output.strip().splitlines()[-1])
    assert {t["ruleset"] for t in report["tables"]} == {"bell+no_gambling_backwards"}
    r = runner.invoke(app, ["lab", "endgames", "--list", "-r", "bell", "--json"])
    report = json.loads(r.output.strip().splitlines()[-1])
    assert {"bell", "bell+no_gambling", "bell+no_gambling_backwards"} <= {t["ruleset"] for t in report["tables"]}
