"""Put shipped weights files through the player checks of `agon check-players` and record each in its file
(`[player_check]`, experiments/weights_check.py), as `agon train` now does for every file it writes; the
`tuned` seats of every report then say whether their file's player was found fit to be evidence. A file that
already records a check is left as it is (`--again` checks it again).

Usage: python bench/check_weights.py [--jobs 2] [--again] [FILE ...]   (default: strategies/weights/*.toml)
"""
import argparse
import sys
import time
from pathlib import Path

from experiments import weights as wmod
from experiments.train import HEADER
from experiments.weights_check import ensure_checked, summary
from sim.spec import AgonInputError


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", type=Path)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--again", action="store_true", help="check files that already record a check")
    a = ap.parse_args()
    for path in a.files or sorted(wmod.WEIGHTS_DIR.glob("*.toml")):
        if a.again:
            doc = wmod.read(path)
            if doc.pop("player_check", None) is not None:
                wmod.write(path, doc, HEADER)
        t0 = time.perf_counter()
        check = ensure_checked(path, a.jobs, progress=False)
        print(f"{path.name}: {summary(check)}; {time.perf_counter() - t0:.0f} s", flush=True)
        for f in check.get("flags") or []:
            print(f"    {f['check']}: {f['text']}")


if __name__ == "__main__":
    try:
        main()
    except AgonInputError as e:            # a missing or broken weights file: one line, exit 2
        print(f"check_weights: {e}", file=sys.stderr)
        sys.exit(2)
