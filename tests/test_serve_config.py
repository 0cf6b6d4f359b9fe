"""The page's fixed facts have one home, in Python: the server sends them (`/api/config`), and the page's own files
repeat none of them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("httpx", reason="httpx is not installed (pip install .[test])")

from starlette.testclient import TestClient  # noqa: E402

from printgen.engine.seats import SEAT_NAMES  # noqa: E402
from printgen.lang import LANGS  # noqa: E402
from printgen.play.bean_check import MIN_CASTS  # noqa: E402
from printgen.serve.app import create_app  # noqa: E402
from printgen.serve.routes_lobby import LEARN_PREFIX, MAX_LOGGED, STATIC  # noqa: E402
from printgen.serve.store import NAME, NAME_MAX  # noqa: E402


def test_the_config_is_the_python_constants(tmp_path: Path) -> None:
    config = TestClient(create_app(tmp_path, allowed_hosts=["testserver"])).get("/api/config").json()
    assert config == {"langs": list(LANGS), "seats": list(SEAT_NAMES), "name_pattern": NAME.pattern,
                      "name_max": NAME_MAX, "learn_prefix": LEARN_PREFIX, "beans_min": MIN_CASTS,
                      "beans_kept": MAX_LOGGED}
    assert config["langs"][0] == "en" and "es" in config["langs"] and config["seats"] == ["A", "B", "C", "D"]


def test_a_guided_game_is_named_with_the_prefix_the_page_is_sent(tmp_path: Path) -> None:
    client = TestClient(create_app(tmp_path, allowed_hosts=["testserver"]))
    name = client.post("/api/learn", json={"ruleset": "bell"}).json()["name"]
    assert name.startswith(client.get("/api/config").json()["learn_prefix"])


def test_the_name_pattern_reads_the_same_in_python_and_in_the_page() -> None:
    # the page uses it as <input pattern>, a JavaScript regex with the v flag, where a bare "-" in a class is an error
    assert re.search(r"(?<!\\)-\]", NAME.pattern) is None
    for name, ok in (("a", True), ("Game_1-b", True), ("x" * NAME_MAX, True), ("x" * (NAME_MAX + 1), False),
                     ("-a", False), ("a.b", False), ("a b", False), ("", False)):
        assert bool(NAME.fullmatch(name)) is ok, name


def test_the_page_repeats_none_of_the_server_s_facts() -> None:
    script = (STATIC / "app.js").read_text(encoding="utf-8")
    page = script + (STATIC / "index.html").read_text(encoding="utf-8")
    assert "/api/config" in page and "config.langs" in page and "config.seats" in page
    assert "config.name_pattern" in page and "config.learn_prefix" in page
    assert SEAT_NAMES not in page  # the seat letters
    assert not any(f'"{lang}"' in script for lang in LANGS)  # the language list (the HTML's lang="en" is a default)
    assert "A-Za-z0-9" not in page and "pattern=" not in page and "maxlength=" not in page  # the game-name rule
    assert LEARN_PREFIX not in page
    assert str(MAX_LOGGED) not in page and f"min: {MIN_CASTS}" not in page
