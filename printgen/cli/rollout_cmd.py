"""`patolli rollout`: every legal move for a cast played out to the game's end, best first, each chance with its
95 % interval and the number of trials."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Annotated

import typer

from printgen.cli.engine_ready import prepare_engine
from printgen.cli.errors import reports_errors
from printgen.cli.options import POSITION_HELP, JsonOpt, RayOpt, WorkersOpt
from printgen.cli.print_cmd import ENGLISH, LangOpt
from printgen.errors import OptionError

DEFAULT_TRIALS = 1296  # as players/analysis/rollouts.py, here so --help needs no engine


@reports_errors
def rollout_command(
    position: Annotated[str, typer.Argument(help=POSITION_HELP)],
    cast: Annotated[str | None, typer.Option("--cast", "-c", help="The cast: its score (0 for none) or its bean "
                                             "faces like 11000. Not needed when betting.")] = None,
    trials: Annotated[int, typer.Option("--trials", "-n", help="Trials a move: each plays the game to its end. "
                                        "The interval narrows as one over the square root of this.")] = DEFAULT_TRIALS,
    seed: Annotated[int, typer.Option("--seed", min=0, max=2**32 - 1, help="Seed of the casts: the same seed gives "
                                      "the same numbers.")] = 0,
    luck: Annotated[bool, typer.Option("--luck/--no-luck", help="Take each cast's luck out of the results: "
                                       "narrower intervals for the trials, several times the time a trial.")] = True,
    workers: WorkersOpt = None,
    ray: RayOpt = None,
    as_json: JsonOpt = False,
    lang: LangOpt = ENGLISH,
) -> None:
    """Play every move out: chances with 95% intervals.

    Each move is played to the game's end --trials times by the advisor at level 0, every move over the same casts,
    the first casts spread over the beans' exact odds and each cast's luck taken out (GNU Backgammon's variance
    reduction), so the intervals are narrow for the trials spent and the differences between moves narrower still.
    With --workers or --ray the trials are cut into ranges run by several processes or on a Ray cluster, to the
    same numbers.
    """
    from rich.console import Console

    from printgen.cli.advice_view import marks_of
    from printgen.cli.position_input import check_position_arg, read_position
    from printgen.cli.rollout_view import print_rollout, rollout_json
    from printgen.engine.position import Phase
    from printgen.lang import LANGS
    from printgen.players.analysis.rollouts import check_trials
    from printgen.players.lab.rollouts import roll_out_spread
    from printgen.players.search.rollout_trials import ALL, LUCK

    if lang.value not in LANGS:
        raise OptionError(f"--lang {lang!r}: the languages are {', '.join(LANGS)}")
    check_trials(trials)
    check_position_arg(position)  # a missing file is said before the engine's preparation
    if ray is not None:
        from printgen.players.lab.pool import connect_ray

        connect_ray(ray)  # a missing Ray or a cluster out of reach is said before the work
    prepare_engine("rollout")
    pos = read_position(position)
    if pos.phase is Phase.OVER:
        raise OptionError("the contest is over: there is nothing to roll out")
    with _progress(lang.value, not as_json and sys.stderr.isatty()) as step:
        r = roll_out_spread(pos, marks_of(pos, cast), trials, seed, ALL if luck else ALL & ~LUCK, step, workers, ray)
    if as_json:
        print(json.dumps(rollout_json(r), ensure_ascii=False))
        return
    print_rollout(r, Console(highlight=False), lang=lang.value)


class _progress:
    """A progress bar of the trials on standard error while the rollout runs (none when not a terminal)."""

    def __init__(self, lang: str, show: bool) -> None:
        self.lang, self.show = lang, show

    def __enter__(self) -> Callable[[int, int], None] | None:
        if not self.show:
            return None
        from rich.console import Console
        from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

        from printgen.rules_text.lang import Texts

        T = Texts(self.lang)
        self.bar = Progress(TextColumn(T("rollout.progress")), BarColumn(),
                            TextColumn(T("rollout.progress_trials", done="{task.completed}", total="{task.total}")),
                            TimeRemainingColumn(), console=Console(stderr=True), transient=True)
        self.bar.start()
        self.task = self.bar.add_task("rollout", total=None)

        def step(done: int, total: int) -> None:
            self.bar.update(self.task, completed=done, total=total)
        return step

    def __exit__(self, *exc: object) -> None:
        if self.show:
            self.bar.stop()
