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


def hero_share(spec, hero, field, games_per_seat, players, seed=900):
    vec = spec.params.defaults()
    shares = []
    for seat in range(players):
        kinds = np.full(players, spec.strategy(field).kind, dtype=np.int64)
        kinds[seat] = spec.strategy(hero).kind
        r = spec.play_batch(seed + seat, 0, games_per_seat, players, vec, kinds)
        shares.append(r["win"][:, seat])
    w = np.concatenate(shares)
    lo, hi = wilson(w.sum(), len(w))
    return w.mean(), lo, hi, len(w)
