"""How far exact pruning could take Magna Grecia's greedy toward issue 16's 600 games/CPU-s: with a
perfect upper bound on a city tile's value (the value itself, free), how many city tiles could be skipped
without changing the choice or the tie draws? `_better` draws from the player's stream on every tie with
the running best, so a tile may be skipped only when its value is below the best of the candidates before
it in the legal order (roads, then city tiles, then the rest) minus the tie tolerance; the column "against
the decision's best" is what a free order would allow (it changes the draws, so the games).

Result (2026-12-05, 20 games, seed 7, default greedy, 4 players): 4,352 decisions, 20,470 city tiles valued;
a perfect bound skips 79% of them in the legal order (91% against the decision's best), and 71% of the 53,704
roads that were valued. City tiles are about two thirds of a game's time, roads about a quarter, the rest
(engine, listing, other values) under a tenth (bench/magna_grecia_profile.py), so even a free perfect bound
leaves about 0.07 + 2/3 x 0.21 + 1/4 x 0.29 = 0.28 of it: at most about 3.5x (some 350 games/CPU-s), not the
6x the 600 target needs; a real bound costs time of its own and is not perfect.

Usage: python bench/magna_grecia_prune_ceiling.py [--games 20]
"""
import argparse
import importlib.util
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    a = ap.parse_args()
    spec = importlib.util.spec_from_file_location("profile_mg", ROOT / "bench" / "magna_grecia_profile.py")
    prof = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(prof)
    from strategies import magna_grecia as G
    from sim.magna_grecia.actions import A_CITY, A_DRAW_ROAD
    ctx, w, states, legals, ns, rngs = prof.record(4, a.games)
    tiles = in_order = any_order = roads = roads_in_order = 0
    for i in range(len(ns)):
        n = int(ns[i])
        vals = np.empty(n)
        G.greedy_values(states[i].copy(), ctx, legals[i], n, w, rngs[i].copy(), vals)
        best, final = -1e300, vals.max()
        for j in range(n):
            act, v = legals[i, j], vals[j]
            if A_CITY <= act < A_DRAW_ROAD:
                tiles += 1
                in_order += v < best - 1e-9
                any_order += v < final - 1e-9
            elif act < A_CITY and v > -1e299:        # a road that was valued (not one of the plain ones)
                roads += 1
                roads_in_order += v < best - 1e-9
            best = max(best, v)
    print(f"{len(ns):,} decisions, {tiles:,} city tiles valued; a perfect bound skips {in_order:,} "
          f"({in_order / tiles:.0%}) in the legal order, {any_order:,} ({any_order / tiles:.0%}) against the "
          f"decision's best; of {roads:,} roads valued, {roads_in_order:,} ({roads_in_order / max(roads, 1):.0%}) "
          "in the legal order")


if __name__ == "__main__":
    main()
