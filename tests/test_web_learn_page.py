"""The guided first game on the phone alone, in Chromium at 360x640: "Learn" starts a game against the gentlest
computer, and each rule comes as a tip between the board and the controls, its cell ringed on the board, the board
and the buttons to play still on screen; a guided game reopened keeps teaching, only what is new."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from printgen.play.lessons import LEARN_SEED
from printgen.rulesets.load import BUILTIN, load_builtin
from printgen.web import site
from tests import phone_picture
from tests.test_web_site import PATIENCE, READY, _Log, _served

missing = phone_picture.missing()
pytestmark = pytest.mark.skipif(missing is not None, reason=str(missing))
TIPS = 8  # tips read before the test stops
ACTIONS = 400  # taps at most
SHOTS = os.environ.get("PATOLLI_LEARN_SHOTS")  # a folder to keep the screenshots in, to look at them
KEPT = """new Promise((done, fail) => { const r = indexedDB.open("patolli");
  r.onsuccess = () => { const q = r.result.transaction("games").objectStore("games").getAll();
    q.onsuccess = () => done(q.result); q.onerror = fail; }; r.onerror = fail; })"""  # the games kept on the phone
SETTLED = "!document.body.dataset.asking && (!document.body.dataset.busy || !document.getElementById('tip').hidden)"


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site of the default ruleset (the one "Learn" teaches), served; yields its address."""
    tmp = tmp_path_factory.mktemp("learn")
    site.write_site(tmp / "www", [load_builtin(BUILTIN[0])], False)
    with _served(tmp / "www", _Log()) as address:
        yield address


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with phone_picture.chromium() as b:
        yield b


def _inside(box: dict[str, float], outer: dict[str, float]) -> bool:
    return (box["x"] >= outer["x"] - 0.5 and box["y"] >= outer["y"] - 0.5
            and box["x"] + box["width"] <= outer["x"] + outer["width"] + 0.5
            and box["y"] + box["height"] <= outer["y"] + outer["height"] + 0.5)


def _check_tip(page: Any) -> dict[str, str]:
    """Checks the tip shown: on screen whole, beside the board (not over it), its cell ringed within the board, and
    the button to play on (cast or move) still on screen; returns its topic and cell."""
    screen = {"x": 0, "y": 0, **page.viewport_size}
    tip = page.locator("#tip").bounding_box()
    board = page.locator("#boardwrap").bounding_box()
    assert _inside(tip, screen), "the tip runs off the screen"
    assert _inside(board, screen) and board["height"] >= 150, f"the board is squeezed: {board}"
    assert tip["y"] >= board["y"] + board["height"] - 0.5, "the tip covers the board"
    assert page.locator("#tipok").bounding_box()["height"] >= 43.5
    for play in ("#castbtn", "#controls button.move >> nth=0"):
        if page.locator(play).count():
            assert _inside(page.locator(play).bounding_box(), screen), f"{play} is pushed off the screen"
    topic = page.get_attribute("#tip", "data-topic") or ""
    cell = page.get_attribute("#tip", "data-cell") or ""
    rings = page.locator(".rings .ring")
    if cell:
        assert rings.count() == 1 and rings.get_attribute("data-cell") == cell
        ring = rings.bounding_box()
        assert _inside(ring, board) and ring["width"] >= 20, f"the ring of cell {cell} is not seen: {ring}"
    else:
        assert rings.count() == 0
    return {"topic": topic, "cell": cell, "text": page.locator("#tip p").inner_text()}


def _learn(page: Any, shots: Path, tips: int) -> list[dict[str, str]]:
    """Plays the guided game by taps (the app's cast, the first move) reading each tip; returns the tips read."""
    read: list[dict[str, str]] = []
    for _ in range(ACTIONS):
        page.wait_for_function(SETTLED, timeout=PATIENCE)
        state = page.evaluate("document.body.dataset.state")
        if page.locator("#tip").is_visible():
            read.append(_check_tip(page))
            page.screenshot(path=str(shots / f"tip-{len(read)}-{read[-1]['topic']}.png"))
            page.click("#tipok")
            if len(read) >= tips:
                return read
        elif state == "cast":
            page.click("#castbtn")
        elif state in ("move", "bet"):
            page.click("#controls button.move >> nth=0")
        elif state == "over":
            break
    raise AssertionError(f"{len(read)} tips in {ACTIONS} taps: {read}")


def test_learn_teaches_each_rule_on_the_board(browser: Any, url: str, tmp_path: Path) -> None:
    shots = Path(SHOTS) if SHOTS else tmp_path
    shots.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": 360, "height": 640}, reduced_motion="reduce")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(url)
        page.wait_for_function(READY, timeout=PATIENCE)
        assert page.locator("#learnbtn").inner_text() == "Learn: a guided first game"
        page.click("#learnbtn")
        page.wait_for_selector("body[data-screen=table]", timeout=PATIENCE)
        read = _learn(page, shots, TIPS)
        topics = [t["topic"] for t in read]
        assert topics[0] == "start" and read[0]["cell"] and f"cell {read[0]['cell']}" in read[0]["text"]
        assert len(set(topics)) == len(topics) and sum(bool(t["cell"]) for t in read) >= 3, read
        assert any("On the board:" in t["text"] for t in read), read

        page.click("#bar #home")  # leave, and come back: what was read is not taught again
        page.wait_for_selector("body[data-screen=lobby]")
        kept = page.evaluate(KEPT)
        assert len(kept) == 1 and kept[0]["seats"] == ["person", "beginner"]  # against the gentlest computer
        assert set(kept[0]["learn"]["seen"]) == set(topics)  # the lessons read, kept beside the save
        assert kept[0]["save"]["format"] == "patolli-session" and "learn" not in kept[0]["save"]
        assert kept[0]["save"]["seed"] == LEARN_SEED
        page.click(".games li button.open >> nth=0")
        page.wait_for_selector("body[data-screen=table]", timeout=PATIENCE)
        more = _learn(page, shots, 1)
        assert more[0]["topic"] not in topics, (more, topics)
        assert not errors
    finally:
        context.close()
