"""Statistics for balance reports (see /work/shared/STATISTICS.md), on statsmodels and scipy.

Win counts may be fractional: a tie among j leaders gives each 1/j of a win. statsmodels'
interval and power functions take such counts as they are; for whole counts the results equal
scipy's (`binomtest(...).proportion_ci(method="wilson" | "exact")`).
Vectorised helpers accept numpy arrays; p-value helpers return floats.
"""
from __future__ import annotations

import gc
import math

import numpy as np
from scipy import stats as st
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.power import GofChisquarePower, NormalIndPower
from statsmodels.stats.proportion import (confint_proportions_2indep, proportion_confint,
                                          proportion_effectsize, proportions_ztest)

__all__ = [
    "wilson", "clopper_pearson", "binom_pvalue", "seat_chisquare", "holm",
    "benjamini_hochberg", "games_needed", "games_needed_seat", "chisq_games_needed",
    "half_width", "detectable_edge", "elo_from_rate", "elo_from_edge",
    "newcombe_diff", "two_proportion_pvalue", "chisquare_proportional", "z_value",
]


def z_value(alpha: float = 0.05) -> float:
    """Two-sided normal quantile z_{1-alpha/2}."""
    return float(st.norm.ppf(1.0 - alpha / 2.0))


_z = z_value   # old name, kept for callers


def _interval(method: str, k, n, alpha: float):
    k_arr = np.asarray(k, dtype=float)
    n_arr = np.asarray(n, dtype=float)
    ok = n_arr > 0
    kk = np.clip(np.where(ok, k_arr, 0.0), 0.0, np.where(ok, n_arr, 1.0))
    with np.errstate(invalid="ignore", divide="ignore"):
        lo, hi = proportion_confint(kk, np.where(ok, n_arr, 1.0), alpha=alpha, method=method)
    rate = kk / np.where(ok, n_arr, 1.0)
    # exact ends (no rounding noise): 0 wins -> low 0, all wins -> high 1, and low <= rate <= high
    lo = np.where(kk <= 0, 0.0, np.minimum(np.clip(lo, 0.0, 1.0), rate))
    hi = np.where(kk >= np.where(ok, n_arr, 1.0), 1.0, np.maximum(np.clip(hi, 0.0, 1.0), rate))
    lo = np.where(ok, lo, np.nan)
    hi = np.where(ok, hi, np.nan)
    if lo.ndim == 0:
        return float(lo), float(hi)
    return lo, hi


def wilson(k, n, alpha: float = 0.05):
    """Wilson score interval (two-sided, level 1-alpha) for k successes in n trials
    (statsmodels `proportion_confint(method="wilson")`). k may be fractional (split ties).
    Scalars give a (low, high) tuple of floats, arrays give two arrays (nan where n = 0)."""
    return _interval("wilson", k, n, alpha)


def clopper_pearson(k, n, alpha: float = 0.05):
    """Clopper-Pearson ("exact") interval: `proportion_confint(method="beta")`."""
    return _interval("beta", k, n, alpha)


def _exact_p(k: int, n: int, p0: float, alternative: str = "two-sided") -> float:
    return float(st.binomtest(int(k), int(n), p0, alternative=alternative).pvalue)


def binom_pvalue(k, n, p0: float, alternative: str = "two-sided") -> float:
    """Exact binomial p-value of k successes in n trials against p0 (scipy; `alternative` as
    scipy's binomtest: "two-sided", "greater" or "less").

    A fractional k (split ties) is linearly interpolated between the exact
    p-values at floor(k) and ceil(k). Since split ties make a seat's win share
    less variable than a binomial count, this is slightly conservative.
    """
    k = float(k)
    n = int(round(float(n)))
    if n <= 0:
        return float("nan")
    k = min(max(k, 0.0), float(n))
    lo, hi = math.floor(k), math.ceil(k)
    if lo == hi:
        return _exact_p(lo, n, p0, alternative)
    w = k - lo
    return (1.0 - w) * _exact_p(lo, n, p0, alternative) + w * _exact_p(hi, n, p0, alternative)


def seat_chisquare(wins) -> tuple[float, float]:
    """Chi-square goodness of fit of seat wins against uniform: (statistic, p).

    With ties split the counts are fractional and the test is approximate;
    on decisive games only (integer counts) it is the usual test.
    """
    obs = np.asarray(wins, dtype=float)
    if obs.size < 2 or obs.sum() <= 0:
        return float("nan"), float("nan")
    res = st.chisquare(obs)
    return float(res.statistic), float(res.pvalue)


def _adjust(pvalues, method: str) -> np.ndarray:
    """statsmodels' adjusted p-values. Its Holm branch calls gc.collect() on every call, 0.1 s with a report's
    objects in memory (1.5 s of a sweep report); frozen first (gc.freeze moves them aside in O(1)), that
    collection scans only what the call itself made."""
    p = np.asarray(pvalues, dtype=float)
    if p.size == 0:
        return p.copy()
    gc.freeze()
    try:
        return multipletests(p, method=method)[1]
    finally:
        gc.unfreeze()


def holm(pvalues) -> np.ndarray:
    """Holm step-down adjusted p-values (family-wise error), in the input order
    (`multipletests(method="holm")`)."""
    return _adjust(pvalues, "holm")


def benjamini_hochberg(pvalues) -> np.ndarray:
    """Benjamini-Hochberg adjusted p-values (false discovery rate), in the input order
    (`multipletests(method="fdr_bh")`)."""
    return _adjust(pvalues, "fdr_bh")


def games_needed(p1: float, p0: float, alpha: float = 0.05, power: float = 0.8) -> int:
    """Games for a two-sided one-sample test of a proportion to detect p1 against p0
    (statsmodels `NormalIndPower` with `ratio=0`, effect size Cohen's h).
    51% vs 50% at 80% power, 5% two-sided: about 19,600."""
    if abs(p1 - p0) <= 0:
        return math.inf
    h = abs(float(proportion_effectsize(p1, p0)))
    n = NormalIndPower().solve_power(effect_size=h, nobs1=None, alpha=alpha, power=power, ratio=0.0)
    return int(math.ceil(float(np.squeeze(n))))


def games_needed_seat(players: int, edge_points: float = 1.0, alpha: float = 0.05,
                      power: float = 0.8, bonferroni: bool = False) -> int:
    """Games to detect one seat winning `edge_points` above the fair 1/players.

    With `bonferroni` the test of each seat is at alpha/players.
    4 players, 1 point: about 14,900; with Bonferroni about 21,200.
    """
    p0 = 1.0 / players
    a = alpha / players if bonferroni else alpha
    return games_needed(p0 + edge_points / 100.0, p0, a, power)


def chisq_games_needed(players: int, edge_points: float = 1.0, alpha: float = 0.05,
                       power: float = 0.8) -> int:
    """Games for the seat chi-square test to detect one seat at 1/p + edge, the others equal
    (statsmodels `GofChisquarePower`, effect size Cohen's w). 4 players, 1 point: about 20,400."""
    p0 = np.full(players, 1.0 / players)
    d = edge_points / 100.0
    p1 = p0.copy()
    p1[0] += d
    p1[1:] -= d / (players - 1)
    w = float(np.sqrt(np.sum((p1 - p0) ** 2 / p0)))
    n = GofChisquarePower().solve_power(effect_size=w, nobs=None, alpha=alpha, power=power, n_bins=players)
    return int(math.ceil(float(np.squeeze(n))))


def half_width(n, p: float = 0.5, alpha: float = 0.05):
    """Normal-approximation half-width of a 1-alpha interval at rate p with n games
    (p = 0.5: 0.98 points at 10^4, 0.31 at 10^5, 0.098 at 10^6)."""
    with np.errstate(divide="ignore"):
        return z_value(alpha) * np.sqrt(p * (1 - p) / np.asarray(n, dtype=float))


def detectable_edge(n: int, p0: float, alpha: float = 0.05, power: float = 0.8) -> float:
    """Smallest upward edge (as a proportion) detectable with n games at this power:
    statsmodels solves for Cohen's h, turned back into a rate above p0."""
    if n <= 0:
        return float("nan")
    try:
        h = float(np.squeeze(NormalIndPower().solve_power(effect_size=None, nobs1=n, alpha=alpha, power=power,
                                                          ratio=0.0)))
    except Exception:
        return float("nan")
    phi = 2 * math.asin(math.sqrt(p0)) + h
    if not np.isfinite(h) or phi >= math.pi:
        return float("nan")
    return float(math.sin(phi / 2) ** 2 - p0)


def elo_from_rate(rate: float) -> float:
    """Elo difference implied by a head-to-head win rate: 400 log10(r/(1-r))."""
    rate = min(max(rate, 1e-9), 1 - 1e-9)
    return 400.0 * math.log10(rate / (1.0 - rate))


def elo_from_edge(edge: float) -> float:
    """Rough Elo of an edge over the fair rate, read as that edge around 50%
    (about 7 Elo per point of win rate; 2.1 points -> about 15 Elo)."""
    return elo_from_rate(0.5 + edge)


def newcombe_diff(k1, n1, k2, n2, alpha: float = 0.05):
    """Difference of two proportions p1 - p2 with Newcombe's hybrid score interval
    (statsmodels `confint_proportions_2indep(method="newcomb")`).
    56/70 vs 48/80: d = 0.2, 95% [0.0524, 0.3339]. Counts may be fractional (split ties).
    Scalars give (d, low, high) floats, arrays give three arrays (nan where a sample is empty)."""
    k1, n1, k2, n2 = np.broadcast_arrays(*(np.asarray(x, dtype=float) for x in (k1, n1, k2, n2)))
    shape = k1.shape
    d, lo, hi = (np.full(shape, np.nan) for _ in range(3))
    for i in np.ndindex(shape):
        if n1[i] > 0 and n2[i] > 0:
            a, b = min(max(k1[i], 0.0), n1[i]), min(max(k2[i], 0.0), n2[i])
            d[i] = a / n1[i] - b / n2[i]
            lo[i], hi[i] = confint_proportions_2indep(a, n1[i], b, n2[i], method="newcomb", alpha=alpha)
    if d.ndim == 0:
        return float(d), float(lo), float(hi)
    return d, lo, hi


def two_proportion_pvalue(k1, n1, k2, n2):
    """Two-sided p of the pooled two-proportion z test (statsmodels `proportions_ztest`; equals
    the Pearson chi-square of the 2x2 table without continuity correction). Counts may be
    fractional (split ties: approximate). nan where a sample is empty or the pooled rate is 0 or 1."""
    k1, n1, k2, n2 = np.broadcast_arrays(*(np.asarray(x, dtype=float) for x in (k1, n1, k2, n2)))
    p = np.full(k1.shape, np.nan)
    for i in np.ndindex(k1.shape):
        pool = (k1[i] + k2[i]) / (n1[i] + n2[i]) if n1[i] + n2[i] > 0 else np.nan
        if n1[i] > 0 and n2[i] > 0 and 0 < pool < 1:
            p[i] = proportions_ztest([k1[i], k2[i]], [n1[i], n2[i]])[1]
    return float(p) if p.ndim == 0 else p


def chisquare_proportional(wins, trials) -> tuple[float, float]:
    """Chi-square goodness of fit of wins per category against expected wins proportional
    to the category's trials (uniform when the trials are equal): (statistic, p), df = C - 1.
    Categories with no trials are left out."""
    w = np.asarray(wins, dtype=float)
    n = np.asarray(trials, dtype=float)
    keep = n > 0
    w, n = w[keep], n[keep]
    if w.size < 2 or w.sum() <= 0:
        return float("nan"), float("nan")
    exp = w.sum() * n / n.sum()
    res = st.chisquare(w, exp)
    return float(res.statistic), float(res.pvalue)
