"""Checking a person's own beans: the verdict, the API and the words (the statistics are tested in test_stats.py)."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest

from printgen.errors import NotationError
from printgen.play.bean_check import MIN_CASTS, Verdict, check


def _casts(n: int, beans: int, p: float, seed: int) -> list[tuple[bool, ...]]:
    rng = random.Random(seed)
    return [tuple(rng.random() < p for _ in range(beans)) for _ in range(n)]


def test_fair_beans_are_called_fair_and_loaded_ones_unfair() -> None:
    fair = check(_casts(400, 5, 0.5, 1), 5, Fraction(1, 2))
    assert fair.verdict is Verdict.FAIR and fair.chi2_p is not None and fair.chi2_p > 0.05
    assert fair.interval[0] < 0.5 < fair.interval[1] and sum(fair.counts) == 400 and fair.df >= 3
    loaded = check(_casts(400, 5, 0.62, 2), 5, Fraction(1, 2))
    assert loaded.verdict is Verdict.UNFAIR and loaded.interval[0] > 0.5
    few = check(_casts(MIN_CASTS - 1, 5, 0.5, 3), 5, Fraction(1, 2))
    assert few.verdict is Verdict.TOO_FEW


def test_one_odd_bean_is_named() -> None:
    rng = random.Random(4)
    casts = [tuple(rng.random() < (0.85 if b == 2 else 0.5) for b in range(4)) for _ in range(300)]
    report = check(casts, 4, Fraction(1, 2))
    assert report.odd_beans == (2,) and report.verdict is Verdict.UNFAIR


def test_a_cast_with_the_wrong_number_of_beans_is_refused() -> None:
    with pytest.raises(NotationError, match="cast 2 shows 3 beans, not 5"):
        check([(True,) * 5, (True, False, True)], 5, Fraction(1, 2))


def test_the_api_judges_the_casts_in_both_languages(tmp_path: Path) -> None:
    pytest.importorskip("httpx", reason="httpx is not installed (pip install .[test])")
    from starlette.testclient import TestClient

    from printgen.serve.app import create_app

    client = TestClient(create_app(tmp_path / "saves", allowed_hosts=["testserver"]))
    casts = [list(c) for c in _casts(200, 4, 0.5, 5)]
    en = client.post("/api/beans?lang=en", json={"ruleset": "gatigo", "casts": casts})
    assert en.status_code == 200, en.text
    body = en.json()
    assert body["verdict"] == "fair" and body["verdict_words"].startswith("Fair enough to play with")
    assert body["casts"] == 200 and len(body["per_bean"]) == 4 and sum(body["counts"]) == 200
    assert any("chi-square" in line for line in body["lines"])
    es = client.post("/api/beans?lang=es", json={"ruleset": "gatigo", "casts": casts}).json()
    assert es["verdict_words"].startswith("Bastante justos") and any("chi cuadrado" in x for x in es["lines"])
    bad = client.post("/api/beans", json={"ruleset": "gatigo", "casts": [[True, False]]})
    assert bad.status_code == 400 and "cast 1 shows 2 beans, not 4" in bad.json()["error"]
    assert client.post("/api/beans", json={"ruleset": "gatigo", "casts": [[1, 0, 1, 0]]}).status_code == 400
    assert client.post("/api/beans", json={"ruleset": "nope", "casts": []}).status_code == 400
