"""Roads, settlements and cities (§1.3, §2.1): which a player may build (bought, free with Road
Building, or in the set-up snake) and what placing one changes (the legal-placement sets, harbor
rates, Longest Road)."""
import numpy as np
from numba import njit
from sim.catan_core.borrow import NO_REFCOUNT
from sim.catan_core.board import (T_N, T_NODE_HEX, T_NODE_NB, T_NODE_NBE, T_EDGE_NODES, T_A_ROAD, T_A_SETTLEMENT,
                                  T_A_CITY)
from sim.catan_core.layout import *  # noqa: F401,F403  (state/config offsets)
from sim.catan_core.rules.base import DEBRUIJN, bit_set, bits_out, can_afford, pay  # noqa: F401
from sim.catan_core.rules.placement import any_road_ok, node_distance_ok, road_ok, settle_ok  # noqa: F401
from sim.catan_core.rules.longest_road import longest_road_after_road, update_longest_road  # noqa: F401
from sim.catan_core.rules.trade import update_rates  # noqa: F401
from sim.catan_core.rules.turn import begin_turn  # noqa: F401


# ---------------------------------------------------------------- legal
@njit(cache=True, inline="always")
def list_builds(st, topo, cfg, p, out, n):
    """Roads, settlements and cities p can pay for."""
    b = S_PLAYERS + p * PS
    if st[b + P_ROADS_LEFT] > 0 and can_afford(st, cfg, p, C_COST_ROAD):
        n = bits_out(st, S_ROAD_OK + p * RW, RW, topo[T_A_ROAD], out, n)
    if st[b + P_SETTLES_LEFT] > 0 and can_afford(st, cfg, p, C_COST_SETTLE):
        n = bits_out(st, S_SETTLE_OK + p * SW, SW, topo[T_A_SETTLEMENT], out, n)
    if st[b + P_CITIES_LEFT] > 0 and can_afford(st, cfg, p, C_COST_CITY):
        o = S_OWN_NODES + p * SW  # p's buildings in node order; settlements are upgradable
        first = topo[T_A_CITY]
        for wi in range(SW):
            x = np.int64(st[o + wi])
            while x != 0:
                low = x & -x
                v = wi * 31 + DEBRUIJN[((low * 0x077CB531) & 0xFFFFFFFF) >> 27]
                x ^= low
                if st[S_NODE_LEVEL + v] == 1:
                    out[n] = first + v
                    n += 1
    return n


@njit(cache=True, inline="always")
def list_free_roads(st, topo, p, out, n):
    """Road Building: every road p may place, free."""
    return bits_out(st, S_ROAD_OK + p * RW, RW, topo[T_A_ROAD], out, n)


@njit(cache=True, inline="always")
def list_setup_settlements(st, topo, out, n):
    """The set-up snake's settlement: any node the distance rule allows (§2.1)."""
    first = topo[T_A_SETTLEMENT]
    for v in range(topo[T_N]):
        if node_distance_ok(st, topo, v):
            out[n] = first + v
            n += 1
    return n


@njit(cache=True, inline="always")
def list_setup_roads(st, topo, out, n):
    """The set-up snake's road: a free edge at the settlement just placed (§2.1)."""
    v = st[S_LAST_NODE]
    for k in range(3):
        e = topo[T_NODE_NBE + 3 * v + k]
        if e >= 0 and st[S_EDGE_OWNER + e] < 0:
            out[n] = topo[T_A_ROAD] + e
            n += 1
    return n


# ---------------------------------------------------------------- apply
@njit(cache=True, **NO_REFCOUNT)
def place_road(st, topo, cfg, p, e):
    st[S_EDGE_OWNER + e] = p
    P = st[S_P]
    for q in range(P):
        bit_set(st, S_ROAD_OK + q * RW, e, False)
    for j in range(2):
        x = topo[T_EDGE_NODES + 2 * e + j]
        for k in range(3):
            e2 = topo[T_NODE_NBE + 3 * x + k]
            if e2 >= 0:
                bit_set(st, S_ROAD_OK + p * RW, e2, road_ok(st, topo, p, e2))
        bit_set(st, S_SETTLE_OK + p * SW, x, settle_ok(st, topo, p, x))
    b = S_PLAYERS + p * PS
    st[b + P_ROADS_LEFT] -= 1
    st[b + P_ROADS_BUILT] += 1
    longest_road_after_road(st, topo, cfg, p, e)


@njit(cache=True, **NO_REFCOUNT)
def place_settlement(st, topo, cfg, p, v):
    st[S_NODE_OWNER + v] = p
    st[S_NODE_LEVEL + v] = 1
    bit_set(st, S_OWN_NODES + p * SW, v, True)
    for k in range(3):
        h = topo[T_NODE_HEX + 3 * v + k]
        if h >= 0:
            st[S_HEX_OWNERS + h] |= 1 << p
    P = st[S_P]
    for q in range(P):
        bit_set(st, S_SETTLE_OK + q * SW, v, False)
        for k in range(3):
            m = topo[T_NODE_NB + 3 * v + k]
            if m >= 0:
                bit_set(st, S_SETTLE_OK + q * SW, m, False)
            e = topo[T_NODE_NBE + 3 * v + k]
            if e >= 0:
                bit_set(st, S_ROAD_OK + q * RW, e, road_ok(st, topo, q, e))
    b = S_PLAYERS + p * PS
    st[b + P_SETTLES_LEFT] -= 1
    st[b + P_SETTLES_BUILT] += 1
    if cfg[C_USE_HARBORS] == 1:
        update_rates(st, topo, cfg, p)
    # a settlement can only break roads running through v: recount just their owners (the
    # other players' stored lengths are exact and unchanged)
    broke = 0
    for k in range(3):
        e = topo[T_NODE_NBE + 3 * v + k]
        if e >= 0:
            o = st[S_EDGE_OWNER + e]
            if o >= 0 and o != p:
                broke |= 1 << o
    if broke != 0:
        update_longest_road(st, topo, cfg, broke)


@njit(cache=True, inline="always")
def apply_build(st, topo, cfg, a, ph, p):
    """Place the ROAD, SETTLEMENT or CITY `a` of p (paid, free, or in the set-up snake); True if
    the win check follows (not in the set-up snake)."""
    b = S_PLAYERS + p * PS
    P = st[S_P]
    if a < topo[T_A_SETTLEMENT]:  # road
        e = a - topo[T_A_ROAD]
        if ph == PH_SETUP_ROAD:
            place_road(st, topo, cfg, p, e)
            st[S_SETUP_STEP] += 1
            k = st[S_SETUP_STEP]
            if k >= 2 * P:
                begin_turn(st, cfg, 0)
            else:
                st[S_ACTOR] = k if k < P else 2 * P - 1 - k
                st[S_ACTIVE] = st[S_ACTOR]
                st[S_PHASE] = PH_SETUP_SETTLEMENT
            return False
        if ph == PH_ROAD_BUILDING:
            place_road(st, topo, cfg, p, e)
            st[S_RB_LEFT] -= 1
            if st[S_RB_LEFT] <= 0 or st[b + P_ROADS_LEFT] <= 0 or not any_road_ok(st, topo, p):
                st[S_PHASE] = st[S_RET_PHASE]
        else:
            pay(st, cfg, p, C_COST_ROAD)
            place_road(st, topo, cfg, p, e)
    elif a < topo[T_A_CITY]:  # settlement
        v = a - topo[T_A_SETTLEMENT]
        if ph == PH_SETUP_SETTLEMENT:
            place_settlement(st, topo, cfg, p, v)
            st[S_SETUP_NODES + 2 * p + (1 if st[S_SETUP_STEP] >= P else 0)] = v
            if st[S_SETUP_STEP] >= P and cfg[C_SETUP_INCOME] == 1:
                for k in range(3):
                    h = topo[T_NODE_HEX + 3 * v + k]
                    if h >= 0:
                        r = st[S_TERRAIN + h]
                        if r < 5 and st[S_BANK + r] > 0:
                            st[S_BANK + r] -= 1
                            st[b + P_HAND + r] += 1
            st[S_LAST_NODE] = v
            st[S_PHASE] = PH_SETUP_ROAD
            return False
        pay(st, cfg, p, C_COST_SETTLE)
        place_settlement(st, topo, cfg, p, v)
    else:  # city
        v = a - topo[T_A_CITY]
        pay(st, cfg, p, C_COST_CITY)
        st[S_NODE_LEVEL + v] = 2
        st[b + P_SETTLES_LEFT] += 1
        st[b + P_CITIES_LEFT] -= 1
        st[b + P_CITIES_BUILT] += 1
    return True
