"""The table's token on a local network: only requests that carry it get through, anyone else 403 and nothing more.

The token comes in the QR link (`?t=`), then in the `X-Table-Token` header or the cookie the page is given
with its first load from that link.
"""

from __future__ import annotations

import hmac
from http.cookies import SimpleCookie
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

COOKIE = "patolli_table"


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
            await self.app(scope, receive, self._with_cookie(send))
            return
        await self.app(scope, receive, send)

    def _with_cookie(self, send: Send) -> Send:
        """Returns send, adding the token's cookie to the answer's headers."""

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

        return send_with_cookie
