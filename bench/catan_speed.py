"""Throughput of the Catan-core engines on one core (JIT excluded): games per CPU-second,
decisions per CPU-second and mean length for catan (4 players, peer mode for random) and
troja (4 and 6 players), random and greedy. Each figure is the median of --repeats runs,
timed in process CPU time so that other load on a shared machine does not count.

    python bench/catan_speed.py [--games 2000] [--greedy-games 300] [--repeats 3]
"""
import argparse
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def measure(spec, players, kind, n, over=None, chunk=250, repeats=3):
    """(games/CPU-s, decisions/CPU-s, mean turns, mean actions), medians over `repeats` runs."""
    vec = spec.params.vector(over or {})
    kinds = np.full(players, spec.strategy(kind).kind, dtype=np.int64)
    spec.play_batch(0, 0, 3, players, vec, kinds)  # warm-up / cache load
    gps, dps = [], []
    for _ in range(repeats):
        t0 = time.process_time()
        turns, actions, done = [], [], 0
        while done < n:
            m = min(chunk, n - done)
            r = spec.play_batch(1, done, m, players, vec, kinds)
            turns.append(r["turns"])
            actions.append(r["actions"])
            done += m
        dt = time.process_time() - t0
        turns = np.concatenate(turns)
        actions = np.concatenate(actions)
        gps.append(n / dt)
        dps.append(actions.sum() / dt)
    return float(np.median(gps)), float(np.median(dps)), turns.mean(), actions.mean()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--greedy-games", type=int, default=300)
    ap.add_argument("--repeats", type=int, default=3)
    a = ap.parse_args(argv)
    from sim.catan import SPEC as CATAN
    from sim.troja import SPEC as TROJA
    rows = [("catan", CATAN, 4, "random", a.games, {"peer_mode": True}),
            ("catan", CATAN, 4, "greedy", a.greedy_games, {}),
            ("troja", TROJA, 4, "random", a.games, {}),
            ("troja", TROJA, 4, "greedy", a.greedy_games, {}),
            ("troja", TROJA, 6, "random", a.games, {}),
            ("troja", TROJA, 6, "greedy", a.greedy_games, {})]
    print(f"{'game':6} {'P':>2} {'strategy':8} {'games/cpu-s':>12} {'decisions/cpu-s':>16} {'turns':>7} {'actions':>8}")
    for name, spec, p, kind, n, over in rows:
        gps, dps, turns, acts = measure(spec, p, kind, n, over, repeats=a.repeats)
        print(f"{name:6} {p:2d} {kind:8} {gps:12.1f} {dps:16.0f} {turns:7.1f} {acts:8.1f}")


if __name__ == "__main__":
    main()
