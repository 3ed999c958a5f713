"""Seedable random streams for numba code.

Every game `i` of a run with seed `s` draws from independent streams keyed by
`(s, i, stream)`. A stream is a one-element uint64 array holding a SplitMix64
state, so it can live inside jitted loops, be copied for a search player, and
pickle with a batch. Because the key never depends on chunking, the number of
jobs or the backend, results are identical however a run is split, and two rule
variants played on the same seeds share their setups and dice (common random
numbers).

The players' stream is keyed further, by decision: before a seat decides, `at_decision`
points it at the state keyed by (its game's players' stream, the seat, the game's turn, how many
decisions the seat has taken in that turn). So the draws of one decision never shift those of
the next, and a decision more or less (a prompt a switched-off power no longer asks) shifts only
the seat's later draws of that turn: two rule variants that play the same moves keep sharing
the players' draws, and a causal check keeps its pairing.
"""
import numpy as np
from numba import njit

# Stream ids: setup (board, deck order, allegiances), chance (dice, draws),
# players (strategy randomness). Games may add their own ids above these.
SETUP = 0
CHANCE = 1
PLAYERS = 2

MAX_SEATS = 8
PLAYER_SLOTS = 2 + MAX_SEATS    # a players' stream: state, key of the game, turn and decisions of seats 0..7

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
def start_players(s, seed, game_index):
    """Reset a players' stream (uint64[PLAYER_SLOTS]) to the start of game `game_index` of run `seed`."""
    s[1] = stream_state(seed, game_index, PLAYERS)
    s[0] = s[1]
    for q in range(2, PLAYER_SLOTS):
        s[q] = 0


@njit(cache=True)
def players_stream(seed, game_index):
    """A fresh players' stream (uint64[PLAYER_SLOTS]) for game `game_index` of run `seed`."""
    s = np.empty(PLAYER_SLOTS, dtype=np.uint64)
    start_players(s, seed, game_index)
    return s


@njit(cache=True)
def at_decision(s, seat, turn):
    """Point the players' stream at `seat`'s next decision in the game's `turn` (the flow turn,
    sim/flow.py; called before every decision, forced ones too): its draws then depend only on
    (game, seat, turn, decision number in the turn), not on what earlier decisions drew. Only s[0]
    moves as the player draws. s[2 + seat] holds the seat's turn (bits 24-55) and its decisions in
    it (bits 0-23), so a new turn restarts the count without a loop over the seats."""
    t = np.uint64(turn) << np.uint64(24)
    v = s[2 + seat]
    if (v >> np.uint64(24)) << np.uint64(24) != t:
        v = t
    s[2 + seat] = v + np.uint64(1)
    key = (np.uint64(seat) << np.uint64(56)) | v
    s[0] = s[1] ^ (key * _M2)     # one multiply (a random Catan game takes ~700 decisions): every
    #                               draw is mixed by next_u64, and an odd multiplier keeps keys apart


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
