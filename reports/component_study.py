"""Component balance: win rate with vs without each component, folded over result chunks.

A component is anything a seat holds at the end of a game, as a 0/1 flag per seat-game:
- the game's declared components (`GameSpec.extra["components"]`: 0/1 seat metrics by prefix),
- each category of a categorical seat metric (`extra["categorical_seat"]`: civilization,
  side, colour), one flag per category,
- count metrics read as "holds at least one" for games that declare no 0/1 flags for what a
  designer asks about (THRESHOLDS below: Magna Grecia oracles, markets and cities, Troja ship
  benefits); these belong in the game's spec once its owner adopts them.
Statistics as in reports/components.py (Wilson, Newcombe lift, two-proportion z test), but
Benjamini-Hochberg runs over every component of the study at once (one family).
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from reports import stats
from reports.components import STRONG_POINTS, component_label, parse_sections
from reports.data import iter_chunks, load_meta, seat_metric_names

__all__ = ["THRESHOLDS", "component_sources", "fold_components", "component_table"]

# game -> [(family title, seat metric, label)]: flag = metric >= 1
THRESHOLDS = {
    "magna-grecia": [("Oracles, markets, cities", "oracles", "holds an oracle"),
                     ("Oracles, markets, cities", "markets_built", "built a market"),
                     ("Oracles, markets, cities", "markets_sold", "sold a market"),
                     ("Oracles, markets, cities", "oracle_takeovers", "took over an oracle"),
                     ("Oracles, markets, cities", "merges", "merged cities")],
    "troja": [("Ship benefits", "ships_port3", "ship: 3:1 port"), ("Ship benefits", "ships_vp", "ship: victory point"),
              ("Ship benefits", "ships_swap", "ship: swap"), ("Ship benefits", "ships_tile2", "ship: two tiles"),
              ("Ship benefits", "ships_take", "ship: take")],
    "catan": [("Awards and development cards", "vp_longest_road", "holds Longest Road"),
              ("Awards and development cards", "vp_largest_army", "holds Largest Army"),
              ("Awards and development cards", "dev_bought", "bought a development card"),
              ("Awards and development cards", "played_knight", "played a knight"),
              ("Awards and development cards", "played_road_building", "played Road Building"),
              ("Awards and development cards", "played_year_of_plenty", "played Year of Plenty"),
              ("Awards and development cards", "played_monopoly", "played Monopoly")],
}


def component_sources(spec, columns, players: int) -> list[dict]:
    """Every component the results support: {family, label, metric, kind ('flag' | 'category' |
    'threshold'), code}. Declared prefixes are matched against the result columns."""
    decl = parse_sections(getattr(spec, "extra", None))
    seat_m = seat_metric_names(columns, players)
    out = []
    for title, prefix in decl["components"]:
        for base in seat_m:
            if base.startswith(prefix) and base != prefix:
                out.append({"family": title, "label": component_label(base, prefix), "metric": base,
                            "kind": "flag", "code": None})
    for name, labels in decl["categorical_seat"].items():
        if name in seat_m:
            for code, lab in enumerate(labels):
                out.append({"family": name.replace("_", " ").title(), "label": f"{name} = {lab}", "metric": name,
                            "kind": "category", "code": code})
    for title, metric, label in THRESHOLDS.get(getattr(spec, "name", ""), []):
        if metric in seat_m:
            out.append({"family": title, "label": label, "metric": metric, "kind": "threshold", "code": None})
    return out


def _flag(values: np.ndarray, src: dict) -> np.ndarray:
    v = np.asarray(values, dtype=float)
    if src["kind"] == "category":
        return (v == src["code"]).astype(float)
    if src["kind"] == "threshold":
        return (np.nan_to_num(v) >= 1).astype(float)
    return np.nan_to_num(v)


def fold_components(run_dir, spec) -> tuple[pd.DataFrame, int, int]:
    """(counts per component, games, players): seat-games with the flag, their wins, totals.
    A `flag` column that turns out not to be 0/1 (e.g. built_turn_*) is dropped."""
    meta = load_meta(run_dir)
    p = int(meta["players"])
    first = next(iter_chunks(run_dir))
    sources = component_sources(spec, first.columns, p)
    metrics = sorted({s["metric"] for s in sources})
    cols = [f"win_{k}" for k in range(p)] + [f"{m}_{k}" for m in metrics for k in range(p)]
    n_with = np.zeros(len(sources))
    w_with = np.zeros(len(sources))
    binary = np.ones(len(sources), bool)
    games, total_w = 0, 0.0
    for df in iter_chunks(run_dir, cols):
        games += len(df)
        wins = [df[f"win_{k}"].to_numpy(float) for k in range(p)]
        total_w += float(sum(w.sum() for w in wins))
        for i, src in enumerate(sources):
            for k in range(p):
                raw = df[f"{src['metric']}_{k}"].to_numpy(float)
                if src["kind"] == "flag" and binary[i]:
                    r = raw[~np.isnan(raw)]
                    binary[i] = bool(np.all((r == 0) | (r == 1)))
                f = _flag(raw, src)
                n_with[i] += f.sum()
                w_with[i] += float(np.dot(f, wins[k]))
    tab = pd.DataFrame(sources)
    tab["seat_games"] = n_with
    tab["wins_with"] = w_with
    tab["seat_games_without"] = games * p - n_with
    tab["wins_without"] = total_w - w_with
    return tab[binary].reset_index(drop=True), games, p


def component_table(counts: pd.DataFrame, games: int, players: int, alpha: float = 0.05) -> pd.DataFrame:
    """Rates, Wilson intervals, lift with Newcombe interval, z-test p, BH over all components;
    flag strong/weak when BH p < alpha and |lift| >= STRONG_POINTS. Sorted by lift."""
    out = counts.copy()
    n1, k1 = out["seat_games"].to_numpy(float), out["wins_with"].to_numpy(float)
    n2, k2 = out["seat_games_without"].to_numpy(float), out["wins_without"].to_numpy(float)
    with np.errstate(invalid="ignore", divide="ignore"):
        out["share"] = n1 / (games * players)
        out["win_rate_with"] = np.where(n1 > 0, k1 / np.maximum(n1, 1), np.nan)
        out["win_rate_without"] = np.where(n2 > 0, k2 / np.maximum(n2, 1), np.nan)
    if not len(out):
        return out
    out["with_low"], out["with_high"] = stats.wilson(k1, n1, alpha)
    out["without_low"], out["without_high"] = stats.wilson(k2, n2, alpha)
    d, lo, hi = stats.newcombe_diff(k1, n1, k2, n2, alpha)
    out["lift_points"], out["lift_low"], out["lift_high"] = 100 * d, 100 * lo, 100 * hi
    p = np.asarray(stats.two_proportion_pvalue(k1, n1, k2, n2), float)
    out["p_value"] = p
    bh = np.full(len(p), np.nan)
    fin = np.isfinite(p)
    bh[fin] = stats.benjamini_hochberg(p[fin])
    out["p_bh"] = bh
    lift = out["lift_points"].to_numpy()
    sig = np.isfinite(bh) & (bh < alpha)
    out["flag"] = np.where(sig & (lift >= STRONG_POINTS), "strong",
                           np.where(sig & (lift <= -STRONG_POINTS), "weak", ""))
    key = np.where(np.isfinite(lift), -lift, np.inf)
    return out.iloc[np.argsort(key, kind="stable")].reset_index(drop=True)


def plot_lifts(tab: pd.DataFrame, title: str, top: int = 30):
    """Horizontal bars: lift with 95% interval, flagged components coloured."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    t = tab[np.isfinite(tab["lift_points"])]
    if len(t) > top:
        t = pd.concat([t.head(top // 2), t.tail(top - top // 2)])
    fig = Figure(figsize=(7, max(2.5, 0.28 * len(t) + 1.2)), dpi=110)
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    y = np.arange(len(t))[::-1]
    x = t["lift_points"].to_numpy()
    colors = ["#c0392b" if f == "strong" else "#2e86c1" if f == "weak" else "#777" for f in t["flag"]]
    ax.barh(y, x, color=colors, alpha=0.8)
    ax.errorbar(x, y, xerr=[x - t["lift_low"].to_numpy(), t["lift_high"].to_numpy() - x], fmt="none", ecolor="black",
                capsize=2, lw=0.8)
    ax.set_yticks(y, t["label"], fontsize=7)
    ax.axvline(0, color="black", lw=0.8)
    ax.set_xlabel("win rate with minus without (points), 95% Newcombe interval")
    ax.set_title(title, fontsize=9)
    fig.tight_layout()
    return fig
