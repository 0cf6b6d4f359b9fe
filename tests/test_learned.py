"""The learned evaluation: its compiled forward pass, the shipped networks and `patolli lab train`
(seeded, resumable)."""

from __future__ import annotations

import json

import numpy as np
import pytest
from helpers import CliRunner, P

from printgen.cli.app import app
from printgen.engine import kernel as k
from printgen.engine import layout as lay
from printgen.engine.rng import cast_marks, next_u32, seed_rng
from printgen.players.evaluation import learned
from printgen.players.evaluation.features import (
    MODEL_LEARNED,
    MODEL_LINEAR,
    MODEL_NOW,
    NF,
    V_CONTEST,
    V_GAME,
    evaluate_model,
    evaluation_buffers,
    features,
)
from printgen.players.lab.train import TrainConfig, checkpoint_path, train
from printgen.players.roster.eval_tables import eval_tables_for
from printgen.players.roster.registry import player
from printgen.ruleset_files import load_ruleset
from printgen.rulesets import BUILTIN

runner = CliRunner()
TINY = dict(games=16, hidden=4, gen_games=8, epochs=1)  # two generations of eight games


def random_net(seed: int, hidden: int = 8) -> np.ndarray:
    rng = np.random.default_rng(seed)
    width = learned.input_count(NF)
    dense = learned.dense_inputs(NF)
    return learned.pack(rng.normal(0, 1, NF), rng.normal(0, 0.5, (hidden, width)), rng.normal(0, 0.5, hidden),
                        rng.normal(0, 1, hidden),
                        rng.normal(0, 1, dense), rng.uniform(0.5, 2, dense))


def played_states(spec: str, players: int, count: int, seed: int) -> list[np.ndarray]:
    """Returns move-phase states of random play (contests restarted as they end)."""
    t = load_ruleset(spec)
    from printgen.engine.tables import tables_for

    t = tables_for(t, players)
    st = np.zeros(lay.STATE_SIZE, dtype=np.int64)
    ev = np.zeros(1 + k.EV_MAX * k.EV_WIDTH, dtype=np.int64)
    moves = np.zeros(512, dtype=np.int64)
    rng = np.zeros(4, dtype=np.int64)
    seed_rng(rng, seed)
    k.init_contest(st, t, ev)
    out = []
    while len(out) < count:
        if st[k.H_PHASE] == k.PHASE_OVER:
            k.init_contest(st, t, ev)
        if st[k.H_PHASE] == k.PHASE_MOVE and next_u32(rng) % 3 == 0:
            out.append(st.copy())
        marks = cast_marks(t, rng) if st[k.H_PHASE] != k.PHASE_BET else 0
        n = k.legal_moves(st, t, marks, moves)
        ev[0] = 0
        k.play(st, t, marks, moves[next_u32(rng) % n], ev)
    return out


@pytest.mark.parametrize("spec,players", [("gatigo", 2), ("bell", 4), ("neeley", 2), ("bell+partnerships", 4)])
def test_the_compiled_forward_pass_equals_the_numpy_reference(spec: str, players: int) -> None:
    rs = load_ruleset(spec)
    from printgen.engine.tables import tables_for

    t = tables_for(rs, players)
    net = random_net(7)
    et = eval_tables_for(rs, players)._replace(net=net)
    out, fx = evaluation_buffers()
    x = np.zeros((k.MAXP, learned.input_count(NF)))
    checked = 0
    for st in played_states(spec, players, 60, 11):
        features(st, t, et, fx)
        learned.inputs(st, t, fx, x, learned.BUCKETS)
        live = np.array([lay.solvent(st, p) for p in range(players)], dtype=bool)
        want = learned.reference_scores(net, x[:players], live)
        out[:] = 0.0
        learned.seat_scores(st, t, net, fx, out, V_GAME)
        s = np.where(live, out[V_GAME, :players], -np.inf)
        got = np.exp(s - s[live].max())
        np.testing.assert_allclose(got / got.sum(), want, rtol=1e-10, atol=1e-12)
        checked += int(x[:players, learned.dense_inputs(NF):].sum() > 0)  # pieces on the board were encoded
    assert checked > 10


def test_the_learned_model_gives_the_networks_chances_and_falls_back_without_one() -> None:
    rs = load_ruleset("gatigo")
    from printgen.engine.tables import tables_for

    t = tables_for(rs, 2)
    net = random_net(3)
    base = eval_tables_for(rs, 2)
    out, fx = evaluation_buffers()
    x = np.zeros((k.MAXP, learned.input_count(NF)))
    for st in played_states("gatigo", 2, 20, 5):
        st[lay.pb(0) + lay.P_HOLD] = st[lay.pb(1) + lay.P_HOLD] = 20  # rich seats: no risk of ruin to mix in
        evaluate_model(st, t, base._replace(net=net), st[k.H_GAME], out, fx, MODEL_LEARNED)
        features(st, t, base, fx)
        learned.inputs(st, t, fx, x, learned.BUCKETS)
        np.testing.assert_allclose(out[V_GAME, :2], learned.reference_scores(net, x[:2], np.ones(2, bool)),
                                   rtol=1e-10)
        assert out[V_CONTEST, 0] + out[V_CONTEST, 1] == pytest.approx(1.0)
        evaluate_model(st, t, base._replace(net=np.zeros(0)), st[k.H_GAME], out, fx, MODEL_LEARNED)
        learned_without = out[:, :2].copy()
        evaluate_model(st, t, base, st[k.H_GAME], out, fx, MODEL_NOW)
        np.testing.assert_array_equal(learned_without, out[:, :2])


def test_player_names_read_back() -> None:
    assert player("advisor-learned").name == "advisor-learned"
    assert player("advisor-learned:1").name == "advisor-learned:1"
    assert player("advisor-learned:1") != player("advisor:1")
    assert player("advisor-linear:2").name == "advisor-linear:2" and player("advisor-linear").b == MODEL_LINEAR


@pytest.mark.parametrize("spec", sorted(BUILTIN))
def test_the_default_advisor_reads_the_network_only_where_it_was_chosen(spec: str) -> None:
    rs = load_ruleset(spec)
    et = eval_tables_for(rs, 2)
    assert et.net.shape[0] > 0  # every built-in ships a two-player network
    chosen = MODEL_LEARNED if f"{spec}/2" in learned.DEFAULT_KEYS else MODEL_LINEAR
    assert int(et.default_model[0]) == chosen
    out, fx = evaluation_buffers()
    same = differ = 0
    for st in played_states(spec, 2, 20, 5):
        rows = {}
        for model in (MODEL_NOW, MODEL_LEARNED, MODEL_LINEAR):
            evaluate_model(st, et_tables(spec), et, st[k.H_GAME], out, fx, model)
            rows[model] = out[:, :2].copy()
        np.testing.assert_array_equal(rows[MODEL_NOW], rows[chosen])
        same += 1
        differ += int(not np.array_equal(rows[MODEL_LEARNED], rows[MODEL_LINEAR]))
    assert same >= 20 and differ > 0  # the two models differ, so the default really is one of them
    # a variant (or a custom ruleset) has no network: every model but 2026's is the linear one
    variant = {"bell": "bell+no_gambling", "ocastudios": "ocastudios+empty_start"}.get(spec)
    if variant is not None:
        assert eval_tables_for(load_ruleset(variant), 2).default_model[0] == MODEL_LINEAR


def race(spec: str, home: int) -> str:
    rs = load_ruleset(spec)
    pieces = rs.players.pieces_for(2)
    items = rs.economy.starting_items
    a = ",".join(["*"] * home + ["h"] * (pieces - home))
    b = ",".join(["h"] * pieces)
    return f"{spec}/2 g1 move B starter=A last=- pool=0 offering=0 | A {items} cw {a} | B {items} cw {b}"


@pytest.mark.parametrize("spec", sorted(BUILTIN))
def test_shipped_networks_load_and_give_chances_that_sum_to_one(spec: str) -> None:
    rs = load_ruleset(spec)
    assert learned.stored_net(f"{rs.spec}/2", NF) is not None
    et = eval_tables_for(rs, 2)
    assert et.net.size > 0
    out, fx = evaluation_buffers()
    for st in played_states(spec, 2, 30, 3):
        evaluate_model(st, et_tables(spec), et, st[k.H_GAME], out, fx, MODEL_LEARNED)
        assert out[V_GAME, :2].sum() == pytest.approx(1.0)
        assert out[V_CONTEST, :2].sum() == pytest.approx(1.0)
        assert ((out[V_GAME, :2] >= 0) & (out[V_GAME, :2] <= 1)).all()


def et_tables(spec: str):
    from printgen.engine.tables import tables_for

    return tables_for(load_ruleset(spec), 2)


# Ocastudios' contests end by ruin inside the first game, so self-play almost never brings a piece home: the network
# has seen no position like these, and there its bounded correction outweighs the linear model's small race terms.
NEVER_SEEN = pytest.mark.xfail(strict=True, reason="Ocastudios: pieces home with the rest in the hand are never seen "
                               "in self-play; the network thinks the first piece home a loss (docs/learning.md)")


@pytest.mark.parametrize("spec", [pytest.param(s, marks=NEVER_SEEN) if s == "ocastudios" else s
                                  for s in sorted(BUILTIN)])
def test_shipped_networks_are_monotone_in_a_clear_race_lead(spec: str) -> None:
    rs = load_ruleset(spec)
    et = eval_tables_for(rs, 2)
    out, fx = evaluation_buffers()
    chances = []
    for home in range(rs.players.pieces_for(2)):
        pos = P(race(spec, home))
        st = pos.array()
        evaluate_model(st, pos.tables, et, st[k.H_GAME], out, fx, MODEL_LEARNED)
        chances.append(out[V_GAME, 0])
    assert all(b > a for a, b in zip(chances, chances[1:], strict=False)), chances  # more home, better
    assert chances[-1] > 0.7


def _bytes(path) -> bytes:
    return path.read_bytes()


def test_training_is_seeded_whatever_the_workers(tmp_path) -> None:
    a, b, c = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "c.json"
    train(TrainConfig("gatigo", 2, seed=4, **TINY), a)
    train(TrainConfig("gatigo", 2, seed=4, **TINY), b, workers=2)
    train(TrainConfig("gatigo", 2, seed=5, **TINY), c)
    assert _bytes(a) == _bytes(b)
    assert _bytes(a) != _bytes(c)
    entry = json.loads(a.read_text())
    assert entry["key"] == "gatigo/2" and len(entry["history"]) == 2
    assert learned.entry_net(entry, NF, "a").size > 0
    assert not checkpoint_path(a).exists()


def test_resume_ends_with_the_weights_of_an_uninterrupted_run(tmp_path) -> None:
    whole, cut = tmp_path / "whole.json", tmp_path / "cut.json"
    config = TrainConfig("ocastudios", 2, seed=9, **TINY)
    train(config, whole)
    assert train(config, cut, stop_after=1) is None
    assert checkpoint_path(cut).is_file() and not cut.exists()
    result = train(config, cut, resume=True)
    assert result is not None and result.resumed_at == 1
    assert _bytes(cut) == _bytes(whole)


@pytest.mark.parametrize("args,message", [
    (["--ruleset", "neeley", "--players", "3"], "ruleset 'neeley' is played by 2 players, not 3"),
    (["--ruleset", "nowhere"], "unknown ruleset 'nowhere'"),
    (["--resume"], "no checkpoint"),
])
def test_bad_train_input_gets_one_line_and_exit_2(tmp_path, args: list[str], message: str) -> None:
    result = runner.invoke(app, ["lab", "train", *args, "--out", str(tmp_path / "n.json")])
    assert result.exit_code == 2
    assert message in result.output
    assert len(result.output.strip().splitlines()) == 1


def test_train_never_overwrites_without_force(tmp_path) -> None:
    out = tmp_path / "mine.json"
    out.write_text("keep")
    result = runner.invoke(app, ["lab", "train", "--ruleset", "gatigo", "--out", str(out)])
    assert result.exit_code == 2 and "exists" in result.output
    assert out.read_text() == "keep"


def test_train_checkpoint_of_other_settings_is_refused(tmp_path) -> None:
    out = tmp_path / "n.json"
    train(TrainConfig("gatigo", 2, seed=4, **TINY), out, stop_after=1)
    result = runner.invoke(app, ["lab", "train", "--ruleset", "gatigo", "--games", "16", "--seed", "5", "--resume",
                                 "--out", str(out)])
    assert result.exit_code == 2
    assert "other settings" in result.output and "seed 4 (now 5)" in result.output
