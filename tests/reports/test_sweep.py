import numpy as np
import pytest

from reports import aggregate
from reports import sweep as sw
from reports.aggregate import aggregate_run
from reports.data import load_meta
from tests.reports.conftest import linear_sweep, write_run


def test_first_crossing_cases():
    x = np.array([0.0, 1.0, 2.0, 3.0])
    r = np.array([[0.3, 0.28, 0.22, 0.2],    # crosses between 1 and 2 at 1 + 0.03/0.06
                  [0.3, 0.25, 0.2, 0.2],     # exactly on the line at x=1
                  [0.3, 0.3, 0.3, 0.3]])     # never
    out = sw.first_crossing(x, r, 0.25)
    assert out[0] == pytest.approx(1.5) and out[1] == 1.0 and np.isnan(out[2])
    c = sw.fair_crossing([3, 2, 1, 0], [0.2, 0.22, 0.28, 0.3], 0.25)  # unsorted input
    assert c["value"] == pytest.approx(1.5) and c["between"] == (1.0, 2.0)
    assert sw.fair_crossing(x, r[2], 0.25)["value"] is None


def test_komi_crossing_recovered(tmp_path):
    run = write_run(tmp_path / "sweep", sweep=linear_sweep(n_seeds=4000), n_seeds=4000, seed=3)
    meta, agg = load_meta(run), aggregate_run(run)
    curve = sw.komi_curve(agg, meta, 4, n_boot=1000, seed=1)
    v, b = curve["crossing"]["value"], curve["bootstrap"]
    assert v is not None and abs(v - 5.0) < 2.0
    assert b["low"] < 5.0 < b["high"] and b["low"] <= v <= b["high"]
    assert b["missing_share"] < 0.05 and b["unit"] == "seed" and b["units"] == 4000
    # same seed -> same interval
    again = sw.bootstrap_crossing(agg, dict(zip(curve["table"]["arm"], curve["x"])), 4, n_boot=1000, seed=1)
    assert again == b
    tab = sw.sweep_table(agg, meta, 4)
    assert len(tab) == 6 * 4 and {"oracle_points", "p_holm_arms", "p_bh", "ci_low"} <= set(tab.columns)
    komi = sw.komi_table(agg, meta, 4)
    assert komi["seat0_rate"].is_monotonic_decreasing
    assert (komi["p_holm"] >= komi["p_value"]).all()
    assert komi.loc[0, "margin_seat0"] > 0 > komi.loc[5, "margin_seat0"]


def test_no_crossing_is_reported(tmp_path):
    spec = linear_sweep(xs=(0, 1, 2), crossing=20.0)
    run = write_run(tmp_path / "up", sweep=spec, n_seeds=1000)
    curve = sw.komi_curve(aggregate_run(run), load_meta(run), 4, n_boot=100)
    assert curve["crossing"]["value"] is None and "above" in curve["crossing"]["note"]
    assert not curve["identified"] and curve["bootstrap"]["missing_share"] > 0.9


def test_flat_curve_has_no_identified_crossing_and_a_bounded_slope(tmp_path):
    """A flat curve hovering at fair (the merchant_bonus_vp case: slope -0.04 points per unit,
    p 0.87) crosses the fair line by chance in the point estimate, but most resamples never do:
    the interval over all resamples is unbounded, so no fair value is printed; the slope is
    reported with an interval that contains 0 instead."""
    spec = linear_sweep(xs=(0, 2, 3, 4, 6), crossing=3.0, slope=0.0)
    run = write_run(tmp_path / "flat", sweep=spec, n_seeds=3000, seed=11)
    curve = sw.komi_curve(aggregate_run(run), load_meta(run), 4, n_boot=400, seed=2)
    assert not curve["identified"]
    b = curve["bootstrap"]
    assert not (np.isfinite(b["low"]) and np.isfinite(b["high"])) or b["low"] < 0 or b["high"] > 6
    sl = curve["slope"]
    assert sl["low"] < 0 < sl["high"] and sl["p"] > 0.05 and sl["high"] - sl["low"] < 1.5


def test_identified_crossing_and_slope_recovered(tmp_path):
    run = write_run(tmp_path / "lin", sweep=linear_sweep(n_seeds=4000), n_seeds=4000, seed=3)
    curve = sw.komi_curve(aggregate_run(run), load_meta(run), 4, n_boot=500, seed=1)
    assert curve["identified"] and 0 <= curve["bootstrap"]["low"] < 5 < curve["bootstrap"]["high"] <= 10
    sl = curve["slope"]   # planted -1 point per unit
    assert sl["low"] < -1.0 < sl["high"] and sl["p"] < 1e-6
    assert sl["change"] == pytest.approx(10 * sl["slope"])


def test_every_arm_is_paired_against_the_base_arm(tmp_path):
    """Same seeds in every arm: the paired difference to the base arm equals the difference of
    the rates, its interval is narrower than the unpaired one, Holm runs over the other arms."""
    run = write_run(tmp_path / "pair", sweep=linear_sweep(n_seeds=4000), n_seeds=4000, seed=3)
    agg = aggregate_run(run)
    tab = sw.paired_vs_base(agg, agg.arms, 2, 4).set_index("arm")
    komi = sw.komi_table(agg, load_meta(run), 4).set_index("arm")
    for a in agg.arms:
        assert tab.loc[a, "diff_points"] == pytest.approx(100 * (komi.loc[a, "seat0_rate"] - komi.loc[2, "seat0_rate"]))
    assert tab.loc[2, "diff_points"] == 0 and np.isnan(tab.loc[2, "p_paired_holm"])
    assert tab.loc[0, "diff_low"] > 0 and tab.loc[5, "diff_high"] < 0      # slope -1 point per unit
    unpaired = 100 * 1.96 * np.sqrt(2 * 0.25 * 0.75 / 4000)
    assert (tab.loc[1, "diff_high"] - tab.loc[1, "diff_low"]) / 2 < unpaired
    assert (tab.loc[[0, 1, 3, 4, 5], "p_paired_holm"] >= tab.loc[[0, 1, 3, 4, 5], "p_paired"]).all()


def test_block_bootstrap_on_many_seeds(tmp_path, monkeypatch):
    """Above the per-seed limit the bootstrap resamples blocks of consecutive seeds, aligned
    across arms; it still recovers the planted crossing (limits shrunk to keep the test small)."""
    monkeypatch.setattr(aggregate, "EXACT_SEEDS", 1000)
    monkeypatch.setattr(aggregate, "SEED_BLOCK", 50)
    run = write_run(tmp_path / "sweep", sweep=linear_sweep(n_seeds=4000), n_seeds=4000, seed=3)
    agg = aggregate_run(run)
    assert not agg.seeds.exact and agg.seeds.per_seed == {}
    num, den = agg.seeds.matrix(agg.arms)
    assert num.shape == (80, 6) and (den == 50).all()  # 4000 seeds in 80 blocks, every arm
    curve = sw.komi_curve(agg, load_meta(run), 4, n_boot=500, seed=1)
    b = curve["bootstrap"]
    assert b["unit"] == "block of 50 seeds" and b["units"] == 80
    assert b["low"] < 5.0 < b["high"] and b["low"] <= curve["crossing"]["value"] <= b["high"]


def _curve(x, rates, slope_p, crossing=None, low=-np.inf, high=np.inf):
    import pandas as pd
    return {"x": np.asarray(x, float), "fair": 0.25, "table": pd.DataFrame({"seat0_rate": rates}),
            "slope": {"slope": 0.7, "low": 0.2, "high": 1.2, "p": slope_p},
            "crossing": {"value": crossing}, "bootstrap": {"low": low, "high": high}}


def test_unidentified_advice_tells_a_flat_curve_from_one_that_moves():
    """Magna Grecia's design report said 'this constant does not set the seat balance' of a curve
    that moved seat 0 by +5.5 points [+1.5, +9.5] and met the fair line near 0.6, the parameter's
    floor being 0: the advice now follows the slope and the parameter's allowed range."""
    x, rates = [0, 2, 4, 6, 8], [0.234, 0.268, 0.288, 0.287, 0.292]
    flat = sw.unidentified_advice(_curve(x, rates, 0.4), "k")
    assert flat.startswith("A flat curve means this constant does not set the seat balance")
    moves = sw.unidentified_advice(_curve(x, rates, 0.01, crossing=0.6, low=-np.inf, high=3.0), "k", (0.0, 10.0))
    assert "meets the fair line at about 0.6" in moves and "play more games per arm" in moves
    assert "`k` cannot go below 0" in moves and "sweep below" not in moves and "flat" not in moves
    wider = sw.unidentified_advice(_curve(x, rates, 0.01, crossing=0.6, low=-np.inf, high=3.0), "k", (-5.0, 10.0))
    assert "play more games per arm and sweep below 0" in wider and "cannot" not in wider
    # above fair everywhere and rising: the fair line lies below the range
    above = [0.27, 0.28, 0.29, 0.30, 0.31]
    assert "does not meet the fair line in the range: sweep below 2" in sw.unidentified_advice(
        _curve([2, 4, 6, 8, 10], above, 0.001, low=-np.inf, high=-np.inf), "k", (0.0, 10.0))
    walled = sw.unidentified_advice(_curve(x, above, 0.001, low=-np.inf, high=-np.inf), "k", (0.0, 10.0))
    assert "cannot make seat 0 fair" in walled and "`k` cannot go below 0" in walled


def test_param_limits_of_a_numeric_parameter_and_of_an_option():
    assert sw.param_limits("magna-grecia", "oracle_points") is not None
    lo, hi = sw.param_limits("magna-grecia", "oracle_points")
    assert lo <= 4 <= hi
    assert sw.param_limits("magna-grecia", "connectivity") is None       # an option
    assert sw.param_limits("no-such-game", "oracle_points") is None
    assert sw.param_limits("magna-grecia", "no_such_param") is None
