"""Position notation: JSON and the one-line form round-trip, and impossible positions are refused by name."""

from __future__ import annotations

import json
import random

import pytest

from printgen.engine import notation
from printgen.engine.beans import Beans
from printgen.engine.moves import Move
from printgen.engine.position import Phase, Position
from printgen.engine.record import Record
from printgen.errors import IllegalMoveError, NotationError, PositionError, RulesetError
from printgen.play.records import load_record, save_record
from printgen.ruleset_files import load_ruleset
from printgen.rulesets import builtin_text

GOOD = "gatigo/2 g1 move A starter=A last=- pool=0 offering=0 | A 20 cw 11,h,h,h,h | B 20 cw 13,h,h,h,h"


@pytest.mark.parametrize("text", ["12-15", "E1", "E59ccw", "E3cw", "pass", "bet4"])
def test_moves_round_trip(text: str) -> None:
    assert str(Move.parse(text)) == text
    assert eval(repr(Move.parse(text)), {"Move": Move}) == Move.parse(text)


def test_bad_move_text_is_explained() -> None:
    with pytest.raises(NotationError, match="cannot read move 'x9'"):
        Move.parse("x9")


@pytest.mark.parametrize("spec,players", [("bell", 3), ("bell+partnerships", 4), ("neeley", 2),
                                          ("ocastudios", 2), ("gatigo", 4)])
@pytest.mark.slow
@pytest.mark.usefixtures("rulesets_read_once")
def test_positions_round_trip_through_both_forms_along_a_game(spec: str, players: int) -> None:
    rs = load_ruleset(spec)
    rng = random.Random(3)
    pos = Position.new(rs, players)
    for _ in range(400):
        line = notation.to_compact(pos)
        assert notation.from_compact(line) == pos and notation.to_compact(notation.from_compact(line)) == line
        assert notation.from_json(json.loads(notation.dumps(pos))) == pos
        if pos.phase is Phase.OVER:
            break
        marks = Beans(rs.beans).cast(rng).marks
        pos = pos.after(marks, rng.choice(pos.legal_moves(marks)))


def test_json_form_has_the_documented_fields() -> None:
    data = notation.to_json(notation.from_compact(GOOD))
    assert data["format"] == "patolli-position" and data["version"] == 1
    assert data["seats"][0]["pieces"] == [11, "hand", "hand", "hand", "hand"]
    assert set(data) == {"format", "version", "ruleset", "players", "game", "phase", "to_move", "starter",
                         "last_winner", "pool", "offering", "seats"}


IMPOSSIBLE = [
    ("A 20 cw 11,h,h,h,h | B 20 cw 13,h,h,h,h", "A 20 cw 13,h,h,h,h | B 20 cw 13,h,h,h,h",
     "cell 13 holds pieces of A and B; only one piece fits on a cell"),
    ("A 20 cw 11,h,h,h,h", "A 20 cw 11,h,h,h", "seat A has 4 pieces; under gatigo each of 2 players has 5"),
    ("A 20 cw", "A 19 cw",
     "the items add up to 39 (holdings, pool and offering), but a contest of 2 under gatigo holds 40"),
    ("A 20 cw 11,", "A 20 cw 70,", "seat A, piece 1: cell 70 is not on the 52-cell board"),
    ("A 20 cw 11,", "A 20 cw 52,", "cell 52 is its end"),
    ("A 20 cw 11,", "A 20 ccw 11,", "this ruleset moves every piece clockwise"),
    ("A 20 cw 11,h,h,h,h", "A 20 cw *,*,*,*,*", "seat A has borne off every piece, so that game is over"),
    ("move A", "move C", "seat C does not play in a 2-player game"),
    ("g1", "g0", "the game number starts at 1"),
    ("A 20 cw 11,h,h,h,h", "A out 20", "only one side is left in the contest, so it must be over"),
]


@pytest.mark.parametrize(("old", "new", "message"), IMPOSSIBLE)
def test_impossible_positions_are_refused_saying_what_is_wrong(old: str, new: str, message: str) -> None:
    with pytest.raises((PositionError, NotationError)) as err:
        notation.from_compact(GOOD.replace(old, new, 1))
    assert message in str(err.value)


def test_malformed_lines_are_explained() -> None:
    with pytest.raises(NotationError, match="a position line starts"):
        notation.from_compact("gatigo 2")
    with pytest.raises(NotationError, match="direction must be cw, ccw or \\?"):
        notation.from_compact(GOOD.replace("A 20 cw", "A 20 up"))
    with pytest.raises(NotationError, match="not a position"):
        notation.from_json({"format": "chess"})


def test_a_record_saves_and_replays_exactly(tmp_path) -> None:
    rs = load_ruleset("ocastudios")
    record = Record(Position.new(rs))
    rng = random.Random(5)
    pos = record.start
    for _ in range(60):
        if pos.phase is Phase.OVER:
            break
        marks = Beans(rs.beans).cast(rng).marks
        pos = record.append(marks, rng.choice(pos.legal_moves(marks)))
    path = tmp_path / "game.json"
    save_record(record, path)
    again = load_record(path)
    assert again.final() == pos and len(again.turns) == len(record.turns)


def test_a_record_with_an_illegal_move_is_refused(tmp_path) -> None:
    record = Record(Position.new(load_ruleset("gatigo")))
    data = record.to_json()
    data["turns"] = [{"marks": 2, "move": "E1"}]
    with pytest.raises(ValueError, match="turn 1: E1 is not legal"):
        Record.from_json(data)


def test_a_record_keeps_each_position_as_it_is_played() -> None:
    rs = load_ruleset("gatigo")
    start = Position.new(rs)
    record = Record(start)
    rng = random.Random(9)
    made = [start]
    for _ in range(20):
        marks = Beans(rs.beans).cast(rng).marks
        made.append(record.append(marks, rng.choice(made[-1].legal_moves(marks))))
    assert record.positions() == made and record.final() is made[-1]
    turns = record.turns
    with pytest.raises(IllegalMoveError, match="turn 21: "):
        record.append(1, Move.parse("99-98"))
    assert record.turns == turns and record.final() is made[-1]  # an illegal turn changes nothing
    record.truncate(5)
    assert len(record.turns) == 5 and record.positions() == made[:6]
    assert Record(start, turns[:5]).positions() == made[:6]


def test_a_position_is_a_value_with_a_short_repr() -> None:
    pos = Position.new(load_ruleset("gatigo"))
    after = pos.after(2, pos.legal_moves(2)[0])
    assert after != pos and pos == Position.new(load_ruleset("gatigo"))  # `after` leaves pos as it was
    text = repr(after)
    assert text.startswith("Position('gatigo/2 ") and len(text) < 160
    assert notation.from_compact(text[len("Position('"):-2]) == after


def test_a_position_under_a_ruleset_file_is_read_with_the_file_loader(tmp_path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(builtin_text("gatigo"), "utf-8")
    pos = Position.new(load_ruleset(str(path)), 2)
    line = notation.to_compact(pos)
    assert line.startswith(f"{path}/2 g1 ") and repr(pos) == f"Position({line!r})"
    assert notation.from_compact(line, load=load_ruleset) == pos
    assert notation.from_json(notation.to_json(pos), load=load_ruleset) == pos
    with pytest.raises(RulesetError, match=f"unknown ruleset '{path}'"):  # the notation alone opens no file
        notation.from_compact(line)
