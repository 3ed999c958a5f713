"""Consistency checks of a state (the fuzz tests and the harness run them)."""
import numpy as np
from numba import njit
from sim.catan_core.board import T_H, T_N, T_E, T_S, T_HEX_NODES, T_NODE_NB
from sim.catan_core.layout import *  # noqa: F401,F403  (state/config offsets)
from sim.catan_core.rules.base import bit_get, vp  # noqa: F401
from sim.catan_core.rules.placement import road_ok, settle_ok  # noqa: F401
from sim.catan_core.rules.longest_road import longest_road_of  # noqa: F401


@njit(cache=True)
def check_invariants(st, topo, cfg, full=True):
    """0 if the state is consistent, else a positive error code (see `_check`). The checks
    re-derive road lengths in the state's scratch block; it is restored, so checking never
    changes a state (the harness compares states after checks)."""
    saved = st[S_SCRATCH:S_SCRATCH + SCRATCH_N].copy()
    code = _check(st, topo, cfg, full)
    st[S_SCRATCH:S_SCRATCH + SCRATCH_N] = saved
    return code


@njit(cache=True)
def _check(st, topo, cfg, full=True):
    """0 if the state is consistent, else a positive error code. `full` also re-derives the
    incremental legal-placement caches, the building indexes, the road lengths and the
    distance rule (slower)."""
    P = st[S_P]
    N = topo[T_N]
    E = topo[T_E]
    for r in range(5):
        tot = st[S_BANK + r] + st[S_ROW + r] + st[S_REMOVED + r]
        if st[S_BANK + r] < 0 or st[S_ROW + r] < 0:
            return 1
        for q in range(P):
            h = st[S_PLAYERS + q * PS + P_HAND + r]
            if h < 0:
                return 2
            tot += h
        if tot != cfg[C_BANK]:
            return 3
    roads = np.zeros(6, dtype=np.int64)
    ns = np.zeros(6, dtype=np.int64)
    nc = np.zeros(6, dtype=np.int64)
    ships = np.zeros(6, dtype=np.int64)
    for e in range(E):
        o = st[S_EDGE_OWNER + e]
        if o >= 0:
            roads[o] += 1
    for v in range(N):
        o = st[S_NODE_OWNER + v]
        if o >= 0:
            if st[S_NODE_LEVEL + v] == 1:
                ns[o] += 1
            elif st[S_NODE_LEVEL + v] == 2:
                nc[o] += 1
            else:
                return 5
    for s in range(topo[T_S]):
        o = st[S_SHIP_OWNER + s]
        if o >= 0:
            ships[o] += 1
    for q in range(P):
        b = S_PLAYERS + q * PS
        if roads[q] + st[b + P_ROADS_LEFT] != cfg[C_MAX_ROADS] or st[b + P_ROADS_LEFT] < 0:
            return 4
        if ns[q] + st[b + P_SETTLES_LEFT] != cfg[C_MAX_SETTLES] or st[b + P_SETTLES_LEFT] < 0:
            return 6
        if nc[q] + st[b + P_CITIES_LEFT] != cfg[C_MAX_CITIES] or st[b + P_CITIES_LEFT] < 0:
            return 7
        if st[b + P_TOKENS] < 0:
            return 8
        if st[b + P_TOKENS] != st[b + P_TOK_EARNED] - st[b + P_TOK_SPENT]:
            return 9
        if ships[q] != st[b + P_SHIPS] or ships[q] > cfg[C_SHIPS_PER_PLAYER]:
            return 10
        if vp(st, cfg, q) < 0:
            return 11
        for t in range(5):
            if st[b + P_DEV + t] < 0 or st[b + P_DEV_NEW + t] > st[b + P_DEV + t]:
                return 12
    if full:
        for q in range(P):
            for e in range(E):
                if bit_get(st, S_ROAD_OK + q * RW, e) != (1 if road_ok(st, topo, q, e) else 0):
                    return 18
            for v in range(N):
                if bit_get(st, S_SETTLE_OK + q * SW, v) != (1 if settle_ok(st, topo, q, v) else 0):
                    return 19
        for v in range(N):
            if st[S_NODE_OWNER + v] >= 0:
                for k in range(3):
                    m = topo[T_NODE_NB + 3 * v + k]
                    if m >= 0 and st[S_NODE_OWNER + m] >= 0:
                        return 13  # distance rule
        for q in range(P):
            if st[S_PLAYERS + q * PS + P_ROAD_LEN] != longest_road_of(st, topo, q):
                return 20
            for v in range(N):
                if bit_get(st, S_OWN_NODES + q * SW, v) != (1 if st[S_NODE_OWNER + v] == q else 0):
                    return 21
        for h in range(topo[T_H]):
            mask = 0
            for k in range(6):
                o = st[S_NODE_OWNER + topo[T_HEX_NODES + 6 * h + k]]
                if o >= 0:
                    mask |= 1 << o
            if st[S_HEX_OWNERS + h] != mask:
                return 22
    if st[S_GAME] == GAME_CATAN:
        for t in range(5):
            tot = 0
            for q in range(P):
                tot += st[S_PLAYERS + q * PS + P_DEV + t] + st[S_PLAYERS + q * PS + P_DEV_PLAYED_N + t]
            for i in range(st[S_DECK_POS], st[S_DECK_N]):
                if st[S_DECK + i] == t:
                    tot += 1
            if tot != cfg[C_DEV_COUNTS + t]:
                return 14
    else:
        tiles = 0
        for r in range(5):
            if st[S_TILES + r] < 0:
                return 15
            tiles += st[S_TILES + r]
        for s in range(topo[T_S]):
            if st[S_SHIP_TILE + s] >= 0:
                tiles += 1
        if tiles != 5 * cfg[C_TILES_PER_RES]:
            return 16
        if st[S_TRACK] > cfg[C_TRACK_END] or st[S_TRACK + 1] > cfg[C_TRACK_END]:
            return 17
    return 0
