"""Magna Grecia throughput on one core (single process) for random, greedy, tuned and search players.

Usage: python bench/magna_grecia_speed.py [--games-random N] [--games-greedy N] [--games-search N]
       [--players 4] [--repeats 5] [--city-cost 1]
Numba compilation is done by a warm-up game before timing. The machine is shared, so the
headline figure is games per CPU-second of this process (process time, insensitive to other
jobs waiting for the CPU), the median of the repeats; the wall-clock rate is printed as well.
Players: random; greedy (default weights: plans within the turn); greedy one-step
(ONE_STEP_WEIGHTS, the greedy before plans, for comparison); oracle_hub; tuned and ismcts as a
line-up parses them (the tuned weights file of the player count; ismcts searches over it), every
seat the same player.
Targets (4 players): random >= 2,000 and greedy >= 200 games/s per core, set for the
one-step greedy (the planning greedy costs about 4x as much, see the module docstring of
strategies/magna_grecia.py); issue 16 asks greedy and tuned >= 600 and ismcts (every seat) >= 20.
"""
import argparse
import time

import numpy as np

from sim.magna_grecia import SPEC
from strategies.magna_grecia import GREEDY_WEIGHTS, ONE_STEP_WEIGHTS, ORACLE_HUB_WEIGHTS


def bench(kind, n_games, n_players=4, repeats=5, weights=GREEDY_WEIGHTS, over=None):
    """(median games per CPU-second, median games per wall second) over `repeats` batches;
    `weights` is one seat's vector or the line-up's matrix."""
    pr = SPEC.params.vector(over or {})
    w = np.asarray(weights, np.float64)
    if w.ndim == 1:
        w = np.tile(w, (n_players, 1))
    SPEC.play_batch(0, 0, 1, n_players, pr, [kind] * n_players, w)
    wall = []
    cpu = []
    for r in range(repeats):
        t = time.perf_counter()
        c = time.process_time()
        SPEC.play_batch(100 + r, 0, n_games, n_players, pr, [kind] * n_players, w)
        cpu.append(n_games / (time.process_time() - c))
        wall.append(n_games / (time.perf_counter() - t))
    return float(np.median(cpu)), float(np.median(wall))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games-random", type=int, default=1000)
    ap.add_argument("--games-greedy", type=int, default=60)
    ap.add_argument("--games-search", type=int, default=6)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--city-cost", type=int, default=1)
    a = ap.parse_args()
    over = {"city_tile_cost": a.city_cost}
    rows = (("random", 0, a.games_random, GREEDY_WEIGHTS),
            ("greedy", 1, a.games_greedy, GREEDY_WEIGHTS),
            ("greedy one-step", 1, a.games_greedy, ONE_STEP_WEIGHTS),
            ("oracle_hub", 2, a.games_greedy, ORACLE_HUB_WEIGHTS))
    from experiments.lineup import arrays, parse_lineup
    for name, n in (("tuned", a.games_greedy), ("ismcts", a.games_search)):
        kinds, w = arrays(SPEC, parse_lineup(SPEC, [name] * a.players, a.players))
        rows += ((name, int(kinds[0]), n, w),)
    for name, kind, n, w in rows:
        cpu, wall = bench(kind, n, a.players, a.repeats, w, over)
        print(f"magna-grecia {name:15s} {a.players}p: {cpu:8.1f} games per CPU-second (median of "
              f"{a.repeats} x {n} games, city_tile_cost {a.city_cost}); wall {wall:.1f} games/s",
              flush=True)


if __name__ == "__main__":
    main()
