"""Computer players: the GATIGO paper's S–T players, a random player and the advisor (evaluation + search)."""

from __future__ import annotations

import hashlib
from pathlib import Path


def _forget_stale_compiled_code() -> None:
    """Drops this package's numba cache when the rules kernel changed.

    Numba checks a cached function against its own source file only, not against the kernel
    functions compiled into it, so a changed kernel would otherwise keep playing by the old rules.
    """
    here = Path(__file__).resolve().parent
    engine = here.parent / "engine"
    try:
        stamp = hashlib.sha1(b"".join((engine / f).read_bytes() for f in ("kernel.py", "jit.py"))).hexdigest()
        cache = here / "__pycache__"
        marker = cache / "kernel.stamp"
        if marker.exists() and marker.read_text() == stamp:
            return
        cache.mkdir(exist_ok=True)
        for f in list(cache.glob("*.nbi")) + list(cache.glob("*.nbc")):
            f.unlink(missing_ok=True)
        marker.write_text(stamp)
    except OSError:  # a read-only install: numba then caches elsewhere or not at all
        pass


_forget_stale_compiled_code()
