"""Statistics for balance reports (see /work/shared/STATISTICS.md).

Win counts may be fractional: a tie among j leaders gives each 1/j of a win.
Every function here accepts such counts; for whole counts the results equal
scipy's (`binomtest(...).proportion_ci(method="wilson" | "exact")`).
Vectorised helpers accept numpy arrays; p-value helpers return floats.
"""
from __future__ import annotations

import math

import numpy as np
from scipy import optimize
from scipy import stats as st

__all__ = [
    "wilson", "clopper_pearson", "binom_pvalue", "seat_chisquare", "holm",
    "benjamini_hochberg", "games_needed", "games_needed_seat", "chisq_games_needed",
    "half_width", "detectable_edge", "elo_from_rate", "elo_from_edge",
    "newcombe_diff", "two_proportion_pvalue", "chisquare_proportional",
]


def _z(alpha: float) -> float:
    return float(st.norm.ppf(1.0 - alpha / 2.0))


def wilson(k, n, alpha: float = 0.05):
    """Wilson score interval (two-sided, level 1-alpha) for k successes in n trials.

    k may be fractional (split ties); for integer k it equals
    ``scipy.stats.binomtest(k, n).proportion_ci(method="wilson")``.
    Scalars give a (low, high) tuple of floats, arrays give two arrays.
    """
    k_arr = np.asarray(k, dtype=float)
    n_arr = np.asarray(n, dtype=float)
    z = _z(alpha)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = k_arr / n_arr
        q = 1.0 - p
        denom = 2.0 * (n_arr + z * z)
        center = (2.0 * n_arr * p + z * z) / denom
        delta = z / denom * np.sqrt(np.maximum(4.0 * n_arr * p * q, 0.0) + z * z)
        lo = np.where(k_arr <= 0, 0.0, center - delta)
        hi = np.where(k_arr >= n_arr, 1.0, center + delta)
    lo = np.where(n_arr > 0, np.clip(lo, 0.0, 1.0), np.nan)
    hi = np.where(n_arr > 0, np.clip(hi, 0.0, 1.0), np.nan)
    if lo.ndim == 0:
        return float(lo), float(hi)
    return lo, hi


def clopper_pearson(k, n, alpha: float = 0.05):
    """Clopper-Pearson ("exact") interval; fractional k uses the beta quantiles directly.

    For integer k it equals ``binomtest(k, n).proportion_ci(method="exact")``.
    """
    k_arr = np.asarray(k, dtype=float)
    n_arr = np.asarray(n, dtype=float)
    with np.errstate(invalid="ignore", divide="ignore"):
        lo = np.where(k_arr <= 0, 0.0,
                      st.beta.ppf(alpha / 2.0, np.maximum(k_arr, 1e-300), n_arr - k_arr + 1.0))
        hi = np.where(k_arr >= n_arr, 1.0,
                      st.beta.ppf(1.0 - alpha / 2.0, k_arr + 1.0, np.maximum(n_arr - k_arr, 1e-300)))
    lo = np.where(n_arr > 0, lo, np.nan)
    hi = np.where(n_arr > 0, hi, np.nan)
    if lo.ndim == 0:
        return float(lo), float(hi)
    return lo, hi


def _exact_p(k: int, n: int, p0: float) -> float:
    return float(st.binomtest(int(k), int(n), p0).pvalue)


def binom_pvalue(k, n, p0: float) -> float:
    """Two-sided exact binomial p-value of k successes in n trials against p0.

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
        return _exact_p(lo, n, p0)
    w = k - lo
    return (1.0 - w) * _exact_p(lo, n, p0) + w * _exact_p(hi, n, p0)


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


def holm(pvalues) -> np.ndarray:
    """Holm step-down adjusted p-values (family-wise error), in the input order."""
    p = np.asarray(pvalues, dtype=float)
    m = p.size
    if m == 0:
        return p.copy()
    order = np.argsort(p, kind="stable")
    adj = np.maximum.accumulate((m - np.arange(m)) * p[order])
    out = np.empty(m)
    out[order] = np.minimum(adj, 1.0)
    return out


def benjamini_hochberg(pvalues) -> np.ndarray:
    """Benjamini-Hochberg adjusted p-values (false discovery rate), in the input order."""
    p = np.asarray(pvalues, dtype=float)
    m = p.size
    if m == 0:
        return p.copy()
    order = np.argsort(p, kind="stable")
    scaled = p[order] * m / np.arange(1, m + 1)
    adj = np.minimum.accumulate(scaled[::-1])[::-1]
    out = np.empty(m)
    out[order] = np.minimum(adj, 1.0)
    return out


def games_needed(p1: float, p0: float, alpha: float = 0.05, power: float = 0.8) -> int:
    """Games for a two-sided one-sample test of a proportion to detect p1 against p0.

    n = ((z_{1-alpha/2} sqrt(p0 q0) + z_{power} sqrt(p1 q1)) / (p1 - p0))^2.
    51% vs 50% at 80% power, 5% two-sided: about 19,600.
    """
    d = abs(p1 - p0)
    if d <= 0:
        return math.inf
    za = _z(alpha)
    zb = float(st.norm.ppf(power))
    n = ((za * math.sqrt(p0 * (1 - p0)) + zb * math.sqrt(p1 * (1 - p1))) / d) ** 2
    return int(math.ceil(n))


def games_needed_seat(players: int, edge_points: float = 1.0, alpha: float = 0.05,
                      power: float = 0.8, bonferroni: bool = False) -> int:
    """Games to detect one seat winning `edge_points` above the fair 1/players.

    With `bonferroni` the test of each seat is at alpha/players.
    4 players, 1 point: about 14,800; with Bonferroni about 21,000.
    """
    p0 = 1.0 / players
    a = alpha / players if bonferroni else alpha
    return games_needed(p0 + edge_points / 100.0, p0, a, power)


def chisq_games_needed(players: int, edge_points: float = 1.0, alpha: float = 0.05,
                       power: float = 0.8) -> int:
    """Games for the seat chi-square test to detect one seat at 1/p + edge, the others equal.

    Uses the noncentral chi-square (df = p-1, noncentrality n * sum((p1-p0)^2/p0)).
    4 players, 1 point: about 20,400.
    """
    p0 = np.full(players, 1.0 / players)
    d = edge_points / 100.0
    p1 = p0.copy()
    p1[0] += d
    p1[1:] -= d / (players - 1)
    effect = float(np.sum((p1 - p0) ** 2 / p0))
    df = players - 1
    crit = st.chi2.ppf(1 - alpha, df)
    lam = optimize.brentq(lambda nc: st.ncx2.sf(crit, df, nc) - power, 1e-6, 1e4)
    return int(math.ceil(lam / effect))


def half_width(n, p: float = 0.5, alpha: float = 0.05):
    """Normal-approximation half-width of a 1-alpha interval at rate p with n games
    (p = 0.5: 0.98 points at 10^4, 0.31 at 10^5, 0.098 at 10^6)."""
    with np.errstate(divide="ignore"):
        return _z(alpha) * np.sqrt(p * (1 - p) / np.asarray(n, dtype=float))


def detectable_edge(n: int, p0: float, alpha: float = 0.05, power: float = 0.8) -> float:
    """Smallest upward edge (as a proportion) detectable with n games at this power."""
    if n <= 0:
        return float("nan")
    f = lambda d: games_needed(p0 + d, p0, alpha, power) - n  # noqa: E731
    hi = 1.0 - p0 - 1e-9
    if f(hi) > 0:
        return float("nan")
    return float(optimize.brentq(f, 1e-9, hi, xtol=1e-7))


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
    (Newcombe 1998, method 10), built from the two Wilson intervals:
    low = d - sqrt((p1 - l1)^2 + (u2 - p2)^2), high = d + sqrt((u1 - p1)^2 + (p2 - l2)^2).
    56/70 vs 48/80: d = 0.2, 95% [0.0524, 0.3339]. Counts may be fractional (split ties).
    Scalars give (d, low, high) floats, arrays give three arrays (nan where a sample is empty)."""
    k1, n1, k2, n2 = (np.asarray(x, dtype=float) for x in (k1, n1, k2, n2))
    l1, u1 = wilson(k1, n1, alpha)
    l2, u2 = wilson(k2, n2, alpha)
    with np.errstate(invalid="ignore", divide="ignore"):
        p1 = np.where(n1 > 0, k1 / np.where(n1 > 0, n1, 1.0), np.nan)
        p2 = np.where(n2 > 0, k2 / np.where(n2 > 0, n2, 1.0), np.nan)
        d = p1 - p2
        lo = d - np.sqrt((p1 - np.asarray(l1)) ** 2 + (np.asarray(u2) - p2) ** 2)
        hi = d + np.sqrt((np.asarray(u1) - p1) ** 2 + (p2 - np.asarray(l2)) ** 2)
    if d.ndim == 0:
        return float(d), float(lo), float(hi)
    return d, lo, hi


def two_proportion_pvalue(k1, n1, k2, n2):
    """Two-sided p of the pooled two-proportion z test (= Pearson chi-square of the 2x2
    table without continuity correction). Counts may be fractional (split ties: approximate).
    nan where a sample is empty or the pooled rate is 0 or 1."""
    k1, n1, k2, n2 = (np.asarray(x, dtype=float) for x in (k1, n1, k2, n2))
    with np.errstate(invalid="ignore", divide="ignore"):
        pool = (k1 + k2) / (n1 + n2)
        se = np.sqrt(pool * (1.0 - pool) * (1.0 / n1 + 1.0 / n2))
        z = (k1 / n1 - k2 / n2) / se
        p = 2.0 * st.norm.sf(np.abs(z))
    p = np.where((n1 > 0) & (n2 > 0) & (se > 0), p, np.nan)
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
