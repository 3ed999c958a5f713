"""Mare Nostrum on the engine contract (docs/ENGINES.md, sim/contract.py): the functions every game
exposes, with the same names and argument order, as a thin facade over rules.

The context `ctx` is the float64 parameter vector (params.PARAMS order) followed by its CRC-32
(`params_hash`, a result column); the rules read the parameters from it. `chance` is the game's
CHANCE stream (dice, random role ties); players never draw from it.

Round 1's role determination may break a tie with the CHANCE stream before the first decision, so
`new_game` runs the automatic steps up to that decision with its own copy of the stream and keeps
the stream's state in st (H_CHANCE); the first `apply_action` continues the caller's stream from
there. A game thus draws one sequence of dice, whoever plays it.
"""
import zlib

import numpy as np
from numba import njit

from sim.rng import new_stream, SETUP, CHANCE
from sim.spec import AgonInputError
from .actions import ACTIONS, EVENTS, N_ACTIONS                      # noqa: F401  (contract names)
from .describe import describe_action, describe_event, describe_turn, describe_end   # noqa: F401
from .hidden import observation, redeal_hidden                       # noqa: F401
from .params import PARAMS, P_MYTH
from .results import RESULTS, record                                  # noqa: F401
from . import rules as R
from .state import LAYOUT, STATE_SIZE, H_OVER, H_DECIDER, H_CHANCE_PENDING, H_CHANCE, H_NP   # noqa: F401

MAX_PLAYERS = 6
PLAYER_COUNTS = (3, 4, 5, 6)
# after the Build phase hands keep at most tax_keep tax cards, so in most Strategy-phase decisions
# the opponents hold nothing a redeal could change (tests/contract: the no-peek tests' power)
MIN_REDEAL_SHARE = 0.4
GAMES_WITHOUT_WINNER = True     # the round cap (max_rounds) ends a game unfinished: no win shares (§7)
_MASK22 = np.uint64((1 << 22) - 1)


def params_hash(params):
    """CRC-32 of the parameter vector: tells which rule variant a stored game was played with."""
    return zlib.crc32(np.ascontiguousarray(params, np.float64).tobytes())


def make_ctx(n_players, params):
    """The checked parameter vector with its CRC-32 appended; AgonInputError names a bad value."""
    params = np.asarray(params, np.float64)
    if n_players not in PLAYER_COUNTS:
        raise AgonInputError(f"mare-nostrum is played by 3, 4, 5, 6 players, not {n_players}")
    if params[P_MYTH] == 0 and n_players > 5:
        raise AgonInputError("the base game (myth=0) is played by 3, 4, 5 players")
    if len(params) != len(PARAMS):
        raise AgonInputError(f"mare-nostrum takes {len(PARAMS)} parameters, not {len(params)}")
    return np.append(params, float(params_hash(params)))


@njit(cache=True)
def new_game(st, ctx, n_players, seed, game):
    """Overwrite st with game `game` of run `seed` at its first decision (set-up §4.1, then the
    automatic steps of the round machine)."""
    R.start_game(st, n_players, ctx, new_stream(seed, game, SETUP))
    chance = new_stream(seed, game, CHANCE)
    R.advance(st, ctx, chance)
    x = chance[0]
    for i in range(3):
        st[H_CHANCE + i] = np.int64((x >> np.uint64(22 * i)) & _MASK22)
    st[H_CHANCE_PENDING] = 1


@njit(cache=True)
def legal_actions(st, ctx, out):
    """The legal actions of the current decision in out[:n]; n = 0 when the game is over."""
    if st[H_OVER] != 0:
        return 0
    return R.legal_actions(st, ctx, out)


@njit(cache=True)
def apply_action(st, ctx, a, chance, out):
    """Apply legal action a of the seat deciding, run the automatic steps up to the next decision,
    list its legal actions in out; returns their number (0: the game is over)."""
    if st[H_CHANCE_PENDING] != 0:
        x = np.uint64(0)
        for i in range(3):
            x |= np.uint64(st[H_CHANCE + i]) << np.uint64(22 * i)
        chance[0] = x
        st[H_CHANCE_PENDING] = 0
    R.apply_action(st, ctx, a, chance)
    if st[H_OVER] != 0:
        return 0
    return R.legal_actions(st, ctx, out)


@njit(cache=True)
def to_move(st, ctx):
    return st[H_DECIDER]


@njit(cache=True)
def n_seats(st, ctx):
    """The number of seats of the game in st."""
    return st[H_NP]


@njit(cache=True)
def is_over(st, ctx):
    return st[H_OVER] != 0


@njit(cache=True)
def returns(st, ctx, score, win, rank):
    """Final scores (100 x heroes/wonders + provinces, a ranking key), win shares and ranks (§7)."""
    rk = np.zeros(rank.shape[0])
    R.final_scores(st, ctx, score, win, rk)
    for i in range(rank.shape[0]):
        rank[i] = int(rk[i])


@njit(cache=True)
def check_invariants(st, ctx):
    """0 if the state is consistent, else the code of the first violated invariant (1-17)."""
    return R.check_invariants(st, ctx)


def dump_state(st, ctx):
    """Every non-zero field of st by name (sim/layout.py)."""
    return LAYOUT.dump(st)
