"""`patolli play`: one person on the printed board against computer players, with the helper at the terminal."""

from __future__ import annotations

import secrets
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from printgen.cli.advise_cmd import LevelOpt
from printgen.cli.engine_ready import prepare_engine
from printgen.cli.errors import fail, reports_errors
from printgen.cli.options import DEFAULT_RULESET, RulesetOpt, SeedOpt
from printgen.cli.print_cmd import ENGLISH, LangOpt
from printgen.errors import OptionError, OverwriteError
from printgen.inputs import is_decimal, shown
from printgen.players.search.levels import DEFAULT_LEVEL

if TYPE_CHECKING:  # the engine is imported when a command runs, so that --help starts at once
    from rich.console import Console

    from printgen.engine.position import Position
    from printgen.play.session import SaveFailed, Session

INTERRUPTED = 130  # the exit code of a program stopped by Ctrl-C (128 + SIGINT)



class ConsoleOutput:
    """Speaks through a rich console."""

    def __init__(self, console: Console, lang: str = "en") -> None:
        self.console = console
        self.lang = lang

    def say(self, text: str) -> None:
        """Prints one line."""
        self.console.print(text, markup=False, soft_wrap=True)

    def board(self, pos: Position, marks: dict[int, str] | None = None) -> None:
        """Draws the board with pieces, holdings, pool and offering."""
        from printgen.cli.position_view import show_position

        show_position(pos, self.console, marks, self.lang)


@reports_errors
def play(
    ctx: typer.Context,
    ruleset: RulesetOpt = DEFAULT_RULESET,
    opponents: Annotated[int, typer.Option("--opponents", min=1, max=3, help="Computer players (1 to 3).")] = 1,
    computer: Annotated[str, typer.Option("--computer", help="The computer players: advisor, advisor:LEVEL, "
                                          "gatigo:S3T1, random …")] = "advisor",
    seed: SeedOpt = None,
    save: Annotated[Path, typer.Option("--save", help="Where to save after every action.")] = Path("patolli-game.json"),
    resume: Annotated[Path | None, typer.Option("--resume", help="Continue the contest saved in this file.")] = None,
    force: Annotated[bool, typer.Option("--force", help="Start over even if the save file exists.")] = False,
    tutor: Annotated[bool, typer.Option("--tutor", help="Warn before a move that gives away a good part of your "
                                        "chance, say why, and let you keep it or change it.")] = False,
    tutor_at: Annotated[str | None, typer.Option("--tutor-at", help="When the tutor warns (implies --tutor): "
                                                 "inaccuracy (the default), mistake, blunder, or points such as "
                                                 "2.5.")] = None,
    level: LevelOpt = DEFAULT_LEVEL,
    lang: LangOpt = ENGLISH,
) -> None:
    """Play on the printed board against the computer.

    Cast real beans and type the scores and cells; the contest is saved after every action.
    Ctrl-C saves and stops (exit code 130); continue with --resume. One session at a time may use a save.
    """
    from rich.console import Console

    from printgen.play.saved import resume_command
    from printgen.play.session import SaveFailed, Session
    from printgen.players.analysis.review import tutor_threshold
    from printgen.rules_text.lang import Texts
    from printgen.rules_text.narration import narrator
    from printgen.ruleset_files import load_ruleset

    T = Texts(lang.value)
    describe = narrator(lang.value)
    console = Console(highlight=False)
    out = ConsoleOutput(console, lang.value)
    interactive = sys.stdin.isatty()
    session: Session | None = None
    if tutor_at is not None and not tutor_at.strip().isalpha() and not is_decimal(tutor_at.strip()):
        raise OptionError(f"--tutor-at {shown(tutor_at)}: give a grade (inaccuracy, mistake, blunder) or points "
                          "written in the digits 0 to 9, such as 2.5")
    threshold = tutor_threshold(tutor_at or "inaccuracy") if tutor or tutor_at is not None else None
    source = ctx.get_parameter_source("level")
    given = source is not None and source.name != "DEFAULT"  # typed, or from the environment
    depth = level if given or resume is None else None  # a resume keeps the save's level unless told
    try:
        prepare_engine("play")
        if resume is not None:
            session = Session.load(resume, describe)
            session.lang = lang.value
            out.say(T("play.resuming", path=resume, ruleset=session.position.ruleset.spec,
                      turn=len(session.record.turns)))
        else:
            rs = load_ruleset(ruleset)
            seed = secrets.randbelow(2**31) if seed is None else seed
            try:
                session = Session.new(rs, opponents, computer, seed, save, force, describe)
            except OverwriteError as exc:
                raise fail(f"{exc}: continue it with `{resume_command(save)}` (or start over with --force, "
                           "which discards it)") from None
            session.lang = lang.value
            names = ", ".join(f"{'ABCD'[s]} {p.name}" for s, p in session.computers.items())
            out.say(T("play.started", title=rs.title.get(lang.value), names=names))
            out.say(T("play.saving", path=session.path))
        session.tutor = threshold
        if depth is not None and depth != session.level:
            session.level = depth
            session.save()  # the save keeps the level, for the next --resume
        if threshold is not None:
            out.say(T("play.tutor_on", points=f"{threshold * 100:g}".replace(".", T("word.decimal_point"))))
        _play(session, out, interactive)
    except KeyboardInterrupt:
        if session is None:
            print("\n" + T("play.interrupted_early"), file=sys.stderr)
        else:
            _save_or_fail(session)
            out.say("\n" + T("play.interrupted", path=session.path, command=session.resume_command()))
        raise typer.Exit(INTERRUPTED) from None
    except SaveFailed as exc:
        raise _save_failed(exc, session) from None
    finally:
        if session is not None:
            session.close()


def _save_failed(exc: SaveFailed, session: Session | None) -> typer.Exit:
    """Returns the exit after a save that could not be written: the action is undone, and the save is as it was."""
    if session is None:
        return fail(str(exc))
    return fail(session.T("play.save_failed", reason=exc, turn=exc.turns, command=session.resume_command()))


def _save_or_fail(session: Session) -> None:
    """Saves the session, or ends the command with exit code 2 saying the save could not be written."""
    from printgen.play.session import SaveFailed

    try:
        session.save()
    except SaveFailed as exc:
        raise _save_failed(exc, session) from None


def _play(session: Session, out: ConsoleOutput, interactive: bool) -> None:
    """Reads and plays the person's lines until the contest ends, they quit or the input ends."""
    session.run_computers(out)
    shown_turn = -1
    while not session.over:
        if interactive and shown_turn != len(session.record.turns):  # a resumed cast awaiting its move too
            shown_turn = len(session.record.turns)
            out.board(session.position)
        if interactive:
            out.say(session.status())
            out.say(session.prompt())
        line = _read_line(interactive)
        if line is None:
            session.save()
            out.say(session.T("play.saved", path=session.path, command=session.resume_command()))
            return
        if not session.handle(line, out):
            return
    out.say(session.status())


def _read_line(interactive: bool) -> str | None:
    """Returns the next line typed (None at the end of input)."""
    if interactive:
        try:
            return input("> ")
        except EOFError:
            return None
    line = sys.stdin.readline()
    return None if line == "" else line
