"""Reasons that compare and are true: a reason that compares is given against one named move only where that move
does not share it; where the advisor's first move is not the best for the game, the two moves' reasons say the trade
(what the first keeps in the contest, what the game's best gives up, and the facts that make the difference), in the
terminal, the JSON and the tutor, in English and Spanish."""

from __future__ import annotations

import json
from importlib import resources

import jsonschema
from helpers import P
from typer.testing import CliRunner

from printgen.cli.app import app
from printgen.engine.beans import Beans
from printgen.engine.moves import Move
from printgen.engine.position import Position
from printgen.findings.reasons import TRADES, Why
from printgen.players.analysis.advisor import Analysis, advise
from printgen.players.analysis.reasons import reasons, why_not
from printgen.players.analysis.trades import advice_reasons, game_best
from printgen.rules_text.reasons import summary, trades, tutor_sentence

runner = CliRunner()
SCHEMA = json.loads(resources.files("printgen.players").joinpath("data/advice.schema.json").read_text("utf-8"))

# GATIGO self-play at the default level, seed 2 (`python scripts/trade_sample.py --seed 2 --show`): A declines the
# bear-off 51-52, the better move for the game, for 34-35. The advisor said of 34-35 "avoids the toll at cell 10",
# which the bear-off does not pay either (only 9-10 does).
BEAR_OFF = "gatigo/2 g1 move A starter=A last=- pool=0 offering=0 | A 22 cw *,34,50,51,9 | B 18 cw *,25,24,48,17"
# The same self-play, earlier: entering on cell 1 is the best move for the contest and for the game alike.
AGREE = "gatigo/2 g1 move A starter=A last=- pool=0 offering=0 | A 20 cw 8,2,h,h,h | B 20 cw 35,37,h,h,h"


def _marks(pos: Position, cast: str) -> int:
    return Beans(pos.ruleset.beans).marks_for_text(cast)


def _bear_off() -> Analysis:
    pos = P(BEAR_OFF)
    a = advise(pos, _marks(pos, "1"))
    game = game_best(a)
    assert (str(a.best.move), game and str(game.move)) == ("34-35", "51-52"), \
        "the advisor no longer declines this bear-off: find another case with scripts/trade_sample.py"
    return a


def test_a_declined_bear_off_says_the_trade_and_no_false_toll() -> None:
    a = _bear_off()
    first, *_ = found = advice_reasons(a)
    kinds = [r.why for r in first]
    assert Why.TOLL_AVOIDED not in kinds  # the bear-off pays no toll: nothing to avoid against it
    keeps = next(r for r in first if r.why is Why.KEEPS_CONTEST)
    assert keeps.other == Move.parse("51-52") and keeps.points and keeps.points > 0
    assert keeps.game_points and keeps.game_points > 0.5
    assert any(c.move is not None for c in keeps.causes), "a fact of one of the two moves names the difference"
    gives = next(r for why, s in zip(found, a.suggestions, strict=True) if str(s.move) == "51-52" for r in why
                 if r.why is Why.GIVES_UP_CONTEST)
    assert gives.other == Move.parse("34-35") and gives.causes == keeps.causes[:len(gives.causes)]
    text = trades(first)[0]
    assert text.startswith("keeps ") and "than 51-52" in text and "of the chance to win this game: 51-52 " in text
    assert "avoids the toll" not in summary(first) + text
    # only one move says a trade: the first, and the game's best (the others compare with the first alone)
    assert sum(1 for why in found for r in why if r.why in TRADES) == 2


def test_the_terminal_and_the_json_say_the_trade() -> None:
    res = runner.invoke(app, ["advise", BEAR_OFF, "--cast", "1"])
    assert res.exit_code == 0, res.output
    flat = " ".join(res.output.split())
    first = flat[flat.index("1. 34-35"):flat.index("2. ")]
    assert "keeps" in first and "than 51-52, which has" in first and "avoids the toll" not in first
    assert "but gives up" in flat[flat.index("51-52 contest"):]
    data = json.loads(runner.invoke(app, ["advise", BEAR_OFF, "--cast", "1", "--json"]).stdout)
    jsonschema.validate(data, SCHEMA)
    assert data["game_best"] == "51-52" and data["moves"][0]["move"] == "34-35"
    keeps = next(w for w in data["moves"][0]["why"] if w["kind"] == "keeps_contest")
    assert keeps["versus"] == "51-52" and keeps["points"] > 0 and keeps["game_points"] > 0.5
    assert keeps["causes"] and all(c["text"] for c in keeps["causes"])
    gives = next(w for m in data["moves"] if m["move"] == "51-52" for w in m["why"] if w["kind"] == "gives_up_contest")
    assert gives["versus"] == "34-35" and gives["points"] == keeps["points"]


def test_where_game_and_contest_agree_no_trade_is_said() -> None:
    pos = P(AGREE)
    a = advise(pos, _marks(pos, "1"))
    assert game_best(a) is None and max(a.suggestions, key=lambda s: s.win_game) is a.best
    assert not any(r.why in TRADES for why in advice_reasons(a) for r in why)
    data = json.loads(runner.invoke(app, ["advise", AGREE, "--cast", "1", "--json"]).stdout)
    jsonschema.validate(data, SCHEMA)
    assert data["game_best"] == data["moves"][0]["move"] == "E1"
    assert not any("versus" in w or w["kind"] in ("keeps_contest", "gives_up_contest")
                   for m in data["moves"] for w in m["why"])
    text = runner.invoke(app, ["advise", AGREE, "--cast", "1"]).output
    assert "keeps" not in text and "gives up" not in text


def test_the_trade_in_spanish() -> None:
    res = runner.invoke(app, ["advise", BEAR_OFF, "--cast", "1", "--lang", "es"])
    assert res.exit_code == 0, res.output
    flat = " ".join(res.output.split())
    assert "conserva" in flat and "que 51-52, que tiene" in flat
    assert "puntos más de probabilidad de ganar esta partida" in flat
    assert "pero cede" in flat and "evita el peaje" not in flat[flat.index("1. 34-35"):flat.index("2. ")]
    data = json.loads(runner.invoke(app, ["advise", BEAR_OFF, "--cast", "1", "--json", "--lang", "es"]).stdout)
    jsonschema.validate(data, SCHEMA)
    keeps = next(w for w in data["moves"][0]["why"] if w["kind"] == "keeps_contest")
    assert keeps["text"].startswith("conserva ") and "encuentro" in keeps["text"] and "partida" in keeps["text"]


def test_a_toll_is_said_avoided_only_against_a_move_that_pays_it() -> None:
    pos = P("gatigo/2 g1 move A starter=A last=- pool=0 offering=0 | A 20 cw 8,7,17,h,h | B 20 cw 2,43,h,h,h")
    marks = _marks(pos, "2")
    move = Move.parse("17-19")
    said = {v: [r for r in reasons(pos, marks, move, v and Move.parse(v)) if r.why is Why.TOLL_AVOIDED]
            for v in (None, "7-9", "8-10")}
    assert said[None] == [] and said["7-9"] == []  # neither compares with a move that pays a toll
    assert [r.cell for r in said["8-10"]] == [10]


def test_a_piece_is_out_of_reach_only_where_no_cast_reaches_it_and_each_chance_is_its_own() -> None:
    # B's piece on 13 (a capture cell) is hit by A's 12 with a 1 or A's 10 with a 3: 1/4 + 1/4. Moving on to 14,
    # another capture cell, it is hit with a 2 or a 4: 3/8 + 1/16. It used to be "taken out of reach (6%)".
    pos = P("gatigo/2 g1 move B starter=A last=- pool=0 offering=0 | A 20 cw 12,10,h,h,h | B 20 cw 13,h,h,h,h")
    on = reasons(pos, _marks(pos, "1"), Move.parse("13-14"))
    assert [(r.why, r.cell, r.chance) for r in on] == [(Why.EXPOSED, 14, 0.4375)]
    off = reasons(pos, _marks(pos, "2"), Move.parse("13-15"))
    assert (off[0].why, off[0].cell, off[0].chance) == (Why.ESCAPES, 13, 0.5)


def test_the_tutor_names_only_what_differs_and_the_game_the_move_keeps() -> None:
    # both moves pay a toll: the toll is not why 8-10 is worse, so the tutor does not say it is
    pos = P("gatigo/2 g1 move A starter=A last=- pool=0 offering=0 | A 20 cw 8,3,h,h,h | B 20 cw 30,h,h,h,h")
    marks = _marks(pos, "2")
    case = why_not(pos, marks, Move.parse("8-10"), Move.parse("3-5"), 1.0)
    assert not any(r.why is Why.TOLL for r in case.reasons)
    assert "toll" not in tutor_sentence(case) and "3-5 keeps 1.0 points more" in tutor_sentence(case)
    # the bear-off: better for the game, worse for the contest, and the tutor says both
    a = _bear_off()
    mine = next(s for s in a.suggestions if str(s.move) == "51-52")
    case = why_not(a.position, a.marks, mine.move, a.best.move, (a.best.win_contest - mine.win_contest) * 100,
                   (mine.win_game - a.best.win_game) * 100, a.best.items - mine.items)
    assert case.game_points > 0.5 and case.reasons
    en, es = tutor_sentence(case), tutor_sentence(case, "es")
    assert en.startswith("51-52 has ") and "more of the chance to win this game, but" in en and "34-35" in en
    assert es.startswith("51-52 tiene ") and "probabilidad de ganar esta partida, pero" in es and "34-35" in es
