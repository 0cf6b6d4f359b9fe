"""Rulesets as data: built-ins load, custom files round-trip, and every kind of bad file is refused by name."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from printgen.errors import RulesetError
from printgen.ruleset_files import load_ruleset
from printgen.rulesets import BUILTIN, builtin_text, load_builtin, parse_ruleset, ruleset_from_text
from printgen.rulesets.export import export_toml
from printgen.rulesets.load import read_toml


@pytest.mark.parametrize("name", BUILTIN)
def test_builtin_rulesets_load_with_their_sizes(name: str) -> None:
    sizes = {"bell": 60, "neeley": 68, "ocastudios": 60, "gatigo": 52}
    assert load_ruleset(name).board.cell_count == sizes[name]


@pytest.mark.parametrize("spec", ["bell", "bell+partnerships", "neeley", "ocastudios+empty_start", "gatigo"])
def test_export_loads_back_to_the_same_rules(spec: str, tmp_path: Path) -> None:
    rs = load_ruleset(spec)
    path = tmp_path / "mine.toml"
    path.write_text(export_toml(rs), "utf-8")
    back = load_ruleset(str(path))
    strip = lambda r: dataclasses.replace(r, applied=(), origin="", options=())  # noqa: E731
    assert strip(back) == strip(rs)


def test_options_change_the_rules() -> None:
    assert load_ruleset("bell+partnerships").players.partnerships
    assert load_ruleset("ocastudios+empty_start").players.start_on_board == 0


def _mutate(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


BAD = [
    ("arm_length = 7", "arm_lenght = 7", "[board] unknown key 'arm_lenght' (did you mean 'arm_length'?)"),
    ("arm_length = 7", "arm_length = 2", "[board] arm_length: must be from 3 to 20, got 2"),
    ("arm_length = 7", "arm_length = \"seven\"", "[board] arm_length: must be a whole number, got 'seven'"),
    ("max = 4", "max = 4\nmin_players = 1", "[players] unknown key 'min_players'"),
    ("seats = 4", "seats = 2", "[players] max: 4 players need 4 start cells, but the board has 2 seats"),
    ("wedge = { amount = 2", "wedge = { amount = -2", "[payments.wedge] amount: a payment cannot be negative, got -2"),
    ("start_depth = 0", "start_depth = 4",
     "[board] start_depth: a wedge stands at depth 4: a start cell cannot be a wedge"),
    ("wedge_depths = [4]", "wedge_depths = [1]", "depth 1 holds the end cells"),
    ("wedge_depths = [4]", "wedge_depths = [7]", "[board] wedge_depths: a cell cannot be both wedge and rounded"),
    ("scores = [0, 1, 2, 3, 4, 10]", "scores = [0, 1, 2, 3, 4]", "[beans] scores: needs 6 entries"),
    ("mark_probability = \"1/2\"", "mark_probability = \"3/2\"", "[beans] mark_probability: must lie strictly"),
    ("pieces = [6, 5, 4]", "pieces = [6, 5]", "[players] pieces: needs one count for each of 2 to 4 players"),
    ("direction = \"choose\"", "direction = \"widdershins\"", "[players] direction: must be one of clockwise, choose"),
    ("scores = [1]", "scores = [7]", "[entry] scores: no cast scores 7"),
    ("to = \"opponents\" }    # double", "to = \"mover\" }    # double", "[payments.wedge] to: a payment from 'mover'"),
    ("[board]", "[bored]", "[top level] unknown key 'bored' (did you mean 'board'?)"),
    ("start_on_board = 0", "start_on_board = 1", "[players] start_on_board: pieces cannot start on the board"),
    ("[board]", "[board\n", "not valid TOML"),
]


@pytest.mark.parametrize(("old", "new", "message"), BAD)
def test_bad_ruleset_files_are_refused_saying_where(old: str, new: str, message: str, tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(_mutate(builtin_text("bell"), old, new), "utf-8")
    with pytest.raises(RulesetError) as err:
        load_ruleset(str(path))
    assert str(err.value).startswith(str(path)) and message in str(err.value)


def test_item_counts_must_add_up_to_the_starting_items() -> None:
    text = _mutate(builtin_text("ocastudios"), "starting_items = 6", "starting_items = 7")
    with pytest.raises(RulesetError, match="item counts add up to 6, but starting_items is 7"):
        parse_ruleset(read_toml(text, "x.toml"), "x.toml")


def test_unknown_names_and_missing_files_are_explained(tmp_path: Path) -> None:
    with pytest.raises(RulesetError, match="unknown ruleset 'nope'"):
        load_ruleset("nope")
    with pytest.raises(RulesetError, match="no such file"):
        load_ruleset(str(tmp_path / "missing.toml"))
    with pytest.raises(RulesetError,
                       match="no option 'fast' \\(options: partnerships, no_gambling, no_gambling_backwards\\)"):
        load_ruleset("bell+fast")


def test_the_portable_loader_reads_the_built_ins_and_opens_no_file(tmp_path: Path) -> None:
    assert load_builtin("bell+partnerships") == load_ruleset("bell+partnerships")
    path = tmp_path / "mine.toml"
    path.write_text(builtin_text("gatigo"), "utf-8")
    assert load_ruleset(str(path)).name == "gatigo"
    with pytest.raises(RulesetError, match=f"unknown ruleset '{path}': use one of bell, neeley, ocastudios, gatigo$"):
        load_builtin(str(path))
    assert ruleset_from_text(builtin_text("gatigo"), str(path), origin=str(path)) == load_ruleset(str(path))


def test_rules_under_which_no_piece_can_reach_its_end_are_refused(tmp_path: Path) -> None:
    # 52 cells: entering on a 3 lands on step 2, and steps of 3 and 6 never reach step 51.
    text = _mutate(builtin_text("gatigo"), "scores = [10, 1, 2, 3, 4]", "scores = [6, 0, 3, 0, 0]")
    text = _mutate(text, "scores = [1]", "scores = [3]")
    with pytest.raises(RulesetError, match="no run of casts brings a piece exactly to its end"):
        parse_ruleset(read_toml(text, "x.toml"), "x.toml")


def test_a_built_in_is_parsed_once_and_a_ruleset_keeps_its_hash_but_never_sends_it() -> None:
    import pickle

    bell = load_builtin("bell")
    assert load_builtin("bell") is bell and load_builtin("bell+partnerships") is not bell
    fresh = ruleset_from_text(builtin_text("bell"), "test", origin="bell")
    assert fresh == bell and fresh is not bell and hash(fresh) == hash(bell)
    assert hash(load_builtin("bell+partnerships")) != hash(bell)
    sent = pickle.loads(pickle.dumps(bell))  # to a worker, whose strings hash by another seed
    assert "_hash" not in sent.__dict__ and sent == bell and hash(sent) == hash(bell)
