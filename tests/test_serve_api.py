"""`patolli serve`'s web API: every endpoint, every kind of bad input (4xx with one line, never a 500), the token,
the save folder's bounds, and saves shared with `patolli play` both ways."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path
from typing import Any

import pytest
from helpers import Lines

pytest.importorskip("starlette", reason="starlette is not installed (pip install .[test])")
pytest.importorskip("httpx2", reason="httpx2 (Starlette's test client) is not installed (pip install .[test])")

from starlette.testclient import TestClient  # noqa: E402

from printgen.files import HeldLock  # noqa: E402
from printgen.play.session import Session  # noqa: E402
from printgen.ruleset_files import load_ruleset  # noqa: E402
from printgen.serve.app import create_app  # noqa: E402
from printgen.serve.live import Hub  # noqa: E402


def _new(client: TestClient, key: str = "bell-2", seats: list[str] | None = None) -> str:
    """Starts a table as the app does; returns its name."""
    r = client.post("/api/games", json={"key": key, "seats": seats or ["person", "beginner"]})
    assert r.status_code == 201, r.text
    name: str = r.json()["name"]
    return name


def _act(client: TestClient, name: str, action: str, *args: Any, stamp: str | None = None) -> Any:
    """Posts an action with the table's current stamp (or the one given); returns the answer."""
    if stamp is None:
        stamp = client.get(f"/api/games/{name}").json()["stamp"]
    return client.post(f"/api/games/{name}/act", json={"action": action, "args": list(args), "stamp": stamp})


def _to_move(client: TestClient, name: str) -> dict[str, Any]:
    """Casts with the helper until the person to move has a cast pending; returns the game as the app opens it."""
    for _ in range(40):
        got: dict[str, Any] = client.get(f"/api/games/{name}").json()
        view = got["view"]
        if view["pending"] is not None and view["legal"]:
            return got
        if view["phase"] == "bet":
            r = _act(client, name, "bet", view["legal"][0]["code"], stamp=got["stamp"])
        elif view["pending"] is None:
            r = _act(client, name, "cast", None, stamp=got["stamp"])
        else:
            r = _act(client, name, "move", view["legal"][0]["code"], stamp=got["stamp"])
        assert r.status_code == 200, r.text
    raise AssertionError("no pending cast came up")


@pytest.fixture()
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(tmp_path / "saves", allowed_hosts=["testserver"]))


def test_a_table_is_started_listed_and_shown_and_the_page_is_the_app(client: TestClient) -> None:
    name = _new(client)
    games = client.get("/api/games").json()["games"]
    assert [(g["name"], g["key"], g["seats"]) for g in games] == [(name, "bell-2", ["person", "beginner"])]
    got = client.get(f"/api/games/{name}").json()
    assert got["name"] == name and got["view"]["seats"] == ["person", "beginner"] and got["stamp"]
    home = client.get("/", follow_redirects=False)
    assert home.status_code == 308 and home.headers["location"] == "/app/"
    page = client.get("/")
    assert page.status_code == 200 and 'name="patolli-server"' in page.text and "js/main.js" in page.text
    assert client.get("/static/app.js").status_code == 404  # the older page is gone
    assert client.get("/api/join").json() == {"link": "", "qr": "", "lan": False}  # this computer alone: no link


def test_a_cast_advice_a_move_and_the_best_move(client: TestClient) -> None:
    name = _new(client)
    got = _to_move(client, name)
    view = got["view"]
    advice = client.get(f"/api/games/{name}/advice?level=1").json()
    assert advice["level"] == 1 and {m["move"] for m in advice["moves"]} == {m["code"] for m in view["legal"]}
    assert all(0 <= m["winGame"] <= 1 for m in advice["moves"])
    again = _act(client, name, "cast", 1, stamp=got["stamp"])
    assert again.status_code == 400 and "has cast already" in again.json()["error"]
    r = _act(client, name, "move", view["legal"][0]["code"], stamp=got["stamp"])
    assert r.status_code == 200 and r.json()["view"]["turn"] > view["turn"]
    assert r.json()["steps"][0]["move"]["code"] == view["legal"][0]["code"]
    got = _to_move(client, name)
    r = _act(client, name, "best", stamp=got["stamp"])
    assert r.status_code == 200 and r.json()["steps"][0]["move"]["code"] in {m["code"] for m in got["view"]["legal"]}


def test_a_cast_is_corrected_without_undoing_a_move(client: TestClient) -> None:
    name = _new(client)
    got = _to_move(client, name)
    turn, marks = got["view"]["turn"], 3 if got["view"]["pending"] != 3 else 2
    r = _act(client, name, "correct", marks, stamp=got["stamp"])
    assert r.status_code == 200, r.text
    after = r.json()["view"]
    assert after["turn"] >= turn and after["pending"] in (None, marks)


def test_undo_names_every_turn_taken_back_and_each_piece_to_put_back(client: TestClient) -> None:
    name = _new(client)
    got = _to_move(client, name)
    move = next(m for m in got["view"]["legal"] if m["kind"] in ("move", "enter"))
    assert _act(client, name, "move", move["code"], stamp=got["stamp"]).status_code == 200
    r = _act(client, name, "undo")
    assert r.status_code == 200, r.text
    undo = r.json()["undo"]
    assert undo["taken"] and undo["taken"][0]["seat"] == 0  # the person's move first, then any computer's after
    assert any(c["seat"] == 0 for c in undo["changes"])
    assert r.json()["view"]["pending"] == got["view"]["pending"]  # the cast stands


def test_a_refereed_table_of_three_people(client: TestClient) -> None:
    name = _new(client, "bell-3", ["person", "person", "person"])
    seen = set()
    for _ in range(30):
        got = client.get(f"/api/games/{name}").json()
        view = got["view"]
        assert not view["computersToPlay"]
        seen.add(view["toMove"])
        if view["phase"] == "bet":
            r = _act(client, name, "bet", view["legal"][0]["code"], stamp=got["stamp"])
        elif view["pending"] is None:
            r = _act(client, name, "cast", 2, stamp=got["stamp"])
        else:
            r = _act(client, name, "move", view["legal"][0]["code"], stamp=got["stamp"])
        assert r.status_code == 200, r.text
    assert seen == {0, 1, 2}


BAD = [
    ("post", "/api/games/g/act", b"{not json", 400, "not JSON"),
    ("post", "/api/games/g/act", b"[1, 2]", 400, "JSON object"),
    ("post", "/api/games/g/act", b"{}", 400, "lacks \"action\""),
    ("post", "/api/games/g/act", b'{"action": "fly"}', 400, "no action 'fly'"),
    ("post", "/api/games/g/act", b'{"action": "move", "args": [12]}', 400, "not a legal"),
    ("post", "/api/games/g/act", b'{"action": "move", "args": ["12-15"]}', 400, "one move code"),
    ("post", "/api/games/g/act", b'{"action": "cast", "args": [9]}', 400, "impossible"),
    ("post", "/api/games/g/act", b'{"action": "cast", "args": [true]}', 400, "whole number or null"),
    ("post", "/api/games/g/act", b'{"action": "correct", "args": [1]}', 400, "no cast"),
    ("post", "/api/games/g/act", b'{"action": "undo"}', 400, "no move"),
    ("post", "/api/games/g/act", b'{"action": "computerTurn"}', 400, "no computer player is to move"),
    ("post", "/api/games/g/act", b'{"action": "cast", "stamp": "9:None"}', 409, "the table has changed"),
    ("post", "/api/games/g/act", b'{"action": "cast", "stamp": 12}', 400, "\"stamp\" must be"),
    ("get", "/api/games/g/advice", None, 400, "cast first"),
    ("get", "/api/games/g/advice?level=99", None, 400, "'level' must be"),
    ("get", "/api/games/g/steps?since=-1", None, 400, "'since' must be"),
    ("get", "/api/games/g/steps?since=" + "9" * 5000, None, 400, "'since' must be"),
    ("get", "/api/games/g/advice?level=" + "0" * 5000 + "1", None, 400, "cast first"),  # level 1, then no cast
    ("get", "/api/games/nope", None, 404, "no saved game"),
    ("post", "/api/games/nope/act", b'{"action": "cast", "stamp": "0:None"}', 404, "no saved game"),
    ("get", "/api/games/..%2F..%2Fetc", None, 404, ""),
    ("get", "/api/games/bad.name", None, 400, "a game's name"),
    ("get", "/api/games/nope/events", None, 404, "no saved game"),
    ("get", "/api/nothing", None, 404, "nothing at"),
    ("get", "/app/js/nothing.js", None, 404, "no file js/nothing.js"),
    ("delete", "/api/games/g", None, 405, "not used"),
    ("post", "/api/games", b'{"key": "bell-9", "seats": ["person"]}', 400, "no game 'bell-9'"),
    ("post", "/api/games", b'{"key": "/etc/passwd", "seats": ["person"]}', 400, "no game"),
    ("post", "/api/games", b'{"key": "bell-2", "seats": ["person", "deep blue"]}', 400, "\"seats\" must"),
    ("post", "/api/games", b'{"key": "bell-2"}', 400, "lacks \"seats\""),
]


@pytest.mark.parametrize("method,url,body,status,words", BAD, ids=[f"{b[0]} {b[1]} {b[2]!r}"[:60] for b in BAD])
def test_bad_requests_get_a_4xx_with_one_line(client: TestClient, tmp_path: Path, method: str, url: str,
                                             body: bytes | None, status: int, words: str) -> None:
    name = _new(client)
    os.rename(tmp_path / "saves" / f"{name}.json", tmp_path / "saves" / "g.json")
    assert client.get("/api/games/g").json()["view"]["pending"] is None  # A throws first: no cast yet
    if url == "/api/games/g/act" and body and body.startswith(b"{\"") and b"stamp" not in body:
        stamp = client.get("/api/games/g").json()["stamp"]  # every action on a table carries its stamp
        body = json.dumps({**json.loads(body), "stamp": stamp}).encode()
    headers = {"content-type": "application/json"} if method == "post" else {}
    r = client.request(method.upper(), url, content=body, headers=headers)
    assert r.status_code == status, r.text
    message = r.json()["error"]
    assert "\n" not in message and words in message and "Traceback" not in message


def test_a_game_in_use_elsewhere_is_refused_with_409(client: TestClient, tmp_path: Path) -> None:
    name = _new(client)
    stamp = client.get(f"/api/games/{name}").json()["stamp"]
    lock = HeldLock(tmp_path / "saves" / f"{name}.json", "patolli play session")
    try:
        r = _act(client, name, "cast", None, stamp=stamp)
        assert r.status_code == 409 and "in use" in r.json()["error"]
    finally:
        lock.release()


def test_a_link_out_of_the_folder_is_neither_read_nor_written(client: TestClient, tmp_path: Path) -> None:
    name = _new(client)
    outside = tmp_path / "outside.json"
    outside.write_text((tmp_path / "saves" / f"{name}.json").read_text())
    os.symlink(outside, tmp_path / "saves" / "link.json")
    before = outside.read_text()
    r = _act(client, "link", "cast", None, stamp="0:None")
    assert r.status_code == 400 and "not a plain file" in r.json()["error"]
    assert outside.read_text() == before
    assert [g["name"] for g in client.get("/api/games").json()["games"]] == [name]


def test_the_lan_token_is_needed_for_every_request(tmp_path: Path) -> None:
    c = TestClient(create_app(tmp_path, token="secret-token", link="http://10.0.0.5:8000/app/?t=secret-token",
                              qr="<svg></svg>", allowed_hosts=["testserver"]))
    for url in ("/", "/app/", "/app/js/main.js", "/api/join", "/api/games", "/api/games/x/events"):
        r = c.get(url)
        assert r.status_code == 403 and r.content == b"", url
    assert c.get("/api/join?t=wrong").status_code == 403
    join = c.get("/api/join", headers={"X-Table-Token": "secret-token"}).json()
    assert join == {"link": "http://10.0.0.5:8000/app/?t=secret-token", "qr": "<svg></svg>", "lan": True}
    page = c.get("/app/?t=secret-token")
    assert page.status_code == 200 and "patolli_table=secret-token" in page.headers["set-cookie"]
    assert c.get("/app/js/main.js").status_code == 200  # the cookie from the QR link


def test_a_terminal_game_continues_on_the_phone_and_back(client: TestClient, tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir(exist_ok=True)
    out = Lines()
    with Session.new(load_ruleset("bell"), 1, "advisor:0", 5, folder / "term.json", False, lambda e, rs: None) as s:
        s.run_computers(out)
        for _ in range(20):
            if s.pending is not None:
                break
            s.handle("cast", out)
        turns = len(s.record.turns)
    phone = client.get("/api/games/term").json()
    assert phone["view"]["turn"] == turns and phone["view"]["pending"] is not None
    _act(client, "term", "move", phone["view"]["legal"][0]["code"], stamp=phone["stamp"])
    now = client.get("/api/games/term").json()["view"]["turn"]
    with Session.load(folder / "term.json", lambda e, rs: None) as back:
        assert len(back.record.turns) == now > turns


def test_a_restarted_server_has_lost_nothing(tmp_path: Path) -> None:
    first = TestClient(create_app(tmp_path, allowed_hosts=["testserver"]))
    name = _new(first)
    got = _to_move(first, name)
    again = TestClient(create_app(tmp_path, allowed_hosts=["testserver"])).get(f"/api/games/{name}").json()
    assert again["view"] == got["view"] and again["stamp"] == got["stamp"]


def test_the_hub_wakes_a_stream_when_its_game_changes() -> None:
    async def run() -> list[str]:
        hub = Hub()
        stamps = iter(["1", "1", "2", None])
        got: list[str] = []

        async def read() -> None:
            async for chunk in hub.stream("g", lambda: next(stamps), lambda: False, poll=5):
                got.append(chunk)

        task = asyncio.create_task(read())
        for _ in range(3):
            await asyncio.sleep(0.05)
            hub.changed("g")
        await asyncio.wait_for(task, 5)
        return got

    got = asyncio.run(run())
    assert got[0] == 'data: {"stamp": "1"}\n\n' and got[1] == 'data: {"stamp": "2"}\n\n' and "gone" in got[2]
