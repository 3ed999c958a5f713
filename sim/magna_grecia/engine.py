"""Magna Grecia on the engine contract (docs/ENGINES.md, "The engine contract"): the functions
every game exposes, with the same names and argument order, as a thin facade over rules/.

The context `ctx` is the float64 parameter vector (params.PARAMS), read by the rules at every
step. The only randomness is the setup (board, colours, round-tile stack, random oracles: the
SETUP stream), so `chance` is never drawn from during play. The hidden information is the order
of the round tiles beyond `visible_tiles` (view.py).
"""
import numpy as np
from numba import njit

from sim.layout import clear_state
from sim.spec import AgonInputError
from .actions import ACTIONS, EVENTS, N_ACTIONS                      # noqa: F401  (contract names)
from .describe import describe_action, describe_event, describe_turn, describe_end   # noqa: F401
from .results import RESULTS, record, final_result                    # noqa: F401
from .rules.decision import legal_actions as _legal, apply_action as _apply
from .rules.invariants import check_invariants as _check, INVARIANTS  # noqa: F401
from .state import LAYOUT, STATE_SIZE, MAXP, S_CUR, S_STAGE, S_NP, ST_OVER, setup  # noqa: F401
from .view import observation, redeal_hidden as _redeal               # noqa: F401

MAX_PLAYERS = MAXP
PLAYER_COUNTS = (2, 3, 4)
# tests/contract: a redeal changes the state at fewer decisions than in a card game, because
# nothing is hidden in the last rounds (no unseen tile once round + visible_tiles reaches 12,
# one possible order when one tile is unseen)
MIN_REDEAL_SHARE = 0.5


def make_ctx(n_players, params):
    """The parameter vector (float64) for n_players; AgonInputError names a bad player count."""
    if n_players not in PLAYER_COUNTS:
        raise AgonInputError(f"magna-grecia is played by 2, 3, 4 players, not {n_players}")
    return np.asarray(params, np.float64)


@njit(cache=True)
def new_game(st, ctx, n_players, seed, game):
    """Overwrite st with game `game` of run `seed` after setup (§2): the oracle stage comes next
    (or play, if the oracles were placed at random)."""
    clear_state(st)
    setup(st, seed, game, n_players, ctx)


@njit(cache=True)
def legal_actions(st, ctx, out):
    """The legal actions of the current decision, ascending, in out[:n]; n = 0 when over."""
    return _legal(st, ctx, out)


@njit(cache=True)
def apply_action(st, ctx, a, chance, out):
    """Apply legal action a of the player to move (its automatic effects: clean-up, oracle
    control, the next seat and round tile), list the next decision's legal actions in out;
    returns their number (0: the game is over)."""
    _apply(st, ctx, a)
    return _legal(st, ctx, out)


@njit(cache=True)
def to_move(st, ctx):
    return st[S_CUR]


@njit(cache=True)
def n_seats(st, ctx):
    """The number of seats of the game in st."""
    return st[S_NP]


@njit(cache=True)
def is_over(st, ctx):
    return st[S_STAGE] == ST_OVER


@njit(cache=True)
def returns(st, ctx, score, win, rank):
    """Final scores, win shares (ties split unless the stock tie-break separates them) and ranks
    (1 = best), §5."""
    n = score.shape[0]
    parts = np.zeros((4, 6), np.int64)
    sc = np.zeros(n, np.int64)
    stock = np.zeros(n, np.int64)
    rk = np.zeros(n, np.int64)
    final_result(st, ctx, parts, sc, stock, rk, win)
    for s in range(n):
        score[s] = sc[s]
        rank[s] = rk[s]


@njit(cache=True)
def redeal_hidden(st, ctx, seat, rng):
    """Redraw the round tiles no seat can see yet (view.py; every seat sees the same)."""
    _redeal(st, ctx, seat, rng)


@njit(cache=True)
def check_invariants(st, ctx):
    """0 if the state is consistent, else the code of the first violated invariant (INVARIANTS)."""
    return _check(st, ctx)


def dump_state(st, ctx):
    """Every field of st that differs from its default, by name (sim/layout.py)."""
    return LAYOUT.dump(st)
