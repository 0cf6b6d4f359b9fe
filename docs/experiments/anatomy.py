"""Where the blocked casts come from: A against B, per side (an analysis, JSON out).

Usage: anatomy.py RULESET CONTESTS SEED A B, the contests `lab arena A B --seed SEED` plays (`lineup.py`). For
every scoring cast that moved nothing and was paid for: the seat's pieces in hand, on the board and home, and why
(every piece on the board overshoots its end, or lands on a held cell); the turns spent with nothing on the board
while pieces wait in the hand (after the first is home, later pieces enter only on a 1); how a board came to be
empty (the move that left nothing on it: forced, or chosen); and, on each cast of 1 with a piece in hand, whether it
entered, declined, or could not (the start cell held by its own piece or the opponent's)."""
import json
import sys
from collections import Counter

from lineup import contests

from printgen.engine import kernel as k
from printgen.engine import layout as lay

rs_name, n, seed, a, b = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5]
S = {q: {"blocked": 0, "blocked_kind": Counter(), "blocked_empty_board": 0, "stuck_turns": 0, "emptied": Counter(),
         "ones": Counter(), "turns": 0, "contests_won": 0} for q in (0, 1)}
per_contest = []
for contest in contests(rs_name, n, seed, a, b):
    t, st, player_of = contest.tables, contest.state, contest.player_of
    N = t.n_cells
    blocked_here = [0, 0]
    for mv in contest.moves:
        before, p, q = mv.before, mv.seat, player_of[mv.seat]
        ob0, hand0, home0 = int(lay.on_board(before, p)), int(lay.in_hand(before, p)), int(lay.borne_off(before, p))
        s = int(t.scores[mv.marks])
        if mv.phase == k.PHASE_MOVE:
            S[q]["turns"] += 1
            if ob0 == 0 and hand0 > 0 and home0 > 0:
                S[q]["stuck_turns"] += 1
            if hand0 > 0 and s == 1 and home0 + ob0 > 0:
                if any(x in (k.ENTER_CW, k.ENTER_CCW) for x in mv.legal):
                    S[q]["ones"]["entered" if mv.move in (k.ENTER_CW, k.ENTER_CCW) else "declined"] += 1
                else:
                    di = lay.dir_index(before, p)
                    occ = int(lay.occupant(before, t.path[p, di, 0])) if di >= 0 else 0
                    S[q]["ones"]["start held by own piece" if occ and lay.owner(occ) == p
                                 else ("start held by the opponent" if occ else "other")] += 1
            if ob0 > 0 and lay.on_board(st, p) == 0 and lay.in_hand(st, p) > 0:
                S[q]["emptied"]["forced" if len(mv.legal) == 1 else "chosen"] += 1
        for code, reason, payer, _, _ in mv.events:
            if code == k.E_PAY and reason == k.R_NO_MOVE:
                qq = player_of[payer]
                S[qq]["blocked"] += 1
                blocked_here[qq] += 1
                onb = [int(lay.progress(before, payer, i)) for i in range(t.n_pieces)
                       if 0 <= lay.progress(before, payer, i) < N]
                hand = int(lay.in_hand(before, payer)) > 0
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
