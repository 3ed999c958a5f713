"""Synthetic run folders with planted effects (no engine is run)."""
from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest


def _games(rng, u, probs_rows, players, tie_rate):
    """Rows of seat results: winner drawn from per-row seat probabilities using uniform u."""
    n = len(u)
    cum = np.cumsum(probs_rows, axis=1)
    winner = np.minimum((u[:, None] > cum).sum(axis=1), players - 1)
    others = rng.integers(0, 16, size=(n, players)).astype(float)
    top = others.max(axis=1) + 1 + rng.poisson(2, size=n)
    scores = others.copy()
    scores[np.arange(n), winner] = top
    tie = rng.random(n) < tie_rate
    mate = (winner + rng.integers(1, players, size=n)) % players
    scores[np.where(tie)[0], mate[tie]] = top[tie]
    best = scores.max(axis=1, keepdims=True)
    lead = scores == best
    win = lead / lead.sum(axis=1, keepdims=True)
    rank = 1 + (scores[:, None, :] > scores[:, :, None]).sum(axis=2)
    return scores, win, rank, lead.sum(axis=1) > 1


def write_run(path, *, players=4, n_seeds=2000, seat_probs=None, strategies=None, rotation=False,
              tie_rate=0.05, seed=1, sweep=None, chunk=700, game="test-game", skill=None):
    """Write RUN/run.json and RUN/results/chunk-*.parquet.

    seat_probs: planted win probability per seat (default uniform).
    sweep: None, or {"params": [...], "arms": [{"arm": i, "values": {...}}...], "probs": fn(values)->seat_probs}
    skill: {strategy: weight}: multiplies a seat's win probability by its strategy's weight.
    """
    rng = np.random.default_rng(seed)
    strategies = strategies or ["random"] * players
    seat_probs = np.full(players, 1 / players) if seat_probs is None else np.asarray(seat_probs, float)
    arms = sweep["arms"] if sweep else [{"arm": 0, "values": {}}]
    rots = players if rotation else 1
    u_seed = rng.random((n_seeds, rots))  # common random numbers: same per seed in every arm
    frames = []
    for a in arms:
        probs = np.asarray(sweep["probs"](a["values"]), float) if sweep else seat_probs
        for r in range(rots):
            strat = [strategies[(k + r) % players] for k in range(players)]
            pr = np.tile(probs, (n_seeds, 1))
            if skill:
                pr = pr * np.array([skill.get(s, 1.0) for s in strat])
                pr = pr / pr.sum(axis=1, keepdims=True)
            scores, win, rank, tied = _games(rng, u_seed[:, r], pr, players, tie_rate)
            cols = {"game": np.arange(n_seeds, dtype=np.int64), "rotation": np.full(n_seeds, r, np.int64),
                    "arm": np.full(n_seeds, a["arm"], np.int64),
                    "turns": rng.integers(30, 60, size=n_seeds).astype(np.int64), "tie": tied}
            for k in range(players):
                cols[f"strategy_{k}"] = np.full(n_seeds, strat[k])
                cols[f"score_{k}"] = scores[:, k]
                cols[f"win_{k}"] = win[:, k]
                cols[f"rank_{k}"] = rank[:, k].astype(np.int64)
                cols[f"oracles_{k}"] = rng.integers(0, 4, size=n_seeds).astype(np.int64)
                cols[f"market_points_{k}"] = np.floor(scores[:, k] * 0.25)
            frames.append(pd.DataFrame(cols))
    df = pd.concat(frames, ignore_index=True)
    df = df.sample(frac=1.0, random_state=seed).reset_index(drop=True)  # chunk order must not matter
    res = path / "results"
    res.mkdir(parents=True, exist_ok=True)
    for i, start in enumerate(range(0, len(df), chunk)):
        pq.write_table(pa.Table.from_pandas(df.iloc[start:start + chunk], preserve_index=False),
                       res / f"chunk-{i:05d}.parquet")
    meta = {
        "kind": "sweep" if sweep else "seats", "game": game, "title": f"Synthetic {game}",
        "players": players, "strategies": strategies, "rotation": rotation, "seed": seed,
        "games": len(df), "seeds": n_seeds, "params": {"oracle_points": 2, "variant": "base"},
        "command": f"agon seats {game} --games {n_seeds} --seed {seed}", "version": "0.1.0",
        "git_commit": "abc1234", "wall_seconds": 12.5, "games_per_s": 1600.0, "jobs": 2,
        "chunk_size": chunk, "created": "2026-11-29T12:00:00+00:00",
    }
    if sweep:
        meta["sweep"] = {"params": sweep["params"], "arms": arms}
    (path / "run.json").write_text(json.dumps(meta, indent=2))
    return path


@pytest.fixture
def seat_run(tmp_path):
    """4 seats, seat 0 planted at 30%, 20,000 games."""
    return write_run(tmp_path / "seats", players=4, n_seeds=20000,
                     seat_probs=[0.30, 0.70 / 3, 0.70 / 3, 0.70 / 3], seed=7)


def linear_sweep(players=4, xs=(0, 2, 4, 6, 8, 10), n_seeds=4000, seed=3, crossing=5.0, slope=-0.01):
    fair = 1 / players

    def probs(values):
        p0 = fair + slope * (values["oracle_points"] - crossing)
        return [p0] + [(1 - p0) / (players - 1)] * (players - 1)

    arms = [{"arm": i, "values": {"oracle_points": x}} for i, x in enumerate(xs)]
    return {"params": ["oracle_points"], "arms": arms, "probs": probs}
