"""The web app: a Starlette ASGI application over the save folder, the play session and the advisor.

Every answer to bad input is a 4xx with one line saying what is wrong (JSON `{"error": ...}`); on a
local network (`token` set) every request must carry the table's token (`?t=`, the `X-Table-Token`
header or the cookie the page gets with its first load), and anyone else gets 403 and nothing more.
Engine work runs in worker threads, one action at a time per game.
"""

from __future__ import annotations

import hmac
import json
import random
from collections.abc import Awaitable, Callable
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from printgen.components import SEAT_COLOURS
from printgen.engine.moves import Move
from printgen.engine.position import seat_name
from printgen.engine.ruleset_files import load_ruleset
from printgen.errors import OverwriteError, PatolliError
from printgen.files import FileBusyError
from printgen.lang import LANGS, templates
from printgen.play.bean_check import check as check_beans
from printgen.play.lessons import LEARN_PLAYER, LEARN_SEED
from printgen.play.table import Table, read_cast
from printgen.players.roster.registry import player
from printgen.players.search.levels import DEFAULT_LEVEL, MAX_LEVEL
from printgen.rulesets.load import BUILTIN
from printgen.serve import views
from printgen.serve.board import board_geometry, board_svg, piece_svg
from printgen.serve.live import Hub
from printgen.serve.store import Store, UnknownGame

STATIC = Path(__file__).parent / "static"
BODY_LIMIT = 64 * 1024
COOKIE = "patolli_table"
MAX_LOGGED = 1000  # casts of a bean check (the page keeps the last 1000; 5 beans each fit the body limit)


class BadRequest(PatolliError):
    """A request the API cannot read: not JSON, not an object, a field missing or of the wrong type."""


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message.splitlines()[0] if message else "bad request"}, status_code=status)


def _status(exc: PatolliError) -> int:
    if isinstance(exc, UnknownGame):
        return 404
    if isinstance(exc, FileBusyError | OverwriteError):
        return 409
    return 400


class TokenGate:
    """Lets through only requests carrying the table's token (when there is one); 403 and nothing else otherwise."""

    def __init__(self, app: ASGIApp, token: str | None) -> None:
        self.app, self.token = app, token

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.token is None or scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        given = request.query_params.get("t") or request.headers.get("x-table-token") or \
            request.cookies.get(COOKIE) or ""
        if not hmac.compare_digest(given.encode(), self.token.encode()):
            await Response("", status_code=403)(scope, receive, send)
            return
        if request.query_params.get("t"):  # the QR link: remember the token for the page's own requests

            async def send_with_cookie(message: Any) -> None:
                if message["type"] == "http.response.start":
                    cookie: SimpleCookie = SimpleCookie()
                    cookie[COOKIE] = self.token or ""
                    cookie[COOKIE]["httponly"] = True
                    cookie[COOKIE]["samesite"] = "Strict"
                    cookie[COOKIE]["path"] = "/"
                    headers = list(message.get("headers", []))
                    headers.append((b"set-cookie", cookie.output(header="").strip().encode()))
                    message = {**message, "headers": headers}
                await send(message)

            await self.app(scope, receive, send_with_cookie)
            return
        await self.app(scope, receive, send)


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > BODY_LIMIT:
        raise BadRequest(f"the request body is over {BODY_LIMIT // 1024} KB")
    if not raw.strip():
        return {}
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        raise BadRequest(f"the request body is not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise BadRequest("the request body must be a JSON object")
    return data


def _get(data: dict[str, Any], key: str, kind: type | tuple[type, ...], default: Any = ..., what: str = "") -> Any:
    if key not in data or data[key] is None:
        if default is ...:
            raise BadRequest(f"the request lacks \"{key}\"" + (f" ({what})" if what else ""))
        return default
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise BadRequest(f"\"{key}\" must be {what or getattr(kind, '__name__', 'something else')}")
    return value


def _lang(request: Request) -> str:
    lang = request.query_params.get("lang", "en")
    if lang not in LANGS:
        raise BadRequest(f"no words for language {lang[:20]!r}; languages: {', '.join(LANGS)}")
    return lang


def _table_json(table: Table, name: str, request: Request, lang: str) -> dict[str, Any]:
    """Returns the table's JSON, with the lessons of a guided game when the page asks (`?learn=1`)."""
    out = views.table_json(table, name, lang)
    if request.query_params.get("learn") == "1":
        out["lessons"] = views.lessons_json(table, lang)
    return out


def _cast_of(table: Table, data: dict[str, Any]) -> int:
    faces = _get(data, "faces", list, None, "a list of true (marked) and false (blank), one per bean")
    if faces is not None and not all(isinstance(f, bool) for f in faces):
        raise BadRequest("\"faces\" must be a list of true (marked) and false (blank), one per bean")
    return read_cast(table.position, _get(data, "marks", int, None, "a whole number of marks"), faces,
                     _get(data, "score", int, None, "a whole number (0 for no score)"))


def create_app(saves: Path, ruleset: str = "bell", token: str | None = None, link: str = "",
               qr: str = "") -> Starlette:
    """Returns the app serving the games saved in `saves`; `ruleset` is the one a new game offers first."""
    store = Store(saves)
    hub = Hub()

    def guarded(handler: Callable[[Request], Awaitable[Response]]) -> Callable[[Request], Awaitable[Response]]:
        async def run(request: Request) -> Response:
            try:
                return await handler(request)
            except PatolliError as exc:
                return _error(_status(exc), str(exc))
        return run

    async def act(request: Request, action: Callable[[Table, dict[str, Any]], dict[str, Any] | None]) -> Response:
        name = request.path_params["name"]
        lang = _lang(request)
        data = await _body(request)

        def work() -> dict[str, Any]:
            with store.table(name) as table:
                extra = action(table, data) or {}
                table.run_computers()
                return {**_table_json(table, name, request, lang), **extra}

        result = await run_in_threadpool(work)
        hub.changed(name)
        return JSONResponse(result)

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-store"})

    async def info(request: Request) -> Response:
        lang = _lang(request)
        specs = list(dict.fromkeys([ruleset, *BUILTIN]))
        rulesets = []
        for spec in specs:
            rs = load_ruleset(spec)
            rulesets.append({"spec": spec, "title": rs.title, "players": list(rs.player_counts()),
                             "beans": rs.beans.count,
                             "options": [{"name": o.name, "description": o.description.get(lang)}
                                         for o in rs.options]})
        return JSONResponse({"rulesets": rulesets, "levels": MAX_LEVEL, "level": DEFAULT_LEVEL, "link": link,
                             "lan": token is not None, "qr": qr, "langs": list(LANGS)})

    async def words(request: Request) -> Response:
        lang = _lang(request)
        t = templates(lang)
        return JSONResponse({k[6:]: v for k, v in t.items() if k.startswith("serve.")} |
                            {f"colour.{c}": t[f"colour.{c}"] for c in SEAT_COLOURS})

    async def games(request: Request) -> Response:
        return JSONResponse({"games": await run_in_threadpool(store.names)})

    async def create(request: Request) -> Response:
        data = await _body(request)
        name = _get(data, "name", str, what="the game's name")
        spec = _get(data, "ruleset", str, ruleset, "a ruleset's name")
        options = _get(data, "options", list, [], "a list of option names")
        if spec not in (ruleset, *BUILTIN):
            offered = ", ".join(dict.fromkeys([ruleset, *BUILTIN]))
            raise BadRequest(f"unknown ruleset {spec[:40]!r}: choose one of {offered}")
        if not all(isinstance(o, str) and o.isidentifier() for o in options):
            raise BadRequest("\"options\" must be a list of option names")
        players = _get(data, "players", int, what="the number of players, 2 to 4")
        raw = _get(data, "computers", dict, {}, "an object naming the computer player of each seat, like {\"B\": "
                                                "\"advisor:3\"}")
        level = _get(data, "level", int, DEFAULT_LEVEL, f"the advice level, 0 to {MAX_LEVEL}")
        if not 0 <= level <= MAX_LEVEL:
            raise BadRequest(f"\"level\" must be from 0 to {MAX_LEVEL}")
        seats = {seat_name(s): s for s in range(1, min(max(players, 0), 4))}
        computers = {}
        for key, who in raw.items():
            if key not in seats or not isinstance(who, str):
                raise BadRequest(f"\"computers\" names seats {', '.join(seats) or 'B to D'} with a player's name each")
            computers[seats[key]] = player(who)

        def work() -> None:
            rs = load_ruleset("+".join([spec, *options]))
            store.create(name, rs, players, computers, level, random.SystemRandom().randrange(2**31))
            with store.table(name) as table:
                table.run_computers()

        await run_in_threadpool(work)
        return JSONResponse({"name": name}, status_code=201)

    async def show(request: Request) -> Response:
        name, lang = request.path_params["name"], _lang(request)

        def work() -> dict[str, Any]:
            with store.table(name) as table:
                return _table_json(table, name, request, lang)
        return JSONResponse(await run_in_threadpool(work))

    async def geometry(request: Request) -> Response:
        name = request.path_params["name"]

        def work() -> dict[str, Any]:
            with store.table(name) as table:
                pos = table.position
                return board_geometry(pos.ruleset, pos.players)
        return JSONResponse(await run_in_threadpool(work), headers={"Cache-Control": "no-cache"})

    async def board(request: Request) -> Response:
        name, lang = request.path_params["name"], _lang(request)

        def work() -> str:
            with store.table(name) as table:
                pos = table.position
                rs, players = pos.ruleset, pos.players
            return board_svg(rs, players, lang)
        return Response(await run_in_threadpool(work), media_type="image/svg+xml",
                        headers={"Cache-Control": "no-cache"})

    async def piece(request: Request) -> Response:
        seat = request.path_params["seat"]
        if seat not in "ABCD" or len(seat) != 1:
            raise BadRequest("a piece's seat is A, B, C or D")
        return Response(piece_svg("ABCD".index(seat)), media_type="image/svg+xml",
                        headers={"Cache-Control": "max-age=86400"})

    async def advice(request: Request) -> Response:
        name, lang = request.path_params["name"], _lang(request)

        def work() -> dict[str, Any]:
            with store.table(name) as table:
                return views.advice_json(table.advice(), lang)
        return JSONResponse(await run_in_threadpool(work))

    async def odds(request: Request) -> Response:
        name, lang = request.path_params["name"], _lang(request)

        def work() -> dict[str, Any]:
            with store.table(name) as table:
                return views.odds_json(table.position, lang)
        return JSONResponse(await run_in_threadpool(work))

    async def cast(request: Request) -> Response:
        def action(table: Table, data: dict[str, Any]) -> None:
            helper = _get(data, "helper", bool, False, "true or false")
            table.cast(None if helper else _cast_of(table, data))
        return await act(request, action)

    async def correct(request: Request) -> Response:
        return await act(request, lambda table, data: table.correct_cast(_cast_of(table, data)))

    async def move(request: Request) -> Response:
        def action(table: Table, data: dict[str, Any]) -> None:
            table.move(Move.parse(_get(data, "move", str, what="a move like \"12-15\", \"E1\" or \"pass\"")[:40]))
        return await act(request, action)

    async def bet(request: Request) -> Response:
        return await act(request, lambda table, data: table.bet(_get(data, "amount", int, what="a whole number")))

    async def best(request: Request) -> Response:
        return await act(request, lambda table, data: {"played": str(table.best())})

    async def undo(request: Request) -> Response:
        lang = _lang(request)

        def action(table: Table, data: dict[str, Any]) -> dict[str, Any]:
            return {"undo": views.undo_json(table.undo(), table.position, lang)}
        return await act(request, action)

    async def carry_on(request: Request) -> Response:
        def action(table: Table, data: dict[str, Any]) -> None:
            table.run_computers(past_people=_get(data, "all", bool, False, "true or false"))
        return await act(request, action)

    async def events(request: Request) -> Response:
        name = request.path_params["name"]
        store.path(name)
        if store.stamp(name) is None:
            raise UnknownGame(f"no saved game is named {name!r}")

        def stamp() -> str | None:
            s = store.stamp(name)
            return None if s is None else ":".join(map(str, s))

        return StreamingResponse(hub.stream(name, stamp, lambda: False), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})

    async def learn(request: Request) -> Response:
        data = await _body(request)
        spec = _get(data, "ruleset", str, ruleset, "a ruleset's name")
        if spec not in (ruleset, *BUILTIN):
            offered = ", ".join(dict.fromkeys([ruleset, *BUILTIN]))
            raise BadRequest(f"unknown ruleset {spec[:40]!r}: choose one of {offered}")

        def work() -> str:
            rs = load_ruleset(spec)
            stem = "learn-" + "".join(c if c.isalnum() else "-" for c in spec)[:28]
            name = next(n for i in range(1, 10_000) if store.stamp(n := stem if i == 1 else f"{stem}-{i}") is None)
            store.create(name, rs, min(rs.player_counts()), {1: player(LEARN_PLAYER)}, DEFAULT_LEVEL, LEARN_SEED)
            with store.table(name) as table:
                table.run_computers()
            return name

        return JSONResponse({"name": await run_in_threadpool(work)}, status_code=201)

    async def beans(request: Request) -> Response:
        lang = _lang(request)
        data = await _body(request)
        spec = _get(data, "ruleset", str, ruleset, "a ruleset's name")
        if spec not in (ruleset, *BUILTIN):
            offered = ", ".join(dict.fromkeys([ruleset, *BUILTIN]))
            raise BadRequest(f"unknown ruleset {spec[:40]!r}: choose one of {offered}")
        casts = _get(data, "casts", list, what="a list of casts, each a list of true (marked) and false (blank)")
        if len(casts) > MAX_LOGGED or not all(isinstance(c, list) and all(isinstance(f, bool) for f in c)
                                              for c in casts):
            raise BadRequest(f"\"casts\" must be up to {MAX_LOGGED} casts, each a list of true (marked) and false "
                             "(blank)")

        def work() -> dict[str, Any]:
            rs = load_ruleset(spec)
            report = check_beans([tuple(c) for c in casts], rs.beans.count, rs.beans.mark_probability)
            return views.beans_json(report, rs, lang)
        return JSONResponse(await run_in_threadpool(work))

    async def not_found(request: Request, exc: Exception) -> Response:
        return _error(404, f"nothing at {request.url.path[:80]}")

    async def not_allowed(request: Request, exc: Exception) -> Response:
        return _error(405, f"{request.method} is not used at {request.url.path[:80]}")

    g = guarded
    routes = [
        Route("/", g(index)),
        Route("/api/info", g(info)),
        Route("/api/words", g(words)),
        Route("/api/games", g(games), methods=["GET"]),
        Route("/api/beans", g(beans), methods=["POST"]),
        Route("/api/learn", g(learn), methods=["POST"]),
        Route("/api/games", g(create), methods=["POST"]),
        Route("/api/pieces/{seat}.svg", g(piece)),
        Route("/api/games/{name}", g(show)),
        Route("/api/games/{name}/geometry", g(geometry)),
        Route("/api/games/{name}/board.svg", g(board)),
        Route("/api/games/{name}/advice", g(advice)),
        Route("/api/games/{name}/odds", g(odds)),
        Route("/api/games/{name}/events", g(events)),
        Route("/api/games/{name}/cast", g(cast), methods=["POST"]),
        Route("/api/games/{name}/correct", g(correct), methods=["POST"]),
        Route("/api/games/{name}/move", g(move), methods=["POST"]),
        Route("/api/games/{name}/bet", g(bet), methods=["POST"]),
        Route("/api/games/{name}/best", g(best), methods=["POST"]),
        Route("/api/games/{name}/undo", g(undo), methods=["POST"]),
        Route("/api/games/{name}/continue", g(carry_on), methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC)),
    ]
    middleware = [Middleware(TokenGate, token=token), Middleware(GZipMiddleware, minimum_size=1000)]
    return Starlette(routes=routes, middleware=middleware, exception_handlers={404: not_found, 405: not_allowed})
