"""The phone's review screen in Debian's Chromium at 360 x 640: a neeley contest against the computer played to its
end on the static site (casts by the app), reviewed from the table's tools on the way and at the end: the
win-chance graph in the seats' colours, each player's grades, accuracy and luck, the key moments opening the board,
all within the screen's width, in English and Spanish."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from printgen.rulesets import load_builtin
from printgen.web import site
from tests import phone_picture
from tests.test_web_site import READY, _Log, _served

missing = phone_picture.missing()
pytestmark = pytest.mark.skipif(missing is not None, reason=str(missing))
SCREEN = {"width": 360, "height": 640}
PATIENCE = 120_000  # ms: the engine loads and the review runs on a shared machine
CONTEST = 600  # s: the longest a contest against the computer may take to play out (about a minute here)
TAP = """(() => {  // taps what the table awaits: the app's cast, else the first move; returns whether it tapped
  const b = document.querySelector('#castbtn') || document.querySelector('#controls button.move');
  if (b) b.click();
  return Boolean(b);
})()"""
SHOWN = """(() => {  // what the review screen shows, and whether it fits the screen's width
  const graph = document.querySelector('svg.chances');
  const box = graph ? graph.getBoundingClientRect() : null;
  return {
    lines: [...document.querySelectorAll('svg.chances polyline')].map((l) => ({
      points: l.getAttribute('points').trim().split(' ').length, colour: l.getAttribute('stroke') })),
    graph: box && { left: box.left, right: box.right, top: box.top, bottom: box.bottom },
    players: [...document.querySelectorAll('.player')].map((p) => ({
      grades: p.querySelectorAll('.grade').length, text: p.innerText })),
    moments: document.querySelectorAll('button.moment').length,
    title: document.querySelector('#title').textContent,
    wide: document.documentElement.scrollWidth,
    widest: Math.max(...[...document.querySelectorAll('#review *')].map((e) => e.getBoundingClientRect().right)),
  };
})()"""


def _turn(page) -> int:  # type: ignore[no-untyped-def]
    return int(page.evaluate("(document.querySelector('#status .turn')?.textContent.match(/\\d+$/) || [0])[0]"))


def _reviewed(page) -> dict:  # type: ignore[no-untyped-def]
    page.wait_for_function('document.body.dataset.review === "done"', timeout=PATIENCE)
    return dict(page.evaluate(SHOWN))


def _fits(shown: dict, turns: int, colours: set[str]) -> None:
    assert len(shown["lines"]) == 2 and all(line["points"] == turns + 1 for line in shown["lines"]), shown["lines"]
    assert {line["colour"] for line in shown["lines"]} == colours
    assert len(shown["players"]) == 2 and all(p["grades"] == 5 for p in shown["players"])
    assert shown["wide"] <= SCREEN["width"] and shown["widest"] <= SCREEN["width"] + 0.5, shown
    graph = shown["graph"]
    assert graph["left"] >= 0 and graph["right"] <= SCREEN["width"] and graph["bottom"] <= SCREEN["height"], graph


def test_the_review_screen_shows_the_graph_grades_luck_and_moments_on_a_phone(tmp_path: Path) -> None:
    out = tmp_path / "site"
    site.write_site(out, [load_builtin("neeley")], False)
    with _served(out, _Log()) as url, phone_picture.chromium() as browser:
        context = browser.new_context(viewport=SCREEN, locale="en-GB", reduced_motion="reduce")
        try:
            page = context.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(url)
            page.wait_for_function(READY, timeout=PATIENCE)
            page.click("#newbtn")
            page.click("form.new button[type=submit]")
            page.wait_for_function('document.body.dataset.screen === "table"', timeout=PATIENCE)
            colours = set(page.evaluate("fetch('data/games.json').then((r) => r.json()).then((i) => "
                                        "fetch('data/' + i.games.find((g) => g.key === 'neeley-2').file))"
                                        ".then((r) => r.json()).then((g) => g.app.board.geometry.colours.slice(0, 2))"))
            reviewed_on_the_way = False
            began = time.monotonic()
            while page.evaluate("document.body.dataset.state") != "over":
                assert time.monotonic() - began < CONTEST, "the contest did not end"
                state = page.evaluate("document.body.dataset.state")
                if state == "cast" and not reviewed_on_the_way and page.query_selector("#reviewbtn"):
                    turns = _turn(page)
                    page.click("#reviewbtn")  # the table's tools offer the review once a few turns are played
                    _fits(_reviewed(page), turns, colours)
                    page.click("#home")  # back to the table, which plays on
                    page.wait_for_selector("#castbtn")
                    reviewed_on_the_way = True
                    continue
                if state in ("cast", "move", "bet"):
                    page.evaluate(TAP)
                page.wait_for_timeout(60)
            assert reviewed_on_the_way
            turns = _turn(page)
            page.click("#reviewbtn")
            shown = _reviewed(page)
            page.screenshot(path=str(tmp_path / "review.png"))
            _fits(shown, turns, colours)
            assert shown["title"] == "Game review"
            assert any("won the contest" in p["text"] for p in shown["players"])
            assert all("Accuracy" in p["text"] and "Luck" in p["text"] for p in shown["players"])
            assert shown["moments"] >= 1
            page.click("button.moment")  # a key moment opens the board before it
            page.wait_for_selector(".sheet .momentboard svg.board")
            assert page.evaluate("document.querySelector('.sheet').getBoundingClientRect().bottom") <= SCREEN["height"]
            page.click(".sheet .sheetbar button")
            page.click("#menu")  # Spanish: the same review, its words from es.toml
            page.wait_for_function('document.documentElement.lang === "es"', timeout=PATIENCE)  # the words came
            shown = _reviewed(page)
            assert shown["title"] == "Análisis de la partida"
            assert all("Precisión" in p["text"] for p in shown["players"])
            _fits(shown, turns, colours)
            page.click(".about summary")
            page.select_option("#reviewlevel", "0")  # another level: reviewed again, with a progress bar
            page.wait_for_function("document.querySelector('#reviewlevel').value === '0' && "
                                   'document.body.dataset.review === "done"', timeout=PATIENCE)
            assert "nivel 0" in (page.text_content(".about") or "")
            assert not errors and page.evaluate("document.getElementById('error').hidden"), errors
        finally:
            context.close()


GRAPH = """(async () => {  // a long contest's graph (24 games of 5 turns) in Spanish words, drawn at a phone's width
  const { chanceGraph } = await import('./js/chance_graph.js');
  const turns = [...Array(120).keys()].map((i) => ({
    game: 1 + Math.floor(i / 5), seat: i % 2, after: [0.5 + 0.4 * Math.sin(i / 9), 0.5 - 0.4 * Math.sin(i / 9)] }));
  const W = { T: (key, v = {}) => ({ 'review.game': `partida ${v.n}`, 'word.percent': `${v.value} %` })[key] || key };
  const review = { turns, start: [0.5, 0.5], moments: { play: [7, 118], beans: [60] } };
  const graph = chanceGraph(review, ['#D55E00', '#0072B2'], W);
  document.body.replaceChildren(graph);
  graph.style.width = '336px';
  const box = graph.getBoundingClientRect();
  const games = [...graph.querySelectorAll('text.axis')].filter((t) => t.textContent.startsWith('partida'))
    .map((t) => { const r = t.getBoundingClientRect(); return [r.left - box.left, r.right - box.left]; });
  const texts = [...graph.querySelectorAll('text')].map((t) => t.getBoundingClientRect())
    .map((r) => [r.left - box.left, r.right - box.left]);
  return { width: box.width, games, texts };
})()"""


def test_a_long_contests_graph_names_only_the_games_it_has_room_for(tmp_path: Path) -> None:
    out = tmp_path / "site"
    site.write_site(out, [load_builtin("gatigo")], False)
    with _served(out, _Log()) as url, phone_picture.chromium() as browser:
        context = browser.new_context(viewport=SCREEN)
        try:
            page = context.new_page()
            page.goto(url)
            drawn = page.evaluate(GRAPH)
        finally:
            context.close()
    games, width = drawn["games"], drawn["width"]
    assert 3 <= len(games) < 24, games  # some of the 24 games are named, not all
    assert all(a[1] < b[0] for a, b in zip(games, games[1:], strict=False)), games  # no two labels overlap
    assert all(left >= 0 and right <= width + 0.5 for left, right in drawn["texts"]), (width, drawn["texts"])
