"""Component balance: win rate with vs without each component, folded over result chunks.

A component is anything a seat holds at the end of a game, as a 0/1 flag per seat-game:
- the game's declared components (`GameSpec.extra["components"]`: 0/1 seat metrics by prefix),
- each category of a categorical seat metric (`extra["categorical_seat"]`: civilization,
  side, colour), one flag per category,
- the game's declared outcomes (`extra["outcomes"]`: how the game went for a seat, e.g. Troja's side
  ahead in the war at the end): listed with their rates, never judged (`unjudged`),
- count metrics read as "holds at least one" for games that declare no 0/1 flags for what a
  designer asks about (THRESHOLDS below: Magna Grecia oracles, markets and cities, Troja ship
  benefits); these belong in the game's spec once its owner adopts them.
Statistics as in reports/components.py (Wilson, Newcombe lift, two-proportion z test), but
Benjamini-Hochberg runs over every component of the study at once (one family).

The raw lift confounds a component with how much a seat built: a Glory to Rome player who
completes more buildings wins more, so every building shows a positive raw lift. Verdicts
therefore use the estimand of reports/component_effect.py: with X versus without X among seats
holding the same number of *other* components of its family (Mantel-Haenszel risk difference,
Sato interval, CMH test), with a minimum count below which a component is "too few to judge".
Categories (a civilization, a side: one per seat) are not stratified: their effect is the raw one.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from reports import stats
from reports.component_effect import (ENDS_GAME, MAX_REGRESSION_ROWS, MIN_HELD, OUTCOME, add_effects,
                                      regression_check, regression_effects)
from reports.components import bh_adjust, component_label, parse_sections
from reports.data import iter_chunks, load_meta, seat_metric_names

__all__ = ["THRESHOLDS", "component_sources", "binary_sources", "fold_components", "component_table"]

# game -> [(family title, seat metric, label[, "outcome"])]: flag = metric >= 1. An "outcome" is a state
# at the end, described and not judged (reports/outcomes.py): Magna Grecia's oracles held at the end score
# oracle_points each, so "holds an oracle: too strong" said that points win; in its own family, so the other
# components are not stratified by it
THRESHOLDS = {
    "magna-grecia": [("Oracles at the end", "oracles", "holding an oracle at the end", "outcome"),
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
    """Every component the results support: {family, label, metric, kind ('flag' | 'outcome' |
    'category' | 'threshold'), code}. Declared prefixes are matched against the result columns."""
    decl = parse_sections(getattr(spec, "extra", None))
    seat_m = seat_metric_names(columns, players)
    out = []
    for title, prefix in decl["components"]:
        for base in seat_m:
            if base.startswith(prefix) and base != prefix:
                out.append({"family": title, "label": component_label(base, prefix), "metric": base,
                            "kind": "flag", "code": None, "ends_game": base in decl["game_enders"]})
    for title, prefix, labels in decl["outcomes"]:
        for base in seat_m:
            if base.startswith(prefix) and base != prefix:
                out.append({"family": title, "label": component_label(base, prefix, labels), "metric": base,
                            "kind": "outcome", "code": None})
    for name, labels in decl["categorical_seat"].items():
        if name in seat_m:
            kind = "outcome" if name in decl["outcome_categories"] else "category"
            for code, lab in enumerate(labels):
                out.append({"family": name.replace("_", " ").title(), "label": f"{name} = {lab}", "metric": name,
                            "kind": kind, "code": code})
    for title, metric, label, *kind in THRESHOLDS.get(getattr(spec, "name", ""), []):
        if metric in seat_m:
            out.append({"family": title, "label": label, "metric": metric, "kind": kind[0] if kind else "threshold",
                        "code": None, "threshold": True})
    return out


def _flag(values: np.ndarray, src: dict) -> np.ndarray:
    v = np.asarray(values, dtype=float)
    if src["code"] is not None:         # a category (or an outcome category): its code
        return (v == src["code"]).astype(float)
    if src.get("threshold"):
        return (np.nan_to_num(v) >= 1).astype(float)
    return np.nan_to_num(v)


def binary_sources(run_dir, sources: list[dict], players: int) -> np.ndarray:
    """Which declared `flag` sources hold only 0/1 over the whole run (a first pass over the
    chunks, reading only those columns): `built_turn_*` next to `built_*` holds turn numbers and
    must neither be a component nor count as one held."""
    binary = np.ones(len(sources), bool)
    flags = [i for i, s in enumerate(sources)
             if s["kind"] in ("flag", "outcome") and s["code"] is None and not s.get("threshold")]
    cols = [f"{sources[i]['metric']}_{k}" for i in flags for k in range(players)]
    if not flags:
        return binary
    for df in iter_chunks(run_dir, cols):
        for i in flags:
            if not binary[i]:
                continue
            v = df[[f"{sources[i]['metric']}_{k}" for k in range(players)]].to_numpy(float)
            v = v[~np.isnan(v)]
            binary[i] = bool(np.all((v == 0) | (v == 1)))
    return binary


def fold_components(run_dir, spec, regression_rows: int = MAX_REGRESSION_ROWS,
                    arm: int | None = None) -> tuple[pd.DataFrame, int, int]:
    """(counts per component, games, players), over the games of `arm` only when it is given (a
    sweep's base arm): seat-games with the flag, their wins, totals, and
    the strata of the stated estimand (reports/component_effect.py): per count of *other*
    components of the same family held, seat-games and wins with and without the component.
    Flags that are not 0/1 over the whole run (e.g. built_turn_*) are dropped before anything is
    counted. The table's attrs["regression"] holds the clustered regression check."""
    meta = load_meta(run_dir)
    p = int(meta["players"])
    first = next(iter_chunks(run_dir))
    sources = component_sources(spec, first.columns, p)
    sources = [s for s, ok in zip(sources, binary_sources(run_dir, sources, p)) if ok]
    metrics = sorted({s["metric"] for s in sources})
    cols = ["game", "rotation", "arm"] + [f"win_{k}" for k in range(p)] + [f"{m}_{k}" for m in metrics for k in range(p)]
    families = sorted({s["family"] for s in sources})
    fam_of = np.array([families.index(s["family"]) for s in sources], dtype=np.int64)
    strata = (int(np.bincount(fam_of).max()) if len(sources) else 1) + 1
    n_with = np.zeros(len(sources))
    w_with = np.zeros(len(sources))
    s_n = np.zeros((len(sources), 2, strata))
    s_w = np.zeros((len(sources), 2, strata))
    games, total_w = 0, 0.0
    reg_frames, reg_rows = [], 0
    reg_cols = [i for i, s in enumerate(sources) if s["kind"] not in ("category", "outcome")]
    cats = [i for i, s in enumerate(sources) if s["kind"] == "category"]
    differ = np.zeros((len(sources), len(cats)))     # seat-games where component i and category c differ
    for df in iter_chunks(run_dir, cols):
        if arm is not None:
            df = df[df["arm"].to_numpy() == arm]
        games += len(df)
        wins = [df[f"win_{k}"].to_numpy(float) for k in range(p)]
        total_w += float(sum(w.sum() for w in wins))
        flags = np.zeros((len(sources), p, len(df)))
        for i, src in enumerate(sources):
            for k in range(p):
                flags[i, k] = _flag(df[f"{src['metric']}_{k}"].to_numpy(float), src)
        held = np.zeros((len(families), p, len(df)))
        np.add.at(held, fam_of, flags)
        for j, c in enumerate(cats):
            differ[:, j] += (np.abs(flags - flags[c]) > 0.5).sum(axis=(1, 2))
        for i in range(len(sources)):
            for k in range(p):
                f = flags[i, k]
                n_with[i] += f.sum()
                w_with[i] += float(np.dot(f, wins[k]))
                if sources[i]["code"] is not None:     # one category per seat: nothing to adjust for
                    others = np.zeros(len(df), dtype=np.int64)
                else:
                    others = np.clip(np.rint(held[fam_of[i], k] - f), 0, strata - 1).astype(np.int64)
                has = f > 0.5
                for j, sel in ((0, has), (1, ~has)):
                    s_n[i, j] += np.bincount(others[sel], minlength=strata)
                    s_w[i, j] += np.bincount(others[sel], weights=wins[k][sel], minlength=strata)
        if reg_rows < regression_rows and reg_cols:
            # cluster = the seed: rotations and arms of one seed share its setup and dice
            gid = df["game"].to_numpy(np.int64)
            long = {"game": np.tile(gid, p), "seat": np.repeat(np.arange(p), len(df)),
                    "win": np.concatenate(wins)}
            for i in reg_cols:
                long[f"c{i}"] = flags[i].reshape(-1)
            reg_frames.append(pd.DataFrame(long))
            reg_rows += len(df) * p
    tab = pd.DataFrame(sources)
    tab["alias"] = [next((sources[c]["label"] for j, c in enumerate(cats) if differ[i, j] == 0), "")
                    if sources[i]["kind"] != "category" and n_with[i] > 0 else "" for i in range(len(sources))]
    tab["seat_games"] = n_with
    tab["wins_with"] = w_with
    tab["seat_games_without"] = games * p - n_with
    tab["wins_without"] = total_w - w_with
    tab["strata"] = list(np.stack([s_n[:, 0], s_w[:, 0], s_n[:, 1], s_w[:, 1]], axis=1))
    fams = {}
    for i in reg_cols:
        if not tab["alias"][i]:     # a category in disguise (held exactly when it is): not a family member
            fams.setdefault(sources[i]["family"], []).append(f"c{i}")
    reg = regression_effects(reg_frames, fams, max_rows=regression_rows) if reg_frames else {}
    tab["reg"] = [reg.get(f"c{i}") for i in range(len(sources))]
    tab.attrs["regression_rows"] = min(reg_rows, regression_rows)
    return tab.reset_index(drop=True), games, p


def unjudged(tab: pd.DataFrame, n_with, wins_with, min_held: int = MIN_HELD):
    """(reason, verdict) per row, "" for a component that is judged. Not judged: a component held
    exactly when a category is (Mare Nostrum's civ heroes, owned from the start: Hammurabi is
    Babylon; against the recruited heroes it was "too strong" for being Babylon), and one whose every
    holder won or none did (Mare Nostrum's Pyramids win the game when built: "too strong, +83 points"
    described the rule, not a strength; the Pyramids' cost is the key constant a sweep measures), and
    a declared outcome of play (Troja's "Won: too strong" said that the side ahead in the war wins
    more, which no designer can act on as a component's strength; reports/outcomes.py describes it),
    and a component whose completion ends the game (Glory to Rome's Catacomb: a player completes it
    when ahead, so 97% of its holders won and it was "too strong, +72.9"; its causal check is named).
    The same on the other side: Magna Grecia's 101 seat-games without an oracle takeover won none,
    so "took over an oracle: too strong, +25.5" was the with-rate of nearly every seat against zero."""
    n_out = tab["seat_games_without"].to_numpy(float) if "seat_games_without" in tab else np.zeros(len(tab))
    w_out = tab["wins_without"].to_numpy(float) if "wins_without" in tab else np.zeros(len(tab))
    alias = tab["alias"].fillna("").astype(str) if "alias" in tab else [""] * len(tab)
    kind = tab["kind"] if "kind" in tab else [""] * len(tab)
    ender = tab["ends_game"].fillna(False).astype(bool) if "ends_game" in tab else [False] * len(tab)
    reason, verdict = [], []
    for a, kd, e, n, k, n0, k0 in zip(alias, kind, ender, n_with, wins_with, n_out, w_out):
        if kd == "outcome":
            why, said = f"{OUTCOME}: described (with vs without), not judged", OUTCOME
        elif e:
            why, said = f"{ENDS_GAME}: its holder chooses when, so with vs without measures that timing", ENDS_GAME
        elif a:
            why, said = f"held exactly when {a} (judged there)", f"same as {a}"
        elif n >= min_held and k >= n - 1e-9:
            why, said = "every holder won: a way to win, not a strength to compare", "every holder won"
        elif n >= min_held and k <= 1e-9:
            why, said = "no holder won: a way to lose, not a weakness to compare", "no holder won"
        elif n0 >= min_held and k0 <= 1e-9:
            why, said = ("no seat without it won: a condition of winning, not a strength to compare",
                         "no seat without it won")
        elif n0 >= min_held and k0 >= n0 - 1e-9:
            why, said = "every seat without it won: a way to win is to avoid it", "every seat without it won"
        else:
            why, said = "", ""
        reason.append(why)
        verdict.append(said)
    return np.array(reason, dtype=object), np.array(verdict, dtype=object)


def component_table(counts: pd.DataFrame, games: int, players: int, alpha: float = 0.05) -> pd.DataFrame:
    """Rates with Wilson intervals, the raw lift (Newcombe interval, z-test p, BH), the stated
    estimand (reports/component_effect.py: adj_* columns, CMH p with BH over all components,
    verdict, flag) and the clustered regression check (reg_*, regression_check). Components that
    cannot be compared (`unjudged`: a category in disguise, held only by winners or only by losers)
    get their reason, no verdict and no place in their family's median. Sorted by the estimand, the
    components too few to judge last."""
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
    out["unjudged"], verdict = unjudged(out, n1, k1)
    if strata is not None:      # not judged: out of its family's median too
        strata = [np.zeros_like(np.asarray(x, float)) if u else x for x, u in zip(strata, out["unjudged"])]
    out = add_effects(out, None if strata is None else list(strata), alpha, family="family")
    out.loc[verdict != "", "verdict"] = verdict[verdict != ""]
    reg = out.pop("reg") if "reg" in out else pd.Series([None] * len(out))
    for j, col in enumerate(("reg_points", "reg_low", "reg_high")):
        out[col] = [100 * r[j] if r is not None else np.nan for r in reg]
    out["reg_p"] = [r[3] if r is not None else np.nan for r in reg]
    out = regression_check(out, alpha)
    key = np.where(np.isfinite(out["adj_points"]), -out["adj_points"], np.inf)
    return out.iloc[np.argsort(key, kind="stable")].reset_index(drop=True)


def plot_lifts(tab: pd.DataFrame, title: str, top: int = 30):
    """Horizontal bars: the estimand (with minus without at the same number of other components)
    with its 95% interval, the raw lift as a tick; flagged components coloured. Components too few
    to judge are left out (the caption says how many)."""
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
    ax.set_xlabel("with minus without, same number of other components held (points, 95% Sato)")
    ax.set_title(title, fontsize=9)
    fig.tight_layout()
    return fig
