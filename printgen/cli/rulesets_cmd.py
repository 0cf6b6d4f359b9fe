"""`patolli rulesets`: list, show and export rulesets."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from printgen.cli.errors import reports_errors
from printgen.cli.options import ForceOpt, JsonOpt
from printgen.lang.grammar import counted, plural

if TYPE_CHECKING:  # the rulesets and the engine are imported when a command runs, so that --help starts at once
    from printgen.rulesets import Ruleset
    from printgen.rulesets.model import Payment

app = typer.Typer(help="List, show and export rulesets.", no_args_is_help=True, rich_markup_mode=None)
NameArg = Annotated[str, typer.Argument(help="Ruleset: a built-in name or a .toml file, with +OPTION.")]



def _events() -> dict[str, str]:
    """Returns each payment event and its words: {"wedge": "landing on a wedge", ...}."""
    from printgen.rulesets.model import Payments
    from printgen.rulesets.schema import file_keys

    return {f.name: k.doc for f, k in file_keys(Payments)}

_PAYER = {"mover": "the mover", "opponents": "each opponent", "captured": "the captured piece's owner"}
_PAYEE = {"mover": "the mover", "opponents": "each opponent", "pool": "the pool", "offering": "the offering"}


def describe_payment(event: str, p: Payment, item: str) -> str:
    """Returns one line saying who pays whom for an event."""
    if p.amount == 0:
        return f"{_events()[event]}: no payment"
    when = f" (with at least {p.min_on_board} pieces on the board)" if p.min_on_board else ""
    items = counted(p.amount, item)
    return f"{_events()[event]}{when}: {_PAYER[p.payer.value]} pays {items} to {_PAYEE[p.payee.value]}"


def ruleset_json(rs: Ruleset) -> dict[str, Any]:
    """Returns the JSON description of a ruleset and its board."""
    from printgen.engine.topology import SEAT_NAMES, topology_for

    topo = topology_for(rs)
    return {
        "name": rs.name, "spec": rs.spec, "title": rs.title, "source": rs.source,
        "players": {"min": rs.players.min_players, "max": rs.players.max_players,
                    "pieces": list(rs.players.pieces)},
        "beans": {"count": rs.beans.count, "mark_probability": str(rs.beans.mark_probability),
                  "scores": list(rs.beans.scores)},
        "cells": [
            {"number": c.number, "kind": c.kind.value, "arm": ("south", "west", "north", "east")[c.quarter],
             "depth": c.depth, "grid": list(c.grid), "capture": c.capture,
             "seat": None if c.seat is None else SEAT_NAMES[c.seat]}
            for c in topo.cells
        ],
        "options": [o.name for o in rs.options],
        "seats": {str(n): [{"seat": p.letter, "start": p.start, "ends": list(p.ends)} for p in topo.seat_places(n)]
                  for n in rs.player_counts()},
    }


@app.command("list")
@reports_errors
def list_rulesets(as_json: JsonOpt = False) -> None:
    """List the built-in rulesets."""
    from rich.console import Console
    from rich.table import Table

    from printgen.ruleset_files import load_ruleset
    from printgen.rulesets import BUILTIN

    rulesets = [load_ruleset(n) for n in BUILTIN]
    if as_json:
        print(json.dumps([{"name": r.name, "title": r.title, "cells": r.board.cell_count,
                           "players": [r.players.min_players, r.players.max_players]} for r in rulesets]))
        return
    table = Table(title="Built-in rulesets")
    for col in ("name", "title", "cells", "players", "beans"):
        table.add_column(col, ratio=1 if col == "title" else None)  # the title wraps to leave the options room
    # an option's name is typed as shown (`bell+no_gambling_backwards`), so it is never cut: one a line, whole
    table.add_column("options", no_wrap=True,
                     min_width=max((len(o.name) for r in rulesets for o in r.options), default=1))
    for r in rulesets:
        players = f"{r.players.min_players}" if r.players.min_players == r.players.max_players else \
            f"{r.players.min_players}–{r.players.max_players}"
        table.add_row(r.name, r.title, str(r.board.cell_count), players, str(r.beans.count),
                      "\n".join(o.name for o in r.options) or "—")
    Console().print(table)


@app.command("show")
@reports_errors
def show(name: NameArg, as_json: JsonOpt = False) -> None:
    """Show a ruleset: board, beans, players, payments.

    The board is drawn with its cell numbers; then the beans' odds, players, items and every payment.
    """
    from rich.console import Console

    from printgen.cli.board_text import draw_board, legend, seat_key
    from printgen.engine.beans import Beans
    from printgen.engine.topology import topology_for
    from printgen.ruleset_files import load_ruleset

    rs = load_ruleset(name)
    if as_json:
        print(json.dumps(ruleset_json(rs), indent=1, ensure_ascii=False))
        return
    console = Console(highlight=False)
    topo = topology_for(rs)
    console.print(f"[bold]{rs.title}[/bold]  ({rs.spec})")
    console.print(rs.summary)
    console.print(f"[dim]Source: {rs.source}[/dim]\n")
    kinds = Counter(c.kind.value for c in topo.cells)
    console.print(f"Board: {topo.size} cells, " + ", ".join(f"{n} {k}" for k, n in kinds.items())
                  + f"; printed as {rs.board.orientation.value}")
    console.print(draw_board(topo, players=rs.players.max_players))
    console.print(legend())
    for n in rs.player_counts():
        console.print(seat_key(topo, n))
    odds = Beans(rs.beans).score_odds()
    console.print("\nBeans: " + ", ".join(f"{'nothing' if s is None else s}: {p}" for s, p in odds.items()))
    pl = rs.players
    console.print(f"Players: {pl.min_players}–{pl.max_players}, pieces {list(pl.pieces)}, "
                  f"direction {pl.direction.value}, opening {pl.opening.value}")
    ec = rs.economy
    word = plural(str(ec.item_name))  # the ruleset's own word for its counters, as the board and advice call them
    console.print(f"{word[:1].upper()}{word[1:]}: {ec.starting_items} each; stake {ec.stake}; "
                  f"betting {ec.betting.value}; "
                  f"bankrupt when {ec.bankruptcy.value.replace('_', ' ')}")
    for event in _events():
        console.print(" • " + describe_payment(event, getattr(rs.payments, event), ec.item_name))
    for opt in rs.options:
        console.print(f"Option [bold]+{opt.name}[/bold]: {opt.description}")


@app.command("export")
@reports_errors
def export(
    name: NameArg,
    output: Annotated[Path | None, typer.Option("--out", "-o", help="Write to this file instead of stdout, the "
                                                "ruleset named for the file (mine.toml: mine).")] = None,
    force: ForceOpt = False,
) -> None:
    """Print a ruleset as TOML, to edit into a custom one."""
    from printgen.files import check_writable, write_atomic
    from printgen.ruleset_files import load_ruleset
    from printgen.rulesets.export import export_toml

    rs = load_ruleset(name)
    if output is None:
        print(export_toml(rs), end="")
        return
    check_writable(output, force)
    # a copy to edit is a ruleset of its own: named for its file, it never shares a name with the one it came from
    # (the phone app's site and a kit's file names tell rulesets apart by name)
    text = export_toml(rs)
    if re.fullmatch(r"[\w-]+", output.stem):  # the first `name =` is the [ruleset] table's, as the exporter writes
        text = re.sub(r'(?m)^name = "[^"\n]*"', f'name = "{output.stem}"', text, count=1)
    write_atomic(output, text)
    print(f"wrote {output}")
