"""The guided first game on the phone teaches as Python does: lessons.js, reading the phone's own replay of a
record, gives the lessons of play/lessons.py (topic, turn, cell) and says them as play/table_words.py lessons_json does,
in English and Spanish, over random and advisor games of Bell and Gatigo, stopped at many moments."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from printgen.engine.position import Phase
from printgen.lang import LANGS, templates
from printgen.play.lessons import LEARN_SEED, TAUGHT, lessons
from printgen.play.session import Session
from printgen.play.table import Table
from printgen.play.table_words import lessons_json
from printgen.players.roster.registry import player
from printgen.rules_text.narration import narrator
from printgen.ruleset_files import load_ruleset
from printgen.web.app_data import _strengths, game_files
from tests.test_web_table import app_tree

ROOT = Path(__file__).resolve().parent.parent
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed (Debian package nodejs; .ci/run "
                                                     "installs it)")
ACTIONS = 260  # a person's actions in one game at most
EVERY = 12  # actions between two moments compared


def _act(table: Table, rng: random.Random, advisor: bool) -> None:
    """Plays one action of the person's: the computers' turns, a bet, the helper's cast, or a move."""
    pos = table.position
    if table.computers_to_play():
        table.run_computers(None, past_people=table.people_out())
    elif pos.phase is Phase.BET:
        table.bet(rng.choice(pos.legal_moves(0)).amount or 0)
    elif table.pending is None:
        table.cast(None)
    elif advisor:
        table.best()
    else:
        table.move(rng.choice(pos.legal_moves(table.pending)))


def _game(spec: str, players: int, computers: list[str], advisor: bool, seed: int,
          tmp: Path) -> tuple[list[dict[str, Any]], list[list[dict[str, Any]]]]:
    """Plays a game; returns its saves at many moments and, for each, Python's lessons with their texts."""
    rs = load_ruleset(spec)
    session = Session.start(rs, players, {s + 1: player(c) for s, c in enumerate(computers)}, seed,
                            tmp / f"{spec}-{players}-{seed}.json", True, narrator("en"))
    session.level = 0  # the advisor's quickest level: the moves matter, not their quality
    table = Table(session)
    rng = random.Random(seed)
    saves, expected = [], []
    try:
        for i in range(ACTIONS):
            if table.over:
                break
            _act(table, rng, advisor)
            if i % EVERY == EVERY - 1 or table.pending is not None and rng.random() < 0.1:
                person = table.people[0]
                found = lessons(session.record.positions()[0], table.steps(0), person, table.pending is not None)
                said = {lang: lessons_json(table, lang) for lang in LANGS}
                saves.append(session.to_json())
                expected.append([{"turn": x.turn, "topic": x.topic, "cell": x.cell,
                                  "text": {lang: said[lang][j]["text"] for lang in LANGS}}
                                 for j, x in enumerate(found)])
    finally:
        session.close()
    return saves, expected


@pytest.mark.parametrize(("spec", "players", "computers", "advisor", "seed"), [
    ("bell", 2, ["beginner"], False, 11), ("bell", 2, ["club"], True, LEARN_SEED),
    ("gatigo", 2, ["beginner"], True, LEARN_SEED), ("gatigo", 3, ["beginner", "casual"], False, 5)])
def test_the_phone_teaches_the_lessons_python_teaches(spec: str, players: int, computers: list[str], advisor: bool,
                                                      seed: int, tmp_path: Path) -> None:
    site = app_tree(tmp_path)
    _, data = game_files(load_ruleset(spec), players, {})
    saves, expected = _game(spec, players, computers, advisor, seed, tmp_path)
    inputs = {"game": data, "strengths": _strengths(), "words": {lang: templates(lang) for lang in LANGS},
              "taught": [k.value for k in TAUGHT], "saves": saves}
    for name, value in inputs.items():
        (tmp_path / f"{name}.json").write_text(json.dumps(value))
    done = subprocess.run([NODE, str(ROOT / "tests" / "web" / "lessons.mjs"), str(site)] +
                          [str(tmp_path / f"{n}.json") for n in inputs], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    got = json.loads(done.stdout)
    assert len(got) == len(expected) >= 10
    for i, (a, b) in enumerate(zip(got, expected, strict=True)):
        assert a == b, f"moment {i + 1} (turn {len(saves[i]['record']['turns'])})"
    topics = {x["topic"] for x in expected[-1]}
    assert {"start", "cast", "choose", "enter"} <= topics, topics  # the lessons compared say something
    assert sum(bool(x["cell"]) for x in expected[-1]) >= 3  # cells to ring on the board
    assert any("On the board:" in x["text"]["en"] for x in expected[-1])  # and what happened there, narrated
