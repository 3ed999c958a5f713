"""Is a cheaper Magna Grecia greedy weaker? (issue 16's 600 games/CPU-s target)

One seat plays the candidate weights, the other seats the reference weights of the same kind
(seat rotated, the same number of games per seat); the candidate's win share (ties split) with a
Wilson 95% interval against the fair share 1/players. `greedy` compares the default weights with
`--set` applied against them as they are; `tuned` the same for the shipped tuned weights.

Usage: python bench/magna_grecia_cheap.py [--players 4] [--games 2000] [--seed 31]
       [--base greedy|tuned] [--set plan_width=4] [--ref-set plan_width=0]
"""
import argparse
import time

import numpy as np
from statsmodels.stats.proportion import proportion_confint

from sim.magna_grecia import SPEC
from experiments.lineup import parse_strategy
from strategies import magna_grecia as G


def weights(base, players, sets):
    seat = parse_strategy(SPEC, base, players=players)
    w = np.zeros(G.N_WEIGHTS)
    w[:len(seat.weights)] = seat.weights
    for s in sets:
        k, v = s.split("=")
        w[G.GREEDY_WEIGHT_NAMES.index(k)] = float(v)
    return seat.kind, w


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=31)
    ap.add_argument("--base", default="greedy")
    ap.add_argument("--set", action="append", default=[])
    ap.add_argument("--ref-set", action="append", default=[])
    a = ap.parse_args()
    kind, new = weights(a.base, a.players, a.set)
    _, ref = weights(a.base, a.players, a.ref_set)
    pr = SPEC.params.vector({})
    per = a.games // a.players
    wins = 0.0
    cpu = time.process_time()
    for s in range(a.players):
        w = np.tile(ref, (a.players, 1))
        w[s] = new
        r = SPEC.play_batch(a.seed + s, 0, per, a.players, pr, [kind] * a.players, w)
        wins += float(np.sum(r["win"][:, s]))
    n = per * a.players
    lo, hi = proportion_confint(wins, n, method="wilson")
    print(f"{a.base} {a.players}p: candidate {a.set} vs reference {a.ref_set or 'as shipped'}: "
          f"{wins / n:.3f} [{lo:.3f}, {hi:.3f}] of {n} games (fair {1 / a.players:.3f}), "
          f"seed {a.seed}..{a.seed + a.players - 1}, {time.process_time() - cpu:.0f} CPU-s")


if __name__ == "__main__":
    main()
