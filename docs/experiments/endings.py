"""How contests end: the payment that ruined the loser, the bets, the games won (an analysis, JSON out).

Usage: endings.py RULESET CONTESTS SEED A B, the contests `lab arena A B --seed SEED` plays (`lineup.py`)."""
import json
import sys
from collections import Counter

from lineup import contests

from printgen.engine import kernel as k
from printgen.engine import layout as lay

REASONS = ["wedge", "no_move", "bear_off", "capture", "null", "stake", "pool_won", "offering_won"]
rs_name, n, seed, a, b = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5]
names = (a, b)
ruined_by = {0: Counter(), 1: Counter()}
played = []
for contest in contests(rs_name, n, seed, a, b):
    player_of = contest.player_of
    bets = []
    games_won = []
    ending = None
    for mv in contest.moves:
        last_pay = None
        for code, x, y, _, _ in mv.events:
            if code == k.E_PAY:
                last_pay = REASONS[x]
            elif code == k.E_BET:
                bets.append((names[player_of[x]], y))
            elif code == k.E_GAME_WON:
                games_won.append(names[player_of[x]])
            elif code == k.E_BANKRUPT:
                loser = player_of[x]
                ruined_by[loser][last_pay] += 1
                ending = {"ruined": names[loser], "by": last_pay, "on_the_move_of": names[player_of[mv.seat]],
                          "held_before": {names[player_of[q]]: int(lay.holding(mv.before, q)) for q in range(2)},
                          "home_before": {names[player_of[q]]: int(lay.borne_off(mv.before, q)) for q in range(2)}}
    w = lay.winner(contest.state)
    played.append({"winner": names[player_of[w]] if w >= 0 else None, "bets": bets, "games_won": games_won,
                   "ending": ending})
first_bets = Counter((c["bets"][0][0], c["bets"][0][1]) for c in played if c["bets"])
wins_by_first_namer = Counter((c["bets"][0][0], c["winner"]) for c in played if c["bets"])
out = {"ruleset": rs_name, "a": a, "b": b, "contests": n, "seed": seed,
       "won": Counter(c["winner"] for c in played),
       "ruined_by": {names[q]: dict(v) for q, v in ruined_by.items()},
       "games_won_in_all": Counter(g for c in played for g in c["games_won"]),
       "contests_with_no_game_won": sum(1 for c in played if not c["games_won"]),
       "first_bet": {f"{x} names {y}": v for (x, y), v in sorted(first_bets.items())},
       "winner_by_first_namer": {f"{x} named, {y} won": v for (x, y), v in sorted(wins_by_first_namer.items())},
       "contests_list": played}
print(json.dumps(out, indent=1, default=int))
