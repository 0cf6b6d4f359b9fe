"""Turns library errors into one line on standard error and exit code 2, with the command's advice.

The library says what is wrong in its own terms; the command line adds which of its options would change
it (a refusal to overwrite gets "use --force" where the command has that option).
"""

from __future__ import annotations

import functools
import inspect
import signal
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import typer

from printgen.errors import OverwriteError, PatolliError

F = TypeVar("F", bound=Callable[..., Any])
INTERRUPTED = 130


def fail(message: str) -> typer.Exit:
    """Prints message as an error and returns the exit to raise."""
    print(f"error: {message}", file=sys.stderr)
    return typer.Exit(2)


def interrupted() -> typer.Exit:
    """Says `interrupted` once and returns the exit to raise (130, as shells report Ctrl-C).

    A second Ctrl-C while the command winds down (a pool stopping, a progress bar closing) is ignored from here
    on, so the person sees this one line and never a traceback from the cleanup.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    print("interrupted", file=sys.stderr, flush=True)
    return typer.Exit(INTERRUPTED)


def advice(exc: PatolliError, options: set[str]) -> str:
    """Returns the message of exc, with the option that would change it among a command's options."""
    if isinstance(exc, OverwriteError) and "force" in options:
        return f"{exc}; use --force to overwrite it"
    return str(exc)


def reports_errors(fn: F) -> F:
    """Wraps a command so a PatolliError ends it with one clear line and exit code 2, and Ctrl-C with
    `interrupted` and exit code 130 (128 + SIGINT, as shells report it)."""
    options = set(inspect.signature(fn).parameters)

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except PatolliError as exc:
            raise fail(advice(exc, options)) from None
        except KeyboardInterrupt:
            raise interrupted() from None

    return wrapper  # type: ignore[return-value]
