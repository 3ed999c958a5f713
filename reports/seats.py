"""Seat (turn position) advantage: per-seat win rates, uniformity test, strategy tables."""
from __future__ import annotations

import numpy as np
import pandas as pd

from reports import stats
from reports.data import win_matrix

__all__ = ["seat_family", "seat_table", "seat_summary", "tie_mask", "shared_mask", "strategies_in",
           "strategy_table", "strategy_seat_table", "sample_size_note"]

_EPS = 1e-9


def seat_family(players: int) -> int:
    """Number of distinct seat tests: with 2 seats, seat 1's rate is 1 - seat 0's (one test)."""
    return 1 if players == 2 else players


def shared_mask(wins: np.ndarray) -> np.ndarray:
    """(n, p) bool: the seat shared a tie for first (0 < win share < 1)."""
    return (wins > _EPS) & (wins < 1.0 - _EPS)


def tie_mask(df: pd.DataFrame, players: int) -> np.ndarray:
    """(n,) bool: the game ended in a tie for first (some seat has a fractional win share)."""
    return shared_mask(win_matrix(df, players)).any(axis=1)


def _seat_strategy(df: pd.DataFrame, k: int) -> str:
    col = f"strategy_{k}"
    if col not in df.columns:
        return ""
    vals = pd.unique(df[col].astype(str))
    return str(vals[0]) if len(vals) == 1 else "mixed"


def seat_table(df: pd.DataFrame, players: int, alpha: float = 0.05) -> pd.DataFrame:
    """One row per seat (0 moves first).

    Columns: seat, strategy ("mixed" when it rotates), games, wins (sum of win
    shares), draws (games where the seat shared a tie for first), win_rate, fair
    (1/players), edge_points (win_rate - fair, in points), ci_low/ci_high (Wilson
    1-alpha), sim_ci_low/sim_ci_high (Wilson at alpha/players: simultaneous,
    Bonferroni), p_value (exact binomial vs fair), p_holm (Holm over the seats),
    elo (rough, about 7 per point), mean_score, sd_score, mean_rank.
    With 2 players both seats are one test: no Bonferroni/Holm correction.
    """
    n = len(df)
    fair = 1.0 / players
    w = win_matrix(df, players)
    shared = shared_mask(w)
    rows = []
    for k in range(players):
        wins = float(w[:, k].sum())
        lo, hi = stats.wilson(wins, n, alpha)
        slo, shi = stats.wilson(wins, n, alpha / seat_family(players))
        rate = wins / n if n else float("nan")
        score = df[f"score_{k}"].astype(float) if f"score_{k}" in df.columns else pd.Series(dtype=float)
        rank = df[f"rank_{k}"].astype(float) if f"rank_{k}" in df.columns else pd.Series(dtype=float)
        rows.append({
            "seat": k, "strategy": _seat_strategy(df, k), "games": n, "wins": wins,
            "draws": int(shared[:, k].sum()), "win_rate": rate, "fair": fair,
            "edge_points": 100.0 * (rate - fair), "ci_low": lo, "ci_high": hi,
            "sim_ci_low": slo, "sim_ci_high": shi,
            "p_value": stats.binom_pvalue(wins, n, fair),
            "elo": stats.elo_from_edge(rate - fair) if n else float("nan"),
            "mean_score": float(score.mean()) if len(score) else float("nan"),
            "sd_score": float(score.std(ddof=1)) if len(score) > 1 else float("nan"),
            "mean_rank": float(rank.mean()) if len(rank) else float("nan"),
        })
    out = pd.DataFrame(rows)
    p_adj = out["p_value"].to_numpy() if players == 2 else stats.holm(out["p_value"].to_numpy())
    out.insert(out.columns.get_loc("p_value") + 1, "p_holm", p_adj)
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


def seat_summary(df: pd.DataFrame, players: int) -> dict:
    """Chi-square of seat wins vs uniform, ties, game length and a sample-size note."""
    n = len(df)
    w = win_matrix(df, players)
    ties = shared_mask(w).any(axis=1)
    chi2, chi2_p = stats.seat_chisquare(w.sum(axis=0))
    decisive = w[~ties]
    dchi2, dchi2_p = stats.seat_chisquare(decisive.sum(axis=0)) if len(decisive) else (np.nan, np.nan)
    turns = df["turns"].astype(float) if "turns" in df.columns else pd.Series(dtype=float)
    return {
        "games": n,
        "players": players,
        "fair": 1.0 / players,
        "chi2": chi2, "chi2_df": players - 1, "chi2_p": chi2_p,
        "chi2_note": "ties split 1/j among j leaders: the chi-square test is approximate",
        "decisive_games": int(len(decisive)),
        "chi2_decisive": dchi2, "chi2_decisive_p": dchi2_p,
        "tie_games": int(ties.sum()), "tie_share": float(ties.mean()) if n else float("nan"),
        "mean_turns": float(turns.mean()) if len(turns) else float("nan"),
        "median_turns": float(turns.median()) if len(turns) else float("nan"),
        "sd_turns": float(turns.std(ddof=1)) if len(turns) > 1 else float("nan"),
        "games_needed_1pt": stats.games_needed_seat(players, 1.0),
        "games_needed_1pt_bonferroni": stats.games_needed_seat(players, 1.0, bonferroni=True),
        "chisq_games_needed_1pt": stats.chisq_games_needed(players, 1.0) if players > 1 else None,
        "detectable_edge_points": 100 * stats.detectable_edge(n, 1.0 / players),
        "half_width_points": 100 * float(stats.half_width(n, 1.0 / players)) if n else float("nan"),
        "sample_size_note": sample_size_note(players, n),
    }


def strategies_in(df: pd.DataFrame, players: int) -> list[str]:
    """Distinct strategy names over all seats, in order of first appearance by seat."""
    seen: list[str] = []
    for k in range(players):
        col = f"strategy_{k}"
        if col in df.columns:
            for s in pd.unique(df[col].astype(str)):
                if s not in seen:
                    seen.append(s)
    return seen


def _long(df: pd.DataFrame, players: int) -> pd.DataFrame:
    parts = []
    for k in range(players):
        part = pd.DataFrame({
            "row": np.arange(len(df)),
            "seat": k,
            "strategy": df[f"strategy_{k}"].astype(str).to_numpy(),
            "win": df[f"win_{k}"].to_numpy(dtype=float),
            "score": df[f"score_{k}"].to_numpy(dtype=float) if f"score_{k}" in df else np.nan,
            "rank": df[f"rank_{k}"].to_numpy(dtype=float) if f"rank_{k}" in df else np.nan,
        })
        parts.append(part)
    return pd.concat(parts, ignore_index=True)


def strategy_table(df: pd.DataFrame, players: int, alpha: float = 0.05) -> pd.DataFrame:
    """Win share per strategy over all the seats it played (a seat-game = one appearance).

    Columns: strategy, appearances, games (rows it played in), seats_per_game,
    wins, win_rate, fair (1/players), edge_points, ci_low, ci_high (Wilson over
    appearances; approximate when a strategy holds several seats in one game,
    since those appearances are not independent), p_value, mean_score, mean_rank.
    """
    long = _long(df, players)
    fair = 1.0 / players
    rows = []
    for name in strategies_in(df, players):
        g = long[long["strategy"] == name]
        a = len(g)
        wins = float(g["win"].sum())
        lo, hi = stats.wilson(wins, a, alpha)
        rate = wins / a
        rows.append({
            "strategy": name, "appearances": a, "games": int(g["row"].nunique()),
            "seats_per_game": a / max(g["row"].nunique(), 1), "wins": wins, "win_rate": rate,
            "fair": fair, "edge_points": 100 * (rate - fair), "ci_low": lo, "ci_high": hi,
            "p_value": stats.binom_pvalue(wins, a, fair),
            "mean_score": float(g["score"].mean()), "mean_rank": float(g["rank"].mean()),
        })
    return pd.DataFrame(rows)


def strategy_seat_table(df: pd.DataFrame, players: int, alpha: float = 0.05) -> pd.DataFrame:
    """Win rate of each strategy in each seat (long form): strategy, seat, games,
    wins, win_rate, ci_low, ci_high (Wilson), mean_score."""
    long = _long(df, players)
    rows = []
    for name in strategies_in(df, players):
        for k in range(players):
            g = long[(long["strategy"] == name) & (long["seat"] == k)]
            if not len(g):
                continue
            wins = float(g["win"].sum())
            lo, hi = stats.wilson(wins, len(g), alpha)
            rows.append({"strategy": name, "seat": k, "games": len(g), "wins": wins,
                         "win_rate": wins / len(g), "ci_low": lo, "ci_high": hi,
                         "mean_score": float(g["score"].mean())})
    return pd.DataFrame(rows)
