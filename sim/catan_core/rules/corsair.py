"""Troja's corsair (troja.md §3.8): where it may sail and whom it robs, the move, the ship
benefit it blocks."""
from numba import njit
from sim.catan_core.borrow import NO_REFCOUNT
from sim.catan_core.board import T_S, T_SEA_NODES, T_A_MOVE_CORSAIR
from sim.catan_core.layout import *  # noqa: F401,F403  (state/config offsets)
from sim.catan_core.rules.base import hand_total, ship_benefit_at  # noqa: F401
from sim.catan_core.rules.robber import list_victims, steal  # noqa: F401
from sim.catan_core.rules.trade import update_all_rates  # noqa: F401


@njit(cache=True, inline="always")
def corsair_victims(st, topo, p, s):
    """Players the corsair on sea hex s can rob (bit q = seat q): the ship's owner and the
    owners of buildings on its corners, if they hold a card."""
    mask = 0
    o = st[S_SHIP_OWNER + s]
    if o >= 0 and o != p and hand_total(st, o) > 0:
        mask |= 1 << o
    for k in range(3):
        n = topo[T_SEA_NODES + 3 * s + k]
        if n >= 0:
            o = st[S_NODE_OWNER + n]
            if o >= 0 and o != p and hand_total(st, o) > 0:
                mask |= 1 << o
    return mask


@njit(cache=True, inline="always")
def list_corsair(st, topo, cfg, p, out, n):
    """Every sea hex (the corsair's own only after a 7 where it need not move) with each
    possible victim, or nobody where no one can be robbed or stealing is optional."""
    S = topo[T_S]
    P = st[S_P]
    Cb = topo[T_A_MOVE_CORSAIR]
    cur = st[S_CORSAIR]
    stay = st[S_CAUSE] == 7 and cfg[C_CORSAIR_MUST_MOVE_7] == 0
    for s in range(S):
        if s == cur and not stay:
            continue
        n = list_victims(corsair_victims(st, topo, p, s), Cb + s * (P + 1), P, cfg[C_CORSAIR_STEAL_OPT] == 1,
                         out, n)
    return n


@njit(cache=True, **NO_REFCOUNT)
def apply_corsair(st, topo, cfg, a, p, rng):
    """MOVE_CORSAIR a: the corsair to its sea hex (blocking that ship's benefit), the steal,
    everyone's rates again, back to the phase that called it."""
    P = st[S_P]
    i = a - topo[T_A_MOVE_CORSAIR]
    s = i // (P + 1)
    v = i % (P + 1)
    st[S_CORSAIR] = s
    o = st[S_SHIP_OWNER + s]
    if o >= 0 and ship_benefit_at(st, cfg, s) != BEN_VP:
        st[S_PLAYERS + o * PS + P_CORSAIR_BLOCKED] += 1
    if v < P:
        steal(st, p, v, rng)
    update_all_rates(st, topo, cfg)
    st[S_PHASE] = st[S_RET_PHASE]
