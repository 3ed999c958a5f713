"""Magna Grecia rules (spec §3-§5): legal actions, apply, scoring, invariants. All numba.

Action ids (§3.3, N = 249): PLACE_ROAD(h,o) = 9h+o, PLACE_CITY(h) = 9N+h, DRAW_ROAD = 10N,
DRAW_CITY = 10N+1, BUILD_MARKET(h) = 10N+2+h, SELL_MARKET(h) = 11N+2+h, PLACE_ORACLE(h) = 12N+2+h,
END_TURN = 13N+2.

Fast paths with reference twins in tests/magna_grecia/reference.py (the original code;
tests/magna_grecia/test_fast_paths.py checks them against each other at every decision of many
games): city_actions (one preparation pass, an exact search for tiles that touch no city, one
search listing the repairs during pending runs), market_actions (one pass over the markets),
road_actions, legal_actions, apply_action (oracles re-checked only where a road or city tile
changed a connection).
"""
import numpy as np
from numba import njit

from sim.magna_grecia.board import N, NB, DIST, ORI_MASK, ORI_ENDS, OTHER_END, TILE_TABLE
from sim.magna_grecia import params as P
from sim.magna_grecia.state import (
    ST_ORACLES, ST_PLAY, ST_OVER, PH_PLACING, PH_DRAWING, PH_MARKET_DONE,
    MK_UNSOLD, MK_SOLD, MK_NONE,
    S_NP, S_STAGE, S_ROUND, S_POS, S_CUR, S_R, S_C, S_D, S_PENDING, S_FOUNDED, S_FOUND_HEX,
    S_PHASE, S_NEXT_CITY, S_NEXT_MARKET, S_TURNS, S_TURN_ID, S_ACTED, S_N_ORACLES,
    S_ORACLE_SEAT, S_TT_N, S_ROUNDS, S_TT, S_STACK, S_ORACLE_LIST,
    S_SEAT_OF_COLOUR, S_POINTS, S_STOCK_ROAD, S_STOCK_CITY, S_RES_ROAD, S_RES_CITY,
    S_SUPPLY, M_CITIES_FOUNDED, M_CITY_TILES, M_ROAD_TILES, M_DRAWN, M_MARKETS_BUILT,
    M_FOUNDING_MARKETS, M_MARKETS_SOLD, M_SOLD_POINTS, M_MARKETS_REMOVED, M_TAKEOVERS, M_MERGES,
    M_SPENT, M_PASSES, M_DOUBLE, H_KIND, H_ORACLE, H_OCTRL, H_ROAD_OWN, H_ROAD_OR, H_CITY, H_NEXT,
    H_TURN, C_OWNER, C_ALIVE, C_SIZE, C_HEAD, C_MINHEX, K_OWNER, K_HEX, K_STATE,
    H_NEAR, NEAR_CITY, NEAR_CITY_ALL, NEAR_ENTERED, NEAR_ORACLE, NEAR_OPEN_SHIFT,
    start_play_if_ready, near_add_oracle, near_add_road, near_add_city_tile, near_compute,
)

A_CITY = 9 * N
A_DRAW_ROAD = 10 * N
A_DRAW_CITY = 10 * N + 1
A_BUILD = 10 * N + 2
A_SELL = 11 * N + 2
A_ORACLE = 12 * N + 2
A_END = 13 * N + 2
N_ACTIONS = 13 * N + 3
MAX_LEGAL = N_ACTIONS


# ---------------------------------------------------------------- geometry helpers (§4.2-4.5)
@njit(cache=True)
def road_points(st, y, d):
    """The road tile on y (if any) has an end pointing in direction d."""
    if st[H_ROAD_OWN + y] < 0:
        return False
    return (ORI_MASK[st[H_ROAD_OR + y]] >> d) & 1 == 1


@njit(cache=True)
def entered_by(st, x, p):
    """A road tile of p has an end pointing at hex x (D15)."""
    for d in range(6):
        y = NB[x, d]
        if y >= 0 and st[H_ROAD_OWN + y] == p and (ORI_MASK[st[H_ROAD_OR + y]] >> ((d + 3) % 6)) & 1 == 1:
            return True
    return False


@njit(cache=True)
def place_key(st, h):
    """Place a hex belongs to: N + city id, the village/oracle hex, or -1 (plain, no city)."""
    c = st[H_CITY + h]
    if c >= 0:
        return N + c
    if st[H_KIND + h] != 0:
        return h
    return -1


@njit(cache=True)
def canonical_hex(st, key):
    if key >= N:
        return st[C_MINHEX + key - N]
    return key


@njit(cache=True)
def is_open_village(st, h):
    return st[H_KIND + h] != 0 and st[H_ORACLE + h] == 0 and st[H_CITY + h] < 0


@njit(cache=True)
def trace(st, h, d):
    """Follow the chain whose terminal end points at place hex h from direction d.

    Returns the place key its other terminal end meets, -1 if that end is open or dead,
    -2 if no road end points at h from that side."""
    x = NB[h, d]
    if x < 0 or st[H_ROAD_OWN + x] < 0:
        return -2
    o = st[H_ROAD_OR + x]
    e = (d + 3) % 6
    if (ORI_MASK[o] >> e) & 1 == 0:
        return -2
    while True:
        out = OTHER_END[o, e]
        y = NB[x, out]
        if y < 0:
            return -1
        if st[H_ROAD_OWN + y] >= 0:
            oy = st[H_ROAD_OR + y]
            back = (out + 3) % 6
            if (ORI_MASK[oy] >> back) & 1 == 1:
                x = y
                o = oy
                e = back
                continue
            return -1
        return place_key(st, y)


@njit(cache=True)
def follow(st, x, e):
    """From road tile x, leave through its end e and follow the chain; returns the place key
    met by the terminal end (-1 open, dead, or a closed loop back to x)."""
    o = st[H_ROAD_OR + x]
    out = e
    x0 = x
    while True:
        y = NB[x, out]
        if y < 0 or y == x0:
            return -1
        if st[H_ROAD_OWN + y] >= 0:
            oy = st[H_ROAD_OR + y]
            back = (out + 3) % 6
            if (ORI_MASK[oy] >> back) & 1 == 1:
                x = y
                o = oy
                out = OTHER_END[o, back]
                continue
            return -1
        return place_key(st, y)


@njit(cache=True)
def road_connects(st, p, h, o):
    """A road of p placed on h with orientation o would make a chain whose two terminal ends meet
    two different places (evaluated on a temporary placement)."""
    st[H_ROAD_OWN + h] = p
    st[H_ROAD_OR + h] = o
    a = follow(st, h, ORI_ENDS[o, 0])
    b = -1
    if a >= 0:
        b = follow(st, h, ORI_ENDS[o, 1])
    st[H_ROAD_OWN + h] = -1
    st[H_ROAD_OR + h] = 0
    return a >= 0 and b >= 0 and a != b


@njit(cache=True)
def place_hexes(st, key, buf):
    if key < N:
        buf[0] = key
        return 1
    h = st[C_HEAD + key - N]
    n = 0
    while h >= 0:
        buf[n] = h
        n += 1
        h = st[H_NEXT + h]
    return n


@njit(cache=True)
def connected_places(st, key, out):
    """Place keys directly connected to place `key`, one entry per chain (duplicates kept)."""
    m = 0
    if key < N:
        for d in range(6):
            q = trace(st, key, d)
            if q >= 0 and q != key:
                out[m] = q
                m += 1
        return m
    h = st[C_HEAD + key - N]
    while h >= 0:
        for d in range(6):
            q = trace(st, h, d)
            if q >= 0 and q != key:
                out[m] = q
                m += 1
        h = st[H_NEXT + h]
    return m


@njit(cache=True)
def count_distinct(out, m):
    cnt = 0
    for i in range(m):
        dup = False
        for j in range(i):
            if out[j] == out[i]:
                dup = True
                break
        if not dup:
            cnt += 1
    return cnt


@njit(cache=True)
def place_buf_size(st, key):
    """Entries connected_places can write for place key (6 per hex of the place)."""
    if key >= N:
        return 6 * max(1, st[C_SIZE + key - N])
    return 6


@njit(cache=True)
def conn(st, key, mode):
    """conn(place) (§4.5): mode 0 distinct places, 1 road_count."""
    out = np.empty(place_buf_size(st, key), dtype=np.int64)
    m = connected_places(st, key, out)
    if mode == 1:
        return m
    return count_distinct(out, m)


@njit(cache=True)
def connected_to_own_city(st, key, p):
    """Place `key` is one of p's cities or directly connected to one (§4.8 active)."""
    if key >= N and st[C_OWNER + key - N] == p:
        return True
    out = np.empty(place_buf_size(st, key), dtype=np.int64)
    m = connected_places(st, key, out)
    for i in range(m):
        q = out[i]
        if q >= N and st[C_OWNER + q - N] == p:
            return True
    return False


# ---------------------------------------------------------------- markets (§4.8)
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


# ---------------------------------------------------------------- oracle control (§4.9)
@njit(cache=True)
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


@njit(cache=True)
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
        q = st[C_OWNER + nw]
        if q != prev:
            st[M_TAKEOVERS + q] += 1


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
        hit = o == a or o == b
        if not hit:
            cur = st[H_OCTRL + o]
            if cur >= 0 and (N + cur == a or N + cur == b):
                hit = True
        if not hit:
            for d in range(6):
                q = trace(st, o, d)
                if q >= 0 and (q == a or q == b):
                    hit = True
                    break
        if hit:
            recheck_oracle(st, o, mode)


@njit(cache=True)
def update_oracles_after_city(st, params, c):
    """update_oracles after a city tile that made (or grew, or merged into) city c, with the
    same result (re-checks are idempotent, oracles independent). Chains do not change; only
    their ends on the tile's hex and on merged cities now meet c. So conn changes only for c
    and places directly connected to c (A), and an oracle is re-checked iff it is in A, its
    controller is in A (merged controllers are already c), or a chain connects it to A."""
    mode = int(params[P.P_CONNECTIVITY])
    key = N + c
    buf = np.empty(place_buf_size(st, key) + 1, dtype=np.int64)
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


# ---------------------------------------------------------------- allowance (§3.2)
@njit(cache=True)
def tile_values(st, params):
    """(R, C, S, R+, C+, S+) of the current round's tile."""
    t = st[S_STACK + st[S_ROUND]]
    R = TILE_TABLE[t, 4]
    C = TILE_TABLE[t, 5]
    S = TILE_TABLE[t, 6]
    return R, C, S, R + int(params[P.P_ENH_ROADS]), C + int(params[P.P_ENH_CITIES]), enhanced_s(S, params)


@njit(cache=True)
def enhanced_s(S, params):
    if int(params[P.P_ENH_RESUPPLY]) == 1:
        return S + 1
    if S < 2:
        return 2
    if S < 3:
        return 3
    if S < 5:
        return 5
    if S < 7:
        return 7
    return S + 1


@njit(cache=True)
def road_allowed(st, params):
    R, C, S, Rp, Cp, Sp = tile_values(st, params)
    r = st[S_R]
    c = st[S_C]
    if c == 0:
        return r < Rp
    return r < R and c <= C


@njit(cache=True)
def city_allowance_left(st, params):
    """City tiles still allowed this turn (before placing one), by the tile values only."""
    R, C, S, Rp, Cp, Sp = tile_values(st, params)
    r = st[S_R]
    c = st[S_C]
    if r == 0:
        return Cp - c
    if r > R:
        return 0
    return C - c


@njit(cache=True)
def draw_allowed(st, params):
    R, C, S, Rp, Cp, Sp = tile_values(st, params)
    r = st[S_R]
    c = st[S_C]
    if r >= 1 and c >= 1:
        return False
    if r > R or c > C:
        return False
    L = Sp if (r == 0 and c == 0) else S
    return st[S_D] < L


# ---------------------------------------------------------------- cities (§4.6)
@njit(cache=True)
def hex_rule(st, p, h, tent):
    """Permanent conditions for a city tile of p on h (tent: tentative tiles of p)."""
    if st[H_ROAD_OWN + h] >= 0 or st[H_CITY + h] >= 0 or tent[h] != 0 or st[H_ORACLE + h] != 0:
        return False
    for d in range(6):
        y = NB[h, d]
        if y >= 0:
            if st[H_ORACLE + y] != 0:
                return False
            c = st[H_CITY + y]
            if c >= 0 and st[C_OWNER + c] != p:
                return False
    return True


@njit(cache=True)
def _is_p_tile(st, p, h, tent):
    if tent[h] != 0:
        return True
    c = st[H_CITY + h]
    return c >= 0 and st[C_OWNER + c] == p


MAXK = 8
(WS_SEEN, WS_VSEEN, WS_COMP, WS_STORE, WS_FAIL, WS_DIST_A, WS_DIST_C, WS_TRIED, WS_VLIST,
 WS_NEW_START, WS_NEW_LEN, WS_NEW_FAIL, WS_NCAND, WS_IDX, WS_PLACED, WS_BLOCK, WS_CAND) = range(17)
WS_ROWS = WS_CAND + MAXK + 1


@njit(cache=True)
def new_city_ws():
    """Scratch rows for the city-condition search (marks must stay 0 between calls)."""
    ws = np.zeros((WS_ROWS, N), dtype=np.int64)
    return ws


@njit(cache=True)
def new_eval_ws():
    """Scratch rows for eval_conditions alone (no distance bound, no search rows)."""
    return np.zeros((WS_NCAND, N), dtype=np.int64)


@njit(cache=True)
def eval_conditions(st, p, tent, tlist, nt, ws):
    """Check city conditions (a)-(d) for p's cities holding a tile of this turn (or a tentative one).

    Returns (n_failing_cities, n_distinct_open_villages_next_to_failing, forced_village, size, lb);
    ws[WS_FAIL, :size] = the hexes of the first failing city; forced_village = an open village
    next to it (-1 if none); lb = a lower bound of the tiles its repair needs (from the goal
    distances in ws[WS_DIST_A], ws[WS_DIST_C]; 0 rows give no bound)."""
    turn = st[S_TURN_ID]
    seen = ws[WS_SEEN]
    vseen = ws[WS_VSEEN]
    store = ws[WS_STORE]
    fail_comp = ws[WS_FAIL]
    dist_a = ws[WS_DIST_A]
    dist_c = ws[WS_DIST_C]
    nseeds = st[S_TT_N] + nt
    founded = st[S_FOUNDED] == 1
    fhex = st[S_FOUND_HEX]
    n_fail = 0
    n_open = 0
    forced = -1
    fsize = 0
    lb = 0
    n_new = 0
    nvis = 0                 # visited hexes are kept in store[0:nvis] to clear the marks
    nvil = 0
    vlist = ws[WS_VLIST]
    new_start = ws[WS_NEW_START]
    new_len = ws[WS_NEW_LEN]
    new_fail = ws[WS_NEW_FAIL]
    for si in range(nseeds):
        if si < st[S_TT_N]:
            s0 = st[S_TT + si]
        else:
            s0 = tlist[si - st[S_TT_N]]
        if seen[s0] != 0:
            continue
        seen[s0] = 1
        start = nvis
        store[nvis] = s0
        nvis += 1
        i = start
        while i < nvis:
            h = store[i]
            i += 1
            for d in range(6):
                y = NB[h, d]
                if y >= 0 and seen[y] == 0 and _is_p_tile(st, p, y, tent):
                    seen[y] = 1
                    store[nvis] = y
                    nvis += 1
        size = nvis - start
        has_v = False
        has_f = False
        is_new = True
        entered = False
        has_found = False
        first_open = -1
        n_open_here = 0
        mind_a = N
        mind_c = N
        for i in range(start, nvis):
            h = store[i]
            k = st[H_KIND + h]
            if k != 0:
                has_v = True
                if k == 2:
                    has_f = True
            if tent[h] == 0 and st[H_TURN + h] != turn:
                is_new = False
            if h == fhex:
                has_found = True
            if dist_a[h] < mind_a:
                mind_a = dist_a[h]
            if dist_c[h] < mind_c:
                mind_c = dist_c[h]
            for d in range(6):
                y = NB[h, d]
                if y >= 0 and tent[y] == 0 and is_open_village(st, y):
                    n_open_here += 1
                    if first_open < 0:
                        first_open = y
        if is_new and not has_f:
            for i in range(start, nvis):
                if entered_by(st, store[i], p):
                    entered = True
                    break
        fail_a = not has_v
        fail_c = is_new and not (has_f or entered)
        fails = fail_a or n_open_here > 0 or fail_c
        if is_new:
            if founded and not has_found:
                fails = True
            new_start[n_new] = start
            new_len[n_new] = size
            new_fail[n_new] = 1 if fails else 0
            n_new += 1
        if fails:
            n_fail += 1
            for i in range(start, nvis):
                h = store[i]
                for d in range(6):
                    y = NB[h, d]
                    if y >= 0 and tent[y] == 0 and vseen[y] == 0 and is_open_village(st, y):
                        vseen[y] = 1
                        vlist[nvil] = y
                        nvil += 1
                        n_open += 1
            if fsize == 0:
                for i in range(size):
                    fail_comp[i] = store[start + i]
                fsize = size
                forced = first_open
                if (fail_a or fail_c) and nt > 0:
                    # the goal distances are from the real board: a tentative tile of another
                    # city is a goal too (merging with it), at distance - 1
                    for j in range(nt):
                        t = tlist[j]
                        inside = False
                        for i in range(start, nvis):
                            if store[i] == t:
                                inside = True
                                break
                        if not inside:
                            for i in range(start, nvis):
                                dd = DIST[store[i], t] - 1
                                if dd < mind_a:
                                    mind_a = dd
                                if dd < mind_c:
                                    mind_c = dd
                if fail_a and mind_a > lb:
                    lb = mind_a
                if fail_c and mind_c > lb:
                    lb = mind_c
    if n_new > 1 and not founded:
        # (d): more than one new city; every new city fails, and a repair holds a hex next to
        # one of them (merging new cities, or a new city into an old one): the branching set is
        # all of their hexes (the first new city alone misses repairs that merge another new
        # city into an old one, and then a legal tile could leave a run without a completion)
        for j in range(n_new):
            if new_fail[j] == 0:
                n_fail += 1
        if fsize == 0:
            for j in range(n_new):
                for i in range(new_len[j]):
                    fail_comp[fsize] = store[new_start[j] + i]
                    fsize += 1
            forced = -1
            lb = 1
    for i in range(nvis):
        seen[store[i]] = 0
    for i in range(nvil):
        vseen[vlist[i]] = 0
    if n_open > lb:
        lb = n_open
    return n_fail, n_open, forced, fsize, lb


@njit(cache=True)
def _bfs_cap(dist, q, n, cap):
    """Breadth-first distances from the queued hexes q[:n], without obstacles, not expanding
    hexes at distance >= cap (farther hexes keep their value); returns the queue length
    (q[:n] = the hexes reached)."""
    i = 0
    while i < n:
        h = q[i]
        i += 1
        nd = dist[h] + 1
        if nd > cap:
            continue
        for d in range(6):
            y = NB[h, d]
            if y >= 0 and dist[y] > nd:
                dist[y] = nd
                q[n] = y
                n += 1
    return n


@njit(cache=True)
def _bfs_cap_open(dist, q, n, cap, blk):
    """_bfs_cap through hexes that can still take a city tile (blk[h] == 0): a blocked hex gets
    its distance but is not expanded."""
    i = 0
    while i < n:
        h = q[i]
        i += 1
        nd = dist[h] + 1
        if nd > cap or blk[h] != 0:
            continue
        for d in range(6):
            y = NB[h, d]
            if y >= 0 and dist[y] > nd:
                dist[y] = nd
                q[n] = y
                n += 1
    return n


@njit(cache=True)
def completable(st, p, k, tent, tlist, nt, ws):
    """Some set of <= k further hex-rule hexes makes every condition hold (§4.6)."""
    return completable_set(st, p, k, tent, tlist, nt, ws) >= 0


@njit(cache=True)
def completable_set(st, p, k, tent, tlist, nt, ws):
    """completable(), returning the size of the repair found (its hexes are left in
    ws[WS_PLACED]) or -1 if there is none.

    Depth-first search (iterative: recursive functions do not survive numba's cache), adding at
    each level one hex-rule hex next to the first failing city; an open village next to a failing
    city must be covered by any repair, so it is the only branch then; branches whose lower bound
    (distinct open villages to cover, goal distances) exceeds the tiles left are cut."""
    if k < 0:
        k = 0
    if k > MAXK:
        k = MAXK
    fail_comp = ws[WS_FAIL]
    tried = ws[WS_TRIED]
    ncand = ws[WS_NCAND]
    idx = ws[WS_IDX]
    placed = ws[WS_PLACED]
    level = 0
    need_eval = True
    while True:
        if need_eval:
            n_fail, n_open, forced, fsize, lb = eval_conditions(st, p, tent, tlist, nt, ws)
            if n_fail == 0:
                for i in range(level):
                    tent[placed[i]] = 0
                return level
            rem = k - level
            m = 0
            if rem > 0 and lb <= rem:
                if forced >= 0:
                    if ws[WS_BLOCK, forced] == 0 and tent[forced] == 0:
                        ws[WS_CAND + level, 0] = forced
                        m = 1
                else:
                    for i in range(fsize):
                        tried[fail_comp[i]] = 1
                    for i in range(fsize):
                        h = fail_comp[i]
                        for d in range(6):
                            y = NB[h, d]
                            if y >= 0 and tried[y] == 0:
                                tried[y] = 1
                                if ws[WS_BLOCK, y] == 0 and tent[y] == 0:
                                    ws[WS_CAND + level, m] = y
                                    m += 1
                    for i in range(fsize):
                        h = fail_comp[i]
                        tried[h] = 0
                        for d in range(6):
                            y = NB[h, d]
                            if y >= 0:
                                tried[y] = 0
            ncand[level] = m
            idx[level] = 0
        if idx[level] < ncand[level]:
            y = ws[WS_CAND + level, idx[level]]
            idx[level] += 1
            tent[y] = 1
            tlist[nt] = y
            nt += 1
            placed[level] = y
            level += 1
            need_eval = True
        else:
            if level == 0:
                return -1
            level -= 1
            tent[placed[level]] = 0
            nt -= 1
            need_eval = False


@njit(cache=True)
def city_k_after(st, params, p):
    """k of §4.6 for a tile placed now: further tiles allowed after it."""
    cost = int(params[P.P_CITY_COST])
    k = city_allowance_left(st, params) - 1
    k = min(k, st[S_STOCK_CITY + p] - 1)
    if cost > 0:
        k = min(k, (st[S_POINTS + p] - cost) // cost)
    return k


@njit(cache=True)
def city_legal_set(st, params, p, h, tent, tlist, ws):
    """PLACE_CITY(h) legal for p (allowance checks done by the caller; ws prepared by
    city_prep, or by the reference's hex_rule_mask and goal_distances): -1 if illegal, else the
    size of the repair completable() found (left in ws[WS_PLACED]; 0 when none was searched)."""
    if ws[WS_BLOCK, h] != 0:
        return -1
    k = city_k_after(st, params, p)
    # quick bound for a tile touching none of p's cities: it starts a new city {h}
    fresh = True
    n_open = 0
    for d in range(6):
        y = NB[h, d]
        if y >= 0:
            c = st[H_CITY + y]
            if c >= 0:
                fresh = False
                break
            if is_open_village(st, y):
                n_open += 1
    if not fresh and st[S_PENDING] == 0:
        # h joins p's cities (all of them satisfied): the result has a village and meets (c)/(d);
        # only the open villages next to h must be covered (their neighbours hold no village).
        ok = True
        m = 0
        for d in range(6):
            y = NB[h, d]
            if y >= 0 and is_open_village(st, y):
                m += 1
                if ws[WS_BLOCK, y] != 0:
                    ok = False
        return 0 if ok and m <= k else -1
    if fresh:
        lb = n_open
        kind = st[H_KIND + h]
        if kind == 0 and ws[WS_DIST_A, h] > lb:
            lb = ws[WS_DIST_A, h]
        if kind != 2 and ws[WS_DIST_C, h] > lb and not entered_by(st, h, p):
            lb = ws[WS_DIST_C, h]
        if lb > k:
            return -1
    tent[h] = 1
    tlist[0] = h
    size = completable_set(st, p, k, tent, tlist, 1, ws)
    tent[h] = 0
    return size


@njit(cache=True)
def merge_city(st, c, o):
    """Merge city o into city c (c has the lower age)."""
    h = st[C_HEAD + o]
    while h >= 0:
        nxt = st[H_NEXT + h]
        st[H_CITY + h] = c
        st[H_NEXT + h] = st[C_HEAD + c]
        st[C_HEAD + c] = h
        h = nxt
    st[C_SIZE + c] += st[C_SIZE + o]
    if st[C_MINHEX + o] < st[C_MINHEX + c]:
        st[C_MINHEX + c] = st[C_MINHEX + o]
    st[C_ALIVE + o] = 0
    st[C_SIZE + o] = 0
    st[C_HEAD + o] = -1
    for i in range(st[S_N_ORACLES]):
        oh = st[S_ORACLE_LIST + i]
        if st[H_OCTRL + oh] == o:
            st[H_OCTRL + oh] = c


@njit(cache=True)
def city_is_new(st, c):
    turn = st[S_TURN_ID]
    h = st[C_HEAD + c]
    while h >= 0:
        if st[H_TURN + h] != turn:
            return False
        h = st[H_NEXT + h]
    return True


@njit(cache=True)
def apply_city(st, params, p, h, lazy=False):
    near_add_city_tile(st, p, h)
    cost = int(params[P.P_CITY_COST])
    st[S_POINTS + p] -= cost
    st[M_SPENT + p] += cost
    st[S_STOCK_CITY + p] -= 1
    st[M_CITY_TILES + p] += 1
    ids = np.empty(6, dtype=np.int64)
    nid = 0
    for d in range(6):
        y = NB[h, d]
        if y >= 0:
            c = st[H_CITY + y]
            if c >= 0 and st[C_OWNER + c] == p:
                dup = False
                for j in range(nid):
                    if ids[j] == c:
                        dup = True
                if not dup:
                    ids[nid] = c
                    nid += 1
    if nid == 0:
        c = st[S_NEXT_CITY]
        st[S_NEXT_CITY] = c + 1
        st[C_OWNER + c] = p
        st[C_ALIVE + c] = 1
        st[C_SIZE + c] = 0
        st[C_HEAD + c] = -1
        st[C_MINHEX + c] = h
    else:
        c = ids[0]
        for j in range(1, nid):
            if ids[j] < c:
                c = ids[j]
        for j in range(nid):
            if ids[j] != c:
                merge_city(st, c, ids[j])
        if nid > 1:
            st[M_MERGES + p] += 1
    st[H_CITY + h] = c
    st[H_NEXT + h] = st[C_HEAD + c]
    st[C_HEAD + c] = h
    st[C_SIZE + c] += 1
    if h < st[C_MINHEX + c]:
        st[C_MINHEX + c] = h
    st[H_TURN + h] = st[S_TURN_ID]
    st[S_TT + st[S_TT_N]] = h
    st[S_TT_N] += 1
    st[S_C] += 1
    st[S_ACTED] = 1
    cleanup_city(st, c)
    # conditions and founding
    tent = np.zeros(N, dtype=np.int8)
    tlist = np.empty(1, dtype=np.int64)
    ws = np.empty((WS_NCAND, N), dtype=np.int32)     # int32: half the memory to set up
    for h in range(N):           # (a loop: a slice assignment is much slower here)
        ws[WS_SEEN, h] = 0
        ws[WS_VSEEN, h] = 0
        ws[WS_DIST_A, h] = 0
        ws[WS_DIST_C, h] = 0
    n_fail, n_open, forced, fsize, lb = eval_conditions(st, p, tent, tlist, 0, ws)
    st[S_PENDING] = 1 if n_fail > 0 else 0
    if n_fail == 0 and st[S_FOUNDED] == 0:
        for i in range(st[S_TT_N]):
            cc = st[H_CITY + st[S_TT + i]]
            if city_is_new(st, cc):
                found_city(st, params, p, cc)
                break
    if lazy:
        update_oracles_after_city(st, params, c)
    else:
        update_oracles(st, params)


@njit(cache=True)
def found_city(st, params, p, c):
    st[S_FOUNDED] = 1
    fh = st[C_MINHEX + c]
    st[S_FOUND_HEX] = fh
    st[M_CITIES_FOUNDED + p] += 1
    if int(params[P.P_FOUNDING_MARKET]) == 0:
        return
    m = own_market_at(st, p, N + c)
    if m >= 0:
        if st[K_STATE + m] == MK_UNSOLD or st[S_SUPPLY + p] < 1:
            return
        st[K_STATE + m] = MK_NONE
        st[M_MARKETS_REMOVED + p] += 1
    if st[S_SUPPLY + p] >= 1:
        add_market(st, p, fh)
        st[M_FOUNDING_MARKETS + p] += 1


# ---------------------------------------------------------------- roads (§4.4)
@njit(cache=True)
def road_dir_status(st, p, h, d, allow_rival):
    """End of a tile on h pointing in d: 1 anchored, 0 neutral, -1 forbidden (rival join)."""
    x = NB[h, d]
    if x < 0:
        return 0
    ow = st[H_ROAD_OWN + x]
    if ow >= 0:
        if (ORI_MASK[st[H_ROAD_OR + x]] >> ((d + 3) % 6)) & 1 == 1:
            if ow == p:
                return 1
            return 0 if allow_rival else -1
        return 0
    if st[H_CITY + x] >= 0:
        return 1
    if st[H_KIND + x] != 0 and entered_by(st, x, p):
        return 1
    return 0


@njit(cache=True)
def road_legal(st, params, p, h, o):
    if st[H_KIND + h] != 0 or st[H_ROAD_OWN + h] >= 0 or st[H_CITY + h] >= 0:
        return False
    allow = int(params[P.P_JOIN_RIVAL]) == 1
    a = -9
    b = -9
    for d in range(6):
        if (ORI_MASK[o] >> d) & 1 == 1:
            s = road_dir_status(st, p, h, d, allow)
            if a == -9:
                a = s
            else:
                b = s
    if a < 0 or b < 0:
        return False
    return a == 1 or b == 1


# ---------------------------------------------------------------- legal actions
@njit(cache=True)
def legal_actions(st, params, out):
    """Legal action ids in ascending order; returns their count."""
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
    if phase == PH_PLACING and not pending and st[S_STOCK_ROAD + p] >= 1 and road_allowed(st, params):
        n = road_actions(st, params, p, out, n)
    # cities
    cost = int(params[P.P_CITY_COST])
    if (phase == PH_PLACING and st[S_STOCK_CITY + p] >= 1 and st[S_POINTS + p] >= cost
            and city_allowance_left(st, params) >= 1):
        n = city_actions(st, params, p, out, n)
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
    n = market_actions(st, params, p, out, n)
    out[n] = A_END
    n += 1
    return n


@njit(cache=True)
def road_actions(st, params, p, out, n):
    """PLACE_ROAD ids for p, generated only on hexes next to an anchor (city tile, end of a road
    of p, village or oracle entered by p). (One mark array and per-hex bit sets of end statuses:
    each array allocated here costs about as much as a hex's work.)"""
    allow = int(params[P.P_JOIN_RIVAL]) == 1
    mark = np.zeros(N, dtype=np.int8)   # ENT: village/oracle entered by p; CAND: candidate hex
    ENT = 1
    CAND = 2
    for x in range(N):
        if st[H_ROAD_OWN + x] == p:
            o = st[H_ROAD_OR + x]
            for j in range(2):
                y = NB[x, ORI_ENDS[o, j]]
                if y >= 0:
                    if st[H_KIND + y] != 0:
                        if st[H_CITY + y] < 0:
                            mark[y] |= ENT
                    elif st[H_ROAD_OWN + y] < 0 and st[H_CITY + y] < 0:
                        mark[y] |= CAND
    for x in range(N):
        if st[H_CITY + x] >= 0 or (mark[x] & ENT) != 0:
            for d in range(6):
                y = NB[x, d]
                if y >= 0:
                    mark[y] |= CAND
    for h in range(N):
        if (mark[h] & CAND) == 0:
            continue
        if st[H_KIND + h] != 0 or st[H_ROAD_OWN + h] >= 0 or st[H_CITY + h] >= 0:
            continue
        anchor = 0          # bit d: the end pointing in direction d is anchored
        banned = 0          # bit d: that end would join a rival's road
        for d in range(6):
            x = NB[h, d]
            if x >= 0:
                ow = st[H_ROAD_OWN + x]
                if ow >= 0:
                    if (ORI_MASK[st[H_ROAD_OR + x]] >> ((d + 3) % 6)) & 1 == 1:
                        if ow == p:
                            anchor |= 1 << d
                        elif not allow:
                            banned |= 1 << d
                elif st[H_CITY + x] >= 0 or (mark[x] & ENT) != 0:
                    anchor |= 1 << d
        if anchor == 0:
            continue
        for o in range(9):
            m = ORI_MASK[o]
            if (m & banned) == 0 and (m & anchor) != 0:
                out[n] = 9 * h + o
                n += 1
    return n


@njit(cache=True)
def city_blocked(st, p, h):
    """The permanent hex rule forbids a city tile of p on h (§4.6; = not hex_rule without
    tentative tiles), read from H_NEAR."""
    if st[H_ROAD_OWN + h] >= 0 or st[H_CITY + h] >= 0 or st[H_ORACLE + h] != 0:
        return True
    nr = st[H_NEAR + h]
    return (nr & NEAR_ORACLE) != 0 or (nr & NEAR_CITY_ALL & ~(1 << p)) != 0


@njit(cache=True)
def city_prep(st, p, ws, cap, cand):
    """One pass of per-call city data from H_NEAR: ws[WS_BLOCK] (= the reference's
    hex_rule_mask, tests/magna_grecia/reference.py) and the goal distances ws[WS_DIST_A],
    ws[WS_DIST_C] of the reference's goal_distances, explored only up to distance
    cap >= k (farther hexes keep N > cap; every use asks whether a bound exceeds some rem <= cap,
    or adds it to others and compares with k, which gives the same answers as the full
    distances; city_actions passes k, or k + 1 for repair_union in a pending run).
    Returns (clean, nc): clean = every city of p holds a village and touches no open village;
    cand[:nc] = the hexes within distance cap of a (c) goal. Only those within k can be legal:
    a tile touching a city of p is a goal itself, and any other tile needs dist_c <= k
    (city_legal_set's bound; a frontier village or a hex entered by p is a goal).

    Unlike goal_distances, goals and paths use only hexes that pass the hex rule (which never
    becomes true again once false): a repair reaches a goal by placing tiles on the goal and on
    the hexes between, so these distances are still lower bounds of the tiles needed, and
    tighter ones."""
    blk = ws[WS_BLOCK]
    da = ws[WS_DIST_A]
    dc = ws[WS_DIST_C]
    qa = ws[WS_STORE]
    na = 0
    nc = 0
    pbit = 1 << (NEAR_CITY + p)
    entbit = 1 << (NEAR_ENTERED + p)
    rivals = NEAR_CITY_ALL & ~pbit
    for h in range(N):
        src_a = False
        src_c = False
        if st[H_CITY + h] >= 0:
            blk[h] = 1
        else:
            nr = st[H_NEAR + h]
            orc = st[H_ORACLE + h] != 0
            if orc or st[H_ROAD_OWN + h] >= 0 or (nr & NEAR_ORACLE) != 0 or (nr & rivals) != 0:
                blk[h] = 1
            else:
                blk[h] = 0
            kd = st[H_KIND + h]
            if kd != 0 and not orc:
                src_a = True
                if kd == 2:
                    src_c = True
            if (nr & entbit) != 0:
                src_c = True
            if (nr & pbit) != 0:
                src_a = True
                src_c = True
        if src_a and blk[h] == 0:
            da[h] = 0
            qa[na] = h
            na += 1
        else:
            da[h] = N
        if src_c and blk[h] == 0:
            dc[h] = 0
            cand[nc] = h
            nc += 1
        else:
            dc[h] = N
    _bfs_cap_open(da, qa, na, cap, blk)
    nc = _bfs_cap_open(dc, cand, nc, cap, blk)
    clean = True
    for c in range(st[S_NEXT_CITY]):
        if st[C_ALIVE + c] == 1 and st[C_OWNER + c] == p:
            hv = False
            x = st[C_HEAD + c]
            while x >= 0:
                if st[H_KIND + x] != 0:
                    hv = True
                if (st[H_NEAR + x] >> NEAR_OPEN_SHIFT) != 0:
                    clean = False
                x = st[H_NEXT + x]
            if not hv:
                clean = False
            if not clean:
                break
    return clean, nc


@njit(cache=True)
def fresh_completable(st, p, h, k, ws, inT, excl, allow_new):
    """completable() for a tile h that touches no city while no condition fails (not pending,
    p's cities clean: each holds a village and touches no open village): some connected set T
    containing h of at most k + 1 hex-rule hexes covers every open village next to it and either
    touches a city of p (merge: the result holds a village and is not new, or contains the
    founding tile) or, if allow_new (no founding yet this turn, so every city of this turn is
    merged into an older one), holds a village and a frontier village or a hex entered by a road
    of p. Exact depth-first search over T; a branch that failed excludes its hex from its later
    siblings (each set is tried once). Returns |T| of the set found (left in ws[WS_PLACED]),
    0 if there is none: the same T proves every other hex of it legal too. (ws is indexed
    by row and column, not through row views, which cost a reference count each.)"""
    if k < 0:
        k = 0
    if k > MAXK:
        k = MAXK
    pbit = 1 << (NEAR_CITY + p)
    entbit = 1 << (NEAR_ENTERED + p)
    ws[WS_PLACED, 0] = h            # T in order
    inT[h] = 1
    size = 1
    need_eval = True
    result = False
    while True:
        lev = size - 1
        if need_eval:
            merged = False
            hasv = False
            hasfe = False
            mina = N
            minc = N
            nneed = 0
            forced = -1
            for i in range(size):
                t = ws[WS_PLACED, i]
                nr = st[H_NEAR + t]
                if (nr & pbit) != 0:
                    merged = True
                kd = st[H_KIND + t]
                if kd != 0:
                    hasv = True
                    if kd == 2:
                        hasfe = True
                if (nr & entbit) != 0:
                    hasfe = True
                if ws[WS_DIST_A, t] < mina:
                    mina = ws[WS_DIST_A, t]
                if ws[WS_DIST_C, t] < minc:
                    minc = ws[WS_DIST_C, t]
                if (nr >> NEAR_OPEN_SHIFT) != 0:
                    for d in range(6):
                        y = NB[t, d]
                        if y >= 0 and inT[y] == 0 and ws[WS_TRIED, y] == 0 and is_open_village(st, y):
                            ws[WS_TRIED, y] = 1
                            nneed += 1
                            if forced < 0:
                                forced = y
            if nneed > 0:
                for i in range(size):
                    t = ws[WS_PLACED, i]
                    for d in range(6):
                        y = NB[t, d]
                        if y >= 0:
                            ws[WS_TRIED, y] = 0
            if nneed == 0 and (merged or (allow_new and hasv and hasfe)):
                result = True
                break
            rem = k - lev
            lb = nneed
            if not merged:
                if not hasv and mina > lb:
                    lb = mina
                if not hasfe and minc > lb:
                    lb = minc
            m = 0
            if rem > 0 and lb <= rem:
                row = WS_CAND + lev
                if forced >= 0:
                    if ws[WS_BLOCK, forced] == 0 and excl[forced] == 0:
                        ws[row, 0] = forced
                        m = 1
                else:
                    for i in range(size):
                        t = ws[WS_PLACED, i]
                        for d in range(6):
                            y = NB[t, d]
                            if (y >= 0 and inT[y] == 0 and ws[WS_BLOCK, y] == 0 and excl[y] == 0
                                    and ws[WS_TRIED, y] == 0):
                                ws[WS_TRIED, y] = 1
                                ws[row, m] = y
                                m += 1
                    for i in range(m):
                        ws[WS_TRIED, ws[row, i]] = 0
            ws[WS_NCAND, lev] = m
            ws[WS_IDX, lev] = 0
        if ws[WS_IDX, lev] < ws[WS_NCAND, lev]:
            y = ws[WS_CAND + lev, ws[WS_IDX, lev]]
            ws[WS_IDX, lev] += 1
            inT[y] = 1
            ws[WS_PLACED, size] = y
            size += 1
            need_eval = True
        else:
            # level exhausted: undo its exclusions, step back and exclude the tile tried above
            for i in range(ws[WS_NCAND, lev]):
                excl[ws[WS_CAND + lev, i]] = 0
            if lev == 0:
                break
            size -= 1
            y = ws[WS_PLACED, size]
            inT[y] = 0
            excl[y] = 1
            need_eval = False
    # clean up
    for i in range(size):
        inT[ws[WS_PLACED, i]] = 0
    for lv in range(size - 1):      # levels with a chosen child (on success)
        for i in range(ws[WS_NCAND, lv]):
            excl[ws[WS_CAND + lv, i]] = 0
    return size if result else 0


@njit(cache=True)
def pending_filter_data(st, p, ws, tent, tlist, down, cap):
    """Data for a sound filter of PLACE_CITY(h) during a pending city run, for a tile h touching
    no city. X = the first failing city of the current board (eval_conditions); if X fails (a),
    (b), (c) or the founding rule, every repair set T adds a tile next to X (an unchanged X keeps
    failing). Returns r (0: no such X, no filtering) and fills down[h] = distance from h to the
    nearest hex next to a city tile of p (ignoring obstacles; explored up to cap = k, farther
    hexes keep N: it is only compared with k, and r only matters through lb + r > k).

    Any T containing h that makes every condition hold has one of two forms:
    - h's final city contains a city tile placed before h: T holds a path from h to a hex next
      to p's city, so down[h] <= k;
    - it does not: h's city consists of T tiles only, so it is new; T holds h, the tiles its city
      needs (>= the bound lb of city_legal_set) and, disjoint from them, the tiles of X's final city:
      at least one next to X, one per open village next to X, and (if X is new: only one new
      city may remain, and it is h's) a path to a hex next to a city of p that is not new. r is
      the largest of these bounds, so lb + r <= k.
    city_legal_set can only accept h if such a T exists (its search stops at one)."""
    n_fail, n_open, forced, fsize, lb = eval_conditions(st, p, tent, tlist, 0, ws)
    if n_fail == 0 or fsize == 0:
        return 0
    comp = ws[WS_FAIL]
    turn = st[S_TURN_ID]
    fhex = st[S_FOUND_HEX]
    has_v = False
    has_f = False
    is_new = True
    entered = False
    has_found = False
    nov = 0
    mark = ws[WS_TRIED]
    vl = ws[WS_VLIST]
    pbit = 1 << (NEAR_CITY + p)
    entbit = 1 << (NEAR_ENTERED + p)
    for i in range(fsize):
        h = comp[i]
        kd = st[H_KIND + h]
        if kd != 0:
            has_v = True
            if kd == 2:
                has_f = True
        if st[H_TURN + h] != turn:
            is_new = False
        if h == fhex:
            has_found = True
        if (st[H_NEAR + h] & entbit) != 0:
            entered = True
        for d in range(6):
            y = NB[h, d]
            if y >= 0 and mark[y] == 0 and is_open_village(st, y):
                mark[y] = 1
                vl[nov] = y
                nov += 1
    for i in range(nov):
        mark[vl[i]] = 0
    fails = (not has_v) or nov > 0 or (is_new and not (has_f or entered)) or (
        is_new and st[S_FOUNDED] == 1 and not has_found)
    if not fails:
        return 0
    q = ws[WS_STORE]
    nq = 0
    for h in range(N):
        if (st[H_NEAR + h] & pbit) != 0 and st[H_CITY + h] < 0:
            down[h] = 0
            q[nq] = h
            nq += 1
        else:
            down[h] = N
    _bfs_cap(down, q, nq, cap)
    r = max(1, nov)
    if is_new:
        # the tiles of X's city must reach a hex next to a city of p that is not new
        dold = ws[WS_NEW_START]
        nq = 0
        for h in range(N):
            dold[h] = N
        for c in range(st[S_NEXT_CITY]):
            if st[C_ALIVE + c] == 1 and st[C_OWNER + c] == p and not city_is_new(st, c):
                x = st[C_HEAD + c]
                while x >= 0:
                    for d in range(6):
                        y = NB[x, d]
                        if y >= 0 and st[H_CITY + y] < 0 and dold[y] != 0:
                            dold[y] = 0
                            q[nq] = y
                            nq += 1
                    x = st[H_NEXT + x]
        _bfs_cap(dold, q, nq, cap)
        mn = N
        for i in range(fsize):
            x = comp[i]
            for d in range(6):
                y = NB[x, d]
                if y >= 0 and dold[y] + 1 < mn:
                    mn = dold[y] + 1
        if mn > r:
            r = mn
    return r


@njit(cache=True)
def repair_union(st, p, depth, tent, tlist, ws, excl, mark):
    """For a pending city run: every repair (set of hex-rule hexes that makes all conditions
    hold) of at most `depth` tiles, each set enumerated once; mark[h] = 1 on their hexes.
    Returns the size of the smallest repair found, -1 if there is none.

    The branching of completable_set (a hex next to the first failing city, or the open
    village it must cover) reaches every repair, and the lower bounds only cut branches that
    hold none, so each repair of at most `depth` tiles is found; a branch that is done excludes
    its hex from its later siblings (sets containing it were all found below it). A repair is
    not extended (the search stops at the first tile set where no condition fails).
    Why: when the smallest repair has k + 1 tiles (k = tiles allowed after the next one), the
    legal PLACE_CITY hexes are exactly the hexes of these smallest repairs, so one search
    replaces one completable() search per candidate hex. (ws must be prepared by city_prep
    with cap >= depth.)"""
    fail_comp = ws[WS_FAIL]
    placed = ws[WS_PLACED]
    level = 0
    nt = 0
    need_eval = True
    best = -1
    while True:
        if need_eval:
            n_fail, n_open, forced, fsize, lb = eval_conditions(st, p, tent, tlist, nt, ws)
            m = 0
            if n_fail == 0:
                for i in range(level):
                    mark[placed[i]] = 1
                if best < 0 or level < best:
                    best = level
            else:
                rem = depth - level
                if rem > 0 and lb <= rem:
                    row = WS_CAND + level
                    if forced >= 0:
                        if ws[WS_BLOCK, forced] == 0 and tent[forced] == 0 and excl[forced] == 0:
                            ws[row, 0] = forced
                            m = 1
                    else:
                        for i in range(fsize):
                            h = fail_comp[i]
                            for d in range(6):
                                y = NB[h, d]
                                if (y >= 0 and ws[WS_TRIED, y] == 0 and ws[WS_BLOCK, y] == 0
                                        and tent[y] == 0 and excl[y] == 0):
                                    ws[WS_TRIED, y] = 1
                                    ws[row, m] = y
                                    m += 1
                        for i in range(m):
                            ws[WS_TRIED, ws[row, i]] = 0
            ws[WS_NCAND, level] = m
            ws[WS_IDX, level] = 0
        if ws[WS_IDX, level] < ws[WS_NCAND, level]:
            y = ws[WS_CAND + level, ws[WS_IDX, level]]
            ws[WS_IDX, level] += 1
            tent[y] = 1
            tlist[nt] = y
            nt += 1
            placed[level] = y
            level += 1
            need_eval = True
        else:
            # level exhausted: undo its exclusions, step back and exclude the tile tried above
            for i in range(ws[WS_NCAND, level]):
                excl[ws[WS_CAND + level, i]] = 0
            if level == 0:
                return best
            level -= 1
            y = placed[level]
            tent[y] = 0
            nt -= 1
            excl[y] = 1
            need_eval = False


@njit(cache=True)
def fresh_goal_distances(st, p, blk, da, dc, cap):
    """Goal distances for a PLACE_CITY tile h that touches no city, during a pending run:
    da[h] / dc[h] = a lower bound of the further tiles that h's final city needs for (a) / (c).
    Unlike city_prep's, only cities of p that already meet the condition are goals (for (a):
    holding a village; for (c): not new, or holding a frontier village or a hex entered by p),
    and a path may cross any city of p for free (its tiles are placed). Goals are also open
    villages (a), open frontier villages and hexes entered by p (c). Explored up to cap;
    farther hexes keep N (a 0-1 breadth-first search: crossing a city tile costs 0; each hex
    enters the deque at most twice). Why: city_prep counts every city of p as a goal, also the
    failing city of the run itself, which lets far tiles pass the filter and costs a failed
    search each."""
    q = np.empty(4 * N, dtype=np.int64)
    turn = st[S_TURN_ID]
    entbit = 1 << (NEAR_ENTERED + p)
    has_v = np.zeros(st[S_NEXT_CITY], dtype=np.int8)
    meets_c = np.zeros(st[S_NEXT_CITY], dtype=np.int8)
    for h in range(N):
        c = st[H_CITY + h]
        if c >= 0 and st[C_OWNER + c] == p:
            kd = st[H_KIND + h]
            if kd != 0:
                has_v[c] = 1
                if kd == 2:
                    meets_c[c] = 1
            if st[H_TURN + h] != turn or (st[H_NEAR + h] & entbit) != 0:
                meets_c[c] = 1
    for cond in range(2):
        dist = da if cond == 0 else dc
        head = 2 * N
        tail = 2 * N
        for h in range(N):
            goal = False
            c = st[H_CITY + h]
            if c >= 0:
                if st[C_OWNER + c] == p:
                    goal = (has_v[c] if cond == 0 else meets_c[c]) == 1
            elif blk[h] == 0 and st[H_ORACLE + h] == 0:
                kd = st[H_KIND + h]
                if cond == 0:
                    goal = kd != 0
                else:
                    goal = kd == 2 or (st[H_NEAR + h] & entbit) != 0
            if goal:
                dist[h] = 0
                q[tail] = h
                tail += 1
            else:
                dist[h] = N
        # dist[y] = min over neighbours z of cost(z) + dist[z]; cost 0 for a tile of p, else 1
        while head < tail:
            u = q[head]
            head += 1
            cu = st[H_CITY + u]
            own = cu >= 0 and st[C_OWNER + cu] == p
            if not own and blk[u] != 0:
                continue
            nd = dist[u] if own else dist[u] + 1
            if nd > cap:
                continue
            for d in range(6):
                y = NB[u, d]
                if y >= 0 and dist[y] > nd:
                    dist[y] = nd
                    if own:
                        head -= 1
                        q[head] = y
                    else:
                        q[tail] = y
                        tail += 1


@njit(cache=True)
def city_actions(st, params, p, out, n):
    """PLACE_CITY ids for p (the caller checked phase, stock, points and allowance). Same result
    as city_actions_reference (tests); only hexes near a (c) goal are examined (city_prep).
    While no condition fails a tile next to p's city needs only its open villages covered and a
    tile touching no city uses fresh_completable (or its first, forced steps in closed form). During a failing city run (pending) one search
    lists every repair of at most k + 1 tiles (repair_union): if the smallest has k + 1 tiles
    the legal hexes are exactly their hexes; if a smaller one exists, a tile next to p's city
    that touches no open village is legal too (added to such a repair it keeps every condition)
    and the other hexes go through city_legal_set. A completion found for one hex is a completion
    for each of its hexes, so they are all legal without a search of their own."""
    ws = np.empty((WS_ROWS, N), dtype=np.int64)
    for h in range(N):           # (a loop: a slice assignment is much slower here)
        ws[WS_SEEN, h] = 0
        ws[WS_VSEEN, h] = 0
        ws[WS_TRIED, h] = 0
    cand = np.empty(N, dtype=np.int64)
    legal = np.zeros(N, dtype=np.int8)
    tent = np.zeros(N, dtype=np.int8)
    k = city_k_after(st, params, p)
    pending = st[S_PENDING] != 0
    cap = max(k, 0)
    if pending:
        cap += 1                 # repair_union searches k + 1 tiles
    clean, nc = city_prep(st, p, ws, cap, cand)
    blk = ws[WS_BLOCK]
    da = ws[WS_DIST_A]
    dc = ws[WS_DIST_C]
    pbit = 1 << (NEAR_CITY + p)
    entbit = 1 << (NEAR_ENTERED + p)
    if not pending and clean:
        allow_new = st[S_FOUNDED] == 0
        excl = np.zeros(N, dtype=np.int8)
        tl = ws[WS_PLACED]
        for i in range(nc - 1, -1, -1):     # farthest first: their completions cover nearer hexes
            h = cand[i]
            if blk[h] != 0 or legal[h] != 0:
                continue
            nr = st[H_NEAR + h]
            n_open = nr >> NEAR_OPEN_SHIFT
            ok = True
            if n_open > 0:
                # unblocked: a city next to h is p's (rival cities block their neighbours)
                for d in range(6):
                    y = NB[h, d]
                    if y >= 0 and blk[y] != 0 and is_open_village(st, y):
                        ok = False
                        break
            if not ok:
                continue
            if (nr & pbit) != 0:
                # joins p's (satisfied) cities: only the open villages next to h must be covered
                if n_open <= k:
                    legal[h] = 1
                continue
            lb = n_open
            kind = st[H_KIND + h]
            if kind == 0 and da[h] > lb:
                lb = da[h]
            if kind != 2 and dc[h] > lb and (nr & entbit) == 0:
                lb = dc[h]
            if lb > k:
                continue
            if n_open == 0:
                # T = {h} alone (the search's first step, without setting it up)
                if allow_new and kind != 0 and (kind == 2 or (nr & entbit) != 0):
                    legal[h] = 1
                    continue
                if k == 0:
                    continue
            else:
                # T = h and its open villages (the search's forced first steps); they touch no
                # city of p (p's cities touch no open village), so T is a completion iff it
                # needs no further village covered and it may be a new city with (c)
                fe = kind == 2 or (nr & entbit) != 0
                closed = True
                own = 1 if kind != 0 else 0      # h itself is an open village
                for d in range(6):
                    v = NB[h, d]
                    if v >= 0 and is_open_village(st, v):
                        nv = st[H_NEAR + v]
                        if (nv >> NEAR_OPEN_SHIFT) != own:
                            closed = False
                        if st[H_KIND + v] == 2 or (nv & entbit) != 0:
                            fe = True
                if closed:
                    if allow_new and fe:
                        legal[h] = 1
                        for d in range(6):
                            v = NB[h, d]
                            if v >= 0 and is_open_village(st, v):
                                legal[v] = 1
                        continue
                    if n_open == k:
                        continue             # T has k + 1 tiles and every completion holds T
            size = fresh_completable(st, p, h, k, ws, tent, excl, allow_new)
            for j in range(size):
                t = tl[j]
                if (st[H_NEAR + t] & pbit) == 0:
                    legal[t] = 1
    else:
        tlist = np.empty(MAXK + 2, dtype=np.int64)
        placed = ws[WS_PLACED]
        filt = False
        r_x = 0
        down = ws[WS_COMP]
        forced = np.zeros(N, dtype=np.int8)
        n_forced = 0
        slack = False            # pending, and a repair of at most k tiles exists
        fd = np.empty((2, N), dtype=np.int64)
        if pending and k < MAXK:
            excl = np.zeros(N, dtype=np.int8)
            best = repair_union(st, p, k + 1, tent, tlist, ws, excl, legal)
            if best < 0 or best > k:
                nc = 0           # legal = the hexes of the smallest repairs, already marked
            else:
                slack = True
                fresh_goal_distances(st, p, blk, fd[0], fd[1], k)
        if pending and nc > 0:
            r_x = pending_filter_data(st, p, ws, tent, tlist, down, cap)
            filt = r_x > 0
            # an open village next to a tile of this turn must be covered by every completion:
            # that tile's city holds a tile of this turn, so (b) applies to it
            for i in range(st[S_TT_N]):
                t = st[S_TT + i]
                if (st[H_NEAR + t] >> NEAR_OPEN_SHIFT) != 0:
                    for d in range(6):
                        y = NB[t, d]
                        if y >= 0 and forced[y] == 0 and is_open_village(st, y):
                            if blk[y] != 0:
                                return n
                            forced[y] = 1
                            n_forced += 1
        for i in range(nc):
            h = cand[i]
            if blk[h] != 0 or legal[h] != 0 or dc[h] > k:
                continue
            if slack:
                nr = st[H_NEAR + h]
                if (nr & pbit) != 0:
                    if (nr >> NEAR_OPEN_SHIFT) == 0:
                        legal[h] = 1
                        continue
                elif max(nr >> NEAR_OPEN_SHIFT, fd[0, h], fd[1, h]) > k:
                    continue
            if n_forced > 0:
                # the completion holds h, the forced villages and the open villages next to h
                need = n_forced + 1 - forced[h]
                if (st[H_NEAR + h] >> NEAR_OPEN_SHIFT) != 0:
                    for d in range(6):
                        y = NB[h, d]
                        if y >= 0 and forced[y] == 0 and is_open_village(st, y):
                            need += 1
                if need > k + 1:
                    continue
            if filt and (st[H_NEAR + h] & pbit) == 0:
                # a tile touching no city: sound filter (see pending_filter_data)
                lb = st[H_NEAR + h] >> NEAR_OPEN_SHIFT
                kind = st[H_KIND + h]
                if kind == 0 and da[h] > lb:
                    lb = da[h]
                if kind != 2 and dc[h] > lb and (st[H_NEAR + h] & entbit) == 0:
                    lb = dc[h]
                if lb > k or (down[h] > k and lb + r_x > k):
                    continue
            size = city_legal_set(st, params, p, h, tent, tlist, ws)
            if size >= 0:
                legal[h] = 1
                if pending:
                    # the repair of h with h is a completion for each of its tiles (city_legal
                    # accepts exactly the hexes of completions while pending)
                    for j in range(size):
                        legal[placed[j]] = 1
    for h in range(N):
        if legal[h] != 0:
            out[n] = A_CITY + h
            n += 1
    return n


MINE = 1 << 16      # market_actions: flag "p has a market here" next to the unsold count


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


# ---------------------------------------------------------------- apply
@njit(cache=True)
def apply_action(st, params, a):
    """Apply a legal action (no legality check here; see legal_actions)."""
    _apply(st, params, a, True)


@njit(cache=True)
def _apply(st, params, a, lazy):
    p = st[S_CUR]
    if a >= A_ORACLE and a < A_END:
        h = a - A_ORACLE
        near_add_oracle(st, h)
        st[H_ORACLE + h] = 1
        st[S_ORACLE_LIST + st[S_N_ORACLES]] = h
        st[S_N_ORACLES] += 1
        st[S_ORACLE_SEAT] = (st[S_ORACLE_SEAT] + 1) % st[S_NP]
        start_play_if_ready(st)
        return
    if a < A_CITY:
        h = a // 9
        o = a - 9 * h
        st[H_ROAD_OWN + h] = p
        st[H_ROAD_OR + h] = o
        near_add_road(st, p, h, o)
        st[S_STOCK_ROAD + p] -= 1
        st[S_R] += 1
        st[M_ROAD_TILES + p] += 1
        st[S_ACTED] = 1
        if lazy:
            update_oracles_after_road(st, params, h)
        else:
            update_oracles(st, params)
    elif a < A_DRAW_ROAD:
        apply_city(st, params, p, a - A_CITY, lazy)
    elif a == A_DRAW_ROAD or a == A_DRAW_CITY:
        if a == A_DRAW_ROAD:
            st[S_RES_ROAD + p] -= 1
            st[S_STOCK_ROAD + p] += 1
        else:
            st[S_RES_CITY + p] -= 1
            st[S_STOCK_CITY + p] += 1
        st[S_D] += 1
        st[M_DRAWN + p] += 1
        st[S_PHASE] = PH_DRAWING
        st[S_ACTED] = 1
    elif a < A_SELL:
        h = a - A_BUILD
        key = place_key(st, h)
        cost = market_cost(st, params, key)
        st[S_POINTS + p] -= cost
        st[M_SPENT + p] += cost
        add_market(st, p, h)
        st[M_MARKETS_BUILT + p] += 1
        st[S_PHASE] = PH_MARKET_DONE
        st[S_ACTED] = 1
    elif a < A_ORACLE:
        h = a - A_SELL
        key = place_key(st, h)
        m = own_market_at(st, p, key)
        v = market_value(st, params, m)
        st[S_POINTS + p] += v
        st[K_STATE + m] = MK_SOLD
        st[M_MARKETS_SOLD + p] += 1
        st[M_SOLD_POINTS + p] += v
        st[S_PHASE] = PH_MARKET_DONE
        st[S_ACTED] = 1
    else:
        end_turn(st)


@njit(cache=True)
def end_turn(st):
    p = st[S_CUR]
    if st[S_ACTED] == 0:
        st[M_PASSES + p] += 1
    st[S_TURNS] += 1
    st[S_TURN_ID] += 1
    st[S_R] = 0
    st[S_C] = 0
    st[S_D] = 0
    st[S_PENDING] = 0
    st[S_FOUNDED] = 0
    st[S_FOUND_HEX] = -1
    st[S_PHASE] = PH_PLACING
    st[S_ACTED] = 0
    st[S_TT_N] = 0
    # next seat in this round's order
    rnd = st[S_ROUND]
    t = st[S_STACK + rnd]
    for j in range(st[S_POS] + 1, 4):
        s = st[S_SEAT_OF_COLOUR + TILE_TABLE[t, j]]
        if s >= 0:
            st[S_POS] = j
            st[S_CUR] = s
            return
    # next round
    rnd += 1
    if rnd >= st[S_ROUNDS]:
        st[S_STAGE] = ST_OVER
        return
    st[S_ROUND] = rnd
    t = st[S_STACK + rnd]
    for j in range(4):
        s = st[S_SEAT_OF_COLOUR + TILE_TABLE[t, j]]
        if s >= 0:
            st[S_POS] = j
            st[S_CUR] = s
            if s == p:
                st[M_DOUBLE + p] += 1
            return


@njit(cache=True)
def is_over(st):
    return st[S_STAGE] == ST_OVER


# ---------------------------------------------------------------- scoring (§5)
@njit(cache=True)
def score_parts(st, params, out):
    """out[s, :] = (track, market points, oracle points, oracles, active unsold markets, final).

    Each place holding unsold markets is traced once: its conn and which players' cities it is
    (or is directly connected to)."""
    np_ = st[S_NP]
    op = int(params[P.P_ORACLE_POINTS])
    mode = int(params[P.P_CONNECTIVITY])
    for s in range(np_):
        for j in range(6):
            out[s, j] = 0
        out[s, 0] = st[S_POINTS + s]
    nm = st[S_NEXT_MARKET]
    keys = np.empty(nm, dtype=np.int64)
    for m in range(nm):
        keys[m] = market_place(st, m) if st[K_STATE + m] == MK_UNSOLD else -1
    done = np.zeros(nm, dtype=np.int8)
    buf = np.empty(6 * N, dtype=np.int64)
    for m in range(nm):
        key = keys[m]
        if key < 0 or done[m] == 1:
            continue
        k = connected_places(st, key, buf)
        cval = k if mode == 1 else count_distinct(buf, k)
        mask = 0
        if key >= N:
            mask |= 1 << st[C_OWNER + key - N]
        for i in range(k):
            q = buf[i]
            if q >= N:
                mask |= 1 << st[C_OWNER + q - N]
        for m2 in range(m, nm):
            if keys[m2] == key and done[m2] == 0:
                done[m2] = 1
                q = st[K_OWNER + m2]
                if (mask >> q) & 1 == 1:
                    out[q, 1] += cval
                    out[q, 4] += 1
    for i in range(st[S_N_ORACLES]):
        c = st[H_OCTRL + st[S_ORACLE_LIST + i]]
        if c >= 0:
            out[st[C_OWNER + c], 3] += 1
    for s in range(np_):
        out[s, 2] = op * out[s, 3]
        out[s, 5] = out[s, 0] + out[s, 1] + out[s, 2]


@njit(cache=True)
def rank_players(score, stock, n, tie_break_stock, rank, win):
    """Ranks (1 = best; equal keys share a rank) and win shares; returns (tie, tie_break_used)."""
    top = score[0]
    for s in range(n):
        if score[s] > top:
            top = score[s]
    n_top = 0
    for s in range(n):
        if score[s] == top:
            n_top += 1
    for s in range(n):
        better = 0
        for t in range(n):
            if score[t] > score[s] or (tie_break_stock and score[t] == score[s] and stock[t] > stock[s]):
                better += 1
        rank[s] = better + 1
    k = 0
    for s in range(n):
        if rank[s] == 1:
            k += 1
    for s in range(n):
        win[s] = 1.0 / k if rank[s] == 1 else 0.0
    tie = n_top > 1
    used = tie and tie_break_stock and k < n_top
    return tie, used


# ---------------------------------------------------------------- invariants
@njit(cache=True)
def check_invariants(st, params):
    """Raise ValueError on a broken invariant (pieces conserved, limits, city/market rules)."""
    np_ = st[S_NP]
    roads_on = np.zeros(4, dtype=np.int64)
    cities_on = np.zeros(4, dtype=np.int64)
    for h in range(N):
        ow = st[H_ROAD_OWN + h]
        c = st[H_CITY + h]
        if ow >= 0:
            roads_on[ow] += 1
            if c >= 0 or st[H_KIND + h] != 0:
                raise ValueError("road on a village or city hex")
        if c >= 0:
            if st[C_ALIVE + c] != 1:
                raise ValueError("tile of a dead city")
            cities_on[st[C_OWNER + c]] += 1
            if st[H_ORACLE + h] != 0:
                raise ValueError("city tile on an oracle")
            for d in range(6):
                y = NB[h, d]
                if y >= 0:
                    if st[H_ORACLE + y] != 0:
                        raise ValueError("city tile next to an oracle")
                    c2 = st[H_CITY + y]
                    if c2 >= 0 and st[C_OWNER + c2] != st[C_OWNER + c]:
                        raise ValueError("city tiles of two colours touch")
                    if c2 >= 0 and c2 != c:
                        raise ValueError("adjacent own tiles in two cities")
    near = np.empty(N, dtype=np.int32)
    near_compute(st, near)
    for h in range(N):
        if near[h] != st[H_NEAR + h]:
            raise ValueError("H_NEAR differs from a recomputation")
    for s in range(np_):
        if st[S_POINTS + s] < 0:
            raise ValueError("negative points")
        if st[S_STOCK_ROAD + s] < 0 or st[S_RES_ROAD + s] < 0 or st[S_STOCK_CITY + s] < 0 or st[S_RES_CITY + s] < 0:
            raise ValueError("negative pieces")
        if st[S_STOCK_ROAD + s] + st[S_RES_ROAD + s] + roads_on[s] != int(params[P.P_ROAD_TILES]):
            raise ValueError("road tiles not conserved")
        if roads_on[s] != st[M_ROAD_TILES + s]:
            raise ValueError("road tiles on the board differ from road tiles placed")
        if st[S_STOCK_CITY + s] + st[S_RES_CITY + s] + cities_on[s] != int(params[P.P_CITY_TILES]):
            raise ValueError("city tiles not conserved")
        used = 0
        for m in range(st[S_NEXT_MARKET]):
            if st[K_OWNER + m] == s:
                used += 1
        if used + st[S_SUPPLY + s] != int(params[P.P_MARKETS]) or st[S_SUPPLY + s] < 0:
            raise ValueError("markets not conserved")
    for c in range(st[S_NEXT_CITY]):
        if st[C_ALIVE + c] == 1:
            n = 0
            mn = N
            h = st[C_HEAD + c]
            while h >= 0:
                if st[H_CITY + h] != c:
                    raise ValueError("city list broken")
                n += 1
                mn = min(mn, h)
                h = st[H_NEXT + h]
            if n != st[C_SIZE + c] or mn != st[C_MINHEX + c]:
                raise ValueError("city size/min hex wrong")
    # one market per player per place
    for m in range(st[S_NEXT_MARKET]):
        if st[K_STATE + m] != MK_NONE:
            key = market_place(st, m)
            if key < 0 or (key < N and st[H_ORACLE + key] != 0):
                raise ValueError("market off a site")
            for m2 in range(m + 1, st[S_NEXT_MARKET]):
                if (st[K_STATE + m2] != MK_NONE and st[K_OWNER + m2] == st[K_OWNER + m]
                        and market_place(st, m2) == key):
                    raise ValueError("two markets of one player in one place")
    for i in range(st[S_N_ORACLES]):
        c = st[H_OCTRL + st[S_ORACLE_LIST + i]]
        if c >= 0 and st[C_ALIVE + c] != 1:
            raise ValueError("oracle controlled by a dead city")
    if st[S_STAGE] == ST_PLAY:
        R, C, S, Rp, Cp, Sp = tile_values(st, params)
        r = st[S_R]
        c = st[S_C]
        d = st[S_D]
        if r > 0 and c > 0 and (r > R or c > C):
            raise ValueError("allowance exceeded (roads and cities)")
        if r > Rp or c > Cp or (d > 0 and (r > 0 and c > 0)):
            raise ValueError("allowance exceeded")
        if d > Sp or (d > S and (r > 0 or c > 0)):
            raise ValueError("draws exceeded")
        if st[S_PENDING] == 0:
            # every city with tiles of this turn satisfies (a)-(d); every city has a village
            tent = np.zeros(N, dtype=np.int8)
            tlist = np.empty(1, dtype=np.int64)
            ws = new_eval_ws()
            nf, no, fo, fs, lb = eval_conditions(st, st[S_CUR], tent, tlist, 0, ws)
            if nf != 0:
                raise ValueError("city conditions fail while not pending")
            for c2 in range(st[S_NEXT_CITY]):
                if st[C_ALIVE + c2] == 1:
                    hv = False
                    h = st[C_HEAD + c2]
                    while h >= 0:
                        if st[H_KIND + h] != 0:
                            hv = True
                        for dd in range(6):
                            y = NB[h, dd]
                            if y >= 0 and is_open_village(st, y):
                                raise ValueError("city next to an open village")
                        h = st[H_NEXT + h]
                    if not hv:
                        raise ValueError("city without village")
