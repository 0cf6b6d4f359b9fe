"""`patolli serve`'s web API: every endpoint, every kind of bad input (4xx with one line, never a 500), the token,
the save folder's bounds, and saves shared with `patolli play` both ways."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="starlette is not installed (pip install .[test])")
pytest.importorskip("httpx", reason="httpx is not installed (pip install .[test])")

from starlette.testclient import TestClient  # noqa: E402

from printgen.files import HeldLock  # noqa: E402
from printgen.play.session import Session  # noqa: E402
from printgen.ruleset_files import load_ruleset  # noqa: E402
from printgen.serve.app import create_app  # noqa: E402
from printgen.serve.live import Hub  # noqa: E402


class Quiet:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def say(self, text: str) -> None:
        self.lines.append(text)

    def board(self, pos, marks=None) -> None:
        pass


def _new(client: TestClient, name: str, players: int = 2, computers: dict | None = None, **extra) -> None:
    body = {"name": name, "ruleset": "bell", "players": players,
            "computers": {"B": "advisor:0"} if computers is None else computers, **extra}
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text


def _act(client: TestClient, name: str, action: str, body: dict | None = None, stamp: str | None = None):
    """Posts an action on a game with the table's current stamp (or the one given), and returns the answer."""
    if stamp is None:
        stamp = client.get(f"/api/games/{name}").json()["stamp"]
    return client.post(f"/api/games/{name}/{action}", json={**(body or {}), "stamp": stamp})


def _to_move_state(client: TestClient, name: str) -> dict:
    """Plays casts with the helper until the person to move has a cast pending, and returns the table."""
    for _ in range(40):
        s = client.get(f"/api/games/{name}").json()
        if s["pending"] is not None:
            return s
        if s["phase"] == "bet":
            s = _act(client, name, "bet", {"amount": s["legal"][0]["amount"]}, s["stamp"]).json()
        else:
            r = _act(client, name, "cast", {"helper": True}, s["stamp"])
            assert r.status_code == 200, r.text
    raise AssertionError("no pending cast came up")


@pytest.fixture()
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(tmp_path / "saves", allowed_hosts=["testserver"]))


def test_a_solo_game_is_made_listed_shown_and_drawn(client: TestClient) -> None:
    _new(client, "first")
    games = client.get("/api/games").json()["games"]
    assert [g["name"] for g in games] == ["first"] and games[0]["ruleset"] == "bell"
    s = client.get("/api/games/first").json()
    assert s["players"] == 2 and [x["letter"] for x in s["seats"]] == ["A", "B"]
    assert s["seats"][0]["person"] and s["seats"][1]["computer"] == "advisor:0"
    geo = client.get("/api/games/first/geometry").json()
    assert len(geo["centres"]) == 60 and all(0 < x < geo["width"] for x, _ in geo["centres"].values())
    svg = client.get("/api/games/first/board.svg")
    assert svg.headers["content-type"].startswith("image/svg+xml") and "<svg" in svg.text
    assert "<svg" in client.get("/api/pieces/C.svg").text
    info = client.get("/api/info").json()
    assert {r["spec"] for r in info["rulesets"]} >= {"bell", "gatigo", "neeley", "ocastudios"}
    assert client.get("/").status_code == 200 and "app.js" in client.get("/").text
    assert "function" in client.get("/static/app.js").text


def test_words_come_in_english_and_spanish(client: TestClient) -> None:
    en, es = client.get("/api/words?lang=en").json(), client.get("/api/words?lang=es").json()
    assert en.keys() == es.keys() and en["undo"] == "Undo" and es["undo"] == "Deshacer"
    _new(client, "g")
    assert client.get("/api/games/g/odds?lang=es").json()["rows"][0].startswith("sin puntos")


def test_cast_move_advice_and_best(client: TestClient) -> None:
    _new(client, "g")
    s = _to_move_state(client, "g")
    advice = client.get("/api/games/g/advice").json()
    assert [m["text"] for m in advice["moves"]] and advice["moves"][0]["cost_words"] == "the best move"
    assert "times in 10" in advice["moves"][0]["game_words"] or "in 20" in advice["moves"][0]["game_words"]
    assert {m["text"] for m in advice["moves"]} == {m["text"] for m in s["legal"]}
    assert all(isinstance(m["why"], str) for m in advice["moves"]) and any(m["why"] for m in advice["moves"])
    turn = s["turn"]
    bad = _act(client, "g", "move", {"move": "99-100"}, s["stamp"])
    assert bad.status_code == 400 and "not legal" in bad.json()["error"]
    again = _act(client, "g", "cast", {"marks": 1}, s["stamp"])
    assert again.status_code == 400 and "has cast already" in again.json()["error"]
    r = _act(client, "g", "move", {"move": s["legal"][0]["text"]}, s["stamp"])
    assert r.status_code == 200 and r.json()["turn"] > turn
    s = _to_move_state(client, "g")
    r = _act(client, "g", "best", stamp=s["stamp"])
    assert r.status_code == 200 and r.json()["played"] in {m["text"] for m in s["legal"]}


def test_a_cast_is_corrected_without_undoing_a_move(client: TestClient) -> None:
    _new(client, "g")
    s = _to_move_state(client, "g")
    turn = s["turn"]
    marks = 3 if s["pending"]["marks"] != 3 else 2
    r = _act(client, "g", "correct", {"faces": [i < marks for i in range(5)]}, s["stamp"])
    assert r.status_code == 200
    after = r.json()
    assert after["turn"] >= turn and (after["pending"] is None or after["pending"]["marks"] == marks)


def test_undo_lists_what_to_move_back(client: TestClient) -> None:
    _new(client, "g")
    s = _to_move_state(client, "g")
    move = next(m for m in s["legal"] if m["kind"] in ("move", "enter"))
    assert _act(client, "g", "move", {"move": move["text"]}, s["stamp"]).status_code == 200
    r = _act(client, "g", "undo")
    assert r.status_code == 200
    lines = r.json()["undo"]["lines"]
    shown = str(move["target"])
    assert any(shown in line and line.startswith("A:") for line in lines), lines
    assert r.json()["pending"]["marks"] == s["pending"]["marks"]  # the cast stands


def test_a_refereed_game_of_three_people(client: TestClient) -> None:
    _new(client, "ref", players=3, computers={})
    seen = set()
    for _ in range(30):
        s = client.get("/api/games/ref").json()
        assert all(x["person"] for x in s["seats"]) and not s["computers_to_play"]
        seen.add(s["to_move"])
        if s["phase"] == "bet":
            _act(client, "ref", "bet", {"amount": s["legal"][0]["amount"]}, s["stamp"])
        elif s["pending"] is None:
            _act(client, "ref", "cast", {"score": 2}, s["stamp"])
        else:
            r = _act(client, "ref", "move", {"move": s["legal"][0]["text"]}, s["stamp"])
            assert r.status_code == 200
    assert seen == {"A", "B", "C"}


BAD = [
    ("post", "/api/games/g/move", b"{not json", 400, "not JSON"),
    ("post", "/api/games/g/move", b"[1, 2]", 400, "JSON object"),
    ("post", "/api/games/g/move", b"{}", 400, "lacks \"move\""),
    ("post", "/api/games/g/move", b'{"move": 12}', 400, "\"move\" must be"),
    ("post", "/api/games/g/move", b'{"move": "99-100"}', 400, "must cast first"),
    ("post", "/api/games/g/move", b'{"move": "sideways"}', 400, "cannot read move"),
    ("post", "/api/games/g/cast", b'{"marks": 9}', 400, "impossible"),
    ("post", "/api/games/g/cast", b'{"faces": [true]}', 400, "5 beans"),
    ("post", "/api/games/g/cast", b'{"faces": [1, 0, 1, 0, 1]}', 400, "true (marked)"),
    ("post", "/api/games/g/cast", b'{"score": 7}', 400, "no cast scores 7"),
    ("post", "/api/games/g/cast", b'{"marks": 1, "score": 1}', 400, "one way"),
    ("post", "/api/games/g/cast", b'{"marks": true}', 400, "\"marks\" must be"),
    ("post", "/api/games/g/bet", b'{"amount": 3}', 400, "no bet"),
    ("post", "/api/games/g/correct", b'{"marks": 1}', 400, "no cast"),
    ("post", "/api/games/g/undo", b"{}", 400, "no move"),
    ("post", "/api/games/g/move", b'{"move": "E1", "stamp": "9:None"}', 409, "the table has changed"),
    ("post", "/api/games/g/move", b'{"move": "E1", "stamp": 12}', 400, "\"stamp\" must be"),
    ("post", "/api/games/g/continue", b'{"all": "yes"}', 400, "\"all\" must be"),
    ("get", "/api/games/g/advice", None, 400, "cast first"),
    ("get", "/api/games/g?lang=xx", None, 400, "no words for language"),
    ("get", "/api/games/nope", None, 404, "no saved game"),
    ("post", "/api/games/nope/cast", b'{"helper": true, "stamp": "0:None"}', 404, "no saved game"),
    ("get", "/api/games/..%2F..%2Fetc", None, 404, ""),
    ("get", "/api/games/bad.name", None, 400, "a game's name"),
    ("get", "/api/games/nope/events", None, 404, "no saved game"),
    ("get", "/api/pieces/E.svg", None, 400, "A, B, C or D"),
    ("get", "/api/nothing", None, 404, "nothing at"),
    ("delete", "/api/games/g", None, 405, "not used"),
    ("post", "/api/games", b'{"name": "g", "players": 2, "computers": {"B": "advisor"}}', 409, "holds a saved"),
    ("post", "/api/games", b'{"name": "../x", "players": 2}', 400, "a game's name"),
    ("post", "/api/games", b'{"name": "h", "players": 9}', 400, "players"),
    ("post", "/api/games", b'{"name": "h", "players": 2, "computers": {"A": "advisor"}}', 400, "seats"),
    ("post", "/api/games", b'{"name": "h", "players": 2, "computers": {"B": "deep blue"}}', 400, "unknown player"),
    ("post", "/api/games", b'{"name": "h", "ruleset": "/etc/passwd", "players": 2}', 400, "unknown ruleset"),
    ("post", "/api/games", b'{"name": "h", "players": 2, "options": ["nope"]}', 400, "nope"),
]


@pytest.mark.parametrize("method,url,body,status,words", BAD, ids=[f"{b[0]} {b[1]} {b[2]!r}"[:60] for b in BAD])
def test_bad_requests_get_a_4xx_with_one_line(client: TestClient, method, url, body, status, words) -> None:
    _new(client, "g")
    assert client.get("/api/games/g").json()["pending"] is None  # A throws first: no cast yet
    if method == "post" and url.startswith("/api/games/g/") and body.startswith(b"{") and b"stamp" not in body \
            and body != b"{not json":
        stamp = client.get("/api/games/g").json()["stamp"]  # every action on a table carries its stamp
        body = json.dumps({**json.loads(body), "stamp": stamp}).encode()
    headers = {"content-type": "application/json"} if method == "post" else {}
    r = client.request(method.upper(), url, content=body, headers=headers)
    assert r.status_code == status, r.text
    message = r.json()["error"]
    assert "\n" not in message and words in message and "Traceback" not in message


def test_a_game_in_use_elsewhere_is_refused_with_409(client: TestClient, tmp_path: Path) -> None:
    _new(client, "g")
    stamp = client.get("/api/games/g").json()["stamp"]
    lock = HeldLock(tmp_path / "saves" / "g.json", "patolli play session")
    try:
        r = _act(client, "g", "cast", {"helper": True}, stamp)
        assert r.status_code == 409 and "in use" in r.json()["error"]
    finally:
        lock.release()


def test_a_link_out_of_the_folder_is_neither_read_nor_written(client: TestClient, tmp_path: Path) -> None:
    _new(client, "g")
    outside = tmp_path / "outside.json"
    outside.write_text((tmp_path / "saves" / "g.json").read_text())
    os.symlink(outside, tmp_path / "saves" / "link.json")
    before = outside.read_text()
    r = _act(client, "link", "cast", {"helper": True}, "0:None")
    assert r.status_code == 400 and "not a plain file" in r.json()["error"]
    assert outside.read_text() == before
    assert [g["name"] for g in client.get("/api/games").json()["games"]] == ["g"]


def test_the_lan_token_is_needed_for_every_request(tmp_path: Path) -> None:
    c = TestClient(create_app(tmp_path, token="secret-token", allowed_hosts=["testserver"]))
    for url in ("/", "/api/info", "/api/games", "/static/app.js", "/api/games/x/events"):
        r = c.get(url)
        assert r.status_code == 403 and r.content == b"", url
    assert c.get("/api/info?t=wrong").status_code == 403
    assert c.get("/api/info", headers={"X-Table-Token": "secret-token"}).status_code == 200
    page = c.get("/?t=secret-token")
    assert page.status_code == 200 and "patolli_table=secret-token" in page.headers["set-cookie"]
    assert c.get("/static/app.js").status_code == 200  # the cookie from the QR link


def test_a_terminal_game_continues_on_the_phone_and_back(client: TestClient, tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir(exist_ok=True)
    out = Quiet()
    with Session.new(load_ruleset("bell"), 1, "advisor:0", 5, folder / "term.json", False, lambda e, rs: None) as s:
        s.run_computers(out)
        for _ in range(20):
            if s.pending is not None:
                break
            s.handle("cast", out)
        turns = len(s.record.turns)
    phone = client.get("/api/games/term").json()
    assert phone["turn"] == turns and phone["pending"] is not None
    _act(client, "term", "move", {"move": phone["legal"][0]["text"]}, phone["stamp"])
    now = client.get("/api/games/term").json()["turn"]
    with Session.load(folder / "term.json", lambda e, rs: None) as back:
        assert len(back.record.turns) == now > turns


def test_a_restarted_server_has_lost_nothing(tmp_path: Path) -> None:
    first = TestClient(create_app(tmp_path, allowed_hosts=["testserver"]))
    _new(first, "g")
    s = _to_move_state(first, "g")
    again = TestClient(create_app(tmp_path, allowed_hosts=["testserver"])).get("/api/games/g").json()
    assert again["turn"] == s["turn"] and again["pending"] == s["pending"] and again["pieces"] == s["pieces"]


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
