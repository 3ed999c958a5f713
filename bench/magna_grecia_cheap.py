"""Is a cheaper Magna Grecia greedy weaker, or blind? (issue 16's 600 games/CPU-s target)

Strength: one seat plays the candidate weights, the other seats the reference weights of the
same kind (seat rotated, the same number of games per seat); the candidate's win share (ties
split) with a Wilson 95% interval against the fair share 1/players. `--base greedy` starts both
from the default weights, `--base tuned` from the shipped tuned weights; `--set` changes the
candidate's, `--ref-set` the reference's.
Blind spot (`--cost C`): the candidate in every seat at city_tile_cost=C, games in which some
seat never takes a scoring action (founds a city, places a city tile, builds or sells a market),
the check-players battery's "no scoring action" (issue 12: the one-step greedy never founded a
city that costs 2 tiles).

Usage: python bench/magna_grecia_cheap.py [--players 4] [--games 2000] [--seed 31]
       [--base greedy|tuned] [--set road_plan=2] [--ref-set plan_width=0] [--cost 3]

Measured for issue 16 (4 players, default rules unless said; 2026-12-02):
- plan_width (city tiles whose plans are valued, the others one step), greedy vs the shipped
  greedy (1,000 games, seeds 31..34): 4: 0.150 [0.130, 0.174]; 8: 0.176 [0.154, 0.201];
  16: 0.197 [0.173, 0.222]; 0 (the same rule): 0.232 [0.206, 0.259]. Ranking city tiles by
  their one-step value drops the founding tiles whose plan is best.
- road_plan=2 (chains of at most 2 road tiles, in road plans and after city runs), greedy:
  0.240 [0.222, 0.260] (seeds 31..), 0.241 [0.223, 0.260] (seeds 131..), 0.254 [0.240, 0.267]
  of 4,000 (seeds 231..): not weaker, greedy_values about 10% cheaper; but blind at
  city_tile_cost=3: 82 of 200 self-play games with a seat that never scores (road_plan 3: 5 of
  200), so not landed. Tuned with road_plan=2: 0.231 [0.213, 0.249] of 2,000 (weaker).
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


def ci(k, n):
    lo, hi = proportion_confint(k, n, method="wilson")
    return f"{k / n:.3f} [{lo:.3f}, {hi:.3f}] of {n} games"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=31)
    ap.add_argument("--base", default="greedy")
    ap.add_argument("--set", action="append", default=[])
    ap.add_argument("--ref-set", action="append", default=[])
    ap.add_argument("--cost", type=int, default=0, help="blind-spot check at this city_tile_cost instead")
    a = ap.parse_args()
    kind, new = weights(a.base, a.players, a.set)
    cpu = time.process_time()
    if a.cost:
        r = SPEC.play_batch(a.seed, 0, a.games, a.players, SPEC.params.vector({"city_tile_cost": a.cost}),
                            [kind] * a.players, np.tile(new, (a.players, 1)))
        act = r["cities_founded"] + r["city_tiles_placed"] + r["markets_built"] + r["markets_sold"]
        bad = int(np.any(act == 0, axis=1).sum())
        print(f"{a.base} {a.players}p city_tile_cost={a.cost}, {a.set} in every seat: games with a seat "
              f"that never scores {ci(bad, a.games)}, seed {a.seed}, {time.process_time() - cpu:.0f} CPU-s")
        return
    _, ref = weights(a.base, a.players, a.ref_set)
    pr = SPEC.params.vector({})
    per = a.games // a.players
    wins = 0.0
    for s in range(a.players):
        w = np.tile(ref, (a.players, 1))
        w[s] = new
        r = SPEC.play_batch(a.seed + s, 0, per, a.players, pr, [kind] * a.players, w)
        wins += float(np.sum(r["win"][:, s]))
    print(f"{a.base} {a.players}p: candidate {a.set} vs reference {a.ref_set or 'as shipped'}: "
          f"{ci(wins, per * a.players)} (fair {1 / a.players:.3f}), seeds {a.seed}..{a.seed + a.players - 1}, "
          f"{time.process_time() - cpu:.0f} CPU-s")


if __name__ == "__main__":
    main()
