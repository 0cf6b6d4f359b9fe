"""Reading what a user hands in: files checked by type and size before they are read, and whole numbers
written in ASCII digits only.

`str.isdigit()` is true of `²` and `٣`, which `int()` refuses or reads in surprising ways; Python also
refuses to convert strings of more than a few thousand digits. `whole_number` reads `[0-9]+` only and
bounds the value, so every caller reports one clear line instead of a traceback.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from printgen.errors import PatolliError

TEXT_LIMIT = 1_000_000  # bytes: far above any ruleset or position, far below a mistake like a disk image
CONTEST_LIMIT = 8 * 1024 * 1024  # bytes: a contest (a record, a save, or a position given as either), read by
# every command alike; a contest of thousands of turns is well under 1 MB
MAX_WHOLE = 10**9  # the largest count a user may write where no rule sets a tighter limit
_DIGITS = re.compile(r"[0-9]+")
_DECIMAL = re.compile(r"[0-9]{1,9}(?:\.[0-9]{1,9})?")


def is_decimal(text: str) -> bool:
    """Returns whether text is a number written in the ASCII digits with at most one point (`2.5`, `10`): no sign,
    exponent, underscore or other script's digits, which `float()` would take."""
    return _DECIMAL.fullmatch(text) is not None


def is_whole_number(text: str) -> bool:
    """Returns whether text is written in the ASCII digits 0 to 9 alone (no sign, no spaces)."""
    return _DIGITS.fullmatch(text) is not None


def whole_number(text: str, what: str, hi: int = MAX_WHOLE, error: type[PatolliError] = PatolliError) -> int:
    """Returns the whole number text writes in ASCII digits, from 0 to hi, or raises `error` naming `what`."""
    if not is_whole_number(text):
        raise error(f"{what} must be a whole number (digits 0 to 9), got {shown(text)}")
    digits = text.lstrip("0") or "0"  # leading zeros count towards Python's limit on digits too
    if len(digits) > len(str(hi)) or int(digits) > hi:
        raise error(f"{what} must be at most {hi}, got {shown(text)}")
    return int(digits)


def typed_number(text: str, hi: int = MAX_WHOLE) -> int | None:
    """Returns the whole number a person typed in ASCII digits, from 0 to hi, or None if the text is none (the
    caller then says why in the person's language)."""
    try:
        return whole_number(text, "a number", hi)
    except PatolliError:
        return None


def whole_numbers(text: str, what: str, noun: str, hi: int, error: type[PatolliError] = PatolliError) -> list[int]:
    """Returns the numbers a list like `0-3`, `0,2,3` or `2` names (`noun`, in the plural, for messages), sorted,
    each from 0 to hi; every bound is read and checked before any list is made (`0-20000000` is refused, not built)."""
    numbers: set[int] = set()
    for part in text.split(","):
        lo, dash, top = (piece.strip() for piece in part.partition("-"))
        if not is_whole_number(lo) or (dash and not is_whole_number(top)):
            raise error(f"{what} {shown(text)}: write {noun} like 0-3 or 0,2,3")
        first, last = typed_number(lo, hi), typed_number(top, hi) if dash else typed_number(lo, hi)
        if first is None or last is None:
            raise error(f"{what} {shown(text)}: {noun} run from 0 to {hi}")
        if last < first:
            raise error(f"{what} {shown(text)}: write the smaller number first, as {last}-{first}")
        numbers.update(range(first, last + 1))
    return sorted(numbers)


def shown(value: object, limit: int = 40) -> str:
    """Returns a value a user gave, quoted for a message and cut short if long (a 5000-digit number would drown it)."""
    if isinstance(value, str):
        return repr(value) if len(value) <= limit else repr(value[:limit]) + f" (… {len(value)} characters)"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**limit:
        return f"a number of about {int(abs(value).bit_length() * 0.30103) + 1} digits"  # str() refuses 4300 or more
    try:
        text = repr(value)
    except ValueError:  # a huge number inside a list
        return "a value too large to show"
    return text if len(text) <= limit else text[:limit] + "…"


def path_exists(path: str | Path) -> bool:
    """Returns whether path names anything, False for names the system cannot even look up (too long, NUL)."""
    try:
        return Path(path).exists()
    except (OSError, ValueError):
        return False


def read_limited(stream: object, what: str, limit: int = TEXT_LIMIT, error: type[PatolliError] = PatolliError) -> str:
    """Returns at most `limit` characters read from a text stream (standard input), or raises if there are more."""
    try:
        text = stream.read(limit + 1)  # type: ignore[attr-defined]
    except UnicodeDecodeError as exc:
        raise error(f"{what} is not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise error(f"cannot read {what}: {exc.strerror or exc}") from None
    if len(text) > limit:
        raise error(f"{what}: more than {limit} characters is too much to read")
    return str(text)


def json_type(v: Any) -> str:
    """Returns the JSON name of a parsed value's type, for messages ("a whole number", "text", "null")."""
    if v is None:
        return "null"
    names = {bool: "true/false", int: "a whole number", float: "a fraction", str: "text", list: "a list",
             dict: "an object"}
    return names.get(type(v), type(v).__name__)
