"""Drawing from several threads at once (the web companion draws boards in a thread pool) gives what drawing from
one does: a font's tables, read on first use, are never read by two threads at once."""

from __future__ import annotations

import sys
import threading

from printgen.render import svg

TEXT = "Patolli 0123456789 ABCD ¡Señor! áéíóú"
THREADS = 8


def _outlines(role: str) -> list[tuple[str, float]]:
    return [svg._glyph(role, ch) for ch in TEXT]


def _race(role: str) -> tuple[dict[int, list[tuple[str, float]]], list[BaseException]]:
    """Draws TEXT from THREADS threads started together, on a font opened but not yet read (as a fresh server's)."""
    svg._font.cache_clear()
    svg._glyph.cache_clear()
    svg._font(role)
    results: dict[int, list[tuple[str, float]]] = {}
    errors: list[BaseException] = []
    start = threading.Barrier(THREADS)

    def work(i: int) -> None:
        try:
            start.wait()
            results[i] = _outlines(role)
        except BaseException as exc:  # noqa: BLE001  (reported by the test)
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results, errors


def test_first_glyphs_read_from_many_threads_at_once_match_one_thread():
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible, so a race shows on any machine
    try:
        for role in sorted(svg.ROLES):
            expected = _outlines(role)
            for _ in range(5):
                results, errors = _race(role)
                assert not errors, f"{role}: {errors[0]!r}"
                assert all(results[i] == expected for i in range(THREADS)), role
    finally:
        sys.setswitchinterval(interval)
