"""Where the blocked casts come from: advisor against rollout:128, per side (scratch analysis, JSON out).

For every scoring cast that moved nothing and was paid for: the seat's pieces in hand, on the board and home, and
why (every piece on the board overshoots its end, or lands on a held cell)
the turns spent with nothing on the
board while pieces wait in the hand (after the first is home, later pieces enter only on a 1)
how a board came to
be empty (the move that left nothing on it: forced, or chosen)
and, on each cast of 1 with a piece in hand, whether
it entered, declined, or could not (the start cell held by its own piece or the opponent's)."""
import json
import sys
from collections import Counter

import numpy as np

from printgen.engine import kernel as k
from printgen.engine import layout as lay
from printgen.engine.rng import cast_marks
from printgen.players.lab import arena as ar
from printgen.players.lab.contest import match_seeds
from printgen.players.search.policy import choose

rs_name, n, seed, a, b = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5]
ar._setup(rs_name, [(a, b)], seed, 10**6)
j = ar._JOB
t, et, sc, st, rng = j["t"], j["et"], j["sc"], j["st"], j["rng"]
specs = j["specs"][0]
seeds = match_seeds(seed, 0, 0, n)
N = t.n_cells
S = {q: {"blocked": 0, "blocked_kind": Counter(), "blocked_empty_board": 0, "stuck_turns": 0, "emptied": Counter(),
         "ones": Counter(), "turns": 0, "contests_won": 0} for q in (0, 1)}
per_contest = []
for m in range(n):
    row = m % 2
    seat_specs = np.array([specs[0], specs[1]] if row == 0 else [specs[1], specs[0]])
    player_of = [0, 1] if row == 0 else [1, 0]
    for c in range(4):
        rng[c] = seeds[m, c]
    sc.ev[0] = 0
    k.init_contest(st, t, sc.ev)
    blocked_here = [0, 0]
    while lay.phase(st) != k.PHASE_OVER:
        phase = lay.phase(st)
        p = lay.to_move(st)
        q = player_of[p]
        marks = cast_marks(t, rng) if phase != k.PHASE_BET else 0
        nm = k.legal_moves(st, t, marks, sc.moves[0])
        moves = [int(x) for x in sc.moves[0, :nm]]
        before = st.copy()
        mv = choose(st, t, et, sc, seat_specs[p], marks, nm, rng)
        ob0, hand0, home0 = int(lay.on_board(st, p)), int(lay.in_hand(st, p)), int(lay.borne_off(st, p))
        s = int(t.scores[marks])
        if phase == k.PHASE_MOVE:
            S[q]["turns"] += 1
            if ob0 == 0 and hand0 > 0 and home0 > 0:
                S[q]["stuck_turns"] += 1
            if hand0 > 0 and s == 1 and home0 + ob0 > 0:
                if any(x in (k.ENTER_CW, k.ENTER_CCW) for x in moves):
                    S[q]["ones"]["entered" if mv in (k.ENTER_CW, k.ENTER_CCW) else "declined"] += 1
                else:
                    di = lay.dir_index(st, p)
                    occ = int(lay.occupant(st, t.path[p, di, 0])) if di >= 0 else 0
                    S[q]["ones"]["start held by own piece" if occ and lay.owner(occ) == p
                                 else ("start held by the opponent" if occ else "other")] += 1
        sc.ev[0] = 0
        k.play(st, t, marks, mv, sc.ev)
        if phase == k.PHASE_MOVE and ob0 > 0 and lay.on_board(st, p) == 0 and lay.in_hand(st, p) > 0:
            S[q]["emptied"]["forced" if nm == 1 else "chosen"] += 1
        for r in range(sc.ev[0]):
            base = 1 + r * k.EV_WIDTH
            if sc.ev[base] == k.E_PAY and sc.ev[base + 1] == k.R_NO_MOVE:
                y = int(sc.ev[base + 2])
                qq = player_of[y]
                S[qq]["blocked"] += 1
                blocked_here[qq] += 1
                onb = [int(lay.progress(before, y, i)) for i in range(t.n_pieces)
                       if 0 <= lay.progress(before, y, i) < N]
                hand = int(lay.in_hand(before, y)) > 0
                if not onb:
                    kind = "nothing on the board, pieces in hand"
                    S[qq]["blocked_empty_board"] += 1
                elif all(v + s > N - 1 for v in onb):
                    kind = "every piece on the board overshoots" + (", pieces in hand" if hand else "")
                else:
                    kind = "a held cell in the way" + (", pieces in hand" if hand else "")
                S[qq]["blocked_kind"][kind] += 1
    w = lay.winner(st)
    if w >= 0:
        S[player_of[w]]["contests_won"] += 1
    per_contest.append({"winner": player_of[w] if w >= 0 else -1, "blocked": blocked_here})
out = {"ruleset": rs_name, "a": a, "b": b, "contests": n, "seed": seed,
       "sides": {(a, b)[q]: {kk: (dict(v) if isinstance(v, Counter) else v) for kk, v in S[q].items()} for q in (0, 1)},
       "per_contest": per_contest}
print(json.dumps(out, indent=1))
