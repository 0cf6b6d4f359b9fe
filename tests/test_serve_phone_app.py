"""`patolli serve` serves the phone app on its own at /app/: the static site's files from the package, with the
types a browser needs, and the page may compile its WebAssembly engine under the server's security policy."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="starlette is not installed (pip install .[test])")
pytest.importorskip("httpx2", reason="httpx2 (Starlette's test client) is not installed (pip install .[test])")

from starlette.testclient import TestClient  # noqa: E402

from printgen.rulesets.load import BUILTIN, load_builtin  # noqa: E402
from printgen.serve.app import create_app  # noqa: E402
from printgen.web.site import site_contents  # noqa: E402
from tests import phone_picture  # noqa: E402
from tests.serve_process import Server  # noqa: E402

missing = phone_picture.missing()


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    return TestClient(create_app(tmp_path_factory.mktemp("saves"), allowed_hosts=["testserver"]))


def test_the_app_is_the_static_site(client: TestClient) -> None:
    site = site_contents([load_builtin(name) for name in BUILTIN])
    r = client.get("/app", follow_redirects=False)
    assert r.status_code == 308 and r.headers["location"].endswith("/app/")
    page = client.get("/app/").content  # the static site's page, marked as served by patolli serve
    assert b'<meta name="patolli-server"' in page and b"patolli-server" not in site["index.html"]
    assert page.replace(b'\n<meta name="patolli-server" content="shared tables">', b"") == site["index.html"]
    for path, kind in (("engine/patolli.wasm", "application/wasm"), ("js/main.js", "text/javascript"),
                       ("sw.js", "text/javascript"), ("manifest.webmanifest", "application/manifest+json"),
                       ("data/games.json", "application/json")):
        r = client.get("/app/" + path)
        assert r.status_code == 200 and r.headers["content-type"].startswith(kind), path
        assert r.content == site[path]
        assert client.get("/app/" + path, headers={"if-none-match": r.headers["etag"]}).status_code == 304
    csp = client.get("/app/").headers["content-security-policy"]
    assert "'wasm-unsafe-eval'" in csp and "'unsafe-eval'" not in csp.replace("'wasm-unsafe-eval'", "")


def test_a_file_the_app_does_not_hold_is_404_in_one_line(client: TestClient) -> None:
    r = client.get("/app/../../etc/passwd")
    assert r.status_code == 404
    r = client.get("/app/data/nothing.json")
    assert r.status_code == 404 and "no file data/nothing.json" in r.json()["error"]


@pytest.mark.skipif(missing is not None, reason=str(missing))
def test_the_served_app_boots_and_plays_under_the_server_s_policy(tmp_path: Path) -> None:
    server = Server(tmp_path / "saves")
    server.start()
    try:
        with phone_picture.chromium() as browser:
            page = browser.new_page(viewport={"width": 360, "height": 640})
            refused: list[str] = []
            page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(server.url)  # the server's address is the app's
            page.wait_for_selector("body[data-ready='1']", timeout=90_000)
            assert page.url == server.url + "app/"
            page.click("#newbtn")
            page.click("#newform button[type=submit]")
            page.wait_for_selector("body[data-screen=table]", timeout=60_000)
            # selectors, not wait_for_function: the server's policy forbids evaluating strings, Playwright's too
            page.wait_for_selector("body[data-state=cast]:not([data-busy])", timeout=60_000)
            page.click("#castbtn")
            page.wait_for_selector("body[data-state]:not([data-busy])", timeout=60_000)
            assert "turn 0" not in page.locator("#status .turn").inner_text()
            assert not refused and not errors
    finally:
        server.stop()
