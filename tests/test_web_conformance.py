"""The two targets agree: the engine compiled by numba for this machine, and the same source compiled to WebAssembly
and run by Node through its ES module (printgen/web/js/patolli.mjs).

On every built-in ruleset and option set, with every player count it allows, and on the largest rules the
loader accepts:
- seeded random play: every legal move list, next state and event row, folded into one digest per game kind
  (`entries.pt_trace`, run natively here and in WebAssembly there);
- whole seeded contests played by the computer (level 0) through the JavaScript API, move for move, against
  the engine's own functions called from Python (casts from the same seeds);
- the advisor on mid-game positions: the same move order at levels 0-3, chances equal to 1e-9;
- the endgame tables: every game loads its table as the app does, and the advice agrees on real games' endgames.

Skipped, with the reason, where Node is missing (`.ci/run` installs Debian's nodejs).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from printgen.engine import kernel as k
from printgen.engine import layout as lay
from printgen.engine.position import HOME, Position
from printgen.engine.rng import cast_marks, next_u32, seed_rng
from printgen.engine.tables import tables_for
from printgen.players.analysis.advisor import advise
from printgen.players.evaluation.exact import NOT_HELD, exact_value
from printgen.players.evaluation.features import EvalTables
from printgen.players.roster.eval_tables import eval_tables_for
from printgen.players.search.plain import make_scratch
from printgen.players.solve.endgame import end_fields
from printgen.players.solve.solver import solved_game
from printgen.rulesets import load_builtin, parse_ruleset
from printgen.rulesets.model import Ruleset
from printgen.web import entries as e
from printgen.web.blocks import describe
from printgen.web.export import kernel_data, move_room, ruleset_data
from tests.native_play import contest_moves
from tests.test_kernel_limits import largest_rules

ROOT = Path(__file__).resolve().parent.parent
RUNNER = ROOT / "tests" / "web" / "conformance.mjs"
NODE = shutil.which("node")
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(NODE is None, reason="node is not installed (Debian package nodejs; .ci/run "
                                                       "installs it)")]

BUILTIN_SPECS = ["bell", "bell+partnerships", "bell+no_gambling", "bell+no_gambling_backwards", "gatigo", "neeley",
                 "ocastudios", "ocastudios+empty_start"]
TRACE_POSITIONS = 100_000  # seeded positions per ruleset and player count
CONTESTS = 200  # whole contests per built-in ruleset and option set, at its fewest players
MORE_PLAYERS_CONTESTS = 20  # and at each other player count it allows (four-player gatigo runs 17,000 turns a contest)
CONTEST_TURNS = 100_000  # a contest not over by then fails the test (the longest of 20 seen: 11,829, gatigo)
# mid-game positions per built-in ruleset (two players) advised at levels 0-2, and of them advised at level 3 too
# (all 2,000 at level 3 take about five minutes more: PATOLLI_WEB_DEEP=2000, as measured for docs/web.md)
ADVICE_POSITIONS = 2_000
DEEP_POSITIONS = int(os.environ.get("PATOLLI_WEB_DEEP", "200"))
DIFF_LOG = os.environ.get("PATOLLI_WEB_DIFF_LOG")  # where to append the largest difference of each comparison
EXACT_POSITIONS = 300  # positions of each solved race looked up in its table
TOLERANCE = 1e-9


def games() -> list[tuple[str, Ruleset, int]]:
    """Returns (label, ruleset, players) for every built-in ruleset and option set and player count, and the
    largest rules."""
    out = []
    for spec in BUILTIN_SPECS:
        r = load_builtin(spec)
        out += [(f"{spec}/{p}", r, p) for p in r.player_counts()]
    for name, data in largest_rules().items():
        r = parse_ruleset(data, f"the largest rules ({name})", origin=name)
        out += [(f"largest-{name}/{p}", r, p) for p in r.player_counts()]
    return out


def _node(jobs: list[dict[str, Any]], tmp: Path) -> list[Any]:
    """Runs the Node runner on jobs; returns its results."""
    (tmp / "jobs.json").write_text(json.dumps(jobs))
    done = subprocess.run([NODE, str(RUNNER), str(tmp / "jobs.json"), str(tmp / "results.json")],
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads((tmp / "results.json").read_text())


def _write(tmp: Path, label: str, data: dict[str, Any]) -> str:
    path = tmp / (label.replace("/", "-").replace("+", "_") + ".json")
    path.write_text(json.dumps(data))
    return str(path)


def native_trace(r: Ruleset, players: int, seed: int, positions: int) -> dict[str, Any]:
    """Returns the digest of seeded random play from the natively compiled entry (what Node computes)."""
    t = tables_for(r, players)
    block = describe(list(t))
    st = np.zeros(lay.STATE_SIZE, dtype=np.int64)
    ev = np.zeros(e.EV_SIZE, dtype=np.int64)
    out = np.zeros(move_room(r, players), dtype=np.int64)
    rng = np.zeros(e.RNG_SIZE, dtype=np.int64)
    digest = np.zeros(e.DIGEST_SIZE, dtype=np.int64)
    seed_rng(rng, seed)
    a = lambda x: x.ctypes.data  # noqa: E731
    assert e.pt_trace(a(st), a(block), a(rng), positions, a(ev), a(out), out.shape[0], a(digest)) == 0
    return {"digest": format(int(digest[0]) & (2**64 - 1), "x"), "positions": int(digest[1]),
            "games": int(digest[2]), "contests": int(digest[3]), "refused": int(digest[4])}


def test_seeded_play_agrees_move_for_move_on_every_ruleset(tmp_path: Path) -> None:
    cases = games()
    jobs = [{"kind": "trace", "data": _write(tmp_path, label, kernel_data(r, p)), "seed": 1000 + i,
             "positions": TRACE_POSITIONS} for i, (label, r, p) in enumerate(cases)]
    found = _node(jobs, tmp_path)
    for i, (label, r, p) in enumerate(cases):
        want = native_trace(r, p, 1000 + i, TRACE_POSITIONS)
        assert found[i] == want, label
        assert want["games"] > 0, f"{label}: no game finished in {TRACE_POSITIONS} positions"
        assert want["refused"] == 0, f"{label}: the integrity check refused a state of the kernel's own play"


def native_contest(r: Ruleset, players: int, seed: int, level: int) -> dict[str, Any]:
    """Plays one seeded contest by the computer at a level with the engine's own functions (no entry point), in
    one compiled loop (tests/native_play.py)."""
    t = tables_for(r, players)
    et = eval_tables_for(r, players)
    sc = make_scratch(level, Position.new(r, players).total_items())
    st = np.zeros(lay.STATE_SIZE, dtype=np.int64)
    ev = np.zeros(e.EV_SIZE, dtype=np.int64)
    rng = np.zeros(e.RNG_SIZE, dtype=np.int64)
    out = np.zeros(2 * CONTEST_TURNS, dtype=np.int64)
    seed_rng(rng, seed & 0xFFFFFFFF)
    written = contest_moves(st, t, et, sc, ev, rng, level, out)
    return {"moves": out[:written].tolist(), "state": st.tolist()}


def contest_games() -> list[tuple[str, int, int]]:
    """Returns (spec, players, contests) for every built-in ruleset and option set and player count."""
    out = []
    for spec in BUILTIN_SPECS:
        r = load_builtin(spec)
        out += [(spec, p, CONTESTS if p == r.players.min_players else MORE_PLAYERS_CONTESTS) for p in r.player_counts()]
    return out


@pytest.mark.parametrize(("spec", "players", "count"), contest_games())
def test_whole_contests_agree_through_the_javascript_api(spec: str, players: int, count: int, tmp_path: Path) -> None:
    r = load_builtin(spec)
    job = {"kind": "contests", "data": _write(tmp_path, spec, ruleset_data(r, players)), "seed": 7000,
           "contests": count, "level": 0, "max_turns": CONTEST_TURNS}
    contests = _node([job], tmp_path)[0]
    assert len(contests) == count
    for c, got in enumerate(contests):
        want = native_contest(r, players, 7000 + c, 0)
        assert want["state"][lay.reader_offsets()["phase"]] == k.PHASE_OVER, f"{spec}: contest {c} never ended"
        assert got == want, f"{spec}/{players}: contest {c} differs"


def midgame_positions(r: Ruleset, players: int, count: int, seed: int) -> list[tuple[list[int], int]]:
    """Returns (state, marks) of seeded random play's positions of play with most pieces on the board."""
    t = tables_for(r, players)
    st = np.zeros(lay.STATE_SIZE, dtype=np.int64)
    ev = np.zeros(e.EV_SIZE, dtype=np.int64)
    out = np.zeros(move_room(r, players), dtype=np.int64)
    rng = np.zeros(e.RNG_SIZE, dtype=np.int64)
    seed_rng(rng, seed)
    k.init_contest(st, t, ev)
    found: list[tuple[list[int], int]] = []
    need = max(1, (t.n_pieces * players) // 2)
    while len(found) < count:
        if lay.phase(st) == k.PHASE_OVER:
            ev[0] = 0
            k.init_contest(st, t, ev)
        marks = cast_marks(t, rng) if lay.phase(st) != k.PHASE_BET else 0
        on_board = sum(int(st[lay.pb(q) + lay.P_ON_BOARD]) for q in range(players))
        if lay.phase(st) == k.PHASE_MOVE and on_board >= need and next_u32(rng) % 4 == 0:
            found.append(([int(x) for x in st], int(marks)))
        n = k.legal_moves(st, t, marks, out)
        ev[0] = 0
        k.play(st, t, marks, out[next_u32(rng) % n], ev)
    return found


def _compare_advice(label: str, pos: Position, marks: int, level: int, got: list[dict[str, Any]]) -> None:
    want = advise(pos, marks, level)
    codes = [pos.encode(s.move, marks) for s in want.suggestions]
    assert [g["move"] for g in got] == codes, f"{label} level {level}: move order"
    largest = 0.0
    for g, s in zip(got, want.suggestions, strict=True):
        for key, value in (("winGame", s.win_game), ("winContest", s.win_contest), ("items", s.items),
                           ("diff", s.diff)):
            assert abs(g[key] - value) <= TOLERANCE, f"{label} level {level}: {key} {g[key]} != {value}"
            largest = max(largest, abs(g[key] - value))
        assert g["source"] == s.contest_source == s.game_source, f"{label} level {level}: where the chance comes from"
    if DIFF_LOG:
        with open(DIFF_LOG, "a", encoding="utf-8") as f:
            f.write(f"{label} {level} {largest!r}\n")


def test_exact_values_agree_where_a_solved_table_holds_the_game(tmp_path: Path) -> None:
    cases, jobs = [], []
    for spec in ("bell", "gatigo", "neeley", "ocastudios"):
        r = solved_game(load_builtin(spec), 1)
        data = ruleset_data(r, 2)
        assert data["exact"] is not None, f"no solved table ships for {spec}'s one-piece race"
        positions = midgame_positions(r, 2, EXACT_POSITIONS, 5)
        cases.append((spec, r, positions))
        jobs.append({"kind": "advice", "data": _write(tmp_path, f"{spec}-solved", data),
                     "exact": data["exact"]["source"], "positions": positions, "levels": [0, 1]})
    found = _node(jobs, tmp_path)
    for (spec, r, positions), answers in zip(cases, found, strict=True):
        for (state, marks), per_level in zip(positions, answers, strict=True):
            for level, got in enumerate(per_level["advice"]):
                assert {g["source"] for g in got} == {"exact"}, spec
                _compare_advice(spec, Position(r, 2, tuple(state)), marks, level, got)


def endgame_positions(r: Ruleset, count: int, seed: int) -> list[tuple[list[int], int]]:
    """Returns (state, marks) of seeded random two-player games once each seat has one piece left at most: the
    positions the endgame table holds, seen from the real game (every other piece home)."""
    t = tables_for(r, 2)
    et = eval_tables_for(r, 2)
    rng = np.zeros(e.RNG_SIZE, dtype=np.int64)
    seed_rng(rng, seed)
    ev = np.zeros(e.EV_SIZE, dtype=np.int64)
    out = np.zeros(move_room(r, 2), dtype=np.int64)
    found: list[tuple[list[int], int]] = []
    st = Position.new(r, 2).array()
    while len(found) < count:
        if lay.phase(st) == k.PHASE_OVER:
            st = Position.new(r, 2).array()
        marks = cast_marks(t, rng) if lay.phase(st) != k.PHASE_BET else 0
        if exact_value(st, t, et) != NOT_HELD and next_u32(rng) % 2 == 0:
            found.append(([int(x) for x in st], int(marks)))
        n = k.legal_moves(st, t, marks, out)
        ev[0] = 0
        k.play(st, t, marks, out[next_u32(rng) % n], ev)
    return found


def test_endgame_advice_agrees_where_the_endgame_table_holds_a_real_game(tmp_path: Path) -> None:
    """In real games (six pieces a side, five home), the app loads the endgame table as the site ships it and
    advises as Python does: the same moves, chances and sources (exact where the game is the contest)."""
    cases, jobs = [], []
    for spec in ("bell+no_gambling", "bell", "gatigo"):
        r = load_builtin(spec)
        data = ruleset_data(r, 2)
        assert data["exact"] is not None and data["exact"]["pieces"] == 1, spec
        positions = endgame_positions(r, 40, 11)
        cases.append((spec, r, positions))
        jobs.append({"kind": "advice", "data": _write(tmp_path, f"{spec}-end", data), "positions": positions,
                     "levels": [0, 1, 2]})
    found = _node(jobs, tmp_path)
    for (spec, r, positions), answers in zip(cases, found, strict=True):
        for (state, marks), per_level in zip(positions, answers, strict=True):
            for level, got in enumerate(per_level["advice"]):
                assert ({g["source"] for g in got} == {"exact"}) == (spec == "bell+no_gambling"), spec
                _compare_advice(spec, Position(r, 2, tuple(state)), marks, level, got)


def test_the_phone_reads_a_two_piece_table_where_one_is_built(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Built on the machine that makes the site, a table of two pieces left a side is the phone's too (it is no
    larger than the phone's limit): the same table, shape and advice as Python's, exact; above the limit, the phone
    reads the largest table that fits, its shape with it."""
    from helpers import CliRunner, tiny_text

    from printgen.cli.app import app
    from printgen.players.solve.endgame import find_endgame
    from printgen.ruleset_files import load_ruleset
    from printgen.web import export

    monkeypatch.setenv("PATOLLI_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("PATOLLI_ENDGAME_PIECES", "2")
    rules = tmp_path / "tiny3.toml"
    rules.write_text(tiny_text(capture='["centre"]', pieces=3), "utf-8")
    for left in ("1", "2"):
        built = CliRunner().invoke(app, ["lab", "endgames", "-r", str(rules), "--left", left, "--workers", "1"])
        assert built.exit_code == 0, built.output
    r = load_ruleset(str(rules))
    table = find_endgame(r, 2)
    assert table is not None and table.layout.n_pieces == 2 and table.layout.size <= export.PHONE_MOST_ENTRIES
    data = ruleset_data(r, 2)
    assert data["exact"]["pieces"] == 2 and data["exact"]["size"] == table.layout.size
    positions = endgame_positions(r, 30, 5)
    left = [max(sum(place != HOME for place in Position(r, 2, tuple(state)).places(seat)) for seat in (0, 1))
            for state, _ in positions]
    assert max(left) == 2, "no position with two pieces left: the one-piece table would do"
    answers = _node([{"kind": "advice", "data": _write(tmp_path, "tiny3", data), "positions": positions,
                      "levels": [0, 1]}], tmp_path)[0]
    for (state, marks), per_level in zip(positions, answers, strict=True):
        for level, got in enumerate(per_level["advice"]):
            assert {g["source"] for g in got} == {"exact"}  # played for the win alone: the table's value is exact
            _compare_advice("tiny3", Position(r, 2, tuple(state)), marks, level, got)
    monkeypatch.setattr(export, "PHONE_MOST_ENTRIES", table.layout.size - 1)
    small = ruleset_data(r, 2)
    one = find_endgame(r, 2, table.layout.size - 1)
    assert one is not None and one.layout.n_pieces == 1 and small["exact"]["pieces"] == 1
    shape = small["eval"][EvalTables._fields.index("end_shape")]
    assert shape["data"] == [int(v) for v in end_fields(one, tables_for(r, 2))[0].ravel()]
