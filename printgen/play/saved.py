"""The saved form of a solo-play session: what it holds, and reading it back with every field checked.

A save holds the ruleset itself (its TOML, where it came from and the options applied), so `--resume`
works from any folder and whatever the ruleset file's name, and even after that file is changed or gone.
Every fault in a save is one error naming the key.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import shlex
from pathlib import Path
from typing import TYPE_CHECKING, Any

from printgen.engine.position import Phase, seat_name
from printgen.engine.record import Record
from printgen.errors import NotationError, PatolliError, RulesetError
from printgen.inputs import json_type
from printgen.players.roster.registry import player
from printgen.players.search.levels import MAX_LEVEL
from printgen.ruleset_files import load_ruleset
from printgen.rulesets.export import export_toml
from printgen.rulesets.load import BUILTIN, ruleset_from_text
from printgen.rulesets.model import Ruleset

if TYPE_CHECKING:
    from printgen.play.session import Narrator, Session

FORMAT, VERSION = "patolli-session", 2  # version 1 named the ruleset by its spec only
TABLE_VERSION = 3  # a save with people at more seats than A (a refereed game): "computers" names only some seats
READS = (1, 2, 3)
HUMAN = 0  # the person plays seat A
KEYS = ("format", "version", "human", "computers", "seed", "level", "helper_casts", "pending_cast", "ruleset",
        "record")
BIG = 2**63


def version_for(computers: dict[int, Any], players: int) -> int:
    """Returns the version a save is written in: 2 when the computers take every seat but A (so older readers
    read it), 3 when people sit at other seats too."""
    return VERSION if len(computers) == players - 1 else TABLE_VERSION


def resume_command(path: Path | str) -> str:
    """Returns the command that continues the contest saved at path, quoted for a shell."""
    return f"patolli play --resume {shlex.quote(str(path))}"


def absolute_origin(rs: Ruleset) -> Ruleset:
    """Returns rs with a file origin made absolute, so its spec names the file from any folder."""
    if not rs.origin or rs.origin in BUILTIN or os.path.isabs(rs.origin):
        return rs
    return dataclasses.replace(rs, origin=os.path.abspath(rs.origin))


def public_origin(origin: str) -> str:
    """Returns a ruleset's origin as it may be shown beyond this computer (a web page, the phone app's files): a
    ruleset file by its file's name, never the path to it; a built-in ruleset by its name."""
    return os.path.basename(origin) if "/" in origin or os.sep in origin else origin


def game_key(rs: Ruleset, players: int) -> str:
    """Returns the file-safe name of a game (a ruleset with its options, for a number of players), as the phone app
    names its games and their data files: `bell+no_gambling-2`."""
    name = "+".join((rs.name, *rs.applied))
    return re.sub(r"[^A-Za-z0-9+_-]", "_", name) + f"-{players}"


def ruleset_json(rs: Ruleset) -> dict[str, Any]:
    """Returns what a save keeps of its ruleset: TOML that loads back to it, its origin and applied options.

    With options applied, the TOML is the base ruleset's (so the options keep their definitions) when that
    still loads to the same ruleset; otherwise the ruleset as played, options folded in.
    """
    if rs.applied:
        try:
            base_text = export_toml(load_ruleset(rs.origin))
            if _parse(base_text, rs.origin, list(rs.applied), "ruleset") == rs:
                return {"origin": rs.origin, "options": list(rs.applied), "toml": base_text}
        except (PatolliError, OSError):
            pass
        return {"origin": rs.origin, "options": list(rs.applied), "toml": export_toml(rs), "applied": True}
    return {"origin": rs.origin, "options": [], "toml": export_toml(rs)}


def _parse(text: str, origin: str, options: list[str], where: str) -> Ruleset:
    return ruleset_from_text(text, where, origin=origin, options=tuple(options))


def ruleset_from_json(raw: Any) -> Ruleset:
    """Returns the ruleset a save keeps under "ruleset"."""
    if not isinstance(raw, dict):
        raise RulesetError("\"ruleset\" must be an object with \"origin\", \"options\" and \"toml\", "
                           f"not {json_type(raw)}")
    for key in ("origin", "options", "toml"):
        if key not in raw:
            raise RulesetError(f"\"ruleset\" lacks the key \"{key}\"")
    origin, options, text, applied = raw["origin"], raw["options"], raw["toml"], raw.get("applied", False)
    if not isinstance(origin, str):
        raise RulesetError(f"\"ruleset\".\"origin\" must be text, not {json_type(origin)}")
    if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
        raise RulesetError("\"ruleset\".\"options\" must be a list of option names")
    if not isinstance(text, str):
        raise RulesetError(f"\"ruleset\".\"toml\" must be text, not {json_type(text)}")
    if not isinstance(applied, bool):
        raise RulesetError(f"\"ruleset\".\"applied\" must be true or false, not {json_type(applied)}")
    where = "\"ruleset\".\"toml\""
    if applied:  # the options are folded into the TOML already
        return dataclasses.replace(_parse(text, origin, [], where), applied=tuple(options))
    return _parse(text, origin, options, where)


def save_version(data: Any) -> int:
    """Returns the version of a save's parsed JSON, checking it is a save this reads."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise NotationError(f"not a saved game: \"format\" must be \"{FORMAT}\"")
    version = data.get("version")
    if type(version) is not int or version not in READS:
        raise NotationError(f"saved-game version {json.dumps(version)} is not supported (this reads "
                            f"{' and '.join(map(str, READS))})")
    return version


def record_from_save(data: Any) -> Record:
    """Returns the record of a save's parsed JSON, read with the ruleset the save holds; errors name the key."""
    version = save_version(data)
    for key in ("ruleset", "record"):
        if key not in data and not (key == "ruleset" and version == 1):
            raise NotationError(f"the saved game lacks the key \"{key}\"")
    return _record(data, version)


def _record(data: dict[str, Any], version: int) -> Record:
    """Returns the record of a save whose keys are checked: with the ruleset it holds (version 1: by the
    record's spec, as that version kept no ruleset)."""
    ruleset = ruleset_from_json(data["ruleset"]) if version >= 2 else None
    try:
        return Record.from_json(data["record"], ruleset, load_ruleset)
    except PatolliError as exc:
        raise type(exc)(f"\"record\": {exc}") from None


def session_from_json(cls: type[Session], data: Any, path: Path, narrate: Narrator) -> Session:
    """Returns the session of a save's parsed JSON, checking every field; errors name the key."""
    version = save_version(data)
    for key in KEYS:
        if key not in data and not (key == "ruleset" and version == 1):
            raise NotationError(f"the saved game lacks the key \"{key}\"")
    extra = sorted(set(data) - set(KEYS))
    if extra:
        raise NotationError(f"the saved game has an unknown key \"{extra[0]}\"")
    if data["human"] != seat_name(HUMAN):
        raise NotationError(f"\"human\" must be \"{seat_name(HUMAN)}\" (you play seat A), not "
                            f"{json.dumps(data['human'])}")
    record = _record(data, version)
    start = record.start
    seed = _int(data, "seed", -BIG, BIG)
    level = _int(data, "level", 0, MAX_LEVEL)
    helper_casts = _int(data, "helper_casts", 0, BIG)
    computers = _computers(data["computers"], start.players, every=version < TABLE_VERSION)
    session = cls(record, computers, seed, path, narrate, level, helper_casts, None)
    pending = data["pending_cast"]
    if pending is not None:
        pending = _int(data, "pending_cast", 0, start.ruleset.beans.count)
        pos = session.position
        if pos.phase not in (Phase.OPENING, Phase.MOVE) or pos.to_move in computers:
            whose = "your" if version < TABLE_VERSION else "a person's"
            raise NotationError(f"\"pending_cast\" must be null: it is not {whose} turn to move "
                                f"({pos.phase.value}, {seat_name(pos.to_move)} to move)")
        session.pending = pending
    return session


def _computers(raw: Any, players: int, every: bool = True) -> dict[int, Any]:
    """Returns the computer players of a save's "computers": each seat's player's name, for every seat but A
    (every), or for some of them (a version-3 save; the other seats are people at the table)."""
    seats = [seat_name(s) for s in range(1, players)]
    if not isinstance(raw, dict):
        raise NotationError(f"\"computers\" must be an object naming the player of each seat "
                            f"({', '.join(seats)}), not {json_type(raw)}")
    if every and sorted(raw) != seats:
        raise NotationError(f"\"computers\" must name the players of seats {', '.join(seats)} "
                            f"(a {players}-player contest), not {', '.join(sorted(map(str, raw))) or 'none'}")
    if not every and (not set(raw) <= set(seats) or len(raw) == len(seats)):
        raise NotationError(f"\"computers\" of a version-{TABLE_VERSION} save must name some of seats "
                            f"{', '.join(seats)} and not all, not {', '.join(sorted(map(str, raw))) or 'none'}")
    out = {}
    for i, seat in enumerate(seats, 1):
        if seat not in raw:
            continue
        name = raw[seat]
        if not isinstance(name, str):
            raise NotationError(f"\"computers\".\"{seat}\" must be a player's name, not {json_type(name)}")
        try:
            out[i] = player(name)
        except PatolliError as exc:
            raise type(exc)(f"\"computers\".\"{seat}\": {exc}") from None
    return out


def _int(data: dict[str, Any], key: str, lo: int, hi: int) -> int:
    """Returns data[key], which must be a whole number (not true/false, not a fraction) from lo to hi."""
    v = data[key]
    if type(v) is not int or not lo <= v <= hi:
        shown = json.dumps(v) if type(v) in (int, float, bool) and len(str(v)) < 40 else json_type(v)
        span = f"from {lo} to {hi}" if hi < BIG else f"of at least {lo}" if lo > -BIG else "below 2**63 in size"
        raise NotationError(f"\"{key}\" must be a whole number {span}, not {shown}")
    return v


