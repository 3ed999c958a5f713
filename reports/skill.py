"""Skill sensitivity: is a finding the same for weaker and stronger players?

Players are part of the measurement (STATISTICS.md): a design report states its seat advantage
and component verdicts at two skill levels (two strategies, each in every seat) and marks a
finding that changes between them as **skill-dependent**: the difference between the levels is
significant (Holm over seats; Benjamini-Hochberg over components). A finding whose second level
has too few games to tell says so rather than calling it stable."""
from __future__ import annotations

import numpy as np
import pandas as pd
from scipy import stats as st

from reports import stats

__all__ = ["compare_seats", "compare_components"]


def compare_seats(a: pd.DataFrame, b: pd.DataFrame, players: int) -> pd.DataFrame:
    """Seat tables of the two levels (reports.design.seat_rows): per seat the difference of win
    rates b - a (points, Newcombe interval), two-proportion p, Holm over seats, and a label."""
    rows = []
    seats = [0] if players == 2 else range(players)
    for k in seats:
        ra, rb = a[a["seat"] == k].iloc[0], b[b["seat"] == k].iloc[0]
        d, lo, hi = stats.newcombe_diff(rb.wins, rb.games, ra.wins, ra.games)
        rows.append({"seat": k, "edge_a": ra.edge_points, "edge_b": rb.edge_points, "diff_points": 100 * d,
                     "diff_low": 100 * lo, "diff_high": 100 * hi,
                     "p": stats.two_proportion_pvalue(rb.wins, rb.games, ra.wins, ra.games)})
    out = pd.DataFrame(rows)
    fin = np.isfinite(out["p"].to_numpy(float))
    out["p_holm"] = np.nan
    if fin.any():
        out.loc[fin, "p_holm"] = stats.holm(out.loc[fin, "p"].to_numpy())
    out["label"] = np.where(out["p_holm"] < 0.05, "skill-dependent", "no difference shown")
    return out


def _se(low, high) -> np.ndarray:
    return (np.asarray(high, float) - np.asarray(low, float)) / (2 * stats.z_value(0.05))


def compare_components(a: pd.DataFrame, b: pd.DataFrame) -> pd.DataFrame:
    """Component tables of the two levels (reports.component_study.component_table), matched by
    label: effect at each level, the difference b - a with a normal interval from the two
    (independent) Sato standard errors, BH over the components judged at both levels, and a
    label: skill-dependent / same at both levels / too few at one level."""
    m = a.merge(b, on="label", suffixes=("_a", "_b"))
    se = np.sqrt(_se(m["adj_low_a"], m["adj_high_a"]) ** 2 + _se(m["adj_low_b"], m["adj_high_b"]) ** 2)
    diff = m["adj_points_b"].to_numpy(float) - m["adj_points_a"].to_numpy(float)
    z = stats.z_value(0.05)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = 2 * st.norm.sf(np.abs(diff) / se)
    out = pd.DataFrame({"label": m["label"], "verdict_a": m["verdict_a"], "verdict_b": m["verdict_b"],
                        "effect_a": m["adj_points_a"], "effect_b": m["adj_points_b"], "diff_points": diff,
                        "diff_low": diff - z * se, "diff_high": diff + z * se, "p": p})
    fin = np.isfinite(out["p"].to_numpy(float))
    out["p_bh"] = np.nan
    if fin.any():
        out.loc[fin, "p_bh"] = stats.benjamini_hochberg(out.loc[fin, "p"].to_numpy())
    few = (out["verdict_a"] == "too few to judge") | (out["verdict_b"] == "too few to judge")
    out["label_skill"] = np.where(few, "too few at one level",
                                  np.where(out["p_bh"] < 0.05, "skill-dependent",
                                           np.where(out["verdict_a"] == out["verdict_b"], "same at both levels",
                                                    "verdicts differ, difference not significant")))
    return out
