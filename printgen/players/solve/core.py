"""The solver's compiled sweeps: the value of every position of a layer under optimal play, through the kernel.

Every transition is the kernel's own: a position is decoded into a state array, `legal_moves` and
`play` give each cast's moves and what they lead to, and the result is encoded again. A value is
the chance that the seat to move wins; the seat to move takes the move best for itself, and each
distinct score is weighed by its exact probability.

Positions are solved a group at a time: a group is the positions with the same pieces of both seats
(differing in who moves and pending penalties). Within a group the only transitions are forced ones
(a pass, a cast with no score), which are linear in the group's values: those are solved together to
1e-15, and the rest read from the table. A level is the groups of a layer whose seats' progress adds up
to one total; its groups are solved from the table as it stood before the level (`solve_pairs` writes
them aside, `write_pairs` into the table after), so a group's values never depend on which groups of
its level were solved before it, nor in which process: any split of a level into chunks gives the
same bits. Called on the levels of a layer in decreasing order of progress, one sweep is exact where
no piece ever goes back; otherwise the sweeps are repeated (Gauss-Seidel value iteration from level to
level) until no value changes by more than the tolerance.
"""

from __future__ import annotations

from printgen.engine import kernel as k
from printgen.engine import layout as lay
from printgen.engine.jit import njit
from printgen.players.solve.index import build, encode, split

LOCAL_TOL = 1e-15  # a group's forced passes are solved to this
LOCAL_ITERATIONS = 1_000_000


@njit
def _child_value(st1, t, lt, vals, mover, group_a, group_b, tmp):
    """Returns (value for mover, local index or -1, flip) of the state st1 reached by a move.

    A child in the group (group_a, group_b) gives its local index, for the caller to solve with it.
    """
    if lay.phase(st1) == k.PHASE_OVER:
        return (1.0 if lay.winner(st1) == mover else 0.0), -1, 0
    idx = encode(st1, t, lt, tmp)
    nxt = lay.to_move(st1)
    tm, a, b, pa, pb_ = split(idx, lt)
    flip = 1 if nxt != mover else 0
    if a == group_a and b == group_b:
        return 0.0, (tm * lt.n_pen + pa) * lt.n_pen + pb_, flip
    v = vals[idx]
    return (1.0 - v if flip else v), -1, 0


@njit
def solve_group(a, b, t, lt, vals, casts, probs, sc, out, off):
    """Solves the positions with seats a and b from vals, writing their values to out[off:off + group] (those of
    indices naming no position as vals holds them): returns the largest change of a value (-1 if none is valid).

    sc holds the scratch buffers (see `make_scratch` in solver.py): two states, the moves, events,
    the group's constant parts, linear terms and values.
    """
    n_pen = lt.n_pen
    group = 2 * n_pen * n_pen
    base = (a * lt.seat_size + b) * n_pen * n_pen
    stride = lt.seat_size * lt.seat_size * n_pen * n_pen  # between to_move 0 and 1
    st0 = sc.st0
    st1 = sc.st1
    any_valid = False
    for loc in range(group):
        tm = loc // (n_pen * n_pen)
        rest = loc % (n_pen * n_pen)
        sc.nlin[loc] = 0
        sc.valid[loc] = 0
        if not build(tm, a, b, rest // n_pen, rest % n_pen, st0, t, lt):
            continue
        sc.valid[loc] = 1
        any_valid = True
        const = 0.0
        for g in range(casts.shape[0]):
            marks = casts[g]
            n = k.legal_moves(st0, t, marks, sc.moves)
            best = -1.0
            for i in range(n):
                for j in range(st0.shape[0]):
                    st1[j] = st0[j]
                sc.ev[0] = 0
                k.play(st1, t, marks, sc.moves[i], sc.ev)
                v, local, flip = _child_value(st1, t, lt, vals, tm, a, b, sc.tmp)
                if local >= 0 and n == 1:
                    m = sc.nlin[loc]
                    sc.lw[loc, m] = probs[g]
                    sc.lto[loc, m] = local
                    sc.lf[loc, m] = flip
                    sc.nlin[loc] = m + 1
                    best = -2.0
                    break
                if local >= 0:  # a chosen move that changes nothing: read the table (value iteration settles it)
                    idx = encode(st1, t, lt, sc.tmp)
                    v = 1.0 - vals[idx] if flip else vals[idx]
                if v > best:
                    best = v
            if best > -1.5:
                const += probs[g] * best
        sc.const[loc] = const
        sc.x[loc] = vals[tm * stride + base + rest]
    if not any_valid:
        for loc in range(group):
            out[off + loc] = vals[(loc // (n_pen * n_pen)) * stride + base + loc % (n_pen * n_pen)]
        return -1.0
    for _ in range(LOCAL_ITERATIONS):
        change = 0.0
        for loc in range(group):
            if not sc.valid[loc]:
                continue
            v = sc.const[loc]
            for m in range(sc.nlin[loc]):
                x = sc.x[sc.lto[loc, m]]
                v += sc.lw[loc, m] * (1.0 - x if sc.lf[loc, m] else x)
            change = max(change, abs(v - sc.x[loc]))
            sc.x[loc] = v
        if change < LOCAL_TOL:
            break
    worst = 0.0
    for loc in range(group):
        idx = (loc // (n_pen * n_pen)) * stride + base + loc % (n_pen * n_pen)
        if not sc.valid[loc]:
            out[off + loc] = vals[idx]
            continue
        worst = max(worst, abs(vals[idx] - sc.x[loc]))
        out[off + loc] = sc.x[loc]
    return worst


@njit
def level_size(home_a, home_b, total, starts, width):
    """Returns how many seat pairs the level (home_a, home_b, total) holds: the pairs of a seat with home_a pieces
    home and one with home_b whose progress adds up to total.

    starts[h * width + s] is where the seats with h home and progress s begin in the order of seats sorted by
    (pieces home, progress)."""
    count = 0
    for sa in range(total + 1):
        sb = total - sa
        if sa >= width or sb >= width:
            continue
        count += ((starts[home_a * width + sa + 1] - starts[home_a * width + sa])
                  * (starts[home_b * width + sb + 1] - starts[home_b * width + sb]))
    return count


@njit
def level_pairs(home_a, home_b, total, lo, hi, order, starts, width, pairs):
    """Writes into pairs[:hi - lo] the seats (a, b) of the pairs lo..hi-1 of a level, in a fixed order: by A's
    progress, then A's place in order, then B's (see level_size)."""
    j = 0
    for sa in range(total + 1):
        sb = total - sa
        if sa >= width or sb >= width:
            continue
        ka = home_a * width + sa
        kb = home_b * width + sb
        nb = starts[kb + 1] - starts[kb]
        n = (starts[ka + 1] - starts[ka]) * nb
        if j + n > lo:
            for p in range(max(lo - j, 0), min(hi - j, n)):
                pairs[j + p - lo, 0] = order[starts[ka] + p // nb]
                pairs[j + p - lo, 1] = order[starts[kb] + p % nb]
        j += n
        if j >= hi:
            break


@njit
def solve_pairs(pairs, n, t, lt, vals, casts, probs, sc, out):
    """Solves the groups of the seat pairs pairs[:n] from vals alone, writing pair i's values to out[i * group:]
    (vals is not written): returns the largest change of a value."""
    group = 2 * lt.n_pen * lt.n_pen
    worst = 0.0
    for i in range(n):
        worst = max(worst, solve_group(pairs[i, 0], pairs[i, 1], t, lt, vals, casts, probs, sc, out, i * group))
    return worst


@njit
def write_pairs(pairs, n, lt, out, vals):
    """Writes the values solve_pairs left in out for the seat pairs pairs[:n] into the table vals."""
    n_pen2 = lt.n_pen * lt.n_pen
    group = 2 * n_pen2
    stride = lt.seat_size * lt.seat_size * n_pen2
    for i in range(n):
        base = (pairs[i, 0] * lt.seat_size + pairs[i, 1]) * n_pen2
        for loc in range(group):
            vals[(loc // n_pen2) * stride + base + loc % n_pen2] = out[i * group + loc]


@njit
def count_valid(t, lt, st):
    """Returns how many table indices name a position."""
    count = 0
    for a in range(lt.seat_size):
        for b in range(lt.seat_size):
            if build(0, a, b, 0, 0, st, t, lt):
                count += 1
    return count * 2 * lt.n_pen * lt.n_pen


@njit
def move_values(st, t, lt, vals, marks, moves, n, out, scratch_state, ev, tmp):
    """Writes into out[i] the exact chance that the seat to move wins after moves[i] (table values)."""
    mover = lay.to_move(st)
    for i in range(n):
        for j in range(st.shape[0]):
            scratch_state[j] = st[j]
        ev[0] = 0
        k.play(scratch_state, t, marks, moves[i], ev)
        if lay.phase(scratch_state) == k.PHASE_OVER:
            out[i] = 1.0 if lay.winner(scratch_state) == mover else 0.0
            continue
        v = vals[encode(scratch_state, t, lt, tmp)]
        out[i] = v if lay.to_move(scratch_state) == mover else 1.0 - v
