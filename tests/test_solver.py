"""The solver of small games: exact values checked against brute force through the kernel, the table's layout
against the kernel's states, storage, `advise` on a solved game, and `patolli lab solve`."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from helpers import CliRunner, tiny_text
from solver_brute import brute_force

from printgen.cli.app import app
from printgen.engine import kernel as k
from printgen.engine import layout as lay
from printgen.engine.position import Phase, Position
from printgen.engine.rng import cast_marks
from printgen.players.analysis.yardstick import measure
from printgen.players.roster.registry import seeded_rng
from printgen.players.solve.index import decode, encode
from printgen.players.solve.solver import a_begins, monotone, solve, solved_game
from printgen.players.solve.store import SCALE, find_table, save
from printgen.ruleset_files import load_ruleset
from printgen.rulesets import parse_ruleset
from printgen.rulesets.load import read_toml

runner = CliRunner()


def tiny(**kw: object):  # -> Ruleset
    return parse_ruleset(read_toml(tiny_text(**kw), "tiny.toml"), "tiny.toml", origin="tiny")  # type: ignore[arg-type]


VARIANTS = {
    "race, choose direction, miss a turn": dict(direction="choose", first_any=True, wedge="miss_turn"),
    "captures at centre and start, recast": dict(capture='["centre", "start", "end"]', null="recast",
                                                   start_on_board=1),
    "wedge sends the piece back": dict(wedge="move_back", capture='["before_centre"]'),
}


@pytest.mark.parametrize("name", VARIANTS)
def test_the_solver_agrees_with_brute_force_over_the_kernel(name: str) -> None:
    game = tiny(**VARIANTS[name])
    solution = solve(game, tolerance=1e-14)
    truth = brute_force(game)
    tmp = np.zeros(2 * lay.MAXK, dtype=np.int64)
    worst = max(abs(solution.values[encode(np.array(st), solution.tables, solution.layout, tmp)] - v)
                for st, v in truth.items())
    assert len(truth) > 500
    assert worst < 1e-9
    assert solution.method == ("backward pass" if monotone(solution.tables) else "value iteration")


@pytest.mark.slow
def test_two_pieces_a_side_agree_with_brute_force_from_late_in_a_race() -> None:
    from printgen.engine.position import build, facts_of

    game = tiny(pieces=2, wedge="miss_turn")  # every game from the start is too many states for plain Python
    facts = facts_of(Position.new(game, 2))
    for seat, steps in ((0, (14, 19)), (1, (13, 21))):
        facts.seats[seat].pieces = [Position.new(game, 2).path(seat)[s] for s in steps]
    solution = solve(game, tolerance=1e-14)
    truth = brute_force(game, starts=[build(facts).array()])
    tmp = np.zeros(2 * lay.MAXK, dtype=np.int64)
    worst = max(abs(solution.values[encode(np.array(st), solution.tables, solution.layout, tmp)] - v)
                for st, v in truth.items())
    assert len(truth) > 500 and worst < 1e-9


def _played_states(game, games: int = 20):  # -> list[np.ndarray]
    """Returns every move-phase state of random games of a game."""
    t = Position.new(game, 2).tables
    moves = np.zeros(lay.MAXK + 8, dtype=np.int64)
    ev = np.zeros(1 + k.EV_MAX * k.EV_WIDTH, dtype=np.int64)
    out = []
    for g in range(games):
        rng = seeded_rng(g)
        st = Position.new(game, 2).array()
        while st[lay.H_PHASE] != k.PHASE_OVER:
            marks = cast_marks(t, rng)
            n = k.legal_moves(st, t, marks, moves)
            if st[lay.H_PHASE] == k.PHASE_MOVE:
                out.append(st.copy())
            k.play(st, t, marks, moves[int(rng[0]) % n], ev)
            ev[0] = 0
    return out


@pytest.mark.parametrize("spec", ["tiny, choose, backwards", "neeley", "ocastudios", "gatigo"])
def test_a_position_decoded_from_its_index_plays_as_the_kernel_state_does(spec: str) -> None:
    game = (tiny(pieces=2, direction="choose", first_any=True, wedge="move_back", capture='["centre"]')
            if spec.startswith("tiny") else solved_game(load_ruleset(spec), 2))
    from printgen.players.solve.index import layout_for

    t = Position.new(game, 2).tables
    lt = layout_for(t)
    tmp = np.zeros(2 * lay.MAXK, dtype=np.int64)
    back = np.zeros(lay.STATE_SIZE, dtype=np.int64)
    moves_a, moves_b = np.zeros(32, dtype=np.int64), np.zeros(32, dtype=np.int64)
    states = _played_states(game)
    assert len(states) > 100
    for st in states:
        index = encode(st, t, lt, tmp)
        assert 0 <= index < lt.size and decode(index, back, t, lt)
        assert encode(back, t, lt, tmp) == index
        for marks in range(game.beans.count + 1):
            na, nb = k.legal_moves(st, t, marks, moves_a), k.legal_moves(back, t, marks, moves_b)
            assert na == nb
            for i in range(na):  # the same moves (pieces may be numbered otherwise) lead to the same positions
                a, b = st.copy(), back.copy()
                k.play(a, t, marks, moves_a[i], np.zeros(1 + k.EV_MAX * k.EV_WIDTH, dtype=np.int64))
                j = [x for x in range(nb) if _target(back, t, marks, moves_b[x]) == _target(st, t, marks, moves_a[i])]
                assert len(j) == 1
                k.play(b, t, marks, moves_b[j[0]], np.zeros(1 + k.EV_MAX * k.EV_WIDTH, dtype=np.int64))
                if a[lay.H_PHASE] == k.PHASE_OVER:
                    assert b[lay.H_PHASE] == k.PHASE_OVER and a[lay.H_WINNER] == b[lay.H_WINNER]
                else:
                    assert encode(a, t, lt, tmp) == encode(b, t, lt, tmp)


def _target(st, t, marks, code) -> tuple[int, int]:
    """Returns (kind, where from) of a move, the same whichever number its piece has."""
    if code < 0 or code >= k.ENTER_CW:
        return int(code), -9
    return 0, int(st[lay.K0 + st[lay.H_TO_MOVE] * lay.MAXK + code])


def test_the_solved_game_is_the_ruleset_for_two_with_n_pieces_and_no_items() -> None:
    game = solved_game(load_ruleset("bell"), 2)
    assert game.name == "bell-2" and game.players.pieces == (2,) and game.player_counts() == range(2, 3)
    assert not game.economy.gambling and game.payments.wedge.amount == 0
    assert game.board == load_ruleset("bell").board


def test_the_opening_of_a_symmetric_game_is_even_and_the_first_to_move_is_ahead() -> None:
    bell = solve(solved_game(load_ruleset("bell"), 1))
    assert a_begins(bell.ruleset) == pytest.approx(0.5)
    assert bell.opening_value() == pytest.approx(0.5, abs=1e-12)
    gatigo = solve(solved_game(load_ruleset("gatigo"), 1))
    assert a_begins(gatigo.ruleset) == 1.0
    assert 0.5 < gatigo.opening_value() < 0.6


def test_a_stored_table_reads_back_to_16_bits_and_is_found_for_the_same_race(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("PATOLLI_CACHE_DIR", str(tmp_path))
    game = tiny(capture='["centre"]')
    find_table.cache_clear()
    assert find_table(game, 2) is None
    solution = solve(game)
    path = save(solution)
    assert path is not None and path.parent == tmp_path / "solved"
    again = find_table(tiny(capture='["centre"]'), 2)
    assert again is not None and again.source == str(path)
    assert np.max(np.abs(again.values - solution.values)) <= 0.5 / SCALE + 1e-12
    assert find_table(tiny(capture='["start"]'), 2) is None  # another race, another table
    assert find_table(load_ruleset("gatigo"), 2) is None  # played with items: no table holds it
    find_table.cache_clear()


def test_advise_gives_exact_values_on_a_solved_game_and_says_so(tmp_path: Path, monkeypatch) -> None:
    from printgen.players.analysis.advisor import advise

    monkeypatch.setenv("PATOLLI_CACHE_DIR", str(tmp_path))
    find_table.cache_clear()
    game = tiny(capture='["centre", "start", "end"]')
    solution = solve(game)
    save(solution)
    pos = Position.new(game, 2)
    assert pos.phase is Phase.MOVE
    for marks in range(4):
        codes, exact = solution.move_values(pos, marks)
        a = advise(pos, marks, level=0)
        assert a.exact is not None
        assert a.best.win_game == pytest.approx(max(exact), abs=1e-4)
        assert [s.win_contest for s in a.suggestions] == sorted((s.win_contest for s in a.suggestions), reverse=True)
    find_table.cache_clear()
    assert advise(Position.new(load_ruleset("gatigo"), 2), 1, level=0).exact is None


def test_perfect_play_never_loses_to_the_advisor_over_many_games_on_average() -> None:
    from printgen.players.analysis.yardstick import versus

    solution = solve(tiny(capture='["centre", "start", "end"]', pieces=1, direction="choose", first_any=True))
    won, games = versus(solution, 0, 200, seed=2)
    assert games == 200 and won >= 80  # at worst even (100 of 200), with room for chance


def test_the_yardstick_counts_decisions_and_repeats_with_its_seed() -> None:
    solution = solve(tiny(direction="choose", first_any=True))  # one piece a side: the direction is the choice
    a, b = measure(solution, 0, games=6, seed=3), measure(solution, 0, games=6, seed=3)
    assert a.decisions > 0 and a.as_dict() == b.as_dict()
    assert 0 <= a.optimal_choices <= a.choices <= a.decisions and a.optimal <= a.decisions
    assert a.mean_loss >= 0 and a.share_ci[0] <= a.share <= a.share_ci[1]


def test_solve_command_prints_the_table_and_measures(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("PATOLLI_CACHE_DIR", str(tmp_path))
    find_table.cache_clear()
    rules = tmp_path / "tiny.toml"
    rules.write_text(tiny_text(capture='["centre"]'), "utf-8")
    r = runner.invoke(app, ["lab", "solve", "--ruleset", str(rules), "--json", "--measure", "--levels", "0,1",
                            "--games", "3", "--versus", "4", "--export", str(tmp_path / "tiny-1.toml")])
    assert r.exit_code == 0, r.output
    report = json.loads(r.output.strip().splitlines()[-1])  # the JSON is the last line (any engine warm-up before)
    assert report["solved_now"] and report["positions"] > 0 and report["entries"] >= report["positions"]
    assert [y["level"] for y in report["yardstick"]] == [0, 1]
    assert [(v["level"], v["games"]) for v in report["versus"]] == [(0, 4), (1, 4)]
    assert all(0 <= v["perfect_won"] <= 4 for v in report["versus"])
    assert load_ruleset(str(tmp_path / "tiny-1.toml")).players.pieces == (1,)
    r = runner.invoke(app, ["lab", "solve", "--ruleset", str(rules)])
    assert r.exit_code == 0 and "read from" in r.output and "opening: A wins" in r.output
    r = runner.invoke(app, ["lab", "solve", "--ruleset", str(rules), "--measure", "--levels", "0", "--games", "2"])
    assert r.exit_code == 0 and "Traceback" not in r.output, r.output  # measured without --versus
    r = runner.invoke(app, ["lab", "solve", "--ruleset", str(rules), "--json", "--measure", "--levels", "0",
                             "--games", "2"])
    assert r.exit_code == 0 and json.loads(r.output.strip().splitlines()[-1])["versus"] == []
    find_table.cache_clear()


def test_solve_command_on_two_workers_writes_the_same_table(tmp_path: Path, monkeypatch) -> None:
    from printgen.players.lab import tables

    monkeypatch.setenv("PATOLLI_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(tables, "MIN_CHUNK", 2)  # a one-piece game's levels are split between the workers too
    rules = tmp_path / "tiny.toml"
    rules.write_text(tiny_text(capture='["centre"]'), "utf-8")
    written = []
    for workers in ("1", "2"):
        find_table.cache_clear()
        r = runner.invoke(app, ["lab", "solve", "--ruleset", str(rules), "--pieces", "1", "--again", "--json",
                                "--workers", workers])
        assert r.exit_code == 0, r.output
        report = json.loads(r.output.strip().splitlines()[-1])
        assert report["solved_now"]
        written.append(Path(report["table"]).read_bytes())
    assert written[0] == written[1]
    r = runner.invoke(app, ["lab", "solve", "--ruleset", str(rules), "--workers", "0"])
    assert r.exit_code == 2 and "Traceback" not in r.output
    find_table.cache_clear()


@pytest.mark.parametrize(("args", "words"), [
    (["--levels", "9"], "levels run from 0"),
    (["--levels", "x"], "write levels like"),
    (["--ruleset", "bell", "--pieces", "3"], "the solver builds at most"),
])
def test_solve_refuses_bad_input_in_one_line(args: list[str], words: str) -> None:
    r = runner.invoke(app, ["lab", "solve", "--measure", *args])
    assert r.exit_code == 2 and words in r.output and "Traceback" not in r.output


def test_solve_measures_a_network_trained_on_the_exported_game_and_refuses_one_of_another(
        tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("PATOLLI_CACHE_DIR", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    find_table.cache_clear()
    rules = tmp_path / "tiny.toml"
    rules.write_text(tiny_text(capture='["centre"]'), "utf-8")
    r = runner.invoke(app, ["lab", "solve", "--ruleset", str(rules), "--pieces", "2", "--export", "tiny-2.toml"])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["lab", "train", "--ruleset", "tiny-2.toml", "--games", "30", "--workers", "1",
                            "--out", "net.json"])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["lab", "solve", "--ruleset", str(rules), "--pieces", "2", "--json", "--measure",
                             "--levels", "1",
                            "--games", "4", "--network", "net.json"])
    assert r.exit_code == 0, r.output
    report = json.loads(r.output.strip().splitlines()[-1])
    assert report["network"] == "net.json" and report["yardstick"][0]["decisions"] > 0
    # the advisor really reads it: the tables it measures with hold the network, as its default
    from printgen.players.analysis.yardstick import network_tables, trained_network
    from printgen.players.evaluation import learned
    from printgen.players.evaluation.features import MODEL_LEARNED, NF

    table = find_table(solved_game(load_ruleset(str(rules)), 2), 2)
    et = network_tables(table, trained_network(Path("net.json"), table))
    assert int(et.default_model[0]) == MODEL_LEARNED
    assert np.array_equal(et.net, learned.entry_net(learned.read_entry(Path("net.json")), NF, "net.json"))
    # from another directory, the ruleset named at training ("tiny-2.toml") is found beside the network
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert np.array_equal(trained_network(tmp_path / "net.json", table), et.net)
    monkeypatch.chdir(tmp_path)
    # a network of another game, or --network without --measure: one line, exit 2
    r = runner.invoke(app, ["lab", "train", "--ruleset", str(rules), "--games", "10", "--workers", "1",
                             "--out", "other.json"])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["lab", "solve", "--ruleset", str(rules), "--pieces", "2", "--measure", "--levels", "0",
                            "--games", "1", "--network", "other.json"])
    assert r.exit_code == 2 and "not on tiny-2" in r.output and "Traceback" not in r.output, r.output
    r = runner.invoke(app, ["lab", "solve", "--ruleset", str(rules), "--network", "net.json"])
    assert r.exit_code == 2 and "give --measure too" in r.output
    r = runner.invoke(app, ["lab", "solve", "--ruleset", str(rules), "--measure", "--network", "missing.json"])
    assert r.exit_code == 2 and "missing.json" in r.output and "Traceback" not in r.output
    find_table.cache_clear()
