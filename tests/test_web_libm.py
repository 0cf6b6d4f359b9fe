"""The math the WebAssembly module computes itself (printgen/web/libm.py): fdlibm's tanh and expm1, within a few
units in the last place of the C library's, and V8's Math.tanh (fdlibm too) to the bit."""

from __future__ import annotations

import json
import math
import shutil
import struct
import subprocess

import numpy as np
import pytest

from printgen.web.libm import expm1, tanh

NODE = shutil.which("node")
ULPS = 4  # fdlibm's tanh is within 2-3 ulps of the correctly rounded value, as is glibc's


def _sample(seed: int, n: int) -> list[float]:
    rng = np.random.default_rng(seed)
    xs = np.concatenate([rng.normal(0, 1, n), rng.normal(0, 8, n // 4), rng.uniform(-1e-7, 1e-7, n // 10),
                         rng.uniform(-800, 800, n // 10)])
    edges = [0.0, -0.0, 5e-324, -5e-324, 2.0**-1022, 2.0**-28, 2.0**-55, 0.25, 0.5 * math.log(2), 1.5 * math.log(2),
             1.0, -1.0, 22.0, -22.0, 21.999999999999996, 56 * math.log(2), 709.78, 709.79, 1e300, -1e300]
    return [float(x) for x in xs] + edges + [-x for x in edges]


def _ulps(a: float, b: float) -> int:
    ia, ib = (struct.unpack("<q", struct.pack("<d", v))[0] for v in (a, b))
    return abs(ia - ib)


def test_tanh_and_expm1_are_the_c_librarys_within_a_few_ulps() -> None:
    for x in _sample(1, 40_000):
        assert _ulps(tanh(x), math.tanh(x)) <= ULPS, x
        try:
            want = math.expm1(x)
        except OverflowError:
            want = math.inf
        assert _ulps(expm1(x), want) <= ULPS, x


def test_the_special_values() -> None:
    assert tanh(math.inf) == 1.0 and tanh(-math.inf) == -1.0 and math.isnan(tanh(math.nan))
    assert math.copysign(1.0, tanh(-0.0)) == -1.0 and tanh(0.0) == 0.0
    assert tanh(30.0) == 1.0 and tanh(-30.0) == -1.0 and tanh(1e-300) == 1e-300
    assert expm1(math.inf) == math.inf and expm1(-math.inf) == -1.0 and math.isnan(expm1(math.nan))
    assert expm1(710.0) == math.inf and expm1(-50.0) == -1.0 and expm1(1e-20) == 1e-20


@pytest.mark.skipif(NODE is None, reason="node is not installed (Debian package nodejs)")
def test_tanh_is_v8s_math_tanh_to_the_bit() -> None:
    xs = _sample(2, 20_000)
    script = ("const xs = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
              "console.log(JSON.stringify(xs.map((x) => Object.is(Math.tanh(x), -0) ? '-0' : Math.tanh(x))));")
    done = subprocess.run([NODE, "-e", script], input=json.dumps(xs), capture_output=True, text=True, check=True)
    for x, js in zip(xs, json.loads(done.stdout), strict=True):
        ours = tanh(x)
        assert (js == "-0" and ours == 0 and math.copysign(1.0, ours) < 0) or ours == js, (x, ours, js)
