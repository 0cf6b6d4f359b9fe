"""The phone table as a picture: a saved game of known seed served by `patolli serve`, opened as a shared table in the
phone app, and photographed 375 px wide by Debian's Chromium through Playwright once the table has settled (no
motion, the board drawn, the person's moves offered)."""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PHONE = {"width": 375, "height": 812}
GAME = "pictured"
RULESET = "bell"
SEED = 11  # the game's seed: its casts, the computer's moves and so the whole table follow from it
PERSON_TURNS = 6  # casts the person makes before the picture: pieces out on the board, goods and a feed
PATIENCE = 90_000  # ms: the board is drawn and the engine loaded by a fresh server, on a shared machine
SETTLED = "body[data-screen=table][data-state=move]:not([data-busy]) #controls button.move"


def missing() -> str | None:
    """Returns why the phone picture cannot be taken here (None if it can)."""
    try:
        import playwright.sync_api  # noqa: F401
    except ModuleNotFoundError:
        return "playwright is not installed (pip install .[test])"
    if shutil.which("chromium") is None:
        return "Debian's chromium is not installed (apt-get install -y chromium)"
    return None


def save_game(saves: Path) -> None:
    """Writes the pictured game: bell, the person (A) against the advisor at level 0 (B), the person casting by the
    helper and playing the advisor's best move, stopped where the person has a cast to move."""
    from printgen.play.session import Session
    from printgen.play.table import Table
    from printgen.players.analysis.advisor import advise
    from printgen.players.roster.registry import player
    from printgen.ruleset_files import load_ruleset

    saves.mkdir(parents=True, exist_ok=True)
    session = Session.start(load_ruleset(RULESET), 2, {1: player("advisor:0")}, SEED, saves / f"{GAME}.json", True,
                            lambda e, r: None)
    try:
        table, casts = Table(session), 0
        while not table.over:
            if table.computers_to_play():
                table.run_computers(None)
            elif table.position.phase.value == "bet":
                table.bet(table.position.legal_moves(0)[0].amount)
            elif table.pending is None:
                table.cast(None)
                casts += 1
                if casts == PERSON_TURNS and table.pending is not None:
                    return
            else:
                table.move(advise(table.position, table.pending, 0).suggestions[0].move)
        raise AssertionError(f"the pictured game ended before the person's cast {PERSON_TURNS} left a move")
    finally:
        session.close()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def served(saves: Path) -> Iterator[str]:
    """Runs `patolli serve` on the saves folder on a free port; yields its address."""
    port = _free_port()
    url = f"http://127.0.0.1:{port}/"
    log = saves.parent / f"serve-{port}.log"
    with log.open("wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "printgen", "serve", "--port", str(port), "--saves", str(saves),
                                 "--ruleset", RULESET], cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
    try:
        for _ in range(600):
            try:
                urllib.request.urlopen(url + "api/games", timeout=1)
                break
            except OSError:
                if proc.poll() is not None:
                    raise AssertionError(f"patolli serve stopped: {log.read_text(errors='replace')}") from None
                time.sleep(0.2)
        else:
            raise AssertionError("patolli serve did not start")
        yield url
    finally:
        proc.terminate()
        proc.wait(10)


@contextmanager
def chromium() -> Iterator[Any]:
    """Yields Debian's Chromium driven by Playwright."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox"])
        try:
            yield browser
        finally:
            browser.close()


def photograph(browser: Any, url: str, alter: str | None = None) -> bytes:
    """Returns the whole phone page of the pictured game as PNG, once settled; `alter` is JavaScript run on the
    settled page before the picture (for tests that change it on purpose)."""
    # bypass_csp: Playwright's evaluate runs strings, which the page's policy forbids (the app itself runs under it:
    # tests/test_serve_phone_app.py)
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, reduced_motion="reduce", locale="en-GB",
                                  timezone_id="UTC", color_scheme="light", bypass_csp=True)
    try:
        page = context.new_page()
        page.goto(f"{url}app/")
        page.wait_for_selector("body[data-ready='1']", timeout=PATIENCE)
        page.click(f"#shared button[data-name={GAME}]", timeout=PATIENCE)
        page.wait_for_selector(SETTLED, timeout=PATIENCE)
        page.wait_for_selector("#boardwrap svg.board .pieces g.piece", timeout=PATIENCE)
        page.evaluate("document.fonts.ready")
        page.wait_for_timeout(200)  # a frame or two after the last change, so the layout is painted
        if alter:
            page.evaluate(alter)
        return bytes(page.screenshot(full_page=True, animations="disabled", caret="hide"))
    finally:
        context.close()


def phone_table_picture() -> bytes:
    """Returns the phone table's picture, from a fresh saved game, server and browser."""
    with tempfile.TemporaryDirectory(prefix="patolli-phone-") as tmp:
        saves = Path(tmp) / "saves"
        save_game(saves)
        with served(saves) as url, chromium() as browser:
            return photograph(browser, url)
