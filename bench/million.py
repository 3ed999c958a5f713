"""A full seats run of many random games through the CLI: wall time and peak memory.

    python bench/million.py magna-grecia [--games 1000000] [--jobs 2] [--players 4]
Peak memory is the largest resident set of the agon process and of its workers.
"""
import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("game")
    ap.add_argument("--games", type=int, default=1_000_000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--strategy", default="random")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "run"
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-m", "experiments.cli", "seats", a.game, "--players", str(a.players),
                        "--games", str(a.games), "--strategies", a.strategy, "--jobs", str(a.jobs),
                        "--out", str(out), "--quiet"], check=True)
        wall = time.perf_counter() - t0
    peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    print(f"{a.games:,} {a.strategy} {a.players}p games of {a.game} with --jobs {a.jobs}: "
          f"{wall:.0f} s wall incl. report ({a.games / wall:,.0f} games/s); "
          f"peak resident memory of one process {peak_kb / 1024:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
