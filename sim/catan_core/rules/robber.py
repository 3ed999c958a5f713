"""The 7, the robber and the corsair (§1.5, troja §3.8): discards, victims, steals, the friendly
robber."""
from numba import njit
from sim.catan_core.borrow import NO_REFCOUNT
from sim.catan_core.board import T_HEX_NODES, T_SEA_NODES
from sim.catan_core.layout import *  # noqa: F401,F403  (state/config offsets)
from sim.catan_core.rules.base import draw_from_counts, hand_total, vp_public  # noqa: F401


@njit(cache=True, inline="always")
def start_robber(st, cfg, ret, cause):
    st[S_RET_PHASE] = ret
    st[S_CAUSE] = cause
    st[S_ACTOR] = st[S_ACTIVE]
    if st[S_GAME] == GAME_CATAN:
        st[S_PHASE] = PH_ROBBER
    else:
        st[S_PHASE] = PH_CORSAIR


@njit(cache=True, inline="always")
def next_discarder(st, from_seat):
    """Next seat after `from_seat` (turn order from the active player) that owes cards, or -1."""
    P = st[S_P]
    a = st[S_ACTIVE]
    d = (from_seat - a) % P
    for j in range(d + 1, P):
        q = (a + j) % P
        if st[S_PLAYERS + q * PS + P_OWE] > 0:
            return q
    return -1


@njit(cache=True, **NO_REFCOUNT)
def steal(st, thief, victim, rng):
    r = draw_from_counts(st, S_PLAYERS + victim * PS + P_HAND, rng)
    st[S_PLAYERS + thief * PS + P_HAND + r] += 1
    st[S_PLAYERS + thief * PS + P_STOLEN] += 1
    st[S_PLAYERS + victim * PS + P_LOST] += 1


@njit(cache=True, inline="always")
def others_with_cards(st, p):
    """Mask of the players other than p who hold a resource card (possible robber victims)."""
    mask = 0
    for q in range(st[S_P]):
        if q != p and hand_total(st, q) > 0:
            mask |= 1 << q
    return mask


@njit(cache=True, inline="always")
def robber_victims(st, topo, p, h):
    """Players the robber on land hex h can steal from (bit q = seat q)."""
    return st[S_HEX_OWNERS + h] & others_with_cards(st, p)


@njit(cache=True, inline="always")
def corsair_victims(st, topo, p, s):
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


@njit(cache=True, **NO_REFCOUNT)
def friendly_blocked(st, topo, cfg, p, h):
    for k in range(6):
        n = topo[T_HEX_NODES + 6 * h + k]
        o = st[S_NODE_OWNER + n]
        if o >= 0 and o != p and vp_public(st, cfg, o) < 3:
            return True
    return False
