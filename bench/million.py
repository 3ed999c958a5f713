"""A full seats run of many random games through the CLI: wall time and peak memory.

    python bench/million.py magna-grecia [--games 1000000] [--jobs 2] [--players 4]

Runs `agon seats` (games + report, as a user would), then `agon report` on the same folder
again (the report step alone, in a fresh process). Peak memory is the largest resident set
of the agon process and of its workers, each measured by the process itself (getrusage).
"""
import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# Runs the agon CLI in this child process, then prints the peaks of itself and its workers.
_MEASURED = """
import json, resource, sys
from experiments.cli import main
sys.argv = ["agon"] + sys.argv[1:]
try:
    code = main()
except SystemExit as e:
    code = e.code
peak = lambda who: resource.getrusage(who).ru_maxrss / 1024
print("PEAKS " + json.dumps({"self_mb": peak(resource.RUSAGE_SELF), "workers_mb": peak(resource.RUSAGE_CHILDREN)}))
sys.exit(code or 0)
"""


def measured(args: list[str]) -> tuple[float, dict]:
    """(wall seconds, {"self_mb", "workers_mb"}) of one `agon ARGS` process."""
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", _MEASURED, *args], check=True, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    line = [x for x in out.stdout.splitlines() if x.startswith("PEAKS ")][-1]
    return wall, json.loads(line[len("PEAKS "):])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("--games", type=int, default=1_000_000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--strategy", default="random")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "run"
        wall, peaks = measured(["seats", a.game, "--players", str(a.players), "--games", str(a.games),
                                "--strategies", a.strategy, "--jobs", str(a.jobs), "--out", str(out), "--quiet"])
        rwall, rpeaks = measured(["report", str(out)])
        chunks = len(list((out / "results").glob("chunk-*.parquet")))
    print(f"{a.games:,} {a.strategy} {a.players}p games of {a.game} with --jobs {a.jobs}: "
          f"{wall:.0f} s wall incl. report ({a.games / wall:,.0f} games/s); peak resident memory: "
          f"agon process {peaks['self_mb']:.0f} MB, largest worker {peaks['workers_mb']:.0f} MB")
    print(f"report alone (agon report, {chunks:,} chunk files): {rwall:.0f} s wall, "
          f"peak resident memory {rpeaks['self_mb']:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
