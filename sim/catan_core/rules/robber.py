"""The 7 and the robber (§1.5): who discards and what, where the robber may go and whom it
robs, the steal, the friendly robber. (Troja's corsair is rules/corsair.py.)"""
from numba import njit
from sim.catan_core.borrow import NO_REFCOUNT
from sim.catan_core.board import T_H, T_HEX_NODES, T_A_DISCARD, T_A_MOVE_ROBBER
from sim.catan_core.layout import *  # noqa: F401,F403  (state/config offsets)
from sim.catan_core.rules.base import draw_from_counts, hand_total, list_hand_cards, vp_public  # noqa: F401


@njit(cache=True, inline="always")
def start_robber(st, cfg, ret, cause):
    """Hand the move of the robber (catan) or the corsair (troja) to the active player; `ret`
    is the phase to return to, `cause` 7 for a roll of 7 (0 a knight, 1 a ship)."""
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


@njit(cache=True, **NO_REFCOUNT)
def friendly_blocked(st, topo, cfg, p, h):
    for k in range(6):
        n = topo[T_HEX_NODES + 6 * h + k]
        o = st[S_NODE_OWNER + n]
        if o >= 0 and o != p and vp_public(st, cfg, o) < 3:
            return True
    return False


@njit(cache=True, inline="always")
def list_victims(mask, first, P, optional, out, n):
    """The moves of the robber or corsair to one hex (ids first + v, v = P for nobody): one per
    victim in `mask`; nobody if there is none, or if stealing is `optional`."""
    if mask == 0:
        out[n] = first + P
        return n + 1
    for v in range(P):
        if (mask >> v) & 1:
            out[n] = first + v
            n += 1
    if optional:
        out[n] = first + P
        n += 1
    return n


# ---------------------------------------------------------------- discards
@njit(cache=True, inline="always")
def list_discards(st, topo, p, out, n):
    """One card of any resource p holds (p owes half a hand over the limit)."""
    return list_hand_cards(st, p, topo[T_A_DISCARD], out, n)


@njit(cache=True, inline="always")
def apply_discard(st, topo, cfg, a, p):
    """DISCARD a: one card to the bank; the next seat that owes discards, then the robber."""
    b = S_PLAYERS + p * PS
    r = a - topo[T_A_DISCARD]
    st[b + P_HAND + r] -= 1
    st[S_BANK + r] += 1
    st[b + P_OWE] -= 1
    st[b + P_DISCARDED] += 1
    if st[b + P_OWE] <= 0:
        q = next_discarder(st, p)
        if q >= 0:
            st[S_ACTOR] = q
        else:
            start_robber(st, cfg, PH_MAIN, 7)


# ---------------------------------------------------------------- the robber
@njit(cache=True, inline="always")
def list_robber(st, topo, cfg, p, out, n):
    """Every land hex but the robber's with each possible victim (or nobody where no one can
    be robbed, or stealing is optional); the friendly robber spares hexes of players under 3
    public VP unless that leaves no move."""
    R = topo[T_A_MOVE_ROBBER]
    P = st[S_P]
    cur = st[S_ROBBER]
    H = topo[T_H]
    friendly = cfg[C_FRIENDLY] == 1
    held = others_with_cards(st, p)
    n0 = n
    for pas in range(2):
        for h in range(H):
            if h == cur:
                continue
            if friendly and pas == 0 and friendly_blocked(st, topo, cfg, p, h):
                continue
            n = list_victims(st[S_HEX_OWNERS + h] & held, R + h * (P + 1), P, cfg[C_STEAL_MANDATORY] == 0,
                             out, n)
        if n > n0 or not friendly:
            break
    return n


@njit(cache=True, **NO_REFCOUNT)
def apply_robber(st, topo, cfg, a, p, rng):
    """MOVE_ROBBER a: the robber to its hex, the steal, back to the phase that called it."""
    P = st[S_P]
    i = a - topo[T_A_MOVE_ROBBER]
    h = i // (P + 1)
    v = i % (P + 1)
    st[S_ROBBER] = h
    if v < P:
        steal(st, p, v, rng)
    st[S_PHASE] = st[S_RET_PHASE]
    st[S_ACTOR] = st[S_ACTIVE]
