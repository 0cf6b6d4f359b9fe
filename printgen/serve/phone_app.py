"""The phone app on its own (`patolli web`'s static site) served by `patolli serve` at /app/: the same files the
static site holds, made once from the package on first request and kept in memory. A phone that opens it once
keeps it (its service worker caches every file) and plays alone and offline from then on.
"""

from __future__ import annotations

import hashlib
import mimetypes
import threading

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from printgen.ruleset_files import load_ruleset
from printgen.rulesets.model import Ruleset
from printgen.serve.state import companion

PREFIX = "/app/"
TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
         ".webmanifest": "application/manifest+json", ".json": "application/json", ".svg": "image/svg+xml"}


class PhoneApp:
    """The site's files for the rulesets a server offers, made on first use (a few seconds), once."""

    def __init__(self) -> None:
        self.files: dict[str, bytes] | None = None
        self.lock = threading.Lock()

    def get(self, specs: tuple[str, ...]) -> dict[str, bytes]:
        """Returns every file of the site by path, making them the first time."""
        with self.lock:
            if self.files is None:
                from printgen.web.site import site_contents

                bases: dict[str, Ruleset] = {}
                for spec in specs:
                    rs = load_ruleset(spec.split("+")[0])
                    bases.setdefault(rs.name, rs)
                self.files = site_contents(list(bases.values()))
            return self.files


async def serve_file(request: Request) -> Response:
    """GET a file of the phone app (the folder itself is its index.html); 404 for one the site does not hold."""
    path = request.path_params.get("path", "") or "index.html"
    shared = companion(request)
    files = await run_in_threadpool(request.app.state.phone_app.get, shared.rulesets)
    data = files.get(path)
    if data is None:
        return Response(f'{{"error": "no file {path[:60]} in the phone app"}}', status_code=404,
                        media_type="application/json")
    if path == "index.html":  # the page learns it was served by patolli serve, which has shared tables
        data = data.replace(b"<head>", b'<head>\n<meta name="patolli-server" content="shared tables">', 1)
    suffix = "." + path.rsplit(".", 1)[-1] if "." in path else ""
    kind = TYPES.get(suffix) or mimetypes.guess_type(path)[0] or "application/octet-stream"
    tag = '"' + hashlib.sha256(data).hexdigest()[:20] + '"'
    if request.headers.get("if-none-match") == tag:
        return Response(status_code=304, headers={"etag": tag})
    return Response(data, media_type=kind, headers={"etag": tag, "cache-control": "no-cache"})


async def to_app(request: Request) -> Response:
    """GET / or /app: the app lives in the folder /app/, where its relative addresses resolve."""
    return RedirectResponse(PREFIX, status_code=308)
