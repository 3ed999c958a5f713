"""A Mare Nostrum creature's power switch, judged on its owner: each creature belongs to one civ, dealt at
random at set-up, so the civ's seat is a subgroup fixed before the switch changes any play, and its win share
with and without the power on the same seeds is the power's causal effect for its owner (paired per game).
`agon compare` gives no holder line for creatures: "built one" is chosen after the runs diverge.

    agon seats mare-nostrum --players 6 --strategies greedy --games 8000 --seed 1 --out /tmp/cc/base
    agon seats mare-nostrum --players 6 --strategies greedy --games 8000 --seed 1 \
        --set power_griffin=false --out /tmp/cc/griffin           # likewise behemoth, centaur, ...
    python bench/mare_nostrum_creature_switch.py /tmp/cc/base /tmp/cc/griffin griffin
"""
import sys

import numpy as np
import pandas as pd
from statsmodels.stats.weightstats import DescrStatsW

from reports.data import iter_chunks
from sim.mare_nostrum.board import CIVS, CREATURES


def owner_effect(run_a, run_b, creature: str, players: int = 6) -> dict:
    c = CREATURES.index(creature)             # CREATURES is in civ order
    cols = ["game", "rotation", "arm"] + [f"win_{k}" for k in range(players)]
    a = pd.concat(list(iter_chunks(run_a, cols + [f"civ_{k}" for k in range(players)])), ignore_index=True)
    b = pd.concat(list(iter_chunks(run_b, cols)), ignore_index=True)
    m = a.merge(b, on=["game", "rotation"], suffixes=("_a", "_b"))
    own = [(m[f"civ_{k}"] == c).to_numpy() for k in range(players)]
    wa = sum(np.where(o, m[f"win_{k}_a"], 0.0) for k, o in enumerate(own))
    wb = sum(np.where(o, m[f"win_{k}_b"], 0.0) for k, o in enumerate(own))
    has = np.any(own, axis=0)
    d = DescrStatsW(100 * (wb - wa)[has])
    lo, hi = d.tconfint_mean()
    return {"civ": CIVS[c], "games": int(has.sum()), "rate_a": float(wa[has].mean()), "rate_b": float(wb[has].mean()),
            "diff": float(d.mean), "low": float(lo), "high": float(hi)}


if __name__ == "__main__":
    r = owner_effect(sys.argv[1], sys.argv[2], sys.argv[3])
    print(f"{sys.argv[3]} off: {r['civ']} won {100 * r['rate_a']:.1f}% -> {100 * r['rate_b']:.1f}% in {r['games']:,} "
          f"paired games, {r['diff']:+.1f} points [{r['low']:+.1f}, {r['high']:+.1f}]")
