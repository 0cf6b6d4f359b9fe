"""In partnerships the team wins the contest, whichever partner finished: the terminal and the page name the team,
not one seat (issue 23, item 17)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import Lines

from printgen.cli.narrate import describe
from printgen.engine.events import Event, EventKind
from printgen.engine.position import seat_name
from printgen.play.session import Session
from printgen.players.roster.registry import player
from printgen.rules_text.narration import Narration
from printgen.ruleset_files import load_ruleset
from printgen.rulesets.export import export_toml
from printgen.rulesets.load import ruleset_from_text


def test_the_narration_names_the_team() -> None:
    rs = load_ruleset("bell+partnerships")
    assert Narration(rs).event(Event(EventKind.CONTEST_WON, player=2)) == "A and C win the contest as a team"
    assert Narration(rs, "es").event(Event(EventKind.CONTEST_WON, player=3)) == "B y D ganan el encuentro en equipo"
    assert Narration(load_ruleset("bell")).event(Event(EventKind.CONTEST_WON, player=1)) == "B wins the contest"


def short_partnerships() -> object:
    rs = load_ruleset("bell+partnerships")
    text = export_toml(rs).replace(f"starting_items = {rs.economy.starting_items}", "starting_items = 2")
    return ruleset_from_text(text, "short partnerships")


@pytest.mark.parametrize("seed", [0, 2])
def test_the_end_of_a_partnership_contest_names_the_team(tmp_path: Path, seed: int) -> None:
    rs = short_partnerships()
    with Session.start(rs, 4, {s: player("random") for s in (1, 2, 3)}, seed, tmp_path / "g.json", False,  # type: ignore[arg-type]
                       describe) as session:
        session.level = 0
        out = Lines()
        session.run_computers(out)
        for _ in range(3000):
            if session.over:
                break
            session.handle("best" if session.pending is not None else "cast", out)
        pos = session.position
        assert session.over and pos.winner is not None
        team = [seat_name(s) for s in range(4) if pos.team(s) == pos.team(pos.winner)]
        words = " and ".join(team)
        ended = out.lines[-1]
        if "A" in team:
            assert ended == f"the contest is over: your team wins the contest: {words}!"
        else:
            assert ended == f"the contest is over: {words} win the contest as a team"
        assert f"  {words} win the contest as a team" in out.lines
