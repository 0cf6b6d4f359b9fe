"""Compiled code is never stale: an edit to any module compiled code can reach starts a fresh cache."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import printgen
from printgen.engine import jit

PROBE = """
from printgen.engine.jit import njit
from printgen.players.probe_weights import WEIGHT


@njit
def weighed(x):
    return x * WEIGHT
"""

needs_numba = pytest.mark.skipif(not jit.JIT, reason="numba is not in use (PATOLLI_NO_JIT or not installed)")


def _copy_package(tmp_path: Path) -> Path:
    """Copies the package without its caches, so the copy compiles afresh into its own cache."""
    src = Path(printgen.__file__).resolve().parent
    shutil.copytree(src, tmp_path / "printgen", ignore=shutil.ignore_patterns("__pycache__"))
    return tmp_path / "printgen"


def _run(root: Path, cache: Path) -> int:
    """Runs the probe in a fresh process and returns what the compiled function computed."""
    env = {k: v for k, v in os.environ.items() if k not in (jit.ENV_NO_JIT, "PYTHONPATH")}
    env[jit.ENV_CACHE] = str(cache)
    code = "from printgen.players.probe import weighed; print(weighed(2))"
    out = subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True,
                         timeout=300, check=True)
    return int(out.stdout.strip())


@pytest.mark.slow
@needs_numba
def test_an_edit_to_a_module_compiled_code_reads_is_seen_by_the_next_run(tmp_path):
    package = _copy_package(tmp_path)
    (package / "players" / "probe.py").write_text(PROBE)
    weights = package / "players" / "probe_weights.py"
    weights.write_text("WEIGHT = 1\n")
    cache = tmp_path / "cache"
    assert _run(tmp_path, cache) == 2
    first = [p.name for p in cache.iterdir()]
    assert len(first) == 1 and any(f.suffix == ".nbi" for f in (cache / first[0]).rglob("*"))
    assert _run(tmp_path, cache) == 2  # loaded from the cache
    # numba alone would keep the machine code of probe.py, which did not change
    weights.write_text("WEIGHT = 5\n")
    assert _run(tmp_path, cache) == 10
    second = [p.name for p in cache.iterdir()]
    assert len(second) == 1 and second != first, "the old cache folder is removed, a new one made"


def test_every_module_with_compiled_functions_is_covered_by_the_stamp():
    root = Path(printgen.__file__).resolve().parent
    compiled = [p for p in root.rglob("*.py") if re.search(r"from printgen\.engine\.jit import", p.read_text("utf-8"))]
    assert len(compiled) >= 7
    for path in compiled:
        assert path.relative_to(root).parts[0] in jit.COMPILED_PACKAGES, f"{path} is outside the stamped packages"


def test_the_stamp_changes_with_any_reachable_source(tmp_path):
    package = _copy_package(tmp_path)
    before = jit.source_stamp(package)
    tables = package / "engine" / "tables.py"
    tables.write_text(tables.read_text("utf-8") + "\n# edited\n")
    assert jit.source_stamp(package) != before


def _import_without_numba(env_extra: dict[str, str]) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != jit.ENV_NO_JIT} | env_extra
    code = ("import sys; sys.modules['numba'] = None\n"
            "from printgen.engine import jit, kernel\nimport printgen.players.search.plain\nprint(jit.JIT)")
    return subprocess.run([sys.executable, "-c", code], cwd=Path(printgen.__file__).resolve().parent.parent,
                          env=env, capture_output=True, text=True, timeout=120, check=True)


def test_a_missing_numba_is_said_once_with_its_cause():
    out = _import_without_numba({})
    assert out.stdout.strip() == "False"
    assert out.stderr.count("warning: numba could not be imported") == 1
    assert "import of numba halted" in out.stderr and "170x slower" in out.stderr


def test_no_warning_when_plain_python_is_asked_for():
    out = _import_without_numba({jit.ENV_NO_JIT: "1"})
    assert out.stdout.strip() == "False" and out.stderr == ""
