"""Production on a roll (§1.5) with the bank-shortage rule."""
from numba import njit
from sim.catan_core.borrow import NO_REFCOUNT
from sim.catan_core.board import T_H, T_HEX_NODES
from sim.catan_core.layout import *  # noqa: F401,F403  (state/config offsets)


@njit(cache=True, **NO_REFCOUNT)
def produce(st, topo, cfg, roll):
    """Pay every building on hexes numbered `roll` (§1.5), with the bank-shortage rule.
    Only hexes with a building are visited (S_HEX_OWNERS). What each player is owed is summed
    in the state's scratch block (no allocation), for the resources paid (bits of `owed_r`)."""
    P = st[S_P]
    owed = SC_OWED  # owed[q, r] at owed + 5 q + r
    robber = st[S_ROBBER]
    owed_r = 0
    for h in range(topo[T_H]):
        if st[S_NUMBER + h] == roll and h != robber and st[S_HEX_OWNERS + h] != 0:
            r = st[S_TERRAIN + h]
            if r < 5:
                if (owed_r >> r) & 1 == 0:
                    owed_r |= 1 << r
                    for q in range(P):
                        st[owed + 5 * q + r] = 0
                for k in range(6):
                    n = topo[T_HEX_NODES + 6 * h + k]
                    o = st[S_NODE_OWNER + n]
                    if o >= 0:
                        st[owed + 5 * o + r] += st[S_NODE_LEVEL + n]
    if owed_r == 0:
        return
    for r in range(5):
        if (owed_r >> r) & 1 == 0:
            continue
        D = 0
        cl = 0
        who = -1
        for q in range(P):
            x = st[owed + 5 * q + r]
            if x > 0:
                D += x
                cl += 1
                who = q
        if D == 0:
            continue
        if D <= st[S_BANK + r]:
            for q in range(P):
                st[S_PLAYERS + q * PS + P_HAND + r] += st[owed + 5 * q + r]
            st[S_BANK + r] -= D
        elif cl == 1 and cfg[C_SHORTAGE] == 1:
            st[S_PLAYERS + who * PS + P_HAND + r] += st[S_BANK + r]
            st[S_BANK + r] = 0
