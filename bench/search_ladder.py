"""The search player's margin over greedy where it is thin and slow to measure (moved out of the test
suite: about 10 CPU-minutes at today's 1-2 search games per second; issue 16 brings a faster search):
Catan at 5 and 6 players, Troja at 6, Mare Nostrum at 6 (its default count). Each line: hero share of one search seat among greedy players
(every seat in turn), its Wilson 95% interval, the fair share, and whether the lower bound is above it.

    nice python bench/search_ladder.py [--jobs 2]
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

# (game, players, games per seat): sized for about 80% power at the margins measured so far:
# Catan 5p 0.28 [0.21, 0.36] in 150 games and 6p 0.28 (fair 0.20 / 0.17); Troja 6p 0.218 [0.183, 0.257]
# in 480 games (fair 0.167; the old search, removed since); Mare Nostrum 6p: the test suite's 120 games (until 2026-12-02) showed it above fair
CASES = [("catan", 5, 40), ("catan", 6, 25), ("troja", 6, 80), ("mare-nostrum", 6, 20)]


def main(argv=None) -> int:
    from sim import get_game
    from tests.catan.tournament import hero_share
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args(argv)
    print("| game | players | games | search share [95% CI] | fair | above fair |")
    print("|---|---|---|---|---|---|")
    ok = True
    for game, p, per_seat in CASES:
        spec = get_game(game)
        mean, lo, hi, n = hero_share(spec, "ismcts", "greedy", per_seat, p, jobs=args.jobs)
        above = lo > 1 / p
        ok &= above
        print(f"| {game} | {p} | {n} | {mean:.3f} [{lo:.3f}, {hi:.3f}] | {1 / p:.3f} | {'yes' if above else 'no'} |",
              flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
