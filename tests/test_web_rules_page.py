"""The rules page of the phone app in Debian's Chromium at 360 x 640, in English and Spanish: the booklet's parts,
headings and paragraphs as rules_text builds them, every cell picture loaded, nothing wider than the screen; the
rules of another ruleset and with options on asking; and the rules of the game at the table."""

from __future__ import annotations

import json
from typing import Any

import pytest

from printgen.engine.topology import topology_for
from printgen.rules_text import booklet
from printgen.rules_text.blocks import Bullets, Heading, Paragraph, plain, spans
from printgen.rulesets import load_builtin
from printgen.rulesets.load import BUILTIN
from printgen.web import site
from tests import phone_picture
from tests.test_web_site import _Log, _served

missing = phone_picture.missing()
pytestmark = pytest.mark.skipif(missing is not None, reason=str(missing))
PATIENCE = 60_000  # ms: a shared machine loads the engine in a worker
READY = 'document.body.dataset.ready === "1"'
SCREEN = {"width": 360, "height": 640}

# Every element of the rules page fits the screen, but what is inside a table's own scrolling box.
TOO_WIDE = """() => [...document.querySelectorAll('.rulespage *, #sheet *')]
  .filter((e) => !e.closest('.tablebox') || e.classList.contains('tablebox'))
  .filter((e) => { const r = e.getBoundingClientRect(); return r.width > 0 && (r.left < -0.5 || r.right > 360.5); })
  .map((e) => `${e.tagName}.${e.className}: ${e.textContent.slice(0, 40)}`)"""
OPEN_ALL = "document.querySelectorAll('.rulesec').forEach((d) => { d.open = true; })"
PICTURES = """async () => {
  const imgs = [...document.querySelectorAll('.cellfig img')];
  await Promise.all(imgs.map((i) => i.decode().catch(() => null)));
  const boards = [...document.querySelectorAll('svg.boardfig image')].map((i) => i.getAttribute('href'));
  const ok = await Promise.all(boards.map((u) => fetch(u).then((r) => r.ok && r.headers.get('content-type'))));
  return { cells: imgs.map((i) => [i.closest('.cellfig').dataset.kind, i.complete && i.naturalWidth > 0]),
           boards: ok };
}"""


@pytest.fixture(scope="module")
def url(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The site of every built-in ruleset, served for the module."""
    out = tmp_path_factory.mktemp("rulesite") / "patolli"
    site.write_site(out, [load_builtin(name) for name in BUILTIN], False)
    with _served(out, _Log()) as address:
        yield address


@pytest.fixture(scope="module")
def browser() -> Any:
    with phone_picture.chromium() as b:
        yield b


def _page(browser: Any, url: str, lang: str) -> Any:
    context = browser.new_context(viewport=SCREEN, device_scale_factor=1, reduced_motion="reduce")
    context.add_init_script(f"localStorage.setItem('patolli.lang', '{lang}')")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.goto(url)
    page.wait_for_function(READY, timeout=PATIENCE)
    return page


def _check_booklet(page: Any, spec: str, lang: str, scope: str = ".rulespage") -> None:
    """Checks the page shows the booklet of a ruleset (with options) as rules_text builds it, all of it on screen."""
    from printgen.ruleset_files import load_ruleset

    rs = load_ruleset(spec)
    printed = booklet(rs, lang)
    want = json.dumps([plain(printed.subtitle), *(s.title for s in printed.sections)], ensure_ascii=False,
                      separators=(",", ":"))
    shown = (f"JSON.stringify([document.querySelector('{scope} .rulesub')?.textContent, ...[...document"
             f".querySelectorAll('{scope} .rulesec summary h2')].map((e) => e.textContent)])")
    page.wait_for_function(f"{shown} === {json.dumps(want)}", timeout=PATIENCE)
    page.evaluate(OPEN_ALL)
    got = page.evaluate(f"""() => ({{
      sections: [...document.querySelectorAll('{scope} .rulesec summary h2')].map((e) => e.textContent),
      headings: [...document.querySelectorAll('{scope} .rulesbody :is(h3, h4)')].map((e) => e.textContent),
      paragraphs: [...document.querySelectorAll('{scope} .rulesbody > p')].map((e) => e.textContent),
      subtitle: document.querySelector('{scope} .rulesub')?.textContent }})""")
    assert got["sections"] == [s.title for s in printed.sections]
    assert got["headings"] == [plain(b.text) for s in printed.sections for b in s.blocks if isinstance(b, Heading)]
    assert got["paragraphs"] == [plain(b.text) for s in printed.sections for b in s.blocks
                                 if isinstance(b, Paragraph)]
    assert got["subtitle"] == plain(printed.subtitle)
    pictures = page.evaluate(PICTURES)
    assert {kind for kind, _ in pictures["cells"]} == {c.kind.value for c in topology_for(rs).cells}
    assert all(ok for _, ok in pictures["cells"]), pictures
    assert pictures["boards"] and all(t and "svg" in t for t in pictures["boards"]), pictures
    assert page.evaluate(TOO_WIDE) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= SCREEN["width"]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_rules_page_is_the_booklet_on_a_phone(browser: Any, url: str, lang: str) -> None:
    page = _page(browser, url, lang)
    try:
        page.click("#rulesbtn")
        _check_booklet(page, BUILTIN[0], lang)
        page.select_option("#rulesruleset", "neeley")  # a board with a centre
        _check_booklet(page, "neeley", lang)
        page.select_option("#rulesruleset", "bell")
        page.evaluate("document.querySelector('.ruleopts').open = true")
        page.check(".ruleopts input[value=no_gambling]")
        page.wait_for_function("document.querySelector('.ruleopts summary').textContent.includes('(1)')")
        _check_booklet(page, "bell+no_gambling", lang)
        assert page.evaluate(TOO_WIDE) == []
        assert not page.errors
    finally:
        page.context.close()


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_table_shows_the_rules_of_its_game(browser: Any, url: str, lang: str) -> None:
    page = _page(browser, url, lang)
    try:
        page.click("#newbtn")
        page.select_option("#newform select[name=ruleset]", "ocastudios")
        page.click("#newform button[type=submit]")
        page.wait_for_selector(".tools .rulesbtn", timeout=PATIENCE)
        page.click(".tools .rulesbtn")
        _check_booklet(page, "ocastudios", lang, "#sheet")
        assert not page.errors
    finally:
        page.context.close()


def test_the_rules_can_be_read_from_the_new_game_form(browser: Any, url: str) -> None:
    page = _page(browser, url, "en")
    try:
        page.click("#newbtn")
        page.select_option("#newform select[name=ruleset]", "ocastudios")
        page.check("#newform input[value=empty_start]")
        page.click("#readrules")
        _check_booklet(page, "ocastudios+empty_start", "en")
        page.click("#home")
        page.wait_for_selector("#newform")
        assert page.eval_on_selector("#newform select[name=ruleset]", "s => s.value") == "ocastudios"
        assert not page.errors
    finally:
        page.context.close()


def test_the_page_reads_the_inline_markup_as_rules_text_does(browser: Any, url: str) -> None:
    texts = ["a \\* b", "**bold *both* bold** plain", "*unclosed", "***", "", "x ** y"]
    for lang in ("en", "es"):
        for s in booklet(load_builtin("bell"), lang).sections:
            for b in s.blocks:
                texts += [b.text] if isinstance(b, Paragraph) else list(b.items) if isinstance(b, Bullets) else []
    page = _page(browser, url, "en")
    try:
        got = page.evaluate("async (ts) => { const m = await import('./js/rules.js'); return ts.map(m.spans); }",
                            texts)
        assert got == [[{"text": p.text, "bold": p.bold, "italic": p.italic} for p in spans(t)] for t in texts]
    finally:
        page.context.close()
