"""What every endpoint shares, kept on `app.state`: the save folder, the live hub, the rulesets offered, the address."""

from __future__ import annotations

from dataclasses import dataclass

from starlette.exceptions import HTTPException
from starlette.requests import Request

from printgen.serve.live import Hub
from printgen.serve.store import Store


@dataclass(frozen=True)
class Companion:
    """The table companion's shared parts: one per app, read by every endpoint through `companion(request)`."""

    store: Store
    hub: Hub
    rulesets: tuple[str, ...]  # the specs a page may choose, the server's own first
    link: str  # the address shown beside the QR code ("" on this computer only)
    qr: str  # the QR code of the link, as SVG text
    lan: bool  # open to the local network (every request carries the table's token)

    def offered(self, spec: str) -> str:
        """Returns spec if a page may start a game of it, else refuses it with 400 and the choices."""
        if spec not in self.rulesets:
            raise HTTPException(400, f"unknown ruleset {spec[:40]!r}: choose one of {', '.join(self.rulesets)}")
        return spec


def companion(request: Request) -> Companion:
    """Returns the shared parts of the app serving this request."""
    found: Companion = request.app.state.companion
    return found
