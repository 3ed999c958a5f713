import math

import numpy as np
import pytest
from scipy import stats as st

from reports import stats


def test_wilson_statistics_md_example():
    lo, hi = stats.wilson(5100, 10000)
    assert round(lo, 4) == 0.5002 and round(hi, 4) == 0.5198
    ci = st.binomtest(5100, 10000).proportion_ci(method="wilson")
    assert lo == pytest.approx(ci.low, abs=1e-12) and hi == pytest.approx(ci.high, abs=1e-12)
    assert round(stats.binom_pvalue(5100, 10000, 0.5), 3) == 0.047


@pytest.mark.parametrize("k,n", [(0, 10), (1, 10), (7, 10), (10, 10), (37, 200), (2500, 10000)])
def test_wilson_and_exact_equal_scipy_for_integers(k, n):
    r = st.binomtest(k, n)
    w = r.proportion_ci(method="wilson")
    e = r.proportion_ci(method="exact")
    assert stats.wilson(k, n) == pytest.approx((w.low, w.high), abs=1e-12)
    assert stats.clopper_pearson(k, n) == pytest.approx((e.low, e.high), abs=1e-9)
    assert stats.binom_pvalue(k, n, 0.3) == pytest.approx(st.binomtest(k, n, 0.3).pvalue)


def test_fractional_counts_lie_between_neighbours():
    for f in (stats.wilson, stats.clopper_pearson):
        a, b, c = f(30, 100), f(30.5, 100), f(31, 100)
        assert a[0] < b[0] < c[0] and a[1] < b[1] < c[1]
    p = stats.binom_pvalue(5100.5, 10000, 0.5)
    assert stats.binom_pvalue(5101, 10000, 0.5) <= p <= stats.binom_pvalue(5100, 10000, 0.5)
    lo, hi = stats.wilson(np.array([10.5, 20.0]), np.array([100, 100]))
    assert lo.shape == (2,) and lo[1] == pytest.approx(stats.wilson(20, 100)[0])


def test_holm_known_values():
    p = [0.01, 0.04, 0.03, 0.005]
    # sorted 0.005*4=0.02, 0.01*3=0.03, 0.03*2=0.06, 0.04*1 -> max 0.06
    assert stats.holm(p) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert stats.holm([0.5, 0.9]) == pytest.approx([1.0, 1.0])


def test_holm_leaves_the_collector_as_it_was():
    """The adjustment freezes the heap around statsmodels' gc.collect() (a speed-up) and must unfreeze it,
    even when statsmodels raises."""
    import gc
    before = gc.get_freeze_count()
    stats.holm([0.01, 0.2, 0.03])
    assert gc.get_freeze_count() == before
    with pytest.raises(Exception):
        stats._adjust([0.1, 0.2], "no such method")
    assert gc.get_freeze_count() == before


def test_bh_matches_scipy():
    rng = np.random.default_rng(0)
    for m in (1, 5, 40):
        p = rng.random(m) ** 3
        assert stats.benjamini_hochberg(p) == pytest.approx(st.false_discovery_control(p))
    assert stats.benjamini_hochberg([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.02, 0.04, 0.04, 0.02])


def test_sample_sizes_of_statistics_md():
    assert stats.games_needed_seat(2) == pytest.approx(19600, rel=0.02)
    assert stats.games_needed_seat(4) == pytest.approx(14800, rel=0.02)
    assert stats.games_needed_seat(4, bonferroni=True) == pytest.approx(21000, rel=0.02)
    assert stats.chisq_games_needed(4) == pytest.approx(20400, rel=0.02)
    hw = stats.half_width([1e4, 1e5, 1e6])
    assert 100 * hw == pytest.approx([0.98, 0.31, 0.098], rel=0.02)
    d = stats.detectable_edge(stats.games_needed(0.51, 0.5), 0.5)
    assert d == pytest.approx(0.01, rel=1e-3)


def test_chisquare_and_elo():
    stat, p = stats.seat_chisquare([260, 240, 250, 250])
    assert p == pytest.approx(st.chisquare([260, 240, 250, 250]).pvalue)
    assert stats.elo_from_edge(0.01) == pytest.approx(7, abs=0.1)
    assert round(stats.elo_from_edge(0.021)) == 15
    assert math.isnan(stats.seat_chisquare([0, 0])[0])


def test_interval_ends_are_exact():
    """0 wins: the interval starts at exactly 0; all wins: it ends at exactly 1 (plots draw
    error bars from rate - low and high - rate, which must not be negative)."""
    for f in (stats.wilson, stats.clopper_pearson):
        lo, hi = f(np.array([0.0, 7.0, 10.0]), np.array([10, 10, 10]))
        assert lo[0] == 0.0 and hi[2] == 1.0
        assert (lo <= np.array([0, 0.7, 1.0])).all() and (hi >= np.array([0, 0.7, 1.0])).all()
