"""How often the advisor's first move is not the game's best, and what the reasons say: seeded self-play at a level.

Both seats are played by the advisor (its first move), the casts drawn from the seed; at every decision with more
than one move the first move is compared with the move best for the game. Prints each trade the reasons say (with
`--show`) and the counts: decisions, first move not the game's best by more than half a point, trades said, bear-offs
declined (and declined while better for the game), the causes named, and tolls said avoided where the move compared
with pays none (the flaw the reasons had).

Usage: python scripts/trade_sample.py [--ruleset gatigo] [--seed 2] [--decisions 300] [--level 3] [--show]
"""

from __future__ import annotations

import argparse
import collections
import random
import time

from printgen.engine.beans import Beans
from printgen.engine.events import EventKind
from printgen.engine.events import Reason as PayReason
from printgen.engine.moves import Move
from printgen.engine.position import Phase, Position, to_compact
from printgen.findings.reasons import TRADES, Why
from printgen.players.analysis.advisor import advise
from printgen.players.analysis.reasons import TIE
from printgen.players.analysis.trades import advice_reasons, game_best
from printgen.rules_text.reasons import summary, trades
from printgen.ruleset_files import load_ruleset


def _pays_toll(pos: Position, marks: int, move: Move) -> bool:
    _, events = pos.play(marks, move)
    return any((e.kind is EventKind.PAY and e.reason is PayReason.WEDGE and e.payer == pos.to_move)
               or (e.kind is EventKind.PENALTY and e.player == pos.to_move) for e in events)


def _bears_off(pos: Position, marks: int, move: Move) -> bool:
    return any(e.kind is EventKind.BEAR_OFF for e in pos.play(marks, move)[1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="gatigo")
    ap.add_argument("--seed", type=int, default=2)
    ap.add_argument("--decisions", type=int, default=300)
    ap.add_argument("--level", type=int, default=3)
    ap.add_argument("--show", action="store_true", help="print every trade, with the moves and their reasons")
    args = ap.parse_args()
    rs = load_ruleset(args.ruleset)
    beans, casts = Beans(rs.beans), random.Random(args.seed)
    pos = Position.new(rs, 2)
    counts: collections.Counter[str] = collections.Counter()
    causes: collections.Counter[str] = collections.Counter()
    start = time.perf_counter()
    while counts["decisions"] < args.decisions:
        if pos.phase is Phase.OVER:
            pos = Position.new(rs, 2)
        marks = beans.cast(casts).marks if pos.needs_cast else 0
        a = advise(pos, marks, args.level)
        if len(a.suggestions) > 1 and pos.phase is Phase.MOVE:
            counts["decisions"] += 1
            best_game = max(a.suggestions, key=lambda s: s.win_game)
            counts["first not the game's best"] += best_game.win_game - a.best.win_game > TIE
            homes = [s for s in a.suggestions if _bears_off(pos, marks, s.move)]
            if homes and a.best not in homes:
                counts["bear-off declined"] += 1
                counts["bear-off declined, better for the game"] += max(s.win_game for s in homes) > a.best.win_game
            found = advice_reasons(a)
            game = game_best(a)
            if game is not None:
                counts["trades said"] += 1
                counts["trades with a bear-off"] += game in homes
                trade = next(r for r in found[0] if r.why in TRADES)
                counts["trades with no fact of either move"] += not any(c.move for c in trade.causes)
                causes.update(c.reason.why.value for c in trade.causes)
                if args.show:
                    print(f"--- {to_compact(pos)} --cast {pos.score(marks)}")
                    for s, why in zip(a.suggestions, found, strict=True):
                        print(f"  {s.move!s:8} contest {s.win_contest:6.1%} game {s.win_game:6.1%}  {summary(why)}")
                        for line in trades(why):
                            print(f"      {line}")
            versus = [game.move if game else a.suggestions[1].move] + [a.best.move] * (len(found) - 1)
            counts["tolls said avoided that the other move does not pay"] += sum(
                1 for why, other in zip(found, versus, strict=True) for r in why
                if r.why is Why.TOLL_AVOIDED and not _pays_toll(pos, marks, other))
        pos = pos.after(marks, a.best.move)
    print(f"{args.ruleset}, seed {args.seed}, level {args.level}, {time.perf_counter() - start:.0f} s")
    for key, n in counts.items():
        print(f"  {key}: {n}")
    print("  causes named: " + ", ".join(f"{k} {n}" for k, n in causes.most_common()))


if __name__ == "__main__":
    main()
