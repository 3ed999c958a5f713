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
    assert curve["bootstrap"] is None


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
