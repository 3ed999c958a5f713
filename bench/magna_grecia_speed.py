"""Magna Grecia throughput: games/s on one core (single process) for random and greedy, 4 players.

Usage: python bench/magna_grecia_speed.py [--games-random N] [--games-greedy N]
Numba compilation is done by a warm-up game before timing. The machine is shared, so figures
are noisy; the best of a few repeats is printed alongside the mean, and the rate per CPU-second
of this process (less sensitive to other jobs on the machine).
"""
import argparse
import time

import numpy as np

from sim.magna_grecia import SPEC
from strategies.magna_grecia import GREEDY_WEIGHTS


def bench(kind, n_games, n_players=4, repeats=3):
    pr = SPEC.params.defaults()
    w = np.tile(GREEDY_WEIGHTS, (n_players, 1))
    SPEC.play_batch(0, 0, 1, n_players, pr, [kind] * n_players, w)
    rates = []
    cpu_rates = []
    for r in range(repeats):
        t = time.perf_counter()
        c = time.process_time()
        SPEC.play_batch(100 + r, 0, n_games, n_players, pr, [kind] * n_players, w)
        rates.append(n_games / (time.perf_counter() - t))
        cpu_rates.append(n_games / (time.process_time() - c))
    return max(rates), float(np.mean(rates)), max(cpu_rates)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games-random", type=int, default=400)
    ap.add_argument("--games-greedy", type=int, default=20)
    ap.add_argument("--players", type=int, default=4)
    a = ap.parse_args()
    for name, kind, n in (("random", 0, a.games_random), ("greedy", 1, a.games_greedy)):
        best, mean, cpu = bench(kind, n, a.players)
        print(f"magna-grecia {name:7s} {a.players}p: {best:8.1f} games/s per core wall (best of 3; "
              f"mean {mean:.1f}); {cpu:.1f} games per CPU-second")


if __name__ == "__main__":
    main()
