"""The transform type: composing, inverting and the constructors, on the page's y-down frame."""

from __future__ import annotations

import random

import pytest

from printgen.render.affine import IDENTITY, Affine


def _random_affine(rng: random.Random) -> Affine:
    """Returns a well-conditioned random transform: a turn, an uneven scale, a shear and a shift."""
    t = Affine.rotate(rng.uniform(-180, 180), rng.uniform(-50, 50), rng.uniform(-50, 50))
    shear = Affine(1, rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5), 1, 0, 0)
    return Affine.translate(rng.uniform(-100, 100), rng.uniform(-100, 100)) @ t @ shear @ Affine.scale(
        rng.uniform(0.2, 5), rng.choice([-1, 1]) * rng.uniform(0.2, 5))


def _close(p: tuple[float, float], q: tuple[float, float]) -> bool:
    return p == pytest.approx(q, abs=1e-9)


def test_constructors_move_points_as_named() -> None:
    assert Affine.translate(3, -2).apply(1, 1) == (4, -1)
    assert Affine.scale(2).apply(3, 4) == (6, 8)
    assert Affine.scale(2, -1).apply(3, 4) == (6, -4)
    # y points down the page, so a quarter turn takes "right" to "down": clockwise as printed.
    assert _close(Affine.rotate(90).apply(1, 0), (0, 1))
    assert _close(Affine.rotate(180, 10, 5).apply(12, 5), (8, 5))
    assert Affine.rotate(37, 4, 9).apply(4, 9) == pytest.approx((4, 9))


def test_quarter_turns_are_exact_and_agree_with_rotate() -> None:
    for q in range(-4, 8):
        exact = Affine.quarter_turn(q)
        assert all(v in (-1, 0, 1) and isinstance(v, int) for v in exact)
        assert tuple(exact) == pytest.approx(tuple(Affine.rotate(90 * q)), abs=1e-12)
    assert Affine.quarter_turn(1) @ Affine.quarter_turn(3) == IDENTITY


def test_compose_applies_the_inner_transform_first() -> None:
    move, turn = Affine.translate(10, 0), Affine.rotate(90)
    assert _close((move @ turn).apply(1, 0), (10, 1))  # turned, then moved
    assert _close((turn @ move).apply(1, 0), (0, 11))  # moved, then turned
    assert move.compose(turn) == move @ turn


def test_compose_matches_applying_in_turn() -> None:
    rng = random.Random(9)
    for _ in range(200):
        outer, inner = _random_affine(rng), _random_affine(rng)
        x, y = rng.uniform(-100, 100), rng.uniform(-100, 100)
        assert (outer @ inner).apply(x, y) == pytest.approx(outer.apply(*inner.apply(x, y)), rel=1e-9, abs=1e-9)


def test_inverse_round_trips_points_and_composes_to_identity() -> None:
    rng = random.Random(4)
    for _ in range(200):
        t = _random_affine(rng)
        x, y = rng.uniform(-100, 100), rng.uniform(-100, 100)
        assert t.inverse().apply(*t.apply(x, y)) == pytest.approx((x, y), rel=1e-9, abs=1e-9)
        assert tuple(t @ t.inverse()) == pytest.approx(tuple(IDENTITY), abs=1e-9)
        assert tuple(t.inverse() @ t) == pytest.approx(tuple(IDENTITY), abs=1e-9)
        assert tuple(t.inverse().inverse()) == pytest.approx(tuple(t), rel=1e-9, abs=1e-9)


def test_identity_leaves_points_and_transforms_alone() -> None:
    t = Affine(1.5, 0.2, -0.3, 0.8, 4, -7)
    assert IDENTITY @ t == t == t @ IDENTITY
    assert IDENTITY.apply(3.25, -1.5) == (3.25, -1.5)


def test_a_transform_unpacks_in_pdf_and_svg_order() -> None:
    a, b, c, d, e, f = Affine(1, 2, 3, 4, 5, 6)
    assert (a, b, c, d, e, f) == (1, 2, 3, 4, 5, 6)
    assert Affine(1, 2, 3, 4, 5, 6).apply(1, 1) == (1 + 3 + 5, 2 + 4 + 6)


def test_a_flattening_transform_has_no_inverse() -> None:
    with pytest.raises(ValueError, match="has no inverse"):
        Affine.scale(1, 0).inverse()
