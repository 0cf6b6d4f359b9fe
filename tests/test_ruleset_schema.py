"""The ruleset schema is written once, in the model's fields: the loader's keys and readers and the exporter's
keys and comments follow it; texts carry their languages; the payment events are one list."""

from __future__ import annotations

import dataclasses
import tomllib

import pytest

from printgen.errors import RulesetError
from printgen.lang.grammar import counted
from printgen.ruleset_files import load_ruleset
from printgen.rulesets import BUILTIN, builtin_text, parse_ruleset
from printgen.rulesets import model as m
from printgen.rulesets.export import export_toml
from printgen.rulesets.load import file_tables, keys_of
from printgen.rulesets.schema import Text, file_keys, key, toml_name

SPECS = [spec for name in BUILTIN
         for spec in (name, *(f"{name}+{o.name}" for o in load_ruleset(name).options))]


@pytest.mark.parametrize("spec", SPECS)
def test_the_export_of_every_builtin_with_each_option_loads_back_to_an_equal_ruleset(spec: str) -> None:
    rs = dataclasses.replace(load_ruleset(spec), origin="mine.toml")  # not a built-in: export every key
    text = export_toml(rs)
    again = parse_ruleset(tomllib.loads(text), "mine.toml", origin="mine.toml")
    assert again.options == tuple(o for o in rs.options if o.name not in rs.applied)
    assert dataclasses.replace(again, applied=rs.applied, options=rs.options) == rs
    for o in again.options:  # the options left to apply still apply to the exported file
        if any(key in dict(o.changes) for a in rs.options if a.name in rs.applied for key, _ in a.changes):
            continue  # the two options set the same key: not to be combined
        assert parse_ruleset(tomllib.loads(text), "mine.toml", options=(o.name,)) == \
            dataclasses.replace(load_ruleset(f"{spec}+{o.name}"), origin="", applied=(o.name,), options=again.options)


def test_every_keyed_field_is_a_key_of_its_table_and_has_a_comment_in_the_export() -> None:
    tables = file_tables()
    text = export_toml(dataclasses.replace(load_ruleset("ocastudios"), origin="mine.toml"))
    for table, cls in m.SECTIONS.items():
        for f, k in file_keys(cls):
            assert toml_name(f, k) in tables[table]
            assert k.doc
            if f.type not in ("Text", "tuple[Item, ...]"):
                assert f"# {k.doc}" in text, (table, f.name)
    assert tables["players"][:2] == ("min", "max") and "title_es" in tables["ruleset"]
    assert keys_of(m.Payment) == ("amount", "from", "to", "min_on_board")


@dataclasses.dataclass(frozen=True)
class GlowingBoard(m.BoardRules):
    glow: int = key("how brightly the printed board glows", lo=0, hi=9, omit=0, default=0)


def test_a_new_field_with_key_metadata_is_read_checked_and_exported_with_its_comment(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(m.SECTIONS, "board", GlowingBoard)
    text = builtin_text("bell").replace("[board]\n", "[board]\nglow = 7\n")
    rs = parse_ruleset(tomllib.loads(text), "glow.toml")
    assert isinstance(rs.board, GlowingBoard) and rs.board.glow == 7
    assert parse_ruleset(tomllib.loads(builtin_text("bell")), "plain.toml").board.glow == 0  # the default
    with pytest.raises(RulesetError, match=r"glow.toml: \[board\] glow: must be from 0 to 9, got 12"):
        parse_ruleset(tomllib.loads(text.replace("glow = 7", "glow = 12")), "glow.toml")
    with pytest.raises(RulesetError, match=r"unknown key 'glo' \(did you mean 'glow'\?\)"):
        parse_ruleset(tomllib.loads(text.replace("glow = 7", "glo = 7")), "glow.toml")
    exported = export_toml(rs)
    line = next(ln for ln in exported.splitlines() if ln.startswith("glow"))
    assert line.split("#")[0].strip() == "glow = 7" and line.endswith("# how brightly the printed board glows")
    assert parse_ruleset(tomllib.loads(exported), "glow.toml").board.glow == 7
    monkeypatch.undo()
    with pytest.raises(RulesetError, match=r"\[board\] unknown key 'glow'"):
        parse_ruleset(tomllib.loads(text), "glow.toml")


CUSTOM = builtin_text("gatigo").replace('title = "Patolli after the GATIGO paper (2009)"\n', "{title}\n").replace(
    'title_es = "Patolli según el artículo de GATIGO (2009)"\n', "")


@pytest.mark.parametrize("title", [
    'title = "Mine"\ntitle_es = "Mío"',
    'title = { en = "Mine", es = "Mío" }',
    "",  # the table form as its own table, [ruleset.title], at the end of the file
])
def test_texts_are_read_with_their_translations_in_either_form(title: str) -> None:
    text = CUSTOM.replace("{title}", title) + ("" if title else '\n[ruleset.title]\nen = "Mine"\nes = "Mío"\n')
    rs = parse_ruleset(tomllib.loads(text), "mine.toml")
    assert rs.title == Text("Mine", es="Mío") and rs.title.get("es") == "Mío" and rs.title.get("en") == "Mine"
    assert f"{rs.title}" == "Mine"  # printed as its English where no language is asked for


def test_a_text_with_no_translation_reads_as_english_and_defaults_keep_theirs() -> None:
    rs = parse_ruleset(tomllib.loads(CUSTOM.replace("{title}", 'title = "Mine"')
                                     .replace('item_name_es = "bien"\n', "").replace('item_name = "good"\n', "")),
                       "mine.toml")
    assert rs.title.get("es") == "Mine" and rs.title.own("es") == ""
    assert rs.economy.item_name == Text("item", es="objeto")


@pytest.mark.parametrize(("title", "error"), [
    ('title = { en = "Mine", fr = "Le mien" }', r"\[ruleset\] title: unknown language 'fr'; languages: en, es"),
    ('title = { es = "Mío" }', r"\[ruleset\] title: the table of texts needs 'en'"),
    ("title = 3", r"\[ruleset\] title: must be text or a table of texts by language"),
    ('title = { en = 3 }', r"\[ruleset\] title: en must be text, got 3"),
])
def test_bad_texts_are_refused_by_name(title: str, error: str) -> None:
    with pytest.raises(RulesetError, match=error):
        parse_ruleset(tomllib.loads(CUSTOM.replace("{title}", title)), "mine.toml")


def test_texts_compare_with_their_translations_and_survive_pickling() -> None:
    import pickle

    a = Text("Pool", es="Bote")
    assert a == "Pool" and a != Text("Pool", es="Fondo") and a != Text("Pool")
    assert pickle.loads(pickle.dumps(a)) == a and pickle.loads(pickle.dumps(a)).get("es") == "Bote"
    assert a.by_lang() == {"en": "Pool", "es": "Bote"}


def test_the_payment_events_are_one_list_the_kernel_rows_follow() -> None:
    from printgen.engine import kernel as k

    assert m.PAYMENT_EVENTS == ("wedge", "no_move", "bear_off", "capture", "null_cast")
    assert (k.R_WEDGE, k.R_NO_MOVE, k.R_BEAR_OFF, k.R_CAPTURE, k.R_NULL) == tuple(range(len(m.PAYMENT_EVENTS)))
    assert file_tables()["payments"] == m.PAYMENT_EVENTS
    pm = load_ruleset("gatigo").payments
    assert [e for e, _ in pm.by_event()] == list(m.PAYMENT_EVENTS) and pm.by_event()[1][1] is pm.no_move


def test_the_terminal_counts_with_the_plural_helper() -> None:
    from printgen.cli.rulesets_cmd import describe_payment

    assert counted(1, "asset") == "1 asset" and counted(3, "asset") == "3 assets" and counted(0, "mark") == "0 marks"
    assert counted(2, "Pack of gum") == "2 Packs of gum" and counted(2, "ficha", "es") == "2 fichas"
    one = m.Payment(1, m.Payer.MOVER, m.Payee.POOL)
    assert describe_payment("no_move", one, "asset") == "a cast that moves nothing: the mover pays 1 asset to the pool"
    two = dataclasses.replace(one, amount=2)
    assert describe_payment("wedge", two, "good") == "landing on a wedge: the mover pays 2 goods to the pool"


def test_an_illegal_move_names_a_cast_of_one_mark_in_the_singular() -> None:
    from helpers import P

    from printgen.engine.moves import Move
    from printgen.errors import IllegalMoveError

    pos = P("gatigo/2 g1 move A starter=A last=- pool=0 offering=0 | A 20 cw h,h,h,h,h | B 20 cw h,h,h,h,h")
    with pytest.raises(IllegalMoveError, match=r"with a cast of 1 mark \(score 1\); legal"):
        pos.play(1, Move.parse("E2"))
