"""The ES module in a browser: a module Web Worker in headless Chromium loads the engine over http, plays seeded
positions and advises, and gets what the Python engine gets."""

from __future__ import annotations

import functools
import http.server
import json
import shutil
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from printgen.engine.position import Position
from printgen.rulesets import load_builtin
from printgen.web import build
from printgen.web.export import ruleset_data
from tests import phone_picture
from tests.test_web_conformance import _compare_advice, native_trace

JS = Path(build.__file__).resolve().parent / "js" / "patolli.mjs"
WORKER = """
import { loadEngine, LevelError } from "./js/patolli.mjs";
onmessage = async () => {
  const engine = await loadEngine();
  const rules = engine.rules(await (await fetch("bell.json")).json());
  const trace = rules.trace(11, 20000);
  const contest = rules.newContest(9);
  for (let i = 0; i < 60; i++) { const m = contest.cast(); contest.play(m, contest.bestMove(m, 0)); }
  while (contest.phase !== rules.data.phases.move) {
    const m = contest.cast();
    contest.play(m, contest.legalMoves(m)[0]);
  }
  const marks = contest.cast();
  const state = Array.from(contest.state, Number);
  const advice = [0, 1, 2].map((level) => contest.advise(marks, level));
  let named = null;
  try { contest.advise(marks, 9); } catch (e) { named = e instanceof LevelError ? e.name : String(e); }
  postMessage({ trace, state, marks, advice, named });
};
"""
PAGE = """<!doctype html><meta charset="utf-8"><title>worker</title><script type="module">
const w = new Worker("worker.mjs", { type: "module" });
w.onmessage = (e) => { window.result = e.data; };
w.onerror = (e) => { window.result = { error: String(e.message) }; };
w.postMessage("go");
</script>"""

missing = phone_picture.missing()
pytestmark = pytest.mark.skipif(missing is not None, reason=str(missing))


@contextmanager
def served(root: Path) -> Iterator[str]:
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(root))
    handler.func.extensions_map = {**handler.func.extensions_map, ".mjs": "text/javascript",  # type: ignore[attr-defined]
                                   ".wasm": "application/wasm"}
    handler.func.log_message = lambda *args: None  # type: ignore[attr-defined]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()


def test_a_module_worker_plays_and_advises_as_python_does(tmp_path: Path) -> None:
    (tmp_path / "js").mkdir()
    (tmp_path / "dist").mkdir()
    shutil.copy(JS, tmp_path / "js" / "patolli.mjs")
    shutil.copy(build.DIST / build.WASM, tmp_path / "dist" / build.WASM)
    bell = load_builtin("bell")
    (tmp_path / "bell.json").write_text(json.dumps(ruleset_data(bell, 2)))
    (tmp_path / "worker.mjs").write_text(WORKER)
    (tmp_path / "index.html").write_text(PAGE)
    with served(tmp_path) as url, phone_picture.chromium() as browser:
        page = browser.new_page()
        page.goto(url)
        page.wait_for_function("window.result !== undefined", timeout=60_000)
        result = page.evaluate("window.result")
    assert "error" not in result, result
    assert result["trace"] == native_trace(bell, 2, 11, 20000)
    pos = Position(bell, 2, tuple(result["state"]))
    for level, got in enumerate(result["advice"]):
        _compare_advice("bell in a worker", pos, result["marks"], level, got)
    assert result["named"] == "LevelError"
