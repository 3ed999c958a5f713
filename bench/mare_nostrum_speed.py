"""Mare Nostrum throughput: games/s per core for random, greedy (and the first greedy,
`greedy_v0`), the personas and ismcts, and the mean rounds per game of each strategy (one
process = one core).

    .venv/bin/python bench/mare_nostrum_speed.py [--games N] [--players P]
"""
import argparse
import time

import numpy as np

from sim.mare_nostrum import SPEC
from sim.mare_nostrum.params import PARAMS
from strategies.mare_nostrum import STRATEGIES, OLD_SWITCHES, with_weights


def bench(name, n_games, n_players, seed=1):
    """`greedy_v0` is the first greedy (its named weights OLD_SWITCHES), for before/after."""
    info = SPEC.strategy("greedy" if name == "greedy_v0" else name)
    kinds = np.full(n_players, info.kind, np.int64)
    w = info.weights or STRATEGIES[1].weights
    if name == "greedy_v0":
        w = with_weights(w, **OLD_SWITCHES)
    W = np.tile(np.array(w, np.float64), (n_players, 1))
    P = PARAMS.defaults()
    SPEC.play_batch(seed, 10**6, 2, n_players, P, kinds, W, False)      # compile / load cache
    t = time.perf_counter()
    c = time.process_time()
    r = SPEC.play_batch(seed, 0, n_games, n_players, P, kinds, W, False)
    dt = time.perf_counter() - t
    dc = time.process_time() - c
    paths = np.bincount(r["victory_path"], minlength=4)
    return n_games / dt, n_games / dc, r["rounds"].mean(), r["actions"].mean(), paths


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--players", type=int, default=6)
    ap.add_argument("--search-games", type=int, default=40)
    a = ap.parse_args()
    print(f"mare-nostrum, {a.players} players, one core")
    print("games/s wall = games / elapsed time; games/s cpu = games / CPU time of this process")
    print("(the per-core rate when other processes share the cores)")
    print(f"{'strategy':10s} {'wall g/s':>9s} {'cpu g/s':>9s} {'rounds':>7s} {'actions':>8s}  "
          "paths (hw, pyramids, roles, unfinished)")
    for name, n in (("random", a.games), ("greedy", a.games), ("greedy_v0", a.games), ("economist", a.games),
                    ("warmonger", a.games), ("hoarder", a.games), ("ismcts", a.search_games)):
        gps, cps, rounds, acts, paths = bench(name, n, a.players)
        print(f"{name:10s} {gps:9.1f} {cps:9.1f} {rounds:7.2f} {acts:8.0f}  {paths.tolist()}")


if __name__ == "__main__":
    main()
