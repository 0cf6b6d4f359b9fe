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
from tests.serve_process import Server  # noqa: E402

missing = phone_picture.missing()
pytestmark = pytest.mark.skipif(missing is not None, reason=str(missing))
PATIENCE = 60_000
IDLE = "body[data-screen=table][data-state]:not([data-state=computer]):not([data-busy])"


def _start_from_the_app(browser: Any, server: Server, errors: list[str]) -> Any:
    """Starts a refereed table (two people) from the app's own form, as a person at the table does; returns the
    phone, at the new table."""
    page = browser.new_page(viewport={"width": 360, "height": 640})
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url)  # the server's address leads to the app
    page.wait_for_selector("body[data-ready='1']", timeout=90_000)
    page.wait_for_selector("#shared li.empty", timeout=PATIENCE)  # no shared table yet, and it says so
    page.click("#newshared")
    page.wait_for_selector("#newform input[name=where][value=shared]:checked")
    page.check("#newform input[name=mode][value=referee]")
    page.select_option("#newform select[name=count]", "2")
    page.click("#newform button[type=submit]")
    page.wait_for_selector(IDLE, timeout=PATIENCE)
    return page


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
    # the turn alone may already agree before the event (a cast keeps the turn), so wait for the prompt too
    page.wait_for_function(
        "([turn, prompt]) => document.querySelector('#status .turn')?.innerText === turn"
        " && document.querySelector('#status .prompt')?.innerText === prompt",
        arg=[turn, prompt], timeout=PATIENCE)
    page.wait_for_selector(IDLE, timeout=PATIENCE)
    assert str(page.locator("#status .prompt").inner_text()) == prompt
    assert page.locator("body").get_attribute("data-state") == other.locator("body").get_attribute("data-state")
    assert page.locator("#feed").inner_text() == other.locator("#feed").inner_text()  # each turn said on both


def test_two_phones_follow_one_shared_table_and_a_killed_server_loses_nothing(tmp_path: Path) -> None:
    server = Server(tmp_path / "saves")
    server.start()
    try:
        with phone_picture.chromium() as browser:
            errors: list[str] = []
            one = _start_from_the_app(browser, server, errors)
            assert json.loads(urllib.request.urlopen(server.url + "api/games", timeout=30).read())["games"][0][
                "seats"] == ["person", "person"]
            two = _open(browser, server, "bell", errors)
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
            kept = _turn(two)
            server.kill()  # the server dies at once; every action was saved before it was answered
            server.start()
            three = _open(browser, server, "bell", errors)
            assert _turn(three) == kept
            assert not errors, errors
    finally:
        server.stop()
