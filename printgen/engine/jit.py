"""The JIT decorator the rules kernel uses: numba's `njit` when available, else plain Python.

The kernel is compiled without numba's reference counting (`_nrt=False`): it never allocates,
and counting references to every table array on every call cost 100x the work itself
(140 ns against 1.2 ns for a landing check, measured). Callers own and pass every buffer.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

try:  # numba is a declared dependency; plain Python keeps the rules usable (and debuggable) without it
    if os.environ.get("PATOLLI_NO_JIT"):
        raise ImportError
    from numba import njit as _njit

    def njit(fn: F) -> F:
        """Returns fn compiled to machine code, cached on disk between runs."""
        return _njit(cache=True, nogil=True, _nrt=False)(fn)  # type: ignore[no-any-return]

    def inline(fn: F) -> F:
        """Returns fn compiled to be inlined into its callers (small hot helpers)."""
        return _njit(cache=True, nogil=True, _nrt=False, inline="always")(fn)  # type: ignore[no-any-return]

    JIT = True
except ImportError:  # pragma: no cover - exercised by PATOLLI_NO_JIT runs

    def njit(fn: F) -> F:
        """Returns fn unchanged."""
        return fn

    inline = njit

    JIT = False
