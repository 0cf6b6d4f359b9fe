"""Every error a request can meet, answered in one place: a 4xx with one line saying what is wrong.

The endpoints raise `HTTPException` for what they read badly themselves, and let the library's named errors
(`PatolliError` and its kin) through; the router raises 404 and 405. One handler turns each into
`{"error": "..."}` with the fitting status, so no traceback ever reaches the page. The one 5xx is a save the
machine could not write (a full disk: 507), which is no fault of the request. No answer names a path on the server
or a process: the store names the game instead, and `private` takes out whatever else slipped through.
"""

from __future__ import annotations

import errno
import os
import re
from collections.abc import Mapping

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from printgen.errors import OverwriteError, PatolliError
from printgen.files import FileBusyError, WriteError
from printgen.serve.store import UnknownGame


def error_json(status: int, message: str, headers: Mapping[str, str] | None = None) -> JSONResponse:
    """Returns the answer to a refused request: the first line of the message, as `{"error": ...}`."""
    return JSONResponse({"error": message.splitlines()[0] if message else "bad request"}, status_code=status,
                        headers=headers)


# An absolute path of two parts or more (not a fraction like 1/2, nor a URL's path, which is the request's own).
_PATH = re.compile(r"(?<![\w./:])/(?:[^\s/'\"]+/)+[^\s'\",;:()]*")
_PROCESS = re.compile(r" ?\(?\bprocess [0-9]+\)?")


def private(message: str) -> str:
    """Returns a library error's message with any path on the server and any process number taken out."""
    return _PROCESS.sub("", _PATH.sub("a file on the server", message))


def status_of(exc: PatolliError) -> int:
    """Returns the HTTP status of a library error: no such game 404, a save in use or taken 409, a save the disk
    refused 507 (no space) or 500 (anything else), else 400."""
    if isinstance(exc, WriteError):
        return 507 if exc.code in (errno.ENOSPC, errno.EDQUOT) else 500
    if isinstance(exc, UnknownGame):
        return 404
    if isinstance(exc, FileBusyError | OverwriteError):
        return 409
    return 400


async def answer_error(request: Request, exc: Exception) -> Response:
    """The app's one exception handler: a library error or an HTTPException as a 4xx with one line, an OS error
    (a save the machine could not write) as 507 or 500 with one line."""
    if isinstance(exc, PatolliError):
        return error_json(status_of(exc), private(str(exc)))
    if isinstance(exc, OSError):  # a write the library did not wrap: said without its path
        full = exc.errno in (errno.ENOSPC, errno.EDQUOT)
        why = os.strerror(exc.errno).lower() if exc.errno else "the system refused it"
        return error_json(507 if full else 500, f"the server could not save: {why}")
    if not isinstance(exc, HTTPException):
        raise exc  # registered for these two kinds only
    path = request.url.path[:80]
    if exc.status_code == 404:  # only the router raises 404 (a missing game is an UnknownGame)
        return error_json(404, f"nothing at {path}")
    if exc.status_code == 405:
        return error_json(405, f"{request.method} is not used at {path}", exc.headers)
    return error_json(exc.status_code, exc.detail, exc.headers)


HANDLERS = {PatolliError: answer_error, HTTPException: answer_error, OSError: answer_error}
