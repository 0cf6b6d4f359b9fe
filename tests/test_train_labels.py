"""Training on playout labels (`patolli lab train --rollouts R`, issue 24 item 2): each recorded position labelled by
playouts to the end of its game. The labels are checked against the exact values of a solved game, where play
has no choice left, and the training against its own reproducibility."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from typer.testing import CliRunner

from printgen.cli.app import app
from printgen.engine.position import Phase, Position
from printgen.engine.rng import cast_marks
from printgen.players.lab.train import TrainConfig, train
from printgen.players.lab.train_labels import label_chunk
from printgen.players.roster.eval_tables import eval_tables_for
from printgen.players.roster.registry import seeded_rng
from printgen.players.search.plain import make_scratch
from printgen.players.search.policy import ADVISOR
from printgen.players.solve.solver import solve, solved_game
from printgen.rulesets import load_builtin

runner = CliRunner()
TINY = dict(games=16, hidden=4, gen_games=8, epochs=1)


def _forced_positions(game, count: int, seed: int) -> list[Position]:
    """Positions of seeded random one-piece games where both pieces are on the board: no choice is left to make."""
    found: list[Position] = []
    rng = np.random.default_rng(seed)
    t = Position.new(game, 2).tables
    kernel_rng = seeded_rng(seed)
    while len(found) < count:
        pos = Position.new(game, 2)
        for _ in range(400):
            if pos.phase is Phase.OVER:
                break
            if pos.phase is Phase.MOVE and all(pos.on_board(s) == 1 for s in (0, 1)) and rng.random() < 0.2:
                found.append(pos)
                break
            marks = int(cast_marks(t, kernel_rng))
            codes = pos.move_codes(marks)
            pos, _ = pos.play(marks, codes[int(rng.integers(len(codes)))])
    return found


def test_playout_labels_agree_with_the_exact_values_where_play_is_forced() -> None:
    game = solved_game(load_builtin("gatigo"), 1)
    solution = solve(game)
    positions = _forced_positions(game, 6, 3)
    et = eval_tables_for(game, 2)
    sc = make_scratch(0, 0)
    spec = np.array([ADVISOR, 0, 0], dtype=np.int64)
    states = np.array([p.array() for p in positions])
    playouts = 3000
    y, counted = label_chunk(solution.tables, et, sc, spec, seeded_rng(11), states, playouts)
    assert (counted == playouts).all()
    assert np.allclose(y.sum(axis=1), 1.0)
    for pos, label in zip(positions, y, strict=True):
        exact = solution.value(pos)
        got = label[pos.to_move]
        se = math.sqrt(max(exact * (1 - exact), 1e-4) / playouts)
        assert abs(got - exact) <= 4.5 * se, (str(pos), got, exact)


def test_training_on_playout_labels_is_seeded_whatever_the_workers(tmp_path) -> None:
    a, b, td = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "td.json"
    train(TrainConfig("neeley", 2, seed=4, rollouts=3, label_every=2, **TINY), a)
    train(TrainConfig("neeley", 2, seed=4, rollouts=3, label_every=2, **TINY), b, workers=2)
    train(TrainConfig("neeley", 2, seed=4, **TINY), td)
    assert a.read_bytes() == b.read_bytes()
    entry, plain = json.loads(a.read_text()), json.loads(td.read_text())
    assert entry["rollouts"] == 3 and plain["rollouts"] == 0 and entry["label_every"] == 2
    labelled, recorded = entry["history"][0]["samples"], plain["history"][0]["samples"]
    assert recorded // 2 <= labelled <= recorded // 2 + 8  # one in two of each chunk's positions
    assert entry["w2"] != plain["w2"]  # the same games, other labels: other weights


@pytest.mark.parametrize("args,message", [
    (["--rollouts", "-1"], "invalid value for '--rollouts': it must be at least 0"),
    (["--rollouts", "4", "--label-every", "0"], "invalid value for '--label-every': it must be at least 1"),
    (["--generation-games", "0"], "invalid value for '--generation-games': it must be at least 1"),
])
def test_bad_training_label_options_get_one_line_and_exit_2(tmp_path, args: list[str], message: str) -> None:
    result = runner.invoke(app, ["lab", "train", "--ruleset", "gatigo", *args, "--out", str(tmp_path / "n.json")])
    assert result.exit_code == 2
    assert message in result.output and len(result.output.strip().splitlines()) == 1
