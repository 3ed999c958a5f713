"""What a player can complete within its turn: helpers for the players' plans (§4.4-4.6).

Nothing here changes a rule; these functions only list what the rules allow.

**City runs** (§4.6): while a city run is pending, the tiles that complete it are the repairs of
its failing conditions; `run_repairs` lists each repair of at most the tiles still allowed
once, with the engine's own search (the branching of rules.repair_union), so a player can value
a run as a whole instead of tile by tile; `run_repairs_after` does the same for a tile just placed,
from a board pass made once per decision (`repair_prep_base`).

**Road chains** (§4.4-4.5): a **chain plan** of p is a sequence of road tiles of p, each legal when it is placed (the first
one anchored, each next one joining the one before), that ends with a chain whose two terminal
ends meet two different places. The one-step look-ahead cannot see it: every tile but the last
connects nothing. The search here is depth-first along the chain's open end: a tile entering
hex x through edge e continues straight on or with a gentle curve either way (the three
orientations having an end at e, §4.3), so a plan of k tiles has at most 3^k leaves; `place_need`
prunes branches that cannot reach a place in the tiles left. Tiles are set on the state
temporarily to trace chains and removed before returning.
"""
import numpy as np
from numba import njit

from sim.catan_core.borrow import NO_REFCOUNT
from sim.magna_grecia.board import N, NB, ORI_MASK, ORI_ENDS, OTHER_END
from sim.magna_grecia.rules import (
    road_legal, follow, place_key, city_prep, city_k_after, repair_search, MAXK, WS_ROWS, WS_SEEN,
    WS_VSEEN, WS_TRIED,
)
from sim.magna_grecia.rules.cities import WS_BLOCK, WS_DIST_A, WS_DIST_C, WS_STORE, _bfs_cap_open
from sim.magna_grecia.state import H_ROAD_OWN, H_ROAD_OR, H_CITY, H_KIND

FAR = 99                 # place_need: no place reachable
MAX_CHAIN = 6            # longest chain plan searched

# ORI_WITH_END[e] = the three orientations with an end at edge e (straight, two gentle curves)
ORI_WITH_END = np.zeros((6, 3), dtype=np.int64)
for _e in range(6):
    _k = 0
    for _o in range(9):
        if (ORI_MASK[_o] >> _e) & 1:
            ORI_WITH_END[_e, _k] = _o
            _k += 1


@njit(cache=True, **NO_REFCOUNT)
def empty_plain(st, h):
    """A road tile could go on h: plain land without road or city tile (§4.4 rule 1)."""
    return h >= 0 and st[H_KIND + h] == 0 and st[H_ROAD_OWN + h] < 0 and st[H_CITY + h] < 0


@njit(cache=True, **NO_REFCOUNT)
def place_need(st, need, queue, mine, cap):
    """need[0, h] = the fewest road tiles, one of them on h, whose chain reaches a place hex
    (village, oracle or city tile) from h, by hex distance over empty plain land; need[1, h]
    the same for the places with mine[key] != 0 (keys as rules.place_key). FAR where no place
    is within cap tiles or h cannot hold a road. Lower bounds for chains of new tiles
    (orientations and legality are ignored); the plan search uses them to stop early."""
    for r in range(2):
        nq = 0
        for h in range(N):
            need[r, h] = FAR
            if r == 1 and need[0, h] == FAR:
                continue                   # no place near h at all
            if st[H_KIND + h] == 0 and st[H_ROAD_OWN + h] < 0 and st[H_CITY + h] < 0:
                for d in range(6):
                    y = NB[h, d]
                    if y >= 0 and (st[H_KIND + y] != 0 or st[H_CITY + y] >= 0):
                        if r == 0 or mine[place_key(st, y)] != 0:
                            need[r, h] = 1
                            queue[nq] = h
                            nq += 1
                            break
        i = 0
        while i < nq:
            h = queue[i]
            i += 1
            if need[r, h] >= cap:
                continue
            for d in range(6):
                y = NB[h, d]
                if y >= 0 and need[r, y] == FAR and empty_plain(st, y):
                    need[r, y] = need[r, h] + 1
                    queue[nq] = y
                    nq += 1


@njit(cache=True, **NO_REFCOUNT)
def open_end(st, h, o, a0, a1):
    """open_side for a road whose ends meet a0 and a1 (follow through ORI_ENDS[o, 0] and
    [o, 1] with the tile set, as road_link traces them): (place, edge, hex) or (-1, -1, -1)."""
    if a0 >= 0 and a1 < 0:
        e = ORI_ENDS[o, 1]
    elif a1 >= 0 and a0 < 0:
        e = ORI_ENDS[o, 0]
        a0 = a1
    else:
        return -1, -1, -1
    y = NB[h, e]
    if not empty_plain(st, y):
        return -1, -1, -1
    return a0, e, y


@njit(cache=True)
def open_side(st, p, h, o):
    """For a road of p on h with orientation o (not yet placed): (a, e, y) where a is the place
    met by the chain through one end, and the other end leaves h through edge e towards the
    empty plain hex y (so a chain plan can go on from there); (-1, -1, -1) if the tile is not
    of that kind (both ends meet places, or neither does, or the other end is blocked)."""
    st[H_ROAD_OWN + h] = p
    st[H_ROAD_OR + h] = o
    a0 = follow(st, h, ORI_ENDS[o, 0])
    a1 = follow(st, h, ORI_ENDS[o, 1])
    st[H_ROAD_OWN + h] = -1
    st[H_ROAD_OR + h] = 0
    return open_end(st, h, o, a0, a1)


@njit(cache=True)
def chain_plans(st, params, p, a, x0, e0, k, need, first, plans, lens, n, cap):
    """Append to plans[n:] (rows of road action ids, lens = tiles per row) every chain plan
    that places up to k more tiles of p, the first on hex x0 entered through its edge e0, and
    completes a chain from place `a` (met through e0) to another place; `first` >= 0 is an
    action already in the plan, written before the new tiles. Returns the new n (at most cap).
    The state is left unchanged."""
    return chain_plans_ws(st, params, p, a, x0, e0, k, need, first, plans, lens, n, cap,
                          np.zeros((3, MAX_CHAIN), dtype=np.int64), np.empty((2, cap), dtype=np.int64))


@njit(cache=True, **NO_REFCOUNT)
def chain_plans_ws(st, params, p, a, x0, e0, k, need, first, plans, lens, n, cap, scratch, ends):
    """chain_plans with its depth-first stack in scratch (int64[3, MAX_CHAIN], any content):
    the players call it for many candidates of a decision and allocate the stack once.
    ends[:, i] = the two places plan i connects, the smaller first: `a` and the place its last
    tile meets (the chain's other end runs back through the plan to a)."""
    if k <= 0 or need[x0] > k or n >= cap:
        return n
    xs = scratch[0]
    es = scratch[1]
    oi = scratch[2]
    if k > MAX_CHAIN:
        k = MAX_CHAIN
    xs[0] = x0
    es[0] = e0
    oi[0] = 0
    depth = 0
    while depth >= 0:
        x = xs[depth]
        if oi[depth] > 0:                 # a tile from the previous branch: lift it
            st[H_ROAD_OWN + x] = -1
            st[H_ROAD_OR + x] = 0
        if oi[depth] >= 3 or n >= cap:
            depth -= 1
            continue
        o = ORI_WITH_END[es[depth], oi[depth]]
        oi[depth] += 1
        if not road_legal(st, params, p, x, o):
            continue
        st[H_ROAD_OWN + x] = p
        st[H_ROAD_OR + x] = o
        out = OTHER_END[o, es[depth]]
        b = follow(st, x, out)
        if b >= 0:
            if b != a:
                ends[0, n] = min(a, b)
                ends[1, n] = max(a, b)
                m = 0
                if first >= 0:
                    plans[n, 0] = first
                    m = 1
                for i in range(depth + 1):
                    plans[n, m] = 9 * xs[i] + ORI_WITH_END[es[i], oi[i] - 1]
                    m += 1
                lens[n] = m
                n += 1
            continue
        y = NB[x, out]
        if depth + 1 < k and empty_plain(st, y) and need[y] <= k - depth - 1:
            depth += 1
            xs[depth] = y
            es[depth] = (out + 3) % 6
            oi[depth] = 0
    return n


@njit(cache=True)
def run_repairs(st, params, p, sets, lens, cap):
    """For a pending city run of p (st[S_PENDING] = 1): every repair, a set of hex-rule hexes
    of at most the city tiles still allowed that makes every condition hold (§4.6), each once,
    into sets[i, :lens[i]]; returns how many (at most cap). A repair is not extended by
    further tiles (the search stops where no condition fails), as in rules.repair_union,
    whose branching (a hex next to the first failing city, or the open village it must cover)
    reaches every repair: the engine's own search (rules.repair_search) collects them."""
    if city_k_after(st, params, p) + 1 < 1:
        return 0
    return run_repairs_ws(st, params, p, sets, lens, cap, np.empty((WS_ROWS, N), dtype=np.int64),
                          np.empty(N, dtype=np.int64), np.empty((3, N), dtype=np.int8),
                          np.empty(MAXK + 2, dtype=np.int64))


@njit(cache=True, **NO_REFCOUNT)
def run_repairs_ws(st, params, p, sets, lens, cap, ws, cand, marks, tlist):
    """run_repairs with its scratch passed in (any content; the rows the search needs zeroed
    are zeroed here): ws int64[WS_ROWS, N], cand int64[N], marks int8[3, N] (tentative,
    excluded, marked hexes), tlist int64[MAXK + 2]."""
    k = city_k_after(st, params, p) + 1          # the next tile and the k after it
    if k < 1:
        return 0
    if k > MAXK:
        k = MAXK
    for h in range(N):
        ws[WS_SEEN, h] = 0
        ws[WS_VSEEN, h] = 0
        ws[WS_TRIED, h] = 0
        marks[0, h] = 0
        marks[1, h] = 0
        marks[2, h] = 0
    city_prep(st, p, ws, k, cand)
    _, n = repair_search(st, p, k, marks[0], tlist, ws, marks[1], marks[2], sets, lens, cap)
    return n



@njit(cache=True)
def repair_prep_base(st, p, bws, cand):
    """The per-decision part of city_prep for run_repairs_after: city_prep(st, p, bws, 0, cand)
    (cap 0: no distance is explored), so bws[WS_BLOCK] holds the blocked hexes and
    bws[WS_DIST_A], bws[WS_DIST_C] are 0 on the (a) and (c) goal hexes, N elsewhere."""
    city_prep(st, p, bws, 0, cand)


@njit(cache=True, **NO_REFCOUNT)
def run_repairs_after(cp, params, p, h0, bws, sets, lens, cap, ws, cand, marks, tlist):
    """run_repairs_ws(cp, ...) for cp = st after p's city tile on h0, with city_prep's
    pass over the board replaced by bws (repair_prep_base of st): placing the tile changes
    city_prep's inputs only on h0 (now a city hex: blocked, no goal) and its neighbours (a city
    tile of p is adjacent: each one not blocked becomes an (a) and (c) goal); merges, markets
    and oracles touch nothing it reads. The distances are then explored from the same goals
    (breadth-first distances do not depend on the order the goals are queued), so ws[WS_BLOCK],
    ws[WS_DIST_A], ws[WS_DIST_C] and the repairs equal run_repairs_ws's
    (tests/magna_grecia/test_fast_paths.py)."""
    k = city_k_after(cp, params, p) + 1
    if k < 1:
        return 0
    if k > MAXK:
        k = MAXK
    blk = ws[WS_BLOCK]
    da = ws[WS_DIST_A]
    dc = ws[WS_DIST_C]
    qa = ws[WS_STORE]
    na = 0
    nc = 0
    for h in range(N):
        ws[WS_SEEN, h] = 0
        ws[WS_VSEEN, h] = 0
        ws[WS_TRIED, h] = 0
        marks[0, h] = 0
        marks[1, h] = 0
        marks[2, h] = 0
        blk[h] = bws[WS_BLOCK, h]
        da[h] = bws[WS_DIST_A, h]
        dc[h] = bws[WS_DIST_C, h]
        if da[h] == 0 and h != h0:
            qa[na] = h
            na += 1
        if dc[h] == 0 and h != h0:
            cand[nc] = h
            nc += 1
    blk[h0] = 1
    da[h0] = N
    dc[h0] = N
    for d in range(6):
        y = NB[h0, d]
        if y >= 0 and blk[y] == 0:
            if da[y] != 0:
                da[y] = 0
                qa[na] = y
                na += 1
            if dc[y] != 0:
                dc[y] = 0
                cand[nc] = y
                nc += 1
    _bfs_cap_open(da, qa, na, k, blk)
    _bfs_cap_open(dc, cand, nc, k, blk)
    _, n = repair_search(cp, p, k, marks[0], tlist, ws, marks[1], marks[2], sets, lens, cap)
    return n
