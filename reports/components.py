"""Report sections a game declares in its `GameSpec.extra` (see the GameSpec docstring):

- `components`: [(title, column_prefix), ...]: 0/1 seat flags (buildings, heroes, gods...);
  win rate with and without each, the raw lift (Newcombe interval) and the stated estimand of
  reports/component_effect.py (with vs without at the same number of other components held),
  computed by reports/component_study.py for every report.
- `outcomes`: [(title, column_prefix, {column: label}), ...]: 0/1 seat flags that say how the game
  went for a seat (Troja: its side ahead or behind in the war at the end), not something a designer
  sets: described with vs without (reports/outcomes.py), never judged too strong or too weak.
- `outcome_categories`: [categorical_seat names]: categorical seat metrics that are outcomes of play
  in the same sense (Mare Nostrum's roles held at the end); their win-rate sections stay, and the
  component study lists their categories unjudged.
- `game_enders`: [component columns] whose completion ends the game (Glory to Rome's Catacomb): its
  holder chooses when, so with vs without measures that timing; not judged, its causal check named.
- `categorical_seat`: {seat metric: [labels]}: win rate per category (civilization, side...).
- `categorical_game`: {game metric: [labels]}: frequency of each category (end condition...).
- `score_parts`: [seat metrics]: where the winners' points came from.

Everything is computed from the Aggregate's counts (reports/aggregate.py): per (seat, win share,
value) for seat metrics and per (code, game length) for categorical game metrics, so any number
of games x 4 seats x 40 components takes the memory of its distinct values only.
A seat-game is one seat of one game; its win is its win share (a tie among j leaders gives 1/j).
"""
from __future__ import annotations

import hashlib
import math
import re

import numpy as np
import pandas as pd

from reports import stats
from reports.aggregate import Dist, as_aggregate
from reports.component_effect import MIN_HELD, STRONG_POINTS, add_effects

__all__ = ["parse_sections", "component_label", "component_columns", "component_table",
           "bh_adjust", "MIN_HELD",
           "category_seat_table", "category_game_table", "score_parts_table", "file_stem",
           "STRONG_POINTS"]

_EPS = 1e-9


# ---------------------------------------------------------------- declarations

def parse_sections(extra) -> dict:
    """Validate the report keys of a GameSpec `extra` dict.

    Returns {"components": [(title, prefix)], "outcomes": [(title, prefix, {column: label})],
    "outcome_categories": [categorical_seat names], "game_enders": [component columns],
    "dealt_categories": {categorical_seat name: {param: value}} (dealt at random at setup when the
    run's parameters have these values),
    "categorical_seat": {name: [labels]},
    "categorical_game": {name: [labels]}, "score_parts": [names]} (empty when not declared).
    Raises ValueError on a malformed declaration (a bug of the game, not of the data)."""
    extra = extra or {}
    out = {"components": [], "outcomes": [], "outcome_categories": [], "game_enders": [], "dealt_categories": {},
           "categorical_seat": {}, "categorical_game": {}, "score_parts": []}
    for item in extra.get("components") or ():
        if not (isinstance(item, (tuple, list)) and len(item) == 2
                and all(isinstance(x, str) and x for x in item)):
            raise ValueError(f"extra['components'] items are (title, column_prefix) strings, got {item!r}")
        out["components"].append((item[0], item[1]))
    for item in extra.get("outcomes") or ():
        if not (isinstance(item, (tuple, list)) and len(item) == 3 and all(isinstance(x, str) and x for x in item[:2])
                and isinstance(item[2], dict) and all(isinstance(v, str) for v in item[2].values())):
            raise ValueError(f"extra['outcomes'] items are (title, column_prefix, {{column: label}}), got {item!r}")
        out["outcomes"].append((item[0], item[1], dict(item[2])))
    for key in ("categorical_seat", "categorical_game"):
        decl = extra.get(key) or {}
        if not isinstance(decl, dict):
            raise ValueError(f"extra[{key!r}] is a dict metric -> list of labels, got {type(decl).__name__}")
        for name, labels in decl.items():
            if not isinstance(name, str) or isinstance(labels, str) or not len(labels):
                raise ValueError(f"extra[{key!r}][{name!r}] must be a non-empty list of labels")
            out[key][name] = [str(x) for x in labels]
    cats = extra.get("outcome_categories") or ()
    if isinstance(cats, str) or not all(c in out["categorical_seat"] for c in cats):
        raise ValueError(f"extra['outcome_categories'] lists categorical_seat metrics "
                         f"({', '.join(out['categorical_seat']) or 'none declared'}), got {cats!r}")
    out["outcome_categories"] = list(cats)
    enders = extra.get("game_enders") or ()
    prefixes = tuple(p for _, p in out["components"])
    if isinstance(enders, str) or not all(isinstance(x, str) and x.startswith(prefixes) for x in enders):
        raise ValueError(f"extra['game_enders'] lists component columns (starting with "
                         f"{', '.join(prefixes) or 'a declared component prefix'}), got {enders!r}")
    out["game_enders"] = list(enders)
    dealt = extra.get("dealt_categories") or {}
    if not isinstance(dealt, dict) or not all(c in out["categorical_seat"] and isinstance(v, dict)
                                              and all(isinstance(k, str) for k in v) for c, v in dealt.items()):
        raise ValueError(f"extra['dealt_categories'] maps categorical_seat metrics "
                         f"({', '.join(out['categorical_seat']) or 'none declared'}) to {{param: value}} conditions, "
                         f"got {dealt!r}")
    out["dealt_categories"] = {c: dict(v) for c, v in dealt.items()}
    parts = extra.get("score_parts") or ()
    if isinstance(parts, str) or not all(isinstance(x, str) for x in parts):
        raise ValueError(f"extra['score_parts'] is a list of seat metric names, got {parts!r}")
    out["score_parts"] = list(parts)
    return out


def component_label(column_base: str, prefix: str, labels: dict | None = None) -> str:
    """'built_circus_maximus', 'built_' -> 'Circus Maximus', 'wonder_temple_of_artemis' -> 'Temple of
    Artemis' (a name's small words stay small), unless `labels` names the column."""
    if labels and column_base in labels:
        return labels[column_base]
    words = column_base[len(prefix):].replace("_", " ").split()
    return " ".join(w if i and w in _SMALL_WORDS else w.title() for i, w in enumerate(words))


_SMALL_WORDS = frozenset({"a", "an", "and", "at", "by", "for", "in", "of", "on", "or", "the", "to"})


STEM_MAX = 80      # characters of a file-name part: with a prefix, a suffix and the temp-file marker, far
                   # below the 255 bytes a file system allows (a strategy written with all its weights is 1,000+)


def file_stem(name: str) -> str:
    """A safe file-name part: 'built_' -> 'built'; a long one is cut and ends in a hash of the whole name, so
    two long names that share a beginning still get two files."""
    stem = re.sub(r"[^A-Za-z0-9_-]+", "_", name).strip("_") or "x"
    if len(stem) <= STEM_MAX:
        return stem
    return f"{stem[:STEM_MAX - 11]}-{hashlib.sha1(name.encode()).hexdigest()[:10]}"


def component_columns(agg, players: int, prefix: str) -> tuple[list[str], list[str]]:
    """(flags, skipped): seat metrics starting with `prefix` whose values are all 0/1 (nan
    ignored), in column order, and those starting with it that are not 0/1 (e.g. `built_turn_*`
    next to `built_*`)."""
    agg = as_aggregate(agg, players)
    flags, skipped = [], []
    for base in agg.seat_metrics:
        if not base.startswith(prefix) or base == prefix:
            continue
        v = agg.seat_values(base)["value"]
        ok = v.dtype.kind in "biuf"
        if ok:
            v = v.to_numpy(dtype=float)
            v = v[~np.isnan(v)]
            ok = bool(np.all((v == 0) | (v == 1)))
        (flags if ok else skipped).append(base)
    return flags, skipped


# ---------------------------------------------------------------- components

def component_table(agg, players: int, prefix: str, alpha: float = 0.05,
                    columns=None, labels: dict | None = None) -> pd.DataFrame:
    """One row per 0/1 component flag, sorted by the estimand (largest first, too few last).

    Columns: component (label), column, seat_games (seat-games holding it), share (of all
    seat-games), wins_with, win_rate_with, with_low/with_high (Wilson), seat_games_without,
    wins_without, win_rate_without, without_low/without_high (Wilson), lift_points
    (with - without, points), lift_low/lift_high (Newcombe hybrid score, points), p_value
    (two-proportion z test), p_bh (Benjamini-Hochberg over the table), adj_*, verdict and flag of
    the raw counts (reports/component_effect.add_effects without strata).
    From the Aggregate's counts alone: the raw figures that outcomes (reports/outcomes.py) show.
    The stratified estimand a component's verdict needs, with its regression check and the
    components not judged, is reports/component_study.py's, which the reports use.
    Seat-games of one game are treated as independent: the intervals are approximate.
    """
    agg = as_aggregate(agg, players)
    if columns is None:
        columns, _ = component_columns(agg, players, prefix)
    res = agg.seat_results
    total_n = float(agg.n_games * players)
    total_w = Dist(res["win"], res["n"]).sum()
    rows = []
    for base in columns:
        t = agg.seat_values(base)
        held = np.nan_to_num(t["value"].to_numpy(dtype=float)) * t["n"].to_numpy()
        n_with = float(held.sum())
        w_with = Dist(t["win"], held.astype(np.int64)).sum()
        rows.append({"component": component_label(base, prefix, labels), "column": base,
                     "seat_games": int(round(n_with)), "wins_with": w_with,
                     "seat_games_without": int(round(total_n - n_with)), "wins_without": total_w - w_with})
    out = pd.DataFrame(rows, columns=["component", "column", "seat_games", "wins_with", "seat_games_without",
                                      "wins_without"])
    n1 = out["seat_games"].to_numpy(float)
    k1 = out["wins_with"].to_numpy(float)
    n2 = out["seat_games_without"].to_numpy(float)
    k2 = out["wins_without"].to_numpy(float)
    with np.errstate(invalid="ignore", divide="ignore"):
        out["share"] = n1 / total_n if total_n else np.nan
        out["win_rate_with"] = np.where(n1 > 0, k1 / np.where(n1 > 0, n1, 1), np.nan)
        out["win_rate_without"] = np.where(n2 > 0, k2 / np.where(n2 > 0, n2, 1), np.nan)
    out["with_low"], out["with_high"] = stats.wilson(k1, n1, alpha) if len(out) else ([], [])
    out["without_low"], out["without_high"] = stats.wilson(k2, n2, alpha) if len(out) else ([], [])
    d, lo, hi = stats.newcombe_diff(k1, n1, k2, n2, alpha) if len(out) else ([], [], [])
    out["lift_points"] = 100 * np.asarray(d, float)
    out["lift_low"] = 100 * np.asarray(lo, float)
    out["lift_high"] = 100 * np.asarray(hi, float)
    p = np.asarray(stats.two_proportion_pvalue(k1, n1, k2, n2) if len(out) else [], float)
    out["p_value"] = p
    out["p_bh"] = bh_adjust(p)
    out = add_effects(out, None, alpha)
    order = ["component", "column", "seat_games", "share", "wins_with", "win_rate_with", "with_low", "with_high",
             "seat_games_without", "wins_without", "win_rate_without", "without_low", "without_high",
             "lift_points", "lift_low", "lift_high", "p_value", "p_bh",
             "n_informative_with", "n_informative_without", "enough",
             "adj_points", "adj_low", "adj_high", "adj_p", "adj_p_bh", "vs_family_points", "vs_family_low",
             "vs_family_high", "vs_family_p", "basis", "verdict_p_bh", "verdict", "flag"]
    out = out[order]
    key = np.where(np.isfinite(out["adj_points"]), -out["adj_points"], np.inf)
    return out.iloc[np.argsort(key, kind="stable")].reset_index(drop=True)


def bh_adjust(p) -> np.ndarray:
    """Benjamini-Hochberg over the finite p-values (nan stays nan)."""
    p = np.asarray(p, float)
    out = np.full(len(p), np.nan)
    fin = np.isfinite(p)
    out[fin] = stats.benjamini_hochberg(p[fin])
    return out


# ---------------------------------------------------------------- categories

def _codes_to_index(values: np.ndarray, labels: list[str]) -> tuple[np.ndarray, list[str]]:
    """Map a column of integer codes (or label strings) to category indices.
    Returns (index per row, -1 for missing; labels extended with 'code c' for unknown codes)."""
    labels = list(labels)
    if values.dtype.kind in "iufb":
        v = values.astype(float)
        idx = np.full(len(v), -1, np.int64)
        ok = ~np.isnan(v)
        codes = v[ok].astype(np.int64)
        known = len(labels)
        unknown = sorted(set(np.unique(codes).tolist()) - set(range(known)))
        if unknown:
            labels += [f"code {c}" for c in unknown]
            lut = {c: known + j for j, c in enumerate(unknown)}
            bad = (codes < 0) | (codes >= known)
            codes[bad] = np.array([lut[c] for c in codes[bad].tolist()], np.int64)
        idx[ok] = codes
        return idx, labels
    s = pd.Series(values).astype("string")
    extra = sorted(set(s.dropna().unique().tolist()) - set(labels))
    labels += extra
    pos = {lab: i for i, lab in enumerate(labels)}
    idx = s.map(pos).fillna(-1).astype(np.int64).to_numpy()
    return idx, labels


def category_seat_table(agg, players: int, name: str, labels, alpha: float = 0.05,
                        balance_tol: float = 0.05) -> tuple[pd.DataFrame, dict]:
    """Win rate per category of a categorical seat metric (`{name}_{k}` holds a code into
    `labels`, or the label itself).

    Table columns: code, category, seat_games, share (of seat-games with a category), wins,
    win_rate, ci_low/ci_high (Wilson), fair (1/players), edge_points, p_value (exact binomial vs
    fair), p_bh (Benjamini-Hochberg over the categories).
    Summary: balanced (every category's seat-games within `balance_tol` of their mean), chi2,
    chi2_df, chi2_p (wins against expected proportional to seat-games, i.e. uniform when
    balanced; nan when unbalanced), note.
    """
    agg = as_aggregate(agg, players)
    t = agg.seat_values(name)
    labs = list(labels)
    idx, win, cnt = [], [], []
    for k in range(players):
        sub = t[t["seat"] == k]
        values = sub["value"].to_numpy()
        if agg.empty[f"{name}_{k}"].dtype.kind in "biuf":  # this seat's column held codes
            values = values.astype(float)
        i, labs = _codes_to_index(values, labs)
        idx.append(i)
        win.append(sub["win"].to_numpy(dtype=float))
        cnt.append(sub["n"].to_numpy())
    idx, win, cnt = np.concatenate(idx), np.concatenate(win), np.concatenate(cnt)
    c = len(labs)
    n = np.array([float(cnt[idx == i].sum()) for i in range(c)])
    w = np.array([Dist(win[idx == i], cnt[idx == i]).sum() for i in range(c)])
    fair = 1.0 / players
    lo, hi = stats.wilson(w, n, alpha)
    with np.errstate(invalid="ignore", divide="ignore"):
        rate = np.where(n > 0, w / np.where(n > 0, n, 1), np.nan)
    p = np.array([stats.binom_pvalue(w[i], n[i], fair) if n[i] > 0 else np.nan for i in range(c)])
    bh = np.full(c, np.nan)
    fin = np.isfinite(p)
    bh[fin] = stats.benjamini_hochberg(p[fin])
    tab = pd.DataFrame({"code": np.arange(c), "category": labs, "seat_games": n.astype(np.int64),
                        "share": n / n.sum() if n.sum() else np.nan, "wins": w, "win_rate": rate,
                        "ci_low": lo, "ci_high": hi, "fair": fair, "edge_points": 100 * (rate - fair),
                        "p_value": p, "p_bh": bh})
    mean = n.mean() if c else 0.0
    balanced = bool(c >= 2 and mean > 0 and np.all(np.abs(n - mean) <= balance_tol * mean))
    if balanced:
        chi2, chi2_p = stats.chisquare_proportional(w, n)
        exact = bool(np.all(n == n[0]))
        note = ("wins per category against uniform" if exact else
                f"wins per category against expected proportional to seat-games (counts within "
                f"{100 * balance_tol:g}% of each other)") + "; ties split, so approximate"
    else:
        chi2, chi2_p = float("nan"), float("nan")
        note = (f"not applicable: seat-games per category are unbalanced ({int(n.min()):,} to {int(n.max()):,})"
                if c >= 2 else "not applicable: fewer than 2 categories")
    return tab, {"balanced": balanced, "chi2": chi2, "chi2_df": c - 1, "chi2_p": chi2_p, "note": note}


def category_game_table(agg, name: str, labels, alpha: float = 0.05) -> pd.DataFrame:
    """Frequency of each category of a per-game categorical metric (a code into `labels`).

    Columns: code, category, games, share, ci_low/ci_high (Wilson), mean_turns, sd_turns
    (game length in player-turns within the category)."""
    agg = as_aggregate(agg, categorical_game=[name])
    t = agg.categories(name)
    idx, labs = _codes_to_index(t["code"].to_numpy(), list(labels))
    cnt = t["n"].to_numpy()
    turns = t["turns"].to_numpy(dtype=float)
    c = len(labs)
    ok = idx >= 0
    n = np.array([float(cnt[idx == i].sum()) for i in range(c)])
    total = float(cnt[ok].sum())
    lo, hi = stats.wilson(n, np.full(c, total), alpha)
    dists = [Dist(turns[idx == i], cnt[idx == i]) for i in range(c)]
    return pd.DataFrame({"code": np.arange(c), "category": labs, "games": n.astype(np.int64),
                         "share": n / total if total else np.nan, "ci_low": lo, "ci_high": hi,
                         "mean_turns": [d.mean() for d in dists], "sd_turns": [d.sd() for d in dists]})


# ---------------------------------------------------------------- score parts

def _moments(t: pd.DataFrame, n_w: float, n_o: float, nan_zero: bool = False):
    """(winners' mean, others' mean, winners' variance, others' variance, total) of a value
    from rows (win, value, n); winners: win share > 0."""
    v = t["value"].to_numpy(dtype=float)
    if nan_zero:
        v = np.nan_to_num(v)
    c = t["n"].to_numpy()
    won = t["win"].to_numpy(dtype=float) > _EPS
    tw = math.fsum((v[won] * c[won]).tolist())
    to = math.fsum((v[~won] * c[~won]).tolist())
    mw = tw / n_w if n_w else np.nan
    mo = to / n_o if n_o else np.nan
    vw = math.fsum((c[won] * (v[won] - mw) ** 2).tolist()) / (n_w - 1) if n_w > 1 else np.nan
    vo = math.fsum((c[~won] * (v[~won] - mo) ** 2).tolist()) / (n_o - 1) if n_o > 1 else np.nan
    return mw, mo, vw, vo, tw + to


def score_parts_table(agg, players: int, parts, alpha: float = 0.05) -> pd.DataFrame:
    """Where the points came from: one row per part, then `other` (score minus the parts) and
    `score`. Winners are seat-games with a win share > 0 (sole or shared).

    Columns: part, winners_mean, non_winners_mean, difference (winners - non-winners) with
    diff_low/diff_high (95% normal interval, Welch), winners_share (of the winners' mean score),
    non_winners_share, all_share (of all points scored)."""
    agg = as_aggregate(agg, players, score_parts=list(parts))
    if list(parts) != agg.score_parts:
        raise ValueError(f"the aggregate was folded for score parts {agg.score_parts}, not {list(parts)}")
    res = agg.seat_results
    n_w = float(res.loc[res["win"] > _EPS, "n"].sum())
    n_o = float(agg.n_games * players) - n_w
    z = float(stats._z(alpha))
    scores = res.rename(columns={"score": "value"})
    sw, so, svw, svo, s_all = _moments(scores, n_w, n_o)
    rows = []
    for p in agg.parts_present + ["other", "score"]:
        t = agg.other if p == "other" else scores if p == "score" else agg.seat_values(p)
        mw, mo, vw, vo, tot = _moments(t, n_w, n_o, nan_zero=p not in ("other", "score"))
        se = np.sqrt(vw / n_w + vo / n_o) if n_w > 1 and n_o > 1 else np.nan
        rows.append({"part": p, "winners_mean": mw, "non_winners_mean": mo, "difference": mw - mo,
                     "diff_low": mw - mo - z * se, "diff_high": mw - mo + z * se,
                     "winners_share": mw / sw if sw else np.nan,
                     "non_winners_share": mo / so if so else np.nan,
                     "all_share": tot / s_all if s_all else np.nan})
    return pd.DataFrame(rows, columns=["part", "winners_mean", "non_winners_mean", "difference", "diff_low",
                                       "diff_high", "winners_share", "non_winners_share", "all_share"])


def named_switch(spec, metric: str) -> str | None:
    """The measuring switch a component read from a count names (GameSpec.extra["component_switches"]:
    Troja's `ships_vp` -> `power_ship_vp`), or None."""
    return ((getattr(spec, "extra", None) or {}).get("component_switches") or {}).get(metric)
