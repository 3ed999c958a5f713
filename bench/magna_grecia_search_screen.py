"""Magna Grecia's `ismcts` variants on the same games: speed with every seat searching (games per
CPU-second, the 4-player game of bench/run_all.py: seed 1) and strength as one seat among three
`tuned` (seats rotated, bench/search_strength.py's seeds), with Wilson 95% intervals.

    nice python bench/magna_grecia_search_screen.py --variant "search_iterations=16" \
        --variant "search_iterations=16,search_leaf_step=0" --speed-games 6 --per-seat 50

A variant sets ismcts weights by name (ISMCTS_WEIGHT_NAMES) on top of the line-up's ismcts seat
(the tuned greedy weights and the search block); "" is the default.
"""
import argparse
import time

import numpy as np
from statsmodels.stats.proportion import proportion_confint

from experiments.lineup import arrays, parse_lineup
from sim import get_game

GAME = "magna-grecia"


def parse_variant(text):
    out = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        k, _, v = part.partition("=")
        out[k.strip()] = float(v)
    return out


def seat_weights(spec, names, players, variant):
    kinds, w = arrays(spec, parse_lineup(spec, names, players))
    wn = list(spec.strategy("ismcts").weight_names)
    for s, name in enumerate(names):
        if name == "ismcts":
            for k, v in variant.items():
                w[s, wn.index(k)] = v
    return kinds, w


def speed(spec, variant, games, repeats, players=4):
    """Median games per CPU-second, every seat ismcts (the games run_all plays)."""
    kinds, w = seat_weights(spec, ["ismcts"] * players, players, variant)
    vec = spec.params.defaults()
    spec.play_batch(10_000_019, 0, 2, players, vec, kinds, w, False)       # warm-up
    rates = []
    for _ in range(repeats):
        t = time.process_time()
        spec.play_batch(1, 0, games, players, vec, kinds, w, False)
        rates.append(games / max(time.process_time() - t, 1e-9))
    return float(np.median(rates))


def strength(spec, variant, per_seat, seed, field="tuned", players=4):
    """(share, low, high, games, CPU s) of one ismcts seat among `field`, every seat in turn."""
    wins = []
    t = time.process_time()
    for seat in range(players):
        names = [field] * players
        names[seat] = "ismcts"
        kinds, w = seat_weights(spec, names, players, variant)
        r = spec.play_batch(seed + seat, 0, per_seat, players, spec.params.defaults(), kinds, w)
        wins.append(r["win"][:, seat])
    x = np.concatenate(wins)
    lo, hi = proportion_confint(x.sum(), len(x), method="wilson")
    return float(x.mean()), float(lo), float(hi), len(x), time.process_time() - t


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", action="append", default=None)
    ap.add_argument("--speed-games", type=int, default=6)
    ap.add_argument("--repeats", type=int, default=1)
    ap.add_argument("--per-seat", type=int, default=0, help="strength games per seat (0: none)")
    ap.add_argument("--seed", type=int, default=1600)
    a = ap.parse_args()
    spec = get_game(GAME)
    print("| variant | games/CPU-s (all ismcts) | games | share vs tuned [95% CI] | CPU s |")
    print("|---|---|---|---|---|")
    for text in a.variant or [""]:
        v = parse_variant(text)
        sp = speed(spec, v, a.speed_games, a.repeats) if a.speed_games else float("nan")
        if a.per_seat:
            m, lo, hi, n, cpu = strength(spec, v, a.per_seat, a.seed)
            st = f"{n} | {m:.3f} [{lo:.3f}, {hi:.3f}] | {cpu:.0f}"
        else:
            st = "- | - | -"
        print(f"| {text or 'default'} | {sp:.1f} | {st} |", flush=True)


if __name__ == "__main__":
    main()
