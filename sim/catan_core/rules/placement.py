"""Where a piece may go (§1.3, §3.7): the distance rule, road and ship connection, the incremental
legal-placement sets."""
from numba import njit
from sim.catan_core.board import T_NODE_NB, T_NODE_NBE, T_EDGE_NODES, T_SEA_NODES, T_SEA_ADJ, T_SEA_SYMBOL
from sim.catan_core.layout import *  # noqa: F401,F403  (state/config offsets)
from sim.catan_core.rules.base import can_afford  # noqa: F401


@njit(cache=True, inline="always")
def node_distance_ok(st, topo, n):
    if st[S_NODE_OWNER + n] >= 0:
        return False
    for k in range(3):
        m = topo[T_NODE_NB + 3 * n + k]
        if m >= 0 and st[S_NODE_OWNER + m] >= 0:
            return False
    return True


@njit(cache=True, inline="always")
def has_own_edge_at(st, topo, p, n):
    for k in range(3):
        e = topo[T_NODE_NBE + 3 * n + k]
        if e >= 0 and st[S_EDGE_OWNER + e] == p:
            return True
    return False


@njit(cache=True, inline="always")
def settle_ok(st, topo, p, n):
    return node_distance_ok(st, topo, n) and has_own_edge_at(st, topo, p, n)


@njit(cache=True, inline="always")
def road_ok(st, topo, p, e):
    if st[S_EDGE_OWNER + e] >= 0:
        return False
    for j in range(2):
        n = topo[T_EDGE_NODES + 2 * e + j]
        o = st[S_NODE_OWNER + n]
        if o == p:
            return True
        if o < 0:
            for k in range(3):
                e2 = topo[T_NODE_NBE + 3 * n + k]
                if e2 >= 0 and e2 != e and st[S_EDGE_OWNER + e2] == p:
                    return True
    return False


@njit(cache=True, inline="always")
def any_road_ok(st, topo, p):
    o = S_ROAD_OK + p * RW
    for k in range(RW):
        if st[o + k] != 0:
            return True
    return False


@njit(cache=True, inline="always")
def ship_ok(st, topo, p, s):
    if st[S_SHIP_OWNER + s] >= 0 or topo[T_SEA_SYMBOL + s] != 1:
        return False
    for k in range(3):
        n = topo[T_SEA_NODES + 3 * s + k]
        if n >= 0 and st[S_NODE_OWNER + n] == p:
            return True
    for k in range(6):
        a = topo[T_SEA_ADJ + 6 * s + k]
        if a >= 0 and st[S_SHIP_OWNER + a] == p:
            return True
    return False


@njit(cache=True, inline="always")
def can_build_ship(st, cfg, p):
    b = S_PLAYERS + p * PS
    k = st[b + P_SHIPS]
    if k >= cfg[C_SHIPS_PER_PLAYER]:
        return False
    if st[b + P_TOKENS] < cfg[C_SHIP_TOKEN_COST + k]:
        return False
    return can_afford(st, cfg, p, C_COST_SHIP)
