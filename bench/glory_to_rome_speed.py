"""Glory to Rome throughput: games/s per core for random, greedy and ismcts line-ups (one process,
one core; the first call compiles or loads the numba cache and is not timed).

    .venv/bin/python bench/glory_to_rome_speed.py [--games N] [--players P]
"""
import argparse
import time

import numpy as np

from sim.glory_to_rome import SPEC


def rate(name, n_players, games, seed=12345):
    st = SPEC.strategy(name)
    kinds = np.full(n_players, st.kind, np.int64)
    w = np.array([st.weights] * n_players, np.float64)
    SPEC.play_batch(seed, 0, 2, n_players, SPEC.params.defaults(), kinds, w)     # warm-up
    t = time.perf_counter()
    res = SPEC.play_batch(seed, 0, games, n_players, SPEC.params.defaults(), kinds, w)
    dt = time.perf_counter() - t
    return games / dt, float(res["turns"].mean())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=4000)
    ap.add_argument("--players", type=int, default=4)
    a = ap.parse_args()
    for name, games, target in (("random", a.games, 2000), ("greedy", max(200, a.games // 5), 200),
                                ("ismcts", max(4, a.games // 100), None)):
        gps, turns = rate(name, a.players, games)
        tgt = f" (target >= {target})" if target else ""
        print(f"glory-to-rome {a.players}p {name:7s}: {gps:9.1f} games/s per core{tgt}, "
              f"{turns:.1f} turns/game, {games} games")


if __name__ == "__main__":
    main()
