"""How long a fresh process takes to play its first game (target: < 5 s with a warm numba cache).

    python bench/startup.py magna-grecia [--players 4] [--strategy random]
Runs the game once to fill the cache, then times three new processes.
"""
import argparse
import subprocess
import sys
import time

CODE = """
import time, numpy as np
t0 = time.perf_counter()
from sim import get_game
from experiments.lineup import arrays, parse_lineup
spec = get_game({game!r})
kinds, weights = arrays(spec, parse_lineup(spec, {strategy!r}, {players}))
spec.play_batch(1, 0, 1, {players}, spec.params.defaults(), kinds, weights, False)
print(time.perf_counter() - t0)
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("game")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--strategy", default="random")
    a = ap.parse_args()
    code = CODE.format(game=a.game, strategy=a.strategy, players=a.players)
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)  # fill the cache
    for i in range(3):
        t0 = time.perf_counter()
        out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
        wall = time.perf_counter() - t0
        print(f"run {i + 1}: first game after {float(out.stdout):.2f} s in-process, {wall:.2f} s process wall")
    return 0


if __name__ == "__main__":
    sys.exit(main())
