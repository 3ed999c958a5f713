"""Seat (turn position) advantage: per-seat win rates, uniformity test, strategy tables.

Every function takes the run's Aggregate (reports/aggregate.py; a results frame is folded
on the fly), so the tables come from counts, whatever the number of games."""
from __future__ import annotations

import numpy as np
import pandas as pd

from reports import stats
from reports.aggregate import Dist, as_aggregate, shared_mask
from reports.data import win_matrix

__all__ = ["seat_family", "seat_table", "seat_summary", "tie_mask", "shared_mask", "strategies_in",
           "strategy_table", "strategy_seat_table", "sample_size_note"]


def seat_family(players: int) -> int:
    """Number of distinct seat tests: with 2 seats, seat 1's rate is 1 - seat 0's (one test)."""
    return 1 if players == 2 else players


def tie_mask(df: pd.DataFrame, players: int) -> np.ndarray:
    """(n,) bool: the game of each row of a results frame ended in a tie for first."""
    return shared_mask(win_matrix(df, players)).any(axis=1)


def _wins(rows: pd.DataFrame) -> float:
    """Sum of win shares of seat-result rows (win, n)."""
    return Dist(rows["win"], rows["n"]).sum()


def _seat_strategy(rows: pd.DataFrame, agg, k: int) -> str:
    if not agg.has(f"strategy_{k}"):
        return ""
    vals = pd.unique(rows["strategy"])
    return str(vals[0]) if len(vals) == 1 else "mixed"


def seat_table(agg, players: int, alpha: float = 0.05, anytime_alpha: float | None = None,
               looks: int = 1) -> pd.DataFrame:
    """One row per seat (0 moves first).

    Columns: seat, strategy ("mixed" when it rotates), games, wins (sum of win
    shares), draws (games where the seat shared a tie for first), win_rate, fair
    (1/players), edge_points (win_rate - fair, in points), ci_low/ci_high (Wilson
    1-alpha), sim_ci_low/sim_ci_high (Wilson at alpha/players: simultaneous,
    Bonferroni), p_value (exact binomial vs fair), p_holm (Holm over the seats),
    elo (rough, about 7 per point), mean_score, sd_score, mean_rank.
    With 2 players both seats are one test: no Bonferroni/Holm correction.
    After a sequential stop (`anytime_alpha` = alpha / K over the K planned looks) it adds
    any_low/any_high and any_sim_low/any_sim_high (Wilson at that level, and simultaneous over
    the seats), valid however the run stopped, and p_anytime (K x p, Holm over the seats).
    """
    agg = as_aggregate(agg, players)
    res = agg.seat_results
    n = agg.n_games
    fair = 1.0 / players
    rows = []
    for k in range(players):
        g = res[res["seat"] == k]
        wins = _wins(g)
        lo, hi = stats.wilson(wins, n, alpha)
        slo, shi = stats.wilson(wins, n, alpha / seat_family(players))
        rate = wins / n if n else float("nan")
        score = Dist(g["score"], g["n"])
        rows.append({
            "seat": k, "strategy": _seat_strategy(g, agg, k), "games": n, "wins": wins,
            "draws": int(g.loc[shared_mask(g["win"].to_numpy()), "n"].sum()), "win_rate": rate, "fair": fair,
            "edge_points": 100.0 * (rate - fair), "ci_low": lo, "ci_high": hi,
            "sim_ci_low": slo, "sim_ci_high": shi,
            "p_value": stats.binom_pvalue(wins, n, fair),
            "elo": stats.elo_from_edge(rate - fair) if n else float("nan"),
            "mean_score": score.mean(), "sd_score": score.sd(),
            "mean_rank": Dist(g["rank"], g["n"]).mean(),
        })
    out = pd.DataFrame(rows)
    p_adj = out["p_value"].to_numpy() if players == 2 else stats.holm(out["p_value"].to_numpy())
    out.insert(out.columns.get_loc("p_value") + 1, "p_holm", p_adj)
    if anytime_alpha is not None:
        k = out["wins"].to_numpy(float)
        out["any_low"], out["any_high"] = stats.wilson(k, np.full(len(k), n), anytime_alpha)
        out["any_sim_low"], out["any_sim_high"] = stats.wilson(k, np.full(len(k), n),
                                                               anytime_alpha / seat_family(players))
        pk = np.minimum(1.0, looks * out["p_value"].to_numpy(float))
        out["p_anytime"] = pk if players == 2 else stats.holm(pk)
    return out


def sample_size_note(players: int, n: int, edge_points: float = 1.0) -> str:
    """'a 1-point seat edge needs about N games; this run has M' (80% power, two-sided 5%)."""
    one = stats.games_needed_seat(players, edge_points)
    bonf = stats.games_needed_seat(players, edge_points, bonferroni=True)
    fair = 1.0 / players
    det = stats.detectable_edge(n, fair)
    det_b = stats.detectable_edge(n, fair, alpha=0.05 / players)
    pts = f"{edge_points:g}-point"
    text = (f"A {pts} seat edge ({100 * fair:.4g}% -> {100 * fair + edge_points:.4g}%) needs about "
            f"{_round_games(one):,} games to be detected with 80% power (two-sided 5%)")
    if players > 2:
        text += f", or {_round_games(bonf):,} with Bonferroni over {players} seats"
    text += f"; this run has {n:,}."
    if np.isfinite(det):
        text += (f" At this n the smallest edge detectable with 80% power is about "
                 f"{100 * det:.2g} points for one seat")
        if players > 2 and np.isfinite(det_b):
            text += f" ({100 * det_b:.2g} with Bonferroni)"
        text += "."
    return text


def _round_games(n: int) -> int:
    """Round a games-needed figure to 3 significant digits for prose."""
    if not np.isfinite(n) or n <= 0:
        return n
    mag = 10 ** max(int(np.floor(np.log10(n))) - 2, 0)
    return int(round(n / mag) * mag)


def seat_summary(agg, players: int) -> dict:
    """Chi-square of seat wins vs uniform, ties, game length and a sample-size note."""
    agg = as_aggregate(agg, players)
    pat = agg.win_patterns
    n = agg.n_games
    w = pat[[f"win_{k}" for k in range(players)]].to_numpy(dtype=float)
    counts = pat["n"].to_numpy()
    ties = shared_mask(w).any(axis=1)
    seat_wins = [Dist(w[:, k], counts).sum() for k in range(players)]
    chi2, chi2_p = stats.seat_chisquare(seat_wins)
    n_decisive = int(counts[~ties].sum())
    dchi2, dchi2_p = stats.seat_chisquare([Dist(w[~ties, k], counts[~ties]).sum() for k in range(players)]) \
        if n_decisive else (np.nan, np.nan)
    turns = Dist(*_values(agg, "turns")) if agg.has("turns") else Dist([], [])
    n_ties = int(counts[ties].sum())
    return {
        "games": n,
        "players": players,
        "fair": 1.0 / players,
        "chi2": chi2, "chi2_df": players - 1, "chi2_p": chi2_p,
        "chi2_note": "ties split 1/j among j leaders: the chi-square test is approximate",
        "decisive_games": n_decisive,
        "chi2_decisive": dchi2, "chi2_decisive_p": dchi2_p,
        "tie_games": n_ties, "tie_share": n_ties / n if n else float("nan"),
        "mean_turns": turns.mean(),
        "median_turns": turns.median(),
        "sd_turns": turns.sd(),
        "games_needed_1pt": stats.games_needed_seat(players, 1.0),
        "games_needed_1pt_bonferroni": stats.games_needed_seat(players, 1.0, bonferroni=True),
        "chisq_games_needed_1pt": stats.chisq_games_needed(players, 1.0) if players > 1 else None,
        "detectable_edge_points": 100 * stats.detectable_edge(n, 1.0 / players),
        "half_width_points": 100 * float(stats.half_width(n, 1.0 / players)) if n else float("nan"),
        "sample_size_note": sample_size_note(players, n),
    }


def _values(agg, metric: str) -> tuple[np.ndarray, np.ndarray]:
    """(values, counts) of a per-game metric, all arms of `agg` pooled."""
    t = agg.game_values(metric)
    return t["value"].to_numpy(dtype=float), t["n"].to_numpy()


def strategies_in(agg, players: int) -> list[str]:
    """Distinct strategy names over all seats, in order of first appearance by seat (rows in
    (arm, game, rotation) order)."""
    agg = as_aggregate(agg, players)
    first = agg.first_seen
    seen: list[str] = []
    for k in range(players):
        if not agg.has(f"strategy_{k}"):
            continue
        f = first[first["seat"] == k].sort_values(["arm", "order"], kind="mergesort")
        for s in f["strategy"].drop_duplicates().tolist():
            if s not in seen:
                seen.append(s)
    return seen


def strategy_table(agg, players: int, alpha: float = 0.05) -> pd.DataFrame:
    """Win share per strategy over all the seats it played (a seat-game = one appearance).

    Columns: strategy, appearances, games (rows it played in), seats_per_game,
    wins, win_rate, fair (1/players), edge_points, ci_low, ci_high (Wilson over
    appearances; approximate when a strategy holds several seats in one game,
    since those appearances are not independent), p_value, mean_score, mean_rank.
    """
    agg = as_aggregate(agg, players)
    res = agg.seat_results
    played = agg.strategy_games
    fair = 1.0 / players
    rows = []
    for name in strategies_in(agg, players):
        g = res[res["strategy"] == name]
        a = int(g["n"].sum())
        games = int(played.loc[played["strategy"] == name, "n"].sum())
        wins = _wins(g)
        lo, hi = stats.wilson(wins, a, alpha)
        rate = wins / a
        rows.append({
            "strategy": name, "appearances": a, "games": games,
            "seats_per_game": a / max(games, 1), "wins": wins, "win_rate": rate,
            "fair": fair, "edge_points": 100 * (rate - fair), "ci_low": lo, "ci_high": hi,
            "p_value": stats.binom_pvalue(wins, a, fair),
            "mean_score": Dist(g["score"], g["n"]).mean(), "mean_rank": Dist(g["rank"], g["n"]).mean(),
        })
    return pd.DataFrame(rows)


def strategy_seat_table(agg, players: int, alpha: float = 0.05) -> pd.DataFrame:
    """Win rate of each strategy in each seat (long form): strategy, seat, games,
    wins, win_rate, ci_low, ci_high (Wilson), mean_score."""
    agg = as_aggregate(agg, players)
    res = agg.seat_results
    rows = []
    for name in strategies_in(agg, players):
        for k in range(players):
            g = res[(res["strategy"] == name) & (res["seat"] == k)]
            a = int(g["n"].sum())
            if not a:
                continue
            wins = _wins(g)
            lo, hi = stats.wilson(wins, a, alpha)
            rows.append({"strategy": name, "seat": k, "games": a, "wins": wins,
                         "win_rate": wins / a, "ci_low": lo, "ci_high": hi,
                         "mean_score": Dist(g["score"], g["n"]).mean()})
    return pd.DataFrame(rows)
