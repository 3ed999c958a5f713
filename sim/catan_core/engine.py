"""The Catan core on the engine contract (docs/ENGINES.md, sim/contract.py): the functions every
game exposes, with the same names and argument order, as a thin facade over the rules
(sim/catan_core/rules). sim/catan/engine.py and sim/troja/engine.py add what differs between
the two games (`make_ctx`, `RESULTS`, `record`, the default board's `ACTIONS`).

The context `ctx` is the pair (topo, cfg): the board graph (int32, sim/catan_core/board.py) and
the rules as an int64 config vector (each game's params.to_config); the rules take them as two
arguments. `chance` is the game's CHANCE stream (dice, steals, battles, the dev-card deck is
shuffled at set-up from the SETUP stream); players never draw from it.

The functions the playout loop calls per decision are inlined into it (`inline="always"`): as
calls they cost ~8% of a random game (two array arguments exploded into a dozen words each, on
every decision).
"""
import numpy as np
from numba import njit

from sim.catan_core import rules as R
from sim.catan_core.actions import EVENTS, N_ACTIONS                   # noqa: F401  (contract names)
from sim.catan_core.board import actions_of_board
from sim.catan_core.borrow import NO_REFCOUNT
from sim.catan_core.describe import (describe_action, describe_event, describe_turn,   # noqa: F401
                                     describe_end)
from sim.catan_core.hidden import observation                           # noqa: F401
from sim.catan_core.layout import (LAYOUT, STATE_SIZE, PMAX, S_PHASE, S_ACTOR, S_P, PH_OVER,   # noqa: F401
                                   C_GAME, C_P)
from sim.catan_core.results import win_rank

MAX_PLAYERS = PMAX


@njit(cache=True)
def new_game(st, ctx, n_players, seed, game):
    """Overwrite st with game `game` of run `seed` at its first decision (set-up §2.1; the
    player count is the context's)."""
    R.new_game(st, ctx[0], ctx[1], seed, game)


@njit(cache=True, inline="always", **NO_REFCOUNT)
def legal_actions(st, ctx, out):
    """The legal actions of the current decision, ascending, in out[:n]; n = 0 when over."""
    if st[S_PHASE] == PH_OVER:
        return 0
    return R.legal_actions(st, ctx[0], ctx[1], out)


@njit(cache=True, inline="always", **NO_REFCOUNT)
def apply_action(st, ctx, a, chance, out):
    """Apply legal action a of the seat deciding and the automatic steps after it (production,
    battles, the end), list the next decision's legal actions in out; returns their number
    (0: the game is over)."""
    topo = ctx[0]
    cfg = ctx[1]
    R.apply_action(st, topo, cfg, a, chance)
    if st[S_PHASE] == PH_OVER:
        return 0
    return R.legal_actions(st, topo, cfg, out)


@njit(cache=True, inline="always", **NO_REFCOUNT)
def to_move(st, ctx):
    return st[S_ACTOR]


@njit(cache=True, inline="always", **NO_REFCOUNT)
def n_seats(st, ctx):
    """The number of seats of the game in st."""
    return st[S_P]


@njit(cache=True, inline="always", **NO_REFCOUNT)
def is_over(st, ctx):
    return st[S_PHASE] == PH_OVER


@njit(cache=True)
def returns(st, ctx, score, win, rank):
    """Final VP, win shares (ties split) and ranks (1 = best: winners, then VP, troja then
    tokens), troja.md §1.7 and §3.9."""
    win_rank(st, ctx[1], st[S_P], win, rank, score)


@njit(cache=True)
def redeal_hidden(st, ctx, seat, rng):
    """Redeal what `seat` cannot see (rivals' hands and development cards, the deck order; in
    troja the support row and the rivals' allegiances), keeping every public count."""
    R.redeal(st, ctx[0], ctx[1], seat, rng)


@njit(cache=True)
def check_invariants(st, ctx):
    """0 if the state is consistent, else the code of the first violated invariant."""
    return R.check_invariants(st, ctx[0], ctx[1], True)


def actions_of(ctx):
    """The declared action space (sim/catan_core/actions.py) of ctx's game, board and player count."""
    return actions_of_board(ctx[1][C_GAME], ctx[0], ctx[1][C_P])


def dump_state(st, ctx):
    """Every non-zero field of st by name (sim/layout.py)."""
    return LAYOUT.dump(st)
