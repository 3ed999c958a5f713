"""Shared tournament helper: one hero strategy in a field of another, seats rotated,
win share with a Wilson 95% interval."""
import math

import numpy as np


def wilson(successes, n, z=1.96):
    p = successes / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def _seat_share(spec_name, hero, field, games_per_seat, players, seed, seat):
    from sim import get_game
    spec = get_game(spec_name)
    from experiments.lineup import arrays, parse_lineup
    names = [field] * players
    names[seat] = hero
    # each seat as a line-up parses it: its strategy's default weights, but `ismcts` searches over
    # the tuned greedy's weights (strategies/weights/)
    kinds, weights = arrays(spec, parse_lineup(spec, names, players))
    r = spec.play_batch(seed + seat, 0, games_per_seat, players, spec.params.defaults(), kinds, weights)
    return r["win"][:, seat]


def hero_share(spec, hero, field, games_per_seat, players, seed=900, jobs=1):
    """(mean, Wilson low, high, n) of the hero's win share; `jobs` processes play the seats
    (the same games whatever `jobs` is)."""
    args = (spec.name, hero, field, games_per_seat, players, seed)
    if jobs > 1:
        from joblib import Parallel, delayed
        shares = Parallel(n_jobs=jobs)(delayed(_seat_share)(*args, seat) for seat in range(players))
    else:
        shares = [_seat_share(*args, seat) for seat in range(players)]
    w = np.concatenate(shares)
    lo, hi = wilson(w.sum(), len(w))
    return w.mean(), lo, hi, len(w)
