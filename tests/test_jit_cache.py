"""Compiled code is never stale: a change to the code compiled code can reach starts a fresh cache, while an edit
to a docstring, a comment or code it cannot reach keeps the cache."""

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

    def folders() -> list[str]:
        return [p.name for p in cache.glob(jit.CACHE_PREFIX + "*")]

    assert _run(tmp_path, cache) == 2
    first = folders()
    assert len(first) == 1 and any(f.suffix == ".nbi" for f in (cache / first[0]).rglob("*"))
    assert _run(tmp_path, cache) == 2  # loaded from the cache
    # numba alone would keep the machine code of probe.py, which did not change
    weights.write_text("WEIGHT = 5\n")
    assert _run(tmp_path, cache) == 10
    second = folders()
    assert len(second) == 2 and set(first) < set(second), "a new folder is made, the last version's kept"
    weights.write_text('"""The weight."""\n\nWEIGHT = 5  # five\n')
    assert _run(tmp_path, cache) == 10 and folders() == second, "a docstring and a comment keep the cache"
    for weight in (7, 9):
        weights.write_text(f"WEIGHT = {weight}\n")
        assert _run(tmp_path, cache) == 2 * weight
    kept = folders()
    assert len(kept) == jit.KEEP and first[0] not in kept, "only the versions used last are kept"


@pytest.mark.slow
@needs_numba
def test_the_same_code_in_another_place_loads_what_the_first_compiled(tmp_path):
    """A fresh clone or a reinstall of unchanged code starts warm: the cache names modules by their place in the
    package, not by the folder it lies in."""
    for place in ("a", "b"):
        (tmp_path / place).mkdir()
        package = _copy_package(tmp_path / place)
        (package / "players" / "probe.py").write_text(PROBE)
        (package / "players" / "probe_weights.py").write_text("WEIGHT = 3\n")
    cache = tmp_path / "cache"
    assert _run(tmp_path / "a", cache) == 6
    files = {p: p.stat().st_mtime_ns for p in cache.rglob("*.nb[ic]")}
    assert files, "the first place compiled into the cache"
    assert _run(tmp_path / "b", cache) == 6
    assert {p: p.stat().st_mtime_ns for p in cache.rglob("*.nb[ic]")} == files, "the second place compiled nothing"


def test_every_module_with_compiled_functions_is_covered_by_the_stamp():
    root = Path(printgen.__file__).resolve().parent
    pattern = r"from printgen\.engine\.jit import [^\n]*\b(njit|inline)\b"
    compiled = {".".join(p.relative_to(root.parent).with_suffix("").parts) for p in root.rglob("*.py")
                if re.search(pattern, p.read_text("utf-8"))}
    assert len(compiled) >= 7 and "printgen.engine.kernel" in compiled
    assert set(jit.compiled_modules()) == compiled
    reachable = set(jit.reachable_modules())
    assert compiled | {"printgen.engine.jit", "printgen.engine.tables", "printgen.players"} <= reachable
    # Nothing compiled reaches the renderer, the command line or the table companion.
    assert not [m for m in reachable if m.startswith(("printgen.render", "printgen.cli", "printgen.serve"))]


def _edit(path: Path, old: str, new: str) -> None:
    """Replaces old (which must be there) by new in a file."""
    text = path.read_text("utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), "utf-8")


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the package with a compiled probe that reads a constant of another module."""
    package = _copy_package(tmp_path_factory.mktemp("stamp"))
    (package / "players" / "probe.py").write_text(PROBE)
    (package / "players" / "probe_weights.py").write_text(
        '"""Weights the probe reads."""\n\nWEIGHT = 1  # how much\n\n\ndef weight():\n    """Returns it."""\n'
        "    return WEIGHT\n")
    return package


FUTURE = "\nfrom __future__ import annotations\n"
KEEPS = {  # edits after which the compiled code is the same: the cache stays
    "a docstring of a compiled module": ("engine/kernel.py", '"""', '"""Edited. '),
    "a comment in a compiled module": ("engine/kernel.py", FUTURE, FUTURE + "# edited\n"),
    "a docstring of a module compiled code reads": ("players/probe_weights.py", "Weights the", "What the"),
    "a function's docstring": ("players/probe_weights.py", "Returns it.", "Returns the weight."),
    "a module compiled code cannot reach": ("render/booklet.py", FUTURE, FUTURE + "EDITED = 1\n"),
    "the command line": ("cli/app.py", FUTURE, FUTURE + "EDITED = 1\n"),
}
CHANGES = {  # edits after which compiled code could compute something else: a fresh cache
    "a constant compiled code reads from another module": ("players/probe_weights.py", "WEIGHT = 1", "WEIGHT = 2"),
    "a compiled function": ("players/probe.py", "x * WEIGHT", "x * WEIGHT + 1"),
    "the tables": ("engine/tables.py", FUTURE, FUTURE + "EDITED = 1\n"),
    "the tables' layout": ("engine/layout.py", FUTURE, FUTURE + "EDITED = 1\n"),
    "the rulesets' model": ("rulesets/model.py", FUTURE, FUTURE + "EDITED = 1\n"),
    "how functions are compiled": ("engine/jit.py", "nogil=True", "nogil=False"),
}


@pytest.fixture(scope="module")
def stamps(package: Path) -> jit.Stamps:
    """The copy's stamps before any edit (each test puts back what it edits)."""
    return jit.source_stamps(package)


@pytest.mark.parametrize("what", list(KEEPS) + list(CHANGES))
def test_the_stamp_changes_with_the_code_compiled_code_reaches_and_only_with_it(package: Path,
                                                                               stamps: jit.Stamps, what: str):
    relative, old, new = KEEPS.get(what) or CHANGES[what]
    path = package / relative
    original = path.read_text("utf-8")
    try:
        _edit(path, old, new)
        after = jit.source_stamps(package)
    finally:
        path.write_text(original, "utf-8")
    if what in KEEPS:
        assert after.code == stamps.code, "the cache folder is kept"
        reaches = relative.startswith(("engine/", "players/probe"))
        assert (after.text != stamps.text) == reaches, "the warm-up runs again after any edit numba itself sees"
    else:
        assert after.code != stamps.code and after.text != stamps.text


def test_a_module_that_starts_compiling_joins_the_stamp(package: Path):
    before = jit.reachable_modules(package)
    booklet = package / "render" / "booklet.py"
    original = booklet.read_text("utf-8")
    try:
        _edit(booklet, "\nfrom __future__ import annotations\n",
              "\nfrom __future__ import annotations\n\nfrom printgen.engine import jit\n\n\n"
              "@jit.njit\ndef twice(x):\n    return 2 * x\n")
        after = jit.reachable_modules(package)
    finally:
        booklet.write_text(original, "utf-8")
    assert "printgen.render.booklet" not in before and "printgen.render.booklet" in after
    assert "printgen.render.paper" in after  # with what it imports


def test_the_stamps_are_remembered_per_source_and_forgotten_when_it_changes(package: Path, stamps: jit.Stamps,
                                                                            tmp_path: Path):
    first = jit._remembered_stamps(tmp_path, package)
    assert first == stamps
    memo = list(tmp_path.glob(jit.STAMP_PREFIX + "*"))
    assert len(memo) == 1
    memo[0].write_text("made up\n")  # read back as they are written: nothing parsed again
    assert jit._remembered_stamps(tmp_path, package) == jit.Stamps("made", "up")
    weights = package / "players" / "probe_weights.py"
    original = weights.read_text("utf-8")
    try:
        _edit(weights, "WEIGHT = 1", "WEIGHT = 3")
        third, fresh = jit._remembered_stamps(tmp_path, package), jit.source_stamps(package)
    finally:
        weights.write_text(original, "utf-8")
    assert third == fresh and fresh.code != first.code
    assert [p.name for p in tmp_path.glob(jit.STAMP_PREFIX + "*")] != [memo[0].name], "the old memo is removed"


def test_code_compiled_with_bounds_checks_is_cached_apart(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv(jit.ENV_CACHE, str(tmp_path))
    plain, _ = jit._cache_dir()
    checked, _ = jit._cache_dir(bounds_checked=True)
    assert plain is not None and checked is not None
    assert plain.parent == tmp_path and checked.parent == tmp_path / jit.BOUNDS_CHECKED
    assert plain.name == checked.name  # the same source, kept in two trees that never share a function
    assert [p.name for p in tmp_path.glob(jit.CACHE_PREFIX + "*")] == [plain.name]


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
