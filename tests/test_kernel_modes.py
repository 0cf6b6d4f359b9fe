"""The kernel gives the same games compiled and as plain Python (one source, two speeds)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

SCRIPT = """
import json, numpy as np
from printgen.engine import kernel as k
from printgen.engine.jit import JIT
from printgen.engine.layout import STATE_SIZE
from printgen.engine.rng import seed_rng
from printgen.engine.simulate import random_games, scratch_buffers
from printgen.engine.tables import tables_for
from printgen.ruleset_files import load_ruleset
result = {"jit": JIT}
for spec, players in (("gatigo", 2), ("bell", 3), ("neeley", 2), ("ocastudios", 2)):
    t = tables_for(load_ruleset(spec), players)
    st = np.zeros(STATE_SIZE, dtype=np.int64)
    rng = np.zeros(4, dtype=np.int64)
    seed_rng(rng, 42)
    ev, out = scratch_buffers()
    k.init_contest(st, t, ev)
    counts = np.zeros(2, dtype=np.int64)
    random_games(st, t, rng, 3, 1500, counts, ev, out)
    result[spec] = [int(x) for x in st] + [int(x) for x in counts] + [int(x) for x in rng]
print(json.dumps(result))
"""


def _run(no_jit: bool) -> dict:
    env = dict(os.environ)
    env.pop("PATOLLI_NO_JIT", None)
    if no_jit:
        env["PATOLLI_NO_JIT"] = "1"
    out = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


@pytest.mark.slow
def test_compiled_and_plain_python_kernels_play_identical_games() -> None:
    compiled, plain = _run(False), _run(True)
    assert compiled.pop("jit") is True and plain.pop("jit") is False
    assert compiled == plain
