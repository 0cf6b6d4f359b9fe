"""What every endpoint shares, kept on `app.state`: the save folder, the live hub, the rulesets offered, the address."""

from __future__ import annotations

from dataclasses import dataclass

from starlette.exceptions import HTTPException
from starlette.requests import Request

from printgen.serve.live import Hub
from printgen.serve.store import Store, public_spec


@dataclass(frozen=True)
class Companion:
    """The table companion's shared parts: one per app, read by every endpoint through `companion(request)`."""

    store: Store
    hub: Hub
    rulesets: tuple[str, ...]  # the specs a page may choose, the server's own first (pages see `public_spec`)
    link: str  # the address shown beside the QR code ("" on this computer only)
    qr: str  # the QR code of the link, as SVG text
    lan: bool  # open to the local network (every request carries the table's token)

    def offered(self, shown: str) -> str:
        """Returns the spec of the ruleset a page chose (by its `public_spec`), else refuses it with 400 and the
        choices."""
        for spec in self.rulesets:
            if public_spec(spec) == shown:
                return spec
        raise HTTPException(400, f"unknown ruleset {shown[:40]!r}: choose one of "
                            f"{', '.join(map(public_spec, self.rulesets))}")


def companion(request: Request) -> Companion:
    """Returns the shared parts of the app serving this request."""
    found: Companion = request.app.state.companion
    return found
