"""Markets (spec §4.8) and the market clean-up of §4.7: values, costs, building and selling,
the listing of BUILD_MARKET / SELL_MARKET actions (one pass over the markets; reference twin in
tests/magna_grecia/reference.py).
"""
import numpy as np
from numba import njit

from sim.magna_grecia.board import N
from sim.magna_grecia import params as P
from sim.magna_grecia.state import (
    MK_UNSOLD, MK_NONE, S_NP, S_NEXT_CITY, S_NEXT_MARKET, S_POINTS, S_SUPPLY, M_MARKETS_REMOVED,
    H_KIND, H_ORACLE, H_CITY, C_SIZE, C_MINHEX, K_OWNER, K_HEX, K_STATE,
)
from sim.layout import note
from sim.magna_grecia.actions import A_BUILD, A_SELL, EV_CLEANUP
from .places import canonical_hex, conn, connected_to_own_city, place_key


@njit(cache=True)
def market_place(st, m):
    return place_key(st, st[K_HEX + m])


@njit(cache=True)
def market_active(st, m):
    return connected_to_own_city(st, market_place(st, m), st[K_OWNER + m])


@njit(cache=True)
def market_value(st, params, m):
    if st[K_STATE + m] != MK_UNSOLD:
        return 0
    key = market_place(st, m)
    if not connected_to_own_city(st, key, st[K_OWNER + m]):
        return 0
    return conn(st, key, int(params[P.P_CONNECTIVITY]))


@njit(cache=True)
def unsold_at(st, key):
    cnt = 0
    for m in range(st[S_NEXT_MARKET]):
        if st[K_STATE + m] == MK_UNSOLD and market_place(st, m) == key:
            cnt += 1
    return cnt


@njit(cache=True)
def market_cost(st, params, key):
    if key >= N:
        base = int(params[P.P_MK_CITY_TILE]) * st[C_SIZE + key - N]
    else:
        base = int(params[P.P_MK_VILLAGE])
    return base + int(params[P.P_MK_UNSOLD]) * unsold_at(st, key)


@njit(cache=True)
def own_market_at(st, p, key):
    """Serial of p's market (unsold or sold) at place key, -1 none."""
    for m in range(st[S_NEXT_MARKET]):
        if st[K_STATE + m] != MK_NONE and st[K_OWNER + m] == p and market_place(st, m) == key:
            return m
    return -1


@njit(cache=True)
def add_market(st, p, h):
    m = st[S_NEXT_MARKET]
    st[S_NEXT_MARKET] = m + 1
    st[K_OWNER + m] = p
    st[K_HEX + m] = h
    st[K_STATE + m] = MK_UNSOLD
    st[S_SUPPLY + p] -= 1
    return m


@njit(cache=True)
def cleanup_city(st, c):
    """§4.7: each player keeps one market in city c (oldest unsold, else oldest)."""
    key = N + c
    per_seat = np.zeros(4, dtype=np.int64)
    crowded = False
    for m in range(st[S_NEXT_MARKET]):
        if st[K_STATE + m] != MK_NONE and market_place(st, m) == key:
            per_seat[st[K_OWNER + m]] += 1
            if per_seat[st[K_OWNER + m]] > 1:
                crowded = True
    if not crowded:
        return
    for q in range(st[S_NP]):
        keep = -1
        keep_unsold = False
        n = 0
        for m in range(st[S_NEXT_MARKET]):
            if st[K_STATE + m] != MK_NONE and st[K_OWNER + m] == q and market_place(st, m) == key:
                n += 1
                uns = st[K_STATE + m] == MK_UNSOLD
                if keep < 0 or (uns and not keep_unsold):
                    keep = m
                    keep_unsold = uns
        if n > 1:
            for m in range(st[S_NEXT_MARKET]):
                if (m != keep and st[K_STATE + m] != MK_NONE and st[K_OWNER + m] == q
                        and market_place(st, m) == key):
                    st[K_STATE + m] = MK_NONE
                    st[M_MARKETS_REMOVED + q] += 1
                    note(st, EV_CLEANUP, q, st[K_HEX + m], c)


MINE = 1 << 16      # market_actions: flag "p has a market here" next to the unsold count


@njit(cache=True, inline="always")
def may_sell(params, p):
    """Whether p may sell a market: always, unless the measuring switch `power_sell_market` is off
    for every seat or for p (`switch_seat`: restricted play, the causal check of "sold a market")."""
    if int(params[P.P_POWER_SELL]) == 1:
        return True
    seat = int(params[P.P_SWITCH_SEAT])
    return seat >= 0 and seat != p


@njit(cache=True)
def market_actions(st, params, p, out, n):
    """BUILD_MARKET / SELL_MARKET ids for p; same result as market_actions_reference (tests),
    with one pass over the markets (unsold count and p's markets per place key, in one array)
    instead of one per place, and p's sellable markets sorted straight into `out` (one market
    per player per place) instead of marked on the board and scanned."""
    nm = st[S_NEXT_MARKET]
    need_net = int(params[P.P_MARKET_NETWORK]) == 1
    sell_active = int(params[P.P_SELL_ACTIVE]) == 1
    if st[S_SUPPLY + p] >= 1:
        at = np.zeros(N + st[S_NEXT_CITY], dtype=np.int64)     # unsold markets | MINE
        for m in range(nm):
            ks = st[K_STATE + m]
            if ks != MK_NONE:
                key = market_place(st, m)
                if key < 0:
                    continue
                if ks == MK_UNSOLD:
                    at[key] += 1
                if st[K_OWNER + m] == p:
                    at[key] |= MINE
        mk_city = int(params[P.P_MK_CITY_TILE])
        mk_vil = int(params[P.P_MK_VILLAGE])
        mk_uns = int(params[P.P_MK_UNSOLD])
        pts = st[S_POINTS + p]
        for h in range(N):
            c = st[H_CITY + h]
            if c >= 0:
                if st[C_MINHEX + c] != h:
                    continue
                key = N + c
                base = mk_city * st[C_SIZE + c]
            elif st[H_KIND + h] != 0 and st[H_ORACLE + h] == 0:
                key = h
                base = mk_vil
            else:
                continue
            if at[key] >= MINE:
                continue
            if pts < base + mk_uns * at[key]:
                continue
            if need_net and not connected_to_own_city(st, key, p):
                continue
            out[n] = A_BUILD + h
            n += 1
    n0 = n
    if not may_sell(params, p):
        return n
    for m in range(nm):
        if st[K_OWNER + m] == p and st[K_STATE + m] == MK_UNSOLD:
            if sell_active and not market_active(st, m):
                continue
            a = A_SELL + canonical_hex(st, market_place(st, m))
            j = n
            while j > n0 and out[j - 1] > a:
                j -= 1
            if j > n0 and out[j - 1] == a:
                continue
            for i in range(n, j, -1):
                out[i] = out[i - 1]
            out[j] = a
            n += 1
    return n
