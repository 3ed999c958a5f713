"""Scoring-constant sweeps: per-arm seat win rates, score margins, the komi curve and
its fair crossing with a bootstrap interval over seeds (common random numbers)."""
from __future__ import annotations

import math

import numpy as np
import pandas as pd

from reports import stats
from reports.data import win_matrix
from reports.seats import seat_table, shared_mask

__all__ = ["sweep_params", "arm_values", "numeric_values", "sweep_table", "score_margins",
           "komi_table", "first_crossing", "fair_crossing", "bootstrap_crossing", "komi_curve",
           "grid_table", "grid_crossings"]


def sweep_params(meta: dict) -> list[str]:
    """Names of the swept parameters (1 or 2), [] for a seats run."""
    return list((meta.get("sweep") or {}).get("params") or [])


def arm_values(meta: dict) -> pd.DataFrame:
    """One row per arm: `arm` and one column per swept parameter (readable values)."""
    sw = meta.get("sweep") or {}
    names = sweep_params(meta)
    rows = []
    for a in sw.get("arms") or []:
        row = {"arm": int(a["arm"])}
        for nm in names:
            row[nm] = (a.get("values") or {}).get(nm)
        rows.append(row)
    return pd.DataFrame(rows, columns=["arm"] + names)


def numeric_values(values) -> np.ndarray | None:
    """Values as floats (booleans as 0/1), or None if any is not a number."""
    out = []
    for v in values:
        if isinstance(v, bool):
            out.append(float(v))
            continue
        try:
            out.append(float(v))
        except (TypeError, ValueError):
            return None
    arr = np.asarray(out, dtype=float)
    return arr if np.all(np.isfinite(arr)) else None


def score_margins(df: pd.DataFrame, players: int) -> tuple[np.ndarray, np.ndarray]:
    """Per game: (seat 0 score minus the mean of the other seats, winner's score minus runner-up's)."""
    s = df[[f"score_{k}" for k in range(players)]].to_numpy(dtype=float)
    seat0 = s[:, 0] - s[:, 1:].mean(axis=1) if players > 1 else np.zeros(len(s))
    top = np.sort(s, axis=1)
    top2 = top[:, -1] - top[:, -2] if players > 1 else np.zeros(len(s))
    return seat0, top2


def sweep_table(df: pd.DataFrame, meta: dict, players: int, alpha: float = 0.05) -> pd.DataFrame:
    """One row per arm x seat: the seat table of each arm, with the swept values.

    Adds p_holm_arms (Holm across arms, within each seat: "this seat's rate = 1/p")
    and p_bh (Benjamini-Hochberg over all arm x seat tests, for exploring).
    """
    values = arm_values(meta)
    parts = []
    for arm, g in df.groupby("arm", sort=True):
        t = seat_table(g, players, alpha).drop(columns=["p_holm"])
        t.insert(0, "arm", int(arm))
        parts.append(t)
    out = pd.concat(parts, ignore_index=True)
    if len(values):
        out = out.merge(values, on="arm", how="left")
        cols = ["arm"] + [c for c in values.columns if c != "arm"]
        out = out[cols + [c for c in out.columns if c not in cols]]
    out["p_holm_arms"] = np.nan
    for k in range(players):
        m = out["seat"] == k
        out.loc[m, "p_holm_arms"] = stats.holm(out.loc[m, "p_value"].to_numpy())
    out["p_bh"] = stats.benjamini_hochberg(out["p_value"].to_numpy())
    return out.sort_values(["arm", "seat"], kind="mergesort").reset_index(drop=True)


def komi_table(df: pd.DataFrame, meta: dict, players: int, alpha: float = 0.05) -> pd.DataFrame:
    """One row per arm: swept values, games, seat-0 win rate with Wilson CI, p vs 1/p,
    p_holm (Holm across arms), mean score margins with 95% normal CIs
    (margin_seat0 = seat 0 minus mean of the others; margin_top2 = winner minus
    runner-up), mean game length and tie share."""
    fair = 1.0 / players
    z = stats._z(alpha)
    values = arm_values(meta)
    rows = []
    for arm, g in df.groupby("arm", sort=True):
        n = len(g)
        w0 = float(g["win_0"].sum())
        lo, hi = stats.wilson(w0, n, alpha)
        m0, mt = score_margins(g, players)
        sd0 = float(np.std(m0, ddof=1)) if n > 1 else float("nan")
        rows.append({
            "arm": int(arm), "games": n, "seat0_wins": w0, "seat0_rate": w0 / n,
            "ci_low": lo, "ci_high": hi, "edge_points": 100 * (w0 / n - fair),
            "p_value": stats.binom_pvalue(w0, n, fair),
            "margin_seat0": float(m0.mean()),
            "margin_seat0_low": float(m0.mean() - z * sd0 / math.sqrt(n)) if n > 1 else float("nan"),
            "margin_seat0_high": float(m0.mean() + z * sd0 / math.sqrt(n)) if n > 1 else float("nan"),
            "margin_top2": float(mt.mean()),
            "mean_turns": float(g["turns"].mean()) if "turns" in g else float("nan"),
            "tie_share": float(shared_mask(win_matrix(g, players)).any(axis=1).mean()),
        })
    out = pd.DataFrame(rows)
    out.insert(out.columns.get_loc("p_value") + 1, "p_holm", stats.holm(out["p_value"].to_numpy()))
    if len(values):
        out = values.merge(out, on="arm", how="right")
    return out


def first_crossing(x: np.ndarray, rates: np.ndarray, fair: float) -> np.ndarray:
    """Vectorised: for each row of `rates` (B, A) over sorted `x` (A,), the first x where
    the curve meets `fair` (an arm exactly on it, or linear interpolation between the
    two arms that bracket it); NaN where it never does."""
    r = np.atleast_2d(np.asarray(rates, dtype=float))
    x = np.asarray(x, dtype=float)
    d = r - fair
    A = d.shape[1]
    if A == 0:
        return np.full(r.shape[0], np.nan)
    cond = d == 0
    if A > 1:
        cond[:, :-1] |= (d[:, :-1] * d[:, 1:]) < 0
    has = cond.any(axis=1)
    i = np.argmax(cond, axis=1)
    j = np.minimum(i + 1, A - 1)
    rows = np.arange(r.shape[0])
    di, dj = d[rows, i], d[rows, j]
    with np.errstate(invalid="ignore", divide="ignore"):
        interp = x[i] + (x[j] - x[i]) * di / (di - dj)
    val = np.where(di == 0, x[i], interp)
    return np.where(has, val, np.nan)


def fair_crossing(x, rates, fair: float) -> dict:
    """Point estimate of the fair value: {'value' (None if the curve never meets the
    fair line), 'n_crossings', 'between' (the bracketing x values), 'note'}."""
    x = np.asarray(x, dtype=float)
    r = np.asarray(rates, dtype=float)
    order = np.argsort(x, kind="stable")
    x, r = x[order], r[order]
    d = r - fair
    cond = d == 0
    if len(d) > 1:
        cond[:-1] |= (d[:-1] * d[1:]) < 0
    n_cross = int(cond.sum())
    v = float(first_crossing(x, r[None, :], fair)[0]) if len(x) else float("nan")
    if not np.isfinite(v):
        side = "above" if np.all(d > 0) else "below" if np.all(d < 0) else "on both sides of"
        return {"value": None, "n_crossings": 0, "between": None,
                "note": (f"no crossing: the seat-0 rate stays {side} the fair line "
                         f"{100 * fair:.4g}% over the swept range")}
    i = int(np.argmax(cond))
    between = (float(x[i]), float(x[i])) if d[i] == 0 else (float(x[i]), float(x[i + 1]))
    note = f"linear interpolation between {between[0]:g} and {between[1]:g}"
    if n_cross > 1:
        note += f"; the curve meets the fair line {n_cross} times, the first is reported"
    return {"value": v, "n_crossings": n_cross, "between": between, "note": note}


def bootstrap_crossing(df: pd.DataFrame, x_by_arm: dict, players: int, n_boot: int = 1000,
                       seed: int = 0, alpha: float = 0.05, max_cells: int = 4_000_000) -> dict:
    """Bootstrap interval of the fair crossing, resampling seed indices (`game`) jointly
    for all arms (the same seeds were played in every arm: common random numbers).

    x_by_arm: {arm: x value} for the arms of the curve. Returns {'low', 'high',
    'median', 'n_boot', 'missing_share' (resamples without a crossing), 'seed'}.
    """
    arms = sorted(x_by_arm, key=lambda a: (x_by_arm[a], a))
    x = np.array([x_by_arm[a] for a in arms], dtype=float)
    sub = df[df["arm"].isin(arms)]
    col = {a: i for i, a in enumerate(arms)}
    seeds, s_idx = np.unique(sub["game"].to_numpy(), return_inverse=True)
    a_idx = sub["arm"].map(col).to_numpy()
    S, A = len(seeds), len(arms)
    num = np.zeros((S, A))
    den = np.zeros((S, A))
    np.add.at(num, (s_idx, a_idx), sub["win_0"].to_numpy(dtype=float))
    np.add.at(den, (s_idx, a_idx), 1.0)
    rng = np.random.default_rng(seed)
    chunk = max(1, min(n_boot, max_cells // max(S, 1)))
    found = []
    done = 0
    while done < n_boot:
        b = min(chunk, n_boot - done)
        idx = rng.integers(0, S, size=(b, S))
        counts = np.bincount((idx + (np.arange(b) * S)[:, None]).ravel(),
                             minlength=b * S).reshape(b, S).astype(float)
        with np.errstate(invalid="ignore", divide="ignore"):
            rates = (counts @ num) / (counts @ den)
        found.append(first_crossing(x, rates, 1.0 / players))
        done += b
    vals = np.concatenate(found) if found else np.array([])
    ok = vals[np.isfinite(vals)]
    res = {"n_boot": int(n_boot), "seed": int(seed), "missing_share": float(1 - len(ok) / max(len(vals), 1)),
           "low": None, "high": None, "median": None}
    if len(ok):
        res["low"] = float(np.quantile(ok, alpha / 2))
        res["high"] = float(np.quantile(ok, 1 - alpha / 2))
        res["median"] = float(np.median(ok))
    return res


def komi_curve(df: pd.DataFrame, meta: dict, players: int, param: str | None = None,
               n_boot: int = 1000, seed: int = 0, komi: pd.DataFrame | None = None) -> dict:
    """The komi curve of a 1-parameter sweep (or of `param`, all other values fixed):
    {'param', 'x', 'table' (komi_table sorted by x), 'fair', 'crossing' (fair_crossing
    dict), 'bootstrap' (bootstrap_crossing dict or None), 'numeric'}."""
    names = sweep_params(meta)
    param = param or (names[0] if names else None)
    table = komi if komi is not None else komi_table(df, meta, players)
    fair = 1.0 / players
    out = {"param": param, "fair": fair, "table": table, "numeric": False,
           "crossing": {"value": None, "n_crossings": 0, "between": None,
                        "note": "no komi curve: the swept values are not numbers"},
           "bootstrap": None, "x": None}
    if param is None or param not in table.columns:
        return out
    x = numeric_values(table[param].tolist())
    if x is None:
        return out
    order = np.argsort(x, kind="stable")
    table = table.iloc[order].reset_index(drop=True)
    x = x[order]
    out.update(table=table, x=x, numeric=True)
    out["crossing"] = fair_crossing(x, table["seat0_rate"].to_numpy(), fair)
    if out["crossing"]["value"] is not None and n_boot > 0:
        out["bootstrap"] = bootstrap_crossing(df, dict(zip(table["arm"].tolist(), x.tolist())),
                                              players, n_boot=n_boot, seed=seed)
    return out


def grid_table(komi: pd.DataFrame, p1: str, p2: str, value: str = "seat0_rate") -> pd.DataFrame:
    """Pivot of a 2-parameter sweep: rows = values of p1, columns = values of p2."""
    return komi.pivot_table(index=p1, columns=p2, values=value, aggfunc="first", sort=True)


def grid_crossings(df: pd.DataFrame, komi: pd.DataFrame, p1: str, p2: str, players: int,
                   n_boot: int = 1000, seed: int = 0) -> pd.DataFrame:
    """For each value of p1, the fair value of p2 (first crossing along p2) with its
    bootstrap interval: columns p1, fair_value, boot_low, boot_high, missing_share, note."""
    rows = []
    fair = 1.0 / players
    for v1, g in komi.groupby(p1, sort=True):
        x = numeric_values(g[p2].tolist())
        row = {p1: v1, "fair_value": None, "boot_low": None, "boot_high": None,
               "missing_share": None, "note": ""}
        if x is None:
            row["note"] = f"{p2} is not numeric"
            rows.append(row)
            continue
        order = np.argsort(x, kind="stable")
        x, g = x[order], g.iloc[order]
        cr = fair_crossing(x, g["seat0_rate"].to_numpy(), fair)
        row["fair_value"], row["note"] = cr["value"], cr["note"]
        if cr["value"] is not None and n_boot > 0:
            b = bootstrap_crossing(df, dict(zip(g["arm"].tolist(), x.tolist())), players,
                                   n_boot=n_boot, seed=seed)
            row.update(boot_low=b["low"], boot_high=b["high"], missing_share=b["missing_share"])
        rows.append(row)
    return pd.DataFrame(rows)
