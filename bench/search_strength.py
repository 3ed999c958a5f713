"""Strength of the search player (sim/search, issue 16): its win share as one seat among other
players (seats rotated, same seeds for every rung), with Wilson 95% intervals, and the share
against its budget (iterations per decision) as a plot.

    nice python bench/search_strength.py                      # every game, field: tuned
    nice python bench/search_strength.py --games catan --field greedy --per-seat 50
    nice python bench/search_strength.py --ladder 12,25,50,100 --plot strength.png

Each line: game, players, field, budget, games, the search seat's share [95% CI], the fair
share (1 / players) and whether the interval's lower bound is above it. `--paired-with NAME` plays
another strategy in the hero's seats on the same seeds and prints the paired difference. The ladder's plot shows
the share per budget with its interval and the fair share as a line.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

HERO = "ismcts"


def seat_shares(game, players, field, per_seat, budget, seed, seat, hero=HERO):
    """The hero's win shares in `per_seat` games with the hero at `seat`, and the CPU seconds."""
    from sim import get_game
    from experiments.lineup import arrays, parse_lineup
    from sim.search.ismcts import SEARCH_WEIGHT_NAMES
    spec = get_game(game)
    names = [field] * players
    names[seat] = hero
    kinds, weights = arrays(spec, parse_lineup(spec, names, players))
    if budget:
        info = spec.strategy(hero)
        weights[seat, info.weight_names.index(SEARCH_WEIGHT_NAMES[0])] = budget
    t = time.process_time()
    r = spec.play_batch(seed + seat, 0, per_seat, players, spec.params.defaults(), kinds, weights)
    return r["win"][:, seat], time.process_time() - t


def share(game, players, field, per_seat, budget=0, seed=1600, jobs=1, hero=HERO):
    """(mean, low, high, n, cpu seconds, per-game shares) of the hero's share, every seat in turn."""
    from joblib import Parallel, delayed
    from statsmodels.stats.proportion import proportion_confint
    out = Parallel(n_jobs=jobs)(delayed(seat_shares)(game, players, field, per_seat, budget, seed, s, hero)
                                for s in range(players))
    w = np.concatenate([o[0] for o in out])
    lo, hi = proportion_confint(w.sum(), len(w), method="wilson")
    return float(w.mean()), float(lo), float(hi), len(w), sum(o[1] for o in out), w


def paired_difference(a, b):
    """Mean of a - b over the same seat-games (same seeds and seats), with its 95% t interval and p
    (scipy's one-sample t test of the differences)."""
    from scipy import stats
    d = np.asarray(a, float) - np.asarray(b, float)
    res = stats.ttest_1samp(d, 0.0)
    ci = res.confidence_interval(0.95)
    return float(d.mean()), float(ci.low), float(ci.high), float(res.pvalue)


def main(argv=None) -> int:
    from sim import game_names, get_game
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default="", help="comma list (default: every game)")
    ap.add_argument("--field", default="tuned", help="the other seats' strategy (tuned, greedy, ...)")
    ap.add_argument("--hero", default=HERO, help="the one seat's strategy (default ismcts)")
    ap.add_argument("--paired-with", default="", help="another hero played in the same seats on the same seeds "
                    "(e.g. greedy): its share and the paired difference hero - it")
    ap.add_argument("--per-seat", type=int, default=25, help="games with the search at each seat")
    ap.add_argument("--ladder", default="", help="budgets (iterations per decision), e.g. 12,25,50,100")
    ap.add_argument("--plot", default="", help="PNG of share against budget (with --ladder)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1600, help="run seed of the first seat (seat s plays seed + s)")
    a = ap.parse_args(argv)
    games = [g for g in a.games.split(",") if g] or game_names()
    budgets = [int(b) for b in a.ladder.split(",") if b] or [0]
    print("| game | players | field | iterations | games | search share [95% CI] | fair | above fair | CPU s |")
    print("|---|---|---|---|---|---|---|---|---|")
    rows = []
    for game in games:
        spec = get_game(game)
        p = spec.default_players
        other = share(game, p, a.field, a.per_seat, 0, seed=a.seed, jobs=a.jobs, hero=a.paired_with) \
            if a.paired_with else None                     # its default budget: the same for every rung
        for b in budgets:
            mean, lo, hi, n, cpu, w = share(game, p, a.field, a.per_seat, b, seed=a.seed, jobs=a.jobs, hero=a.hero)
            label = b or "default"
            print(f"| {game} | {p} | {a.field} | {label} | {n} | {mean:.3f} [{lo:.3f}, {hi:.3f}] | {1 / p:.3f} | "
                  f"{'yes' if lo > 1 / p else 'no'} | {cpu:.0f} |", flush=True)
            rows.append((game, p, b, mean, lo, hi))
            if other is not None:
                m2, lo2, hi2, n2, cpu2, w2 = other
                d, dlo, dhi, dp = paired_difference(w, w2)
                print(f"|   {a.paired_with} in the same seats | {p} | {a.field} | default | {n2} | {m2:.3f} [{lo2:.3f}, "
                      f"{hi2:.3f}] | {1 / p:.3f} | {'yes' if lo2 > 1 / p else 'no'} | {cpu2:.0f} |")
                print(f"|   {a.hero} - {a.paired_with}, paired | | | | {n} | {d:+.3f} [{dlo:+.3f}, {dhi:+.3f}], "
                      f"p = {dp:.2g} | | | |", flush=True)
    if a.plot and len(budgets) > 1:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        fig, ax = plt.subplots(figsize=(7, 4.2))
        for game in games:
            r = [x for x in rows if x[0] == game]
            xs = np.array([x[2] for x in r], float)
            m = np.array([x[3] for x in r])
            ax.errorbar(xs, m, yerr=[m - np.array([x[4] for x in r]), np.array([x[5] for x in r]) - m],
                        marker="o", capsize=3, label=f"{game} ({r[0][1]}p, fair {1 / r[0][1]:.2f})")
            ax.axhline(1 / r[0][1], ls=":", lw=0.8, color=ax.lines[-1].get_color())
        ax.set_xscale("log", base=2)
        ax.set_xlabel("search iterations per decision")
        ax.set_ylabel(f"win share of one search seat vs {a.field} (95% CI)")
        ax.legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(a.plot, dpi=120)
        print(f"plot: {a.plot}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
