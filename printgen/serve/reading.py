"""Reading a request: its JSON body and each field with its type.

The body is read as it arrives, never more than BODY_LIMIT bytes (a longer Content-Length is refused before a byte is
read, a longer stream as soon as it passes the limit: 413) and never longer than the app's body time (408), and is
parsed with bounded nesting and bounded numbers. Whatever cannot be read is refused with one line naming the field
and what it must be.
"""

from __future__ import annotations

import asyncio
import json
import math
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request

from printgen.inputs import is_whole_number

BODY_LIMIT = 64 * 1024
BODY_SECONDS = 10.0  # the whole body must arrive within this (a client that stops sending is cut off)
MAX_DEPTH = 8  # lists and objects within each other; the deepest the app sends is 2
MAX_DIGITS = 18  # digits of a number in a body; every number the app sends has a few
CLOSE = {"Connection": "close"}  # the rest of a refused body is not read: the connection ends with the answer


async def read_raw(request: Request, limit: int = BODY_LIMIT, seconds: float = BODY_SECONDS) -> bytes:
    """Returns the request's body, refusing one over `limit` bytes (413) or not all there within `seconds` (408)."""
    length = request.headers.get("content-length")
    if length is not None and not is_whole_number(length):
        raise HTTPException(400, "the Content-Length header is not a whole number", CLOSE)
    if length is not None and (len(length.lstrip("0")) > len(str(limit)) or int(length) > limit):
        raise HTTPException(413, f"the request body is over {limit // 1024} KB", CLOSE)
    chunks: list[bytes] = []
    size = 0
    try:
        async with asyncio.timeout(seconds):
            async for chunk in request.stream():
                size += len(chunk)
                if size > limit:
                    raise HTTPException(413, f"the request body is over {limit // 1024} KB", CLOSE)
                chunks.append(chunk)
    except TimeoutError:
        raise HTTPException(408, f"the request body did not arrive within {seconds:g} s", CLOSE) from None
    except ClientDisconnect:
        raise HTTPException(400, "the request body was cut off", CLOSE) from None
    return b"".join(chunks)


def _whole(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise ValueError(f"a number of {digits} digits (at most {MAX_DIGITS})")
    return int(text)


def _fraction(text: str) -> float:
    value = float(text) if len(text) <= 2 * MAX_DIGITS else math.inf
    if not math.isfinite(value):
        raise ValueError(f"a number too large or too long ({text[:20]}{'…' if len(text) > 20 else ''})")
    return value


def _constant(name: str) -> Any:
    raise ValueError(f"{name}, which is not a number JSON allows")


def depth(value: Any) -> int:
    """Returns how deep lists and objects lie within each other in a parsed value (0 for a plain value)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, dict | list):
            deepest = max(deepest, d)
            stack.extend((x, d + 1) for x in (v.values() if isinstance(v, dict) else v))
    return deepest


def parse_body(raw: bytes) -> dict[str, Any]:
    """Returns the JSON object a body holds ({} for an empty one), refusing deep nesting and oversized numbers."""
    if not raw.strip():
        return {}
    try:
        data = json.loads(raw, parse_int=_whole, parse_float=_fraction, parse_constant=_constant)
    except RecursionError:
        data = None
        too_deep = True
    except json.JSONDecodeError as exc:
        raise HTTPException(400, f"the request body is not JSON: {exc.msg} at character {exc.pos}") from None
    except UnicodeDecodeError:
        raise HTTPException(400, "the request body is not UTF-8 text") from None
    except ValueError as exc:  # from the number hooks
        raise HTTPException(400, f"the request body holds {exc}") from None
    else:
        too_deep = depth(data) > MAX_DEPTH
    if too_deep:
        raise HTTPException(400, f"the request body nests lists and objects more than {MAX_DEPTH} deep")
    if not isinstance(data, dict):
        raise HTTPException(400, "the request body must be a JSON object")
    return data


async def read_body(request: Request) -> dict[str, Any]:
    """Returns the request's JSON object ({} for an empty body), read within the app's limits (see read_raw)."""
    seconds = getattr(request.app.state, "body_seconds", BODY_SECONDS)
    return parse_body(await read_raw(request, BODY_LIMIT, seconds))


def field(data: dict[str, Any], key: str, kind: type | tuple[type, ...], default: Any = ..., what: str = "") -> Any:
    """Returns data[key] if it is of kind (a bool is no int), default if it is absent or null, else refuses it;
    `what` says in words what the field must be."""
    if key not in data or data[key] is None:
        if default is ...:
            raise HTTPException(400, f"the request lacks \"{key}\"" + (f" ({what})" if what else ""))
        return default
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise HTTPException(400, f"\"{key}\" must be {what or getattr(kind, '__name__', 'something else')}")
    return value
