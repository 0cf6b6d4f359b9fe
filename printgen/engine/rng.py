"""The kernel's random source, and the cast of the beans drawn from it.

xorshift128 on four 32-bit words held in an int64 array, identical with and without the JIT: a
seeded game plays the same compiled or not, on every machine.
"""

from __future__ import annotations

from printgen.engine.jit import inline, njit

M32 = 0xFFFFFFFF


@njit
def seed_rng(rng, seed):
    """Seeds the four words of rng from an integer seed (splitmix-style scrambling)."""
    x = (seed ^ 0x9E3779B9) & M32
    for i in range(4):
        x = (x + 0x6D2B79F5) & M32
        z = x
        z = ((z ^ (z >> 15)) * 0x2C1B3C6D) & M32
        z = ((z ^ (z >> 12)) * 0x297A2D39) & M32
        z = z ^ (z >> 15)
        rng[i] = z if z != 0 else 0x1234567 + i


@inline
def next_u32(rng):
    """Returns the next 32-bit random number of rng."""
    x = rng[0]
    tt = (x ^ ((x << 11) & M32)) & M32
    rng[0] = rng[1]
    rng[1] = rng[2]
    rng[2] = rng[3]
    w = rng[3]
    w = (w ^ (w >> 19)) ^ (tt ^ (tt >> 8))
    rng[3] = w
    return w


@njit
def cast_marks(t, rng):
    """Returns the number of marked beans in one random cast."""
    if t.bean_threshold == 0x80000000:  # even beans: one random bit each, from one draw
        bits = next_u32(rng) >> (32 - t.n_beans)
        marks = 0
        while bits:
            bits &= bits - 1
            marks += 1
        return marks
    marks = 0
    for _ in range(t.n_beans):
        if next_u32(rng) < t.bean_threshold:
            marks += 1
    return marks
