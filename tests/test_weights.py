"""The evaluation's weights: checked against its features as they load; the players' modules import one way."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from printgen.players.evaluation.features import FEATURE_NAMES, NF
from printgen.players.evaluation.weights import WeightsError, load_weights, stored_weights

PLAYERS = Path(__file__).resolve().parent.parent / "printgen" / "players"


def _entry(n_game: int = NF, n_items: int = 2 * NF + 1, features: list[str] | None = None) -> dict[str, object]:
    return {"features": list(FEATURE_NAMES) if features is None else features,
            "w_game": [0.5] * n_game, "w_items": [0.25] * n_items}


def test_the_shipped_weights_fit_the_evaluation() -> None:
    weights = stored_weights()
    assert "gatigo/2" in weights and "bell+partnerships/4" in weights
    for w_game, w_items in weights.values():
        assert w_game.shape == (NF,) and w_items.shape == (2 * NF + 1,)


def test_a_weights_file_of_the_right_shape_loads(tmp_path: Path) -> None:
    path = tmp_path / "w.json"
    path.write_text(json.dumps({"gatigo/2": _entry()}))
    w_game, w_items = load_weights(path)["gatigo/2"]
    assert list(w_game) == [0.5] * NF and list(w_items) == [0.25] * (2 * NF + 1)


def test_a_weights_file_with_too_few_weights_is_refused_naming_the_key(tmp_path: Path) -> None:
    path = tmp_path / "w.json"
    path.write_text(json.dumps({"gatigo/2": _entry(), "bell/3": _entry(n_game=NF - 1)}))
    with pytest.raises(WeightsError) as info:
        load_weights(path)
    message = str(info.value)
    assert '"bell/3"' in message and '"w_game" has 7 numbers' in message and "need 8" in message
    assert ", ".join(FEATURE_NAMES) in message and "\n" not in message


def test_a_weights_file_for_other_features_is_refused_naming_both_lists(tmp_path: Path) -> None:
    path = tmp_path / "w.json"
    old = list(FEATURE_NAMES[:-1])
    path.write_text(json.dumps({"neeley/2": _entry(n_game=NF - 1, n_items=2 * NF - 1, features=old)}))
    with pytest.raises(WeightsError, match=r'"neeley/2" was fitted for the features') as info:
        load_weights(path)
    assert str(old) in str(info.value) and str(list(FEATURE_NAMES)) in str(info.value)


def test_a_weights_file_with_items_weights_missing_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "w.json"
    path.write_text(json.dumps({"gatigo/3": _entry(n_items=2 * NF)}))
    with pytest.raises(WeightsError, match=r'"gatigo/3": "w_items" has 16 numbers, .* need 17'):
        load_weights(path)


def test_the_evaluation_imports_without_the_fitting_code() -> None:
    code = ("import sys, printgen.players.evaluation.features\n"
            "print(sorted(m for m in sys.modules if m.startswith('printgen.players')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=PLAYERS.parent.parent).stdout
    loaded = ast.literal_eval(out)
    assert "printgen.players.evaluation.features" in loaded
    assert not {"printgen.players.roster.fit", "printgen.players.evaluation.weights", "printgen.players.search.policy",
                "printgen.players.search.plain"} & set(loaded)


def _imports(path: Path, modules: set[str]) -> set[str]:
    """Returns the printgen.players modules (as `evaluation.weights`) a module imports, anywhere in it (inside
    functions too)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found |= {f"{node.module}.{a.name}" for a in node.names}  # `from printgen.players.search import plain`
    inside = {m.removeprefix("printgen.players.") for m in found if m.startswith("printgen.players.")}
    return inside & modules


def import_graph() -> dict[str, set[str]]:
    """Returns {module: the printgen.players modules it imports} for every module of printgen.players."""
    paths = {".".join(p.relative_to(PLAYERS).with_suffix("").parts): p for p in PLAYERS.rglob("*.py")
             if p.name != "__init__.py"}
    return {name: _imports(path, set(paths)) - {name} for name, path in paths.items()}


def test_the_players_modules_import_one_way() -> None:
    graph = import_graph()
    # fitting on first use plays games, so it lives above the search; the evaluation only reads stored weights
    assert graph["roster.eval_tables"] >= {"roster.fit", "evaluation.weights", "roster.equity_games"}
    assert not {m for m in graph["evaluation.weights"] | graph["evaluation.equity"]
                if m.startswith(("search.", "roster.", "lab."))}
    assert "evaluation.features" in graph["search.plain"]
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> None:
        if module in path:
            raise AssertionError("import cycle: " + " -> ".join([*path[path.index(module):], module]))
        if module in done:
            return
        for dep in sorted(graph.get(module, ())):
            visit(dep, [*path, module])
        done.add(module)

    for module in sorted(graph):
        visit(module, [])
    assert done == set(graph)
