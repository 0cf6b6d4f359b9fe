"""The statistics module: Wilson intervals and the chi-square test against published values."""

from __future__ import annotations

import math

import pytest

from printgen.stats import Z95, binomial_two_sided, chi2_sf, chi_square, normal_two_sided, wilson


def test_one_z_for_95_percent() -> None:
    assert normal_two_sided(Z95) == pytest.approx(0.05, abs=1e-12)


def test_wilson_interval_matches_known_values() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4) and hi == pytest.approx(0.5962, abs=1e-4)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=1e-4)
    assert wilson(10, 10)[1] == pytest.approx(1.0) and wilson(10, 10)[0] == pytest.approx(0.7225, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(7.5, 20) == pytest.approx((0.1998, 0.5905), abs=1e-4)  # a draw counts half a win


def test_chi_square_p_values_match_the_tables() -> None:
    # critical values at 5 % and 1 % from any chi-square table
    for x, df, p in ((3.841, 1, 0.05), (5.991, 2, 0.05), (11.070, 5, 0.05), (6.635, 1, 0.01), (15.086, 5, 0.01),
                     (9.210, 2, 0.01), (31.410, 20, 0.05)):
        assert chi2_sf(x, df) == pytest.approx(p, abs=2e-4), (x, df)
    assert chi2_sf(0, 3) == 1.0
    assert chi2_sf(2.0, 2) == pytest.approx(math.exp(-1.0), rel=1e-12)  # df 2: the survival is exp(-x/2)
    with pytest.raises(ValueError, match="degree of freedom"):
        chi2_sf(1.0, 0)


def test_pearson_statistic_of_a_die() -> None:
    # 60 throws of a die, 10 expected per face: the statistic is 2.8 on 5 degrees of freedom
    stat, p = chi_square([12, 8, 11, 7, 13, 9], [10.0] * 6)
    assert stat == pytest.approx(2.8) and p == pytest.approx(0.7308, abs=1e-4)
    with pytest.raises(ValueError, match="counts"):
        chi_square([1, 2], [1.0])


def test_binomial_p_value_by_the_normal_approximation() -> None:
    assert binomial_two_sided(50, 100, 0.5) == 1.0
    assert binomial_two_sided(60, 100, 0.5) == pytest.approx(0.0455, abs=1e-4)  # z = 2
    assert binomial_two_sided(3, 0, 0.5) == 1.0 and binomial_two_sided(3, 10, 0.0) == 1.0


def test_a_share_of_all_or_nothing_lies_inside_its_interval() -> None:
    for n in (1, 7, 48, 1000):
        assert wilson(n, n)[1] == 1.0 and wilson(0, n)[0] == 0.0
        assert wilson(n, n)[0] < 1.0 and wilson(0, n)[1] > 0.0
