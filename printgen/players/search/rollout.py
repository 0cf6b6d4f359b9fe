"""The rollout player, `rollout:N`: each legal move is played out N times to the end of the game, both
sides following GATIGO S1T2, and the move with the best mean outcome is taken.

The outcome of a playout, for the seat that chose, is its contest equity from the items each seat
holds when the game ends (`evaluation.equity_of`: the ruleset's contest-equity table for two players,
else its share of the items; partners' holdings are summed); where the game is the contest (rules
without gambling, or a contest that ends with the game) it is 1 for a win and 0 for a loss. A simple,
strong reference for the advisor: it needs no evaluation, only the rules and a fast default player.
"""

from __future__ import annotations

from printgen.engine import kernel as k
from printgen.engine import layout as lay
from printgen.engine.jit import njit
from printgen.engine.rng import cast_marks
from printgen.players.evaluation.features import equity_of
from printgen.players.search import gatigo

PLAYOUT_TURNS = 20_000  # a playout still going after this many turns counts as it stands


@njit
def outcome(st, t, et, p):
    """Returns what the position st, at the end of a game (or later), is worth to seat p."""
    if lay.phase(st) == k.PHASE_OVER:
        w = lay.winner(st)
        return 1.0 if w >= 0 and t.team[w] == t.team[p] else 0.0
    if t.one_game:
        w = lay.last_winner(st)
        return 1.0 if w >= 0 and t.team[w] == t.team[p] else 0.0
    mine = 0.0
    theirs = 0.0
    for q in range(t.n_players):
        if not lay.solvent(st, q):
            continue
        h = float(lay.holding(st, q))
        if t.team[q] == t.team[p]:
            mine += h
        else:
            theirs += h
    if t.n_players == 2:
        return equity_of(et, mine, theirs)
    return mine / (mine + theirs) if mine + theirs > 0 else 0.0


@njit
def play_out(st, t, et, sc, game, rng):
    """Plays st on to the end of game `game` with GATIGO S1T2 on every side (bets: the smallest)."""
    moves = sc.moves[1]
    for _ in range(PLAYOUT_TURNS):
        phase = lay.phase(st)
        if phase == k.PHASE_OVER or lay.game(st) != game:
            return
        marks = cast_marks(t, rng) if phase != k.PHASE_BET else 0
        n = k.legal_moves(st, t, marks, moves)
        move = gatigo.choose(st, t, et.probs, gatigo.S1, gatigo.T2, marks, moves, n, sc.weights, rng)
        sc.ev[0] = 0
        k.play(st, t, marks, move, sc.ev)


@njit
def best_move(st, t, et, sc, marks, n, playouts, rng):
    """Returns the move among sc.moves[0, :n] with the best mean outcome over `playouts` playouts each."""
    if n == 1:
        return sc.moves[0, 0]
    p = lay.to_move(st)
    game = lay.game(st)
    child = sc.states[1]
    top = -1.0
    chosen = sc.moves[0, 0]
    for i in range(n):
        total = 0.0
        for _ in range(playouts):
            for j in range(st.shape[0]):
                child[j] = st[j]
            sc.ev[0] = 0
            k.play(child, t, marks, sc.moves[0, i], sc.ev)
            play_out(child, t, et, sc, game, rng)
            total += outcome(child, t, et, p)
        if total > top:
            top = total
            chosen = sc.moves[0, i]
    return chosen
