"""`agon bench`: games per second per core of one game and strategy.

Each job is its own process playing batches back to back for the given time
after a warm-up game (numba compilation or cache load is not timed).
"""
from __future__ import annotations

import time

import numpy as np

from experiments.lineup import arrays, parse_lineup
from sim import get_game
from sim.spec import GameSpec


def _bench_worker(game: str, strategy: str, players: int, seconds: float, overrides: dict,
                  batch: int, job: int) -> tuple[int, float, float]:
    spec = get_game(game)
    vec = spec.params.vector(overrides)
    kinds, weights = arrays(spec, parse_lineup(spec, strategy, players))
    spec.play_batch(10_000_019 + job, 0, 1, players, vec, kinds, weights, False)  # warm-up
    seed = 1 + job
    games, turns, start = 0, 0.0, 0
    size = batch or 1
    t0 = time.perf_counter()
    while True:
        t1 = time.perf_counter()
        res = spec.play_batch(seed, start, size, players, vec, kinds, weights, False)
        dt = time.perf_counter() - t1
        games += size
        start += size
        turns += float(np.sum(res["turns"]))
        elapsed = time.perf_counter() - t0
        if elapsed >= seconds:
            return games, elapsed, turns
        if not batch and dt < 0.25:
            size = min(size * 2, 100_000)


def bench(spec: GameSpec, strategy: str, players: int | None, seconds: float, jobs: int,
          overrides: dict, batch: int = 0) -> dict:
    players = spec.check_players(players)
    parse_lineup(spec, strategy, players)
    spec.params.vector(overrides)
    if jobs == 1:
        parts = [_bench_worker(spec.name, strategy, players, seconds, overrides, batch, 0)]
    else:
        from joblib import Parallel, delayed
        parts = Parallel(n_jobs=jobs, backend="loky")(
            delayed(_bench_worker)(spec.name, strategy, players, seconds, overrides, batch, j)
            for j in range(jobs))
    games = sum(p[0] for p in parts)
    secs = max(p[1] for p in parts)
    turns = sum(p[2] for p in parts)
    return {
        "game": spec.name, "strategy": strategy, "players": players, "jobs": jobs,
        "games": games, "seconds": round(secs, 3),
        "games_per_s": round(games / secs, 1),
        "games_per_s_per_core": round(games / secs / jobs, 1),
        "mean_turns": round(turns / games, 2),
    }
