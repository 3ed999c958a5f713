"""The listing of PLACE_CITY actions (spec §4.6), the fast path: one preparation pass, an
exact search for tiles that touch no city, one search listing the repairs during pending runs
(reference twin city_actions_reference in tests/magna_grecia/reference.py, compared at every
decision of many games by tests/magna_grecia/test_fast_paths.py). Kept apart from cities.py: the
listing is a search over the rules there, ~640 lines of its own.
"""
import numpy as np
from numba import njit
from sim.catan_core.borrow import NO_REFCOUNT

from sim.magna_grecia.board import N, NB
from sim.magna_grecia.state import (
    S_PENDING, S_FOUNDED, S_FOUND_HEX, S_NEXT_CITY, S_TURN_ID, S_TT_N, S_TT, H_KIND, H_ORACLE,
    H_ROAD_OWN, H_CITY, H_NEXT, H_TURN, C_OWNER, C_ALIVE, C_HEAD, H_NEAR, NEAR_CITY, NEAR_CITY_ALL,
    NEAR_ENTERED, NEAR_ORACLE, NEAR_OPEN_SHIFT,
)
from sim.magna_grecia.actions import A_CITY
from .places import is_open_village
from .cities import (
    MAXK, WS_BLOCK, WS_CAND, WS_COMP, WS_DIST_A, WS_DIST_C, WS_FAIL, WS_IDX, WS_NCAND, WS_NEW_START, WS_PLACED, WS_ROWS, WS_SEEN, WS_STORE, WS_TRIED, WS_VLIST, WS_VSEEN, _bfs_cap, _bfs_cap_open, city_is_new, city_k_after, city_legal_set, eval_conditions,
)


@njit(cache=True, **NO_REFCOUNT)
def city_blocked(st, p, h):
    """The permanent hex rule forbids a city tile of p on h (§4.6; = not hex_rule without
    tentative tiles), read from H_NEAR."""
    if st[H_ROAD_OWN + h] >= 0 or st[H_CITY + h] >= 0 or st[H_ORACLE + h] != 0:
        return True
    nr = st[H_NEAR + h]
    return (nr & NEAR_ORACLE) != 0 or (nr & NEAR_CITY_ALL & ~(1 << p)) != 0


@njit(cache=True, **NO_REFCOUNT)
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


@njit(cache=True, **NO_REFCOUNT)
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
    """For a pending city run: every repair of at most `depth` tiles marked (repair_search);
    returns the size of the smallest, -1 if there is none."""
    no_sets = np.empty((0, MAXK), dtype=np.int64)
    no_lens = np.empty(0, dtype=np.int64)
    best, _ = repair_search(st, p, depth, tent, tlist, ws, excl, mark, no_sets, no_lens, 0)
    return best


@njit(cache=True, **NO_REFCOUNT)
def repair_search(st, p, depth, tent, tlist, ws, excl, mark, sets, lens, cap):
    """For a pending city run: every repair (set of hex-rule hexes that makes all conditions
    hold) of at most `depth` tiles, each set enumerated once; mark[h] = 1 on their hexes, and
    the first `cap` non-empty sets into sets[i, :lens[i]] (the players' run plans, plans.py).
    Returns (size of the smallest repair found or -1 if there is none, sets written).

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
    n = 0
    while True:
        if need_eval:
            n_fail, n_open, forced, fsize, lb = eval_conditions(st, p, tent, tlist, nt, ws)
            m = 0
            if n_fail == 0:
                for i in range(level):
                    mark[placed[i]] = 1
                if best < 0 or level < best:
                    best = level
                if level > 0 and n < cap:
                    for i in range(level):
                        sets[n, i] = placed[i]
                    lens[n] = level
                    n += 1
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
                return best, n
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
