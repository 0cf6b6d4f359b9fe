"""The JIT decorator the rules kernel and the players use: numba's `njit` when available, else plain Python.

The kernel is compiled without numba's reference counting (`_nrt=False`): it never allocates,
and counting references to every table array on every call cost 100x the work itself
(140 ns against 1.2 ns for a landing check, measured). Callers own and pass every buffer.

Compiled code is cached on disk, but numba checks a cached function only against its own source
file, while a compiled function also carries what it calls and the constants it reads from other
modules. So every function compiled here is cached in a folder named by a hash of the code that
compiled code can reach (`source_stamp`): the modules that compile functions with `njit` or `inline`
and every module they import at module level, transitively, as syntax trees without docstrings. A
change to any of that code starts a fresh cache, so no stale machine code can run; an edit to a
docstring, a comment or a module compiled code cannot reach keeps the cache.

The folders live under the user's cache (`~/.cache/printgen`, else inside the package where the home folder
is not writable) and name each module by its place in the package, not by where the package lies, so every
install and checkout of the same code shares one compile: a reinstall, a fresh clone or a second checkout of
unchanged code starts warm. The folders of the few versions used last are kept (`KEEP`), so checkouts of
different versions side by side do not undo each other's compiles; older ones are removed.
"""

from __future__ import annotations

import ast
import hashlib
import os
import shutil
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

PACKAGE = Path(__file__).resolve().parent.parent
DECORATORS = ("njit", "inline")  # the names a module compiles its functions with
CACHE_PREFIX = "numba-"
STAMP_PREFIX = "stamp-"  # remembers the stamps of one version of the source, so a warm start parses nothing
ENV_NO_JIT = "PATOLLI_NO_JIT"
ENV_CACHE = "PATOLLI_CACHE_DIR"  # where compiled code is cached (default: ~/.cache/printgen, else in the package)
KEEP = 3  # cache folders kept: this source's and those of the versions used last before it
BOUNDS_CHECKED = "bounds-checked"  # the subfolder of code compiled with NUMBA_BOUNDSCHECK=1 (numba's cache keys
# ignore the flag: code cached without checks would otherwise be loaded where checks were asked for, and the reverse)


@dataclass(frozen=True)
class Stamps:
    """Hashes of the source compiled code can reach: its code (names the cache) and its text (to the byte)."""

    code: str
    text: str


class _Source:
    """The package's modules by dotted name, parsed on demand."""

    def __init__(self, package: Path) -> None:
        self.package = package
        self.paths = {self._name(path): path for path in sorted(package.rglob("*.py"))}
        self._trees: dict[str, ast.Module] = {}

    def _name(self, path: Path) -> str:
        parts = list(path.relative_to(self.package.parent).with_suffix("").parts)
        return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)

    def tree(self, module: str) -> ast.Module:
        if module not in self._trees:
            self._trees[module] = ast.parse(self.paths[module].read_bytes(), str(self.paths[module]))
        return self._trees[module]

    def imports(self, module: str) -> dict[str, list[str]]:
        """Returns what a module imports as it is imported (outside function bodies): module -> names taken."""
        found: dict[str, list[str]] = {}
        package = module.split(".") if self.paths[module].name == "__init__.py" else module.split(".")[:-1]
        nodes: list[ast.AST] = list(self.tree(module).body)
        while nodes:
            node = nodes.pop()
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                continue  # numba compiles no import, so only what runs at import time reaches compiled code
            if isinstance(node, ast.Import):
                for alias in node.names:
                    found.setdefault(alias.name, [])
            elif isinstance(node, ast.ImportFrom):
                base = package[:len(package) - node.level + 1] if node.level else []
                source = ".".join([*base, *([node.module] if node.module else [])])
                found.setdefault(source, []).extend(alias.name for alias in node.names)
            nodes.extend(ast.iter_child_nodes(node))
        return found

    def within(self, dotted: str) -> list[str]:
        """Returns the package's modules a dotted name runs when imported: it and every package above it."""
        parts = dotted.split(".")
        return [m for i in range(1, len(parts) + 1) if (m := ".".join(parts[:i])) in self.paths]

    def compiles(self, module: str) -> bool:
        """True when a module compiles functions of its own with this module's decorators."""
        text = self.paths[module].read_bytes()
        if b"jit" not in text or not any(name.encode() in text for name in DECORATORS):  # most: no need to parse
            return False
        imports = self.imports(module)
        if any(name in DECORATORS for name in imports.get(__name__, [])):
            return True
        holds_jit = __name__ in imports or "jit" in imports.get(__name__.rpartition(".")[0], [])
        return holds_jit and any(isinstance(node, ast.Attribute) and node.attr in DECORATORS
                                 for node in ast.walk(self.tree(module)))

    def reachable(self, roots: list[str] | None = None) -> list[str]:
        """Returns the modules that compile functions (or roots) and every module they import, transitively,
        sorted."""
        todo = [m for m in self.paths if self.compiles(m)] if roots is None else list(roots)
        seen: set[str] = set()
        while todo:
            module = todo.pop()
            if module in seen:
                continue
            seen.add(module)
            for source, names in self.imports(module).items():
                for dotted in (source, *(f"{source}.{n}" for n in names)):
                    todo += [m for m in self.within(dotted) if m not in seen]
        return sorted(seen)


def _without_docstrings(tree: ast.Module) -> ast.Module:
    """Returns tree with the docstring of the module and of every class and function taken out."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(
                    first.value.value, str):
                node.body = node.body[1:] or [ast.Pass()]
    return tree


def compiled_modules(package: Path = PACKAGE) -> list[str]:
    """Returns the dotted names of the modules that compile functions with `njit` or `inline`."""
    source = _Source(package)
    return [m for m in source.paths if source.compiles(m)]


def reachable_modules(package: Path = PACKAGE) -> list[str]:
    """Returns the dotted names of the modules whose code compiled code can reach."""
    return _Source(package).reachable()


def source_stamps(package: Path = PACKAGE, roots: list[str] | None = None) -> Stamps:
    """Returns the hashes of the code (syntax trees without docstrings) and the text compiled code can reach
    (or the code roots, modules by dotted name, reach).

    Compiled code reads files only through its arguments, never as constants, so source is all it carries.
    """
    source = _Source(package)
    code, text = hashlib.sha256(), hashlib.sha256()
    for module in source.reachable(roots):
        tree = _without_docstrings(source.tree(module))
        for digest, data in ((code, ast.dump(tree).encode()), (text, source.paths[module].read_bytes())):
            digest.update(module.encode() + b"\0" + data + b"\0")
    return Stamps(code.hexdigest()[:16], text.hexdigest()[:16])


def source_stamp(package: Path = PACKAGE) -> str:
    """Returns the hash of the code compiled code can reach, which names its cache folder."""
    return source_stamps(package).code


def _package_text(package: Path) -> str:
    """Returns a hash of every Python file in the package, to the byte (a hundredth of a second)."""
    digest = hashlib.sha256()
    for path in sorted(package.rglob("*.py")):
        digest.update(str(path.relative_to(package)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:24]


def _remembered_stamps(root: Path, package: Path = PACKAGE) -> Stamps:
    """Returns the package's stamps, read from root where this exact source was stamped before (parsing every
    module that compiled code reaches takes a quarter of a second), else worked out and remembered."""
    memo = root / f"{STAMP_PREFIX}{_package_text(package)}"
    try:
        code, text = memo.read_text("ascii").split()
        return Stamps(code, text)
    except (OSError, ValueError):
        pass
    stamps = source_stamps(package)
    try:
        with tempfile.NamedTemporaryFile("w", dir=root, prefix=".stamp", delete=False) as f:
            f.write(f"{stamps.code} {stamps.text}\n")
        os.replace(f.name, memo)  # whole or not at all: other processes may read it at once
        for old in root.glob(STAMP_PREFIX + "*"):
            if old != memo:
                old.unlink(missing_ok=True)
    except OSError:  # the next run works them out again
        pass
    return stamps


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
        candidates = [user, PACKAGE / "__pycache__"]
    return next((c for c in candidates if _writable(c)), None)


def _prune(root: Path, keep: str) -> None:
    """Marks folder `keep` as used now and removes the cache folders of other sources but the KEEP - 1 used last."""
    try:
        os.utime(root / keep)
    except OSError:
        pass
    others = [old for old in root.glob(CACHE_PREFIX + "*") if old.name != keep and old.is_dir()]
    others.sort(key=lambda old: old.stat().st_mtime, reverse=True)
    for old in others[KEEP - 1:]:
        shutil.rmtree(old, ignore_errors=True)


def _cache_dir(bounds_checked: bool = False) -> tuple[Path | None, Stamps | None]:
    """Returns this source's cache folder, made and with older ones removed, and the source's stamps; no folder
    to compile without a cache. Code compiled with bounds checks has a tree of its own."""
    root = cache_root()
    if root is None:
        return None, None
    if bounds_checked:
        root = root / BOUNDS_CHECKED
        if not _writable(root):
            return None, None
    stamps = _remembered_stamps(root)
    name = CACHE_PREFIX + stamps.code
    folder = root / name
    if not _writable(folder):
        return None, stamps
    _prune(root, name)
    return folder, stamps


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
    from numba.core.caching import UserProvidedCacheLocator as _UserProvidedCacheLocator
except ImportError as _exc:  # pragma: no cover - exercised by PATOLLI_NO_JIT runs
    if not os.environ.get(ENV_NO_JIT):
        _numba_missing_warning(_exc)

    def njit(fn: F) -> F:
        """Returns fn unchanged."""
        return fn

    inline = njit

    JIT = False
    CACHE_DIR: Path | None = None
    STAMPS: Stamps | None = None
else:
    JIT = True
    _config: Any = _numba_config  # numba's stubs know neither its config's CACHE_DIR nor BOUNDSCHECK
    CACHE_DIR, STAMPS = _cache_dir(bool(_config.BOUNDSCHECK))
    _njit: Any = _numba_njit  # nor njit's `_nrt`
    _skip_blas_probe()

    def _compile(fn: F, **options: Any) -> F:
        """Returns fn compiled, cached in CACHE_DIR (numba picks the cache folder when it decorates)."""
        if CACHE_DIR is None:
            return _njit(nogil=True, _nrt=False, **options)(fn)
        before = _config.CACHE_DIR, _config.CACHE_LOCATOR_CLASSES
        _config.CACHE_DIR = str(CACHE_DIR)
        _config.CACHE_LOCATOR_CLASSES = f"{__name__}._PackageLocator"
        try:
            return _njit(cache=True, nogil=True, _nrt=False, **options)(fn)
        finally:
            _config.CACHE_DIR, _config.CACHE_LOCATOR_CLASSES = before

    class _PackageLocator(_UserProvidedCacheLocator):
        """Numba's locator for a cache folder of one's choosing (`CACHE_DIR`), with each module's functions in a
        subfolder named by the module's place in the package (`engine`, `players_search`) rather than by a hash
        of the folder's absolute path: another install or checkout of the same code finds them."""

        def __init__(self, py_func: Any, py_file: str) -> None:
            super().__init__(py_func, py_file)
            folder = Path(py_file).resolve().parent
            if folder.is_relative_to(PACKAGE):
                self._cache_path = os.path.join(_config.CACHE_DIR, "_".join(folder.relative_to(PACKAGE).parts)
                                                or "printgen")

    def njit(fn: F) -> F:
        """Returns fn compiled to machine code, cached on disk between runs."""
        return _compile(fn)

    def inline(fn: F) -> F:
        """Returns fn compiled to be inlined into its callers (small hot helpers)."""
        return _compile(fn, inline="always")

    del numba
