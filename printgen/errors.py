"""Named errors: the library raises them, the CLI turns each into one line for the user."""

from __future__ import annotations


class PatolliError(ValueError):
    """Base of every error a user can cause with bad input."""


class RulesetError(PatolliError):
    """A ruleset file or value is malformed or impossible."""


class PositionError(PatolliError):
    """A position is malformed or impossible under its ruleset."""


class NotationError(PatolliError):
    """A move, cast or position string does not parse."""


class IllegalMoveError(PatolliError):
    """A move is not legal in the given position and cast."""


class OptionError(PatolliError):
    """A command option has a value that cannot be used."""


class OverwriteError(OptionError):
    """Writing would replace a file or fill a folder that the caller did not agree to replace (`force`)."""


class MissingLibraryError(PatolliError):
    """A system library an output needs cannot be loaded on this machine."""
