"""`patolli serve` in a real browser: Debian's Chromium driven by Playwright, against the real command."""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import tomllib
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from printgen.players.roster.eval_tables import eval_tables_for
from printgen.ruleset_files import load_ruleset
from printgen.rulesets import builtin_text, parse_ruleset
from printgen.rulesets.export import export_toml
from printgen.rulesets.load import BUILTIN
from printgen.serve.store import NAME, NAME_MAX

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (pip install .[test])")
CHROMIUM = shutil.which("chromium")
if CHROMIUM is None:
    pytest.skip("Debian's chromium is not installed (apt-get install -y chromium)", allow_module_level=True)

ROOT = Path(__file__).resolve().parents[1]
PHONE = {"width": 375, "height": 812}
# ms to wait for what the server must do first (draw the board, play, answer): generous, as CI machines are shared
PATIENCE = 90_000
# pieces a side and goods each in the short copies of the built-in rulesets (see short_ruleset)
SHORT = {"bell": (1, 2), "neeley": (1, 2), "ocastudios": (1, 2), "gatigo": (1, 2)}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """The `patolli serve` command running in the background on a free port."""

    def __init__(self, saves: Path, ruleset: str = "bell") -> None:
        self.saves, self.port, self.ruleset = saves, _free_port(), ruleset
        self.url = f"http://127.0.0.1:{self.port}/"
        self.log = saves.parent / f"serve-{self.port}.log"  # what the server printed: read it when a test fails
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.saves.parent.mkdir(parents=True, exist_ok=True)
        with self.log.open("wb") as log:
            self.proc = subprocess.Popen([sys.executable, "-m", "printgen", "serve", "--port", str(self.port),
                                          "--saves", str(self.saves), "--ruleset", self.ruleset], cwd=ROOT,
                                         stdout=log, stderr=subprocess.STDOUT)
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


def short_ruleset(name: str) -> str:
    """Returns the TOML of a short copy of a built-in ruleset: the same board, beans, entry, payments and special
    cells, but SHORT's pieces a side and goods, so a whole contest takes a few dozen taps. Written through the
    rulesets API (parsed, checked, exported), so it is a ruleset file as `patolli rulesets export` writes one."""
    pieces, goods = SHORT[name]
    data = tomllib.loads(builtin_text(name))
    data["ruleset"]["name"] = f"short-{name}"
    data["players"]["pieces"] = [pieces] * len(data["players"]["pieces"])
    economy = data["economy"]
    economy["starting_items"] = goods
    if economy.get("items"):  # named goods: the first `goods` of each seat's (or everyone's), one of each
        kept: dict[str, list[dict[str, object]]] = {}
        for item in economy["items"]:
            kept.setdefault(item.get("seat", ""), []).append(dict(item, count=1))
        economy["items"] = [item for items in kept.values() for item in items[:goods]]
    return export_toml(parse_ruleset(data, f"short {name}", origin=f"short-{name}"))


@pytest.fixture(scope="module")
def short_servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[str], Server]]:
    """Starts, on first asking, a server whose first ruleset is the short copy of a built-in one."""
    started: dict[str, Server] = {}

    def get(name: str) -> Server:
        if name not in started:
            folder = tmp_path_factory.mktemp(f"short-{name}")
            (folder / f"short-{name}.toml").write_text(short_ruleset(name), encoding="utf-8")
            # A custom ruleset's evaluation is fitted on first use; fit it here once, so the fitting code is compiled
            # into the cache before the server needs it (compiling holds the server's only interpreter lock, and on
            # a fresh clone a first board could wait a minute or more behind it).
            eval_tables_for(load_ruleset(str(folder / f"short-{name}.toml")), 2)
            started[name] = Server(folder / "saves", str(folder / f"short-{name}.toml"))
            started[name].start()
        return started[name]

    yield get
    for s in started.values():
        assert s.proc is not None
        s.proc.terminate()
        s.proc.wait(10)


@pytest.fixture(scope="module")
def short_server(short_servers: Callable[[str], Server]) -> Server:
    """A server whose first ruleset is short GATIGO."""
    return short_servers("gatigo")


class Pages:
    """The browser, making pages that bypass the page's Content-Security-Policy: Playwright's wait_for_function
    evaluates a string, which the policy forbids. The page itself runs under the policy in
    test_the_page_runs_under_its_content_security_policy."""

    def __init__(self, chromium: sync_api.Browser) -> None:
        self.chromium = chromium

    def new_page(self, **options: object) -> sync_api.Page:
        return self.chromium.new_page(bypass_csp=True, **options)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def chromium() -> Iterator[sync_api.Browser]:
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield b
        b.close()


@pytest.fixture(scope="module")
def browser(chromium: sync_api.Browser) -> Pages:
    return Pages(chromium)


def _start_solo(page: sync_api.Page, url: str, name: str) -> None:
    page.goto(url)
    page.wait_for_selector("select[name=level] option", state="attached")
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


def test_the_page_runs_under_its_content_security_policy(server: Server, chromium: sync_api.Browser) -> None:
    """The page, with the server's policy enforced (no bypass), loads its script, style, pictures and words, plays,
    gives advice and follows the table live with nothing refused; on this computer alone it offers no QR code."""
    page = chromium.new_page(viewport=PHONE)
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    page.add_init_script("document.addEventListener('securitypolicyviolation', e => { window.refused = "
                         "(window.refused || []).concat(e.violatedDirective + ' ' + e.blockedURI); })")
    page.goto(server.url)
    page.wait_for_selector("body[data-lobby]", state="attached")
    assert page.locator("#qr").is_hidden() and "--lan" in page.locator("#address").inner_text()
    _start_solo(page, server.url, "policy")
    _play_turns(page, 6)
    assert page.locator("#overlay image.piece").count() >= 1
    assert page.locator("#boardimg").evaluate("img => img.complete && img.naturalWidth > 0")
    while not page.locator("#controls button.move").count():
        _play_turns(page, 1)
    page.get_by_role("button", name="Advice").click()
    page.wait_for_selector("#panel ol li")
    page.wait_for_selector("#live:has-text('live')")
    assert page.evaluate("window.refused || []") == [] and refused == []


def test_an_answer_older_than_an_action_never_draws_the_table_back(server: Server, browser) -> None:
    """A refresh under way when the person acts (a phone following the table live) answers after the action: its
    older table is dropped, so the page never offers again a cast that has been made (the server would refuse it)."""
    page = browser.new_page(viewport=PHONE)
    _new_game(page, server, "late", referee=2)
    while page.evaluate("state.phase") == "bet" or page.evaluate("state.pending") is not None:
        _drive(page, 1)
    held: list[tuple[sync_api.Route, sync_api.APIResponse]] = []

    def hold(route: sync_api.Route) -> None:
        if route.request.method == "GET" and not held:
            held.append((route, route.fetch()))  # the table as it is now, given to the page only after the cast
        else:
            route.continue_()

    page.route(re.compile(r".*/api/games/late(\?.*)?$"), hold)
    page.evaluate("() => { window.late = refresh(); }")
    while not held:
        page.wait_for_timeout(20)
    before = page.evaluate("state.stamp")
    _tap_and_wait(page, page.locator("#controls button.primary").first)  # cast
    after = page.evaluate("state.stamp")
    assert after != before
    route, answer = held[0]
    route.fulfill(response=answer)
    assert page.evaluate("window.late.then(() => state.stamp)") == after
    assert page.evaluate("document.body.dataset.stamp") == after


def test_two_browsers_follow_one_table_and_a_killed_server_loses_nothing(server: Server, browser) -> None:
    one = browser.new_page(viewport=PHONE)
    _start_solo(one, server.url, "shared")
    two = browser.new_page(viewport=PHONE)
    two.goto(server.url + "#g=shared")
    two.wait_for_selector("#turn")
    _play_turns(one, 4)
    one.wait_for_timeout(500)
    two.wait_for_function("t => document.querySelector('#turn').innerText === t", arg=_turn(one),
                          timeout=PATIENCE)
    seen = _turn(one)
    server.kill()
    server.start()
    three = browser.new_page(viewport=PHONE)
    three.goto(server.url + "#g=shared")
    three.wait_for_selector("#controls button")
    assert _turn(three) == seen
    two.wait_for_function("document.querySelector('#live').innerText === 'live'", timeout=PATIENCE)


def test_a_refereed_game_and_the_spanish_page(server: Server, browser) -> None:
    page = browser.new_page(viewport=PHONE)
    page.goto(server.url)
    page.wait_for_selector("body[data-lobby]")  # the lobby built, after the server's config set the name rule
    name = page.locator("input[name=name]")  # the game-name rule, as the server sent it
    assert name.get_attribute("pattern") == NAME.pattern and name.get_attribute("maxlength") == str(NAME_MAX)
    for bad in ("bad name", "-dash", "a.b"):  # refused by the browser: the pattern is one it reads (v flag)
        name.fill(bad)
        assert not name.evaluate("n => n.checkValidity()"), bad
    name.fill("Good_name-2")
    assert name.evaluate("n => n.checkValidity()")
    page.click("#lang")
    page.wait_for_function("document.querySelector('h1').innerText === 'Patolli en la mesa'")
    page.wait_for_selector("body[data-lobby=es]")  # the lobby's form rebuilt in Spanish: choices made now stay
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


IDLE = ("document.body.dataset.busy !== '1' && (document.body.dataset.over === 'true' || "
        "document.querySelector('#controls button') !== null)")


def _wait_idle(page: sync_api.Page) -> None:
    """Waits until no action is under way and the person has something to tap (or the contest is over)."""
    page.wait_for_function(IDLE, timeout=PATIENCE)


def _tap_and_wait(page: sync_api.Page, target: sync_api.Locator) -> None:
    """Taps a control that acts, and waits for the table to change."""
    before = page.evaluate("document.body.dataset.stamp")
    target.click()
    page.wait_for_function("s => document.body.dataset.stamp !== s || !document.querySelector('#error').hidden",
                           arg=before, timeout=PATIENCE)
    assert page.locator("#error").is_hidden(), page.locator("#error").inner_text()
    _wait_idle(page)


def _tap_on_board(page: sync_api.Page) -> bool:
    """Plays the person's first legal move by tapping the board (the piece, then its green cell); returns whether
    a move could be tapped there."""
    legal = page.evaluate("state.legal.filter(m => (m.kind === 'move' || m.kind === 'enter') && m.target)")
    if not legal:
        return False
    mv = legal[0]
    if mv["kind"] == "move":
        page.locator(f"#overlay rect.hit[data-cell='{mv['origin']}']").click()
        page.wait_for_selector("#overlay circle.sel")
    _tap_and_wait(page, page.locator(f"#overlay rect.hit[data-cell='{mv['target']}']"))
    return True


def _drive(page: sync_api.Page, actions: int, board_taps: bool = False) -> int:
    """Plays the person's side (or every person's, refereeing) for up to `actions` taps or to the contest's end:
    cast for me, then a move (tapped on the board or its button), bets, and letting the rest play out when every
    person is out. Returns the taps made."""
    for n in range(actions):
        _wait_idle(page)
        if page.evaluate("document.body.dataset.over") == "true":
            return n
        if page.evaluate("document.body.dataset.out") == "true":
            page.locator("#controls button.primary").click()
            page.wait_for_function("document.body.dataset.over === 'true'", timeout=120000)
            return n + 1
        if page.evaluate("state.phase") == "bet":
            _tap_and_wait(page, page.locator("#controls button").first)
        elif page.evaluate("state.pending") is None:
            _tap_and_wait(page, page.locator("#controls button.primary").first)
        elif not (board_taps and _tap_on_board(page)):
            _tap_and_wait(page, page.locator("#controls button.move").first)
    return actions


def _feed(page: sync_api.Page) -> str:
    return page.locator("#feed").inner_text()


def _saved_winner(server: Server, name: str) -> str:
    """Returns the winner of a saved game's contest, read back from its file (replayed, as the terminal would)."""
    from printgen.engine.position import seat_name
    from printgen.play.session import Session

    session = Session.read(server.saves / f"{name}.json", lambda e, r: None)
    assert session.over, f"the save of {name!r} does not record the contest as over"
    winner = session.position.winner
    return "nobody" if winner is None else seat_name(winner)


def _new_game(page: sync_api.Page, server: Server, name: str, referee: int = 0) -> None:
    """Starts a game on the page: solo against one computer player at level 0, or refereed for `referee` people."""
    page.goto(server.url)
    page.wait_for_selector("select[name=level] option", state="attached")
    # the short copy, offered first, by its file's name (the page is never told the server's paths)
    assert page.locator("select[name=ruleset]").input_value() == Path(server.ruleset).name
    page.fill("input[name=name]", name)
    if referee:
        page.check("input[value=referee]")
        page.select_option("select[name=people]", str(referee))
    else:
        page.select_option("select[name=level]", "0")
    page.click("#new button[type=submit]")
    _wait_idle(page)


def _announced_winner(page: sync_api.Page) -> str:
    prompt = page.locator("#prompt").inner_text()
    found = re.fullmatch(r"([A-D]) wins the contest\.", prompt)
    assert found or prompt.startswith("Nobody is left"), prompt
    return found.group(1) if found else "nobody"


@pytest.mark.parametrize("ruleset", BUILTIN)
def test_a_whole_solo_contest_on_every_ruleset(short_servers: Callable[[str], Server], browser,
                                               ruleset: str) -> None:
    server = short_servers(ruleset)
    page = browser.new_page(viewport=PHONE)
    _new_game(page, server, f"solo-{ruleset}")
    page.wait_for_function("document.querySelector('#boardimg').complete && "  # the printed board drawn, so the
                           "document.querySelector('#boardimg').naturalWidth > 0", timeout=PATIENCE)  # zoom can size it
    page.click("#zoom")  # cells are ~20 px on a phone: zoomed, each is a target of at least 44 px
    page.wait_for_function("document.querySelector('#overlay rect.hit').getBoundingClientRect().width >= 44",
                           timeout=PATIENCE)
    taps = _drive(page, 800, board_taps=True)
    assert page.evaluate("document.body.dataset.over") == "true" and taps >= 3, f"not over after {taps} taps"
    assert _announced_winner(page) == _saved_winner(server, f"solo-{ruleset}")
    assert re.search(r"\bpays\b", _feed(page))  # goods changed hands on the way
    assert page.locator("#controls button").count() == 0  # nothing left to do
    assert page.locator("#error").is_hidden()
    page.close()


@pytest.mark.parametrize("ruleset", BUILTIN)
def test_a_referee_carries_a_whole_contest_on_every_ruleset(short_servers: Callable[[str], Server], browser,
                                                             ruleset: str) -> None:
    server = short_servers(ruleset)
    people = 3 if ruleset == "bell" else 2  # three people on bell; GATIGO's three-person contests run long
    assert people in load_ruleset(server.ruleset).player_counts()
    seats = set("ABCD"[:people])
    page = browser.new_page(viewport=PHONE)
    _new_game(page, server, f"ref-{ruleset}", referee=people)
    assert page.locator("#seats li").count() == people
    assert page.locator("#seats").inner_text().count("(person)") == people
    seen: set[str] = set()
    hinted: set[str] = set()
    for _ in range(800):
        _wait_idle(page)
        if page.evaluate("document.body.dataset.over") == "true":
            break
        seat = page.evaluate("state.to_move")
        seen.add(seat)
        if page.evaluate("state.pending") is not None and seat not in hinted:  # a hint for the player to move
            page.get_by_role("button", name="Advice").click()
            page.wait_for_selector("#panel ol li")
            assert re.search(r"wins this game .* in (10|20)", page.locator("#panel").inner_text())
            hinted.add(seat)
            _tap_and_wait(page, page.locator("#panel ol li.move-best button"))  # the hinted move, played
            assert page.locator("#panel ol li").count() == 0
            continue
        _drive(page, 1)
    assert page.evaluate("document.body.dataset.over") == "true", "the refereed contest did not end"
    assert seen == seats and hinted  # the phone kept the turn order of every seat, and hinted
    assert _announced_winner(page) == _saved_winner(server, f"ref-{ruleset}")
    assert re.search(r"\bpays\b", _feed(page))  # every payment announced
    page.close()


def test_a_bankrupt_person_lets_the_rest_play_out(short_server: Server, browser) -> None:
    from printgen.play.session import Session
    from printgen.play.table import Table
    from printgen.players.analysis.advisor import advise
    from printgen.players.roster.registry import player

    rs = load_ruleset(short_server.ruleset)
    path = short_server.saves / "broke.json"
    for seed in range(40):  # the person plays the worst move each time, until out while B and C play on
        s = Session.start(rs, 3, {1: player("advisor:0"), 2: player("advisor:0")}, seed, path, True,
                          lambda e, r: None)
        table = Table(s)
        while not table.over and not table.people_out():
            if table.computers_to_play():
                table.run_computers(None)
                continue
            if table.position.phase.value == "bet":
                table.bet(table.position.legal_moves(0)[0].amount)
                continue
            marks = table.cast(None)
            if table.pending is not None:
                table.move(advise(table.position, marks, 0).suggestions[-1].move)
        s.close()
        if table.people_out():
            break
    assert table.people_out()
    page = browser.new_page(viewport=PHONE)
    page.goto(short_server.url + "#g=broke")
    page.wait_for_selector("#notes p")
    assert "A is out of the contest" in page.locator("#notes").inner_text()
    assert page.locator("#controls button.primary").inner_text() == "Let the rest play out at once"
    page.locator("#controls button.primary").click()
    page.wait_for_function("document.body.dataset.over === 'true'", timeout=120000)
    assert "B wins" in page.locator("#prompt").inner_text() or "C wins" in page.locator("#prompt").inner_text()
    page.close()


def test_the_guided_first_game_teaches_on_the_board(short_server: Server, browser) -> None:
    page = browser.new_page(viewport=PHONE)
    page.goto(short_server.url)
    page.wait_for_selector("select[name=level] option", state="attached")
    page.select_option("select[name=ruleset]", "gatigo")
    page.click("#learnbtn")
    page.wait_for_selector("#tip:not([hidden])")
    assert "You play A" in page.locator("#tip").inner_text()
    assert page.locator("#overlay circle.tipcell").count() == 1  # the start cell, marked on the board
    topics = set()
    for _ in range(30):
        _wait_idle(page)
        if page.locator("#tip").is_visible():
            topics |= {t for t in page.locator("#tiplines li").evaluate_all("ls => ls.map(l => l.dataset.topic)")}
            page.click("#tipok")
            assert page.locator("#tip").is_hidden()
        _drive(page, 1)
    assert {"start", "cast", "choose", "enter", "move"} <= topics
    page.close()


def test_checking_ones_beans_on_the_page(short_server: Server, browser) -> None:
    page = browser.new_page(viewport=PHONE)
    page.goto(short_server.url)
    page.wait_for_selector("select[name=level] option", state="attached")
    page.select_option("select[name=ruleset]", "bell")
    page.click("#beansbtn")
    assert page.locator("#beanfaces .bean").count() == 5
    for i in range(30):  # beans that always show three marks, never 0, 1, 2, 4 or 5: not what chance gives
        for j in ((0, 1, 2), (2, 3, 4), (0, 2, 4))[i % 3]:
            page.locator("#beanfaces .bean").nth(j).click()
        page.click("#beanlog")
        page.wait_for_function("n => document.querySelector('#beanlines li') && "
                               "document.querySelector('#beanlines li').innerText.startsWith(n + ' casts')", arg=i + 1)
    assert page.locator("#verdict").inner_text().startswith("Not fair enough to play with")
    assert "chi-square" in page.locator("#beanlines").inner_text()
    page.click("#beanclear")
    page.wait_for_function("document.querySelector('#verdict').innerText.startsWith('0 casts')")
    page.close()
