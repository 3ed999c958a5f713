"""Game-specific metrics: seat metrics (`{metric}_{k}`) and per-game metrics, from the
Aggregate's value counts (exact means, sd, median, min and max)."""
from __future__ import annotations

import numpy as np
import pandas as pd

from reports.aggregate import Dist, as_aggregate

__all__ = ["metric_table", "game_metric_table", "is_points_metric"]

_EPS = 1e-9


def is_points_metric(name: str, score_parts=()) -> bool:
    """A metric counts as a part of the score only when the game declares it one (GameSpec
    `extra["score_parts"]`): names are no guide (Magna Grecia's `sold_points` is an in-game
    count, not points scored)."""
    return name in set(score_parts)


def _numeric(t: pd.DataFrame) -> bool:
    return t["value"].dtype.kind in "biuf"


def metric_table(agg, players: int, metric_names, score_parts=()) -> pd.DataFrame:
    """Mean of each seat metric per seat and overall, for winners and non-winners.

    Columns: metric, seat_0..seat_{p-1}, all, winners (seats with a win share > 0,
    sole or shared), non_winners, share_of_score (sum of the metric / sum of the
    scores over all seats: meaningful for metrics in score points only).
    Non-numeric seat metrics (labels) are left out.
    """
    agg = as_aggregate(agg, players)
    res = agg.seat_results
    any_won = bool(res.loc[res["win"] > _EPS, "n"].sum())
    any_lost = bool(res.loc[~(res["win"] > _EPS), "n"].sum())
    has_score = all(agg.has(f"score_{k}") for k in range(players))
    tot = Dist(res["score"], res["n"]).sum() if has_score else 0.0
    rows = []
    for m in metric_names:
        t = agg.seat_values(m)
        if not _numeric(t):
            continue
        v, c = t["value"].to_numpy(dtype=float), t["n"].to_numpy()
        won = t["win"].to_numpy(dtype=float) > _EPS
        row = {"metric": m}
        for k in range(players):
            sk = t["seat"].to_numpy() == k
            row[f"seat_{k}"] = Dist(v[sk], c[sk]).mean()
        everything = Dist(v, c)
        row["all"] = everything.mean()
        row["winners"] = Dist(v[won], c[won]).mean() if any_won else np.nan
        row["non_winners"] = Dist(v[~won], c[~won]).mean() if any_lost else np.nan
        row["share_of_score"] = everything.sum() / tot if tot and is_points_metric(m, score_parts) else np.nan
        rows.append(row)
    cols = ["metric"] + [f"seat_{k}" for k in range(players)] + \
        ["all", "winners", "non_winners", "share_of_score"]
    return pd.DataFrame(rows, columns=cols)


def game_metric_table(agg, metric_names) -> pd.DataFrame:
    """Per-game metrics: metric, games, mean, sd, min, median, max."""
    agg = as_aggregate(agg)
    rows = []
    for m in metric_names:
        t = agg.game_values(m)
        d = Dist(t["value"], t["n"])
        rows.append({"metric": m, "games": d.n, "mean": d.mean(), "sd": d.sd(),
                     "min": d.min(), "median": d.median(), "max": d.max()})
    return pd.DataFrame(rows, columns=["metric", "games", "mean", "sd", "min", "median", "max"])
