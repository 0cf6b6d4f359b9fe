"""The phone app played as a person plays it, in Chromium with the network off after the first visit: a whole solo
contest against the computer at 360x640, a whole refereed game at 375x812, the table view at 1024x768, and a game
saved to a file that `patolli play --resume` continues and the phone opens again."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from printgen.cli.app import app
from printgen.play.session import Session
from printgen.rules_text.narration import narrator
from printgen.ruleset_files import load_ruleset
from printgen.rulesets.export import export_toml
from printgen.rulesets.load import load_builtin
from printgen.web import site
from tests import phone_picture
from tests.test_web_site import PATIENCE, READY, _Log, _served

missing = phone_picture.missing()
pytestmark = pytest.mark.skipif(missing is not None, reason=str(missing))
SHORT = "quick"  # a copy of GATIGO whose players start with 2 items, so a contest ends in a few dozen turns
ACTIONS = 3000  # taps at most in one contest


def _short(tmp: Path) -> Path:
    base = load_ruleset("gatigo")
    text = export_toml(base)
    old = f"starting_items = {base.economy.starting_items}"
    assert old in text and 'name = "gatigo"' in text
    path = tmp / f"{SHORT}.toml"
    path.write_text(text.replace(old, "starting_items = 2").replace('name = "gatigo"', f'name = "{SHORT}"'))
    return path


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site (the built-in rulesets and the short one), served; yields its address."""
    tmp = tmp_path_factory.mktemp("offline")
    site.write_site(tmp / "www", [load_builtin("neeley"), load_builtin("gatigo"), load_ruleset(str(_short(tmp)))],
                    False)
    with _served(tmp / "www", _Log()) as address:
        yield address


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with phone_picture.chromium() as b:
        yield b


def _offline_page(browser: Any, url: str, width: int, height: int, tmp: Path) -> tuple[Any, Any, list[str]]:
    """Opens the app, waits until its service worker controls it, then cuts the network."""
    context = browser.new_context(viewport={"width": width, "height": height}, reduced_motion="reduce",
                                  accept_downloads=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.wait_for_function(READY, timeout=PATIENCE)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    if not page.evaluate("navigator.serviceWorker.controller !== null"):
        page.reload()
        page.wait_for_function(READY, timeout=PATIENCE)
    context.set_offline(True)
    page.reload()
    page.wait_for_function(READY, timeout=PATIENCE)
    return context, page, errors


def _new_game(page: Any, ruleset: str, mode: str, count: str, strength: str | None = None) -> None:
    page.click("#newbtn")
    page.select_option("#newform select[name=ruleset]", ruleset)
    page.check(f"#newform input[name=mode][value={mode}]")
    page.select_option("#newform select[name=count]", count)
    if strength:
        page.select_option("#newform select[name=strength]", strength)
    page.click("#newform button[type=submit]")
    page.wait_for_selector("body[data-screen=table]", timeout=PATIENCE)


def _state(page: Any) -> str:
    """Returns what the table waits for, once the app has finished what the last tap asked."""
    page.wait_for_function("!document.body.dataset.busy && (document.body.dataset.state !== 'computer' || "
                           "document.querySelector('#controls button.primary'))", timeout=PATIENCE)
    return str(page.evaluate("document.body.dataset.state"))


def _play_to_the_end(page: Any, on_screen: bool) -> dict[str, int]:
    """Taps through a contest: the app's cast, then a move (its button, or its piece on the board); returns counts."""
    done = {"casts": 0, "moves": 0, "board_taps": 0}
    for i in range(ACTIONS):
        state = _state(page)
        if state == "over":
            return done
        if state == "computer":  # every person is out: the rest plays out
            page.click("#controls button.primary")
        elif state == "cast":
            if on_screen:
                box = page.locator("#castbtn").bounding_box()
                assert box["y"] + box["height"] <= page.viewport_size["height"], "the cast button is below the fold"
            page.click("#castbtn")
            done["casts"] += 1
        elif state in ("move", "bet"):
            taps = page.locator(".taps .tap")
            if i % 3 == 0 and taps.count():  # tap the piece on the board
                taps.first.click()
                if page.locator("#sheet").count():  # two ways to enter: choose one
                    page.click("#sheet button.move >> nth=0")
                done["board_taps"] += 1
            else:
                page.click("#controls button.move >> nth=0")
            done["moves"] += 1
    raise AssertionError(f"the contest did not end in {ACTIONS} taps")


def test_a_whole_solo_contest_plays_offline(browser: Any, url: str, tmp_path: Path) -> None:
    context, page, errors = _offline_page(browser, url, 360, 640, tmp_path)
    try:
        _new_game(page, SHORT, "solo", "3", "beginner")
        for target in page.locator(".taps .tap").all():  # every target on the board is at least 44 px across
            box = target.bounding_box()
            assert box["width"] >= 43.5 and box["height"] >= 43.5
        done = _play_to_the_end(page, on_screen=True)
        assert done["casts"] >= 2 and done["moves"] > 0  # a short contest: its seed is the phone's own
        assert page.locator(".over h2").inner_text().endswith(("wins the contest.", "the contest is over."))
        page.click("#bar #home")
        page.wait_for_selector("body[data-screen=lobby]")
        assert page.locator(".games li .badge").count() == 1  # kept on the phone, marked over
        assert not errors
    finally:
        context.close()


def test_a_whole_refereed_game_plays_offline(browser: Any, url: str, tmp_path: Path) -> None:
    context, page, errors = _offline_page(browser, url, 375, 812, tmp_path)
    try:
        _new_game(page, SHORT, "referee", "2")
        assert "computer" not in page.locator("#status").inner_text()
        done = _play_to_the_end(page, on_screen=True)
        assert done["casts"] >= 2
        assert not errors
    finally:
        context.close()


@pytest.mark.parametrize(("width", "height"), [(1024, 768), (1920, 1080)])  # a tablet, a TV
def test_the_table_view_uses_a_tablet_s_or_a_tv_s_whole_screen(browser: Any, url: str, tmp_path: Path, width: int,
                                                              height: int) -> None:
    context, page, errors = _offline_page(browser, url, width, height, tmp_path)
    try:
        _new_game(page, "gatigo", "solo", "1", "club")
        board = page.locator("#boardwrap").bounding_box()
        controls = page.locator("#controls").bounding_box()
        bar = page.locator("#bar").bounding_box()
        assert board["height"] >= 0.9 * (height - bar["height"]) and board["width"] >= 0.55 * width  # its height
        assert controls["x"] >= board["x"] + board["width"] - 1  # the controls beside it, not below
        assert controls["x"] + controls["width"] >= 0.95 * width  # and the screen's width used to its edge
        assert page.evaluate("document.documentElement.scrollHeight") <= height + 1  # one screen, no scrolling
        page.screenshot(path=str(tmp_path / f"table-{width}x{height}.png"))
        assert not errors
    finally:
        context.close()


def test_a_game_saved_on_the_phone_resumes_at_the_terminal_and_back(browser: Any, url: str, tmp_path: Path) -> None:
    context, page, errors = _offline_page(browser, url, 360, 640, tmp_path)
    try:
        _new_game(page, "neeley", "solo", "1", "casual")
        for _ in range(6):
            if _state(page) == "cast":
                page.click("#castbtn")
            elif _state(page) in ("move", "bet"):
                page.click("#controls button.move >> nth=0")
        page.click("#bar #home")
        page.wait_for_selector("body[data-screen=lobby]")
        with page.expect_download() as got:
            page.click(".games li button.icon >> nth=0")  # save to a file
        path = tmp_path / "phone.json"
        got.value.save_as(path)
        turns = len(json.loads(path.read_text())["record"]["turns"])
        assert turns >= 3

        result = CliRunner().invoke(app, ["play", "--resume", str(path)], input="cast\nbest\ncast\nbest\nquit\n")
        assert result.exit_code == 0, result.output
        session = Session.read(path, narrator("en"))
        assert len(session.record.turns) > turns  # the terminal played on and saved

        page.set_input_files(".lobby input[type=file]", str(path))
        page.wait_for_selector("body[data-screen=table]", timeout=PATIENCE)
        shown = page.locator("#status .turn").inner_text()
        assert f"turn {len(session.record.turns)}" in shown
        assert not errors
    finally:
        context.close()


def test_a_broken_save_is_one_clear_line(browser: Any, url: str, tmp_path: Path) -> None:
    context, page, errors = _offline_page(browser, url, 360, 640, tmp_path)
    try:
        bad = tmp_path / "bad.json"
        for text, words in (("{not json", "not JSON"), ('{"format": "patolli-record"}', "not a saved game"),
                            (json.dumps({"format": "patolli-session", "version": 2}), "ruleset")):
            bad.write_text(text)
            page.set_input_files(".lobby input[type=file]", str(bad))
            page.wait_for_selector("#error:not([hidden])")
            assert words in page.locator("#error").inner_text()
            page.evaluate("document.getElementById('error').hidden = true")
        assert not errors
        shutil.rmtree(tmp_path, ignore_errors=True)
    finally:
        context.close()


def test_advice_rolls_the_moves_out_on_the_phone(browser: Any, url: str, tmp_path: Path) -> None:
    """Roll out, from the advice sheet: the worker plays every move out (a progress bar meanwhile), then each move's
    chances with ± their 95 % interval, a choice of games a move, and a move played from the list."""
    context, page, errors = _offline_page(browser, url, 360, 640, tmp_path)
    try:
        _new_game(page, "gatigo", "solo", "1", "club")
        while _state(page) != "move":
            page.click("#castbtn" if _state(page) == "cast" else "#controls button.primary")
        moves = page.locator("#controls button.move").count()
        page.click("#controls button:text-is('Advice')")
        page.click("#sheet button.rollout")
        page.wait_for_selector("#sheet ol.rollout li", timeout=PATIENCE)
        rows = page.locator("#sheet ol.rollout li")
        assert rows.count() == moves
        assert "±" in rows.first.inner_text() and "144" in page.locator("#sheet").inner_text()
        page.click("#sheet ol.rollout li button.move >> nth=0")
        assert _state(page) != "move" or page.locator("#sheet").count() == 0
        assert not errors
    finally:
        context.close()
