"""`patolli lab endgames`: the exact endgame tables every player reads, built or listed, with their sizes and times."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from printgen.cli.arena_cmd import progress_bar
from printgen.cli.engine_ready import prepare_engine
from printgen.cli.errors import reports_errors
from printgen.cli.options import JsonOpt, RayOpt, WorkersOpt
from printgen.errors import OptionError


@reports_errors
def endgames(
    rulesets: Annotated[list[str] | None, typer.Option("--ruleset", "-r", help="Ruleset (repeatable; default: every "
                                                         "built-in one), each with every set of its options; one "
                                                         "named with options (bell+no_gambling) alone.")] = None,
    pieces: Annotated[int, typer.Option("--left", min=1, max=3, help="Pieces left a side the tables hold (tables "
                                        "of fewer are built first).")] = 2,
    listing: Annotated[bool, typer.Option("--list", help="Only say which tables each game reads, and their "
                                          "sizes.")] = False,
    workers: WorkersOpt = None,
    ray: RayOpt = None,
    as_json: JsonOpt = False,
) -> None:
    """Build the exact endgame tables of two-player games.

    Every position in which each side has at most --left pieces to bear off, solved under perfect play,
    for each ruleset with each set of its options (or the one set named); the advisor, the computer
    players, the review and the tutor read the largest table there is. Tables are written to the cache
    folder; shipped ones are not built again. Prints each table's size and the time it took. With --workers
    or --ray a table is built by several processes or on a Ray cluster, to the same bytes.
    """
    from printgen.engine.tables import tables_for
    from printgen.players.lab.tables import build_table
    from printgen.players.solve.endgame import endgame_game, endgame_key, find_endgame
    from printgen.players.solve.index import TableTooLargeError, layout_for
    from printgen.players.solve.store import find_solved, resume_here, save
    from printgen.ruleset_files import load_ruleset
    from printgen.rulesets import BUILTIN
    from printgen.web.app_data import variants

    names = rulesets or list(BUILTIN)
    loaded = [load_ruleset(name) for name in names]
    games = [v for rs in loaded for v in ([rs] if rs.applied else variants(rs)) if 2 in v.player_counts()]
    if not games:
        raise OptionError(f"no ruleset of {', '.join(names)} is played by two: endgame tables hold two-player games")
    if ray is not None and not listing:
        from printgen.players.lab.pool import connect_ray

        connect_ray(ray)  # a missing Ray or a cluster out of reach is said before the work
    if not listing:
        prepare_engine("endgames")
    rows: list[dict[str, Any]] = []
    done: dict[str, dict[str, Any]] = {}
    resume = resume_here()  # a build stopped earlier goes on from its last saved sweep
    for rs in games:
        for k in range(1, pieces + 1):
            key = endgame_key(rs, k)
            game = endgame_game(rs, k)
            row: dict[str, Any] = {"ruleset": rs.spec, "pieces": k, "key": key}
            if key is None:
                try:
                    layout_for(tables_for(game, 2))
                except TableTooLargeError as exc:
                    row.update(state="too large", why=str(exc))
                rows.append(row)
                continue
            if key in done:
                rows.append({**done[key], "ruleset": rs.spec, "shared": True})
                continue
            table = find_solved(game, key)
            built = table is None
            if listing and table is None:
                row.update(state="not built", entries=layout_for(tables_for(game, 2)).size)
                if resume is not None and (saved := resume.peek(key)) is not None:
                    row.update(saved_sweeps=saved[0].sweeps, saved_bytes=saved[1])
                done[key] = row
                rows.append(row)
                continue
            if table is None:
                with progress_bar(f"{game.name}") as progress:
                    table = build_table(game, workers, ray, progress, resume=resume)
                path = save(table)
                source = str(path) if path is not None else "not saved: no cache folder"
            else:
                source = table.source
            if built and resume is not None and resume.resumed_from is not None:
                row.update(went_on_from_sweep=resume.resumed_from.sweeps)
            if built and resume is not None and resume.unsaved is not None:
                row.update(progress_not_saved=resume.unsaved)
            row.update(state="built now" if built else "ready", entries=table.layout.size, positions=table.valid,
                       seconds=round(table.seconds, 1) if built else None, method=table.method, sweeps=table.sweeps,
                       bytes=Path(source).stat().st_size if Path(source).exists() else None,
                       file=Path(source).name)
            done[key] = row
            rows.append(row)
    if any(r.get("state") == "built now" for r in rows):
        find_endgame.cache_clear()  # what this process found before the build is stale now
    reads = {rs.spec: (None if (t := find_endgame(rs, 2)) is None else t.layout.n_pieces) for rs in games}
    if as_json:
        print(json.dumps({"tables": rows, "reads": reads}))
        return
    for r in rows:
        size = f"{r['entries']:,} entries" if "entries" in r else ""
        extra = ""
        if "positions" in r:
            took = f"solved in {r['seconds']:.1f} s" if r["seconds"] is not None else "solved"
            if "progress_not_saved" in r:
                took += f" (its progress could not be saved as it went: {r['progress_not_saved']})"
            if "went_on_from_sweep" in r:
                took += f" in all, going on from sweep {r['went_on_from_sweep']} of a build stopped before"
            extra = f", {r['positions']:,} positions, {r['bytes'] or 0:,} bytes, {took} ({r['method']})"
        state = "the table above" if r.get("shared") else r.get("state", "")
        why = f": {r['why']}" if "why" in r else ""
        if "saved_sweeps" in r:
            why = (f" (saved at sweep {r['saved_sweeps']} by a build not finished, {r['saved_bytes'] / 1e9:.1f} GB: "
                   f"a new run goes on from there)")
        print(f"{r['ruleset']}, {r['pieces']} left a side: {state}{why}" + (f"; {size}{extra}" if size else ""))
    for spec, left in reads.items():
        print(f"{spec} for two reads " + ("no endgame table" if left is None else
                                          f"the table of {left} piece{'s' * (left > 1)} left a side"))
