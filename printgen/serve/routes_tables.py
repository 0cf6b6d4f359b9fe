"""The server's shared tables (`/api/games/...`): its saved games, each spoken in the shapes of the app's own engine
worker (`phone_views`), so the app's table screen plays them live from several phones at once; a new table, started
from the app; and how another phone joins (`/api/join`). Acting on a table is `routes_act`.
"""

from __future__ import annotations

import random
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from printgen.errors import PatolliError
from printgen.inputs import whole_number
from printgen.play.saved import game_key
from printgen.play.table import Table
from printgen.players.analysis.advisor import advise
from printgen.players.roster.registry import player
from printgen.players.search.levels import DEFAULT_LEVEL, MAX_LEVEL, STRENGTHS
from printgen.ruleset_files import load_ruleset
from printgen.rulesets.model import Ruleset
from printgen.serve import phone_views as pv
from printgen.serve.reading import field, read_body
from printgen.serve.state import Companion, companion
from printgen.web.app_data import variants


def opened(table: Table, name: str) -> dict[str, Any]:
    """Returns a game as the app opens one: its id (its name here), name, game key, view and stamp."""
    view = pv.view(table)
    return {"id": name, "name": name, "key": view["key"], "view": view, "stamp": pv.stamp(table)}


async def games(request: Request) -> Response:
    """GET the saved games the app can open: name, game key, turns, seats and whether the contest is over."""
    store = companion(request).store

    def work() -> list[dict[str, Any]]:
        rows = []
        for row in store.names():
            try:
                with store.table(row["name"]) as table:
                    pos = table.position
                    rows.append({"name": row["name"], "key": game_key(pos.ruleset, pos.players),
                                 "turns": len(table.session.record.turns), "over": table.over,
                                 "seats": pv.seats(table)})
            except PatolliError:
                continue  # a save this server cannot read is not offered
        return rows

    return JSONResponse({"games": await run_in_threadpool(work)})


def game_of(shared: Companion, key: str) -> tuple[Ruleset, int]:
    """Returns the ruleset (options applied) and number of players of a game the app names by its key, among the
    rulesets this server offers; refuses any other with 400."""
    for spec in shared.rulesets:
        for rs in variants(load_ruleset(spec.partition("+")[0])):
            for players in rs.player_counts():
                if game_key(rs, players) == key:
                    return rs, players
    raise HTTPException(400, f"no game {key[:60]!r} at this table: \"key\" names a game of the app, "
                        "like \"bell-2\", of a ruleset this server offers")


async def create(request: Request) -> Response:
    """POST a new shared table from the app: its game (`key`), its seats, seat A's a person's and each other
    "person" or a computer's strength ("club"), and the advice level. The server names it after its ruleset."""
    shared = companion(request)
    data = await read_body(request)
    key = field(data, "key", str, what="a game of the app, like \"bell-2\"")
    seats = field(data, "seats", list, what="a list of seats, each \"person\" or a computer's strength")
    level = field(data, "level", int, DEFAULT_LEVEL, f"the advice level, 0 to {MAX_LEVEL}")
    if not 0 <= level <= MAX_LEVEL:
        raise HTTPException(400, f"\"level\" must be from 0 to {MAX_LEVEL}")
    who = ["person", *STRENGTHS]
    if not seats or seats[0] != "person" or not all(isinstance(s, str) and s in who for s in seats):
        raise HTTPException(400, f"\"seats\" must list each seat as {', '.join(who)}, seat A a person")

    def work() -> dict[str, Any]:
        rs, players = game_of(shared, key)
        if len(seats) != players:
            raise HTTPException(400, f"\"seats\" must list the {players} seats of {key}")
        computers = {i: player(s) for i, s in enumerate(seats) if s != "person"}
        name = shared.store.free_name(rs.name)
        shared.store.create(name, rs, players, computers, level, random.SystemRandom().randrange(2**31))
        with shared.store.table(name) as table:
            table.run_computers()
            return opened(table, name)

    return JSONResponse(await run_in_threadpool(work), status_code=201)


async def show(request: Request) -> Response:
    """GET a game as the app opens it."""
    store, name = companion(request).store, request.path_params["name"]

    def work() -> dict[str, Any]:
        with store.table(name) as table:
            return opened(table, name)

    return JSONResponse(await run_in_threadpool(work))


async def save(request: Request) -> Response:
    """GET the game's save (the file `patolli play --resume` reads), for the app's "save to a file"."""
    store, name = companion(request).store, request.path_params["name"]

    def work() -> dict[str, Any]:
        with store.table(name) as table:
            return table.session.to_json()

    return JSONResponse(await run_in_threadpool(work))


def _whole(request: Request, key: str, lo: int, hi: int, default: int) -> int:
    """Returns a query's whole number from lo to hi (read by `inputs.whole_number`: ASCII digits, however many)."""
    text = request.query_params.get(key, str(default))
    try:
        value = whole_number(text, key, hi)
    except PatolliError:
        value = -1
    if not lo <= value <= hi:
        raise HTTPException(400, f"{key!r} must be a whole number from {lo} to {hi}")
    return value


async def steps(request: Request) -> Response:
    """GET the turns after number `since`, each as the app's step."""
    store, name = companion(request).store, request.path_params["name"]
    since = _whole(request, "since", 0, 10**9, 0)

    def work() -> list[dict[str, Any]]:
        with store.table(name) as table:
            return pv.Turns(table).steps(since)

    return JSONResponse(await run_in_threadpool(work))


async def advice(request: Request) -> Response:
    """GET the advisor's moves for the pending cast (or the bet) at a level, best first, as the app's advise."""
    store, name = companion(request).store, request.path_params["name"]

    def work() -> dict[str, Any]:
        with store.table(name) as table:
            level = _whole(request, "level", 0, MAX_LEVEL, table.session.level)
            table.advice()  # refuses advice where there is nothing to advise on, saying why
            pos, marks = table.position, table.pending or 0
            a = advise(pos, marks, level)
            held = pos.holdings(pos.to_move)
            return {"level": level, "ms": round(a.seconds * 1000, 1), "moves": [
                {**pv.describe(pos, marks, pos.encode(s.move, marks)), "move": pos.encode(s.move, marks),
                 "winGame": s.win_game, "winContest": s.win_contest, "items": s.items - held, "diff": s.diff}
                for s in a.suggestions]}

    return JSONResponse(await run_in_threadpool(work))


async def join(request: Request) -> Response:
    """GET how another phone joins this server's tables: the link (with the table's token on a local network), its
    QR code as SVG, and whether phones can reach it at all (`lan`; on this computer alone, no link is given)."""
    shared = companion(request)
    return JSONResponse({"link": shared.link, "qr": shared.qr, "lan": shared.lan})
