"""Cities (spec §4.6) and merging (§4.7): the hex rule, the conditions a city tile must keep
(a run of new tiles must stay completable), the legal set of a city tile, placing it, merging,
founding a city.
"""
import numpy as np
from numba import njit
from sim.catan_core.borrow import NO_REFCOUNT

from sim.magna_grecia.board import N, NB, DIST
from sim.magna_grecia import params as P
from sim.magna_grecia.state import (
    MK_UNSOLD, MK_NONE, S_C, S_PENDING, S_FOUNDED, S_FOUND_HEX, S_NEXT_CITY, S_TURN_ID, S_ACTED,
    S_N_ORACLES, S_TT_N, S_TT, S_ORACLE_LIST, S_POINTS, S_STOCK_CITY, S_SUPPLY, M_CITIES_FOUNDED,
    M_CITY_TILES, M_FOUNDING_MARKETS, M_MARKETS_REMOVED, M_MERGES, M_SPENT, H_KIND, H_ORACLE,
    H_OCTRL, H_ROAD_OWN, H_CITY, H_NEXT, H_TURN, C_OWNER, C_ALIVE, C_SIZE, C_HEAD, C_MINHEX,
    K_STATE, near_add_city_tile,
)
from sim.layout import note
from sim.magna_grecia.actions import EV_MERGE
from .places import entered_by, is_open_village
from .markets import add_market, cleanup_city, own_market_at
from .oracles import update_oracles, update_oracles_after_city, update_oracles_after_city_buf
from .turn import city_allowance_left


@njit(cache=True, **NO_REFCOUNT)
def hex_rule(st, p, h, tent):
    """Permanent conditions for a city tile of p on h (tent: tentative tiles of p)."""
    if st[H_ROAD_OWN + h] >= 0 or st[H_CITY + h] >= 0 or tent[h] != 0 or st[H_ORACLE + h] != 0:
        return False
    return neighbours_allow_city(st, p, h)


@njit(cache=True, **NO_REFCOUNT)
def neighbours_allow_city(st, p, h):
    """The hex rule's lasting part: no oracle and no city tile of another colour next to h (a
    player's own city may still cover an open village that passes it)."""
    for d in range(6):
        y = NB[h, d]
        if y >= 0:
            if st[H_ORACLE + y] != 0:
                return False
            c = st[H_CITY + y]
            if c >= 0 and st[C_OWNER + c] != p:
                return False
    return True


@njit(cache=True, **NO_REFCOUNT)
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


@njit(cache=True, **NO_REFCOUNT)
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


@njit(cache=True, **NO_REFCOUNT)
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


@njit(cache=True, **NO_REFCOUNT)
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


@njit(cache=True, **NO_REFCOUNT)
def completable(st, p, k, tent, tlist, nt, ws):
    """Some set of <= k further hex-rule hexes makes every condition hold (§4.6)."""
    return completable_set(st, p, k, tent, tlist, nt, ws) >= 0


@njit(cache=True, **NO_REFCOUNT)
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


@njit(cache=True, **NO_REFCOUNT)
def city_k_after(st, params, p):
    """k of §4.6 for a tile placed now: further tiles allowed after it."""
    cost = int(params[P.P_CITY_COST])
    k = city_allowance_left(st, params) - 1
    k = min(k, st[S_STOCK_CITY + p] - 1)
    if cost > 0:
        k = min(k, (st[S_POINTS + p] - cost) // cost)
    return k


@njit(cache=True, **NO_REFCOUNT)
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
    note(st, EV_MERGE, c, o, st[C_SIZE + c] + st[C_SIZE + o])
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
    apply_city_ws(st, params, p, h, lazy, np.empty(6, dtype=np.int64), np.zeros(N, dtype=np.int8),
                  np.empty(1, dtype=np.int64), np.empty((WS_NCAND, N), dtype=np.int32),
                  np.empty(0, dtype=np.int64))


@njit(cache=True)
def apply_city_ws(st, params, p, h, lazy, ids, tent, tlist, ws, obuf):
    """apply_city with its scratch passed in (the players apply many city tiles per decision):
    ids int64[6], tent int8[N] all 0 (only read), tlist int64[1], ws int32[WS_NCAND, N] (any
    content: the rows read before written are zeroed here), obuf int64 scratch for the oracle
    re-check, place_buf_size + 1 entries or more (empty: allocated there)."""
    near_add_city_tile(st, p, h)
    cost = int(params[P.P_CITY_COST])
    st[S_POINTS + p] -= cost
    st[M_SPENT + p] += cost
    st[S_STOCK_CITY + p] -= 1
    st[M_CITY_TILES + p] += 1
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
        if obuf.shape[0] > 0:
            update_oracles_after_city_buf(st, params, c, obuf)
        else:
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
