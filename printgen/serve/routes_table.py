"""The endpoints of one game's table (`/api/games/{name}/...`): what the page shows, and each action a person takes.

Engine work runs in a worker thread under the save's lock, one action at a time per game; after each action the
computer players take their turns and the phones following the game are woken. Every action carries the table's
stamp as the page last saw it (`stamp`), and is refused with 409 if the table has changed since: a second tap on the
same button, or a tap on a table another phone or the terminal has moved on, plays nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse

from printgen.engine.moves import Move
from printgen.inputs import shown
from printgen.play.table import Table
from printgen.render.screen import board_geometry, board_svg
from printgen.serve import views
from printgen.serve.reading import cast_of, field, lang_of, read_body
from printgen.serve.state import companion
from printgen.serve.store import UnknownGame

# An action on a table: reads the request's body, acts, and returns anything to add to the table's JSON.
Action = Callable[[Table, dict[str, Any], str], dict[str, Any] | None]


def table_json(table: Table, name: str, request: Request, lang: str) -> dict[str, Any]:
    """Returns the table's JSON, with the lessons of a guided game when the page asks (`?learn=1`)."""
    out = views.table_json(table, name, lang)
    if request.query_params.get("learn") == "1":
        out["lessons"] = views.lessons_json(table, lang)
    return out


def check_stamp(table: Table, data: dict[str, Any]) -> None:
    """Refuses (409) an action whose `stamp` is not the table's now: the page acted on a table that has moved on."""
    given = field(data, "stamp", str, what="the table's stamp, as the page last received it")
    now = views.stamp(table)
    if given != now:
        raise HTTPException(409, f"the table has changed: it is now at turn {len(table.session.record.turns)} "
                            f"(stamp {now!r}, not {shown(given)}); look at it again before acting")


async def act(request: Request, action: Action) -> Response:
    """Runs an action on the named game if the request's stamp is the table's, lets the computers play, wakes its
    followers; answers with the table."""
    shared = companion(request)
    name = request.path_params["name"]
    lang = lang_of(request)
    data = await read_body(request)

    def work() -> dict[str, Any]:
        with shared.store.table(name) as table:
            check_stamp(table, data)
            extra = action(table, data, lang) or {}
            table.run_computers()
            return {**table_json(table, name, request, lang), **extra}

    result = await run_in_threadpool(work)
    shared.hub.changed(name)
    return JSONResponse(result)


async def show(request: Request) -> Response:
    """GET a game's table."""
    store, name, lang = companion(request).store, request.path_params["name"], lang_of(request)

    def work() -> dict[str, Any]:
        with store.table(name) as table:
            return table_json(table, name, request, lang)

    return JSONResponse(await run_in_threadpool(work))


async def geometry(request: Request) -> Response:
    """GET the board's size and cell centres for a game."""
    store, name = companion(request).store, request.path_params["name"]

    def work() -> dict[str, Any]:
        with store.table(name) as table:
            pos = table.position
            return board_geometry(pos.ruleset, pos.players)

    return JSONResponse(await run_in_threadpool(work), headers={"Cache-Control": "no-cache"})


async def board(request: Request) -> Response:
    """GET a game's board as printed, as SVG."""
    store, name, lang = companion(request).store, request.path_params["name"], lang_of(request)

    def work() -> str:
        with store.table(name) as table:
            pos = table.position
            rs, players = pos.ruleset, pos.players
        return board_svg(rs, players, lang)

    return Response(await run_in_threadpool(work), media_type="image/svg+xml", headers={"Cache-Control": "no-cache"})


async def advice(request: Request) -> Response:
    """GET the advisor's moves for the cast pending."""
    store, name, lang = companion(request).store, request.path_params["name"], lang_of(request)

    def work() -> dict[str, Any]:
        with store.table(name) as table:
            return views.advice_json(table.advice(), lang)

    return JSONResponse(await run_in_threadpool(work))


async def odds(request: Request) -> Response:
    """GET the chance of each score of the game's beans."""
    store, name, lang = companion(request).store, request.path_params["name"], lang_of(request)

    def work() -> dict[str, Any]:
        with store.table(name) as table:
            return views.odds_json(table.position, lang)

    return JSONResponse(await run_in_threadpool(work))


async def events(request: Request) -> Response:
    """GET the game's server-sent events: its stamp now and whenever it changes."""
    shared, name = companion(request), request.path_params["name"]
    store = shared.store
    store.path(name)  # refuses a name that is not one
    if store.stamp(name) is None:
        raise UnknownGame(f"no saved game is named {name!r}")

    def stamp() -> str | None:
        s = store.stamp(name)
        return None if s is None else ":".join(map(str, s))

    return StreamingResponse(shared.hub.stream(name, stamp, lambda: False), media_type="text/event-stream",
                             headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})


def _cast(table: Table, data: dict[str, Any], lang: str) -> None:
    helper = field(data, "helper", bool, False, "true or false")
    table.cast(None if helper else cast_of(table, data))


def _correct(table: Table, data: dict[str, Any], lang: str) -> None:
    table.correct_cast(cast_of(table, data))


def _move(table: Table, data: dict[str, Any], lang: str) -> None:
    table.move(Move.parse(field(data, "move", str, what="a move like \"12-15\", \"E1\" or \"pass\"")[:40]))


def _bet(table: Table, data: dict[str, Any], lang: str) -> None:
    table.bet(field(data, "amount", int, what="a whole number"))


def _best(table: Table, data: dict[str, Any], lang: str) -> dict[str, Any]:
    return {"played": str(table.best())}


def _undo(table: Table, data: dict[str, Any], lang: str) -> dict[str, Any]:
    return {"undo": views.undo_json(table.undo(), table.position, lang)}


def _carry_on(table: Table, data: dict[str, Any], lang: str) -> None:
    table.run_computers(past_people=field(data, "all", bool, False, "true or false"))


async def cast(request: Request) -> Response:
    """POST a cast: by the helper (`helper`), or the person's own by marks, faces or score."""
    return await act(request, _cast)


async def correct(request: Request) -> Response:
    """POST the cast as it really fell, in place of the one entered."""
    return await act(request, _correct)


async def move(request: Request) -> Response:
    """POST a move in notation."""
    return await act(request, _move)


async def bet(request: Request) -> Response:
    """POST a bet's amount."""
    return await act(request, _bet)


async def best(request: Request) -> Response:
    """POST: play the advisor's best move."""
    return await act(request, _best)


async def undo(request: Request) -> Response:
    """POST: take back the last move, answering what to put back on the board."""
    return await act(request, _undo)


async def carry_on(request: Request) -> Response:
    """POST: let the computer players move (`all`: to the contest's end, once every person is out)."""
    return await act(request, _carry_on)
