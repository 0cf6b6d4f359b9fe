"""Reading a request: its JSON body, each field with its type, the page's language, and a cast however it is given.

Whatever cannot be read is refused with 400 and one line naming the field and what it must be.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request

from printgen.lang import LANGS
from printgen.play.table import Table, read_cast

BODY_LIMIT = 64 * 1024


async def read_body(request: Request) -> dict[str, Any]:
    """Returns the request's JSON object ({} for an empty body), refusing what is too long or not an object."""
    raw = await request.body()
    if len(raw) > BODY_LIMIT:
        raise HTTPException(400, f"the request body is over {BODY_LIMIT // 1024} KB")
    if not raw.strip():
        return {}
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        raise HTTPException(400, f"the request body is not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise HTTPException(400, "the request body must be a JSON object")
    return data


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


def lang_of(request: Request) -> str:
    """Returns the language the page asks for (`?lang=`, English by default), refusing one without words."""
    lang = request.query_params.get("lang", "en")
    if lang not in LANGS:
        raise HTTPException(400, f"no words for language {lang[:20]!r}; languages: {', '.join(LANGS)}")
    return lang


def cast_of(table: Table, data: dict[str, Any]) -> int:
    """Returns the marks of the cast a request gives by its marks, its beans' faces or its score."""
    faces = field(data, "faces", list, None, "a list of true (marked) and false (blank), one per bean")
    if faces is not None and not all(isinstance(f, bool) for f in faces):
        raise HTTPException(400, "\"faces\" must be a list of true (marked) and false (blank), one per bean")
    return read_cast(table.position, field(data, "marks", int, None, "a whole number of marks"), faces,
                     field(data, "score", int, None, "a whole number (0 for no score)"))
