"""Fits the maps that make the advisor's shown chances honest (printgen/players/data/reliability.json).

    python scripts/fit_reliability.py [--contests N] [--level L] [--seed S [S ...]] [--workers W]
                                      [--only bell ...] [--records DIR]

For each built-in ruleset (bell, gatigo, neeley, ocastudios; variants with --only): self-play records of N
contests of the advisor at level L for each seed S (several seeds pool their records, N contests each), then
per quantity (win the game, win the contest) the map whose held-out ECE is lowest, beta calibration or isotonic,
fitted on all the records (held out by 5 folds of contests from one seed; from several, by leaving each seed out in
turn, since folds of one run's contests flatter a map); where neither beats the searched chances held out, the
identity (they are shown as searched). Each entry is stored under its player (`neeley/2/advisor:3`) with the
fingerprint of the evaluation, search and level that made the records, so `advise` never applies it to another
player. Rerun after any change to the evaluation's weights or model, the search, or the default level: one
command refits every map. Seeded: the same command gives the same file, whatever the workers.

With --records DIR each ruleset's records are kept in DIR/RULESET-L{level}-s{seed}-n{N}.npz (and read from
there when present and recorded by the same player, under any number N: a part played apart, or stopped early,
counts as the contests it holds), so a map can be refitted, or measured with
`patolli calibration --records FILE -o figure.svg`, without replaying the contests.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

from printgen.cli.calibration_cmd import seed_words
from printgen.files import write_atomic
from printgen.players.analysis.reliability import (
    COLUMNS,
    R_CONTEST,
    Reliability,
    contests_in,
    cross_fitted,
    fit_quantity,
    load_records,
    measure,
    number_apart,
    save_records,
)
from printgen.players.evaluation.chance_maps import KINDS, QUANTITIES, ChanceMap
from printgen.players.evaluation.features import MODEL_NOW
from printgen.players.lab.self_play import record
from printgen.players.roster.map_keys import fingerprint, map_key
from printgen.players.search.levels import DEFAULT_LEVEL
from printgen.ruleset_files import load_ruleset

RULESETS = ("bell", "gatigo", "neeley", "ocastudios")
IDENTITY = ChanceMap("isotonic", x=(0.0, 1.0), y=(0.0, 1.0))  # stored where no fitted map helps on held-out contests
PATH = Path(__file__).resolve().parent.parent / "printgen" / "players" / "data" / "reliability.json"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--contests", type=int, default=400)
    ap.add_argument("--level", type=int, default=DEFAULT_LEVEL)
    ap.add_argument("--seed", type=int, nargs="+", default=[7], help="one seed, or several to pool")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--only", nargs="*", default=None, help="rulesets to refit (others keep their entries)")
    ap.add_argument("--records", type=Path, default=None, help="keep (and reuse) the self-play records here")
    ap.add_argument("--seed-folds", action="store_true",
                    help="with several seeds: only print each kind's ECE on each seed left out of its fit, "
                         "beside the shipped map's on each seed")
    args = ap.parse_args()
    data = json.loads(PATH.read_text("utf-8")) if PATH.is_file() else {}
    data = {key: entry for key, entry in data.items() if isinstance(entry, dict) and "fingerprint" in entry}
    for spec in args.only if args.only else RULESETS:
        rs = load_ruleset(spec)
        stamp = fingerprint(rs, 2, MODEL_NOW, args.level)
        start = time.perf_counter()
        parts = [_records(rs.spec, spec, stamp, seed, args) for seed in args.seed]
        rows = number_apart(parts)  # each seed's contests numbered after the last seed's, so folds split contests
        parts = np.split(rows, np.cumsum([len(part) for part in parts])[:-1])
        key = map_key(rs, 2, MODEL_NOW, args.level)
        if args.seed_folds:
            kept = data.get(key)
            _seed_folds(rs.spec, args.seed, parts, kept if kept and kept["fingerprint"] == stamp else None)
            continue
        entry: dict[str, object] = {"fingerprint": stamp, "contests": contests_in(rows),
                                    "level": args.level, "seed": args.seed[0] if len(args.seed) == 1 else args.seed,
                                    "decisions": len(rows)}
        for quantity in QUANTITIES:
            s_col, w_col = COLUMNS[quantity]
            if len(parts) > 1:  # several seeds: the kind is chosen by leaving whole seeds out (contest folds flatter)
                held = {kind: float(np.mean([r.ece for r in _left_out(parts, quantity, kind)])) for kind in KINDS}
                m = fit_quantity(rows, quantity, kinds=(min(held, key=held.__getitem__),))[0]
            else:
                m, held = fit_quantity(rows, quantity)
            raw = measure(rows[:, s_col], rows[:, w_col], rows[:, R_CONTEST])
            out = measure(cross_fitted(rows, quantity, m.kind), rows[:, w_col], rows[:, R_CONTEST])
            if out.ece >= raw.ece:  # no map beats the searched chances on held-out contests: keep them as they are
                m, out = IDENTITY, raw
            chosen_by = "seeds left out" if len(parts) > 1 else "contest folds"
            entry[quantity] = {"map": m.as_json(), "ece_searched": round(raw.ece, 4),
                               "ece_held_out": round(out.ece, 4),  # by 5 contest folds
                               "ece_held_out_ci": [round(v, 4) for v in out.ece_ci],
                               "ece_held_out_floor": round(out.floor, 4),
                               "ece_held_out_by_kind": {k: round(v, 4) for k, v in held.items()},
                               "kind_chosen_by": chosen_by}
            chosen = "the identity" if m == IDENTITY else m.kind
            print(f"{key} {quantity}: {len(rows):,} decisions of {entry['contests']} contests, ECE {raw.ece:.4f} "
                  f"searched → {out.ece:.4f} [{out.ece_ci[0]:.4f}, {out.ece_ci[1]:.4f}] held out, floor "
                  f"{out.floor:.4f} ({chosen}; by {chosen_by}: "
                  + ", ".join(f"{k} {v:.4f}" for k, v in held.items()) + f"), {time.perf_counter() - start:.0f} s",
                  flush=True)
        data[key] = entry
        write_atomic(PATH, json.dumps(dict(sorted(data.items())), indent=1) + "\n")
    return 0


def _left_out(parts: list[np.ndarray], quantity: str, kind: str) -> list[Reliability]:
    """Returns, for each seed's records in turn, the measure of a map of this kind fitted on all the other seeds'
    records and applied to that seed's: the out-of-sample error of a map of the others' contests."""
    s_col, w_col = COLUMNS[quantity]
    found = []
    for i, test in enumerate(parts):
        fitted, _ = fit_quantity(np.concatenate(parts[:i] + parts[i + 1:]), quantity, kinds=(kind,))
        found.append(measure(fitted(test[:, s_col]), test[:, w_col], test[:, R_CONTEST]))
    return found


def _seed_folds(name: str, seeds: list[int], parts: list[np.ndarray], shipped: dict | None = None) -> None:
    """Prints, per quantity and map kind, the ECE (95 % interval over contests) of a map fitted on all seeds but
    one, measured on that one, with the floor a perfectly calibrated player would show on that seed's contests
    and the error with that noise taken out; and beside them, where a map of this player ships, its ECE on each
    seed (out of sample only on the seeds it was not fitted on: its entry's "seed")."""
    if len(seeds) < 2:
        raise SystemExit("--seed-folds needs two seeds or more")
    for quantity in QUANTITIES:
        if shipped is not None:
            s_col, w_col = COLUMNS[quantity]
            m, fitted_on = ChanceMap.from_json(shipped[quantity]["map"]), seed_words(shipped.get("seed", []))
            for seed, test in zip(seeds, parts, strict=True):
                r = measure(m(test[:, s_col]), test[:, w_col], test[:, R_CONTEST])
                print(f"{name} {quantity} shipped map (fitted on {fitted_on}): seed {seed}, {_said(r)}")
        for kind in KINDS:
            found = _left_out(parts, quantity, kind)
            for seed, r in zip(seeds, found, strict=True):
                print(f"{name} {quantity} {kind}: seed {seed} left out, {_said(r)}")
            ece, floor, rest = (np.mean([getattr(r, a) for r in found]) for a in ("ece", "floor", "debiased"))
            print(f"{name} {quantity} {kind}: mean ECE {ece:.4f}, floor {floor:.4f}, noise taken out {rest:.4f}",
                  flush=True)


def _said(r: Reliability) -> str:
    """Returns one seed's measure as the seed folds print it: ECE [95 %], floor and the error less the noise."""
    return (f"ECE {r.ece:.4f} [{r.ece_ci[0]:.4f}, {r.ece_ci[1]:.4f}], floor {r.floor:.4f}, "
            f"noise taken out {r.debiased:.4f}")


def _records(name: str, spec: str, stamp: str, seed: int, args: argparse.Namespace) -> np.ndarray:
    """Returns the self-play records of one seed: read from --records where that player made them, else played
    (and kept there)."""
    kept = None if args.records is None else args.records / f"{name}-L{args.level}-s{seed}-n{args.contests}.npz"
    if kept is not None:  # this seed's records of any number of contests, the named number first
        for path in [kept, *sorted(kept.parent.glob(f"{name}-L{args.level}-s{seed}-n*.npz"))]:
            if path.is_file():
                rows, meta = load_records(path)
                if meta.get("fingerprint") == stamp:
                    return rows
    rows = record(spec, args.contests, args.level, seed, args.workers, model=MODEL_NOW)
    if kept is not None:
        kept.parent.mkdir(parents=True, exist_ok=True)
        save_records(kept, rows, {"ruleset": name, "level": args.level, "seed": seed, "contests": args.contests,
                                  "model": MODEL_NOW, "fingerprint": stamp})
    return rows


if __name__ == "__main__":
    sys.exit(main())
