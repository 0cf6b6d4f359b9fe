"""The math functions the WebAssembly module computes itself instead of importing from JavaScript: `tanh` (and the
`expm1` it needs), ported from fdlibm, whose code V8's `Math.tanh` and glibc's `tanh` both run.

The learned evaluation calls `tanh` once per hidden unit and seat, about a million times in one level-3 advice;
imported, each is a call out of WebAssembly into JavaScript (about 30 ns in V8, against a few ns compiled in).
The build (`build.py`) compiles these functions like the entries and links them in under the C names the engine's
IR calls, so no call leaves the module. Python itself never runs them: numba's `np.tanh` calls the C library.
Operations follow fdlibm's C line for line (the same constants, order and branches), so the results are fdlibm's
bit for bit (tests/test_web_libm.py checks them against Python's `math`, which is the C library's).
"""

from __future__ import annotations

from typing import Any

from llvmlite import ir  # type: ignore[import-untyped]
from numba import njit as _numba_njit
from numba.core import types
from numba.extending import intrinsic


def _bits(typingctx: Any, x: Any) -> Any:
    """Returns the IEEE bits of a float64 as an int64 (C's union of a double and a 64-bit integer)."""
    sig = types.int64(types.float64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.bitcast(args[0], ir.IntType(64))

    return sig, codegen


def _from_bits(typingctx: Any, i: Any) -> Any:
    """Returns the float64 whose IEEE bits are an int64."""
    sig = types.float64(types.int64)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.bitcast(args[0], ir.DoubleType())

    return sig, codegen


bits: Any = intrinsic(_bits)
from_bits: Any = intrinsic(_from_bits)
# fdlibm divides by what is never zero where it divides (t + 2 with t > -1); numpy's error model compiles a
# division as the bare instruction, as C does, with no check for zero
_njit: Any = _numba_njit  # numba's stubs do not know `_nrt`
_compile: Any = _njit(nogil=True, _nrt=False, error_model="numpy")

O_THRESHOLD = 7.09782712893383973096e+02  # 0x40862E42 FEFA39EF: above this, expm1 overflows
LN2_HI = 6.93147180369123816490e-01  # 0x3fe62e42 fee00000
LN2_LO = 1.90821492927058770002e-10  # 0x3dea39ef 35793c76
INVLN2 = 1.44269504088896338700e+00  # 0x3ff71547 652b82fe
Q1 = -3.33333333333331316428e-02  # BFA11111 111110F4: scaled coefficients of R(2z), z = x * x / 2
Q2 = 1.58730158725481460165e-03  # 3F5A01A0 19FE5585
Q3 = -7.93650757867487942473e-05  # BF14CE19 9EAADBB7
Q4 = 4.00821782732936239552e-06  # 3ED0CFCA 86E65239
Q5 = -2.01099218183624371326e-07  # BE8AFDB7 6E09C32D
HUGE = 1.0e+300
TINY = 1.0e-300
TWO_1023 = 8.98846567431158e+307  # 0x1p1023


@_compile
def expm1(x):
    """Returns exp(x) - 1, accurate near 0 (fdlibm's s_expm1.c)."""
    hx = (bits(x) >> 32) & 0xFFFFFFFF  # the high word
    xsb = hx & 0x80000000  # the sign of x
    hx &= 0x7FFFFFFF  # the high word of |x|
    if hx >= 0x4043687A:  # |x| >= 56 ln 2: huge or not finite
        if hx >= 0x40862E42:  # |x| >= 709.78...
            if hx >= 0x7FF00000:
                if (hx & 0xFFFFF) | (bits(x) & 0xFFFFFFFF) != 0:
                    return x + x  # NaN
                return x if xsb == 0 else -1.0  # exp(+-inf) - 1 = inf, -1
            if x > O_THRESHOLD:
                return HUGE * HUGE  # overflow
        if xsb != 0:  # x < -56 ln 2: -1
            if x + TINY < 0.0:
                return TINY - 1.0
    c = 0.0
    if hx > 0x3FD62E42:  # |x| > ln 2 / 2: reduce the argument
        if hx < 0x3FF0A2B2:  # and |x| < 3 ln 2 / 2
            if xsb == 0:
                hi = x - LN2_HI
                lo = LN2_LO
                k = 1
            else:
                hi = x + LN2_HI
                lo = -LN2_LO
                k = -1
        else:
            k = int(INVLN2 * x + (0.5 if xsb == 0 else -0.5))  # C's conversion to int: toward zero
            t = float(k)
            hi = x - t * LN2_HI  # exact here
            lo = t * LN2_LO
        x = hi - lo
        c = (hi - x) - lo
    elif hx < 0x3C900000:  # |x| < 2**-54: x
        t = HUGE + x
        return x - (t - (HUGE + x))
    else:
        k = 0
    hfx = 0.5 * x  # x is now in the primary range
    hxs = x * hfx
    r1 = 1.0 + hxs * (Q1 + hxs * (Q2 + hxs * (Q3 + hxs * (Q4 + hxs * Q5))))
    t = 3.0 - r1 * hfx
    e = hxs * ((r1 - t) / (6.0 - x * t))
    if k == 0:
        return x - (x * e - hxs)  # c is 0
    twopk = from_bits((0x3FF + k) << 52)  # 2**k
    e = x * (e - c) - c
    e -= hxs
    if k == -1:
        return 0.5 * (x - e) - 0.5
    if k == 1:
        if x < -0.25:
            return -2.0 * (e - (x + 0.5))
        return 1.0 + 2.0 * (x - e)
    if k <= -2 or k > 56:  # exp(x) - 1 is enough
        y = 1.0 - (e - x)
        if k == 1024:
            y = y * 2.0 * TWO_1023
        else:
            y = y * twopk
        return y - 1.0
    if k < 20:
        t = from_bits((0x3FF00000 - (0x200000 >> k)) << 32)  # 1 - 2**-k
        y = t - (e - x)
        y = y * twopk
    else:
        t = from_bits(((0x3FF - k) << 20) << 32)  # 2**-k
        y = x - (e + t)
        y += 1.0
        y = y * twopk
    return y


@_compile
def tanh(x):
    """Returns the hyperbolic tangent of x (fdlibm's s_tanh.c, as V8 runs it)."""
    jx = bits(x) >> 32  # the high word, signed (an arithmetic shift keeps the sign)
    ix = jx & 0x7FFFFFFF
    if ix >= 0x7FF00000:  # inf or NaN
        if jx >= 0:
            return 1.0 / x + 1.0  # tanh(+inf) = 1
        return 1.0 / x - 1.0  # tanh(-inf) = -1, tanh(NaN) = NaN
    if ix < 0x40360000:  # |x| < 22
        if ix < 0x3E300000:  # |x| < 2**-28: x
            if HUGE + x > 1.0:
                return x
        if ix >= 0x3FF00000:  # |x| >= 1
            t = expm1(2.0 * abs(x))
            z = 1.0 - 2.0 / (t + 2.0)
        else:
            t = expm1(-2.0 * abs(x))
            z = -t / (t + 2.0)
    else:  # |x| >= 22: +-1
        z = 1.0 - TINY
    return z if jx >= 0 else -z


# The functions the build defines inside the module: the C name the engine's IR calls, and its compiled body.
DEFINED = {"tanh": tanh}
