"""Skill ladder with Wilson 95% intervals: greedy > random, the search (ismcts) > greedy (seats rotated)."""
import math

import numpy as np
import pytest

from experiments.lineup import parse_strategy
from sim.glory_to_rome import SPEC


def wilson(k, n, z=1.96):
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h


def share(hero, villain, n, games_per_seat, seed):
    """Win share of one `hero` seat against n-1 `villain` seats, the hero rotating over seats
    (each as the line-up parses it: `ismcts` searches over the tuned greedy's weights)."""
    h, v = parse_strategy(SPEC, hero, n), parse_strategy(SPEC, villain, n)
    wins = 0.0
    for seat in range(n):
        kinds = np.array([v.kind] * n, np.int64)
        kinds[seat] = h.kind
        w = np.array([v.weights] * n, np.float64)
        w[seat] = h.weights
        res = SPEC.play_batch(seed + seat, 0, games_per_seat, n, SPEC.params.defaults(), kinds, w)
        wins += res["win"][:, seat].sum()
    return wins, n * games_per_seat


@pytest.mark.parametrize("n,games", [(2, 200), (4, 250)])
def test_greedy_beats_random(n, games):
    k, total = share("greedy", "random", n, games, 1000)
    lo, hi = wilson(k, total)
    assert lo > 1.0 / n, (k / total, lo, hi)


@pytest.mark.parametrize("persona", ["builder", "merchant", "legionary", "collector"])
def test_personas_beat_random(persona):
    k, total = share(persona, "random", 2, 100, 2000)
    lo, hi = wilson(k, total)
    assert lo > 0.5, (persona, k / total, lo)


def test_search_beats_greedy():
    k, total = share("ismcts", "greedy", 2, 60, 3000)
    lo, hi = wilson(k, total)
    assert lo > 0.5, (k / total, lo, hi)


def test_search_beats_greedy_4p():
    k, total = share("ismcts", "greedy", 4, 30, 3100)
    lo, hi = wilson(k, total)
    assert lo > 0.25, (k / total, lo, hi)
