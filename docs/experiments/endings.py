"""How contests end: the payment that ruined the loser, the bets, the game (scratch analysis, JSON out)."""
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

REASONS = ["wedge", "no_move", "bear_off", "capture", "null", "stake", "pool_won", "offering_won"]
rs_name, n, seed, a, b = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5]
ar._setup(rs_name, [(a, b)], seed, 10**6)
j = ar._JOB
t, et, sc, st, rng = j["t"], j["et"], j["sc"], j["st"], j["rng"]
specs = j["specs"][0]
seeds = match_seeds(seed, 0, 0, n)
names = (a, b)
ruined_by = {0: Counter(), 1: Counter()}
contests = []
for m in range(n):
    row = m % 2
    seat_specs = np.array([specs[0], specs[1]] if row == 0 else [specs[1], specs[0]])
    player_of = [0, 1] if row == 0 else [1, 0]
    for c in range(4):
        rng[c] = seeds[m, c]
    sc.ev[0] = 0
    k.init_contest(st, t, sc.ev)
    bets = []
    games_won = []
    ending = None
    while lay.phase(st) != k.PHASE_OVER:
        phase = lay.phase(st)
        p = lay.to_move(st)
        marks = cast_marks(t, rng) if phase != k.PHASE_BET else 0
        nm = k.legal_moves(st, t, marks, sc.moves[0])
        mv = choose(st, t, et, sc, seat_specs[p], marks, nm, rng)
        held = [int(lay.holding(st, q)) for q in range(2)]
        home = [int(lay.borne_off(st, q)) for q in range(2)]
        sc.ev[0] = 0
        k.play(st, t, marks, mv, sc.ev)
        last_pay = None
        for r in range(sc.ev[0]):
            base = 1 + r * k.EV_WIDTH
            code, x, y = int(sc.ev[base]), int(sc.ev[base + 1]), int(sc.ev[base + 2])
            if code == k.E_PAY:
                last_pay = REASONS[x]
            elif code == k.E_BET:
                bets.append((names[player_of[x]], y))
            elif code == k.E_GAME_WON:
                games_won.append(names[player_of[x]])
            elif code == k.E_BANKRUPT:
                loser = player_of[x]
                ruined_by[loser][last_pay] += 1
                ending = {"ruined": names[loser], "by": last_pay, "on_the_move_of": names[player_of[p]],
                          "held_before": {names[player_of[q]]: held[q] for q in range(2)},
                          "home_before": {names[player_of[q]]: home[q] for q in range(2)}}
    w = lay.winner(st)
    contests.append({"winner": names[player_of[w]] if w >= 0 else None, "bets": bets, "games_won": games_won,
                     "ending": ending})
first_bets = Counter((c["bets"][0][0], c["bets"][0][1]) for c in contests if c["bets"])
wins_by_first_namer = Counter((c["bets"][0][0], c["winner"]) for c in contests if c["bets"])
out = {"ruleset": rs_name, "a": a, "b": b, "contests": n, "seed": seed,
       "won": Counter(c["winner"] for c in contests),
       "ruined_by": {names[q]: dict(v) for q, v in ruined_by.items()},
       "games_won_in_all": Counter(g for c in contests for g in c["games_won"]),
       "contests_with_no_game_won": sum(1 for c in contests if not c["games_won"]),
       "first_bet": {f"{x} names {y}": v for (x, y), v in sorted(first_bets.items())},
       "winner_by_first_namer": {f"{x} named, {y} won": v for (x, y), v in sorted(wins_by_first_namer.items())},
       "contests_list": contests}
print(json.dumps(out, indent=1, default=int))
