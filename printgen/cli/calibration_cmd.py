"""`patolli calibration`: how honest the advisor's shown chances are, from self-play; the reliability figure."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from printgen.cli.advise_cmd import LevelOpt
from printgen.cli.arena_cmd import WorkersOpt, progress_bar
from printgen.cli.engine_ready import prepare_engine
from printgen.cli.errors import reports_errors
from printgen.cli.options import DEFAULT_RULESET, ForceOpt, JsonOpt, RulesetOpt
from printgen.players.levels import DEFAULT_LEVEL

if TYPE_CHECKING:
    from printgen.players.reliability import Bin

FIGURE_SUFFIXES = (".svg", ".png")


@reports_errors
def calibration(
    ruleset: RulesetOpt = DEFAULT_RULESET,
    contests: Annotated[int, typer.Option("--contests", "-n", min=1, help="Self-play contests to play.")] = 100,
    level: LevelOpt = DEFAULT_LEVEL,
    seed: Annotated[int, typer.Option("--seed", help="Base seed: the same seed gives the same results.")] = 1,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Write the reliability figure here "
                                                "(.svg or .png).")] = None,
    workers: WorkersOpt = None,
    force: ForceOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Measure the advisor's shown chances against what happens.

    Plays the advisor against itself, records the chances to win the game and the contest it shows for
    the move it plays, and compares them with the outcomes, per decile of the shown chance: as searched,
    and as shown after the ruleset's calibration map. Prints the expected calibration error (ECE).
    """
    from printgen.errors import OptionError
    from printgen.files import check_writable
    from printgen.players.arena import default_workers
    from printgen.players.reliability import (
        QUANTITIES,
        R_CONTEST_SHOWN,
        R_GAME,
        R_WON_CONTEST,
        R_WON_GAME,
        apply_map,
        record,
        reliability,
        stored_maps,
    )
    from printgen.players.weights import builtin, weights_key
    from printgen.rulesets import load_ruleset

    rs = load_ruleset(ruleset)
    if 2 not in rs.player_counts():
        raise OptionError(f"ruleset '{rs.name}' is not played by two; calibration plays the advisor against itself")
    if output is not None:
        if output.suffix.lower() not in FIGURE_SUFFIXES:
            raise OptionError(f"{output}: the figure is written as .svg or .png, not '{output.suffix or 'no suffix'}'")
        check_writable(output, force)
    prepare_engine("advise")  # the same compiled parts: the rules and the advisor's search
    with progress_bar("contests") as progress:
        rows = record(ruleset, contests, level, seed, workers or default_workers(), progress)
    maps = stored_maps().get(weights_key(rs, 2), {}) if builtin(rs) else {}
    report: dict[str, object] = {"ruleset": rs.spec, "level": level, "contests": contests, "seed": seed,
                                 "decisions": len(rows)}
    panels: list[tuple[str, dict[str, tuple[float, list[Bin]]]]] = []
    for quantity, shown_col, won_col in zip(QUANTITIES, (R_GAME, R_CONTEST_SHOWN), (R_WON_GAME, R_WON_CONTEST),
                                            strict=True):
        shown, won = rows[:, shown_col], rows[:, won_col]
        kinds = {"searched": shown}
        if quantity in maps:
            kinds["shown"] = apply_map(maps[quantity], shown)
        part = {kind: reliability(values, won)[::-1] for kind, values in kinds.items()}
        report[quantity] = {kind: {"ece": round(ece, 4), "bins": [
            {"from": b.lo, "to": b.hi, "count": b.count, "shown": None if b.count == 0 else round(b.shown, 4),
             "observed": None if b.count == 0 else round(b.observed, 4)} for b in bins]}
            for kind, (ece, bins) in part.items()}
        panels.append((quantity, part))
    if output is not None:
        _write_figure(output, rs.spec, level, contests, len(rows), panels)
    if as_json:
        print(json.dumps(report))
        return
    print(f"the advisor (level {level}) against itself under {rs.spec}: {contests} contests, {len(rows)} decisions")
    for quantity, part in panels:
        title = "win the game" if quantity == "game" else "win the contest"
        for kind, (ece, bins) in part.items():
            label = "as searched" if kind == "searched" else "as shown (calibration map)"
            print(f"  {title}, {label}: ECE {ece:.4f}")
            for b in bins:
                if b.count:
                    print(f"    {b.lo:.1f}–{b.hi:.1f}: {b.count:6d} decisions, shown {b.shown:.3f}, "
                          f"came true {b.observed:.3f}")
    if output is not None:
        print(f"wrote {output}")


def _write_figure(output: Path, spec: str, level: int, contests: int, decisions: int,
                  panels: list[tuple[str, dict[str, tuple[float, list[Bin]]]]]) -> None:
    from printgen.files import write_atomic
    from printgen.render.palette import palette
    from printgen.render.reliability import Panel, Series, reliability_page
    from printgen.render.svg import render_png, render_svg

    drawn = [Panel("Chance to win the game" if quantity == "game" else "Chance to win the contest",
                   [Series("as searched" if kind == "searched" else "as shown (map)", ece,
                           [(b.count, b.shown, b.observed) for b in bins]) for kind, (ece, bins) in part.items()])
             for quantity, part in panels]
    page = reliability_page(f"How honest the advisor's chances are: {spec}",
                            f"advisor level {level} against itself, {contests} contests, {decisions:,} decisions; "
                            "deciles of the shown chance, bars 95% intervals", drawn)
    data = render_png(page, palette(), dpi=200) if output.suffix.lower() == ".png" else render_svg(page, palette())
    write_atomic(output, data)
