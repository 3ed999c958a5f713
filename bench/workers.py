"""Games/s against the number of workers: loky with 1 and 2 processes, and a local
dask.distributed cluster of 2 worker processes (same study, same seed, same results).

    python bench/workers.py glory-to-rome [--games 40000] [--strategy random] [--players 4]
Times are wall clock for the whole run (the Dask line also shows it without cluster start-up).
"""
import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

from experiments.runner import Study, run_study
from reports.data import load_results


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("game")
    ap.add_argument("--games", type=int, default=40000)
    ap.add_argument("--strategy", default="random")
    ap.add_argument("--players", type=int)
    a = ap.parse_args()
    study = Study(kind="seats", game=a.game, players=a.players, games=a.games, seed=1,
                  strategies=a.strategy, chunk_size=500)
    setups = [("loky, 1 worker", dict(jobs=1)), ("loky, 2 workers", dict(jobs=2)),
              ("dask-local, 2 workers", dict(backend="dask-local", workers=2))]
    frames, base = [], None
    with tempfile.TemporaryDirectory() as tmp:
        run_study(Study(**{**study.__dict__, "games": 200}), Path(tmp) / "warm", progress=False)
        for name, kw in setups:
            out = Path(tmp) / name.replace(" ", "").replace(",", "-")
            t0 = time.perf_counter()
            run_study(study, out, progress=False, **kw)
            wall = time.perf_counter() - t0
            inner = json.loads((out / "run.json").read_text())["wall_seconds"]
            rate = a.games / wall
            base = base or rate
            print(f"{a.game} {a.strategy}, {name}: {rate:,.0f} games/s ({rate / base:.2f}x); "
                  f"{wall:.1f} s wall, {inner:.1f} s playing")
            frames.append(load_results(out))
    same = all(f.equals(frames[0]) for f in frames[1:])
    print(f"results identical on all backends: {same}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
