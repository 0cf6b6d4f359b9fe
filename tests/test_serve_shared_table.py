"""A shared table in the phone app served by `patolli serve` at /app/: two phones open the same saved game of the
server's folder, one acts (a cast, a move) and the other shows the new turn without a reload, and back."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="starlette is not installed (pip install .[test])")

from tests import phone_picture  # noqa: E402
from tests.test_serve_browser import Server  # noqa: E402

missing = phone_picture.missing()
pytestmark = pytest.mark.skipif(missing is not None, reason=str(missing))
PATIENCE = 60_000
IDLE = "body[data-screen=table][data-state]:not([data-state=computer]):not([data-busy])"


def _create(server: Server, name: str) -> None:
    """Starts a refereed game (two people, no computers) in the server's folder, as its own page does."""
    body = json.dumps({"name": name, "ruleset": "bell", "players": 2, "computers": {}}).encode()
    request = urllib.request.Request(server.url + "api/games", data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as r:
        assert r.status == 201


def _open(browser: Any, server: Server, name: str, errors: list[str]) -> Any:
    page = browser.new_page(viewport={"width": 360, "height": 640})
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "app/")
    page.wait_for_selector("body[data-ready='1']", timeout=90_000)
    page.click(f"#shared button[data-name={name}]", timeout=PATIENCE)
    page.wait_for_selector(IDLE, timeout=PATIENCE)
    return page


def _turn(page: Any) -> str:
    return str(page.locator("#status .turn").inner_text())


def _act(page: Any) -> None:
    """Plays one person's action: the app's cast, or the first move offered."""
    page.wait_for_selector(IDLE, timeout=PATIENCE)
    if page.locator("body[data-state=move]").count():
        page.click("#controls button.move >> nth=0")
    elif page.locator("body[data-state=bet]").count():
        page.click("#controls button.move >> nth=0")
    else:
        page.click("#castbtn")
    page.wait_for_selector(IDLE, timeout=PATIENCE)


def _follows(page: Any, other: Any) -> None:
    """Waits until a phone shows the turn and prompt the other shows (the live event, no reload)."""
    turn, prompt = _turn(other), str(other.locator("#status .prompt").inner_text())
    page.wait_for_selector(f"#status .turn:text-is('{turn}')", timeout=PATIENCE)
    page.wait_for_selector(IDLE, timeout=PATIENCE)
    assert str(page.locator("#status .prompt").inner_text()) == prompt
    assert page.locator("body").get_attribute("data-state") == other.locator("body").get_attribute("data-state")
    assert page.locator("#feed").inner_text() == other.locator("#feed").inner_text()  # each turn said on both


def test_two_phones_follow_one_shared_table(tmp_path: Path) -> None:
    server = Server(tmp_path / "saves")
    server.start()
    try:
        _create(server, "shared")
        with phone_picture.chromium() as browser:
            errors: list[str] = []
            one = _open(browser, server, "shared", errors)
            two = _open(browser, server, "shared", errors)
            start = _turn(one)
            assert _turn(two) == start
            moved = 0
            for _ in range(40):  # phone one casts until a move is played (the opening's throws come first)
                before = _turn(one)
                state = one.locator("body").get_attribute("data-state")
                _act(one)
                moved += state == "move"
                if _turn(one) != before or state == "cast":
                    _follows(two, one)
                if moved:
                    break
            assert moved, "no move was played"
            assert _turn(two) != start
            _act(two)  # and back: phone two acts, phone one follows
            _follows(one, two)
            assert not errors, errors
    finally:
        assert server.proc is not None
        server.proc.terminate()
        server.proc.wait(10)
