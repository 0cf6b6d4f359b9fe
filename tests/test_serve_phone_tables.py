"""`patolli serve`'s shared tables in the phone app's shapes (`/api/games/...`): a game played through them is, view
for view and step for step, what the app's own engine worker (js/table.js, under Node) shows for the same save; and
an action on a table another phone has moved on is refused."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="starlette is not installed (pip install .[test])")
pytest.importorskip("httpx2", reason="httpx2 (Starlette's test client) is not installed (pip install .[test])")

from starlette.testclient import TestClient  # noqa: E402

from printgen.ruleset_files import load_ruleset  # noqa: E402
from printgen.serve.app import create_app  # noqa: E402
from printgen.web.app_data import _strengths, game_files, game_key  # noqa: E402
from tests.test_web_table import NODE, ROOT, app_tree  # noqa: E402


def _new(client: TestClient, spec: str, seats: list[str]) -> str:
    """Starts a table as the app does (its game's key, each seat "person" or a strength); returns its name."""
    r = client.post("/api/games", json={"key": game_key(load_ruleset(spec), len(seats)), "seats": seats})
    assert r.status_code == 201, r.text
    name: str = r.json()["name"]
    return name


def _act(client: TestClient, name: str, stamp: str, action: str, *args: Any) -> dict[str, Any]:
    r = client.post(f"/api/games/{name}/act", json={"action": action, "args": list(args), "stamp": stamp})
    assert r.status_code == 200, r.text
    got: dict[str, Any] = r.json()
    return got


def _play(client: TestClient, name: str, turns: int) -> dict[str, Any]:
    """Plays the people's turns (the helper's casts, the last legal move, now and then the advisor's or an undo)
    until `turns` turns are played; returns the last answer's view and stamp."""
    got = client.get(f"/api/games/{name}").json()
    view, stamp = got["view"], got["stamp"]
    for i in range(400):
        if view["over"] or view["turn"] >= turns:
            break
        if view["computersToPlay"]:
            out = _act(client, name, stamp, "computerTurn")
        elif view["phase"] == "bet":
            out = _act(client, name, stamp, "bet", view["legal"][-1]["code"])
        elif view["pending"] is None:
            out = _act(client, name, stamp, "cast", None if i % 3 else 2)
        elif i % 11 == 5:
            out = _act(client, name, stamp, "best")
        elif i % 13 == 7 and view["canUndo"]:
            out = _act(client, name, stamp, "undo")
            assert out["undo"]["taken"] and out["steps"] == []
        else:
            out = _act(client, name, stamp, "move", view["legal"][-1]["code"])
            assert out["steps"] and out["steps"][0]["move"]["code"] == view["legal"][-1]["code"]
        view, stamp = out["view"], out["stamp"]
    return {"view": view, "stamp": stamp}


def _node_view(tmp: Path, save: Path, spec: str, players: int) -> dict[str, Any]:
    site = app_tree(tmp)
    _, data = game_files(load_ruleset(spec), players, {})
    (tmp / "game.json").write_text(json.dumps(data))
    (tmp / "strengths.json").write_text(json.dumps(_strengths()))
    assert NODE is not None
    done = subprocess.run([NODE, str(ROOT / "tests" / "web" / "view.mjs"), str(site), str(tmp / "game.json"),
                           str(tmp / "strengths.json"), str(save)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    got: dict[str, Any] = json.loads(done.stdout)
    return got


def _same(python: Any, node: Any, where: str = "view") -> None:
    """Checks two views field by field, naming the first field that differs."""
    if isinstance(node, dict):
        assert isinstance(python, dict) and set(python) == set(node), f"{where}: {sorted(python)} != {sorted(node)}"
        for k in node:
            _same(python[k], node[k], f"{where}.{k}")
    elif isinstance(node, list):
        assert isinstance(python, list) and len(python) == len(node), f"{where}: {python} != {node}"
        for i, (a, b) in enumerate(zip(python, node, strict=True)):
            _same(a, b, f"{where}[{i}]")
    else:
        assert python == node, f"{where}: {python!r} (server) != {node!r} (phone)"


@pytest.mark.skipif(NODE is None, reason="node is not installed (Debian package nodejs)")
@pytest.mark.parametrize(("spec", "seats", "turns"),
                         [("bell", ["person", "person"], 60),
                          ("bell+partnerships", ["person", "person", "club", "expert"], 40)])
def test_a_shared_table_is_what_the_phone_s_engine_shows(spec: str, seats: list[str], turns: int,
                                                         tmp_path: Path) -> None:
    client = TestClient(create_app(tmp_path / "saves", allowed_hosts=["testserver"]))
    players = len(seats)
    assert _new(client, spec, seats) == "bell"
    listed = client.get("/api/games").json()["games"]
    assert [g["name"] for g in listed] == ["bell"]
    assert listed[0]["key"] == game_key(load_ruleset(spec), players)
    last = _play(client, "bell", turns)
    assert last["view"]["turn"] >= turns or last["view"]["over"]
    opened = client.get("/api/games/bell").json()
    assert opened["id"] == opened["name"] == "bell" and opened["stamp"] == last["stamp"]
    _same(opened["view"], last["view"])
    phone = _node_view(tmp_path, tmp_path / "saves" / "bell.json", spec, players)
    _same(opened["view"], phone["view"])
    _same(client.get("/api/games/bell/steps?since=0").json(), phone["steps"], "steps")


def test_an_action_on_a_table_moved_on_is_refused(tmp_path: Path) -> None:
    client = TestClient(create_app(tmp_path / "saves", allowed_hosts=["testserver"]))
    assert _new(client, "bell", ["person", "person"]) == "bell"
    stamp = client.get("/api/games/bell").json()["stamp"]
    first = _act(client, "bell", stamp, "cast", None)
    r = client.post("/api/games/bell/act", json={"action": "cast", "args": [None], "stamp": stamp})
    assert r.status_code == 409 and "changed" in r.json()["error"]
    assert client.get("/api/games/bell").json()["stamp"] == first["stamp"]
    now = first["stamp"]
    for body in ({"action": "fly", "stamp": now}, {"action": "move", "args": [10**6], "stamp": now},
                 {"action": "move", "args": ["12-15"], "stamp": now}):
        r = client.post("/api/games/bell/act", json=body)
        assert r.status_code == 400 and "\n" not in r.json()["error"], body
    assert client.get("/api/games/nothing").status_code == 404


def test_advice_and_the_save_of_a_shared_table(tmp_path: Path) -> None:
    client = TestClient(create_app(tmp_path / "saves", allowed_hosts=["testserver"]))
    assert _new(client, "bell", ["person", "person"]) == "bell"
    got = client.get("/api/games/bell").json()
    r = client.get("/api/games/bell/advice")
    assert r.status_code == 400 and "cast first" in r.json()["error"]
    while got["view"]["pending"] is None or len(got["view"]["legal"]) < 2:
        if got["view"]["pending"] is None:
            got = _act(client, "bell", got["stamp"], "cast", None)
        else:
            got = _act(client, "bell", got["stamp"], "move", got["view"]["legal"][0]["code"])
    advice = client.get("/api/games/bell/advice?level=1").json()
    assert advice["level"] == 1
    assert sorted(m["code"] for m in advice["moves"]) == sorted(m["code"] for m in got["view"]["legal"])
    assert all(m["move"] == m["code"] and 0 <= m["winGame"] <= 1 and m["diff"] <= 0 for m in advice["moves"])
    assert client.get("/api/games/bell/advice?level=99").status_code == 400
    save = client.get("/api/games/bell/save").json()
    assert save["format"] == "patolli-session" and len(save["record"]["turns"]) == got["view"]["turn"]


def test_the_app_starts_a_shared_table_by_its_game_and_seats(tmp_path: Path) -> None:
    client = TestClient(create_app(tmp_path / "saves", allowed_hosts=["testserver"]))
    rs = load_ruleset("bell+no_gambling")
    key = game_key(rs, 3)
    r = client.post("/api/games", json={"key": key, "seats": ["person", "club", "person"], "level": 1})
    assert r.status_code == 201, r.text
    got = r.json()
    assert got["name"] == got["id"] == "bell" and got["key"] == key
    assert got["view"]["seats"] == ["person", "club", "person"]
    with_options = client.get("/api/games/bell/save").json()
    assert with_options["ruleset"]["options"] == ["no_gambling"] and with_options["level"] == 1
    again = client.post("/api/games", json={"key": "bell-2", "seats": ["person", "person"]})
    assert again.status_code == 201 and again.json()["name"] == "bell-2"  # the next free name
    assert {g["name"] for g in client.get("/api/games").json()["games"]} == {"bell", "bell-2"}
    refused = [({"key": "chess-2", "seats": ["person", "person"]}, "no game 'chess-2'"),
               ({"key": "bell-2", "seats": ["club", "person"]}, "seat A a person"),
               ({"key": "bell-2", "seats": ["person", "advisor:9999"]}, "each seat as person, beginner"),
               ({"key": "bell-2", "seats": ["person", "person", "person"]}, "the 2 seats of bell-2"),
               ({"key": "bell-2", "seats": ["person", "person"], "level": 99}, "\"level\" must be from 0"),
               ({"key": 2, "seats": []}, "\"key\"")]
    for body, said in refused:
        r = client.post("/api/games", json=body)
        assert r.status_code == 400 and said in r.json()["error"], (body, r.text)
    assert len(client.get("/api/games").json()["games"]) == 2  # nothing refused was kept


def test_a_shared_table_names_each_computer_by_its_strength_as_the_app_does() -> None:
    from printgen.players.roster.registry import player
    from printgen.players.search.levels import STRENGTHS
    from printgen.serve.phone_views import seat_of

    assert [seat_of(player(name)) for name in STRENGTHS] == list(STRENGTHS)
    assert seat_of(player("advisor:2")) == "expert"  # what a save wrote for `expert` before 2026-11-26
    assert seat_of(player("advisor:1")) == "advisor:1" and seat_of(None) == "person"
