"""Random streams: keyed by (seed, game, stream), uniform, independent of chunking."""
import numpy as np
from scipy import stats

from sim import rng


def draws(seed, game, stream, k, n=6):
    s = rng.new_stream(seed, game, stream)
    return np.array([rng.below(s, n) for _ in range(k)])


def test_same_key_same_stream():
    assert np.array_equal(draws(7, 3, rng.CHANCE, 50), draws(7, 3, rng.CHANCE, 50))


def test_streams_differ_by_seed_game_and_stream():
    base = draws(7, 3, rng.CHANCE, 50)
    assert not np.array_equal(base, draws(8, 3, rng.CHANCE, 50))
    assert not np.array_equal(base, draws(7, 4, rng.CHANCE, 50))
    assert not np.array_equal(base, draws(7, 3, rng.SETUP, 50))


def test_below_is_uniform():
    x = draws(1, 0, 0, 60000, n=6)
    counts = np.bincount(x, minlength=6)
    assert stats.chisquare(counts).pvalue > 0.001
    assert x.min() == 0 and x.max() == 5


def test_uniform_floats_in_unit_interval():
    s = rng.new_stream(2, 0, 0)
    u = np.array([rng.uniform(s) for _ in range(20000)])
    assert u.min() >= 0.0 and u.max() < 1.0
    assert stats.kstest(u, "uniform").pvalue > 0.001


def test_shuffle_is_a_permutation_and_varies():
    s = rng.new_stream(3, 0, 0)
    seen = set()
    for _ in range(50):
        a = np.arange(8)
        rng.shuffle(s, a)
        assert sorted(a) == list(range(8))
        seen.add(tuple(a))
    assert len(seen) > 40


def test_consecutive_games_are_uncorrelated():
    a = np.array([rng.uniform(rng.new_stream(5, g, 1)) for g in range(5000)])
    b = np.array([rng.uniform(rng.new_stream(5, g + 1, 1)) for g in range(5000)])
    assert abs(np.corrcoef(a, b)[0, 1]) < 0.05
