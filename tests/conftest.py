"""Fixtures for every test: the compiled engine is prepared once, before the first test, so that the
one-time compile is not charged to whichever test happens to run first. With several workers
(pytest-xdist) one compiles while the others wait on a lock in the cache folder, then load what it cached."""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

# Every test reads the shipped endgame tables alone (one piece left a side), whatever larger ones this machine has
# built (`patolli lab endgames`), so that the advisor's answers are the same here and on a fresh clone; commands
# the tests run inherit it. Tests of the larger tables set their own.
os.environ["PATOLLI_ENDGAME_PIECES"] = "1"
# The test runner already keeps every core busy (one worker more than the cores), so arena runs, tables and the
# README's commands start one process where they would start one per core; the tests of workers ask for theirs.
os.environ.setdefault("PATOLLI_WORKERS", "1")
# The commands the tests start (the README's run alone starts about eighty) keep their compiled bytecode in one folder
# outside the checkout, so each reads the package's modules compiled rather than compiling them afresh (0.3 s a
# command where the environment says PYTHONDONTWRITEBYTECODE).
if "PYTHONPYCACHEPREFIX" not in os.environ:
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = str(Path.home() / ".cache" / "printgen" / "pycache-tests")


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto`: one worker more than the cores, since many tests wait on a process they start (Node, Chromium, a
    served table, the README's commands) and the extra worker uses the core meanwhile."""
    return (os.cpu_count() or 1) + 1


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Keeps each test file on one worker (pytest-xdist's --dist loadgroup), so a file's fixtures (a local Ray, a
    served table) are made once, except tests marked with a group of their own: the few that take minutes each,
    which would otherwise keep one worker busy long after the other has finished. The tests marked slow are handed
    out first, so that none of them begins when the others are nearly done."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)  # the long tests start first, not last
    for item in items:
        if item.get_closest_marker("xdist_group") is None:
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))


@pytest.fixture(scope="session", autouse=True)
def compiled_engine() -> None:
    """Compiles (or loads from the cache) every part of the engine and the players, once per run."""
    from printgen.engine import jit
    from printgen.players.lab import warmup

    if jit.CACHE_DIR is None:  # nothing on disk to share: each process compiles for itself
        warmup.prepare(tuple(warmup.STEPS))
        return
    # The lock lives beside the code it guards: runs in two checkouts compile their own caches side by side.
    with (jit.CACHE_DIR / "warmup.lock").open("w") as held:
        try:
            fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)  # released when the file closes
        except BlockingIOError:  # another worker compiles the warm-up: compile what it leaves out, then help it
            _compile_training(jit.CACHE_DIR)
            for key in reversed(warmup.STEPS):  # from the last step back, until a step the other has done
                if not warmup.missing((key,)):
                    break
                warmup.prepare((key,))
            fcntl.flock(held, fcntl.LOCK_EX)
        for key in warmup.STEPS:  # step by step, so a step the other worker has done meanwhile is not done again
            warmup.prepare((key,))


def _compile_training(cache: Path) -> None:
    """Compiles the training code (not in the warm-up) by a tiny seeded run, once per cache, while the first worker
    compiles the warm-up: in a cold run it compiled inside whichever test trained first, minutes on one worker."""
    import tempfile

    from printgen.players.lab.train import TrainConfig, train

    mark = cache / "tests-training-compiled"
    if mark.exists():
        return
    with tempfile.TemporaryDirectory() as folder:
        train(TrainConfig("gatigo", 2, seed=4, games=16, hidden=4, gen_games=8, epochs=1), Path(folder) / "w.json",
              workers=1)
    mark.touch()


@pytest.fixture(scope="session")
def rendered(tmp_path_factory: pytest.TempPathFactory):  # -> rendered.Renders
    """Kits, booklets and cards made once for the whole run and shared by every worker (see tests/rendered.py)."""
    from rendered import Renders, shared_folder

    return Renders(shared_folder(tmp_path_factory.getbasetemp()) / "rendered")


@pytest.fixture
def rulesets_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Makes each ruleset text parsed once per test: a position's text names its ruleset, and parsing the ruleset's
    TOML again for each of thousands of positions was nine tenths of the time of a test that parses whole games
    back. The parse is a function of its arguments and gives a frozen value, so the positions compared are the same."""
    from functools import cache

    from printgen.rulesets import load

    monkeypatch.setattr(load, "ruleset_from_text", cache(load.ruleset_from_text))


@pytest.fixture(autouse=True)
def _sigint_as_it_was() -> Iterator[None]:
    """Puts Ctrl-C's handler back after each test: a command run in this process that was interrupted leaves it
    ignored (`cli.errors.interrupted`, right for a process about to exit), and every later child process of this
    worker would inherit that, so a test of Ctrl-C in a child would wait in vain."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.getsignal(signal.SIGINT)
    yield
    signal.signal(signal.SIGINT, before)
