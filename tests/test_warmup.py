"""The engine is compiled before a command needs it, once, with a word about it."""

from __future__ import annotations

import subprocess
import sys

import pytest

from printgen.cli.engine_ready import intro, prepare_engine
from printgen.engine import jit
from printgen.players.analysis import advisor  # noqa: F401  (compiled with the real cache)
from printgen.players.lab import contest, warmup  # noqa: F401
from printgen.players.roster import registry  # noqa: F401

needs_numba = pytest.mark.skipif(not jit.JIT, reason="numba is not in use (PATOLLI_NO_JIT or not installed)")


def test_each_command_needs_known_steps():
    for command, keys in warmup.NEEDS.items():
        assert keys and all(key in warmup.STEPS for key in keys), command
    assert warmup.NEEDS["play"] == ("rules", "advisor", "players", "rollouts")


def test_a_kind_of_command_prepares_once_for_all_its_commands():
    """Issue 23, item 5: the first table command prepares what every table command needs, and the first lab command
    all of the lab's, so a person is told once, not once per command."""
    table = {warmup.NEEDS[c] for c in ("play", "advise", "review", "position", "replay", "serve")}
    lab = {warmup.NEEDS[c] for c in ("arena", "tournament", "calibration", "train", "bench", "solve")}
    assert table == {warmup.TABLE} and lab == {tuple(warmup.STEPS)}
    steps = [warmup.STEPS[key] for key in warmup.TABLE]
    line = intro(warmup.TABLE, steps)
    assert "the rules engine and the computer players" in line and "once" in line
    assert f"about {round(warmup.estimate(steps) / 60)} minutes" in line
    assert "about 20 s" in intro(("rules",), [warmup.STEPS["rules"]])


@needs_numba
def test_a_fresh_cache_is_prepared_once_with_progress(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(jit, "CACHE_DIR", tmp_path)
    # advice checks its calibration map on positions of random play: the players' code too
    assert [s.key for s in warmup.missing(warmup.NEEDS["advise"])] == ["rules", "advisor", "players", "rollouts"]
    prepare_engine("advise")
    err = capsys.readouterr().err
    assert intro(warmup.TABLE, [warmup.STEPS[key] for key in warmup.TABLE]) in err
    assert "1/4: the rules kernel" in err and "2/4: the advisor's evaluation and search" in err
    assert "3/4: the computer players" in err and "4/4: the rollouts" in err
    assert "ready in" in err
    assert warmup.missing(warmup.NEEDS["advise"]) == []
    assert sorted(p.name for p in tmp_path.glob("ready-*")) == ["ready-advisor", "ready-players", "ready-rollouts",
                                                                  "ready-rules"]
    prepare_engine("advise")
    assert capsys.readouterr().err == "", "a prepared engine starts without a word"
    assert [s.key for s in warmup.missing(warmup.NEEDS["solve"])] == ["contests", "bench", "solver"]


@needs_numba
def test_every_step_runs(monkeypatch, tmp_path):
    monkeypatch.setattr(jit, "CACHE_DIR", tmp_path)
    reports = []
    warmup.prepare(tuple(warmup.STEPS), lambda done, total, step: reports.append((done, total, step)))
    assert [(d, s.key if s else None) for d, _, s in reports] == [
        (0, "rules"), (1, "advisor"), (2, "players"), (3, "contests"), (4, "bench"), (5, "solver"), (6, "rollouts"),
        (7, None)]


def test_the_command_line_loads_no_engine_or_renderer_until_a_command_needs_it():
    import subprocess
    import sys

    code = ("import sys; import printgen.cli.app\n"
            "print(sorted(m for m in ('numba', 'numpy', 'reportlab', 'svgwrite', 'printgen.engine.kernel',\n"
            "             'printgen.players.search.plain', 'typer.rich_utils') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    assert out.stdout.strip() == "[]"


@needs_numba
def test_ctrl_c_while_preparing_is_one_line_and_exit_130(tmp_path):
    """Issue 23, item 5: Ctrl-C at any moment of the preparation ends with `interrupted` and exit code 130."""
    import os
    import signal
    import subprocess
    import sys

    env = {**os.environ, "PATOLLI_CACHE_DIR": str(tmp_path)}
    proc = subprocess.Popen([sys.executable, "-m", "printgen", "lab", "bench", "--seconds", "0.1"], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=_ctrl_c_as_a_shell_gives_it)
    assert proc.stderr is not None
    first = proc.stderr.readline()  # the preparation has begun
    assert first.startswith("preparing the rules engine, the computer players and the research tools")
    proc.send_signal(signal.SIGINT)
    proc.send_signal(signal.SIGINT)  # a second Ctrl-C while it winds down is no traceback either
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, first + err
    assert "Traceback" not in err and err.strip().splitlines()[-1] == "interrupted"


def test_ctrl_c_ends_native_work_at_once_and_the_block_leaves_no_watcher(tmp_path):
    """One compile can keep Python's own Ctrl-C handler waiting for a minute: under `prompt_interrupts` the process
    still ends within its grace, with `interrupted` and exit 130; after the block, Ctrl-C is Python's again."""
    import signal
    import subprocess
    import sys
    import time

    # Python's handler is made to do nothing, as it can do nothing while a compile holds the main thread in native
    # code (llvmlite lets go of the interpreter there, so the watcher runs)
    code = ("import signal, time\nfrom printgen.interrupts import prompt_interrupts\n"
            "with prompt_interrupts(0.5):\n    pass\n"  # a block left: its watcher gone, the wakeup fd given back
            "with prompt_interrupts(0.5):\n    signal.signal(signal.SIGINT, lambda *a: None)\n"
            "    print('busy', flush=True)\n    time.sleep(600)\n")
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=_ctrl_c_as_a_shell_gives_it)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "busy"
    began = time.monotonic()
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and err.strip().splitlines()[-1] == "interrupted", err
    assert time.monotonic() - began < 30  # the grace, not the ten minutes the work would take
    after = ("import signal, time\nfrom printgen.interrupts import prompt_interrupts\n"
             "with prompt_interrupts(0.5):\n    pass\nprint('out', flush=True)\ntime.sleep(30)\n")
    proc = subprocess.Popen([sys.executable, "-c", after], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=_ctrl_c_as_a_shell_gives_it)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "out"
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == -signal.SIGINT and "KeyboardInterrupt" in err  # Python's own handler, as before


def test_the_first_ctrl_c_stops_and_a_second_cannot_break_the_winding_down():
    """The second of two quick Ctrl-Cs could land in the first one's `except`, before anything ignored it, and end
    the process with Python's traceback (CI saw exit -2): the command line's handler stops listening as it raises."""
    code = ("import os, signal, time\nfrom printgen.interrupts import first_ctrl_c_stops, uninterrupted\n"
            "first_ctrl_c_stops()\n"
            "try:\n    with uninterrupted():\n        os.kill(os.getpid(), signal.SIGINT)\n"
            "        print('held', flush=True)\n"
            "except KeyboardInterrupt:\n    print('stopped', flush=True)\n"
            "with uninterrupted():\n    os.kill(os.getpid(), signal.SIGINT)\n    time.sleep(0.2)\n"
            "print('wound down', flush=True)\n")
    out = _run_clean(code)
    assert out.stdout.split() == ["held", "stopped", "wound", "down"]


def test_a_ctrl_c_swallowed_by_a_callback_from_native_code_still_stops_the_command():
    """CI saw `advise --level 6` run on deaf after one Ctrl-C: it had landed in a ctypes callback from LLVM while
    the engine compiled, where CPython can only print `Exception ignored`, and the handler had stopped listening.
    Shown with a callback of our own: the Ctrl-C raised inside it stops the code that runs after it."""
    code = ("import ctypes, os, signal, time\nfrom printgen.interrupts import first_ctrl_c_stops\n"
            "first_ctrl_c_stops()\n"
            "def inside():\n    os.kill(os.getpid(), signal.SIGINT)\n    for _ in range(1000):\n        pass\n"
            "callback = ctypes.CFUNCTYPE(None)(inside)\n"
            "began = time.monotonic()\n"
            "try:\n    callback()\n    print('called', flush=True)\n"
            "    while time.monotonic() - began < 20:\n        pass\n    print('ran on', flush=True)\n"
            "except KeyboardInterrupt:\n"
            "    print('stopped', signal.getsignal(signal.SIGINT) is signal.SIG_IGN, flush=True)\n")
    out = _run_clean(code)
    assert out.stdout.split() == ["called", "stopped", "True"]  # and a later Ctrl-C is ignored again
    assert out.stderr == ""  # not CPython's `Exception ignored` and its traceback


def _run_clean(code: str) -> subprocess.CompletedProcess[str]:
    """Runs `code` in a child Python as a shell would start it, and checks that it exited 0."""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                         preexec_fn=_ctrl_c_as_a_shell_gives_it)
    assert out.returncode == 0, out.stderr
    return out


def _ctrl_c_as_a_shell_gives_it() -> None:
    """Gives a child process Ctrl-C's default action, as a shell does, whatever this test process has made of it."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_a_ctrl_c_caught_after_it_left_an_exec_keeps_the_exit_code_chosen(tmp_path):
    """CI saw exit -2 after `interrupted`: the Ctrl-C had landed in code numba runs through `exec` of a string, and
    CPython, under `python -m`, then ended its own process by SIGINT after the clean exit 130. Shown on a command
    whose Ctrl-C lands in such an exec: run as `python -m printgen` runs it, it exits 130; without the last step of
    printgen's __main__ it dies by SIGINT."""
    import os
    import signal
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    (tmp_path / "stopped").mkdir()
    body = ("import runpy, sys\nimport printgen.cli.app as app\nimport printgen.interrupts as interrupts\n"
            "def main():\n    try:\n        exec('raise KeyboardInterrupt')\n"
            "    except KeyboardInterrupt:\n        print('interrupted', file=sys.stderr)\n"
            "        raise SystemExit(130) from None\n"
            "app.main = main\n{forget}runpy.run_module('printgen', run_name='__main__')\n")
    codes = []
    for forget in ("interrupts.forget_caught_ctrl_c = lambda: None\n", ""):
        (tmp_path / "stopped" / "__main__.py").write_text(body.format(forget=forget), "utf-8")
        done = subprocess.run([sys.executable, "-m", "stopped"], cwd=tmp_path, capture_output=True, text=True,
                              timeout=60, env={**os.environ, "PYTHONPATH": str(root)},
                              preexec_fn=_ctrl_c_as_a_shell_gives_it)
        assert done.stderr.strip() == "interrupted", done.stderr
        codes.append(done.returncode)
    assert codes == [-signal.SIGINT, 130]
