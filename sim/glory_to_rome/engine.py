"""Glory to Rome on the engine contract (docs/ENGINES.md, "The engine contract"): the functions
every game exposes, with the same names and argument order, as a thin facade over rules/.

The context `ctx` is the float64 parameter vector (params.PARAMS): new_game copies it into the
state as ints, so the other functions read everything from the state and ignore ctx. The only
chance event is the setup shuffle (§2.1), so `chance` is never drawn from during play.
"""
import numpy as np
from numba import njit

from sim.spec import AgonInputError
from .actions import ACTIONS, EVENTS, N_ACTIONS                      # noqa: F401  (contract names)
from .describe import describe_action, describe_event, describe_turn, describe_end   # noqa: F401
from .params import P_N_JACKS, P_START_JACKS, P_SITES_PER_MATERIAL, P_RULESET
from .results import RESULTS, record                                  # noqa: F401
from .rules.decision import first_legal, legal_actions as _legal, step
from .rules.invariants import check_invariants as _check
from .rules.scoring import final_result
from .rules.setup import start_game
from .state import LAYOUT, STATE_SIZE, MAX_P, G_OVER, G_TOMOVE, G_LAST, G_N  # noqa: F401
from .view import observation, redeal_hidden as _redeal               # noqa: F401

MAX_PLAYERS = MAX_P
PLAYER_COUNTS = (2, 3, 4, 5)


def make_ctx(n_players, params):
    """The checked parameter vector (float64) for n_players; AgonInputError names a bad value."""
    params = np.asarray(params, np.float64)
    if n_players not in PLAYER_COUNTS:
        raise AgonInputError(f"glory-to-rome is played by 2, 3, 4, 5 players, not {n_players}")
    sj = params[P_START_JACKS]
    if params[P_RULESET] == 1 and sj == 1:      # republic default: no Jack dealt
        sj = 0
    if params[P_N_JACKS] < n_players * sj:
        raise AgonInputError(
            f"n_jacks={int(params[P_N_JACKS])} must be at least n_players*start_jacks="
            f"{int(n_players * sj)}")
    if params[P_SITES_PER_MATERIAL] < n_players:
        raise AgonInputError(
            f"sites_per_material={int(params[P_SITES_PER_MATERIAL])} must be at least n_players={n_players}")
    return params


@njit(cache=True)
def new_game(st, ctx, n_players, seed, game):
    """Overwrite st with game `game` of run `seed` at its first decision presented to a player."""
    start_game(st, seed, game, n_players, ctx)
    buf = np.empty(N_ACTIONS, np.int32)
    first_legal(st, buf)                       # PASS-only decisions are applied silently (§3.2)


@njit(cache=True)
def legal_actions(st, ctx, out):
    """The legal actions of the current decision, ascending, in out[:n]; n = 0 when over."""
    return _legal(st, out)


@njit(cache=True)
def apply_action(st, ctx, a, chance, out):
    """Apply legal action a of the player to move, run the automatic steps (PASS-only decisions
    included) up to the next decision, list its legal actions in out; returns their number (0: the
    game is over)."""
    st[G_LAST] = st[G_TOMOVE]
    return step(st, a, out)


@njit(cache=True)
def to_move(st, ctx):
    return st[G_TOMOVE]


@njit(cache=True)
def n_seats(st, ctx):
    """The number of seats of the game in st."""
    return st[G_N]


@njit(cache=True)
def is_over(st, ctx):
    return st[G_OVER] != 0


@njit(cache=True)
def returns(st, ctx, score, win, rank):
    """Final scores, win shares (ties split, a Forum win first) and ranks (1 = best), §6.2."""
    final_result(st, score, win, rank)


@njit(cache=True)
def redeal_hidden(st, ctx, seat, rng):
    """Redeal what `seat` cannot see (deck, opponents' hands, vault cards hidden from it)."""
    _redeal(st, seat, rng)


@njit(cache=True)
def check_invariants(st, ctx):
    """0 if the state is consistent, else the code of the first violated invariant."""
    return _check(st)


def dump_state(st, ctx):
    """Every non-zero field of st by name (sim/layout.py)."""
    return LAYOUT.dump(st)
