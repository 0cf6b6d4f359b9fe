"""Turns library errors into one line on standard error and exit code 2."""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import typer

from printgen.errors import PatolliError

F = TypeVar("F", bound=Callable[..., Any])
INTERRUPTED = 130


def fail(message: str) -> typer.Exit:
    """Prints message as an error and returns the exit to raise."""
    print(f"error: {message}", file=sys.stderr)
    return typer.Exit(2)


def reports_errors(fn: F) -> F:
    """Wraps a command so a PatolliError ends it with one clear line and exit code 2, and Ctrl-C with
    `interrupted` and exit code 130 (128 + SIGINT, as shells report it)."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except PatolliError as exc:
            raise fail(str(exc)) from None
        except KeyboardInterrupt:
            print("interrupted", file=sys.stderr)
            raise typer.Exit(INTERRUPTED) from None

    return wrapper  # type: ignore[return-value]
