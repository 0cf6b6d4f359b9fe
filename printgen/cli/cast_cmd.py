"""`patolli cast`: throw the beans, or print their exact odds."""

from __future__ import annotations

import json
import random
from typing import TYPE_CHECKING, Annotated

import typer

from printgen.cli.errors import reports_errors
from printgen.cli.options import DEFAULT_RULESET, JsonOpt, RulesetOpt, SeedOpt
from printgen.lang.grammar import counted

if TYPE_CHECKING:
    from printgen.rulesets import Ruleset


def meaning(rs: Ruleset, score: int | None) -> str:
    """Returns what a score means under the ruleset, in a few words."""
    if score is None:
        null = "cast again" if rs.beans.null_cast.value == "recast" else "the turn is over"
        pay = rs.payments.null_cast
        extra = f"; pay {pay.amount} {rs.economy.item_name} to the {pay.payee.value}" if pay.amount else ""
        return f"no score: {null}{extra}"
    enters = score in rs.entry.scores
    return f"move one piece {score} cell{'s' if score != 1 else ''}" + (" or enter a piece" if enters else "")


@reports_errors
def cast(
    ruleset: RulesetOpt = DEFAULT_RULESET,
    count: Annotated[int, typer.Option("--count", "-n", help="Number of casts.", min=1, max=100000)] = 1,
    seed: SeedOpt = None,
    odds: Annotated[bool, typer.Option("--odds", help="Print the exact odds of every cast instead.")] = False,
    as_json: JsonOpt = False,
) -> None:
    """Cast the beans and say what the score means.

    Shows the faces, the score and what it lets you do; with --odds, the exact odds of every cast instead.
    """
    from printgen.engine.beans import Beans
    from printgen.ruleset_files import load_ruleset

    rs = load_ruleset(ruleset)
    beans = Beans(rs.beans)
    if odds:
        outcomes = beans.outcomes()
        if as_json:
            print(json.dumps([{"marks": o.marks, "score": o.score, "probability": str(o.probability)}
                              for o in outcomes]))
            return
        from rich.console import Console
        from rich.table import Table

        table = Table(title=f"{rs.beans.count} beans under {rs.name}: exact odds")
        for col in ("marks", "score", "probability", "≈ %", "meaning"):
            table.add_column(col, justify="right" if col != "meaning" else "left")
        for o in outcomes:
            table.add_row(str(o.marks), "—" if o.score is None else str(o.score), str(o.probability),
                          f"{float(o.probability) * 100:.2f}", meaning(rs, o.score))
        Console().print(table)
        return
    rng = random.Random(seed)
    casts = [beans.cast(rng) for _ in range(count)]
    if as_json:
        print(json.dumps([{"beans": [int(b) for b in c.beans], "marks": c.marks, "score": beans.score(c.marks)}
                          for c in casts]))
        return
    for c in casts:
        score = beans.score(c.marks)
        print(f"{c}  {counted(c.marks, 'mark')}  →  {'—' if score is None else score}  "
              f"({meaning(rs, score)})")
