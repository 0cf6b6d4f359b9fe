"""The guided first game: lessons read from the record, each when its rule first happens, on every ruleset."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("httpx", reason="httpx is not installed (pip install .[test])")

from starlette.testclient import TestClient  # noqa: E402

from printgen.engine.position import Position  # noqa: E402
from printgen.play.lessons import LEARN_SEED  # noqa: E402
from printgen.ruleset_files import load_ruleset  # noqa: E402
from printgen.rulesets.load import BUILTIN  # noqa: E402
from printgen.serve.app import create_app  # noqa: E402


def _play(client: TestClient, name: str, actions: int) -> dict:
    """Plays the person's side with the advisor's move, and returns the table with its lessons."""
    for _ in range(actions):
        s = client.get(f"/api/games/{name}?learn=1").json()
        if s["over"]:
            break
        stamp = s["stamp"]  # every action carries the stamp of the table it was chosen on
        if s["people_out"] or s["computers_to_play"]:
            r = client.post(f"/api/games/{name}/continue", json={"all": s["people_out"], "stamp": stamp})
        elif s["phase"] == "bet":
            r = client.post(f"/api/games/{name}/bet", json={"amount": s["legal"][0]["amount"], "stamp": stamp})
        elif s["pending"] is None:
            r = client.post(f"/api/games/{name}/cast", json={"helper": True, "stamp": stamp})
        else:
            r = client.post(f"/api/games/{name}/best", json={"stamp": stamp})
        assert r.status_code == 200, r.text
    return client.get(f"/api/games/{name}?learn=1").json()


@pytest.mark.parametrize("ruleset", BUILTIN)
def test_each_ruleset_teaches_its_rules_as_they_come(tmp_path: Path, ruleset: str) -> None:
    client = TestClient(create_app(tmp_path / "saves", allowed_hosts=["testserver"]))
    r = client.post("/api/learn", json={"ruleset": ruleset})
    assert r.status_code == 201
    name = r.json()["name"]
    assert name == f"learn-{ruleset}"
    saved = json.loads((tmp_path / "saves" / f"{name}.json").read_text())
    assert saved["seed"] == LEARN_SEED and saved["computers"] == {"B": "advisor:0"}
    first = client.get(f"/api/games/{name}?learn=1").json()["lessons"][0]
    rs = load_ruleset(ruleset)
    assert first["topic"] == "start" and first["turn"] == 0
    assert first["cell"] == Position.new(rs, 2).path(0)[0] and f"cell {first['cell']}" in first["text"]
    s = _play(client, name, 60)
    topics = [lesson["topic"] for lesson in s["lessons"]]
    assert len(topics) == len(set(topics))  # each rule once, the first time it matters
    assert {"start", "cast", "choose", "enter", "extra_turn"} <= set(topics), topics
    assert any(t.startswith("pay_") or t.startswith("penalty") for t in topics), topics  # a wedge's cost
    turns = [lesson["turn"] for lesson in s["lessons"]]
    assert turns == sorted(turns)  # in the order they happened
    extra = next(x for x in s["lessons"] if x["topic"] == "extra_turn")
    kinds = client.get(f"/api/games/{name}/geometry").json()["kinds"]
    assert kinds[str(extra["cell"])] == "rounded"  # the cell marked on the board is the rounded one landed on
    assert "lessons" not in client.get(f"/api/games/{name}").json()  # only a page that asks gets them


def test_lessons_come_in_spanish_and_a_second_learning_game_gets_its_own_name(tmp_path: Path) -> None:
    client = TestClient(create_app(tmp_path / "saves", allowed_hosts=["testserver"]))
    assert client.post("/api/learn", json={"ruleset": "gatigo"}).json()["name"] == "learn-gatigo"
    assert client.post("/api/learn", json={"ruleset": "gatigo"}).json()["name"] == "learn-gatigo-2"
    es = client.get("/api/games/learn-gatigo?learn=1&lang=es").json()["lessons"][0]["text"]
    assert es.startswith("Juegas con A") and "casilla" in es
    bad = client.post("/api/learn", json={"ruleset": "chess"})
    assert bad.status_code == 400 and "unknown ruleset 'chess'" in bad.json()["error"]
