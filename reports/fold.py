"""Seat counts folded over a run's result chunks, one chunk at a time (memory stays flat).

The sequential rules, tuning, restricted play and the design summary need only per-seat
win sums and game-length moments, never the full results table.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from reports import stats
from reports.data import iter_chunks, load_meta

__all__ = ["SeatCounts", "seat_counts"]


@dataclass
class SeatCounts:
    """Per arm: games, win sums per seat, sums for game length; per (arm, strategy): seats played, wins."""

    players: int
    games: dict = field(default_factory=dict)        # arm -> n
    wins: dict = field(default_factory=dict)         # arm -> float[p]
    turns: dict = field(default_factory=dict)        # arm -> (sum, sum of squares)
    strat: dict = field(default_factory=dict)        # (arm, strategy) -> [seats played, wins]
    metric: dict = field(default_factory=dict)       # (arm, strategy, metric) -> sum

    def rate(self, seat: int = 0, arm: int = 0):
        """(rate, low, high, wins, n) of a seat, Wilson 95%."""
        n = self.games.get(arm, 0)
        w = float(self.wins[arm][seat]) if n else 0.0
        lo, hi = stats.wilson(w, n) if n else (float("nan"), float("nan"))
        return (w / n if n else float("nan")), lo, hi, w, n

    def length(self, arm: int = 0):
        """(mean, low, high) of game length in player-turns, 95% normal interval."""
        n = self.games.get(arm, 0)
        if n < 2:
            return float("nan"), float("nan"), float("nan")
        s, s2 = self.turns[arm]
        mean = s / n
        var = max(s2 / n - mean * mean, 0.0) * n / (n - 1)
        h = 1.96 * (var / n) ** 0.5
        return mean, mean - h, mean + h

    def strategy_rate(self, name: str, arm: int = 0):
        """(rate, low, high, wins, seats played) of a strategy, all seats pooled."""
        n, w = self.strat.get((arm, name), (0, 0.0))
        lo, hi = stats.wilson(w, n) if n else (float("nan"), float("nan"))
        return (w / n if n else float("nan")), lo, hi, w, n


def seat_counts(run_dir, metrics: tuple[str, ...] = ()) -> SeatCounts:
    """Fold win, strategy and (optionally) seat-metric columns over the chunks of `run_dir`."""
    meta = load_meta(run_dir)
    p = int(meta["players"])
    cols = ["arm", "turns"] + [f"win_{k}" for k in range(p)] + [f"strategy_{k}" for k in range(p)]
    cols += [f"{m}_{k}" for m in metrics for k in range(p)]
    out = SeatCounts(players=p)
    for df in iter_chunks(run_dir, cols):
        for arm, g in df.groupby("arm", sort=False):
            arm = int(arm)
            w = g[[f"win_{k}" for k in range(p)]].to_numpy(float)
            out.games[arm] = out.games.get(arm, 0) + len(g)
            out.wins[arm] = out.wins.get(arm, np.zeros(p)) + w.sum(0)
            t = g["turns"].to_numpy(float) if "turns" in g else np.zeros(len(g))
            s, s2 = out.turns.get(arm, (0.0, 0.0))
            out.turns[arm] = (s + float(t.sum()), s2 + float((t * t).sum()))
            for k in range(p):
                for name, gg in g.groupby(f"strategy_{k}", sort=False, observed=True):
                    key = (arm, str(name))
                    n0, w0 = out.strat.get(key, (0, 0.0))
                    out.strat[key] = (n0 + len(gg), w0 + float(gg[f"win_{k}"].sum()))
                    for m in metrics:
                        mk = (arm, str(name), m)
                        out.metric[mk] = out.metric.get(mk, 0.0) + float(gg[f"{m}_{k}"].astype(float).sum())
    return out
