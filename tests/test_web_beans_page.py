"""Checking one's own beans on the phone alone, in Chromium at 360x640 with the network off: casts tapped in bean
by bean, the running report in the server's words (beans_json) in English and Spanish, the log kept on the phone
through a reload, a cast taken back and the casts forgotten."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from printgen.play.bean_check import MIN_CASTS, check
from printgen.play.table_words import beans_json
from printgen.rulesets.load import load_builtin
from printgen.web import site
from printgen.web.app_data import bean_check_limits
from tests import phone_picture
from tests.test_web_play_offline import _offline_page
from tests.test_web_site import PATIENCE, READY, _Log, _served

missing = phone_picture.missing()
pytestmark = pytest.mark.skipif(missing is not None, reason=str(missing))
RULESET = "gatigo"  # four beans; neeley's five are the other count on the page


@pytest.fixture(scope="module")
def www(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("beans") / "www"
    site.write_site(out, [load_builtin("neeley"), load_builtin(RULESET)], False)
    return out


@pytest.fixture(scope="module")
def url(www: Path) -> Iterator[str]:
    with _served(www, _Log()) as address:
        yield address


def test_the_index_holds_the_check_s_thresholds_and_beans(www: Path) -> None:
    index = json.loads((www / "data" / "games.json").read_text(encoding="utf-8"))
    assert index["bean_check"] == bean_check_limits()
    for entry in index["rulesets"]:
        beans = load_builtin(entry["name"]).beans
        assert entry["beans"] == {"count": beans.count, "mark_probability": [beans.mark_probability.numerator,
                                                                             beans.mark_probability.denominator]}
    assert "js/beans.js" in (www / "sw.js").read_text(encoding="utf-8")  # cached for offline use like the rest


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with phone_picture.chromium() as b:
        yield b


def _casts(n: int, beans: int, seed: int, loaded: float) -> list[tuple[bool, ...]]:
    """Returns n casts, the first bean showing its mark with chance `loaded`, the others fairly."""
    rng = random.Random(seed)
    return [tuple(rng.random() < (loaded if b == 0 else 0.5) for b in range(beans)) for _ in range(n)]


def _open_check(page: Any) -> None:
    page.click("#beansbtn")
    page.wait_for_selector("body[data-screen=beans] #beanslog")


def _log(page: Any, casts: list[tuple[bool, ...]]) -> None:
    for cast in casts:
        for i, marked in enumerate(cast):
            if marked:
                page.click(f".checkbeans .bean >> nth={i}")
        page.click("#beanslog")


def _shown(page: Any) -> tuple[list[str], str]:
    return page.locator("#beanslines li").all_inner_texts(), page.locator("#beansverdict").inner_text()


def _said(casts: list[tuple[bool, ...]], lang: str) -> tuple[list[str], str]:
    rs = load_builtin(RULESET)
    got = beans_json(check(casts, rs.beans.count, rs.beans.mark_probability), rs, lang)
    return got["lines"], got["verdict_words"]


def test_beans_are_checked_on_the_phone_and_the_casts_kept(browser: Any, url: str, tmp_path: Path) -> None:
    context, page, errors = _offline_page(browser, url, 360, 640, tmp_path)
    try:
        _open_check(page)
        page.select_option("#beansruleset", RULESET)
        beans = page.locator(".checkbeans .bean")
        assert beans.count() == load_builtin(RULESET).beans.count
        for bean in beans.all():  # big targets, side by side in one row
            box = bean.bounding_box()
            assert box["width"] >= 44 and box["height"] >= 44
        log_box = page.locator("#beanslog").bounding_box()
        assert log_box["y"] + log_box["height"] <= 640, "the log button is below the fold"
        assert _shown(page) == _said([], "en")
        page.screenshot(path=str(tmp_path / "beans-empty.png"))

        casts = _casts(MIN_CASTS + 15, beans.count(), 7, 0.9)  # the first bean is loaded
        _log(page, casts[:5])
        assert _shown(page) == _said(casts[:5], "en")
        assert page.locator("#beansverdict").get_attribute("data-verdict") == "too_few"
        _log(page, casts[5:])
        assert _shown(page) == _said(casts, "en")
        assert page.locator("#beansverdict").get_attribute("data-verdict") == "unfair"
        assert "Bean 1 is the odd one out" in " ".join(_shown(page)[0])
        page.screenshot(path=str(tmp_path / "beans-unfair.png"), full_page=True)

        page.reload()  # the casts are kept on the phone
        page.wait_for_function(READY, timeout=PATIENCE)
        _open_check(page)
        assert page.locator("#beansruleset").input_value() == RULESET
        assert _shown(page) == _said(casts, "en")
        page.click("#menu")  # in Spanish
        page.wait_for_function("document.documentElement.lang === 'es'")
        assert _shown(page) == _said(casts, "es")
        page.screenshot(path=str(tmp_path / "beans-es.png"), full_page=True)
        page.click("#menu")
        page.wait_for_function("document.documentElement.lang === 'en'")

        page.click("#beansundo")
        assert _shown(page) == _said(casts[:-1], "en")
        page.select_option("#beansruleset", "neeley")  # five beans: a log of its own
        assert page.locator(".checkbeans .bean").count() == load_builtin("neeley").beans.count
        assert page.locator("#beanslines li").first.inner_text() == _said([], "en")[0][0]
        page.select_option("#beansruleset", RULESET)
        page.once("dialog", lambda d: d.accept())
        page.click("#beansforget")
        page.wait_for_function("document.querySelectorAll('#beanslines li').length === 1")
        assert _shown(page) == _said([], "en")
        assert not errors
    finally:
        context.close()


def test_a_fair_set_of_beans_reads_fair(browser: Any, url: str, tmp_path: Path) -> None:
    context, page, errors = _offline_page(browser, url, 360, 640, tmp_path)
    try:
        _open_check(page)
        page.select_option("#beansruleset", RULESET)
        assert page.locator("#beansforget").is_disabled()  # a context of its own: nothing logged yet
        casts = _casts(60, 4, 3, 0.5)
        assert check(casts, 4, Fraction(1, 2)).verdict.value == "fair"
        _log(page, casts)
        assert _shown(page) == _said(casts, "en")
        assert page.locator("#beansverdict").get_attribute("data-verdict") == "fair"
        page.click(".checkbeans .bean >> nth=0")
        page.click(".checkbeans .bean >> nth=2")
        assert page.locator(".checkbeans .bean.marked").count() == 2
        page.click(".each > summary")
        assert page.locator(".each li").count() == 4  # each bean's own rate
        page.screenshot(path=str(tmp_path / "beans-fair.png"), full_page=True)
        assert not errors
    finally:
        context.close()
