"""Self-play outcomes at the evaluation's leaves: python leaf_outcomes.py RULESET PLAYER GAMES SEED [RANDOM_BETS].

At every move of each contest's first game keeps the evaluation's chances (level 0), the features of both seats and
their holdings, and how the contest ended; RANDOM_BETS (default 0.75) is the share of bets drawn at random from the
legal ones (0: the player's own, as for seeds 5 and 6 in docs/rollouts.md). Writes leaves-RULESET-PLAYER-SEED.npy."""
import random
import sys

import numpy as np

from printgen.engine import layout as lay
from printgen.engine.position import Phase, Position
from printgen.players.evaluation.features import F_PIPS, F_TOLLS, NF, V_CONTEST, V_GAME, evaluate, evaluation_buffers
from printgen.players.roster.eval_tables import eval_tables_for
from printgen.players.roster.registry import player, seeded_rng
from printgen.rulesets.load import load_builtin as builtin

rs = builtin(sys.argv[1] if len(sys.argv) > 1 else "neeley")
name = sys.argv[2] if len(sys.argv) > 2 else "advisor:1"
n_games = int(sys.argv[3]) if len(sys.argv) > 3 else 100
et = eval_tables_for(rs, 2)
out, fx = evaluation_buffers()
me = player(name)
rows = []  # (pred survive, lam0, lam1, h0, h1, outcome: 0 game finished, 1 seat0 ruined, 2 seat1 ruined)
seed = int(sys.argv[4]) if len(sys.argv) > 4 else 5
share = float(sys.argv[5]) if len(sys.argv) > 5 else 0.75
rnd = random.Random(seed); rng = seeded_rng(seed)
amount = None
for g in range(n_games):
    pos = Position.new(rs, 2)
    recs = []
    while pos.phase is not Phase.OVER and lay.game(pos.array()) == 1:
        st = pos.array()
        if pos.phase is Phase.MOVE:
            t = pos.tables
            evaluate(st, t, et, 1, out, fx)
            recs.append((float(fx[0, F_TOLLS]), float(fx[1, F_TOLLS]), float(fx[0, F_PIPS]), float(fx[1, F_PIPS]), lay.holding(st, 0), lay.holding(st, 1), float(out[V_CONTEST, 0]), float(out[V_GAME, 0]), lay.to_move(st), lay.pool(st)) + tuple(fx[0, :NF]) + tuple(fx[1, :NF]))
        marks = rnd.randint(0, rs.beans.count) if pos.needs_cast else 0
        if pos.phase is Phase.BET and rnd.random() < share:
            mv = rnd.choice(pos.legal_moves(0))
        else:
            mv = me.choose(pos, marks, rng)
        pos = pos.after(marks, mv)
    st = pos.array()
    s0, s1 = lay.solvent(st, 0), lay.solvent(st, 1)
    oc = 0 if (s0 and s1) else (1 if not s0 else 2)
    for r in recs:
        rows.append(r + (oc, g, int(lay.solvent(st, 0)) if oc else (1 if lay.last_winner(st) == 0 else 0)))
a = np.array(rows)
np.save(f"leaves-{sys.argv[1]}-{name}-{seed}.npy", a)
print(a.shape); print(len(a), "positions", n_games, "games; outcomes:", np.bincount(a[:, -3].astype(int)[np.unique(a[:, -2], return_index=True)[1]]))
