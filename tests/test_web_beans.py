"""The phone's bean check says what Python's does (js/bean_check.js against play/bean_check.py and
play/table_words.py beans_json): the same figures to 1e-9, the same odd beans and verdicts, the same sentences in
English and Spanish, over many logs of fair, loaded and sticking beans, few casts and many, three to five beans; and the
arithmetic under them (lgamma, the chi-square and normal p-values, Wilson intervals, Python's rounding) to 1e-9."""

from __future__ import annotations

import json
import math
import random
import shutil
import subprocess
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from printgen.lang import LANGS, templates
from printgen.play.bean_check import BeanReport, check
from printgen.play.table_words import beans_json
from printgen.rules_text.lang import Texts
from printgen.ruleset_files import load_ruleset
from printgen.stats import Z95, binomial_two_sided, chi2_sf, chi_square, wilson
from printgen.web.app_data import bean_check_limits
from tests.test_web_table import app_tree

ROOT = Path(__file__).resolve().parent.parent
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed (Debian package nodejs; .ci/run "
                                                     "installs it)")
SIZES = (0, 1, 3, 12, 24, 25, 26, 40, 60, 100, 200, 400, 1000)
CHANCES = (Fraction(1, 2), Fraction(1, 3), Fraction(2, 5), Fraction(3, 4))


def _node(script: str, site: Path, tmp: Path, files: dict[str, Any]) -> Any:
    for name, value in files.items():
        (tmp / f"{name}.json").write_text(json.dumps(value))
    done = subprocess.run([NODE, str(ROOT / "tests" / "web" / script), str(site)] +
                          [str(tmp / f"{n}.json") for n in files], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def _log(rng: random.Random, beans: int, p: float, n: int) -> list[tuple[bool, ...]]:
    """Returns n casts of beans of one kind: fair, one bean loaded, all loaded, or sticking together."""
    kind = rng.choice(("fair", "fair", "one", "all", "stick"))
    chances = [p] * beans
    if kind == "one":
        chances[rng.randrange(beans)] = rng.choice((0.1, 0.3, 0.65, 0.9))
    elif kind == "all":
        chances = [min(0.95, max(0.05, p + rng.choice((-0.12, -0.05, 0.04, 0.1))))] * beans
    stick = rng.choice((0.1, 0.25, 0.5)) if kind == "stick" else 0.0
    casts = []
    for _ in range(n):
        if rng.random() < stick:  # every bean falls as the first does
            face = rng.random() < p
            casts.append((face,) * beans)
        else:
            casts.append(tuple(rng.random() < c for c in chances))
    return casts


def _cases() -> list[dict[str, Any]]:
    rng = random.Random(22)
    cases = []
    for beans in (3, 4, 5):
        for p in CHANCES:
            for n in SIZES:
                for _ in range(3 if n >= 25 else 1):
                    casts = _log(rng, beans, float(p), n)
                    cases.append({"casts": ["".join("1" if f else "0" for f in c) for c in casts], "beans": beans,
                                  "p": [p.numerator, p.denominator]})
        for n in (1, 30, 200):  # every bean always marked, never marked, or all beans alike each cast
            for logged in (["1" * beans] * n, ["0" * beans] * n, ["1" * beans, "0" * beans] * n):
                cases.append({"casts": logged, "beans": beans, "p": [1, 2]})
    return cases


def _close(a: Any, b: Any, where: str) -> None:
    if isinstance(b, float) or (isinstance(a, float) and isinstance(b, int)):
        assert isinstance(a, (int, float)), f"{where}: {a!r} != {b!r}"
        assert math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-300), f"{where}: {a!r} != {b!r}"
    elif isinstance(b, (list, tuple)):
        assert isinstance(a, list) and len(a) == len(b), f"{where}: {a!r} != {b!r}"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            _close(x, y, f"{where}[{i}]")
    else:
        assert a == b, f"{where}: {a!r} != {b!r}"


def _python(report: BeanReport) -> dict[str, Any]:
    return {"casts": report.casts, "marks": report.marks, "faces": report.faces, "expected": report.expected,
            "rate": report.rate, "interval": report.interval, "rate_p": report.rate_p, "per_bean": report.per_bean,
            "odd_beans": report.odd_beans, "counts": report.counts, "expected_counts": report.expected_counts,
            "chi2": report.chi2, "df": report.df, "chi2_p": report.chi2_p, "verdict": report.verdict.value}


def test_the_phone_judges_beans_as_python_does(tmp_path: Path) -> None:
    site = app_tree(tmp_path)
    cases = _cases()
    files = {"limits": bean_check_limits(), "words": {lang: templates(lang) for lang in LANGS}, "cases": cases}
    got = _node("beans.mjs", site, tmp_path, files)
    assert len(got) == len(cases)
    rs = load_ruleset("bell")  # the words of the check depend on no ruleset's rules
    seen: set[str] = set()
    for i, (case, phone) in enumerate(zip(cases, got, strict=True)):
        casts = [tuple(f == "1" for f in c) for c in case["casts"]]
        report = check(casts, case["beans"], Fraction(*case["p"]))
        where = f"case {i} ({case['beans']} beans, p {case['p']}, {len(casts)} casts)"
        for key, value in _python(report).items():
            _close(phone["report"][key], value, f"{where} {key}")
        for lang in LANGS:
            said = beans_json(report, rs, lang)
            assert phone["said"][lang]["lines"] == said["lines"], where
            assert phone["said"][lang]["verdict"] == said["verdict_words"], where
        seen.add(phone["said"]["en"]["key"])
    assert seen == {"too_few", "fair", "doubtful", "unfair", "unfair_spread"}, seen


def _calls() -> list[tuple[list[Any], Any]]:
    """Returns calls of the check's arithmetic with Python's answers: grids, edges, exact ties and random values."""
    rng = random.Random(2)
    texts = Texts("en")
    out: list[tuple[list[Any], Any]] = []
    xs = [k / 2 for k in range(1, 80)] + [rng.uniform(1e-3, 60) for _ in range(300)] + [1e-25, 3e-7, 0.999, 1.001]
    out += [(["lgamma", x], math.lgamma(x)) for x in xs]
    for df in range(1, 31):
        for x in [0.0, 1e-9, 0.3, df / 2 + 1, df + 2 - 1e-12, df + 2 + 1e-12, df, 3 * df, 150.0, 900.0] + \
                 [rng.uniform(0, 4 * df) for _ in range(20)]:
            out.append((["chi2_sf", x, df], chi2_sf(x, df)))
    for n in (0, 1, 2, 5, 24, 25, 100, 777, 5000):
        for k in sorted({0, 1, n // 3, n // 2, n - 1, n} - {-1}):
            if 0 <= k <= n:
                out.append((["wilson", k, n, Z95], list(wilson(k, n))))
                for p in (0.5, 1 / 3, 0.4, 0.75):
                    out.append((["binomial_two_sided", k, n, p], binomial_two_sided(k, n, p)))
    out += [(["erfc", z], math.erfc(z)) for z in [0.0, 1e-8, 0.5, 1.2247, 1.2248, 3.0, 10.0, 26.0] +
            [rng.uniform(0, 20) for _ in range(200)]]
    for _ in range(100):
        observed = [rng.randrange(60) for _ in range(rng.randrange(2, 7))]
        expected = [rng.uniform(5, 60) for _ in observed]
        out.append((["chi_square", observed, expected], list(chi_square(observed, expected))))
    ties = [k / 16 for k in range(0, 200)] + [k / 2048 for k in range(0, 300)] + [0.125, 2.675, 1.005, 0.0005]
    for x in ties + [rng.uniform(0, 100) for _ in range(300)] + [rng.uniform(0, 1e-3) for _ in range(50)]:
        out += [(["fixed", x, places], f"{x:.{places}f}") for places in (2, 3)]
        out.append((["round", x, 3], round(x, 3)))
    for x in [k / n for n in (1, 3, 7, 8, 40, 125, 999) for k in range(n + 1)] + [rng.random() for _ in range(300)] + \
             [0.0005, 0.00049999, 0.12345, 1e-7]:
        words = texts.percent(Fraction(x).limit_denominator(100_000))
        out.append((["percent", x], words.removesuffix("%")))
    return out


def test_the_arithmetic_is_python_s(tmp_path: Path) -> None:
    site = app_tree(tmp_path)
    calls = _calls()
    got = _node("stats.mjs", site, tmp_path, {"calls": [c for c, _ in calls]})
    assert len(got) == len(calls)
    for (call, want), answer in zip(calls, got, strict=True):
        _close(answer, want, str(call))
