"""index.html names every module its scripts import up front (`web/preload.py`), so a phone fetches them at once."""

from __future__ import annotations

import re

import pytest

from printgen.web import preload


def test_imports_are_read_from_static_import_and_export_lines_only() -> None:
    source = '''import { a } from "./a.js";
import {
  b,
  c,
} from "./b.js";
export { d } from "../d.js";
import "./side.js";
const later = () => import("./lazy.js");
// import { x } from "./comment-only.js" is not at the start of a line
'''
    assert preload.imports(source) == ["./a.js", "./b.js", "../d.js", "./side.js"]


def test_the_graph_is_every_module_reached_once_entries_left_out() -> None:
    files = {"js/main.js": b'import { x } from "./x.js";\nimport { y } from "./y.js";',
             "js/x.js": b'import { y } from "./y.js";\nimport { z } from "../lib/z.js";',
             "js/y.js": b'import { main } from "./main.js";', "lib/z.js": b""}
    assert preload.module_graph(files, ["js/main.js"]) == ["js/x.js", "js/y.js", "lib/z.js"]
    with pytest.raises(RuntimeError, match="js/x.js imports ./gone.js"):
        preload.module_graph({**files, "js/x.js": b'import "./gone.js";'}, ["js/main.js"])


def test_the_sites_page_preloads_exactly_what_its_scripts_import() -> None:
    from printgen.rulesets import load_builtin
    from printgen.web.site import site_contents

    files = site_contents([load_builtin("gatigo")])
    html = files["index.html"].decode()
    preloaded = re.findall(r'<link rel="modulepreload" href="([^"]+)">', html)
    entries = re.findall(r'<script type="module" src="([^"]+)"></script>', html)
    assert entries == ["js/engine.js", "js/main.js"]  # the engine's worker starts before the app's modules load
    assert len(preloaded) >= 10 and len(set(preloaded)) == len(preloaded)
    assert set(preloaded) == set(preload.module_graph(files, entries))
    assert "js/worker.js" not in preloaded and "<!--" not in html  # the worker's modules are the worker's own
    with pytest.raises(RuntimeError, match="modulepreload"):
        preload.with_preloads("<html></html>", files)
