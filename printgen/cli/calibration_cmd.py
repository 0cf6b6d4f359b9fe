"""`patolli lab calibration`: how honest the advisor's shown chances are, from self-play; the reliability figure."""

from __future__ import annotations

import json
import sys
from itertools import groupby
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from printgen.cli.advise_cmd import LevelOpt
from printgen.cli.arena_cmd import progress_bar
from printgen.cli.engine_ready import prepare_engine
from printgen.cli.errors import INTERRUPTED, reports_errors
from printgen.cli.options import DEFAULT_RULESET, ForceOpt, JsonOpt, RulesetOpt, WorkersOpt
from printgen.players.search.levels import DEFAULT_LEVEL

if TYPE_CHECKING:
    import numpy as np

    from printgen.players.analysis.reliability import Reliability

FIGURE_SUFFIXES = (".svg", ".png")
TITLES = {"game": "win the game", "contest": "win the contest"}


@reports_errors
def calibration(
    ruleset: RulesetOpt = DEFAULT_RULESET,
    contests: Annotated[int, typer.Option("--contests", "-n", min=1, help="Self-play contests to play.")] = 400,
    level: LevelOpt = DEFAULT_LEVEL,
    seed: Annotated[int, typer.Option("--seed", help="Base seed: the same seed gives the same results.")] = 1,
    output: Annotated[Path | None, typer.Option("--out", "-o", help="Write the reliability figure "
                                                "here (.svg or .png).")] = None,
    records: Annotated[list[Path] | None, typer.Option("--records", help="Measure the records in this file "
                                                       "(written by --save-records) instead of playing; its ruleset, "
                                                       "level and seed are the file's. Repeat it to pool one "
                                                       "player's runs on different seeds.")] = None,
    save_records: Annotated[Path | None, typer.Option("--save-records", help="Keep the self-play records in "
                                                      "this file (.npz).")] = None,
    workers: WorkersOpt = None,
    force: ForceOpt = False,
    as_json: JsonOpt = False,
) -> None:
    """Measure the advisor's shown chances against what happens.

    Plays the advisor against itself, records the chances to win the game and the contest it searched for
    the move it plays, and compares them with the outcomes, per decile of the shown chance: as searched,
    through maps fitted on other contests of the same run (held out by contest), and through the shipped
    map of this player when it is fresh. Prints the expected calibration error (ECE) and every decile's
    gap, each with a 95% interval from a bootstrap over contests, and the ECE's floor: what a perfectly
    calibrated player would show on the same contests, by their luck alone.
    """
    from printgen.errors import OptionError
    from printgen.files import check_writable
    from printgen.players.analysis.reliability import pool_records, seeds_of
    from printgen.players.analysis.reliability import save_records as write_records
    from printgen.players.evaluation.features import MODEL_NOW
    from printgen.players.lab.arena import default_workers
    from printgen.players.lab.self_play import record_until_stopped
    from printgen.players.roster.map_keys import fingerprint, fresh_entry, map_key
    from printgen.ruleset_files import load_ruleset

    for path, suffixes, what in ((output, FIGURE_SUFFIXES, "the figure is written as .svg or .png"),
                                 (save_records, (".npz",), "records are saved as .npz")):
        if path is not None:
            if path.suffix.lower() not in suffixes:
                raise OptionError(f"{path}: {what}, not '{path.suffix or 'no suffix'}'")
            check_writable(path, force)
    seeds = [seed]
    if records:
        rows, meta = pool_records(records)
        ruleset, level, seeds, contests = str(meta["ruleset"]), int(meta["level"]), seeds_of(meta), int(
            meta["contests"])
        model = int(meta.get("model", MODEL_NOW))
    asked = contests
    rs = load_ruleset(ruleset)
    if 2 not in rs.player_counts():
        raise OptionError(f"ruleset '{rs.name}' is not played by two; calibration plays the advisor against itself")
    if not records:
        model = MODEL_NOW  # the evaluation `advise` reads
        prepare_engine("calibration")
        with progress_bar("contests") as progress:
            played = record_until_stopped(ruleset, contests, level, seed, workers or default_workers(), progress,
                                          model)
        rows, contests = played.rows, played.contests
    stopped = contests < asked  # Ctrl-C ended the play: the contests finished are measured and kept
    if stopped:
        print(f"stopped after {contests} of {asked} contests: measuring the finished ones", file=sys.stderr, flush=True)
    stamp = fingerprint(rs, 2, model, level)
    if records and meta.get("fingerprint") != stamp:
        print(f"note: {', '.join(map(str, records))}: recorded by a different player than today's "
              f"{map_key(rs, 2, model, level)} (its search, evaluation or level changed since)")
    if save_records is not None:
        write_records(save_records, rows, {"ruleset": rs.spec, "level": level,
                                           "seed": seeds[0] if len(seeds) == 1 else seeds, "contests": contests,
                                          "model": model, "fingerprint": stamp})
    entry = fresh_entry(rs, 2, model, level)
    report = measure_all(rows, entry, seeds)
    head = {"ruleset": rs.spec, "player": map_key(rs, 2, model, level), "level": level, "contests": contests,
            "seed": seeds[0] if len(seeds) == 1 else seeds, "decisions": len(rows), "contests_asked": asked,
            "interrupted": stopped, "map": None if entry is None else {
                "kinds": {q: entry[q].kind for q in ("game", "contest") if q in entry}, "fit_seed": entry["seed"],
                "held_out": held_out(seeds, entry)}}
    if output is not None:
        _write_figure(output, head, report)
    if as_json:
        print(json.dumps({**head, **{q: {k: _json(r) for k, (_, r) in part.items()} for q, part in report.items()}}))
    else:
        _print_report(head, report, entry)
        if output is not None:
            print(f"wrote {output}")
    if stopped:  # the contests finished are measured (and kept) above, then an interrupt's exit
        kept = f"; their records are in {save_records}, to pool with --records" if save_records is not None else ""
        print(f"interrupted: {contests} of {asked} contests played{kept}", file=sys.stderr)
        raise typer.Exit(INTERRUPTED)


def held_out(seeds: list[int], entry: dict[str, Any]) -> bool:
    """Returns whether contests played on these seeds are all new to a shipped map (its entry names the seeds it
    was fitted on: one, or several pooled)."""
    from printgen.players.analysis.reliability import seeds_of

    return not set(seeds) & set(seeds_of(entry))


def measure_all(rows: np.ndarray, entry: dict[str, Any] | None,
                seeds: list[int]) -> dict[str, dict[str, tuple[str, Reliability]]]:
    """Returns, per quantity, each way of showing it (as searched, held out, the shipped map) with its label
    and measurement."""
    from printgen.players.analysis.reliability import COLUMNS, R_CONTEST, cross_fitted, fit_quantity, measure

    out: dict[str, dict[str, tuple[str, Reliability]]] = {}
    for quantity, (s_col, w_col) in COLUMNS.items():
        shown, won, contest = rows[:, s_col], rows[:, w_col], rows[:, R_CONTEST]
        part = {"searched": ("as searched", measure(shown, won, contest))}
        if len(rows):
            kind = fit_quantity(rows, quantity)[0].kind  # the kind that does best held out on these records
            part["held_out"] = (f"held out ({kind} map, 5 contest folds)",
                                measure(cross_fitted(rows, quantity, kind), won, contest))
        if entry is not None and quantity in entry:
            where = "held out" if held_out(seeds, entry) else "on its fitting records"
            part["shipped"] = (f"shipped map ({where})", measure(entry[quantity](shown), won, contest))
        out[quantity] = part
    return out


def _json(r: Reliability) -> dict[str, Any]:
    def num(v: float) -> float | None:
        return None if v != v else round(v, 4)

    return {"ece": round(r.ece, 4), "ece_ci": [num(v) for v in r.ece_ci], "ece_floor": round(r.floor, 4),
            "noise_taken_out": round(r.debiased, 4), "decisions": r.decisions,
            "contests": r.contests, "bins": [
                {"from": b.lo, "to": b.hi, "count": b.count, "shown": None if b.count == 0 else num(b.shown),
                 "observed": None if b.count == 0 else num(b.observed),
                 "observed_ci": [num(v) for v in b.observed_ci] if b.count else None,
                 "gap_ci": [num(v) for v in b.gap_ci] if b.count else None} for b in r.bins]}


def _print_report(head: dict[str, Any], report: dict[str, dict[str, tuple[str, Reliability]]],
                  entry: dict[str, Any] | None) -> None:
    print(f"{head['player']} against itself under {head['ruleset']}: {head['contests']} contests ("
          f"{seed_words(head['seed'])}), {head['decisions']:,} decisions; 95% intervals from a bootstrap over contests")
    print("  floor: the ECE a perfectly calibrated player would show on these contests, by their luck alone")
    print("  noise taken out: the root mean square of the deciles' gaps less their sampling variance")
    if entry is None:
        print("  no fresh shipped map for this player: `advise` shows its chances unmapped, as searched")
    for quantity, part in report.items():
        print(f"{TITLES[quantity]}:")
        for label, r in part.values():
            worst = r.worst()
            print(f"  {label}: ECE {r.ece:.4f} [{r.ece_ci[0]:.4f}, {r.ece_ci[1]:.4f}]")
            far = "" if worst is None else (f"; worst decile {worst.lo:.1f}–{worst.hi:.1f}: gap {worst.gap:+.3f} "
                                            f"[{worst.gap_ci[0]:+.3f}, {worst.gap_ci[1]:+.3f}]")
            print(f"    floor {r.floor:.4f}, noise taken out {r.debiased:.4f}{far}")
            for b in r.bins:
                if b.count:
                    print(f"    {b.lo:.1f}–{b.hi:.1f}: {b.count:7d} decisions, shown {b.shown:.3f}, came true "
                          f"{b.observed:.3f} [{b.observed_ci[0]:.3f}, {b.observed_ci[1]:.3f}], gap {b.gap:+.3f}")


def _write_figure(output: Path, head: dict[str, Any], report: dict[str, dict[str, tuple[str, Reliability]]]) -> None:
    from printgen.files import write_atomic
    from printgen.render.palette import palette
    from printgen.render.reliability import Panel, Point, Series, reliability_page
    from printgen.render.svg import render_png, render_svg

    drawn = [Panel(f"Chance to {TITLES[quantity]}",
                   [Series(label, r.ece, [Point(b.count, b.shown, b.observed, *b.observed_ci) for b in r.bins],
                           r.ece_ci, r.floor) for label, r in part.values()])
             for quantity, part in report.items()]
    page = reliability_page(f"How honest the advisor's chances are: {head['ruleset']}",
                            f"{head['player']} against itself, {head['contests']} contests "
                            f"({seed_words(head['seed'])}), "
                            f"{head['decisions']:,} decisions; deciles of the shown chance, bars 95% intervals "
                            "(bootstrap over contests)\nfloor: the ECE a perfectly calibrated player would show "
                            "on these contests, by their luck alone", drawn)
    data = render_png(page, palette(), dpi=200) if output.suffix.lower() == ".png" else render_svg(page, palette())
    write_atomic(output, data)


def seed_words(seed: int | list[int]) -> str:
    """Returns "seed 7", "seeds 101, 202" or "seeds 102–107, 201" (a run of three or more written as a range) for
    a report's heading."""
    if not isinstance(seed, list):
        return f"seed {seed}"
    parts: list[str] = []
    for _, run in groupby(enumerate(sorted(set(seed))), key=lambda pair: pair[1] - pair[0]):  # a run: one key
        found = [s for _, s in run]
        parts += [f"{found[0]}–{found[-1]}"] if len(found) >= 3 else [str(s) for s in found]
    return f"seeds {', '.join(parts)}"
