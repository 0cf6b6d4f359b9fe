"""Positions written down: a versioned JSON form and a one-line form for typing at the table.

Both hold the same facts and round-trip exactly. The one-line form reads:

    gatigo/2 g1 move A starter=A last=- pool=0 offering=0 | A 20 cw h,h,h,5,17 | B 20 cw h,h,h,h,h

ruleset/players, game number, phase, seat to move, who began this game, who won the last one,
pool and offering; then each seat: letter, items held, direction (cw, ccw, ? not chosen) and its
pieces (h in hand, * home, a cell number on the board), with `throw=N` (or `throw=?`) for a seat
still in the opening throws, `miss` for a seat that misses its next turn and `back=N` for a seat
whose piece on cell N must move backwards on its next turn (the wedge penalties of games played
without gambling). A bankrupt seat reads `B out`.

The one-line form is written in `position` (it is a position's repr) and read here, so the notation
stands on the position and not the other way round.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from printgen.engine.position import (
    HAND,
    HOME,
    OUT,
    SHORT_DIRS,
    Facts,
    Phase,
    Place,
    Position,
    SeatFacts,
    build,
    facts_of,
    seat_name,
)
from printgen.engine.position import to_compact as to_compact  # the one-line writer: Position's repr is written in it
from printgen.engine.topology import SEAT_NAMES
from printgen.errors import NotationError
from printgen.inputs import MAX_WHOLE, shown, whole_number
from printgen.rulesets.load import load_builtin
from printgen.rulesets.model import Ruleset

# Finds the ruleset a written position names (`gatigo+no_gambling`, or a file's path). The notation reads only
# the built-in ones itself, opening no files; a caller with files passes `printgen.ruleset_files.load_ruleset`.
RulesetLoader = Callable[[str], Ruleset]

FORMAT, VERSION = "patolli-position", 1
_DIRS = {1: "clockwise", -1: "anticlockwise", 0: None}


# ---- JSON ----

def to_json(pos: Position) -> dict[str, Any]:
    """Returns the JSON form of a position."""
    f = facts_of(pos)
    return {
        "format": FORMAT, "version": VERSION, "ruleset": pos.ruleset.spec, "players": f.players,
        "game": f.game, "phase": f.phase.value, "to_move": seat_name(f.to_move),
        "starter": None if f.starter is None else seat_name(f.starter),
        "last_winner": None if f.last_winner is None else seat_name(f.last_winner),
        "pool": f.pool, "offering": f.offering,
        "seats": [
            {"seat": seat_name(i), "holdings": s.holdings, "bankrupt": s.bankrupt,
             "direction": _DIRS[s.direction], "pieces": s.pieces,
             "opening": {"throwing": True, "throw": s.throw} if s.throwing else None,
             "penalty": _penalty_json(s.penalty)}
            for i, s in enumerate(f.seats)
        ],
    }


def from_json(data: Any, ruleset: Ruleset | None = None, load: RulesetLoader = load_builtin) -> Position:
    """Returns the checked position of a JSON form (as parsed), or raises saying what is wrong.

    Its ruleset is `ruleset` if given, else the one its "ruleset" key names, found by `load`.
    """
    if not isinstance(data, dict):
        raise NotationError("a position is a JSON object")
    if data.get("format") != FORMAT:
        raise NotationError(f"not a position: \"format\" must be \"{FORMAT}\"")
    if data.get("version") != VERSION:
        raise NotationError(f"position version {data.get('version')!r} is not supported (this reads {VERSION})")
    try:
        rs = ruleset or load(_text(data["ruleset"], "ruleset"))
        if not isinstance(data["seats"], list) or len(data["seats"]) > len(SEAT_NAMES):
            raise NotationError(f"seats must be a list of at most {len(SEAT_NAMES)} seats")
        seats = []
        for i, s in enumerate(data["seats"]):
            where = f"seats[{i}]"
            if not isinstance(s, dict):
                raise NotationError(f"{where} must be a JSON object")
            if not isinstance(s["pieces"], list):
                raise NotationError(f"{where}.pieces must be a list")
            opening = s.get("opening")
            direction = {v: key for key, v in _DIRS.items()}.get(s.get("direction"))
            if direction is None:
                raise NotationError(f"{where}.direction must be clockwise, anticlockwise or null")
            seats.append(SeatFacts(
                _int(s["holdings"], f"{where}.holdings"), _flag(s["bankrupt"], f"{where}.bankrupt"), direction,
                [_place_json(p, f"{where}.pieces") for p in s["pieces"]],
                bool(opening and opening.get("throwing")),
                None if not opening or opening.get("throw") is None else _int(opening["throw"], f"{where}.opening"),
                _penalty_from_json(s.get("penalty"), f"{where}.penalty"),
            ))
        facts = Facts(
            rs, _int(data["players"], "players"), _int(data["game"], "game"), _phase(data["phase"]),
            _seat(data["to_move"], "to_move"),
            None if data.get("starter") is None else _seat(data["starter"], "starter"),
            None if data.get("last_winner") is None else _seat(data["last_winner"], "last_winner"),
            _int(data["pool"], "pool"), _int(data["offering"], "offering"), seats,
        )
    except KeyError as exc:
        raise NotationError(f"position JSON lacks the key {exc}") from None
    except (TypeError, AttributeError):
        raise NotationError("position JSON has a value of the wrong type") from None
    return build(facts)


def _penalty_json(penalty: str | int | None) -> Any:
    if penalty is None:
        return None
    return "miss_turn" if penalty == "miss" else {"move_back": penalty}


def _penalty_from_json(v: Any, where: str) -> str | int | None:
    if v is None:
        return None
    if v == "miss_turn":
        return "miss"
    if isinstance(v, dict) and set(v) == {"move_back"}:
        return _int(v["move_back"], f"{where}.move_back")
    raise NotationError(f'{where} must be null, "miss_turn" or {{"move_back": CELL}}, got {v!r}')


def dumps(pos: Position) -> str:
    """Returns the JSON text of a position."""
    return json.dumps(to_json(pos), indent=2, ensure_ascii=False) + "\n"


def _int(v: Any, where: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise NotationError(f"{where} must be a whole number, got {shown(v)}")
    if not 0 <= v <= MAX_WHOLE:
        raise NotationError(f"{where} must be from 0 to {MAX_WHOLE}, got {shown(v)}")
    return v


def _flag(v: Any, where: str) -> bool:
    if not isinstance(v, bool):
        raise NotationError(f"{where} must be true or false, got {shown(v)}")
    return v


def _text(v: Any, where: str) -> str:
    if not isinstance(v, str):
        raise NotationError(f"{where} must be text, got {shown(v)}")
    return v


def _place_json(v: Any, where: str) -> Place:
    if isinstance(v, str) and v in (HAND, HOME, OUT):
        return v
    if isinstance(v, str):
        raise NotationError(f"{where}: a piece is \"{HAND}\", \"{HOME}\", \"{OUT}\" or a cell number, got {shown(v)}")
    return _int(v, where)


def _phase(v: Any) -> Phase:
    try:
        return Phase(v)
    except ValueError:
        raise NotationError(f"phase must be one of {', '.join(p.value for p in Phase)}; got {shown(v)}") from None


def _seat(v: Any, where: str) -> int:
    if not isinstance(v, str) or v.upper() not in SEAT_NAMES or len(v) != 1:
        raise NotationError(f"{where} must be a seat letter A to D, got {shown(v)}")
    return SEAT_NAMES.index(v.upper())


# ---- the one-line form ----

def from_compact(text: str, ruleset: Ruleset | None = None, load: RulesetLoader = load_builtin) -> Position:
    """Returns the checked position of a one-line form, or raises saying what is wrong.

    Its ruleset is `ruleset` if given, else the one the line names, found by `load`.
    """
    parts = [p.strip() for p in text.strip().split("|")]
    head = parts[0].split()
    if len(head) != 8 or "/" not in head[0] or not head[1].startswith("g"):
        raise NotationError("a position line starts `RULESET/PLAYERS gGAME PHASE SEAT starter=S last=S pool=N "
                            f"offering=N`, got {shown(parts[0], 80)}")
    if len(parts) - 1 > len(SEAT_NAMES):
        raise NotationError(f"a position has at most {len(SEAT_NAMES)} seats, got {len(parts) - 1}")
    spec, _, players = head[0].rpartition("/")
    keys = dict(_pair(tok) for tok in head[4:])
    if len(keys) != 4 or set(keys) != {"starter", "last", "pool", "offering"}:
        raise NotationError("the position line needs starter=, last=, pool= and offering=")
    rs = ruleset or load(spec)
    n = _number(players, "the number of players")
    seats = [_compact_seat(p, i) for i, p in enumerate(parts[1:])]
    facts = Facts(
        rs, n, _number(head[1].removeprefix("g"), "the game number"), _phase(head[2]),
        _seat(head[3], "the seat to move"),
        None if keys["starter"] == "-" else _seat(keys["starter"], "starter"),
        None if keys["last"] == "-" else _seat(keys["last"], "last"),
        _number(keys["pool"], "pool"), _number(keys["offering"], "offering"), seats,
    )
    return build(facts)


def _pair(tok: str) -> tuple[str, str]:
    key, eq, value = tok.partition("=")
    if not eq:
        raise NotationError(f"expected key=value, got {shown(tok)}")
    return key, value


def _number(text: str, what: str) -> int:
    return whole_number(text, what, error=NotationError)


def _compact_seat(part: str, index: int) -> SeatFacts:
    toks = part.split()
    where = f"seat {index + 1}"
    if len(toks) >= 2 and toks[1] == "out":
        if toks[0] != SEAT_NAMES[index] or len(toks) > 3:
            raise NotationError(f"{where}: a bankrupt seat reads `{SEAT_NAMES[index]} out` or "
                                f"`{SEAT_NAMES[index]} out ITEMS`; got {shown(part, 80)}")
        return SeatFacts(holdings=_number(toks[2], f"{where} holdings") if len(toks) > 2 else 0,
                         bankrupt=True, pieces=[])
    if not 4 <= len(toks) <= 6:
        raise NotationError(f"{where}: write `LETTER ITEMS DIRECTION PIECES`, like `A 20 cw h,h,5`; "
                            f"got {shown(part, 80)}")
    if toks[0] != SEAT_NAMES[index]:
        raise NotationError(f"{where} must be seat {SEAT_NAMES[index]}, got {shown(toks[0])}")
    dirs = {v: key for key, v in SHORT_DIRS.items()}
    if toks[2] not in dirs:
        raise NotationError(f"{where}: direction must be cw, ccw or ?, got {shown(toks[2])}")
    pieces: list[Place] = []
    for p in toks[3].split(","):
        if p == "h":
            pieces.append(HAND)
        elif p == "*":
            pieces.append(HOME)
        else:
            pieces.append(_number(p, f"{where}: a piece"))
    seat = SeatFacts(_number(toks[1], f"{where} items"), False, dirs[toks[2]], pieces)
    for tok in toks[4:]:
        if tok == "miss" and seat.penalty is None:
            seat.penalty = "miss"
            continue
        key, value = _pair(tok)
        if key == "throw" and not seat.throwing:
            seat.throwing = True
            seat.throw = None if value == "?" else _number(value, f"{where} throw")
        elif key == "back" and seat.penalty is None:
            seat.penalty = _number(value, f"{where} back")
        else:
            raise NotationError(f"{where}: unexpected {shown(tok)} (after the pieces: throw=N, miss or back=CELL, "
                                "each at most once, one penalty)")
    return seat


# ---- checking facts and building the state ----
