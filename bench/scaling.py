"""Speed-up of --jobs 2 over --jobs 1 (target >= 1.8x on 2 cores).

    python bench/scaling.py magna-grecia [--seconds 20] [--strategy random]
"""
import argparse
import sys

from experiments.bench import bench
from sim import get_game


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("game")
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--strategy", default="random")
    ap.add_argument("--players", type=int)
    a = ap.parse_args()
    spec = get_game(a.game)
    one = bench(spec, a.strategy, a.players, a.seconds, 1, {})
    two = bench(spec, a.strategy, a.players, a.seconds, 2, {})
    print(f"jobs 1: {one['games_per_s']:,.0f} games/s; jobs 2: {two['games_per_s']:,.0f} games/s; "
          f"speed-up {two['games_per_s'] / one['games_per_s']:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
