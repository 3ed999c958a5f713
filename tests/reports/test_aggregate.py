"""The chunk-by-chunk fold (reports/aggregate.py): it equals the full-frame computation, the
report does not depend on chunk or batch size, and its memory does not grow with the games."""
from __future__ import annotations

import json
import tracemalloc

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from reports import aggregate, build_report
from reports.aggregate import Dist, aggregate_run, of_frame, round_sig
from reports.components import category_seat_table, component_table, score_parts_table
from reports.data import load_results
from reports.metrics import game_metric_table, metric_table
from reports.seats import seat_summary, seat_table, strategy_table
from reports.sweep import komi_table
from tests.reports import test_components as tc
from tests.reports.conftest import linear_sweep, write_run

EPS = 1e-9


# ---------------------------------------------------------------- a tiny full-frame reference

def ref_seat_table(df, players):
    """The old full-frame computation of the seat table's numbers."""
    out = []
    for k in range(players):
        w = df[f"win_{k}"].to_numpy(float)
        out.append({"seat": k, "games": len(df), "wins": w.sum(), "draws": int(((w > EPS) & (w < 1 - EPS)).sum()),
                    "mean_score": df[f"score_{k}"].mean(), "sd_score": df[f"score_{k}"].std(),
                    "mean_rank": df[f"rank_{k}"].mean()})
    return pd.DataFrame(out)


def ref_summary(df, players):
    w = df[[f"win_{k}" for k in range(players)]].to_numpy(float)
    tie = ((w > EPS) & (w < 1 - EPS)).any(axis=1)
    return {"tie_games": int(tie.sum()), "decisive_games": int((~tie).sum()),
            "mean_turns": df["turns"].mean(), "median_turns": df["turns"].median(), "sd_turns": df["turns"].std()}


def ref_strategies(df, players):
    rows = {}
    for k in range(players):
        for s, g in df.groupby(f"strategy_{k}", observed=True):
            r = rows.setdefault(str(s), {"appearances": 0, "wins": 0.0, "score": 0.0, "rows": set()})
            r["appearances"] += len(g)
            r["wins"] += g[f"win_{k}"].sum()
            r["score"] += g[f"score_{k}"].sum()
            r["rows"] |= set(zip(g["arm"], g["game"], g["rotation"]))
    return {s: {"appearances": r["appearances"], "wins": r["wins"], "mean_score": r["score"] / r["appearances"],
                "games": len(r["rows"])} for s, r in rows.items()}


def ref_metric(df, players, m):
    v = df[[f"{m}_{k}" for k in range(players)]].to_numpy(float)
    won = df[[f"win_{k}" for k in range(players)]].to_numpy(float) > EPS
    s = df[[f"score_{k}" for k in range(players)]].to_numpy(float)
    return {"all": v.mean(), "winners": v[won].mean(), "non_winners": v[~won].mean(),
            "share_of_score": v.sum() / s.sum(), **{f"seat_{k}": v[:, k].mean() for k in range(players)}}


@pytest.fixture(scope="module")
def sweep_run(tmp_path_factory):
    """A rotated 3-arm sweep with ties, two strategies and metrics: every table of a report."""
    return write_run(tmp_path_factory.mktemp("agg") / "sweep", sweep=linear_sweep(xs=(0, 4, 8), n_seeds=1500),
                     n_seeds=1500, strategies=["greedy", "random", "random", "random"], rotation=True,
                     skill={"greedy": 1.5}, tie_rate=0.1, seed=13, chunk=997)


def test_fold_equals_one_frame(sweep_run):
    """Counts merged over many small batches equal the counts of the whole frame at once."""
    folded = aggregate_run(sweep_run, batch_rows=500)
    whole = of_frame(load_results(sweep_run))
    assert folded.n_games == whole.n_games == 3 * 4 * 1500
    pd.testing.assert_frame_equal(folded.seat_results, whole.seat_results)
    pd.testing.assert_frame_equal(folded.win_patterns, whole.win_patterns)
    pd.testing.assert_frame_equal(folded.first_seen, whole.first_seen)
    for m in folded.seat_metrics:
        pd.testing.assert_frame_equal(folded.seat_values(m), whole.seat_values(m))
    for m in folded.game_metrics:
        pd.testing.assert_frame_equal(folded.game_values(m), whole.game_values(m))
    assert folded.seeds.count() == 1500
    for a, b in zip(folded.seeds.matrix(folded.arms), whole.seeds.matrix(whole.arms)):
        np.testing.assert_array_equal(a, b)


def test_tables_equal_full_frame_reference(sweep_run):
    df = load_results(sweep_run)
    agg = aggregate_run(sweep_run, batch_rows=700)
    meta = json.loads((sweep_run / "run.json").read_text())
    for arm in agg.arms:
        sub, one = df[df["arm"] == arm], agg.only(arm)
        got = seat_table(one, 4)
        want = ref_seat_table(sub, 4)
        for c in want.columns:
            np.testing.assert_allclose(got[c].to_numpy(float), want[c].to_numpy(float), rtol=1e-12, err_msg=c)
        summ, ref = seat_summary(one, 4), ref_summary(sub, 4)
        for key, value in ref.items():
            assert summ[key] == pytest.approx(value, rel=1e-12), key
        st = strategy_table(one, 4).set_index("strategy")
        for s, r in ref_strategies(sub, 4).items():
            for key, value in r.items():
                assert st.loc[s, key] == pytest.approx(value, rel=1e-12), (s, key)
        # a share of the score only for declared score parts (market_points here), not by name
        mt = metric_table(one, 4, ["oracles", "market_points"], score_parts=["market_points"]).set_index("metric")
        for m in ("oracles", "market_points"):
            for key, value in ref_metric(sub, 4, m).items():
                if key == "share_of_score" and m == "oracles":
                    assert np.isnan(mt.loc[m, key])
                    continue
                assert mt.loc[m, key] == pytest.approx(value, rel=1e-12), (m, key)
        gt = game_metric_table(one, ["turns", "tie"]).set_index("metric")
        for m in ("turns", "tie"):
            v = sub[m].astype(float)
            assert list(gt.loc[m, ["games", "min", "median", "max"]]) == [len(v), v.min(), v.median(), v.max()]
            assert gt.loc[m, "mean"] == pytest.approx(v.mean(), rel=1e-12)
            assert gt.loc[m, "sd"] == pytest.approx(v.std(), rel=1e-12)
    komi = komi_table(agg, meta, 4).set_index("arm")
    for arm, g in df.groupby("arm"):
        s = g[[f"score_{k}" for k in range(4)]].to_numpy(float)
        m0 = s[:, 0] - s[:, 1:].mean(axis=1)
        top = np.sort(s, axis=1)
        assert komi.loc[arm, "seat0_wins"] == pytest.approx(g["win_0"].sum(), rel=1e-12)
        assert komi.loc[arm, "margin_seat0"] == pytest.approx(m0.mean(), rel=1e-12, abs=1e-12)
        assert komi.loc[arm, "margin_top2"] == pytest.approx((top[:, -1] - top[:, -2]).mean(), rel=1e-12)
        assert komi.loc[arm, "mean_turns"] == pytest.approx(g["turns"].mean(), rel=1e-12)


def test_declared_sections_equal_full_frame_reference(tmp_path):
    df = tc._frame(3000, seed=5)
    run = tc._write(tmp_path / "comp", df, chunk=700)
    agg = aggregate_run(run, score_parts=["part_a", "part_b"], batch_rows=1000)
    won = df[[f"win_{k}" for k in range(4)]].to_numpy(float) > EPS
    win = df[[f"win_{k}" for k in range(4)]].to_numpy(float)
    comp = component_table(agg, 4, "has_").set_index("column")
    for base in ("has_strong", "has_neutral", "has_weak"):
        h = df[[f"{base}_{k}" for k in range(4)]].to_numpy(float)
        assert comp.loc[base, "seat_games"] == h.sum()
        assert comp.loc[base, "wins_with"] == pytest.approx((h * win).sum(), rel=1e-12)
    cat, _ = category_seat_table(agg, 4, "civ", tc.CIVS)
    civ = df[[f"civ_{k}" for k in range(4)]].to_numpy()
    for i in range(4):
        assert cat.loc[i, "seat_games"] == (civ == i).sum()
        assert cat.loc[i, "wins"] == pytest.approx(win[civ == i].sum(), rel=1e-12)
    parts = score_parts_table(agg, 4, ["part_a", "part_b"]).set_index("part")
    score = df[[f"score_{k}" for k in range(4)]].to_numpy(float)
    a = df[[f"part_a_{k}" for k in range(4)]].to_numpy(float)
    b = df[[f"part_b_{k}" for k in range(4)]].to_numpy(float)
    for name, v in (("part_a", a), ("other", score - a - b), ("score", score)):
        assert parts.loc[name, "winners_mean"] == pytest.approx(v[won].mean(), rel=1e-12)
        assert parts.loc[name, "non_winners_mean"] == pytest.approx(v[~won].mean(), rel=1e-12)


def test_dist_statistics_match_numpy():
    rng = np.random.default_rng(3)
    for n in (1, 2, 7, 1000, 1001):
        x = rng.integers(-5, 40, n).astype(float)
        if n > 2:
            x[rng.integers(0, n, 2)] = np.nan
        v, c = np.unique(x[~np.isnan(x)], return_counts=True)
        d = Dist(np.concatenate([v, [np.nan]]), np.concatenate([c, [3]]))
        fin = x[~np.isnan(x)]
        assert d.n == len(fin) and d.min() == fin.min() and d.max() == fin.max()
        assert d.median() == np.median(fin)
        assert d.mean() == pytest.approx(fin.mean(), rel=1e-14)
        if len(fin) > 1:
            assert d.sd() == pytest.approx(fin.std(ddof=1), rel=1e-12)
    assert np.isnan(Dist([], []).mean()) and np.isnan(Dist([1.0], [1]).sd())
    r = round_sig(np.array([123456.0, 0.0012345, -98765.4, 0.0, np.nan]))
    assert r[:4].tolist() == [123000.0, 0.00123, -98800.0, 0.0] and np.isnan(r[4])
    np.testing.assert_array_equal(round_sig(r), r)  # idempotent: binned early or late, same bin


# ---------------------------------------------------------------- chunk and batch size do not matter

def _rewrite(src, dst, chunk, extra=None):
    """The run at `src` rewritten with `chunk` rows per file (rows shuffled), plus columns."""
    df = load_results(src)
    if extra is not None:
        df = extra(df)
    df = df.sample(frac=1.0, random_state=chunk).reset_index(drop=True)
    (dst / "results").mkdir(parents=True)
    for i, start in enumerate(range(0, len(df), chunk)):
        pq.write_table(pa.Table.from_pandas(df.iloc[start:start + chunk], preserve_index=False),
                       dst / "results" / f"chunk-{i:05d}.parquet")
    meta = json.loads((src / "run.json").read_text())
    meta["chunk_size"] = 0  # the report must not depend on it: keep run.json identical
    (dst / "run.json").write_text(json.dumps(meta, indent=2))
    return dst


def _files(run):
    return {p.name: p.read_bytes() for p in sorted(run.iterdir()) if p.is_file()}


def test_report_identical_for_any_chunk_and_batch_size(sweep_run, tmp_path, monkeypatch):
    runs = [_rewrite(sweep_run, tmp_path / f"c{c}", c) for c in (250, 4000)]
    build_report(runs[0], n_boot=200)
    monkeypatch.setattr(aggregate, "BATCH_ROWS", 600)  # many merges instead of one batch
    build_report(runs[1], n_boot=200)
    a, b = _files(runs[0]), _files(runs[1])
    assert set(a) == set(b) and {"sweep.csv", "komi.csv", "strategies.csv", "report.html"} <= set(a)
    for name in a:
        assert a[name] == b[name], name


def test_continuous_metric_is_binned_the_same_way_for_any_chunking(tmp_path, monkeypatch):
    """A metric with more than MAX_DISTINCT values is binned to SIG_DIGITS significant digits,
    whether the fold notices it in the first batch or the last; the report says so."""
    monkeypatch.setattr(aggregate, "MAX_DISTINCT", 300)
    src = write_run(tmp_path / "src", n_seeds=3000, seed=21)

    def speed(df):
        rng = np.random.default_rng(1)
        for k in range(4):
            df[f"speed_{k}"] = rng.normal(50, 10, len(df))
        df["length_s"] = rng.gamma(2.0, 30.0, len(df))
        return df

    runs = [_rewrite(src, tmp_path / f"c{c}", c, speed) for c in (100, 3000)]
    build_report(runs[0])
    monkeypatch.setattr(aggregate, "BATCH_ROWS", 350)
    build_report(runs[1])
    assert _files(runs[0]) == _files(runs[1])
    agg = aggregate_run(runs[1])
    assert agg.binned == ["length_s", "speed"]
    v = agg.seat_values("speed")["value"].to_numpy()
    np.testing.assert_array_equal(v, round_sig(v))
    assert "Binned as continuous (more than 300 distinct values): `length_s`, `speed`" in \
        (runs[0] / "report.md").read_text()


# ---------------------------------------------------------------- memory is flat

def _synthetic_run(path, n_chunks, rows=2000, players=4, seed=0):
    """n_chunks Parquet files of a 4-player game (random scores, ties split), written with numpy."""
    rng = np.random.default_rng(seed)
    (path / "results").mkdir(parents=True)
    for i in range(n_chunks):
        score = rng.integers(0, 40, (rows, players))
        lead = score == score.max(axis=1, keepdims=True)
        cols = {"game": np.arange(i * rows, (i + 1) * rows), "rotation": np.zeros(rows, np.int16),
                "arm": np.zeros(rows, np.int16), "turns": rng.integers(30, 60, rows)}
        for k in range(players):
            cols[f"strategy_{k}"] = np.full(rows, "random")
            cols[f"score_{k}"] = score[:, k]
            cols[f"win_{k}"] = lead[:, k] / lead.sum(axis=1)
            cols[f"rank_{k}"] = 1 + (score > score[:, [k]]).sum(axis=1)
            cols[f"oracles_{k}"] = rng.integers(0, 5, rows)
            cols[f"built_temple_{k}"] = rng.integers(0, 2, rows)
        pq.write_table(pa.table(cols), path / "results" / f"chunk-{i:05d}.parquet")
    (path / "run.json").write_text(json.dumps({"kind": "seats", "game": "synthetic", "players": players}))
    return path


def _fold_memory(run):
    tracemalloc.start()
    agg = aggregate_run(run, batch_rows=10_000)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return agg, peak


def test_fold_memory_does_not_grow_with_games(tmp_path):
    """20 vs 200 chunks of 2,000 games: 10x the games, the same aggregate and peak memory
    (the fold holds one batch and tables of distinct values, never all rows)."""
    small, small_peak = _fold_memory(_synthetic_run(tmp_path / "small", 20))
    big, big_peak = _fold_memory(_synthetic_run(tmp_path / "big", 200))
    assert (small.n_games, big.n_games) == (40_000, 400_000)
    assert big.seeds.count() == 400_000 and not big.seeds.exact  # block bootstrap data only
    assert big.nbytes() < 1.5 * small.nbytes() and big.nbytes() < 2_000_000
    assert big_peak < 1.5 * small_peak, (small_peak, big_peak)
    rows_of_all_games = 400_000 * (4 + 4 * 6) * 8
    assert big_peak < rows_of_all_games / 5
