"""`patolli serve` on a home network: each request a hostile page or client could send is refused at its root (the Host
list, JSON-only POSTs from the page's own origin, the body's size, time and shape, the table's stamp), every answer
carries the security headers, no answer names a path or a process, a full disk is a server error that changes
nothing, and `--lan` binds the address it prints. What the test client cannot do (a long Content-Length, a chunked
body, a client that stops sending) is sent over a raw socket to uvicorn running in a thread."""

from __future__ import annotations

import errno
import json
import os
import select
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("httpx2", reason="httpx2 (Starlette's test client) is not installed (pip install .[test])")
uvicorn = pytest.importorskip("uvicorn", reason="uvicorn is not installed (pip install .[serve])")

from starlette.testclient import TestClient  # noqa: E402

from printgen.lang import templates  # noqa: E402
from printgen.rulesets import builtin_text  # noqa: E402
from printgen.serve.app import create_app  # noqa: E402
from printgen.serve.guard import CSP  # noqa: E402
from printgen.serve.reading import BODY_LIMIT, MAX_DEPTH  # noqa: E402
from printgen.serve.routes_act import ACTIONS  # noqa: E402
from printgen.web.site import APP  # noqa: E402

TEST = ["testserver"]  # the test client's own Host
POSTS = ["/api/games", "/api/games/bell/act"]  # every route a request may POST to


def _client(saves: Path, **kwargs) -> TestClient:
    return TestClient(create_app(saves, allowed_hosts=kwargs.pop("allowed_hosts", TEST), **kwargs))


def _new(client: TestClient, seats: list[str] | None = None, key: str = "bell-2") -> dict:
    """Starts a table as the app does; returns it as the app opens it (its name is its ruleset's, "bell")."""
    r = client.post("/api/games", json={"key": key, "seats": seats or ["person", "beginner"]})
    assert r.status_code == 201, r.text
    return client.get(f"/api/games/{r.json()['name']}").json()


def _act(client: TestClient, s: dict, action: str, *args, **kwargs):
    """Posts an action on the table `s` with its stamp; returns the answer."""
    body = {"action": action, "args": list(args), "stamp": s["stamp"]}
    return client.post(f"/api/games/{s['name']}/act", json=body, **kwargs)


def _one_line(r, status: int, words: str = "") -> str:
    """Checks an answer is a refusal with that status and one line of JSON, and returns the line."""
    assert r.status_code == status, (r.status_code, r.text)
    message = r.json()["error"]
    assert isinstance(message, str) and "\n" not in message and "Traceback" not in message and words in message
    return message


@pytest.fixture()
def client(tmp_path: Path) -> TestClient:
    return _client(tmp_path / "saves")


# ---- 1. the Host allow-list ----

def test_only_the_server_s_own_names_are_answered(tmp_path: Path) -> None:
    hosts = ["127.0.0.1:8765", "localhost:8765"]
    app = create_app(tmp_path, allowed_hosts=hosts)
    local = TestClient(app, base_url="http://127.0.0.1:8765")
    assert local.get("/api/join").status_code == 200
    assert local.get("/api/join", headers={"host": "localhost:8765"}).status_code == 200
    for host in ("evil.example:8765", "evil.example", "127.0.0.1:9999", "192.168.1.9:8765", "localhost.evil:8765"):
        _one_line(local.get("/api/join", headers={"host": host}), 400, "not this server's name")
    # what create_app allows when told nothing: this computer's names only, so the test client's is refused
    _one_line(TestClient(create_app(tmp_path / "other")).get("/api/join"), 400, "'testserver'")
    lan = TestClient(create_app(tmp_path, allowed_hosts=[*hosts, "192.168.1.9:8765"]), base_url="http://192.168.1.9:8765")
    assert lan.get("/api/join").status_code == 200


# ---- 2. POSTs as JSON only, from the page's own origin ----

def test_a_post_that_is_not_json_is_refused_with_415(client: TestClient) -> None:
    s = _new(client)
    body = json.dumps({"action": "cast", "args": [None], "stamp": s["stamp"]})
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", None):
        headers = {"content-type": kind} if kind else {}
        _one_line(client.post("/api/games/bell/act", content=body, headers=headers), 415, "application/json")
    assert client.get("/api/games/bell").json()["stamp"] == s["stamp"]  # nothing was played
    r = client.post("/api/games/bell/act", content=body, headers={"content-type": "application/json; charset=utf-8"})
    assert r.status_code == 200, r.text


def test_a_post_from_another_origin_is_refused_with_403(client: TestClient) -> None:
    for origin in ("http://evil.example", "null", "http://testserver.evil.example", "https://testserver"):
        r = client.post("/api/games", json={"key": "bell-2", "seats": ["person", "person"]}, headers={"origin": origin})
        _one_line(r, 403, "another site")
    assert client.get("/api/games").json()["games"] == []
    r = client.post("/api/games", json={"key": "bell-2", "seats": ["person", "person"]},
                    headers={"origin": "http://testserver"})
    assert r.status_code == 201, r.text


# ---- 3. the body limit (what a socket is needed for is further down) ----

def test_a_body_over_the_limit_is_refused_with_413(client: TestClient) -> None:
    _new(client)
    r = client.post("/api/games", content=b"[" + b" " * BODY_LIMIT + b"]", headers={"content-type": "application/json"})
    _one_line(r, 413, "64 KB")


# ---- 4. nested JSON, huge numbers, huge player names ----

@pytest.mark.parametrize("path", POSTS)
def test_deeply_nested_json_is_refused_with_400_on_every_post(client: TestClient, path: str) -> None:
    _new(client)
    for body in (b"[" * 1024 + b"]" * 1024, b'{"a": ' + b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1) + b"}"):
        r = client.post(path, content=body, headers={"content-type": "application/json"})
        _one_line(r, 400, "deep")


@pytest.mark.parametrize("number,words", [(b"9" * 5000, "5000 digits"), (b"-" + b"9" * 50, "50 digits"),
                                          (b"1e999", "too large"), (b"-1e999", "too large"), (b"NaN", "NaN"),
                                          (b"Infinity", "Infinity"), (b"0." + b"1" * 5000, "too long")])
def test_huge_numbers_are_refused_with_400(client: TestClient, number: bytes, words: str) -> None:
    s = _new(client)
    bodies = {"/api/games/bell/act": b'{"action": "cast", "stamp": "' + s["stamp"].encode() + b'", "args": [' + number
              + b"]}", "/api/games": b'{"key": "bell-2", "seats": ["person", "person"], "level": ' + number + b"}"}
    for path, body in bodies.items():
        _one_line(client.post(path, content=body, headers={"content-type": "application/json"}), 400, words)


HUGE_NAMES = ["advisor:" + "9" * 5000, "noisy:" + "1" * 5000 + ":1", "rollout:" + "7" * 5000,
              "advisor-search-2026:" + "3" * 5000, "x" * 5000]


@pytest.mark.parametrize("name", HUGE_NAMES, ids=[n[:12] for n in HUGE_NAMES])
def test_a_computer_player_with_a_huge_number_is_refused_with_400(client: TestClient, name: str) -> None:
    r = client.post("/api/games", json={"key": "bell-2", "seats": ["person", name]})
    message = _one_line(r, 400)
    assert name[:200] not in message and len(message) < 600  # the name is quoted cut short


# ---- 5. security headers ----

def test_every_answer_carries_the_security_headers(client: TestClient) -> None:
    _new(client)
    answers = [client.get("/"), client.get("/app/"), client.get("/app/js/main.js"), client.get("/app/sw.js"),
               client.get("/api/join"), client.get("/api/games/bell"), client.get("/api/games/bell/steps"),
               client.get("/api/nothing"), client.get("/api/join", headers={"host": "evil.example"}),
               client.post("/api/games/bell/act", content=b"{}", headers={"content-type": "text/plain"})]
    for r in answers:
        assert r.headers["content-security-policy"] == CSP, r.url
        assert r.headers["x-content-type-options"] == "nosniff" and r.headers["referrer-policy"] == "no-referrer"
    assert "default-src 'self'" in CSP and "frame-ancestors 'none'" in CSP


def test_the_app_needs_nothing_the_policy_forbids() -> None:
    page = (APP / "index.html").read_text(encoding="utf-8")
    assert "<script>" not in page and "style=" not in page and " on" + "click=" not in page  # no inline code
    scripts = sorted((APP / "js").glob("*.js"))
    assert len(scripts) > 10
    for path in scripts:
        script = path.read_text(encoding="utf-8")
        assert "data:" not in script and "https://" not in script, path.name  # nothing loaded from elsewhere
        assert "http://" not in script.replace('"http://www.w3.org/2000/svg"', ""), path.name  # (a name)
        assert "eval(" not in script and "new Function" not in script, path.name


# ---- 6. the table's stamp ----

def test_a_double_tap_in_the_opening_plays_once(client: TestClient) -> None:
    s = _new(client, ["person", "person"])
    assert s["view"]["phase"] == "opening" and s["view"]["pending"] is None
    first = _act(client, s, "cast", None)
    assert first.status_code == 200, first.text
    _one_line(_act(client, s, "cast", None), 409, "the table has changed")
    assert client.get("/api/games/bell").json()["stamp"] == first.json()["stamp"]  # played once


@pytest.mark.parametrize("action", ACTIONS)
def test_every_action_needs_the_table_s_current_stamp(client: TestClient, action: str) -> None:
    s = _new(client)
    _one_line(client.post("/api/games/bell/act", json={"action": action}), 400, "lacks \"stamp\"")
    _one_line(client.post("/api/games/bell/act", json={"action": action, "stamp": s["stamp"] + "0"}), 409,
              "the table has changed")
    assert client.get("/api/games/bell").json()["stamp"] == s["stamp"]


# ---- 7. no paths, no process numbers ----

def _holder(save: Path) -> subprocess.Popen[str]:
    """Starts another process holding the save's lock, as `patolli play` at the terminal does."""
    code = ("import sys, time\nfrom printgen.files import HeldLock\n"
            f"lock = HeldLock({str(save)!r}, 'patolli play session')\nprint('held', flush=True)\ntime.sleep(60)\n")
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True,
                            cwd=Path(__file__).resolve().parents[1])
    assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
    return proc


def test_no_answer_names_a_path_or_a_process(tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    own = tmp_path / "rules" / "mine.toml"
    own.parent.mkdir()
    own.write_text(builtin_text("bell").replace('name = "bell"', 'name = "mine"', 1), encoding="utf-8")
    client = _client(saves, ruleset=str(own))
    answers = [client.post("/api/games", json={"key": "mine-2", "seats": ["person", "beginner"]})]
    assert answers[0].status_code == 201, answers[0].text
    s = client.get("/api/games/mine").json()
    assert s["key"] == "mine-2"
    holder = _holder(saves / "mine.json")
    try:
        answers += [_act(client, s, "cast", None), client.get("/api/games/mine")]
    finally:
        holder.kill()
        holder.wait()
    for r in answers[1:]:
        assert "in use" in _one_line(r, 409)
    (saves / "broken.json").write_text('{"format": "patolli-session", "record": ', encoding="utf-8")
    (saves / "odd.json").write_text('{"format": "patolli-session"}', encoding="utf-8")
    answers += [client.get("/api/games/broken"), client.get("/api/games/odd"),
                client.post("/api/games", json={"key": "mine+nope-2", "seats": ["person", "person"]}),
                client.post("/api/games", json={"key": "mine-2", "seats": ["person", "person"]}),
                client.get("/api/join"), client.get("/api/games"), client.get("/app/data/games.json")]
    assert "'broken'" in _one_line(answers[-7], 400) and "'odd'" in _one_line(answers[-6], 400)
    assert "'mine+nope-2'" in _one_line(answers[-5], 400, "no game")
    assert answers[-4].json()["name"] == "mine-2"  # the next free name
    assert "mine-2" in {g["key"] for g in answers[-1].json()["games"]}
    for r in answers:
        assert str(tmp_path) not in r.text and os.path.realpath(tmp_path) not in r.text, r.text
        if r.status_code >= 400:
            assert "process" not in r.text and str(holder.pid) not in r.text and str(os.getpid()) not in r.text


# ---- 8. a full disk ----

def _full_disk_in_write_atomic(monkeypatch: pytest.MonkeyPatch) -> None:
    """The disk fills as write_atomic writes: its own handling turns the OS error into the library's."""
    import printgen.files as files

    def no_space(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(files.os, "fsync", no_space)


def _write_atomic_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    """write_atomic itself raises the bare OS error (as a replacement writer might)."""
    import printgen.files as files
    import printgen.play.session as session

    def no_space(path, data) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))

    monkeypatch.setattr(files, "write_atomic", no_space)
    monkeypatch.setattr(session, "write_atomic", no_space)


@pytest.mark.parametrize("fill", [_full_disk_in_write_atomic, _write_atomic_raises])
def test_a_full_disk_is_507_and_changes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fill) -> None:
    client = _client(tmp_path / "saves")
    _new(client, ["person", "person"])
    for _ in range(3):  # into the game a little, so a turn has something to change
        s = client.get("/api/games/bell").json()
        assert _tap(client, s).status_code == 200
    before = client.get("/api/games/bell").json()
    saved = (tmp_path / "saves" / "bell.json").read_bytes()
    with monkeypatch.context() as m:
        fill(m)
        message = _one_line(_tap(client, before), 507, "no space left")
        assert str(tmp_path) not in message
        assert client.get("/api/games/bell").json() == before  # not applied in memory
    assert (tmp_path / "saves" / "bell.json").read_bytes() == saved  # nor in the file
    assert client.get("/api/games/bell").json() == before
    again = _tap(client, before)
    assert again.status_code == 200, again.text  # the same tap works once there is room


def _tap(client: TestClient, s: dict):
    """Makes the tap a person makes next on a refereed table (bet, move, or cast with the helper's beans) and returns
    the answer."""
    view = s["view"]
    if view["phase"] == "bet":
        return _act(client, s, "bet", view["legal"][0]["code"])
    if view["pending"] is not None:
        return _act(client, s, "move", view["legal"][0]["code"])
    return _act(client, s, "cast", None)


# ---- 9 and 11. --lan binds the address it prints; this computer alone offers no phone link ----

class _Ran:
    """What `patolli serve` handed to uvicorn.run."""

    app = None
    kwargs: dict = {}


def _serve(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, args: list[str], lan: str = "192.168.1.77") -> tuple:
    from typer.testing import CliRunner

    import printgen.serve.address as address
    from printgen.cli.app import app

    ran = _Ran()

    def run(app, **kwargs) -> None:
        ran.app, ran.kwargs = app, kwargs

    monkeypatch.setattr(uvicorn, "run", run)
    monkeypatch.setattr(address, "lan_address", lambda: lan)
    out = CliRunner().invoke(app, ["serve", "--port", "8765", "--saves", str(tmp_path / "saves"), *args])
    return out, ran


def test_lan_binds_the_address_it_prints(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    out, ran = _serve(monkeypatch, tmp_path, ["--lan"])
    assert out.exit_code == 0, out.output
    assert ran.kwargs["host"] == "192.168.1.77" and ran.kwargs["port"] == 8765 and "0.0.0.0" not in out.output
    assert ran.kwargs["timeout_keep_alive"] > 0
    assert "http://192.168.1.77:8765/app/?t=" in out.output and "▀" in out.output  # the link and its QR code
    token = out.output.split("?t=")[1].split()[0]
    phone = TestClient(ran.app, base_url="http://192.168.1.77:8765")
    info = phone.get(f"/api/join?t={token}").json()
    assert info["lan"] and info["qr"].startswith("<svg") and info["link"] == f"http://192.168.1.77:8765/app/?t={token}"
    assert phone.get(f"/app/?t={token}").status_code == 200
    assert phone.get(f"/api/join?t={token}", headers={"host": "evil.example:8765"}).status_code == 400


def test_lan_without_a_network_is_refused(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    out, ran = _serve(monkeypatch, tmp_path, ["--lan"], lan="127.0.0.1")
    assert out.exit_code == 2 and out.output.count("\n") == 1 and "no local network" in out.output
    assert ran.app is None


def test_this_computer_alone_offers_no_qr_and_says_to_use_lan(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    out, ran = _serve(monkeypatch, tmp_path, [])
    assert out.exit_code == 0, out.output
    assert ran.kwargs["host"] == "127.0.0.1" and "--lan" in out.output and "▀" not in out.output
    info = TestClient(ran.app, base_url="http://127.0.0.1:8765").get("/api/join").json()
    assert not info["lan"] and info["qr"] == "" and info["link"] == ""
    for lang in ("en", "es"):  # what the app then says in its lobby
        assert "--lan" in templates(lang)["serve.local_only"]


# ---- 3 and 10 over a socket: a long Content-Length, a long chunked body, a client that stops sending ----

def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture()
def served(tmp_path: Path) -> Iterator[int]:
    """uvicorn serving the app in a thread on a free port, with a body time of 1 s; yields the port."""
    port = _free_port()
    app = create_app(tmp_path / "saves", allowed_hosts=[f"127.0.0.1:{port}"], body_seconds=1.0)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                           timeout_keep_alive=5))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(200):
        if server.started:
            break
        time.sleep(0.05)
    assert server.started
    yield port
    server.should_exit = True
    thread.join(10)


def _connect(port: int, head: str) -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    s.sendall(head.replace("\n", "\r\n").encode() + b"\r\n")
    return s


def _answer(s: socket.socket, seconds: float = 10) -> tuple[int, dict]:
    """Reads an HTTP answer to its end (the server closes the connection); returns its status and JSON."""
    s.settimeout(seconds)
    data = b""
    try:
        while chunk := s.recv(65536):
            data += chunk
    except (ConnectionResetError, TimeoutError):
        pass
    head, _, body = data.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 "), data[:200]
    return int(head.split()[1]), json.loads(body)


def _head(port: int, extra: str) -> str:
    return (f"POST /api/games HTTP/1.1\nHost: 127.0.0.1:{port}\nContent-Type: application/json\n{extra}\n")


def test_a_huge_content_length_is_refused_before_the_body_is_read(served: int) -> None:
    with _connect(served, _head(served, "Content-Length: 100000000000")) as s:
        s.sendall(b'{"casts": [')
        start = time.monotonic()
        status, body = _answer(s)
    assert status == 413 and "64 KB" in body["error"] and time.monotonic() - start < 5


def test_a_long_chunked_body_is_cut_off_past_the_limit(served: int) -> None:
    chunk = b"[true, false, true, false], " * 600
    frame = f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n"
    sent, limit = 0, 200 * 1024 * 1024
    with _connect(served, _head(served, "Transfer-Encoding: chunked")) as s:
        s.sendall(b'4\r\n{"ca\r\n')
        s.settimeout(2)
        while sent < limit:
            if select.select([s], [], [], 0)[0]:
                break  # the server has answered
            try:
                s.sendall(frame)
            except OSError:  # the server stopped reading, or closed
                break
            sent += len(chunk)
        status, body = _answer(s)
    assert status == 413 and "64 KB" in body["error"]
    assert sent < limit / 10  # the server stopped taking the body soon after the limit, not at its end


def test_a_client_that_stops_sending_its_body_is_cut_off_with_408(served: int) -> None:
    with _connect(served, _head(served, "Content-Length: 100")) as s:
        start = time.monotonic()
        status, body = _answer(s)
    assert status == 408 and "did not arrive" in body["error"] and time.monotonic() - start < 5


def test_a_client_that_trickles_its_body_is_cut_off_with_408(served: int) -> None:
    with _connect(served, _head(served, "Content-Length: 100")) as s:
        start = time.monotonic()
        for _ in range(10):  # a byte every 0.3 s: each arrives in time, the whole body would not
            if select.select([s], [], [], 0.3)[0]:
                break
            try:
                s.sendall(b" ")
            except OSError:
                break
        status, body = _answer(s)
    assert status == 408 and time.monotonic() - start < 5
