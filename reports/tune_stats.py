"""Tuning statistics that allow for the selection: paired differences between the winner and
its runners-up on the seeds they share, the winner re-evaluated on fresh seeds (the winner's
curse), and the fitted slope of each target's quantity against a tuned constant.

Every candidate of a tuning run is a mirror run folder whose game i is played from seed i, so
two candidates share their first min(n_a, n_b) seeds (common random numbers)."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from reports.data import iter_chunks, load_meta

__all__ = ["per_seed", "loss_of", "paired_difference", "target_slope", "FRESH_SEED_OFFSET"]

FRESH_SEED_OFFSET = 1_000_003   # the re-evaluation plays seed + this: seeds no candidate was chosen on


def per_seed(folder, games: int | None = None) -> pd.DataFrame:
    """One row per seed (game index) of a mirror folder: win_0..win_{p-1}, turns and the game's
    per-game flow figures (FLOW targets; `flow_won_from_behind` derived as reports/flow.py does);
    seeds < games."""
    from reports.data import result_columns
    from reports.flow import FIGURES
    p = int(load_meta(folder)["players"])
    have = set(result_columns(folder).columns)
    flow = [c for c, _, _ in FIGURES if c in have]
    cols = ["game", "turns"] + [f"win_{k}" for k in range(p)] + flow
    parts = [df[cols] for df in iter_chunks(folder, cols)]
    out = pd.concat(parts, ignore_index=True).groupby("game").mean().sort_index()
    if "flow_winner_turns_behind" in out:
        v = out["flow_winner_turns_behind"].to_numpy(float)
        out["flow_won_from_behind"] = np.where(np.isnan(v), np.nan, (v > 0).astype(float))
    return out if games is None else out[out.index < games]


def loss_of(df: pd.DataFrame, targets, players: int) -> float:
    """The tuning loss (points) of the mirror targets on these seeds (skill_gap and a FLOW=max|min
    objective left out; with an objective the fairness targets are a constraint, not a loss)."""
    from experiments.tune import FAIRNESS, flow_loss
    fair = 1.0 / players
    loss = 0.0
    constraint = any(getattr(t, "objective", False) for t in targets)
    for tg in targets:
        if tg.kind in FAIRNESS and constraint:
            continue
        if tg.kind == "flow" and tg.goal == "value":
            v = df[tg.column].to_numpy(float) if tg.column in df else np.array([np.nan])
            loss += flow_loss(float(np.nanmean(v)) if np.isfinite(v).any() else float("nan"), tg.lo)
        elif tg.kind == "first_seat_fair":
            loss += 100 * abs(df["win_0"].mean() - fair)
        elif tg.kind == "seats_fair":
            loss += 100 * max(abs(df[f"win_{k}"].mean() - fair) for k in range(players))
        elif tg.kind == "length":
            m = df["turns"].mean()
            loss += 100 * max(tg.lo - m, 0.0, m - tg.hi) / (tg.hi - tg.lo)
    return float(loss)


def paired_difference(a: pd.DataFrame, b: pd.DataFrame, targets, players: int, n_boot: int = 1000,
                      seed: int = 0, alpha: float = 0.05) -> dict:
    """a minus b on their shared seeds: seat 0 rate (points, paired t interval), mean length
    (paired t interval) and the loss (paired bootstrap over the seeds, percentile interval)."""
    from statsmodels.stats.weightstats import DescrStatsW
    shared = a.index.intersection(b.index)
    a, b = a.loc[shared], b.loc[shared]
    out = {"seeds": int(len(shared))}
    flow = [(t.column, t.column, 1.0) for t in targets if getattr(t, "kind", "") == "flow" and t.column in a
            and t.column in b]
    for key, col, scale in (("seat0", "win_0", 100.0), ("length", "turns", 1.0), *flow):
        x = scale * (a[col].to_numpy(float) - b[col].to_numpy(float))
        d = DescrStatsW(x[np.isfinite(x)])
        lo, hi = d.tconfint_mean(alpha) if len(shared) > 1 and d.std > 0 else (d.mean, d.mean)
        out[key] = (float(d.mean), float(lo), float(hi))
    la, lb = loss_of(a, targets, players), loss_of(b, targets, players)
    rng = np.random.default_rng(seed)
    boots = []
    for _ in range(n_boot):
        idx = rng.integers(0, len(shared), len(shared))
        boots.append(loss_of(a.iloc[idx], targets, players) - loss_of(b.iloc[idx], targets, players))
    lo, hi = np.quantile(boots, [alpha / 2, 1 - alpha / 2]) if boots else (np.nan, np.nan)
    out["loss"] = (la - lb, float(lo), float(hi))
    return out


def target_slope(frames: dict, column: str, alpha: float = 0.05, scale: float = 100.0) -> dict:
    """Least-squares slope of a per-seed quantity (`win_0`: seat 0's rate, `turns`: length)
    against the tuned value, over candidates played on the same seeds; standard errors clustered
    by seed (statsmodels OLS, cov_type="cluster"). frames: {value: per_seed frame}.
    Returns {slope, low, high, p, crossing} (crossing: where the fitted line meets `target`,
    filled in by the caller) in `scale` units per unit of the value."""
    import statsmodels.api as sm
    xs, ys, gs = [], [], []
    for x, df in frames.items():
        xs.append(np.full(len(df), float(x)))
        ys.append(df[column].to_numpy(float))
        gs.append(df.index.to_numpy())
    x, y, g = np.concatenate(xs), np.concatenate(ys), np.concatenate(gs)
    out = {"slope": np.nan, "low": np.nan, "high": np.nan, "p": np.nan, "intercept": np.nan}
    if len(frames) < 2 or np.ptp(x) == 0:
        return out
    fit = sm.OLS(y, sm.add_constant(x)).fit(cov_type="cluster", cov_kwds={"groups": g})
    lo, hi = fit.conf_int(alpha)[1]
    out.update(slope=scale * float(fit.params[1]), low=scale * float(lo), high=scale * float(hi),
               p=float(fit.pvalues[1]), intercept=float(fit.params[0]))
    return out


def candidate_folder(out, cand: int) -> Path:
    return Path(out) / "candidates" / f"c{cand:03d}"
