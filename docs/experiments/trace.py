"""One contest of an arena line-up, one seat's turns a line each (an analysis).

Usage: trace.py RULESET CONTEST SEED A B SIDE, SIDE 0 for A; the contest is the one `lab arena A B --seed SEED`
plays as number CONTEST (`lineup.py`). Each line: the game, both holdings, the seat's pieces in the hand and home,
the score, how many legal moves, the move played (E enters, - moves nothing, pN moves the piece at step N), the
steps of its pieces on the board, and the opponent's pieces home and in the hand."""
import sys

from lineup import contests

from printgen.engine import kernel as k
from printgen.engine import layout as lay

rs_name, a, b = sys.argv[1], sys.argv[4], sys.argv[5]
m, seed, who = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[6])
contest = next(contests(rs_name, 1, seed, a, b, first=m))
t, st = contest.tables, contest.state
n = t.n_cells
for mv in contest.moves:
    p, bf = mv.seat, mv.before
    if mv.phase == k.PHASE_MOVE and contest.player_of[p] == who:
        prog = sorted(int(lay.progress(bf, p, i)) for i in range(t.n_pieces) if 0 <= lay.progress(bf, p, i) < n)
        s = int(t.scores[mv.marks])
        mvs = ("E" if mv.move in (k.ENTER_CW, k.ENTER_CCW)
               else ("-" if mv.move == k.PASS else f"p{int(lay.progress(bf, p, mv.move))}"))
        print(f"g{lay.game(bf)} h{lay.holding(bf, p):2d}/{lay.holding(bf, 1 - p):2d} hand{lay.in_hand(bf, p)} "
              f"home{lay.borne_off(bf, p)} s{s:2d} n{len(mv.legal)} {mvs:4s} me{prog} "
              f"opp_home{lay.borne_off(bf, 1 - p)} opp_hand{lay.in_hand(bf, 1 - p)}")
w = lay.winner(st)
print("winner", contest.player_of[w] if w >= 0 else -1, "path cells", n)
