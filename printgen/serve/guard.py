"""What every request meets before the endpoints, and what every answer carries.

`AllowedHosts` answers only requests whose Host is one of this server's own names (a page from another site whose
name was pointed at this computer, DNS rebinding, is refused with 400); `PostRules` takes a POST only as JSON
(`application/json`, which a page of another site cannot send without the browser asking first) and, when the browser
names the page it comes from (Origin), only from this server's own page; `SecurityHeaders` adds the headers that keep
the page from being framed, sniffed or leaking its address (with the table's token) to other sites.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from printgen.inputs import shown
from printgen.serve.errors import error_json

# The page loads its script, style, pictures and data from this server alone, and may not be framed by another page;
# the phone app (/app/) compiles its engine, WebAssembly from this server, which needs 'wasm-unsafe-eval' (it allows
# no JavaScript eval).
CSP = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; base-uri 'none'; form-action 'self'; "
       "object-src 'none'; frame-ancestors 'none'")
HEADERS = {"content-security-policy": CSP, "x-content-type-options": "nosniff", "referrer-policy": "no-referrer",
           "x-frame-options": "DENY"}


def split_host(host: str) -> tuple[str, str]:
    """Returns the name and port of a Host header's value, lower-case ("" for no port); an IPv6 address keeps its
    brackets."""
    host = host.strip().lower()
    name, sep, port = host.rpartition(":")
    if not sep or "]" in port:  # no port, or the colons of a bare IPv6 address
        return host, ""
    return name, port


class AllowedHosts:
    """Answers only requests whose Host header is one of `hosts` ("name:port", or "name" for any port); 400 else."""

    def __init__(self, app: ASGIApp, hosts: Iterable[str]) -> None:
        self.app = app
        self.hosts = {split_host(h) for h in hosts}

    def allows(self, host: str) -> bool:
        """Returns whether a Host header's value names this server."""
        name, port = split_host(host)
        return (name, port) in self.hosts or (name, "") in self.hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host = Headers(scope=scope).get("host", "")
        if not self.allows(host):
            what = f"the host {shown(host)}" if host else "a request without a Host header"
            await error_json(400, f"{what} is not this server's name (open the address it printed)",
                             {"Connection": "close"})(scope, receive, send)
            return
        await self.app(scope, receive, send)


class PostRules:
    """Takes a POST (the one method that changes anything here; the router answers others with 405) only as JSON
    (else 415) and only from this server's own page when the browser names its origin (else 403)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "POST":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        kind = headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            await error_json(415, f"a POST must send application/json, not {shown(kind or 'nothing')}",
                             {"Connection": "close"})(scope, receive, send)
            return
        origin = headers.get("origin")
        own = f"{scope.get('scheme', 'http')}://{headers.get('host', '').strip().lower()}"
        if origin is not None and origin.strip().lower() != own:
            await error_json(403, f"a POST from another site ({shown(origin)}) is refused",
                             {"Connection": "close"})(scope, receive, send)
            return
        await self.app(scope, receive, send)


class SecurityHeaders:
    """Adds HEADERS to every answer (the app's own headers of the same name stand)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                have = {k.lower() for k, _ in headers}
                headers += [(k.encode(), v.encode()) for k, v in HEADERS.items() if k.encode() not in have]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)
