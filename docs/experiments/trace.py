"""One contest of an arena line-up, one seat's turns a line each (scratch analysis).

Usage: trace.py RULESET CONTEST SEED A B SIDE, SIDE 0 for A
the contest is the one `lab arena A B --seed SEED`
plays as number CONTEST. Each line: the game, both holdings, the seat's pieces in the hand and home, the score,
how many legal moves, the move played (E enters, - moves nothing, pN moves the piece at step N), the steps of its
pieces on the board, and the opponent's pieces home and in the hand."""
import sys

import numpy as np

from printgen.engine import kernel as k
from printgen.engine import layout as lay
from printgen.engine.rng import cast_marks
from printgen.players.lab import arena as ar
from printgen.players.lab.contest import match_seeds
from printgen.players.search.policy import choose

rs_name, a, b = sys.argv[1], sys.argv[4], sys.argv[5]
m, seed, who = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[6])
ar._setup(rs_name, [(a, b)], seed, 10**6)
j = ar._JOB
t, et, sc, st, rng = j["t"], j["et"], j["sc"], j["st"], j["rng"]
specs = j["specs"][0]
seeds = match_seeds(seed, 0, 0, m + 1)
row = m % 2
seat_specs = np.array([specs[0], specs[1]] if row == 0 else [specs[1], specs[0]])
player_of = [0, 1] if row == 0 else [1, 0]
for c in range(4):
    rng[c] = seeds[m, c]
sc.ev[0] = 0
k.init_contest(st, t, sc.ev)
n = t.n_cells
line = []
while lay.phase(st) != k.PHASE_OVER:
    phase = lay.phase(st)
    p = lay.to_move(st)
    marks = cast_marks(t, rng) if phase != k.PHASE_BET else 0
    nm = k.legal_moves(st, t, marks, sc.moves[0])
    mv = choose(st, t, et, sc, seat_specs[p], marks, nm, rng)
    if phase == k.PHASE_MOVE and player_of[p] == who:
        prog = sorted(int(lay.progress(st, p, i)) for i in range(t.n_pieces) if 0 <= lay.progress(st, p, i) < n)
        s = int(t.scores[marks])
        mvs = "E" if mv in (k.ENTER_CW, k.ENTER_CCW) else ("-" if mv == k.PASS else f"p{int(lay.progress(st,p,mv))}")
        print(f"g{lay.game(st)} h{lay.holding(st,p):2d}/{lay.holding(st,1-p):2d} hand{lay.in_hand(st,p)} "
              f"home{lay.borne_off(st,p)} s{s:2d} n{nm} {mvs:4s} me{prog} "
              f"opp_home{lay.borne_off(st,1-p)} opp_hand{lay.in_hand(st,1-p)}")
    sc.ev[0] = 0
    k.play(st, t, marks, mv, sc.ev)
print("winner", player_of[lay.winner(st)] if lay.winner(st) >= 0 else -1, "path cells", n)
