"""Is an option worth using? One seat changes one weight, on the same seeds as without the change
(experiments/weight_effect.py): the changed seat's win share minus without it, per game, t interval.

    nice python bench/weight_effect.py glory-to-rome --weight steal --values 1,2,4,30 --games 5000 --seed 6000
    nice python bench/weight_effect.py glory-to-rome --players 2 --weight steal --values 30 --games 5000

Glory to Rome's `steal` (added to every Prison steal) at 30 steals whenever the Prison allows: the thief loses
0.51 [0.40, 0.61] points of win share at 4 players (20,000 games, 518 moved) and 0.56 [0.34, 0.78] at 2 (10,000
games, 528 moved); at 1-4 it steals now and then and loses 0.01-0.04 points. So the greedy's habit of leaving
the Prison's steal unused (about 1 of 900 completed Prisons) is not a blind spot. About 1 s per 1,000 games (the unchanged line-up is played once, each changed seat once).
"""
import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from experiments.weight_effect import weight_effect  # noqa: E402
from sim.spec import AgonInputError  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game")
    ap.add_argument("--strategy", default="greedy")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--weight", required=True)
    ap.add_argument("--values", required=True, help="comma separated, e.g. 1,2,4,30")
    ap.add_argument("--games", type=int, default=5000, help="seeds per seat (every seat in turn)")
    ap.add_argument("--seed", type=int, default=6000)
    a = ap.parse_args()
    try:
        values = [float(v) for v in a.values.split(",") if v.strip()]
    except ValueError:
        print(f"error: --values must be numbers separated by commas, got {a.values!r}", file=sys.stderr)
        return 2
    for v in values:
        t0 = time.process_time()
        try:
            r = weight_effect(a.game, a.strategy, a.weight, v, a.players, a.seed, a.games)
        except AgonInputError as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
        print(f"{a.game} {r['players']}p, one {a.strategy} seat with {a.weight}={v:g}: {r['points']:+.2f} "
              f"[{r['low']:+.2f}, {r['high']:+.2f}] points of win share, {r['games']:,} games, {r['moved']:,} moved "
              f"({time.process_time() - t0:.0f} CPU s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
