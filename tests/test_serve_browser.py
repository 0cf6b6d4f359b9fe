"""`patolli serve` in a real browser: Debian's Chromium driven by Playwright, against the real command."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (pip install .[test])")
CHROMIUM = shutil.which("chromium")
if CHROMIUM is None:
    pytest.skip("Debian's chromium is not installed (apt-get install -y chromium)", allow_module_level=True)

ROOT = Path(__file__).resolve().parents[1]
PHONE = {"width": 375, "height": 812}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """The `patolli serve` command running in the background on a free port."""

    def __init__(self, saves: Path) -> None:
        self.saves, self.port = saves, _free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "printgen", "serve", "--port", str(self.port),
                                      "--saves", str(self.saves)], cwd=ROOT, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        for _ in range(600):
            try:
                urllib.request.urlopen(self.url + "api/games", timeout=1)
                return
            except OSError:
                time.sleep(0.2)
        raise AssertionError("patolli serve did not start")

    def kill(self) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[Server]:
    s = Server(tmp_path / "saves")
    s.start()
    yield s
    if s.proc is not None and s.proc.poll() is None:
        s.proc.terminate()
        s.proc.wait(10)


@pytest.fixture(scope="module")
def browser() -> Iterator[sync_api.Browser]:
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


def _start_solo(page: sync_api.Page, url: str, name: str) -> None:
    page.goto(url)
    page.wait_for_selector("#new button[type=submit]")
    page.fill("input[name=name]", name)
    page.click("#new button[type=submit]")
    page.wait_for_selector("#controls button")


def _play_turns(page: sync_api.Page, n: int) -> None:
    """Taps through n of the person's actions: cast for me, then the first move offered."""
    for _ in range(n):
        page.wait_for_selector("#controls button")
        moves = page.locator("#controls button.move")
        if moves.count():
            moves.first.click()
        else:
            page.locator("#controls button.primary").first.click()
        page.wait_for_timeout(300)


def _turn(page: sync_api.Page) -> str:
    return page.locator("#turn").inner_text()


def test_a_solo_game_advice_undo_and_a_corrected_cast(server: Server, browser, tmp_path: Path) -> None:
    page = browser.new_page(viewport=PHONE)
    _start_solo(page, server.url, "solo")
    _play_turns(page, 8)
    assert page.locator("#overlay image.piece").count() >= 1  # pieces on the printed board's cells
    assert page.locator("#feed li").count() >= 2
    while not page.locator("#controls button.move").count():
        _play_turns(page, 1)
    page.get_by_role("button", name="Advice").click()
    page.wait_for_selector("#panel ol li")
    assert "times in" in page.locator("#panel").inner_text()
    page.get_by_role("button", name="Correct the cast").click()
    page.locator(".bean").first.click()
    page.get_by_role("button", name="That is the cast").click()
    page.wait_for_timeout(500)
    before = page.locator("#overlay image.piece").count()
    page.get_by_role("button", name="Undo").click()
    page.wait_for_selector("#panel h3")
    assert page.locator("#panel h3").inner_text() == "Put these back on the board"
    assert page.locator("#overlay image.piece").count() <= before + 1
    page.screenshot(path=str(tmp_path / "solo.png"))


def test_two_browsers_follow_one_table_and_a_killed_server_loses_nothing(server: Server, browser) -> None:
    one = browser.new_page(viewport=PHONE)
    _start_solo(one, server.url, "shared")
    two = browser.new_page(viewport=PHONE)
    two.goto(server.url + "#g=shared")
    two.wait_for_selector("#turn")
    _play_turns(one, 4)
    one.wait_for_timeout(500)
    two.wait_for_function("t => document.querySelector('#turn').innerText === t", arg=_turn(one),
                          timeout=10000)
    seen = _turn(one)
    server.kill()
    server.start()
    three = browser.new_page(viewport=PHONE)
    three.goto(server.url + "#g=shared")
    three.wait_for_selector("#controls button")
    assert _turn(three) == seen
    two.wait_for_function("document.querySelector('#live').innerText === 'live'", timeout=15000)


def test_a_refereed_game_and_the_spanish_page(server: Server, browser) -> None:
    page = browser.new_page(viewport=PHONE)
    page.goto(server.url)
    page.wait_for_selector("#lang")
    page.click("#lang")
    page.wait_for_function("document.querySelector('h1').innerText === 'Patolli en la mesa'")
    page.fill("input[name=name]", "arbitro")
    page.check("input[value=referee]")
    page.select_option("select[name=people]", "3")
    page.click("#new button[type=submit]")
    page.wait_for_selector("#controls button")
    assert page.locator("#seats li").count() == 3
    assert "persona" in page.locator("#seats").inner_text()
    _play_turns(page, 10)
    assert page.locator("#feed li").count() >= 3
    assert page.locator("html").get_attribute("lang") == "es"
