"""What the phone app reads besides the engine's data: each game it offers, with its words, board and save form.

`site_files(rulesets)` returns every data file of the static site (`site.py` writes them), by path:

- `data/games.json`: the index: every ruleset with its titles and options in each language and its beans, every game
  (ruleset, options applied, players) and its data file, the computer players' strengths, the advice levels,
  what the review takes from Python's (`review_spec`), the guided first game's seed, computer and taught event
  kinds (`play.lessons`), and the bean check's thresholds;
- `data/game-<key>.json`: one game: the engine's data (`export.ruleset_data`) and, under "app", its seats and
  teams, the beans (score, chance and faces of every number of marks), the item names in each language, the
  board's cell centres and SVG files, each seat's first cell, and what a saved game holds of it (the ruleset and
  the start position, as `patolli play --save` writes them, so a save made on the phone resumes at the terminal);
- `data/board-<hash>.svg`: the board as printed, one per language and player count (alike ones once);
- `data/words-<lang>.json`: every word of a language (`lang.templates`);
- `data/rules-<hash>.json`, `data/cell-<hash>.svg`: each ruleset's booklet with each set of options, in each
  language, and its cells' pictures (`rules_data`), listed in the index under "rules";
- `data/<file>.u16z`: a solved table, where one holds a game offered.

Nothing here is a rule: it is the rulesets, the words and the renderer's output, as data.
"""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import json
import math
from fractions import Fraction
from pathlib import Path
from typing import Any

from printgen.engine import notation
from printgen.engine.beans import Beans
from printgen.engine.position import Position, seat_name
from printgen.errors import PatolliError
from printgen.findings.review import ACCURACY_SCALE, GRADE_LIMITS, KEY_MOMENTS, T975, Z975
from printgen.lang import LANGS, templates
from printgen.play.bean_check import ALPHA, DOUBT, MIN_CASTS
from printgen.play.lessons import LEARN_SEED, TAUGHT
from printgen.play.saved import game_key, public_origin, ruleset_json
from printgen.players.analysis.review import REVIEW_LEVEL
from printgen.players.roster.registry import player
from printgen.players.search.levels import DEFAULT_LEVEL, FORMERLY, MAX_LEVEL, NOISE_UNIT, STRENGTHS
from printgen.players.search.pruned import NO_FILTER
from printgen.render.screen import board_geometry, board_svg
from printgen.rules_text.phrases import Phrases
from printgen.ruleset_files import load_ruleset
from printgen.rulesets.model import Ruleset
from printgen.stats import Z95
from printgen.web.export import ruleset_data
from printgen.web.rules_data import rules_files

FORMAT = 1
MODEL_NOW = 0  # the evaluation model every named strength plays with (players.roster.model_names)
# The level the phone reviews at unless told: Python's REVIEW_LEVEL (3) takes 11 s in Node for a bell contest of
# 120 turns, and a phone is slower; level 2 takes under a second there.
PHONE_REVIEW_LEVEL = 2
BEANS_KEPT = 1000  # casts of one set of beans the phone keeps for the bean check (the oldest go first)


def variants(base: Ruleset) -> list[Ruleset]:
    """Returns a ruleset with every combination of its options that loads (a clash is left out), fewest first."""
    names = [o.name for o in base.options]
    out = []
    for n in range(len(names) + 1):
        for combo in itertools.combinations(names, n):
            try:
                out.append(load_ruleset("+".join((base.origin or base.name, *combo))) if combo else base)
            except PatolliError:
                continue
    return out


def _digest(text: str | bytes) -> str:
    raw = text.encode() if isinstance(text, str) else text
    return hashlib.sha256(raw).hexdigest()[:12]


def _beans(rs: Ruleset) -> dict[str, Any]:
    beans = Beans(rs.beans)
    outcomes = beans.outcomes()
    return {"count": rs.beans.count,
            "scores": [o.score for o in outcomes],
            "odds": [[o.probability.numerator, o.probability.denominator] for o in outcomes],
            "faces": [list(beans.cast_with_marks(o.marks).beans) for o in outcomes],
            "score_odds": [[s, p.numerator, p.denominator] for s, p in
                           sorted(beans.score_odds().items(), key=lambda kv: -1 if kv[0] is None else kv[0])],
            "null_scores_ten": beans.score(0) == 10}


def bean_check_limits() -> dict[str, Any]:
    """Returns what the phone's bean check (js/bean_check.js) needs of `play.bean_check`: its thresholds and the
    z of its 95 % intervals, and how many casts it keeps."""
    return {"min_casts": MIN_CASTS, "alpha": ALPHA, "doubt": DOUBT, "z": Z95, "kept": BEANS_KEPT}


def _strengths() -> list[dict[str, Any]]:
    """Returns the computer players' strengths, weakest first, as the engine's best_move plays them ("saved": the
    name a save of Python's writes for it, `advisor` for strongest; "formerly": names older saves wrote for it)."""
    return [{"name": name, "saved": player(name).name, "formerly": list(FORMERLY.get(name, ())), "level": s.level,
             "sigma": s.noise * NOISE_UNIT, "margin": NO_FILTER, "model": MODEL_NOW} for name, s in STRENGTHS.items()]


def review_spec() -> dict[str, Any]:
    """Returns what the phone's review (app/js/review.js) takes from Python's: each grade with the upper bound of its
    loss (None: no bound), the accuracy scale, the key moments of each kind, the review level and the phone's, and the
    quantiles of who played better's interval (`Review.comparison`)."""
    return {"grades": [[g.value, None if math.isinf(limit) else limit] for g, limit in GRADE_LIMITS],
            "accuracy_scale": ACCURACY_SCALE, "key_moments": KEY_MOMENTS, "level": REVIEW_LEVEL,
            "phone_level": min(PHONE_REVIEW_LEVEL, REVIEW_LEVEL), "t975": list(T975), "z975": Z975}


def game_files(rs: Ruleset, players: int, boards: dict[str, str]) -> tuple[str, dict[str, Any]]:
    """Returns a game's key and data file; its boards' SVG are added to `boards` (file name: text)."""
    key = game_key(rs, players)
    start = Position.new(dataclasses.replace(rs, origin=public_origin(rs.origin or rs.name)), players)
    svg_files = {}
    for lang in LANGS:
        svg = board_svg(rs, players, lang)
        name = f"data/board-{_digest(svg)}.svg"
        boards[name] = svg
        svg_files[lang] = name.removeprefix("data/")
    app = {
        "key": key, "spec": "+".join((public_origin(rs.origin or rs.name), *rs.applied)), "name": rs.name,
        "options": list(rs.applied), "players": players,
        "title": {lang: rs.title.get(lang) for lang in LANGS},
        "seats": [seat_name(s) for s in range(players)],
        "pieces": len(start.places(0)),
        "cells": len(start.topology.cells),
        "teams": [seat_name(start.team(s)) for s in range(players)] if rs.players.partnerships else None,
        "gambling": rs.economy.gambling,
        "item": {lang: [Phrases(rs, lang).item_name(), Phrases(rs, lang).items_plural()] for lang in LANGS},
        "beans": _beans(rs),
        "board": {"geometry": board_geometry(rs, players), "svg": svg_files},
        "save": {"ruleset": {**(saved := ruleset_json(rs)), "origin": public_origin(saved["origin"])},
                 "start": notation.to_json(start)},
        "path_starts": [path[0] if (path := start.path(s)) else None for s in range(players)],
    }
    return key, {**ruleset_data(rs, players), "app": app}


def site_files(rulesets: list[Ruleset]) -> dict[str, str | bytes]:
    """Returns every data file of the phone app for these rulesets (each with all its options), by site path."""
    files: dict[str, str | bytes] = {}
    boards: dict[str, str] = {}
    index_rulesets, games, rules = [], [], []
    for base in rulesets:
        index_rulesets.append({
            "name": base.name, "origin": public_origin(base.origin or base.name),
            "title": {lang: base.title.get(lang) for lang in LANGS},
            "players": list(base.player_counts()),
            "beans": {"count": base.beans.count, "mark_probability": [base.beans.mark_probability.numerator,
                                                                      base.beans.mark_probability.denominator]},
            "options": [{"name": o.name, "description": {lang: o.description.get(lang) for lang in LANGS}}
                        for o in base.options]})
        for rs in variants(base):
            entry, rules_data = rules_files(base, rs, boards)
            rules.append(entry)
            files.update(rules_data)
            for players in rs.player_counts():
                key, data = game_files(rs, players, boards)
                exact = data.get("exact")
                if exact:
                    source = Path(exact.pop("source"))
                    files[f"data/{exact['file']}"] = source.read_bytes()
                name = f"data/game-{key}.json"
                files[name] = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
                games.append({"key": key, "ruleset": base.name, "options": sorted(rs.applied), "players": players,
                              "file": name.removeprefix("data/")})
    files.update(boards)
    for lang in LANGS:
        files[f"data/words-{lang}.json"] = json.dumps(templates(lang), ensure_ascii=False, separators=(",", ":"))
    files["data/games.json"] = json.dumps({
        "format": FORMAT, "langs": list(LANGS), "rulesets": index_rulesets, "games": games, "rules": rules,
        "strengths": _strengths(), "default_strength": list(STRENGTHS)[-1],
        "default_level": DEFAULT_LEVEL, "max_level": MAX_LEVEL,
        "odds_precision": str(Fraction(1, 100)), "review": review_spec(), "bean_check": bean_check_limits(),
        "learn": {"seed": LEARN_SEED, "strength": next(iter(STRENGTHS)), "taught": [k.value for k in TAUGHT]},
    }, ensure_ascii=False, separators=(",", ":"))
    return files
