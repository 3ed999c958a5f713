"""Catan's development cards (§1.8): buying one, which plays are legal (one per turn, not one
bought this turn; knights before the roll), and each card's effect: Knight (with Largest Army),
Road Building, Year of Plenty, Monopoly."""
from numba import njit
from sim.catan_core.borrow import NO_REFCOUNT
from sim.catan_core.board import (T_A_BUY_DEV, T_A_PLAY_KNIGHT, T_A_PLAY_ROAD_BUILDING, T_A_PLAY_YEAR_OF_PLENTY,
                                  T_A_PLAY_MONOPOLY)
from sim.catan_core.layout import *  # noqa: F401,F403  (state/config offsets)
from sim.catan_core.rules.base import can_afford, pay  # noqa: F401
from sim.catan_core.rules.placement import any_road_ok  # noqa: F401
from sim.catan_core.rules.robber import start_robber  # noqa: F401


@njit(cache=True, inline="always")
def _dev_playable(st, p, t):
    b = S_PLAYERS + p * PS
    return st[b + P_DEV + t] - st[b + P_DEV_NEW + t] >= 1


@njit(cache=True, inline="always")
def _yop_legal(st, cfg, i):
    """Year of Plenty option i: 0..14 pairs (a <= b), 15..19 single a (§2.3, §8.13)."""
    if cfg[C_YOP_CARDS] == 1:
        if i < 15:
            return False
        return st[S_BANK + i - 15] >= 1
    if i < 15:
        a, b = _yop_pair(i)
        if a == b:
            return st[S_BANK + a] >= 2
        return st[S_BANK + a] >= 1 and st[S_BANK + b] >= 1
    a = i - 15
    ba = st[S_BANK + a]
    if ba < 1:
        return False
    if ba < 2:  # the pair (a, a) cannot be supplied
        return True
    for b in range(5):  # a pair (a, b) cannot be supplied
        if b != a and st[S_BANK + b] < 1:
            return True
    return False


@njit(cache=True, inline="always")
def _yop_pair(i):
    """The resources (a, b), a <= b, of Year of Plenty pair option i (0..14)."""
    a = 0
    while i >= 5 - a:
        i -= 5 - a
        a += 1
    return a, a + i


# ---------------------------------------------------------------- legal
@njit(cache=True, inline="always")
def list_buy_dev(st, topo, cfg, p, out, n):
    """BUY_DEV while the deck lasts and p can pay."""
    if st[S_DECK_POS] < st[S_DECK_N] and can_afford(st, cfg, p, C_COST_DEV):
        out[n] = topo[T_A_BUY_DEV]
        n += 1
    return n


@njit(cache=True, inline="always")
def list_card_plays(st, topo, cfg, p, out, n, preroll):
    """Append the legal development-card plays of p (before the roll only knights, unless the
    rules allow every card then)."""
    if st[S_DEV_PLAYED] >= cfg[C_DEV_PLAYS]:
        return n
    if _dev_playable(st, p, DEV_KNIGHT):
        out[n] = topo[T_A_PLAY_KNIGHT]
        n += 1
    if preroll and cfg[C_DEV_PREROLL] == 0:
        return n
    if _dev_playable(st, p, DEV_ROAD_BUILDING) and st[S_PLAYERS + p * PS + P_ROADS_LEFT] > 0:
        if any_road_ok(st, topo, p):
            out[n] = topo[T_A_PLAY_ROAD_BUILDING]
            n += 1
    if _dev_playable(st, p, DEV_YOP):
        first = topo[T_A_PLAY_YEAR_OF_PLENTY]
        for i in range(20):
            if _yop_legal(st, cfg, i):
                out[n] = first + i
                n += 1
    if _dev_playable(st, p, DEV_MONOPOLY):
        first = topo[T_A_PLAY_MONOPOLY]
        for r in range(5):
            out[n] = first + r
            n += 1
    return n


# ---------------------------------------------------------------- apply
@njit(cache=True, inline="always")
def _play(st, b, t):
    """Card t leaves p's hand (player block b) as this turn's play."""
    st[b + P_DEV + t] -= 1
    st[b + P_DEV_PLAYED_N + t] += 1
    st[S_DEV_PLAYED] += 1


@njit(cache=True, inline="always")
def _gain(st, b, r):
    st[S_BANK + r] -= 1
    st[b + P_HAND + r] += 1


@njit(cache=True, **NO_REFCOUNT)
def apply_dev_card(st, topo, cfg, a, ph, p):
    """BUY_DEV or a card play (a in BUY_DEV .. PLAY_MONOPOLY) of p in phase ph."""
    b = S_PLAYERS + p * PS
    if a == topo[T_A_BUY_DEV]:
        pay(st, cfg, p, C_COST_DEV)
        t = st[S_DECK + st[S_DECK_POS]]
        st[S_DECK_POS] += 1
        st[b + P_DEV + t] += 1
        st[b + P_DEV_NEW + t] += 1
        st[b + P_DEV_BOUGHT] += 1
    elif a == topo[T_A_PLAY_KNIGHT]:
        _play(st, b, DEV_KNIGHT)
        st[b + P_KNIGHTS] += 1
        k = st[b + P_KNIGHTS]
        h = st[S_LA_HOLDER]
        if h != p and k >= cfg[C_LA_MIN]:
            if h < 0 or k > st[S_PLAYERS + h * PS + P_KNIGHTS]:
                st[S_LA_HOLDER] = p
        start_robber(st, cfg, ph, 0)
    elif a == topo[T_A_PLAY_ROAD_BUILDING]:
        _play(st, b, DEV_ROAD_BUILDING)
        rb = cfg[C_RB_ROADS]
        if rb > st[b + P_ROADS_LEFT]:
            rb = st[b + P_ROADS_LEFT]
        st[S_RB_LEFT] = rb
        st[S_RET_PHASE] = ph
        st[S_PHASE] = PH_ROAD_BUILDING
    elif a < topo[T_A_PLAY_MONOPOLY]:  # PLAY_YEAR_OF_PLENTY
        i = a - topo[T_A_PLAY_YEAR_OF_PLENTY]
        _play(st, b, DEV_YOP)
        if i < 15:
            x, y = _yop_pair(i)
            _gain(st, b, x)
            _gain(st, b, y)
        else:
            _gain(st, b, i - 15)
    else:  # PLAY_MONOPOLY
        r = a - topo[T_A_PLAY_MONOPOLY]
        _play(st, b, DEV_MONOPOLY)
        for q in range(st[S_P]):
            if q != p:
                o = S_PLAYERS + q * PS + P_HAND + r
                st[b + P_HAND + r] += st[o]
                st[o] = 0
