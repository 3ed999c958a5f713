"""Oracle control (spec §4.9): who controls an oracle, re-checked only where a road or city
tile changed a connection.
"""
import numpy as np
from numba import njit
from sim.catan_core.borrow import NO_REFCOUNT

from sim.magna_grecia.board import N, ORI_ENDS
from sim.magna_grecia import params as P
from sim.magna_grecia.state import S_N_ORACLES, S_ORACLE_LIST, M_TAKEOVERS, H_OCTRL, H_ROAD_OR, C_OWNER
from sim.layout import note
from sim.magna_grecia.actions import EV_ORACLE
from .places import conn, connected_places, follow, place_buf_size, trace


@njit(cache=True, **NO_REFCOUNT)
def oracle_pick(ids, conns, n):
    """best = highest conn, ties to the lowest age (= lowest id); (-1, -1) if n = 0."""
    best = -1
    bestc = -1
    for i in range(n):
        if conns[i] > bestc or (conns[i] == bestc and ids[i] < best):
            best = ids[i]
            bestc = conns[i]
    return best, bestc


@njit(cache=True)
def oracle_best(st, o, mode):
    """(best city id, its conn) among cities directly connected to oracle hex o; (-1, -1) none.
    Same choice as oracle_pick over the cities in direction order (no arrays)."""
    best = -1
    bestc = -1
    for d in range(6):
        q = trace(st, o, d)
        if q >= N:
            cid = q - N
            cc = conn(st, q, mode)
            if cc > bestc or (cc == bestc and cid < best):
                best = cid
                bestc = cc
    return best, bestc


@njit(cache=True, **NO_REFCOUNT)
def oracle_new_controller(cur, cur_conn, best, best_conn):
    """§4.9 as a pure function: controller after a re-check (ids are ages; -1 none)."""
    if best < 0 or cur == best:
        return cur
    if cur < 0 or best_conn > cur_conn:
        return best
    return cur


@njit(cache=True)
def update_oracles(st, params):
    mode = int(params[P.P_CONNECTIVITY])
    for i in range(st[S_N_ORACLES]):
        recheck_oracle(st, st[S_ORACLE_LIST + i], mode)


@njit(cache=True)
def recheck_oracle(st, o, mode):
    """§4.9 re-check of oracle hex o (oracles do not influence each other)."""
    best, bestc = oracle_best(st, o, mode)
    if best < 0:
        return
    cur = st[H_OCTRL + o]
    if cur == best:
        return
    cur_conn = conn(st, N + cur, mode) if cur >= 0 else -1
    nw = oracle_new_controller(cur, cur_conn, best, bestc)
    if nw != cur:
        prev = -1 if cur < 0 else st[C_OWNER + cur]
        st[H_OCTRL + o] = nw
        note(st, EV_ORACLE, o, nw, cur)
        q = st[C_OWNER + nw]
        if q != prev:
            st[M_TAKEOVERS + q] += 1


@njit(cache=True)
def oracle_touched(st, o, a, b):
    """Whether a road connecting places a and b can change oracle o's controller: o is a or b,
    its controller is a or b, or a chain connects it to a or b."""
    if o == a or o == b:
        return True
    cur = st[H_OCTRL + o]
    if cur >= 0 and (N + cur == a or N + cur == b):
        return True
    for d in range(6):
        q = trace(st, o, d)
        if q >= 0 and (q == a or q == b):
            return True
    return False


@njit(cache=True)
def update_oracles_after_road(st, params, h):
    """update_oracles after a road tile on h, with the same result: the re-check is idempotent
    and oracles are independent, so only oracles whose inputs changed are re-checked. A road
    changes connections only through the chain holding h: its terminal ends meet places a and
    b; if both are places and a != b, exactly a and b gain a connection (conn of a and b, the
    cities directly connected to an oracle a or b), else nothing changes. So an oracle is
    re-checked iff it is a or b, its controller is a or b, or a chain connects it to a or b."""
    o_ = st[H_ROAD_OR + h]
    a = follow(st, h, ORI_ENDS[o_, 0])
    if a < 0:
        return
    b = follow(st, h, ORI_ENDS[o_, 1])
    if b < 0 or a == b:
        return
    mode = int(params[P.P_CONNECTIVITY])
    for i in range(st[S_N_ORACLES]):
        o = st[S_ORACLE_LIST + i]
        if oracle_touched(st, o, a, b):
            recheck_oracle(st, o, mode)


@njit(cache=True)
def update_oracles_after_city(st, params, c):
    """update_oracles after a city tile that made (or grew, or merged into) city c, with the
    same result (re-checks are idempotent, oracles independent). Chains do not change; only
    their ends on the tile's hex and on merged cities now meet c. So conn changes only for c
    and places directly connected to c (A), and an oracle is re-checked iff it is in A, its
    controller is in A (merged controllers are already c), or a chain connects it to A."""
    update_oracles_after_city_buf(st, params, c,
                                  np.empty(place_buf_size(st, N + c) + 1, dtype=np.int64))


@njit(cache=True)
def update_oracles_after_city_buf(st, params, c, buf):
    """update_oracles_after_city with its scratch passed in (place_buf_size(st, N + c) + 1
    entries or more): the players apply many city tiles per decision."""
    mode = int(params[P.P_CONNECTIVITY])
    key = N + c
    m = connected_places(st, key, buf)
    buf[m] = key
    m += 1
    for i in range(st[S_N_ORACLES]):
        o = st[S_ORACLE_LIST + i]
        cur = st[H_OCTRL + o]
        hit = False
        for j in range(m):
            q = buf[j]
            if q == o or (cur >= 0 and q == N + cur):
                hit = True
                break
        if not hit:
            for d in range(6):
                q = trace(st, o, d)
                if q >= 0:
                    for j in range(m):
                        if buf[j] == q:
                            hit = True
                            break
                    if hit:
                        break
        if hit:
            recheck_oracle(st, o, mode)
