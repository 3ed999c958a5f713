"""Seedable random streams for numba code.

Every game `i` of a run with seed `s` draws from independent streams keyed by
`(s, i, stream)`. A stream is a one-element uint64 array holding a SplitMix64
state, so it can live inside jitted loops, be copied for a search player, and
pickle with a batch. Because the key never depends on chunking, the number of
jobs or the backend, results are identical however a run is split, and two rule
variants played on the same seeds share their setups and dice (common random
numbers).
"""
import numpy as np
from numba import njit

# Stream ids: setup (board, deck order, allegiances), chance (dice, draws),
# players (strategy randomness). Games may add their own ids above these.
SETUP = 0
CHANCE = 1
PLAYERS = 2

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)


@njit(cache=True)
def _mix(z):
    z = (z ^ (z >> np.uint64(30))) * _M1
    z = (z ^ (z >> np.uint64(27))) * _M2
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def stream_state(seed, game_index, stream):
    """Initial SplitMix64 state of stream `stream` of game `game_index` in run `seed`."""
    z = _mix(np.uint64(seed) + _GOLDEN)
    z = _mix(z ^ (np.uint64(game_index) * _M1 + _GOLDEN))
    z = _mix(z ^ (np.uint64(stream) * _M2 + _GOLDEN))
    return z


@njit(cache=True)
def new_stream(seed, game_index, stream):
    """A fresh stream (uint64[1]) for (seed, game, stream)."""
    s = np.empty(1, dtype=np.uint64)
    s[0] = stream_state(seed, game_index, stream)
    return s


@njit(cache=True)
def next_u64(s):
    """Next 64 random bits; advances the stream in place."""
    s[0] += _GOLDEN
    return _mix(s[0])


@njit(cache=True)
def below(s, n):
    """Uniform integer in [0, n) (n >= 1), by Lemire's multiply-shift (bias < 2**-32)."""
    x = next_u64(s) >> np.uint64(32)
    return np.int64((x * np.uint64(n)) >> np.uint64(32))


@njit(cache=True)
def uniform(s):
    """Uniform float in [0, 1) with 53 random bits."""
    return np.float64(next_u64(s) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@njit(cache=True)
def shuffle(s, a):
    """Fisher-Yates shuffle of a 1-d array in place."""
    for i in range(a.shape[0] - 1, 0, -1):
        j = below(s, i + 1)
        t = a[i]
        a[i] = a[j]
        a[j] = t


@njit(cache=True)
def roll_d6(s):
    """One six-sided die, 1..6."""
    return below(s, 6) + 1
