"""Rules that only custom rulesets reach: payments in unusual directions, bankruptcy mid-move."""

from __future__ import annotations

from helpers import act

from printgen.engine.events import EventKind
from printgen.engine.notation import from_compact
from printgen.engine.position import OUT, Phase
from printgen.rulesets import builtin_text, parse_ruleset
from printgen.rulesets.load import read_toml


def test_a_capturer_who_must_pay_and_cannot_leaves_no_piece_behind() -> None:
    text = builtin_text("gatigo").replace('capture = { amount = 1, from = "captured", to = "mover" }',
                                          'capture = { amount = 3, from = "mover", to = "pool" }')
    rs = parse_ruleset(read_toml(text, "mine.toml"), "mine.toml", origin="mine")
    pos = from_compact("x/4 g1 move A starter=A last=- pool=0 offering=0 | A 2 cw 25,h,h,h,h | B 20 cw 27,h,h,h,h"
                       " | C 20 cw h,h,h,h,h | D 38 cw h,h,h,h,h", rs)
    after, events = act(pos, 2, "25-27")
    assert EventKind.BANKRUPT in [e.kind for e in events]
    assert after.places(0) == [OUT] * 5 and after.occupant(27) is None and after.phase is Phase.MOVE
    assert after.places(1)[0] == "hand"
    assert after.pool == 2 and after.total_items() == 80
