"""The web app: a Starlette ASGI application over the save folder, the play session and the advisor.

Every route is listed here; the endpoints live in `routes_lobby`, `routes_table` and `routes_phone` (the shared
tables in the phone app's shapes) and read what they share from
`request.app.state` (see `state`). Every answer to bad input is a 4xx with one line saying what is wrong
(JSON `{"error": ...}`, made in `errors`); on a local network (`token` set) every request must carry the table's
token (see `gate`), and anyone else gets 403 and nothing more. Before any of that, a request must name this server
in its Host, and a POST must be JSON from the page's own origin (see `guard`); every answer carries the security
headers of `guard`.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from printgen.rulesets.load import BUILTIN
from printgen.serve import phone_app
from printgen.serve import routes_lobby as lobby
from printgen.serve import routes_phone as phone
from printgen.serve import routes_table as table
from printgen.serve.errors import HANDLERS
from printgen.serve.gate import TokenGate
from printgen.serve.guard import AllowedHosts, PostRules, SecurityHeaders
from printgen.serve.live import Hub
from printgen.serve.reading import BODY_SECONDS
from printgen.serve.state import Companion
from printgen.serve.store import Store

ROUTES = [
    Route("/", lobby.index),
    Route("/api/config", lobby.config),
    Route("/api/info", lobby.info),
    Route("/api/words", lobby.words),
    Route("/api/games", lobby.games, methods=["GET"]),
    Route("/api/beans", lobby.beans, methods=["POST"]),
    Route("/api/learn", lobby.learn, methods=["POST"]),
    Route("/api/games", lobby.create, methods=["POST"]),
    Route("/api/pieces/{seat}.svg", lobby.piece),
    Route("/api/games/{name}", table.show),
    Route("/api/games/{name}/geometry", table.geometry),
    Route("/api/games/{name}/board.svg", table.board),
    Route("/api/games/{name}/advice", table.advice),
    Route("/api/games/{name}/odds", table.odds),
    Route("/api/games/{name}/events", table.events),
    Route("/api/games/{name}/cast", table.cast, methods=["POST"]),
    Route("/api/games/{name}/correct", table.correct, methods=["POST"]),
    Route("/api/games/{name}/move", table.move, methods=["POST"]),
    Route("/api/games/{name}/bet", table.bet, methods=["POST"]),
    Route("/api/games/{name}/best", table.best, methods=["POST"]),
    Route("/api/games/{name}/undo", table.undo, methods=["POST"]),
    Route("/api/games/{name}/continue", table.carry_on, methods=["POST"]),
    Route("/api/phone/games", phone.games, methods=["GET"]),
    Route("/api/phone/games", phone.create, methods=["POST"]),
    Route("/api/phone/games/{name}", phone.show),
    Route("/api/phone/games/{name}/steps", phone.steps),
    Route("/api/phone/games/{name}/advice", phone.advice),
    Route("/api/phone/games/{name}/save", phone.save),
    Route("/api/phone/games/{name}/act", phone.act, methods=["POST"]),
    Mount("/static", StaticFiles(directory=lobby.STATIC)),
    Route("/app", phone_app.to_folder),
    Route("/app/{path:path}", phone_app.serve_file),
]


LOOPBACK = ("127.0.0.1", "localhost")  # the names this computer alone uses for itself


def create_app(saves: Path, ruleset: str = "bell", token: str | None = None, link: str = "", qr: str = "",
               allowed_hosts: Sequence[str] = LOOPBACK, body_seconds: float = BODY_SECONDS) -> Starlette:
    """Returns the app serving the games saved in `saves`; `ruleset` is the one a new game offers first.

    Only requests whose Host is one of `allowed_hosts` ("name:port", or a bare name for any port) are answered;
    a request's body must arrive within `body_seconds`."""
    middleware = [Middleware(SecurityHeaders), Middleware(AllowedHosts, hosts=allowed_hosts), Middleware(PostRules),
                  Middleware(TokenGate, token=token), Middleware(GZipMiddleware, minimum_size=1000)]
    app = Starlette(routes=ROUTES, middleware=middleware, exception_handlers=HANDLERS)
    app.state.companion = Companion(Store(saves), Hub(), tuple(dict.fromkeys([ruleset, *BUILTIN])), link, qr,
                                    token is not None)
    app.state.body_seconds = body_seconds
    app.state.phone_app = phone_app.PhoneApp()
    return app
