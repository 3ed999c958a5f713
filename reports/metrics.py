"""Game-specific metrics: seat metrics (`{metric}_{k}`) and per-game metrics."""
from __future__ import annotations

import numpy as np
import pandas as pd

__all__ = ["metric_table", "game_metric_table", "is_points_metric"]

_EPS = 1e-9


def is_points_metric(name: str) -> bool:
    """Heuristic: metrics measured in score points (their share of the score is shown)."""
    n = name.lower()
    return n.endswith("points") or n.endswith("_vp") or n.endswith("_score") or n == "vp"


def metric_table(df: pd.DataFrame, players: int, metric_names) -> pd.DataFrame:
    """Mean of each seat metric per seat and overall, for winners and non-winners.

    Columns: metric, seat_0..seat_{p-1}, all, winners (seats with a win share > 0,
    sole or shared), non_winners, share_of_score (sum of the metric / sum of the
    scores over all seats: meaningful for metrics in score points only).
    """
    win = df[[f"win_{k}" for k in range(players)]].to_numpy(dtype=float)
    won = win > _EPS
    score = df[[f"score_{k}" for k in range(players)]].to_numpy(dtype=float) \
        if all(f"score_{k}" in df for k in range(players)) else None
    rows = []
    for m in metric_names:
        v = df[[f"{m}_{k}" for k in range(players)]].to_numpy(dtype=float)
        row = {"metric": m}
        for k in range(players):
            row[f"seat_{k}"] = float(np.nanmean(v[:, k])) if len(v) else np.nan
        row["all"] = float(np.nanmean(v)) if v.size else np.nan
        row["winners"] = float(np.nanmean(v[won])) if won.any() else np.nan
        row["non_winners"] = float(np.nanmean(v[~won])) if (~won).any() else np.nan
        tot = float(np.nansum(score)) if score is not None else 0.0
        row["share_of_score"] = float(np.nansum(v)) / tot if tot else np.nan
        rows.append(row)
    cols = ["metric"] + [f"seat_{k}" for k in range(players)] + \
        ["all", "winners", "non_winners", "share_of_score"]
    return pd.DataFrame(rows, columns=cols)


def game_metric_table(df: pd.DataFrame, metric_names) -> pd.DataFrame:
    """Per-game metrics: metric, games, mean, sd, min, median, max."""
    rows = []
    for m in metric_names:
        v = df[m].astype(float)
        rows.append({"metric": m, "games": int(v.notna().sum()), "mean": float(v.mean()),
                     "sd": float(v.std(ddof=1)) if len(v) > 1 else np.nan,
                     "min": float(v.min()), "median": float(v.median()), "max": float(v.max())})
    return pd.DataFrame(rows, columns=["metric", "games", "mean", "sd", "min", "median", "max"])
