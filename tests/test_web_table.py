"""The phone's table (printgen/web/app/js/table.js, under Node) keeps the save `patolli play` reads, both ways:
a contest played on the phone, with computers, casts by the helper and undos, resumes in Python's session with
every turn checked, and a contest Python played loads on the phone and plays on."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from printgen.play.session import Session
from printgen.rules_text.narration import narrator
from printgen.ruleset_files import load_ruleset
from printgen.web.app_data import _strengths, game_files

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "printgen" / "web"
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed (Debian package nodejs; .ci/run "
                                                     "installs it)")


def app_tree(tmp: Path) -> Path:
    """Returns a folder laid out as the static site's code is: js/ (the app) and engine/ (module and wasm)."""
    site = tmp / "site"
    shutil.copytree(WEB / "app" / "js", site / "js")
    (site / "engine").mkdir()
    shutil.copy(WEB / "js" / "patolli.mjs", site / "engine")
    shutil.copy(WEB / "dist" / "patolli.wasm", site / "engine")
    return site


def _node(site: Path, tmp: Path, spec: str, players: int, mode: str, save: Path | None = None) -> dict:
    _, data = game_files(load_ruleset(spec), players, {})
    (tmp / "game.json").write_text(json.dumps(data))
    (tmp / "strengths.json").write_text(json.dumps(_strengths()))
    args = [NODE, str(ROOT / "tests" / "web" / "table.mjs"), str(site), str(tmp / "game.json"),
            str(tmp / "strengths.json"), mode] + ([str(save)] if save else [])
    done = subprocess.run(args, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


@pytest.mark.parametrize(("spec", "players"), [("bell", 2), ("gatigo", 3), ("bell+partnerships", 4),
                                               ("ocastudios", 2)])
def test_a_phone_save_resumes_in_python_and_back(spec: str, players: int, tmp_path: Path) -> None:
    site = app_tree(tmp_path)
    got = _node(site, tmp_path, spec, players, "play")
    assert (got["turns"] > 100 and got["undos"] >= 1) or (got["over"] and got["turns"] > 30)
    path = tmp_path / "phone.json"
    path.write_text(json.dumps(got["save"]))
    session = Session.read(path, narrator("en"))  # replays and checks every turn
    assert len(session.record.turns) == got["turns"]
    assert session.record.start.players == players
    assert session.over == got["over"]
    if session.over:
        return
    for _ in range(30):  # Python plays on, then the phone reads Python's save
        if session.over:
            break
        if session.position.to_move in session.computers:
            session.computer_turn()
        else:
            marks = session.helper_cast() if session.position.needs_cast else 0
            session.play_turn(marks if session.position.needs_cast else None,
                              session.position.legal_moves(marks)[0])
    session.save()
    back = _node(site, tmp_path, spec, players, "load", session.path)
    assert back["loadedTurns"] == len(session.record.turns)
    assert back["save"]["record"]["turns"][:back["loadedTurns"]] == json.loads(path.read_text())["record"]["turns"]


def test_a_save_naming_a_strength_as_it_was_before_resumes_against_that_strength(tmp_path: Path) -> None:
    """A save written when `expert` was the advisor at level 2 without noise names it `advisor:2`: the phone resumes
    it against `expert` (levels.FORMERLY), and its next save names the strength as it is now."""
    site = app_tree(tmp_path)
    got = _node(site, tmp_path, "ocastudios", 2, "play")
    old = {**got["save"], "computers": {"B": "advisor:2"}}
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old))
    back = _node(site, tmp_path, "ocastudios", 2, "load", path)
    assert back["loadedTurns"] == got["turns"] and back["save"]["computers"] == {"B": "expert"}
    path.write_text(json.dumps({**old, "computers": {"B": "advisor:1"}}))
    with pytest.raises(AssertionError, match="a player this app does not have"):
        _node(site, tmp_path, "ocastudios", 2, "load", path)
