"""Writes a ruleset back out as commented TOML, ready for a user to edit into a custom ruleset."""

from __future__ import annotations

import json

from printgen.rulesets.load import BUILTIN, NOTE_KEYS, builtin_text
from printgen.rulesets.model import Payment, Ruleset, Table

_NOTES = {
    "arm_length": "cells per arm file, L: the board has 8 * L + 4 cells",
    "seats": "seats marked on the board: 2 (opposite arms) or 4",
    "orientation": "how the board is printed: plus or x",
    "start_depth": "each seat's start: 0 its central cell, d the d-th cell out along its arm",
    "wedge_depths": "depths (1 next to the centre, L the tip) of wedge/triangle cells on both files of every arm",
    "rounded_depths": "depths of rounded (extra-turn) cells",
    "capture_zones": "where landing on an opponent captures it: centre, start, end, before_centre",
    "count": "number of beans",
    "mark_probability": "chance that one bean shows its mark, as a fraction",
    "scores": "score for 0, 1, 2 ... marks; 0 means no score",
    "null_cast": "a cast with no score: pass (turn over) or recast (cast again)",
    "pieces": "pieces per player, for min, min + 1, ... max players",
    "direction": "clockwise, or choose (each player picks with their first entry)",
    "partnerships": "four players: opposite seats form teams",
    "opening": "who begins a game: highest (all cast), rotate (seats take turns), fixed (seat A)",
    "start_on_board": "pieces on the start cell when a game begins (0 or 1)",
    "first_any": "a player's first piece of a game enters on any score",
    "stake": "items each player pays into the pool when a game begins (fixed betting)",
    "betting": "fixed (the stake) or choose (a player names the bet; all match it)",
    "bankruptcy": "a player is out when they cannot pay (cannot_pay) or hold nothing (empty)",
    "offering_to_winner": "the game winner also takes the offering",
    "gambling": "false: no items, pool or payments; one game, won by bearing off every piece first",
    "wedge": "besides any payment: none, miss_turn (miss the next turn) or move_back (that piece goes back next turn)",
}


def _value(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, Table):
        return "{ " + ", ".join(f"{key} = {_value(x)}" for key, x in v) + " }"
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    return str(v)


def _line(key: str, v: object) -> str:
    note = _NOTES.get(key)
    text = f"{key} = {_value(v)}"
    return f"{text:<34} # {note}" if note else text


def _payment(p: Payment) -> str:
    extra = f", min_on_board = {p.min_on_board}" if p.min_on_board else ""
    return f'{{ amount = {p.amount}, from = "{p.payer.value}", to = "{p.payee.value}"{extra} }}'


def export_toml(rs: Ruleset) -> str:
    """Returns TOML text that loads back to this ruleset (options already applied)."""
    if rs.origin in BUILTIN and not rs.applied:
        return builtin_text(rs.origin)
    b, beans, pl, e, ec, pm = rs.board, rs.beans, rs.players, rs.entry, rs.economy, rs.payments
    out = [f"# Ruleset '{rs.name}'" + (f" with {', '.join(rs.applied)}" if rs.applied else ""),
           "# Edit the values, then pass this file wherever a ruleset name is accepted.", "",
           "[ruleset]", _line("name", rs.name), _line("title", rs.title), _line("source", rs.source),
           _line("summary", rs.summary), _line("summary_es", rs.summary_es), "",
           "[board]", _line("arm_length", b.arm_length), _line("seats", b.seats),
           _line("orientation", b.orientation.value), _line("start_depth", b.start_depth),
           _line("wedge_depths", list(b.wedge_depths)), _line("rounded_depths", list(b.rounded_depths)),
           _line("capture_zones", [z.value for z in b.capture_zones]), "",
           "[beans]", _line("count", beans.count), _line("mark_probability", str(beans.mark_probability)),
           _line("scores", [s or 0 for s in beans.scores]), _line("null_cast", beans.null_cast.value), "",
           "[players]", _line("min", pl.min_players), _line("max", pl.max_players), _line("pieces", list(pl.pieces)),
           _line("direction", pl.direction.value), _line("partnerships", pl.partnerships),
           _line("opening", pl.opening.value), _line("start_on_board", pl.start_on_board), "",
           "[entry]", _line("scores", list(e.scores)), _line("first_any", e.first_any), "",
           "[economy]", _line("gambling", ec.gambling), _line("item_name", ec.item_name),
           _line("item_name_es", ec.item_name_es),
           _line("starting_items", ec.starting_items), _line("stake", ec.stake), _line("betting", ec.betting.value),
           _line("bankruptcy", ec.bankruptcy.value), _line("offering_to_winner", ec.offering_to_winner)]
    for item in ec.items:
        out += ["", "[[economy.items]]", _line("name", item.name), _line("name_es", item.name_es),
                _line("value", item.value), _line("count", item.count)]
    out += ["", "[payments]"]
    for name in ("wedge", "no_move", "bear_off", "capture", "null_cast"):
        out.append(f"{name} = {_payment(getattr(pm, name))}")
    out += ["", "[penalties]", _line("wedge", rs.penalties.wedge.value)]
    for opt in rs.options:
        if opt.name in rs.applied:
            continue
        changes = ", ".join(f'"{key}" = {_value(v)}' for key, v in opt.changes)
        out += ["", f"[options.{opt.name}]", _line("description", opt.description),
                _line("description_es", opt.description_es), f"changes = {{ {changes} }}"]
    for note in rs.notes:
        out += ["", "[[notes]]"] + [_line(key, getattr(note, key)) for key in NOTE_KEYS if getattr(note, key)]
    return "\n".join(out) + "\n"
