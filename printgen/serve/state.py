"""What every endpoint shares, kept on `app.state`: the save folder, the live hub, the rulesets offered, the address."""

from __future__ import annotations

from dataclasses import dataclass

from starlette.requests import Request

from printgen.serve.live import Hub
from printgen.serve.store import Store


@dataclass(frozen=True)
class Companion:
    """The table companion's shared parts: one per app, read by every endpoint through `companion(request)`."""

    store: Store
    hub: Hub
    rulesets: tuple[str, ...]  # the specs of the rulesets the app offers, the server's own first
    link: str  # the address shown beside the QR code ("" on this computer only)
    qr: str  # the QR code of the link, as SVG text
    lan: bool  # open to the local network (every request carries the table's token)



def companion(request: Request) -> Companion:
    """Returns the shared parts of the app serving this request."""
    found: Companion = request.app.state.companion
    return found
