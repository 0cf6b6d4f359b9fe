"""Interpretation notes: one source of truth in rulesets/notes/, docs/rulesets.md generated from it, custom notes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from printgen.errors import RulesetError
from printgen.ruleset_files import load_ruleset
from printgen.rulesets import BUILTIN, builtin_text
from printgen.rulesets.export import export_toml
from printgen.rulesets.readings import builtin_notes, docs_markdown, main, notes_for

DOCS = Path(__file__).resolve().parent.parent / "docs" / "rulesets.md"
NOTES = """
[[notes]]
topic = "Stake"
decision = "Three chips a game."
why = "Longer contests."
source = "house rule"
topic_es = "Apuesta"
decision_es = "Tres fichas por partida."
"""


def test_docs_rulesets_md_is_generated_from_the_notes() -> None:
    assert DOCS.read_text("utf-8") == docs_markdown(), \
        "docs/rulesets.md is out of date: run python -m printgen.rulesets.readings --write docs/rulesets.md"


def test_check_flag_reports_a_stale_file(tmp_path: Path) -> None:
    stale = tmp_path / "rulesets.md"
    stale.write_text("old", "utf-8")
    assert main(["--check", str(stale)]) == 1
    assert main(["--write", str(stale)]) == 0 and main(["--check", str(stale)]) == 0


@pytest.mark.parametrize("name", BUILTIN)
def test_every_builtin_note_is_in_both_languages(name: str) -> None:
    notes = builtin_notes(name)
    assert len(notes) >= 10
    for note in notes:
        assert all(note.in_lang("en")) and all(t.own("es") for t in (note.topic, note.decision, note.why, note.source))
        assert "Macuilxochitl" not in note.decision + note.decision.get("es")


def test_options_keep_the_builtin_notes_and_custom_files_start_without() -> None:
    every = builtin_notes("bell")
    assert notes_for(load_ruleset("bell+partnerships")) == tuple(n for n in every if n.only in ("", "gambling"))
    assert any(n.topic == "Partnerships" for n in notes_for(load_ruleset("bell")))


def test_notes_on_gambling_are_left_out_of_games_without_it() -> None:
    miss = [n.topic for n in notes_for(load_ruleset("bell+no_gambling"))]
    back = [n.topic for n in notes_for(load_ruleset("bell+no_gambling_backwards"))]
    assert "Wedge: miss a turn" in miss and "Wedge: move backwards" not in miss and "Cannot pay" not in miss
    assert "Wedge: move backwards" in back and "Wedge: miss a turn" not in back and "Contest" not in back
    assert "Without gambling" not in [n.topic for n in notes_for(load_ruleset("bell"))]


def test_custom_notes_load_export_and_fall_back_to_english(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(builtin_text("bell"), "utf-8")
    assert notes_for(load_ruleset(str(path))) == ()
    path.write_text(builtin_text("bell") + NOTES, "utf-8")
    rs = load_ruleset(str(path))
    (note,) = notes_for(rs)
    assert note.in_lang("es") == ("Apuesta", "Tres fichas por partida.", "Longer contests.", "house rule")
    again = tmp_path / "again.toml"
    again.write_text(export_toml(rs), "utf-8")
    assert load_ruleset(str(again)).notes == rs.notes


@pytest.mark.parametrize(("old", "new", "error"), [
    ('decision = "Three chips a game."\n', "", "[notes 1] decision: missing"),
    ('source = "house rule"', 'sauce = "house rule"', "[notes 1] unknown key 'sauce' (did you mean 'source'?)"),
])
def test_bad_notes_are_refused_by_name(tmp_path: Path, old: str, new: str, error: str) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(builtin_text("bell") + NOTES.replace(old, new), "utf-8")
    with pytest.raises(RulesetError, match=re.escape(error)):
        load_ruleset(str(path))
