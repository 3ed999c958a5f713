"""Reference twins of the Magna Grecia fast paths, for the cross-check tests.

The original, unoptimised listings and apply (moved here from sim/magna_grecia/rules.py, which
the engine no longer needs): legal_actions_reference with road_actions_reference,
city_actions_reference (hex-rule mask, goal distances without obstacles, one completability
search per hex) and market_actions_reference (per-place market scans), and
apply_action_reference (every oracle re-checked after a tile). test_fast_paths.py compares
them with the engine's functions at every decision of many games.

cache=True is safe here: the numba cache folder is keyed on the engine sources (sim/__init__.py),
and numba notices edits of this file itself.
"""
import numpy as np
from numba import njit

from sim.magna_grecia.board import N, NB, ORI_MASK, ORI_ENDS
from sim.magna_grecia import params as P
from sim.magna_grecia import rules as R
from sim.magna_grecia.rules.markets import may_sell
from sim.magna_grecia.rules import (
    A_CITY, A_BUILD, A_SELL, A_ORACLE, A_END, A_DRAW_ROAD, A_DRAW_CITY, MAXK, WS_BLOCK,
    WS_DIST_A, WS_DIST_C, new_city_ws, city_legal_set, is_open_village, entered_by,
    own_market_at, market_cost, connected_to_own_city, market_active, market_place,
    canonical_hex, road_allowed, city_allowance_left, draw_allowed,
)
from sim.magna_grecia.state import (
    ST_ORACLES, ST_PLAY, PH_PLACING, PH_MARKET_DONE, MK_UNSOLD, S_STAGE, S_CUR, S_PHASE,
    S_PENDING, S_STOCK_ROAD, S_STOCK_CITY, S_POINTS, S_RES_ROAD, S_RES_CITY, S_SUPPLY,
    S_NEXT_MARKET, H_KIND, H_ORACLE, H_ROAD_OWN, H_ROAD_OR, H_CITY, C_OWNER, C_MINHEX,
    K_OWNER, K_STATE,
)


@njit(cache=True)
def goal_distances(st, p, ws):
    """Multi-source distances (ignoring obstacles) for the repair lower bounds:
    ws[WS_DIST_A] to a hex whose tile gives a village (open village, or next to p's city),
    ws[WS_DIST_C] to a hex whose tile satisfies (c) (open frontier village, hex entered by a road
    of p, or next to p's city). Cities of this turn count as sources too (merging with a founded
    city satisfies (a) and (c)), so the bound only cuts searches far from p's tiles."""
    da = ws[WS_DIST_A]
    dc = ws[WS_DIST_C]
    qa = np.empty(N, dtype=np.int64)
    qc = np.empty(N, dtype=np.int64)
    na = 0
    nc = 0
    for h in range(N):
        da[h] = N
        dc[h] = N
    for h in range(N):
        src_a = False
        src_c = False
        if is_open_village(st, h):
            src_a = True
            if st[H_KIND + h] == 2:
                src_c = True
        if st[H_CITY + h] < 0:
            if not src_c and entered_by(st, h, p):
                src_c = True
            if not (src_a and src_c):
                for d in range(6):
                    y = NB[h, d]
                    if y >= 0:
                        c = st[H_CITY + y]
                        if c >= 0 and st[C_OWNER + c] == p:
                            src_a = True
                            src_c = True
                            break
        if src_a:
            da[h] = 0
            qa[na] = h
            na += 1
        if src_c:
            dc[h] = 0
            qc[nc] = h
            nc += 1
    _bfs(da, qa, na)
    _bfs(dc, qc, nc)


@njit(cache=True)
def hex_rule_mask(st, p, ws):
    """ws[WS_BLOCK, h] = 1 where the permanent hex rule forbids a city tile of p (§4.6)."""
    blk = ws[WS_BLOCK]
    for h in range(N):
        blk[h] = 1 if (st[H_ROAD_OWN + h] >= 0 or st[H_CITY + h] >= 0) else 0
    for h in range(N):
        c = st[H_CITY + h]
        if st[H_ORACLE + h] != 0 or (c >= 0 and st[C_OWNER + c] != p):
            blk[h] = 1
            for d in range(6):
                y = NB[h, d]
                if y >= 0:
                    blk[y] = 1


@njit(cache=True)
def _bfs(dist, q, n):
    """Breadth-first distances from the queued hexes (q[:n]), without obstacles."""
    i = 0
    while i < n:
        h = q[i]
        i += 1
        for d in range(6):
            y = NB[h, d]
            if y >= 0 and dist[y] > dist[h] + 1:
                dist[y] = dist[h] + 1
                q[n] = y
                n += 1


@njit(cache=True)
def city_legal(st, params, p, h, tent, tlist, ws):
    """PLACE_CITY(h) legal for p (allowance checks done by the caller; ws prepared by
    hex_rule_mask and goal_distances, or by city_prep)."""
    return city_legal_set(st, params, p, h, tent, tlist, ws) >= 0


@njit(cache=True)
def legal_actions_reference(st, params, out):
    """legal_actions with the reference road, city and market listings."""
    n = 0
    if st[S_STAGE] == ST_ORACLES:
        for h in range(N):
            if st[H_KIND + h] == 1 and st[H_ORACLE + h] == 0:
                out[n] = A_ORACLE + h
                n += 1
        return n
    if st[S_STAGE] != ST_PLAY:
        return 0
    p = st[S_CUR]
    phase = st[S_PHASE]
    pending = st[S_PENDING] == 1
    if phase == PH_MARKET_DONE:
        out[0] = A_END
        return 1
    # roads
    if (phase == PH_PLACING and not pending and st[S_STOCK_ROAD + p] >= 1
            and road_allowed(st, params)):
        n = road_actions_reference(st, params, p, out, n)
    # cities
    cost = int(params[P.P_CITY_COST])
    if (phase == PH_PLACING and st[S_STOCK_CITY + p] >= 1 and st[S_POINTS + p] >= cost
            and city_allowance_left(st, params) >= 1):
        n = city_actions_reference(st, params, p, out, n)
    if pending:
        return n
    # draws
    if phase != PH_MARKET_DONE and draw_allowed(st, params):
        if st[S_RES_ROAD + p] >= 1:
            out[n] = A_DRAW_ROAD
            n += 1
        if st[S_RES_CITY + p] >= 1:
            out[n] = A_DRAW_CITY
            n += 1
    # markets
    n = market_actions_reference(st, params, p, out, n)
    out[n] = A_END
    n += 1
    return n


@njit(cache=True)
def city_actions_reference(st, params, p, out, n):
    """The original listing (hex-rule mask, goal distances, city_legal per hex); reference for
    tests of the fast path `city_actions`."""
    tent = np.zeros(N, dtype=np.int8)
    tlist = np.empty(MAXK + 2, dtype=np.int64)
    ws = new_city_ws()
    hex_rule_mask(st, p, ws)
    goal_distances(st, p, ws)
    for h in range(N):
        if city_legal(st, params, p, h, tent, tlist, ws):
            out[n] = A_CITY + h
            n += 1
    return n


@njit(cache=True)
def market_actions_reference(st, params, p, out, n):
    """The original listing (per-place market scans); reference for tests of market_actions."""
    build = np.zeros(N, dtype=np.int8)
    sell = np.zeros(N, dtype=np.int8)
    need_net = int(params[P.P_MARKET_NETWORK]) == 1
    sell_active = int(params[P.P_SELL_ACTIVE]) == 1
    if st[S_SUPPLY + p] >= 1:
        for h in range(N):
            key = -1
            if is_open_village(st, h):
                key = h
            else:
                c = st[H_CITY + h]
                if c >= 0 and st[C_MINHEX + c] == h:
                    key = N + c
            if key < 0:
                continue
            if own_market_at(st, p, key) >= 0:
                continue
            if st[S_POINTS + p] < market_cost(st, params, key):
                continue
            if need_net and not connected_to_own_city(st, key, p):
                continue
            build[h] = 1
    for m in range(st[S_NEXT_MARKET]):
        if st[K_OWNER + m] == p and st[K_STATE + m] == MK_UNSOLD and may_sell(params, p):
            if sell_active and not market_active(st, m):
                continue
            sell[canonical_hex(st, market_place(st, m))] = 1
    for h in range(N):
        if build[h]:
            out[n] = A_BUILD + h
            n += 1
    for h in range(N):
        if sell[h]:
            out[n] = A_SELL + h
            n += 1
    return n


@njit(cache=True)
def apply_action_reference(st, params, a):
    """apply_action re-checking every oracle after a road or city tile (the original)."""
    R._apply(st, params, a, False)


@njit(cache=True)
def road_actions_reference(st, params, p, out, n):
    """The earlier road listing (status array per hex); reference for tests of road_actions."""
    allow = int(params[P.P_JOIN_RIVAL]) == 1
    ent = np.zeros(N, dtype=np.int8)     # 1: village/oracle entered by p
    cand = np.zeros(N, dtype=np.int8)
    for x in range(N):
        if st[H_ROAD_OWN + x] == p:
            o = st[H_ROAD_OR + x]
            for j in range(2):
                y = NB[x, ORI_ENDS[o, j]]
                if y >= 0:
                    if st[H_KIND + y] != 0:
                        if st[H_CITY + y] < 0:
                            ent[y] = 1
                    elif st[H_ROAD_OWN + y] < 0 and st[H_CITY + y] < 0:
                        cand[y] = 1
    for x in range(N):
        if st[H_CITY + x] >= 0 or ent[x] == 1:
            for d in range(6):
                y = NB[x, d]
                if y >= 0:
                    cand[y] = 1
    stat = np.empty(6, dtype=np.int64)
    for h in range(N):
        if cand[h] == 0:
            continue
        if st[H_KIND + h] != 0 or st[H_ROAD_OWN + h] >= 0 or st[H_CITY + h] >= 0:
            continue
        any_anchor = False
        for d in range(6):
            x = NB[h, d]
            sd = 0
            if x >= 0:
                ow = st[H_ROAD_OWN + x]
                if ow >= 0:
                    if (ORI_MASK[st[H_ROAD_OR + x]] >> ((d + 3) % 6)) & 1 == 1:
                        if ow == p:
                            sd = 1
                        elif not allow:
                            sd = -1
                elif st[H_CITY + x] >= 0 or ent[x] == 1:
                    sd = 1
            stat[d] = sd
            if sd == 1:
                any_anchor = True
        if not any_anchor:
            continue
        for o in range(9):
            s1 = stat[ORI_ENDS[o, 0]]
            s2 = stat[ORI_ENDS[o, 1]]
            if s1 >= 0 and s2 >= 0 and (s1 == 1 or s2 == 1):
                out[n] = 9 * h + o
                n += 1
    return n
