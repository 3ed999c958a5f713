"""What the playout loop (sim/loop.py) of `catan` and `troja` binds beyond each game's engine: its
context is two arrays (board topology, rules config), borrowed one by one, and its invariant check in
the loop is the cheap one after every action and the full one every 32 actions and at the end."""
from numba import njit

from sim.catan_core.borrow import borrowed
from sim.catan_core.layout import S_ACTIONS, S_PHASE, PH_OVER
from sim.catan_core import rules as R


@njit(cache=True)
def borrow_pair(ctx):
    """(topo, cfg) as views without reference counts (sim/catan_core/borrow.py)."""
    return (borrowed(ctx[0]), borrowed(ctx[1]))


@njit(cache=True)
def check_sampled(st, ctx):
    """The invariants: the cheap ones always, all of them every 32 actions and when the game is over."""
    return R.check_invariants(st, ctx[0], ctx[1], (st[S_ACTIONS] & 31) == 0 or st[S_PHASE] == PH_OVER)
