"""The phone's game review (printgen/web/app/js/review.js, under Node) finds what Python's review finds on the same
record: every turn's values before, at the best move and after, its grade, luck and skill, each player's totals
and the key moments, at levels 0 and 1, and it reports its progress turn by turn."""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path
from typing import Any

import pytest

from printgen.engine.beans import Beans
from printgen.engine.position import Phase, Position
from printgen.engine.record import Record
from printgen.findings.review import Review
from printgen.players.analysis.review import review
from printgen.players.roster.registry import player, seeded_rng
from printgen.ruleset_files import load_ruleset
from printgen.web.app_data import _strengths, game_files, review_spec
from tests.test_web_table import NODE, ROOT, app_tree

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed (Debian package nodejs; .ci/run "
                                                     "installs it)")
LEVELS = (0, 1)
CLOSE = 1e-9


def _record(spec: str, players: int, turns: int, seed: int) -> Record:
    """Returns a contest of random and advisor moves, the beans cast from a seeded source, cut at `turns`."""
    rs = load_ruleset(spec)
    rec = Record(Position.new(rs, players))
    casts, rng, beans = random.Random(seed), seeded_rng(seed), Beans(rs.beans)
    seats = [player("random"), player("advisor:0"), player("random"), player("advisor:1")]
    while rec.final().phase is not Phase.OVER and len(rec.turns) < turns:
        pos = rec.final()
        marks = beans.cast(casts).marks if pos.needs_cast else None
        rec.append(marks, seats[pos.to_move].choose(pos, marks or 0, rng))
    return rec


def _phone_review(tmp: Path, spec: str, rec: Record) -> list[dict[str, Any]]:
    """Returns the phone's review of a record at each of LEVELS, with the progress it reported."""
    site = app_tree(tmp)
    _, data = game_files(load_ruleset(spec), rec.start.players, {})
    save = {"format": "patolli-session", "version": 3, "human": "A", "computers": {}, "seed": 1, "level": 1,
            "helper_casts": 0, "pending_cast": None, "ruleset": data["app"]["save"]["ruleset"],
            "record": {"format": "patolli-record", "version": 1, "start": data["app"]["save"]["start"],
                       "turns": [{"marks": t.marks, "move": str(t.move)} for t in rec.turns]}}
    files = {"game.json": data, "strengths.json": _strengths(), "spec.json": review_spec(), "save.json": save}
    for name, value in files.items():
        (tmp / name).write_text(json.dumps(value))
    args = [NODE, str(ROOT / "tests" / "web" / "review.mjs"), str(site),
            *(str(tmp / name) for name in files), *map(str, LEVELS)]
    done = subprocess.run(args, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return list(json.loads(done.stdout))


def _close(a: list[float] | tuple[float, ...], b: list[float] | tuple[float, ...]) -> bool:
    return len(a) == len(b) and all(abs(x - y) <= CLOSE for x, y in zip(a, b, strict=True))


def _agree(rv: Review, js: dict[str, Any]) -> None:
    players = rv.position.players
    assert js["level"] == rv.level
    assert _close(js["start"], rv.start)
    assert len(js["turns"]) == len(rv.turns)
    for t, j in zip(rv.turns, js["turns"], strict=True):
        where = f"turn {t.turn}"
        assert (j["turn"], j["seat"], j["game"], j["kind"], j["marks"]) == (t.turn, t.seat, t.game, t.kind.value,
                                                                            t.marks), where
        assert (j["played"]["text"], j["choices"], j["forced"]) == (str(t.played), t.choices, t.forced), where
        assert j["best"]["text"].lower().startswith(str(t.best).lower()), where  # E33 names no direction in Python
        assert j["grade"] == (None if t.grade is None else t.grade.value), where
        for key, want in (("before", t.before), ("bestValue", t.best_value), ("after", t.after),
                          ("gameAfter", t.game_after), ("luck", [t.luck(s) for s in range(players)]),
                          ("skill", [t.skill(s) for s in range(players)])):
            assert _close(j[key], want), (where, key, j[key], want)
        assert abs(j["loss"] - t.loss) <= CLOSE and abs(j["lossGame"] - t.loss_game) <= CLOSE, where
    for p, j in zip(rv.players, js["players"], strict=True):
        assert j["grades"] == {g.value: n for g, n in p.grades.items()}
        assert (j["seat"], j["decisions"], j["forced"]) == (p.seat, p.decisions, p.forced)
        for key, want in (("errorRate", p.error_rate), ("accuracy", p.accuracy), ("start", p.start),
                          ("luck", p.luck), ("skill", p.skill), ("result", p.result), ("luckFree", p.luck_free)):
            assert abs(j[key] - want) <= CLOSE * max(1.0, abs(want)), (p.seat, key, j[key], want)
    play, beans = rv.key_moments()
    assert js["moments"] == {"play": [t.turn for t in play], "beans": [t.turn for t in beans]}
    c = rv.comparison()
    if c is None:
        assert js["comparison"] is None
    else:
        got = js["comparison"]
        assert (got["better"], got["other"], got["games"], got["sure"]) == (c.better, c.other, c.games, c.sure)
        assert abs(got["perGame"] - c.per_game) <= 1e-9
        assert (got["half"] is None) == (c.half is None)
        assert c.half is None or abs(got["half"] - c.half) <= 1e-9


# a bell contest's start (opening throws, entries with a direction), a gatigo contest of three into its second
# game, and a neeley contest to its end (a bet named, the result 1 or 0)
@pytest.mark.parametrize(("spec", "players", "turns", "seed"), [("bell", 2, 60, 3), ("gatigo", 3, 400, 2),
                                                               ("neeley", 2, 400, 3)])
def test_the_phone_reviews_a_contest_as_python_does(spec: str, players: int, turns: int, seed: int,
                                                    tmp_path: Path) -> None:
    rec = _record(spec, players, turns, seed)
    got = _phone_review(tmp_path, spec, rec)
    assert [g["level"] for g in got] == list(LEVELS)
    for level, js in zip(LEVELS, got, strict=True):
        rv = review(rec, level, explain=False)
        _agree(rv, js["review"])
        assert js["progress"] == [[i + 1, len(rec.turns)] for i in range(len(rec.turns))]
    if spec == "neeley":
        assert rec.final().phase is Phase.OVER and "bet" in {t["kind"] for t in got[0]["review"]["turns"]}
    if spec == "gatigo":
        assert got[0]["review"]["turns"][-1]["game"] > 1
    graded = [t for g in got for t in g["review"]["turns"] if t["grade"] is not None]
    assert len({t["grade"] for t in graded}) >= 3  # the records are played badly enough to show several grades
