"""The pruned search (Star1/Star2, transposition table, ordering) values exactly what plain expectimax values."""

from __future__ import annotations

import json
import math
import random

import numpy as np
import pytest
from helpers import P, marks
from typer.testing import CliRunner

from printgen.cli.app import app
from printgen.engine import kernel as k
from printgen.engine.position import Phase, Position
from printgen.players.analysis.advisor import advise
from printgen.players.evaluation.features import cast_probabilities
from printgen.players.lab.benchmark import pieces_on_board, sample_positions
from printgen.players.roster.eval_tables import eval_tables_for
from printgen.players.roster.registry import player, seeded_rng
from printgen.players.search import pruned as ss
from printgen.players.search.deepening import analyse as star_analyse
from printgen.players.search.levels import STRENGTHS
from printgen.players.search.plain import GAME_WEIGHT, make_scratch
from printgen.players.search.plain import analyse as plain_analyse
from printgen.ruleset_files import load_ruleset

runner = CliRunner()
MIDGAME = "gatigo/2 g1 move A starter=A last=- pool=0 offering=0 | A 20 cw 11,24,h,h,h | B 20 cw 27,30,h,h,h"
GAMES = [("bell", None), ("gatigo", None), ("neeley", None), ("ocastudios", None), ("bell", 3), ("gatigo", 4)]


def positions(spec: str, players: int | None, count: int, seed: int) -> list[tuple[Position, int]]:
    """Returns seeded decisions with a choice from games of random players (casts drawn by the beans' chances)."""
    rs = load_ruleset(spec)
    rnd = random.Random(seed)
    rng = seeded_rng(seed)
    me = player("random")
    probs = list(cast_probabilities(rs))
    found: list[tuple[Position, int]] = []
    pos = Position.new(rs, players)
    while len(found) < count:
        if pos.phase is Phase.OVER:
            pos = Position.new(rs, players)
        m = rnd.choices(range(len(probs)), weights=probs)[0] if pos.needs_cast else 0
        if pos.phase is not Phase.OPENING and len(pos.move_codes(m)) > 1 and rnd.random() < 0.15:
            found.append((pos, m))
        pos = pos.after(m, me.choose(pos, m, rng))
    return found


def both(pos: Position, m: int, level: int) -> tuple[np.ndarray, np.ndarray, int]:
    """Returns every move's values by the plain and by the pruned search, and the pruned search's chosen index."""
    t, et, st = pos.tables, eval_tables_for(pos.ruleset, pos.players), pos.array()
    sc = make_scratch(level, pos.total_items())
    n = k.legal_moves(st, t, m, sc.moves[0])
    plain = np.zeros((n, 3))
    plain_analyse(st, t, et, sc, m, level, n, plain)
    sc = make_scratch(level, pos.total_items())
    k.legal_moves(st, t, m, sc.moves[0])
    star = np.zeros((n, 3))
    star_analyse(st, t, et, sc, m, level, n, star)
    code = ss.best_move(st, t, et, sc, m, level, n, 0.0, seeded_rng(1), ss.NO_FILTER)
    return plain, star, list(sc.moves[0, :n]).index(code)


def check(spec: str, players: int | None, count: int, levels: tuple[int, ...], seed: int) -> None:
    for pos, m in positions(spec, players, count, seed):
        for level in levels:
            plain, star, chosen = both(pos, m, level)
            assert np.abs(plain - star).max() <= 1e-9, (spec, level, pos)
            objective = plain[:, 2] + GAME_WEIGHT * plain[:, 0]
            assert objective[chosen] >= objective.max() - 1e-9, (spec, level, pos)


@pytest.mark.parametrize(("spec", "players"), GAMES)
def test_the_pruned_search_values_and_chooses_as_plain_expectimax(spec: str, players: int | None) -> None:
    check(spec, players, 4, (1, 2), 11)


@pytest.mark.slow
@pytest.mark.parametrize(("spec", "players"), GAMES)
def test_the_pruned_search_matches_plain_expectimax_to_level_3(spec: str, players: int | None) -> None:
    check(spec, players, 12, (1, 2, 3), 2026)


def test_the_chosen_move_scores_the_plain_best_value() -> None:
    pos, m = positions("bell", None, 1, 5)[0]
    t, et, st = pos.tables, eval_tables_for(pos.ruleset, 2), pos.array()
    plain, _, _ = both(pos, m, 2)
    sc = make_scratch(2, pos.total_items())
    n = k.legal_moves(st, t, m, sc.moves[0])
    sc.alive[:n] = 1
    chosen = ss.search_level(st, t, et, sc, m, 2, n, True, 0.0)  # Star1 at the root: only the best is exact
    best = plain[:, 2] + GAME_WEIGHT * plain[:, 0]
    assert sc.rootv[chosen] == pytest.approx(best.max(), abs=1e-9)
    assert (sc.rootv[:n] <= best.max() + 1e-9).all()


def test_a_second_search_of_the_same_decision_is_read_from_the_table() -> None:
    pos = P(MIDGAME)
    m = marks(pos, 3)
    t, et, st = pos.tables, eval_tables_for(pos.ruleset, 2), pos.array()
    sc = make_scratch(3, pos.total_items())
    n = k.legal_moves(st, t, m, sc.moves[0])
    sc.gen[0] += 1
    sc.alive[:n] = 1
    ss.search_level(st, t, et, sc, m, 3, n, True, math.inf)
    first = sc.rootv[:n].copy()
    searched = int(sc.stats[ss.S_NODES])
    sc.stats[:] = 0
    ss.search_level(st, t, et, sc, m, 3, n, True, math.inf)  # same generation: every root move is in the table
    assert int(sc.stats[ss.S_HITS]) == n and int(sc.stats[ss.S_NODES]) == n < searched
    assert (sc.rootv[:n] == first).all()
    sc.stats[:] = 0
    ss.search_level(st, t, et, sc, m, 2, n, True, math.inf)  # another depth left: the entries are not used
    assert int(sc.stats[ss.S_NODES]) > n
    plain, _, _ = both(pos, m, 2)
    assert np.allclose(sc.rootv[:n], plain[:, 2] + GAME_WEIGHT * plain[:, 0], atol=1e-9)


def test_noisy_players_add_noise_to_the_searched_values() -> None:
    pos, m = positions("gatigo", None, 1, 3)[0]
    plain, _, _ = both(pos, m, 1)
    values = plain[:, 2] + GAME_WEIGHT * plain[:, 0]
    rng = seeded_rng(9)
    noisy = [values[i] + 0.04 * ss.gauss(rng) for i in range(len(values))]
    t, st = pos.tables, pos.array()
    sc = make_scratch(1, pos.total_items())
    n = k.legal_moves(st, t, m, sc.moves[0])
    expected = str(pos.decode(int(sc.moves[0, int(np.argmax(noisy))]), m))
    assert str(player("noisy:1:400").choose(pos, m, seeded_rng(9))) == expected and n == len(values)


def test_the_search_of_2026_stays_playable_by_name() -> None:
    me = player("advisor-search-2026:3")
    assert me.name == "advisor-search-2026:3" and me.level == 3
    pos = P(MIDGAME)
    a = advise(pos, marks(pos, 3), level=2)
    assert str(player("advisor-search-2026:2").choose(pos, marks(pos, 3), seeded_rng(1))) == str(a.best.move)


def test_a_time_budget_returns_a_legal_move_from_a_completed_level() -> None:
    pos = P(MIDGAME)
    legal = {str(x) for x in pos.legal_moves(marks(pos, 2))}
    quick = advise(pos, marks(pos, 2), level=6, seconds=0.001)
    assert str(quick.best.move) in legal and 0 <= quick.level < 6
    assert {str(s.move) for s in quick.suggestions} == legal
    longer = advise(pos, marks(pos, 2), level=2, seconds=60)
    assert longer.level == 2  # the budget outlasts the deepest level asked for
    fixed = advise(pos, marks(pos, 2), level=2)
    assert [s.win_contest for s in longer.suggestions] == pytest.approx([s.win_contest for s in fixed.suggestions])


def test_advise_time_on_the_command_line() -> None:
    result = runner.invoke(app, ["advise", MIDGAME, "--cast", "2", "--level", "6", "--time", "0.2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert 0 <= data["level"] <= 6 and data["moves"]
    bad = runner.invoke(app, ["advise", MIDGAME, "--cast", "2", "--time", "0"])
    assert bad.exit_code == 2 and "--time" in bad.output and "Traceback" not in bad.output


def test_bench_positions_come_from_advisor_games_with_8_to_10_pieces() -> None:
    sample = sample_positions("gatigo", 4, seed=3)
    assert len(sample.positions) == 4 and 8 <= sample.fewest <= sample.most <= 10
    for pos, m in sample.positions:
        assert 8 <= pieces_on_board(pos) <= 10 and pos.phase is Phase.MOVE and len(pos.move_codes(m)) > 1


def test_bench_players_reports_the_piece_range_of_its_sample() -> None:
    result = runner.invoke(app, ["lab", "bench-players", "--ruleset", "gatigo", "--max-level", "1", "--positions", "3",
                                 "--seconds", "0", "--json"])
    assert result.exit_code == 0, result.output
    (entry,) = json.loads(result.output)["rulesets"]
    low, high = entry["pieces_on_board"]
    assert entry["ruleset"] == "gatigo" and 8 <= low <= high <= 10
    assert [x["player"] for x in entry["decision_ms"]] == ["advisor:0", "advisor:1"]
    text = runner.invoke(app, ["lab", "bench-players", "-r", "gatigo", "--max-level", "0", "--positions", "2",
                               "--seconds",
                               "0"])
    assert text.exit_code == 0 and "pieces on the board" in text.output


def test_bench_players_times_the_named_strengths_at_their_levels() -> None:
    result = runner.invoke(app, ["lab", "bench-players", "-r", "ocastudios", "--max-level", "0", "--positions", "2",
                                 "--seconds", "0", "--strengths", "--json"])
    assert result.exit_code == 0, result.output
    (entry,) = json.loads(result.output)["rulesets"]
    timed = {x["player"]: x for x in entry["decision_ms"]}
    assert list(timed) == ["advisor:0", *STRENGTHS]
    for name, s in STRENGTHS.items():
        assert timed[name]["level"] == s.level and timed[name]["positions"] == 2 and timed[name]["median"] > 0
