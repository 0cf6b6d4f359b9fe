"""`patolli lab bench-phone`: the phone app measured in headless Chromium, throttled (its structure and that every
figure
was measured; never its speed: figures are for people, docs/measurements.md)."""

from __future__ import annotations

import gzip
import json
import math
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from printgen.web import phone_bench

missing = phone_bench.missing()


def test_percentiles() -> None:
    assert phone_bench.percentile([1.0, 2.0, 3.0, 4.0, 5.0], 50) == 3.0
    assert phone_bench.percentile([0.0, 10.0], 95) == pytest.approx(9.5)
    assert math.isnan(phone_bench.percentile([], 50))


def test_the_host_gzips_revalidates_and_counts() -> None:
    text = b"<!doctype html>" + b"patolli " * 500
    host = phone_bench.Host({"index.html": text, "icons/a.png": b"\x89PNG" + bytes(300)})
    with host.serving() as url:
        got = urllib.request.urlopen(urllib.request.Request(url, headers={"Accept-Encoding": "gzip"}))
        body = got.read()
        assert got.headers["Content-Encoding"] == "gzip" and gzip.decompress(body) == text
        png = urllib.request.urlopen(urllib.request.Request(url + "icons/a.png", headers={"Accept-Encoding": "gzip"}))
        assert png.headers["Content-Encoding"] is None and len(png.read()) == 304
        again = urllib.request.Request(url + "index.html", headers={"If-None-Match": got.headers["ETag"]})
        with pytest.raises(urllib.error.HTTPError) as e:
            urllib.request.urlopen(again)
        assert e.value.code == 304
    assert host.total() == (len(body) + 304, 3)


def test_an_unknown_ruleset_is_refused_with_the_ones_there_are() -> None:
    from printgen.errors import OptionError

    index = {"rulesets": [{"name": "bell"}, {"name": "gatigo"}], "games": []}
    with pytest.raises(OptionError, match="no built-in ruleset 'gatigo2' \\(the app has bell, gatigo\\)"):
        phone_bench.games_of({"data/games.json": json.dumps(index).encode()}, ["gatigo2"])


@pytest.mark.skipif(missing is not None, reason=str(missing))
def test_one_small_game_is_measured_in_chromium(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from printgen.cli.app import app

    out = tmp_path / "phone.json"
    # hardly slowed: a throttled page makes the test wait, and what it checks is the same at any rate
    argv = ["lab", "bench-phone", "-r", "gatigo", "--samples", "3", "--seed", "2", "--throttle", "1.5", "--out",
            str(out)]
    result = CliRunner().invoke(app, argv)
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    assert "engine ready, ms" in result.stdout and "computer move (club) median, ms" in result.stdout
    assert report["throttle"] == 1.5 and report["advice_level"] == 3 and report["chromium"]
    assert [g["key"] for g in report["games"]] == ["gatigo-2", "gatigo-3", "gatigo-4"]  # every player count
    for g in report["games"]:
        assert g["transferred_kb"] >= g["transferred_by_ready_kb"] > 0 and g["requests"] > 10
        assert g["ready_ms"] > 0 and g["longest_task_ms"] >= 0
        assert g["advice"]["count"] >= 3 and g["advice"]["fill_min"] >= g["advice"]["threshold"] > 0
        assert g["computer"]["club"]["count"] >= 3  # the strongest's moves come between the person's, as many
        for calls in (g["advice"], *g["computer"].values()):
            assert calls["count"] >= 1, g["key"]
            for k in ("median_ms", "p95_ms", "busy_median_ms"):
                assert calls[k] is not None and calls[k] >= 0 and not math.isnan(calls[k]), (g["key"], k)
            assert calls["median_ms"] >= calls["busy_median_ms"]  # the engine's busy time is part of the trip
        assert set(g["computer"]) == {"strongest", "club"}
        assert all(v is not None for v in g["checks"].values())  # every figure measured, whatever its verdict
    assert isinstance(report["within_targets"], bool)
    assert "engine worker" in report["throttled"]  # the engine ran in the throttled page, not a full-speed worker


def test_the_host_does_not_count_the_benchmarks_own_page() -> None:
    host = phone_bench.Host({"index.html": b"x" * 100, phone_bench.ENGINE_PAGE_PATH: phone_bench.ENGINE_PAGE})
    with host.serving() as url:
        for path in ("", phone_bench.ENGINE_PAGE_PATH):
            urllib.request.urlopen(url + path).read()
    assert host.total() == (100, 1)
