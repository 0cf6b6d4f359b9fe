"""The evaluation tables of a ruleset: shipped weights and contest equity for the built-ins, else fitted on first use.

Fitting plays games with the search's players (`roster.fit`, `roster.equity_games`), so the tables every
player reads are put together here, above the search, and not in the evaluation itself.
"""

from __future__ import annotations

from functools import cache

from printgen.engine.tables import tables_for
from printgen.players.evaluation import learned
from printgen.players.evaluation.equity import has_equity, stored_equity
from printgen.players.evaluation.features import NF, EvalTables, make_tables, static_tables
from printgen.players.evaluation.weights import SHIPPED_2026, builtin, stored_weights, weights_key
from printgen.players.roster.equity_games import QUICK_GAMES as EQUITY_QUICK_GAMES
from printgen.players.roster.equity_games import compute_equity
from printgen.players.roster.fit import QUICK_GAMES, fit
from printgen.players.solve.endgame import end_fields, find_endgame
from printgen.rulesets.model import Ruleset


@cache
def eval_tables_for(ruleset: Ruleset, players: int) -> EvalTables:
    """Returns the evaluation tables of a ruleset: shipped weights and contest equity for built-ins, else
    fitted now (a few seconds). The advisor of 2026 reads its own shipped weights (a custom ruleset's: today's)."""
    static = static_tables(ruleset, players)
    key = weights_key(ruleset, players)
    is_builtin = builtin(ruleset)
    shipped = stored_weights().get(key) if is_builtin else None
    if shipped is None:
        f = fit(ruleset, players, games=QUICK_GAMES)
        shipped = (f.w_game, f.w_items)
    old = stored_weights(SHIPPED_2026).get(key) if is_builtin else None
    table = None
    if has_equity(ruleset, players):
        table = stored_equity().get(key) if is_builtin else None
        if table is None:
            table = compute_equity(ruleset, EQUITY_QUICK_GAMES)[0]
    net = learned.stored_net(key, NF) if is_builtin else None  # the learned evaluation, where one ships
    end = find_endgame(ruleset, players)  # the exact endgame table, where one is shipped or built
    return make_tables(static, *shipped, old=old, equity=table, net=net, net_default=key in learned.DEFAULT_KEYS,
                       endgame=None if end is None else end_fields(end, tables_for(ruleset, players)))
