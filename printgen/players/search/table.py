"""The pruned search's transposition table: a hash of the state and a fixed table of chance-node values.

The hash reads every word of the state that the rules read (header, seats and pieces; the cells follow
from the pieces), each at its place, into 62 bits (a Zobrist table would need a key per word and value; the
words here are unbounded holdings, so two polynomial hashes stand in for it). The table lives in the search's
scratch (`search.make_scratch`): fixed numpy arrays, written and read by compiled code, which never
allocates. An entry holds a chance node (the position before a cast): its full 64-bit key, the
generation it was written in (one per decision, so nothing outlives the position, model and tables it
was searched with), the depth left below it (a chance node's value depends on it: an entry is used only
at the same depth left), whether its value is exact or a bound of the window it was searched in, the
value, the values of every seat, and the best move found for each distinct score (tried first next time).
"""

from __future__ import annotations

from printgen.engine.jit import njit
from printgen.engine.layout import HASHED_WORDS

MAXG = 8  # distinct scores of a cast the table keeps a best move for (five beans give six)
NO_MOVE = -(1 << 40)  # no best move known
EXACT, LOWER, UPPER = 0, 1, 2  # what an entry's value is: the value, or a bound of it
I_GEN, I_DEPTH, I_FLAG = range(3)  # columns of tt_info
M1, M2 = 2147483647, 2147483629  # primes below 2**31
SLOTS_DEEP = 1 << 15  # entries for searches of level 2 and deeper (3 MB)


def tt_slots(level: int) -> int:
    """Returns the table's size for a search to this level (a power of two; level 0 and 1 hardly transpose)."""
    return SLOTS_DEEP if level >= 2 else 16


@njit
def state_hash(st):
    """Returns a 62-bit hash of the state's words up to the cells (which follow from the pieces): two polynomial
    hashes modulo primes below 2**31, so no step overflows (compiled or not, the same number)."""
    h1 = 0
    h2 = 0
    for j in range(HASHED_WORDS):
        v = (st[j] + 7) % M1
        h1 = (h1 * 1000003 + v) % M1
        h2 = (h2 * 1048573 + v + j) % M2
    return h1 * 2147483648 + h2


@njit
def tt_probe(sc, h):
    """Returns the slot holding the key h from this decision, or -1."""
    slot = h & (sc.tt_key.shape[0] - 1)
    if sc.tt_key[slot] == h and sc.tt_info[slot, I_GEN] == sc.gen[0]:
        return slot
    return -1


@njit
def tt_store(sc, d, left, groups):
    """Writes the chance node at depth d (its key in sc.hkey[d], value in sc.xv[d] and sc.vals[d], kind in
    sc.flag[d], best moves per score in sc.gbest[d]) into the table, replacing what was there."""
    h = sc.hkey[d]
    slot = h & (sc.tt_key.shape[0] - 1)
    sc.tt_key[slot] = h
    sc.tt_info[slot, I_GEN] = sc.gen[0]
    sc.tt_info[slot, I_DEPTH] = left
    sc.tt_info[slot, I_FLAG] = sc.flag[d]
    sc.tt_x[slot] = sc.xv[d]
    for r in range(3):
        for p in range(sc.tt_vals.shape[2]):
            sc.tt_vals[slot, r, p] = sc.vals[d, r, p]
    for g in range(MAXG):
        sc.tt_best[slot, g] = sc.gbest[d, g] if g < groups else NO_MOVE


@njit
def tt_moves(sc, d, slot):
    """Loads the best move per score known for the chance node at depth d (from its slot, or none)."""
    for g in range(MAXG):
        sc.gbest[d, g] = sc.tt_best[slot, g] if slot >= 0 else NO_MOVE
