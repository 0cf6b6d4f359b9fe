"""The web app: a Starlette ASGI application over the save folder, the play session and the advisor.

Every route is listed here. The page is the phone app (`phone_app`, served at /app/, where / leads); the endpoints
of its shared tables live in `routes_tables` (the games, a new one, how another phone joins) and `routes_act` (an
action, the live events), and read what they share from `request.app.state` (see `state`). Every answer to bad
input is a 4xx with one line saying what is wrong (JSON `{"error": ...}`, made in `errors`); on a local network
(`token` set) every request must carry the table's token (see `gate`), and anyone else gets 403 and nothing more.
Before any of that, a request must name this server in its Host, and a POST must be JSON from the page's own origin
(see `guard`); every answer carries the security headers of `guard`.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.routing import Route

from printgen.rulesets.load import BUILTIN
from printgen.serve import phone_app
from printgen.serve import routes_act as act
from printgen.serve import routes_tables as tables
from printgen.serve.errors import HANDLERS
from printgen.serve.gate import TokenGate
from printgen.serve.guard import AllowedHosts, PostRules, SecurityHeaders
from printgen.serve.live import Hub
from printgen.serve.reading import BODY_SECONDS
from printgen.serve.state import Companion
from printgen.serve.store import Store

ROUTES = [
    Route("/", phone_app.to_app),
    Route("/api/join", tables.join),
    Route("/api/games", tables.games, methods=["GET"]),
    Route("/api/games", tables.create, methods=["POST"]),
    Route("/api/games/{name}", tables.show),
    Route("/api/games/{name}/steps", tables.steps),
    Route("/api/games/{name}/advice", tables.advice),
    Route("/api/games/{name}/save", tables.save),
    Route("/api/games/{name}/events", act.events),
    Route("/api/games/{name}/act", act.act, methods=["POST"]),
    Route("/app", phone_app.to_app),
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
