"""Checks _blocked_cost against the kernel's legal moves on seeded random Bell positions (seat to move)."""
import random

from printgen.engine import kernel as k
from printgen.engine import layout as lay
from printgen.engine.jit import njit
from printgen.engine.position import Phase, Position
from printgen.players.evaluation import features as F
from printgen.players.roster.eval_tables import eval_tables_for
from printgen.players.roster.registry import player, seeded_rng
from printgen.rulesets.load import load_builtin

rs = load_builtin("bell"); et = eval_tables_for(rs, 2)
@njit
def cost(st, t, et, p):
    return F._blocked_cost(st, t, et, p)
rnd = random.Random(3); rng = seeded_rng(3); me = player("random")
pos = Position.new(rs, 2); n = bad = 0; nz = 0
while n < 400:
    if pos.phase is Phase.OVER:
        pos = Position.new(rs, 2)
    if pos.phase is Phase.MOVE:
        st = pos.array(); t = pos.tables; p = lay.to_move(st)
        blocked = 0.0; scoring = 0.0
        for m in range(len(et.probs)):
            if t.scores[m] <= 0: continue
            scoring += et.probs[m]
            codes = pos.move_codes(m)
            if codes == [k.PASS]: blocked += et.probs[m]
        want = 0.0
        if st[lay.pb(p) + lay.P_ON_BOARD] >= t.pay[k.R_NO_MOVE, k.C_MIN_ON_BOARD] and lay.penalty(st, p) == 0:
            want = t.pay[k.R_NO_MOVE, k.C_AMOUNT] * blocked / scoring
            got = cost(st, t, et, p); n += 1; nz += want > 0
            if abs(got - want) > 1e-12: bad += 1; print("differs", got, want)
    marks = rnd.randint(0, rs.beans.count) if pos.needs_cast else 0
    pos = pos.after(marks, me.choose(pos, marks, rng))
print("checked", n, "positions,", nz, "with a blocked chance above 0;", bad, "differ")
