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

The raw lift confounds a component with how much a seat built: a Glory to Rome player who
completes more buildings wins more, so every building shows a positive raw lift. Flags therefore
use the **adjusted lift**: seat-games are stratified by how many components of the same family
the seat holds, and the with-minus-without difference is pooled over the strata (Mantel-Haenszel
risk difference, Greenland-Robins variance). It asks: among seats that built as many, does one
whose set includes this component win more? That is, is it stronger than an average member of
its family? (So one overpowered member makes the others of its family look weak, as a
strong civilization does the other civilizations.) Categories (a civilization, a side: one per seat)
are not stratified; their adjusted lift equals the raw one.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from reports import stats
from reports.components import add_adjusted_and_flags, bh_adjust, component_label, parse_sections
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
    families = sorted({s["family"] for s in sources})
    fam_of = np.array([families.index(s["family"]) for s in sources])
    strata = int(np.bincount(fam_of).max()) if len(sources) else 1
    n_with = np.zeros(len(sources))
    w_with = np.zeros(len(sources))
    # per component and stratum (= components of its family held, itself included): seat-games, wins
    strata += 1
    s_n = np.zeros((len(sources), 2, strata))
    s_w = np.zeros((len(sources), 2, strata))
    binary = np.ones(len(sources), bool)
    games, total_w = 0, 0.0
    for df in iter_chunks(run_dir, cols):
        games += len(df)
        wins = [df[f"win_{k}"].to_numpy(float) for k in range(p)]
        total_w += float(sum(w.sum() for w in wins))
        flags = np.zeros((len(sources), p, len(df)))
        for i, src in enumerate(sources):
            for k in range(p):
                raw = df[f"{src['metric']}_{k}"].to_numpy(float)
                if src["kind"] == "flag" and binary[i]:
                    r = raw[~np.isnan(raw)]
                    binary[i] = bool(np.all((r == 0) | (r == 1)))
                flags[i, k] = _flag(raw, src)
        held = np.zeros((len(families), p, len(df)))
        np.add.at(held, fam_of, flags)
        for i in range(len(sources)):
            for k in range(p):
                f = flags[i, k]
                n_with[i] += f.sum()
                w_with[i] += float(np.dot(f, wins[k]))
                if sources[i]["kind"] == "category":   # one category per seat: nothing to adjust for
                    held_k = np.zeros(len(df), dtype=np.int64)
                else:
                    held_k = np.clip(np.rint(held[fam_of[i], k]), 0, strata - 1).astype(np.int64)
                has = f > 0.5
                for j, sel in ((0, has), (1, ~has)):
                    s_n[i, j] += np.bincount(held_k[sel], minlength=strata)
                    s_w[i, j] += np.bincount(held_k[sel], weights=wins[k][sel], minlength=strata)
    tab = pd.DataFrame(sources)
    tab["seat_games"] = n_with
    tab["wins_with"] = w_with
    tab["seat_games_without"] = games * p - n_with
    tab["wins_without"] = total_w - w_with
    tab["strata"] = list(np.stack([s_n[:, 0], s_w[:, 0], s_n[:, 1], s_w[:, 1]], axis=1))
    return tab[binary].reset_index(drop=True), games, p


def component_table(counts: pd.DataFrame, games: int, players: int, alpha: float = 0.05) -> pd.DataFrame:
    """Rates, Wilson intervals, raw lift with Newcombe interval and z-test p, the adjusted
    (stratified) lift with its interval and p, BH over all components; flag strong/weak when
    the adjusted lift's BH p < alpha and |adjusted lift| >= STRONG_POINTS. Sorted by it."""
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
    out["p_bh"] = bh_adjust(p)
    strata = out.pop("strata") if "strata" in out else None
    out = add_adjusted_and_flags(out, strata, alpha)
    key = np.where(np.isfinite(out["adj_points"]), -out["adj_points"], np.inf)
    return out.iloc[np.argsort(key, kind="stable")].reset_index(drop=True)


def plot_lifts(tab: pd.DataFrame, title: str, top: int = 30):
    """Horizontal bars: adjusted lift with 95% interval (raw lift as a tick), flagged
    components coloured."""
    from reports.plots import figure
    t = tab[np.isfinite(tab["adj_points"])]
    if len(t) > top:
        t = pd.concat([t.head(top // 2), t.tail(top - top // 2)])
    fig = figure(7, max(2.5, 0.28 * len(t) + 1.2))
    ax = fig.add_subplot()
    y = np.arange(len(t))[::-1]
    x = t["adj_points"].to_numpy()
    colors = ["#c0392b" if f == "strong" else "#2e86c1" if f == "weak" else "#777" for f in t["flag"]]
    ax.barh(y, x, color=colors, alpha=0.8)
    ax.errorbar(x, y, xerr=[x - t["adj_low"].to_numpy(), t["adj_high"].to_numpy() - x], fmt="none", ecolor="black",
                capsize=2, lw=0.8)
    ax.plot(t["lift_points"].to_numpy(), y, "|", color="black", ms=8, label="raw lift")
    ax.set_yticks(y, t["label"], fontsize=7)
    ax.axvline(0, color="black", lw=0.8)
    ax.legend(fontsize=7, loc="lower right")
    ax.set_xlabel("adjusted lift: win rate with minus without among seats holding as many of the family (points, 95%)")
    ax.set_title(title, fontsize=9)
    fig.tight_layout()
    return fig
