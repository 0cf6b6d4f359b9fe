"""The JIT decorator the rules kernel and the players use: numba's `njit` when available, else plain Python.

The kernel is compiled without numba's reference counting (`_nrt=False`): it never allocates,
and counting references to every table array on every call cost 100x the work itself
(140 ns against 1.2 ns for a landing check, measured). Callers own and pass every buffer.

Compiled code is cached on disk, but numba checks a cached function only against its own source
file, while a compiled function also carries what it calls and the constants it reads from other
modules. So every function compiled here is cached in a folder named by a hash of all the source
that compiled code can reach (`COMPILED_PACKAGES`): an edit anywhere there starts a fresh cache,
and no stale machine code can run. Older cache folders are removed.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

PACKAGE = Path(__file__).resolve().parent.parent
# Compiled code lives in the engine and the players and reads constants from there and from the
# rulesets (dependencies point one way: nothing compiled can reach render, serve or cli).
COMPILED_PACKAGES = ("engine", "players", "rulesets")
CACHE_PREFIX = "numba-"
ENV_NO_JIT = "PATOLLI_NO_JIT"
ENV_CACHE = "PATOLLI_CACHE_DIR"  # where compiled code is cached (default: inside the package, else ~/.cache)


def source_stamp(package: Path = PACKAGE) -> str:
    """Returns a hash of every Python source that compiled code can reach."""
    digest = hashlib.sha256()
    for sub in COMPILED_PACKAGES:
        for path in sorted((package / sub).rglob("*.py")):
            digest.update(str(path.relative_to(package)).encode())
            digest.update(b"\0")
            digest.update(path.read_bytes())
            digest.update(b"\0")
    return digest.hexdigest()[:16]


def _writable(folder: Path) -> bool:
    """Returns whether files can be made in folder (making it if needed)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tempfile.TemporaryFile(dir=folder).close()
        return True
    except OSError:
        return False


def cache_root() -> Path | None:
    """Returns the writable folder that holds the cache folders, or None where there is none."""
    chosen = os.environ.get(ENV_CACHE)
    if chosen:
        candidates = [Path(chosen)]
    else:
        user = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "printgen"
        candidates = [PACKAGE / "__pycache__", user]
    return next((c for c in candidates if _writable(c)), None)


def _prune(root: Path, keep: str) -> None:
    """Removes cache folders of other sources (older versions of the code)."""
    for old in root.glob(CACHE_PREFIX + "*"):
        if old.name != keep and old.is_dir():
            shutil.rmtree(old, ignore_errors=True)


def _cache_dir() -> Path | None:
    """Returns this source's cache folder, made and with older ones removed; None to compile without a cache."""
    root = cache_root()
    if root is None:
        return None
    name = CACHE_PREFIX + source_stamp()
    _prune(root, name)
    folder = root / name
    return folder if _writable(folder) else None


def _numba_missing_warning(exc: BaseException) -> None:
    """Says once, on standard error, that the rules run uncompiled and why."""
    print(f"warning: numba could not be imported ({exc}); the rules engine runs as plain Python, about 170x "
          f"slower. Reinstall the package (pip install .) to get it, or set {ENV_NO_JIT}=1 to run uncompiled "
          "on purpose.", file=sys.stderr)


def _skip_blas_probe() -> None:
    """Loads numba's array functions without their probe for BLAS, which imports SciPy (0.7 s) where it is installed.

    The probe runs once, on numba's first compile or cache load; its answer only matters to compiled
    linear algebra, which the engine and players do not use. Without the probe every warm command
    that touches the engine starts 0.7 s sooner on a machine with SciPy.
    """
    probe = "scipy.linalg.cython_blas"
    if "numba.np.arraymath" in sys.modules or probe in sys.modules:
        return
    sys.modules[probe] = None  # type: ignore[assignment]  # makes `import` of it raise ImportError
    try:
        import numba.np.arraymath  # noqa: F401
    except ImportError:  # pragma: no cover - a numba without this module: nothing to skip
        pass
    finally:
        del sys.modules[probe]


try:  # numba is a declared dependency; plain Python keeps the rules usable (and debuggable) without it
    if os.environ.get(ENV_NO_JIT):
        raise ModuleNotFoundError(ENV_NO_JIT)
    import numba
    from numba import njit as _numba_njit
    from numba.core import config as _numba_config
except ImportError as _exc:  # pragma: no cover - exercised by PATOLLI_NO_JIT runs
    if not os.environ.get(ENV_NO_JIT):
        _numba_missing_warning(_exc)

    def njit(fn: F) -> F:
        """Returns fn unchanged."""
        return fn

    inline = njit

    JIT = False
    CACHE_DIR: Path | None = None
else:
    JIT = True
    CACHE_DIR = _cache_dir()
    _njit: Any = _numba_njit  # numba's stubs know neither `_nrt` nor the config's CACHE_DIR
    _config: Any = _numba_config
    _skip_blas_probe()

    def _compile(fn: F, **options: Any) -> F:
        """Returns fn compiled, cached in CACHE_DIR (numba picks the cache folder when it decorates)."""
        if CACHE_DIR is None:
            return _njit(nogil=True, _nrt=False, **options)(fn)
        before = _config.CACHE_DIR
        _config.CACHE_DIR = str(CACHE_DIR)
        try:
            return _njit(cache=True, nogil=True, _nrt=False, **options)(fn)
        finally:
            _config.CACHE_DIR = before

    def njit(fn: F) -> F:
        """Returns fn compiled to machine code, cached on disk between runs."""
        return _compile(fn)

    def inline(fn: F) -> F:
        """Returns fn compiled to be inlined into its callers (small hot helpers)."""
        return _compile(fn, inline="always")

    del numba
