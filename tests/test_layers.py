"""The layer order, written once and checked over every import of the package (function-level ones included).

Dependencies point one way: cli > serve > web > play, render, players > the text layer > findings > engine > rulesets;
inside players, solve < evaluation < search < roster < analysis < lab (the evaluation reads the solver's endgame
tables). `findings` holds the plain
values the players compute and the text layer and render show (a move's reasons, a reviewed contest), so the
players never import words or pictures and render never imports the players. The portable core (what the browser
build compiles, and what any front end may carry) imports no file I/O and no word layer.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "printgen"

# Each layer, and the layers it may import (besides itself).
BASE = {"base"}
# what every layer above the engine may read; `findings` are the plain values the players compute and the words and
# pictures show (a move's reasons, a reviewed contest), so neither need import the other
CORE = BASE | {"rulesets", "engine", "loading", "findings"}
PLAYERS = {"evaluation", "search", "roster", "solve", "analysis"}  # the players a front end may call (not the lab)
ALLOWED: dict[str, set[str]] = {
    "base": set(),
    "rulesets": BASE,
    "loading": BASE | {"rulesets"},  # ruleset_files: a person's ruleset file read from disk
    "engine": BASE | {"rulesets"},
    "findings": BASE | {"rulesets", "engine"},
    "text": CORE,
    "evaluation": CORE | {"solve"},
    "search": CORE | {"evaluation", "solve"},
    "roster": CORE | {"evaluation", "search", "solve"},
    "solve": CORE,
    "analysis": CORE | PLAYERS - {"analysis"},
    "lab": CORE | PLAYERS,
    "render": CORE | {"text"},
    "play": CORE | {"text"} | PLAYERS,
    "serve": CORE | {"text", "render", "play", "web"} | PLAYERS,  # web: it serves the phone app
    "web": CORE | {"text", "render", "play", "lab"} | PLAYERS,  # lab: its benchmark samples the lab's positions
    "cli": set(),  # filled below: the command line may import every layer
}
ALLOWED["cli"] = set(ALLOWED) - {"cli"} | {"serve", "web"}

# The portable core: no file I/O (the project's `files` module, fcntl) and no word layer.
PORTABLE = ("printgen.rulesets", "printgen.engine.topology", "printgen.engine.tables", "printgen.engine.kernel",
            "printgen.engine.layout", "printgen.engine.rng", "printgen.engine.position", "printgen.engine.moves",
            "printgen.engine.notation", "printgen.engine.events", "printgen.engine.beans", "printgen.engine.seats",
            "printgen.engine.record", "printgen.engine.integrity")
NOT_PORTABLE = ("printgen.files", "fcntl", "printgen.lang", "printgen.rules_text")


def layer(module: str) -> str:
    """Returns the layer of a module of the package (dotted name from `printgen.`)."""
    parts = module.split(".")[1:]
    top = parts[0] if parts else ""
    if top == "players":
        return parts[1] if len(parts) > 2 else "base"  # players/__init__: a docstring only
    if top in ("rules_text", "lang"):
        return "text"
    if top == "ruleset_files":
        return "loading"
    if top == "components":
        return "text"  # what the printed kit holds: read by the booklet and the sheets
    if top in ("errors", "inputs", "interrupts", "files", "stats", "languages", "__init__", "__main__", "fonts", ""):
        return "cli" if top == "__main__" else "base"
    return top


def module_name(path: Path) -> str:
    """Returns the dotted name of a source file of the package."""
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def imports() -> dict[str, list[tuple[int, str]]]:
    """Returns every module's imports (line, imported module), function-level ones included."""
    out: dict[str, list[tuple[int, str]]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        name = module_name(path)
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        found: list[tuple[int, str]] = []
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Import):
                found += [(node.lineno, a.name) for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(parent + ([base] if base else []))
                found.append((node.lineno, base))
                # `from printgen.players.search import plain` imports the module printgen.players.search.plain
                found += [(node.lineno, f"{base}.{a.name}") for a in node.names
                          if (PACKAGE.parent / f"{base}.{a.name}".replace(".", "/")).with_suffix(".py").exists()
                          or (PACKAGE.parent / f"{base}.{a.name}".replace(".", "/")).is_dir()]
        out[name] = found
    return out


def test_every_import_follows_the_layer_order() -> None:
    wrong = []
    for name, found in imports().items():
        mine = layer(name)
        for line, target in found:
            if not target.startswith("printgen"):
                continue
            theirs = layer(target)
            if theirs != mine and theirs not in ALLOWED[mine]:
                wrong.append(f"{name}:{line} ({mine}) imports {target} ({theirs})")
    assert not wrong, "imports against the layer order:\n" + "\n".join(wrong)


def test_the_portable_core_imports_no_file_io_and_no_words() -> None:
    wrong = [f"{name}:{line} imports {target}" for name, found in imports().items()
             if name.startswith(PORTABLE) for line, target in found
             if any(target == bad or target.startswith(bad + ".") for bad in NOT_PORTABLE)]
    assert not wrong, "the portable core reaches file I/O or words:\n" + "\n".join(wrong)


def test_no_import_circle_in_the_engine_and_rulesets() -> None:
    graph = {name: {t for _, t in found if t in imports() and t != name}
             for name, found in imports().items() if name.startswith(("printgen.engine", "printgen.rulesets"))}
    circles = []
    for start in graph:
        stack, seen = [(start, [start])], set()
        while stack:
            node, trail = stack.pop()
            for nxt in graph.get(node, ()):
                if nxt == start:
                    circles.append(" -> ".join([*trail, start]))
                elif nxt not in seen:
                    seen.add(nxt)
                    stack.append((nxt, [*trail, nxt]))
    assert not circles, "import circles:\n" + "\n".join(sorted(set(circles)))


def test_every_module_has_a_layer() -> None:
    assert all(layer(name) in ALLOWED for name in imports()), sorted(
        name for name in imports() if layer(name) not in ALLOWED)


def test_the_checker_sees_a_wrong_import() -> None:
    # the checker itself: an engine module importing the players would be caught
    assert "evaluation" not in ALLOWED[layer("printgen.engine.kernel")]
    assert layer("printgen.players.search.pruned") == "search"
    assert "render" not in ALLOWED["analysis"] and "text" not in ALLOWED["lab"]


# ---- the state's offsets: only the layout, the kernel and position.py know them ----

LAYOUT = PACKAGE / "engine" / "layout.py"
# (and the integrity check, which reads every word of a state the kernel did not write to see it is safe to play)
KNOWS_OFFSETS = ("printgen.engine.layout", "printgen.engine.kernel", "printgen.engine.position",
                 "printgen.engine.integrity")
STATE_MODULES = ("printgen.engine.layout", "printgen.engine.kernel")


@cache
def offset_names() -> frozenset[str]:
    """Returns the layout's names of places in the state: header, player block and piece and cell offsets, and the
    functions that return an index (not a value)."""
    names = set()
    for node in ast.parse(LAYOUT.read_text("utf-8")).body:
        targets = node.targets if isinstance(node, ast.Assign) else []
        for t in targets:
            for n in (t.elts if isinstance(t, ast.Tuple) else [t]):
                if isinstance(n, ast.Name) and (n.id.startswith(("H_", "P_")) or n.id in ("P0", "PS", "K0", "O0")):
                    names.add(n.id)
    return frozenset(names | {"pb", "piece_slot", "cell_slot"})


def raw_offsets(source: str) -> list[tuple[int, str]]:
    """Returns (line, name) for every offset of the state a module names: imported from the layout or the kernel,
    or read as an attribute of either module."""
    tree = ast.parse(source)
    aliases, found = set(), []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            aliases |= {a.asname or a.name for a in node.names if a.name in STATE_MODULES}
        elif isinstance(node, ast.ImportFrom) and node.module:
            for a in node.names:
                if f"{node.module}.{a.name}" in STATE_MODULES:
                    aliases.add(a.asname or a.name)
                elif node.module in STATE_MODULES and a.name in offset_names():
                    found.append((node.lineno, a.name))
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and node.attr in offset_names()
                and isinstance(node.value, ast.Name) and node.value.id in aliases):
            found.append((node.lineno, node.attr))
    return sorted(found)


def test_only_the_layout_the_kernel_and_position_name_the_state_offsets() -> None:
    wrong = [f"{module_name(path)}:{line} names {name}" for path in sorted(PACKAGE.rglob("*.py"))
             if module_name(path) not in KNOWS_OFFSETS for line, name in raw_offsets(path.read_text("utf-8"))]
    assert not wrong, "use the accessors of engine/layout.py:\n" + "\n".join(wrong)


def test_the_offset_checker_sees_raw_offsets() -> None:
    assert {"H_PHASE", "P_HOLD", "K0", "O0", "pb"} <= offset_names() and "STATE_SIZE" not in offset_names()
    snippet = ("from printgen.engine import kernel as k\nfrom printgen.engine.layout import O0, STATE_SIZE\n"
               "import printgen.engine.layout as lay\nx = k.H_GAME + lay.pb(0) + lay.holding(st, 0) + sc.pb[0]\n")
    assert raw_offsets(snippet) == [(2, "O0"), (4, "H_GAME"), (4, "pb")]
