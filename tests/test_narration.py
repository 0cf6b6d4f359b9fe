"""One narration: the terminal and the phone say each event in the same words, in English and in Spanish,
and `patolli play --lang es` speaks Spanish from the first line to the last."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from typer.testing import CliRunner

from printgen.cli.app import app
from printgen.engine.events import Event, EventKind, Reason
from printgen.lang import LANGS, templates
from printgen.rules_text.narration import SAID_BY_THE_TURN, Narration, narrator
from printgen.ruleset_files import load_ruleset
from printgen.rulesets.export import export_toml

runner = CliRunner()


def short_ruleset(tmp_path: Path, base: str = "gatigo", items: int = 2) -> str:
    """Writes a copy of a built-in ruleset whose players start with few items, so contests end soon."""
    text = export_toml(load_ruleset(base))
    old = f"starting_items = {load_ruleset(base).economy.starting_items}"
    assert old in text
    path = tmp_path / f"{base}-short.toml"
    path.write_text(text.replace(old, f"starting_items = {items}"))
    return str(path)


def every_event() -> list[Event]:
    """Returns one event of every kind, a payment for every reason and holder, and the contest ended by nobody."""
    events = [Event(EventKind.PAY, reason=r, payer=0, payee=p, amount=2)
              for r in Reason for p in (1, "pool", "offering")]
    events += [Event(kind, player=0, other=1, cell=5, to_cell=8, amount=2) for kind in EventKind
               if kind is not EventKind.PAY]
    events += [Event(EventKind.MOVE_BACK, player=1, cell=5, to_cell=None), Event(EventKind.CONTEST_WON),
               Event(EventKind.PENALTY, player=0, cell=5, amount=1)]
    return events


@pytest.mark.parametrize("lang", LANGS)
def test_every_event_has_a_whole_sentence_in_every_language(lang: str) -> None:
    N = Narration(load_ruleset("bell"), lang)
    said = [N.event(e) for e in every_event()]
    assert all(s and "{" not in s for s in said), said
    paid = [N.event(Event(EventKind.PAY, reason=Reason.WEDGE, payer=0, payee=p, amount=1)) for p in (1, "pool",
                                                                                                "offering")]
    assert len(set(paid)) == 3  # a seat, the pool and the offering told apart


def test_the_languages_say_events_differently() -> None:
    rs = load_ruleset("bell")
    en, es = Narration(rs, "en"), Narration(rs, "es")
    differ = [e for e in every_event() if en.event(e) != es.event(e)]
    assert differ == every_event()
    assert es.event(Event(EventKind.ENTER, player=0, cell=27)) == "A mete una pieza en la casilla 27"
    assert en.event(Event(EventKind.BEAR_OFF, player=1, cell=13)) == "B bears a piece off at cell 13"


def test_the_narrator_the_terminal_uses_is_the_narration() -> None:
    from printgen.cli.narrate import describe

    rs = load_ruleset("gatigo")
    for e in every_event():
        assert describe(e, rs) == narrator("en")(e, rs) == Narration(rs, "en").event(e)


def _events_said(output: str) -> list[str]:
    """Returns the terminal's event lines: those indented by two spaces under a turn."""
    return [line[2:] for line in output.splitlines() if line.startswith("  ") and not line.startswith("   ")]


def _is_subsequence(part: list[str], whole: list[str]) -> bool:
    it = iter(whole)
    return all(any(line == w for w in it) for line in part)


@pytest.mark.parametrize("lang", LANGS)
def test_the_terminal_and_the_phone_say_the_same_sentence_for_each_event(tmp_path: Path, lang: str) -> None:
    from printgen.play.session import Session
    from printgen.play.table import Table

    save = tmp_path / "g.json"
    result = runner.invoke(app, ["play", "--lang", lang, "-r", short_ruleset(tmp_path), "--computer", "advisor:0",
                                 "--seed", "5", "--save", str(save)], input="cast\nbest\n" * 40 + "quit\n")
    assert result.exit_code == 0, result.output
    terminal = _events_said(result.output)
    table = Table(Session.read(save, narrator(lang)))
    N = Narration(table.position.ruleset, lang)
    said = {i: N.step(st.seat, st.marks, st.move, st.events, st.before) for i, st in enumerate(table.steps(0))}
    phone = [line for lines in said.values() for line in lines[1:]]
    assert len(phone) > 20 and any(k in " ".join(phone) for k in ("pays", "paga"))
    assert _is_subsequence(phone, terminal), (phone, terminal)
    # and what the phone leaves out is only what its turn line already says
    for i, step in enumerate(table.steps(0)):
        kept = {e.kind for e in step.events if e.kind not in SAID_BY_THE_TURN}
        assert len(said[i]) - 1 == sum(1 for e in step.events if e.kind in kept)


def _english_phrases() -> set[str]:
    """Returns the fixed words of every English sentence of play (between placeholders), where Spanish differs."""
    en, es = templates("en"), templates("es")
    found = set()
    for key, text in en.items():
        if not key.startswith(("narrate.", "play.")) or not isinstance(text, str) or text == es[key]:
            continue
        for literal, *_ in string.Formatter().parse(text):
            for part in re.split(r"[`:;,()!]", literal):
                part = part.strip()
                if " " in part and re.search(r"[a-z]{3}", part) and part not in es[key]:
                    found.add(part)
    return found


def test_play_lang_es_narrates_a_scripted_game_in_spanish(tmp_path: Path) -> None:
    save = tmp_path / "es.json"
    script = "ayuda\n7\nvuela\nlanzar\npista\ntablero\nmejor\n" + "lanzar\nmejor\n" * 600 + "salir\n"
    result = runner.invoke(app, ["play", "--lang", "es", "-r", short_ruleset(tmp_path), "--computer", "advisor:0",
                                 "--seed", "5", "--save", str(save)], input=script)
    out = result.output
    assert result.exit_code == 0, out
    for spanish in ("Juegas con A", "órdenes:", "ninguna tirada da 7", "escribe los puntos que sacaste",
                    "el ayudante lanza por ti", "gana el encuentro", "mete una pieza en la casilla", "paga 1 ",
                    "en la mano", "partida 1 · tú:", "le toca", "jugadores:", "naranja"):
        assert spanish in out, spanish
    english = sorted(p for p in _english_phrases() if p in out)
    assert len(_english_phrases()) > 60 and not english, english
    assert "{" not in out and "has no text" not in out


def test_play_lang_is_offered_with_the_languages_present() -> None:
    result = runner.invoke(app, ["play", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0 and "--lang" in result.output and all(code in result.output for code in LANGS)
    bad = runner.invoke(app, ["play", "--lang", "xx"])
    assert bad.exit_code == 2 and "xx" in bad.output


def test_spanish_commands_and_english_ones_both_work(tmp_path: Path) -> None:
    from printgen.play.session import Session

    class Lines:
        def __init__(self) -> None:
            self.lines: list[str] = []

        def say(self, text: str) -> None:
            self.lines.append(text)

        def board(self, pos, marks=None) -> None:
            self.lines.append("<board>")

    with Session.new(load_ruleset("gatigo"), 1, "advisor:0", 3, tmp_path / "g.json", False, narrator("es")) as s:
        s.lang = "es"
        out = Lines()
        s.handle("lanzar", out)
        assert out.lines[0].startswith("el ayudante lanza por ti")
        while s.pending is None:
            s.handle("cast", out)  # the English word is understood too
        assert out.lines[-1].startswith("tus jugadas: ")
        s.handle("lanzar", out)
        assert out.lines[-1].startswith("! ya sacaste ")
        s.handle("entrar", out)
        assert s.pending is None and any(line.startswith("  A mete una pieza en la casilla ") for line in out.lines)
        undone = len(out.lines)
        s.handle("deshacer", out)
        took, put, *pieces = out.lines[undone:]
        assert took.startswith("se deshizo tu E") and "sigue en pie" in took
        assert put == "vuelve a poner esto en el tablero:" and pieces[0].startswith("  A: la pieza de la casilla ")
        s.handle("salir", out)
        assert out.lines[-1].startswith("guardado en") and out.lines[-1].endswith("--lang es")
