"""Scoring-constant sweeps: per-arm seat win rates, score margins, the komi curve and
its fair crossing with a bootstrap interval over seeds (common random numbers).

Tables come from the run's Aggregate (reports/aggregate.py). The bootstrap resamples seeds
jointly for all arms; on runs with more than EXACT_SEEDS seeds it resamples blocks of
SEED_BLOCK consecutive seeds instead (the result says which)."""
from __future__ import annotations

import math

from pathlib import Path

import numpy as np
import pandas as pd

from reports import stats
from reports.fmt import value
from reports.aggregate import Dist, as_aggregate, score_margins, shared_mask
from reports.seats import seat_table

__all__ = ["sweep_params", "arm_values", "numeric_values", "played_values", "sweep_table", "score_margins",
           "komi_table", "first_crossing", "fair_crossing", "bootstrap_crossing", "seat0_slope", "seat_slopes",
           "seat_crossing", "seat_paired", "SeatAction", "games_to_see", "slope_differences", "seat_action_from_sweep",
           "seats_moved_text", "curve_x_by_arm", "curve_seat_slopes", "seats_advice", "paired_vs_base",
           "komi_curve",
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


def played_values(game: str | None, param: str, x: np.ndarray, players: int) -> np.ndarray:
    """Swept values as the rules play them at `players` (Param.effective): a 0 that means "auto" sits at
    its value. Troja's sweep of row_threshold put its default arm, 0 = auto = 10 at 4 players, at 0 on the
    curve, left of 8, so its slope and crossing read the arm at 10 twice, once in the wrong place."""
    par = _param(game, param)
    if par is None or not par.auto:
        return x
    return np.array([float(par.effective(v, players)) for v in x], dtype=float)


def sweep_table(agg, meta: dict, players: int, alpha: float = 0.05) -> pd.DataFrame:
    """One row per arm x seat: the seat table of each arm, with the swept values.

    Adds p_holm_arms (Holm across arms, within each seat: "this seat's rate = 1/p")
    and p_bh (Benjamini-Hochberg over all arm x seat tests, for exploring).
    """
    agg = as_aggregate(agg, players)
    values = arm_values(meta)
    parts = []
    for arm in agg.arms:
        t = seat_table(agg.only(arm), players, alpha).drop(columns=["p_holm"])
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


def komi_table(agg, meta: dict, players: int, alpha: float = 0.05) -> pd.DataFrame:
    """One row per arm: swept values, games, seat-0 win rate with Wilson CI, p vs 1/p,
    p_holm (Holm across arms), mean score margins with 95% normal CIs
    (margin_seat0 = seat 0 minus mean of the others; margin_top2 = winner minus
    runner-up), mean game length and tie share."""
    agg = as_aggregate(agg, players)
    fair = 1.0 / players
    z = stats._z(alpha)
    values = arm_values(meta)
    rows = []
    for arm in agg.arms:
        g = agg.only(arm)
        n = g.n_games
        pat = g.win_patterns
        w = pat[[f"win_{k}" for k in range(players)]].to_numpy(dtype=float)
        w0 = Dist(w[:, 0], pat["n"]).sum()
        lo, hi = stats.wilson(w0, n, alpha)
        m0 = Dist(g.margins("seat0")["value"], g.margins("seat0")["n"])
        mt = Dist(g.margins("top2")["value"], g.margins("top2")["n"])
        sd0 = m0.sd() if n > 1 else float("nan")
        turns = g.game_values("turns") if g.has("turns") else None
        rows.append({
            "arm": int(arm), "games": n, "seat0_wins": w0, "seat0_rate": w0 / n,
            "ci_low": lo, "ci_high": hi, "edge_points": 100 * (w0 / n - fair),
            "p_value": stats.binom_pvalue(w0, n, fair),
            "margin_seat0": m0.mean(),
            "margin_seat0_low": float(m0.mean() - z * sd0 / math.sqrt(n)) if n > 1 else float("nan"),
            "margin_seat0_high": float(m0.mean() + z * sd0 / math.sqrt(n)) if n > 1 else float("nan"),
            "margin_top2": mt.mean(),
            "mean_turns": Dist(turns["value"], turns["n"]).mean() if turns is not None else float("nan"),
            "tie_share": float(pat.loc[shared_mask(w).any(axis=1), "n"].sum()) / n,
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


def _beyond(x: np.ndarray, rates: np.ndarray, fair: float) -> np.ndarray:
    """For curves (rows) that never meet the fair line: where their crossing lies, -inf (below
    the swept range) or +inf (above it), from the side of the line and the sign of the curve's
    least-squares slope (a flat curve's crossing is anywhere: counted beyond the far end)."""
    xc = x - x.mean()
    slope = (rates - rates.mean(axis=1, keepdims=True)) @ xc / max(float(xc @ xc), 1e-300)
    above = (rates - fair).mean(axis=1) > 0
    toward_high = np.where(above, slope < 0, slope > 0)
    return np.where(toward_high, np.inf, -np.inf)


def bootstrap_crossing(agg, x_by_arm: dict, players: int, n_boot: int = 1000,
                       seed: int = 0, alpha: float = 0.05, max_cells: int = 4_000_000) -> dict:
    """Bootstrap interval of the fair crossing, resampling seeds (`game`) jointly for all
    arms (the same seeds were played in every arm: common random numbers); on runs with more
    than EXACT_SEEDS seeds, blocks of SEED_BLOCK consecutive seeds (aligned across arms).

    Every resample counts: one whose curve never meets the fair line has its crossing beyond
    the swept range (-inf or +inf, see `_beyond`), so the interval is taken over all of them.
    The crossing is **identified** when that interval lies inside the swept range.

    x_by_arm: {arm: x value} for the arms of the curve. Returns {'low', 'high' (floats, may
    be +-inf), 'median', 'identified', 'n_boot', 'missing_share' (resamples without a
    crossing), 'seed', 'unit' ("seed" or "block of 1,000 seeds"), 'units' (how many were
    resampled)}.
    """
    agg = as_aggregate(agg, players)
    arms = sorted(x_by_arm, key=lambda a: (x_by_arm[a], a))
    x = np.array([x_by_arm[a] for a in arms], dtype=float)
    num, den = agg.seeds.matrix(arms)
    return _bootstrap(num, den, x, players, n_boot, seed, alpha, max_cells, agg.seeds.unit)


def _bootstrap(num: np.ndarray, den: np.ndarray, x: np.ndarray, players: int, n_boot: int, seed: int,
               alpha: float, max_cells: int, unit: str) -> dict:
    """bootstrap_crossing on (units x arms) win and game sums, the arms in ascending x."""
    S = len(num)
    rng = np.random.default_rng(seed)
    chunk = max(1, min(n_boot, max_cells // max(S, 1)))
    found, fair = [], 1.0 / players
    done = 0
    while done < n_boot:
        b = min(chunk, n_boot - done)
        idx = rng.integers(0, S, size=(b, S))
        counts = np.bincount((idx + (np.arange(b) * S)[:, None]).ravel(),
                             minlength=b * S).reshape(b, S).astype(float)
        with np.errstate(invalid="ignore", divide="ignore"):
            rates = (counts @ num) / (counts @ den)
        v = first_crossing(x, rates, fair)
        found.append(np.where(np.isfinite(v), v, _beyond(x, rates, fair)))
        done += b
    vals = np.concatenate(found) if found else np.array([])
    res = {"n_boot": int(n_boot), "seed": int(seed),
           "missing_share": float(np.mean(~np.isfinite(vals))) if len(vals) else 1.0,
           "low": None, "high": None, "median": None, "identified": False,
           "unit": unit, "units": int(S)}
    if len(vals):
        lo, hi = np.quantile(vals, [alpha / 2, 1 - alpha / 2], method="inverted_cdf")
        res["low"], res["high"] = float(lo), float(hi)
        res["median"] = float(np.quantile(vals, 0.5, method="inverted_cdf"))
        res["identified"] = bool(np.isfinite(lo) and np.isfinite(hi) and x.min() <= lo and hi <= x.max())
    return res


def seat0_slope(agg, x_by_arm: dict, players: int, alpha: float = 0.05) -> dict:
    """Linear slope of seat 0's win rate against the swept value, fitted on the seeds (or seed
    blocks) of every arm by weighted least squares with standard errors clustered by seed
    (statsmodels WLS, cov_type="cluster"): the arms share their seeds, so their rates are
    correlated. Returns {slope, low, high, p} in points per unit of x, and {change, change_low,
    change_high}: the fitted change across the swept range, in points."""
    import statsmodels.api as sm
    agg = as_aggregate(agg, players)
    arms = sorted(x_by_arm, key=lambda a: (x_by_arm[a], a))
    x = np.array([x_by_arm[a] for a in arms], dtype=float)
    num, den = agg.seeds.matrix(arms)
    S = len(num)
    out = {k: float("nan") for k in ("slope", "low", "high", "p", "change", "change_low", "change_high")}
    if S < 3 or len(arms) < 2 or np.ptp(x) == 0:
        return out
    unit = np.repeat(np.arange(S), len(arms))
    xx = np.tile(x, S)
    d = den.reshape(-1)
    keep = d > 0
    y = np.divide(num.reshape(-1), d, out=np.zeros_like(d), where=keep)
    X = sm.add_constant(xx[keep])
    with np.errstate(invalid="ignore"):     # a few seeds' cluster covariance can be negative on its diagonal
        fit = sm.WLS(y[keep], X, weights=d[keep]).fit(cov_type="cluster", cov_kwds={"groups": unit[keep]})
        lo, hi = fit.conf_int(alpha)[1]
        p = float(fit.pvalues[1])
    if not (np.isfinite(lo) and np.isfinite(hi)):
        return out      # a slope is only printed with its interval
    span = float(np.ptp(x))
    out.update(slope=100 * float(fit.params[1]), low=100 * float(lo), high=100 * float(hi), p=p,
               change=100 * float(fit.params[1]) * span, change_low=100 * float(lo) * span,
               change_high=100 * float(hi) * span)
    return out


def seat_slopes(run, x_by_arm: dict, players: int, alpha: float = 0.05) -> pd.DataFrame:
    """Every seat's win share against the swept value: one linear fit per seat on the games of every
    arm (a win 1, a tie among j leaders 1/j), standard errors clustered by seed (the arms share their
    seeds), Holm over the seats. The komi curve reads seat 0 only, so Magna Grecia's design report
    called `oracle_points` flat ("does not set the seat balance") while it moved the last seat from
    26% to 19% across the range. One row per seat: slope (points per unit), its interval, the change
    across the range, p and p_holm."""
    import statsmodels.api as sm
    wins = [f"win_{k}" for k in range(players)]
    df = _swept_rows(run, x_by_arm, players)
    x = df["x"].to_numpy(float)
    rows = []
    for k in range(players):
        row = {"seat": k, "slope": np.nan, "low": np.nan, "high": np.nan, "change": np.nan, "change_low": np.nan,
               "change_high": np.nan, "p": np.nan}
        if len(df) >= 3 and np.ptp(x) > 0 and df["game"].nunique() >= 3:
            y = df[wins[k]].to_numpy(float)
            with np.errstate(invalid="ignore"):
                fit = sm.OLS(y, sm.add_constant(x)).fit(cov_type="cluster", cov_kwds={"groups": df["game"].to_numpy()})
                lo, hi = fit.conf_int(alpha)[1]
            if np.isfinite(lo) and np.isfinite(hi):
                span = float(np.ptp(x))
                b = 100 * float(fit.params[1])
                row.update(slope=b, low=100 * float(lo), high=100 * float(hi), p=float(fit.pvalues[1]),
                           change=b * span, change_low=100 * float(lo) * span, change_high=100 * float(hi) * span)
        rows.append(row)
    return _holm(pd.DataFrame(rows))


def _holm(out: pd.DataFrame) -> pd.DataFrame:
    out["p_holm"] = np.nan
    ok = np.isfinite(out["p"])
    if ok.any():
        out.loc[ok, "p_holm"] = stats.holm(out.loc[ok, "p"].to_numpy())
    return out


def _swept_rows(run, x_by_arm: dict, players: int, extra=()) -> pd.DataFrame:
    """One row per game of the swept arms: game, arm, rotation, every seat's win share, the `extra`
    columns and the swept value x, in one order whatever the chunks were (a fit's sums, and so its last
    digits, follow it)."""
    from reports.data import iter_chunks
    wins = [f"win_{k}" for k in range(players)]
    df = pd.concat(list(iter_chunks(run, ["game", "arm", "rotation"] + wins + list(extra))), ignore_index=True)
    df = df[df["arm"].isin(list(x_by_arm))].sort_values(["game", "arm", "rotation"], kind="stable")
    return df.assign(x=df["arm"].map(x_by_arm).astype(float))


def swept_units(df: pd.DataFrame, x_by_arm: dict):
    """The resampling layout of _swept_rows' rows: (the arms in the order of their swept values, x, each
    row's unit (seed, or block of SEED_BLOCK seeds on long runs), each row's arm column, the unit's name)."""
    from reports.aggregate import EXACT_SEEDS, SEED_BLOCK
    arms = sorted(x_by_arm, key=lambda a: (x_by_arm[a], a))
    x = np.array([x_by_arm[a] for a in arms], dtype=float)
    games = df["game"].to_numpy(np.int64)
    exact = len(np.unique(games)) <= EXACT_SEEDS
    _, u = np.unique(games if exact else games // SEED_BLOCK, return_inverse=True)
    col = pd.Series(range(len(arms)), index=arms).reindex(df["arm"]).to_numpy()
    return arms, x, u, col, "seed" if exact else f"block of {SEED_BLOCK:,} seeds"


def _seat_matrix(run, x_by_arm: dict, players: int, seat: int):
    """One seat's wins and games per resampling unit and arm (swept_units): (arms, x, num, den, unit name)."""
    df = _swept_rows(run, x_by_arm, players)
    arms, x, u, col, unit = swept_units(df, x_by_arm)
    num = np.zeros((u.max() + 1 if len(u) else 0, len(arms)))
    den = np.zeros_like(num)
    np.add.at(num, (u, col), df[f"win_{seat}"].to_numpy(float))
    np.add.at(den, (u, col), 1.0)
    return arms, x, num, den, unit


def seat_crossing(run, x_by_arm: dict, players: int, seat: int, n_boot: int = 1000, seed: int = 0) -> dict:
    """Where one seat's win share meets fair along the swept value: the komi curve's fair crossing
    (linear interpolation between arms) and its bootstrap over seeds, resampled jointly in every arm,
    for any seat. The komi curve gives seat 0's; Magna Grecia's flagged seat is the last one (20.9%
    at the default `oracle_points`), and a designer asks which value brings that seat to fair.
    Returns {"seat", "x", "rates", "crossing" (fair_crossing), "bootstrap", "identified"}."""
    arms, x, num, den, unit = _seat_matrix(run, x_by_arm, players, seat)
    with np.errstate(invalid="ignore", divide="ignore"):
        rates = num.sum(axis=0) / den.sum(axis=0)
    cross = fair_crossing(x, rates, 1.0 / players)
    boot = (_bootstrap(num, den, x, players, n_boot, seed, 0.05, 4_000_000, unit)
            if n_boot > 0 and len(num) else None)
    return {"seat": int(seat), "x": x, "rates": rates, "crossing": cross, "bootstrap": boot,
            "identified": bool(cross["value"] is not None and boot is not None and boot["identified"])}


def seat_paired(run, x_by_arm: dict, players: int, seat: int, base: int, alpha: float = 0.05) -> pd.DataFrame:
    """Every arm against the base arm for one seat, on the seeds they share: paired_vs_base for any
    seat (the komi curve's table pairs seat 0 only). The seat verdict's action read a flagged seat's
    pointwise intervals: Magna Grecia's said seat 0's "95% interval contains fair at oracle_points =
    0, 2" where, paired on the same seeds, 2 moved it by +0.1 points and 0 by -2.5 [-6.7, +1.7], and
    the interval at the default held fair as well: arms too small to place the edge, not a fix.
    Adds x (the arm's value), sd (of the per-unit differences) and games_per_unit (for a sample size)."""
    arms, x, num, den, _ = _seat_matrix(run, x_by_arm, players, seat)
    b = arms.index(base)
    out = _paired_rows(((a, num[:, [j, b]], den[:, [j, b]]) for j, a in enumerate(arms)), base, alpha)
    return out.assign(x=x)


def _paired_rows(pairs, base: int, alpha: float) -> pd.DataFrame:
    """(arm, num, den) with columns (arm, base) per unit -> the paired difference of the win rate
    (points, weighted t interval over the units that have both), p, Holm across the other arms."""
    from statsmodels.stats.weightstats import DescrStatsW
    rows = []
    for a, num, den in pairs:
        both = (den[:, 0] > 0) & (den[:, 1] > 0)
        row = {"arm": int(a), "units": int(both.sum()), "diff_points": np.nan, "diff_low": np.nan,
               "diff_high": np.nan, "p_paired": np.nan, "sd": np.nan,
               "games_per_unit": float(den[both, 0].mean()) if both.any() else np.nan}
        if a == base:
            row.update(diff_points=0.0, diff_low=0.0, diff_high=0.0)
        elif both.sum() >= 2:
            w = den[both, 0]
            d = num[both, 0] / den[both, 0] - num[both, 1] / den[both, 1]
            ds = DescrStatsW(d, weights=w)
            lo, hi = ds.tconfint_mean(alpha)
            row.update(diff_points=100 * ds.mean, diff_low=100 * lo, diff_high=100 * hi, sd=float(ds.std),
                       p_paired=float(ds.ttest_mean(0.0)[1]) if ds.std > 0 else (1.0 if ds.mean == 0 else 0.0))
        rows.append(row)
    out = pd.DataFrame(rows)
    others = out["arm"] != base
    out["p_paired_holm"] = np.nan
    fin = others & np.isfinite(out["p_paired"])
    if fin.any():
        out.loc[fin, "p_paired_holm"] = stats.holm(out.loc[fin, "p_paired"].to_numpy())
    return out


def games_to_see(sd: float, shift_points: float, games_per_unit: float, power: float = 0.8,
                 alpha: float = 0.05) -> int | None:
    """Games per arm for a paired t test on the units (seeds) to see a change of `shift_points`
    with the given power (two-sided), from the per-unit SD a sweep measured, rounded up to a
    hundred; None when the SD or the shift is not usable."""
    from statsmodels.stats.power import TTestPower
    if not (np.isfinite(sd) and sd > 0 and np.isfinite(shift_points) and shift_points != 0
            and np.isfinite(games_per_unit) and games_per_unit > 0):
        return None
    n = TTestPower().solve_power(effect_size=abs(shift_points) / 100 / sd, alpha=alpha, power=power,
                                 alternative="two-sided")
    return int(math.ceil(float(n) * games_per_unit / 100.0) * 100)


def _flagged_seat(seats, players: int):
    """The seat study's significant seat furthest from fair (its row), or None: the seat its
    verdict line names (render.seat_verdict; seat 0 at 2 players)."""
    if seats is None:
        return None
    tab = seats[2]
    sig = tab[tab["p_holm"] < 0.05] if "p_holm" in tab else tab.iloc[:0]
    if players == 2:
        sig = sig[sig["seat"] == 0]
    if not len(sig):
        return None
    return sig.iloc[int(np.argmax(np.abs(sig["edge_points"].to_numpy())))]


class SeatAction(str):
    """A seat verdict's action text, with the value it asks to check (`.value`, None when it names none),
    the games that check needs when the sweep says so (`.games`) and the flagged seat (`.seat`): the
    design battery plays that check (experiments/design.py) and its report states the result."""

    def __new__(cls, text: str, seat: int | None = None, value: str | None = None, games: int | None = None):
        a = super().__new__(cls, text)
        a.seat, a.value, a.games = seat, value, games
        return a


def seat_action_from_sweep(seats, sc, arms, key: str, players: int, game: str, curve: dict, by: str = "",
                           run=None, ref: str = "") -> str:
    """The seat verdict's action at the sweep's player count, from what the sweep showed. Magna
    Grecia's 4-player verdict told a designer to compensate seat 3 by sweeping `oracle_points`,
    two lines above the sweep that had seat 3 below fair at every value from 0 to 8; "" when no
    seat is flagged (the default advice then stands). `by`: the strategy of a further level's sweep
    (its seat verdict reads that sweep). With the sweep's `run`, a flagged seat other than seat 0 gets
    the value where its own curve meets fair, with its bootstrap interval (seat_crossing), and one whose
    crossing is not identified is judged on its paired differences to the default arm (_paired_action).
    `ref`: how the text names the sweep (default "the sweep of `KEY` below"; a sweep's own report: "this
    sweep"). Returns a SeatAction: the text, and the value it asks to check, if any."""
    r = _flagged_seat(seats, players)
    if r is None:
        return ""
    seat, fair = int(r.seat), 1.0 / players
    with_ = f" with `{by}`" if by else ""
    # every command names the player (a command without --strategies plays `random`, the CLI's default)
    player = by or run_player(run)
    plays = f" --strategies {player}" if player else ""
    ref = ref or f"the sweep of `{key}`{with_} below"
    rates = [sc.rate(seat, a["arm"]) for a in arms]
    if any(x[4] == 0 for x in rates):
        return ""
    first, last = value(arms[0]["values"][key]), value(arms[-1]["values"][key])
    for side, out in (("below", all(x[2] < fair for x in rates)), ("above", all(x[1] > fair for x in rates))):
        if out:
            return (f"compensate it by another rule: {ref} leaves seat {seat} {side} fair at every "
                    f"value from {first} to {last}, so in that range `{key}` is not the lever (`agon games {game}` lists "
                    f"the parameters; `agon sweep {game} --players {players}{plays} "
                    "--param NAME=LO:HI:STEP` tries one)")
    default = _default(game, key)

    def check_at(v: str, games: int | None = None) -> str:
        n = f" --games {games}" if games else ""
        if by and default is not None and _is_tuned(game, by):   # its weights were tuned at the default
            return (f"check it against the default with players retrained for both values (`agon sweep {game} "
                    f"--players {players} --param {key}={default},{v}{n} --strategies {by} --adapt`)")
        return (f"check it against the default on the same seeds (`agon seats {game} --players {players}"
                f"{plays}{n} --set {key}={v}`, then `agon compare`)")
    check = check_at("V")
    crossing, boot = curve.get("crossing") or {}, curve.get("bootstrap") or {}
    if seat == 0 and curve.get("identified"):
        v = _suggested(game, key, crossing["value"])
        return SeatAction(f"set `{key}` near the fair value {ref} finds, about {crossing['value']:.3g} "
                          f"[{boot['low']:.3g}, {boot['high']:.3g}], and " + check.replace("V", v, 1), seat,
                          None if v == default else v)     # the default again is no check
    own = _seat_crossing(run, curve, players, seat) if seat != 0 else None
    if own is not None and own["identified"]:
        v, b = own["crossing"]["value"], own["bootstrap"]
        try_v = _suggested(game, key, v)
        return SeatAction(f"{ref} brings seat {seat} to fair at about {key} = {v:.3g} "
                          f"[{b['low']:.3g}, {b['high']:.3g}] (its own curve, bootstrap over seeds); check every seat "
                          f"at {key} = {try_v} " + check.replace("check it ", "", 1).replace("V", try_v, 1), seat,
                          None if try_v == default else try_v)
    base = next((a["arm"] for a in arms if value(a["values"][key]) == default), None)
    if run is not None and base is not None and numeric_values([a["values"][key] for a in arms]) is not None:
        return _paired_action(run, arms, key, players, seat, float(r.edge_points), base, ref, check_at)
    near = [value(a["values"][key]) for a, x in zip(arms, rates) if x[1] <= fair <= x[2]]
    if near and default is not None and set(near) == {default}:
        return (f"{ref} is too small to place it: only at the default {key} = {default}, where the seat study "
                f"finds the edge with more games, does seat {seat}'s 95% interval contain fair; play more games per arm "
                f"(`agon sweep {game} --players {players}{plays} --param {key}=LO:HI:STEP "
                "--games N`)")
    near = [v for v in near if v != default]       # the seat study already flags the default
    if not near:
        return (f"{ref} has seat {seat} cross fair between two swept values: sweep finer there "
                f"(`agon sweep {game} --players {players}{plays} --param {key}=LO:HI:STEP`)")
    return (f"{ref} has seat {seat}'s 95% interval contain fair at {key} = {', '.join(near)} "
            f"(pointwise, seat {seat} only); {check.replace('V', near[0], 1) if len(near) == 1 else check}")


def _paired_action(run, arms, key: str, players: int, seat: int, edge: float, base: int, ref: str, check_at) -> str:
    """The action for a flagged seat whose own fair value the sweep does not identify, from the
    seat's paired differences to the default arm (seat_paired): a value that moves it toward fair
    significantly (Holm over the arms) is named with its move; otherwise the largest move toward fair,
    with the games an arm it would take to see a change the size of the edge (80% power)."""
    x_by_arm = {a["arm"]: float(a["values"][key]) for a in arms}
    label = {a["arm"]: value(a["values"][key]) for a in arms}
    tab = seat_paired(run, x_by_arm, players, seat, base)
    others = tab[(tab["arm"] != base) & np.isfinite(tab["diff_points"])]
    if not len(others):
        return ""
    games = int(others["units"].max() * others["games_per_unit"].max())
    toward = others[others["diff_points"] * np.sign(edge) < 0]

    def move(r) -> str:
        return (f"{r.diff_points:+.1f} points [{r.diff_low:+.1f}, {r.diff_high:+.1f}] (Holm p = "
                f"{_p(r.p_paired_holm)})")
    same = f"on the same seeds as the default ({key} = {label[base]})"
    sig = toward[toward["p_paired_holm"] < 0.05]
    if len(sig):     # the value whose move leaves the smallest edge
        r = sig.loc[(sig["diff_points"] + edge).abs().idxmin()]
        v = label[int(r.arm)]
        return SeatAction(f"{ref}, {same}, has {key} = {v} move seat {seat} toward fair by {move(r)}; " + check_at(v),
                          seat, v)
    if not len(toward):
        r = others.loc[others["diff_points"].abs().idxmin()]
        return (f"{ref} moves seat {seat} toward fair at no value: {same}, every swept value leaves it as far "
                f"from fair or further (the least: {key} = {label[int(r.arm)]}, {move(r)}), so in this range "
                f"`{key}` is not shown to compensate it")
    r = toward.loc[(toward["diff_points"] * np.sign(edge)).idxmin()]
    v = label[int(r.arm)]
    text = (f"{ref} does not show a value that moves seat {seat} toward fair: {same}, the largest move toward "
            f"fair is {key} = {v}, {move(r)}")
    reach = r.diff_low if edge > 0 else r.diff_high      # the end of its interval furthest toward fair
    if abs(reach) < abs(edge):
        return SeatAction(text + f", and its interval stops short of the seat study's edge ({edge:+.1f} points): in "
                          f"this range `{key}` does not compensate it")
    n = games_to_see(float(r.sd), edge, float(r.games_per_unit))
    why = f"a change the size of the seat study's edge ({edge:+.1f} points)"
    if n and n <= games:      # an edge-sized change would likely have shown; confirm the smaller move seen
        n = games_to_see(float(r.sd), float(r.diff_points), float(r.games_per_unit))
        why = f"a move of the size seen ({r.diff_points:+.1f} points)"
    text += f"; {games:,} games an arm cannot tell it from none. "
    if not n:
        return SeatAction(text + check_at(v).capitalize(), seat, v)
    return SeatAction(text + f"To see {why} 80% of the time, " +
                      check_at(v, n).replace("check it against the default", f"check {key} = {v} against the default", 1)
                      .replace(" (`", f" with about {n:,} games (`", 1), seat, v, n)


def _seat_crossing(run, curve: dict, players: int, seat: int):
    """seat_crossing over the komi curve's arms and values, or None without a run or numeric values."""
    x_by_arm = curve_x_by_arm(curve)
    if run is None or x_by_arm is None:
        return None
    return seat_crossing(run, x_by_arm, players, seat, n_boot=1000,
                         seed=int((curve.get("bootstrap") or {}).get("seed", 0)))


def _spec_of(game: str | None):
    """The game's GameSpec, or None for a game this installation lacks (a report read elsewhere)."""
    from sim import get_game
    from sim.spec import AgonInputError
    try:
        return get_game(game)
    except (AgonInputError, TypeError):
        return None


def _param(game: str | None, key: str):
    """The game's parameter `key`, or None (unknown game or parameter)."""
    spec = _spec_of(game)
    return spec.params.get(key) if spec is not None and key in spec.params.names() else None


def _is_tuned(game: str, strategy: str) -> bool:
    """Whether the strategy plays trained weights, a tuned player's or those `ismcts` searches over (`--adapt`
    retrains them for other rules: experiments/adapt.tuned_bases)."""
    from experiments.adapt import tuned_bases
    spec = _spec_of(game)
    return spec is not None and bool(tuned_bases(spec, [strategy]))


def _default(game: str, key: str) -> str | None:
    """The parameter's default as the sweep tables print it, or None."""
    par = _param(game, key)
    return value(par.default) if par is not None else None


def default_values(par) -> list:
    """A numeric parameter's default sweep: five values over its allowed range (whole numbers for an integer
    parameter) and its default, the base arm every sweep is compared with (STATISTICS.md). The design
    battery sweeps these when design.toml names none, and a seat verdict outside a battery advises them."""
    vals = np.linspace(par.lo, par.hi, 5)
    out = sorted(set(int(round(v)) for v in vals)) if par.integer else [float(f"{v:.4g}") for v in vals]
    out = [par.decode(par.encode(v)) for v in out]
    default = par.decode(par.encode(par.default))
    return out if default in out else sorted(out + [default])


def sweep_advice_values(game: str, key: str) -> str:
    """default_values of a numeric key constant as `--param` values ("" for an option, a switch or an
    unknown parameter)."""
    par = _param(game, key)
    if par is None or par.choices or par.boolean:
        return ""
    return ",".join(value(v) for v in default_values(par))


def run_player(run) -> str:
    """The run's players as `--strategies` takes them: one name when every seat played it, else one per seat
    ("" without a run)."""
    if run is None or not (Path(run) / "run.json").exists():
        return ""
    from reports.data import load_meta
    s = [str(x) for x in load_meta(run).get("strategies") or []]
    return s[0] if s and len(set(s)) == 1 else ",".join(s)


def values_between(game: str, key: str, v) -> str:
    """The values of a numeric key constant from `v` to its default as `--param` values (every whole number
    when at most six, else five steps), or "" when nothing lies between them: where a checked value overshoots
    or unbalances another seat, the values between it and the default are the ones to try next."""
    par = _param(game, key)
    if par is None or par.choices or par.boolean:
        return ""
    lo, hi = sorted((float(v), float(par.decode(par.encode(par.default)))))
    if par.integer:
        vals = list(range(int(round(lo)), int(round(hi)) + 1))
        vals = vals if len(vals) <= 6 else sorted(set(int(round(x)) for x in np.linspace(lo, hi, 5)))
    else:
        vals = sorted(set(float(f"{x:.4g}") for x in np.linspace(lo, hi, 5)))
    return ",".join(value(x) for x in vals) if len(vals) > 2 else ""


def _suggested(game: str, key: str, v: float) -> str:
    """A value to try: the crossing rounded to what the parameter takes."""
    par = _param(game, key)
    return str(int(round(v))) if par is not None and par.integer else f"{v:.3g}"


def slope_differences(run_a, run_b, x_by_arm: dict, players: int, alpha: float = 0.05) -> pd.DataFrame:
    """Does the constant move a seat differently for a stronger player? The same sweep played by two
    strategies on the same seeds: per seat, the slope of the second minus the first's, from one fit
    on both runs' games (win share on x, level and x by level), standard errors clustered by seed (a
    seed's games in both runs are one cluster: they share the setup), Holm over the seats. One row
    per seat: diff, low, high (points per unit), change, change_low, change_high (across the
    range), p and p_holm."""
    import statsmodels.api as sm
    a, b = _swept_rows(run_a, x_by_arm, players), _swept_rows(run_b, x_by_arm, players)
    df = pd.concat([a.assign(level=0.0), b.assign(level=1.0)], ignore_index=True)
    x, lv = df["x"].to_numpy(float), df["level"].to_numpy(float)
    design = np.column_stack([np.ones(len(df)), x, lv, x * lv])
    span = float(np.ptp(x)) if len(x) else 0.0
    rows = []
    for k in range(players):
        row = {"seat": k, "diff": np.nan, "low": np.nan, "high": np.nan, "change": np.nan, "change_low": np.nan,
               "change_high": np.nan, "p": np.nan}
        if len(a) >= 3 and len(b) >= 3 and span > 0 and df["game"].nunique() >= 3:
            with np.errstate(invalid="ignore"):
                fit = sm.OLS(df[f"win_{k}"].to_numpy(float), design).fit(
                    cov_type="cluster", cov_kwds={"groups": df["game"].to_numpy()})
                lo, hi = fit.conf_int(alpha)[3]
            if np.isfinite(lo) and np.isfinite(hi):
                d = 100 * float(fit.params[3])
                row.update(diff=d, low=100 * float(lo), high=100 * float(hi), p=float(fit.pvalues[3]),
                           change=d * span, change_low=100 * float(lo) * span, change_high=100 * float(hi) * span)
        rows.append(row)
    return _holm(pd.DataFrame(rows))


def seats_moved_text(slopes: pd.DataFrame, param: str, alpha: float = 0.05) -> str:
    """One sentence for a verdict: the seats the swept constant moves (Holm over the seats), largest
    change first, or that it moves none."""
    sig = slopes[np.isfinite(slopes["p_holm"]) & (slopes["p_holm"] < alpha)]
    if not len(sig):
        fit = slopes[np.isfinite(slopes["change"])]
        if not len(fit):
            return f"Across the range `{param}` moves no seat's win share significantly (clustered slopes, Holm over the seats)."
        r = fit.loc[fit["change"].abs().idxmax()]
        # the interval is the seat's own 95% one; the Holm p says why one that excludes 0 is not a finding
        holm = f", Holm p = {_p(r.p_holm)}" if np.isfinite(r.p_holm) else ""
        return (f"Across the range `{param}` moves no seat's win share significantly (the largest change: seat "
                f"{int(r.seat)} {r.change:+.1f} points [{r.change_low:+.1f}, {r.change_high:+.1f}]{holm}; clustered "
                "slopes, Holm over the seats).")
    sig = sig.reindex(sig["change"].abs().sort_values(ascending=False).index)
    parts = [f"seat {int(r.seat)} by {r.change:+.1f} points [{r.change_low:+.1f}, {r.change_high:+.1f}] "
             f"(Holm p = {_p(r.p_holm)})" for r in sig.itertuples()]
    return f"Across the range `{param}` moves " + ", ".join(parts) + " (clustered slopes, Holm over the seats)."


def curve_x_by_arm(curve: dict) -> dict | None:
    """{arm: swept value} of a komi curve, or None when the swept values are not numbers or there
    is one arm (no slope, no crossing)."""
    if curve.get("x") is None or len(curve["x"]) < 2:
        return None
    return dict(zip(curve["table"]["arm"].tolist(), np.asarray(curve["x"], float).tolist()))


def curve_seat_slopes(run, curve: dict, players: int) -> pd.DataFrame | None:
    """seat_slopes over a komi curve's numeric swept values (its table's arms), or None."""
    x_by_arm = curve_x_by_arm(curve)
    return None if x_by_arm is None else seat_slopes(run, x_by_arm, players)


def seats_advice(curve: dict, param: str, limits, slopes: pd.DataFrame | None) -> tuple[str, str]:
    """(advice, the seats line still to say) for a sweep whose fair value is not identified. Seat 0's
    flat curve reads "this constant does not set the seat balance" (unidentified_advice), false when
    the constant moves another seat (Magna Grecia's `oracle_points`: seat 3 -6.6 points across the
    range): then the advice says which seats it moves instead, and the seats line is said there."""
    moves = seats_moved_text(slopes, param) if slopes is not None else ""
    sl = curve.get("slope") or {}
    flat = not (np.isfinite(sl.get("p", np.nan)) and sl["p"] < 0.05)
    other = (slopes is not None and
             bool(((slopes["seat"] != 0) & np.isfinite(slopes["p_holm"]) & (slopes["p_holm"] < 0.05)).any()))
    if flat and other:
        return (f"Seat 0's curve is flat, but `{param}` is not idle: " + moves[0].lower() + moves[1:].rstrip(".")
                + "; check a value against the default on the same seeds (`agon compare`).", "")
    return unidentified_advice(curve, param, limits), moves


def _p(p: float) -> str:
    from reports.doc import pval
    return pval(p)


def paired_vs_base(agg, arms: list[int], base: int, players: int, alpha: float = 0.05) -> pd.DataFrame:
    """Every arm against the base arm on the seeds they share (common random numbers): the
    difference in seat 0's win rate with a paired t interval over seeds (or seed blocks), p,
    and Holm across the arms. One row per arm (the base arm's row is 0)."""
    agg = as_aggregate(agg, players)
    return _paired_rows(((a, *agg.seeds.matrix([a, base])) for a in arms), base, alpha)


def komi_curve(agg, meta: dict, players: int, param: str | None = None,
               n_boot: int = 1000, seed: int = 0, komi: pd.DataFrame | None = None) -> dict:
    """The komi curve of a 1-parameter sweep (or of `param`, all other values fixed):
    {'param', 'x', 'table' (komi_table sorted by x), 'fair', 'crossing' (fair_crossing
    dict), 'bootstrap' (bootstrap_crossing dict or None), 'slope' (seat0_slope), 'identified'
    (a crossing whose bootstrap interval over all resamples lies inside the range), 'numeric'}."""
    agg = as_aggregate(agg, players)
    names = sweep_params(meta)
    param = param or (names[0] if names else None)
    table = komi if komi is not None else komi_table(agg, meta, players)
    fair = 1.0 / players
    out = {"param": param, "fair": fair, "table": table, "numeric": False,
           "crossing": {"value": None, "n_crossings": 0, "between": None,
                        "note": "no komi curve: the swept values are not numbers"},
           "bootstrap": None, "x": None, "slope": None, "identified": False}
    if param is None or param not in table.columns:
        return out
    x = numeric_values(table[param].tolist())
    if x is None:
        return out
    x = played_values(meta.get("game"), param, x, players)
    order = np.argsort(x, kind="stable")
    table = table.iloc[order].reset_index(drop=True)
    x = x[order]
    out.update(table=table, x=x, numeric=True)
    out["crossing"] = fair_crossing(x, table["seat0_rate"].to_numpy(), fair)
    x_by_arm = dict(zip(table["arm"].tolist(), x.tolist()))
    if n_boot > 0:
        out["bootstrap"] = bootstrap_crossing(agg, x_by_arm, players, n_boot=n_boot, seed=seed)
    out["slope"] = seat0_slope(agg, x_by_arm, players)
    out["identified"] = bool(out["crossing"]["value"] is not None and out["bootstrap"] is not None
                             and out["bootstrap"]["identified"])
    return out


def grid_table(komi: pd.DataFrame, p1: str, p2: str, value: str = "seat0_rate") -> pd.DataFrame:
    """Pivot of a 2-parameter sweep: rows = values of p1, columns = values of p2."""
    return komi.pivot_table(index=p1, columns=p2, values=value, aggfunc="first", sort=True)


def grid_crossings(agg, komi: pd.DataFrame, p1: str, p2: str, players: int,
                   n_boot: int = 1000, seed: int = 0) -> pd.DataFrame:
    """For each value of p1, the fair value of p2 (first crossing along p2) with its
    bootstrap interval: columns p1, fair_value, boot_low, boot_high, missing_share, note."""
    agg = as_aggregate(agg, players)
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
            b = bootstrap_crossing(agg, dict(zip(g["arm"].tolist(), x.tolist())), players,
                                   n_boot=n_boot, seed=seed)
            row.update(boot_low=b["low"], boot_high=b["high"], missing_share=b["missing_share"])
            if not b["identified"]:
                row["fair_value"] = None
                row["note"] = (f"not identified: the bootstrap interval [{b['low']:.3g}, {b['high']:.3g}] "
                               "(all resamples) leaves the swept range")
        rows.append(row)
    return pd.DataFrame(rows)


def unidentified_advice(curve: dict, param: str, limits: tuple | None = None) -> str:
    """What to do when no fair value of `param` is identified, in one sentence for a verdict.
    A flat curve (slope not significant) means the constant does not set seat 0's balance for
    these players; a curve that moves but whose crossing interval leaves the swept range asks
    for more games per arm (when its point estimate lies inside) and for a sweep past the end
    the interval leaves by, unless `limits` (the parameter's allowed lo, hi) forbid it, which
    is then said. The design report said "does not set the seat balance" of a curve that moved
    seat 0 by +5.5 points [+1.5, +9.5] and met the fair line near its low end."""
    sl = curve.get("slope") or {}
    p = sl.get("p", np.nan) if sl else np.nan
    if not np.isfinite(p) or p >= 0.05:
        return ("A flat curve means this constant does not set the seat balance for these players: look at "
                "another constant or stronger players.")
    x = np.asarray(curve.get("x") if curve.get("x") is not None else [], float)
    if not len(x):
        return "Extend the sweep beyond the range towards the fair line."
    lo_x, hi_x = float(x.min()), float(x.max())
    bt, v = curve.get("bootstrap") or {}, (curve.get("crossing") or {}).get("value")
    sides = []
    if bt and bt.get("low", lo_x) < lo_x:
        sides.append(("below", lo_x, None if limits is None else limits[0]))
    if bt and bt.get("high", hi_x) > hi_x:
        sides.append(("above", hi_x, None if limits is None else limits[1]))
    if not sides and v is None:     # no bootstrap: the side the curve would meet the line on
        side = _beyond(x, np.asarray(curve["table"]["seat0_rate"], float)[None, :], float(curve["fair"]))[0]
        sides.append(("below", lo_x, None if limits is None else limits[0]) if side < 0 else
                     ("above", hi_x, None if limits is None else limits[1]))
    steps, walls = [], []
    for word, end, wall in sides:
        if wall is not None and np.isclose(end, wall):
            walls.append(f"`{param}` cannot go {word} {end:g}")
        else:
            steps.append(f"sweep {word} {end:g}")
    if v is not None:
        text = (f"The curve moves and meets the fair line at about {v:.3g}, but that point's 95% interval leaves "
                "the swept range: play more games per arm" + "".join(" and " + t for t in steps))
        if walls:
            text += "; " + ", ".join(walls) + " (its allowed range), so the fair value may lie at that limit"
    elif steps:
        text = "The curve moves but does not meet the fair line in the range: " + " and ".join(steps)
    else:
        text = ("The curve moves but does not meet the fair line in the range, and " + ", ".join(walls)
                + " (its allowed range): within its allowed values this constant cannot make seat 0 fair")
    return text + "."


def param_limits(game: str | None, param: str) -> tuple | None:
    """(lo, hi) a numeric parameter of `game` may take, or None (unknown game or parameter, an
    option or a boolean): what unidentified_advice needs to not ask for an impossible sweep."""
    p = _param(game, param)
    return None if p is None or p.choices or p.boolean else (float(p.lo), float(p.hi))
