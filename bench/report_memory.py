"""Peak memory and time of the report step alone on a synthetic run folder of many games.

    python bench/report_memory.py [--games 10000000] [--chunk 2000] [--dir /tmp/agon-report-bench] [--keep]

Writes a Magna Grecia-shaped 4-player seats run (the real run's columns: 4 per-game metrics,
4 x 27 seat columns, chunks of 2,000 games like the runner's) with numpy + pyarrow, no engine,
then renders it with `agon report` in a fresh process and prints that process's wall time
and peak resident memory. The games are random (win shares from the scores, ties split),
so only the sizes matter. Writing 10^7 games takes a few minutes and about 1 GB of disk.
"""
import argparse
import json
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

PLAYERS = 4
SEAT_METRICS = ["track_points", "market_points", "oracle_points_scored", "oracles", "cities_founded", "cities_end",
                "city_tiles_placed", "road_tiles_placed", "tiles_drawn", "stock_tiles_end", "markets_built",
                "founding_markets", "markets_sold", "sold_points", "markets_removed", "active_markets_end",
                "oracle_takeovers", "merges", "points_spent", "passes", "double_turns", "colour"]


def chunk_table(rng, start: int, n: int) -> pa.Table:
    """n synthetic games with the columns of a Magna Grecia seats run."""
    market = rng.integers(0, 30, (n, PLAYERS))
    track = rng.integers(0, 3, (n, PLAYERS))
    oracle = 2 * rng.integers(0, 3, (n, PLAYERS))
    score = market + track + oracle
    best = score.max(axis=1, keepdims=True)
    lead = score == best
    win = lead / lead.sum(axis=1, keepdims=True)
    rank = 1 + (score[:, None, :] > score[:, :, None]).sum(axis=2)
    cols = {"game": np.arange(start, start + n, dtype=np.int64), "rotation": np.zeros(n, np.int16),
            "arm": np.zeros(n, np.int16), "turns": rng.integers(34, 40, n),
            "tie": (lead.sum(axis=1) > 1).astype(float), "tie_break_used": np.zeros(n)}
    strategy = pa.DictionaryArray.from_arrays(pa.array(np.zeros(n, np.int8)), pa.array(["random"]))
    for k in range(PLAYERS):
        cols[f"strategy_{k}"] = strategy
        cols[f"score_{k}"] = score[:, k]
        cols[f"win_{k}"] = win[:, k]
        cols[f"rank_{k}"] = rank[:, k]
        for m in SEAT_METRICS:
            if m == "market_points":
                v = market[:, k]
            elif m == "track_points":
                v = track[:, k]
            elif m == "oracle_points_scored":
                v = oracle[:, k]
            elif m == "colour":
                v = np.full(n, k)
            else:
                v = rng.integers(0, 12, n)
            cols[f"{m}_{k}"] = v.astype(np.int64)
    return pa.table(cols)


def write_run(folder: Path, games: int, chunk: int, seed: int = 1) -> None:
    rng = np.random.default_rng(seed)
    res = folder / "results"
    res.mkdir(parents=True)
    for start in range(0, games, chunk):
        n = min(chunk, games - start)
        pq.write_table(chunk_table(rng, start, n), res / f"chunk-a000-r00-g{start:010d}.parquet")
    meta = {"kind": "seats", "game": "magna-grecia", "title": "Synthetic Magna Grecia (report benchmark)",
            "players": PLAYERS, "strategies": ["random"] * PLAYERS, "rotation": False, "seed": seed,
            "games": games, "seeds": games, "params": {}, "chunk_size": chunk, "jobs": 1,
            "command": f"python bench/report_memory.py --games {games} --chunk {chunk}", "version": "bench",
            "git_commit": "n/a", "wall_seconds": 0.0, "games_per_s": 0.0, "created": "n/a"}
    (folder / "run.json").write_text(json.dumps(meta, indent=2))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=10_000_000)
    ap.add_argument("--chunk", type=int, default=2000)
    ap.add_argument("--dir", default="/tmp/agon-report-bench")
    ap.add_argument("--keep", action="store_true", help="keep (and reuse) the synthetic run folder")
    a = ap.parse_args()
    folder = Path(a.dir) / f"mg-{a.games}"
    if not (a.keep and (folder / "run.json").exists()):
        shutil.rmtree(folder, ignore_errors=True)
        t0 = time.perf_counter()
        write_run(folder, a.games, a.chunk)
        print(f"wrote {a.games:,} synthetic games in {a.games // a.chunk + (a.games % a.chunk > 0):,} chunks "
              f"in {time.perf_counter() - t0:.0f} s", flush=True)
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "experiments.cli", "report", str(folder)], check=True,
                   stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - t0
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    print(f"report of {a.games:,} games ({a.chunk:,} per chunk): {wall:.0f} s wall, "
          f"peak resident memory {peak_mb:.0f} MB")
    if not a.keep:
        shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
