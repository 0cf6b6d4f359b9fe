"""The engine's entry points for WebAssembly: C functions over byte addresses and numbers.

Each takes the state and the buffers by address and the tables as descriptor blocks (`blocks.py`), rebuilds
the named tuples the engine takes (`readers.py`) and calls the engine's and the players' own compiled
functions: nothing here decides a rule or a value. Arguments and results are int64 or float64 ("i" and "f"
in ENTRIES; the build narrows the ints to i32 at the WebAssembly boundary). The same functions run on the
host with numpy arrays' addresses, which is how the tests compare the two targets.
"""

from __future__ import annotations

from printgen.engine import kernel as k
from printgen.engine import layout as lay
from printgen.engine.describe import DESCRIBED, describe
from printgen.engine.integrity import state_fault
from printgen.engine.jit import njit
from printgen.engine.layout import STATE_SIZE
from printgen.engine.rng import cast_marks, next_u32, seed_rng
from printgen.engine.simulate import bench_games
from printgen.players.evaluation.chance_maps import mapped
from printgen.players.evaluation.exact import values_after
from printgen.players.evaluation.features import NF, evaluate_model
from printgen.players.search.plain import _open as open_node  # starts a node's search (as the review does)
from printgen.players.search.plain import copy_state, copy_values, open_root_move, resume
from printgen.players.search.pruned import best_move
from printgen.players.search.rollout_trials import SUMMARY, run_trials, summarize
from printgen.players.search.root import begin_decision, value_level
from printgen.web.blocks import float64_view, int64_view
from printgen.web.readers import eval_tables_at, scratch_at, tables_at

EV_SIZE = 1 + k.EV_MAX * k.EV_WIDTH  # words of an event buffer
RNG_SIZE = 4  # words of the random source
DIGEST_SIZE = 5  # words `trace` writes: the digest, positions, games, contests, states the integrity check refused


@njit
def pt_seed(rng, seed):
    """Seeds the random source (RNG_SIZE words at rng) from the low 32 bits of seed."""
    seed_rng(int64_view(rng, (RNG_SIZE,)), seed & 0xFFFFFFFF)
    return 0


@njit
def pt_cast(tb, rng):
    """Returns the marks of one cast of the beans, drawn from the random source."""
    return cast_marks(tables_at(tb), int64_view(rng, (RNG_SIZE,)))


@njit
def pt_init_contest(st, tb, ev):
    """Sets the state at st to a new contest; its events go to ev."""
    k.init_contest(int64_view(st, (STATE_SIZE,)), tables_at(tb), int64_view(ev, (EV_SIZE,)))
    return 0


@njit
def pt_state_fault(st, tb):
    """Returns 0 if the kernel may play the state at st under these tables, else what is wrong
    (`engine.integrity.state_fault`)."""
    return state_fault(int64_view(st, (STATE_SIZE,)), tables_at(tb))


@njit
def pt_legal_moves(st, tb, marks, out, cap):
    """Writes the legal move codes of the position at st for a cast into out (room for cap); returns how many."""
    return k.legal_moves(int64_view(st, (STATE_SIZE,)), tables_at(tb), marks, int64_view(out, (cap,)))


@njit
def pt_play(st, tb, marks, move, ev):
    """Plays a cast and a legal move for it on the state at st; event rows go to ev (element 0 counts them)."""
    k.play(int64_view(st, (STATE_SIZE,)), tables_at(tb), marks, move, int64_view(ev, (EV_SIZE,)))
    return 0


@njit
def pt_describe(st, tb, marks, move, out):
    """Writes how a person makes move `move` of the position at st on the board into out (DESCRIBED words:
    kind, origin cell, target cell, direction set, amount; `engine.describe`)."""
    describe(int64_view(st, (STATE_SIZE,)), tables_at(tb), marks, move, int64_view(out, (DESCRIBED,)))
    return 0


@njit
def pt_bench_games(st, tb, rng, games, counts, ev, out, cap):
    """Plays random contests until `games` games have ended (the engine benchmark); counts gets [games, turns]."""
    bench_games(int64_view(st, (STATE_SIZE,)), tables_at(tb), int64_view(rng, (RNG_SIZE,)), games,
                int64_view(counts, (2,)), int64_view(ev, (EV_SIZE,)), int64_view(out, (cap,)))
    return int64_view(counts, (2,))[1]


@njit
def pt_evaluate(st, tb, eb, game0, model, out, fx):
    """Writes the evaluation of the position at st into out (3 x MAXP: win game, items, win contest per seat);
    fx is scratch (MAXP x NF)."""
    evaluate_model(int64_view(st, (STATE_SIZE,)), tables_at(tb), eval_tables_at(eb), game0,
                   float64_view(out, (3, lay.MAXP)), float64_view(fx, (lay.MAXP, NF)), model)
    return 0


@njit
def pt_advise(st, tb, eb, sb, marks, level, model, out):
    """Values every legal move of a cast at a search level, as the advisor does: writes each move's code to the
    scratch's moves[0] and its (win game, items, win contest) for the seat to move into out (n x 3, the moves'
    order); returns n."""
    s = int64_view(st, (STATE_SIZE,))
    t = tables_at(tb)
    sc = scratch_at(sb)
    sc.model[0] = model
    n = k.legal_moves(s, t, marks, sc.moves[0])
    begin_decision(sc, n)
    value_level(s, t, eval_tables_at(eb), sc, marks, level, n, float64_view(out, (n, 3)))
    return n


@njit
def pt_best_move(st, tb, eb, sb, marks, level, model, sigma, rng, margin):
    """Returns the move a computer player of this level and noise (sigma) plays for a cast."""
    s = int64_view(st, (STATE_SIZE,))
    t = tables_at(tb)
    sc = scratch_at(sb)
    sc.model[0] = model
    n = k.legal_moves(s, t, marks, sc.moves[0])
    return best_move(s, t, eval_tables_at(eb), sc, marks, level, n, sigma, int64_view(rng, (RNG_SIZE,)), margin)


@njit
def pt_move_values(st, tb, eb, sb, marks, level, model, out):
    """Values every legal move of a cast for every seat with the plain search, as the review does
    (`analysis.review`): the moves go to the scratch's moves[0], their values to out (n x 3 x MAXP: win game,
    items, win contest per seat); returns n."""
    s = int64_view(st, (STATE_SIZE,))
    t = tables_at(tb)
    et = eval_tables_at(eb)
    sc = scratch_at(sb)
    sc.model[0] = model
    n = k.legal_moves(s, t, marks, sc.moves[0])
    o = float64_view(out, (n, 3, lay.MAXP))
    for i in range(n):
        if not open_root_move(s, t, et, sc, marks, i, level):
            resume(1, level, t, et, sc, lay.game(s), -1)
        copy_values(o[i], sc.vals[1])
    return n


@njit
def pt_position_value(st, tb, eb, sb, game0, level, model, out):
    """Writes the plain search's value of the position at st before its cast, judged for game game0, into out
    (3 x MAXP), as the review does (`analysis.review`)."""
    s = int64_view(st, (STATE_SIZE,))
    t = tables_at(tb)
    et = eval_tables_at(eb)
    sc = scratch_at(sb)
    sc.model[0] = model
    copy_state(sc.states[1], s)
    if not open_node(1, level, t, et, sc, game0):
        sc.at[0] = 1
        resume(1, level, t, et, sc, game0, -1)
    copy_values(float64_view(out, (3, lay.MAXP)), sc.vals[1])
    return 0


@njit
def pt_exact_values(st, tb, eb, marks, moves, n, out, work, ev):
    """Writes the exact chance that the seat to move wins after each of n moves, from the endgame table the
    evaluation tables at eb hold (`evaluation.exact.values_after`: -1 where it does not hold the position a move
    leads to), into out; work (a state) and ev are scratch. Returns how many are exact."""
    return values_after(int64_view(st, (STATE_SIZE,)), tables_at(tb), eval_tables_at(eb), marks,
                        int64_view(moves, (n,)), n, float64_view(out, (n,)), int64_view(work, (STATE_SIZE,)),
                        int64_view(ev, (EV_SIZE,)))


@njit
def pt_honest(kind, params, xs, ys, knots, values, n):
    """Maps n searched chances at `values` in place through a chance map (`chance_maps.mapped`)."""
    v = float64_view(values, (n,))
    p = float64_view(params, (3,))
    x = float64_view(xs, (knots,))
    y = float64_view(ys, (knots,))
    for i in range(n):
        v[i] = mapped(kind, p, x, y, v[i])
    return 0


@njit
def pt_rollout(st, tb, eb, sb, marks, model, trials, lo, hi, seed, flags, rng, res, first):
    """Plays trials lo..hi-1 of a rollout of every legal move of a cast (`rollout_trials.run_trials`): the moves go
    to the scratch's moves[0], each trial's results to res (n x trials x 2: game, contest), its stratum to first
    (trials), with rng (MAXP x RNG_SIZE words) a random source per seat; returns n. The seed's low 32 bits count,
    so an i32 seed gives the host's numbers."""
    s = int64_view(st, (STATE_SIZE,))
    t = tables_at(tb)
    sc = scratch_at(sb)
    sc.model[0] = model
    n = k.legal_moves(s, t, marks, sc.moves[0])
    run_trials(s, t, eval_tables_at(eb), sc, marks, n, trials, lo, hi, seed, flags,
               int64_view(rng, (lay.MAXP, RNG_SIZE)),
               float64_view(res, (n, trials, 2)), int64_view(first, (trials,)))
    return n


@njit
def pt_rollout_summary(res, first, n, trials, out):
    """Writes each move's means and standard errors from a rollout's trials into out (n x SUMMARY,
    `rollout_trials.summarize`); returns the best move's index."""
    return summarize(float64_view(res, (n, trials, 2)), int64_view(first, (trials,)), n, trials,
                     float64_view(out, (n, SUMMARY)))


M1, M2 = 2147483647, 2147483629  # primes below 2**31: no step of the digest overflows (numba marks integer
# arithmetic no-signed-wrap, so LLVM may assume an overflowing product never happens and fold it differently
# on each target; a wrapping hash such as FNV-1a gave one digest natively and another in WebAssembly)


@njit
def _fold(h, v):
    """Returns the digest h (two 31-bit polynomial hashes in one int64) with one more word folded in."""
    h1 = ((h >> 31) * 1000003 + v % M1) % M1
    h2 = ((h & M1) * 1048573 + v % M2 + 1) % M2
    return (h1 << 31) | h2


@njit
def pt_trace(st, tb, rng, positions, ev, out, cap, digest):
    """Plays seeded random moves (new contests as each ends) for `positions` positions and folds every cast, legal
    move list, next state and event row into a digest: digest gets [digest, positions, games, contests, states
    refused by the integrity check]."""
    s = int64_view(st, (STATE_SIZE,))
    t = tables_at(tb)
    r = int64_view(rng, (RNG_SIZE,))
    e = int64_view(ev, (EV_SIZE,))
    o = int64_view(out, (cap,))
    d = int64_view(digest, (DIGEST_SIZE,))
    h = 0
    games = 0
    contests = 0
    refused = 0
    e[0] = 0
    k.init_contest(s, t, e)
    for _ in range(positions):
        if lay.phase(s) == k.PHASE_OVER:
            contests += 1
            e[0] = 0
            k.init_contest(s, t, e)
        if state_fault(s, t) != 0:
            refused += 1
        game = lay.game(s)
        marks = cast_marks(t, r) if lay.phase(s) != k.PHASE_BET else 0
        n = k.legal_moves(s, t, marks, o)
        h = _fold(h, marks)
        for i in range(n):
            h = _fold(h, o[i])
        e[0] = 0
        k.play(s, t, marks, o[next_u32(r) % n], e)
        for j in range(STATE_SIZE):
            h = _fold(h, s[j])
        for j in range(1 + e[0] * k.EV_WIDTH):
            h = _fold(h, e[j])
        if lay.game(s) != game or lay.phase(s) == k.PHASE_OVER:
            games += 1
    d[0] = h
    d[1] = positions
    d[2] = games
    d[3] = contests
    d[4] = refused
    return 0


# The entry points the build compiles and exports (as pt_<name>): the function and its signature, "i" an int64
# (an i32 in WebAssembly, addresses included), "f" a float64, the return after "->".
ENTRIES = {
    "seed": (pt_seed, "ii->i"),
    "cast": (pt_cast, "ii->i"),
    "init_contest": (pt_init_contest, "iii->i"),
    "state_fault": (pt_state_fault, "ii->i"),
    "legal_moves": (pt_legal_moves, "iiiii->i"),
    "play": (pt_play, "iiiii->i"),
    "describe": (pt_describe, "iiiii->i"),
    "bench_games": (pt_bench_games, "iiiiiiii->i"),
    "evaluate": (pt_evaluate, "iiiiiii->i"),
    "advise": (pt_advise, "iiiiiiii->i"),
    "best_move": (pt_best_move, "iiiiiiifif->i"),
    "move_values": (pt_move_values, "iiiiiiii->i"),
    "position_value": (pt_position_value, "iiiiiiii->i"),
    "exact_values": (pt_exact_values, "iiiiiiiii->i"),
    "honest": (pt_honest, "iiiiiii->i"),
    "trace": (pt_trace, "iiiiiiii->i"),
    "rollout": (pt_rollout, "iiiiiiiiiiiiii->i"),
    "rollout_summary": (pt_rollout_summary, "iiiii->i"),
}
