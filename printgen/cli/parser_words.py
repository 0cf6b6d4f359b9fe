"""How the command line words what its parser shows and refuses: values named in words in help (`N`, `PATH`,
`a4|letter`), never a Python type, and a refusal as one plain line, without pydantic's phrasing."""

from __future__ import annotations

from typing import Any

from typer._click.exceptions import ClickException, UsageError
from typer.core import TyperArgument

# What help shows for an option's value, by its type: words people read, never a Python type (`<int range>`).
METAVARS = {"int": "N", "float": "NUMBER", "str": "TEXT", "Path": "PATH", "list[str]": "TEXT"}


class PlainArgument(TyperArgument):
    """An argument shown by its name alone (`POSITION`, `[PLAYERS]...`), without Typer's `{position} <str>`."""

    def display_type_rich(self, ctx: Any) -> str | None:
        return None

    def _rich_display_name(self) -> str:
        return (self.name or "value").upper() + ("..." if self.nargs != 1 else "")

    def _usage_display_name(self) -> str:
        name = (self.name or "value").upper()
        return (name if self.required else f"[{name}]") + ("..." if self.nargs != 1 else "")


def plain_metavars(command: Any) -> None:
    """Names the value of every option and argument of command and its subcommands in words (N, PATH, TEXT,
    a4|letter) where Typer would show a Python type; a metavar a command chose itself is kept."""
    for sub in getattr(command, "commands", {}).values():
        plain_metavars(sub)
    for param in getattr(command, "params", ()):
        if param.metavar is not None or getattr(param, "is_flag", False) or param.name == "help":
            continue
        if isinstance(param, TyperArgument):
            param.__class__ = PlainArgument
        elif param.type_descriptor.is_choice:
            param.metavar = "|".join(str(getattr(c, "value", c)) for c in param.type_descriptor.choices or ())
        else:
            param.metavar = METAVARS.get(param.bare_type(), "VALUE")


def usage_line(exc: ClickException) -> str:
    """Returns a refusal of the parser (a wrong option, a missing argument, a bad choice) as one line: the reason in
    plain words, then where the command's help is."""
    message = " ".join(exc.format_message().replace("Value error, ", "").split()).rstrip(".")
    for pydantic, plain in (("Unable to parse input string as an integer, exceeded maximum size", "too long a number"),
                            ("Input should be a valid integer, unable to parse string as an integer",
                             "it must be a whole number"),
                            ("Input should be a valid number, unable to parse string as a number",
                             "it must be a number"),
                            ("Input should be greater than or equal to", "it must be at least"),
                            ("Input should be less than or equal to", "it must be at most"),
                            ("Input should be", "it must be")):
        message = message.replace(pydantic, plain)
    ctx = getattr(exc, "ctx", None)
    where = f" (see {ctx.command_path} --help)" if isinstance(exc, UsageError) and ctx is not None else ""
    return f"{message[:1].lower()}{message[1:]}{where}"
