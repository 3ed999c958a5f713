"""The compiled rules of the Catan core and of both games built on it (troja.md §1-§4).

One state machine serves `catan` and `troja`; the game flag in the config (C_GAME)
switches the game-specific parts: development cards, robber, harbors and Largest Army
(`catan`), allegiance, support row, battles, gallery track, ships, trade tiles and the
corsair (`troja`). Shared pieces (placement, setup snake, production with the bank
shortage rule, the 7, maritime trade, Longest Road, piece limits, special building
phase, win check) are written once.

Everything is `@njit(cache=True)` over plain arrays. Functions that allocate nothing are also
compiled with `**NO_REFCOUNT` (no reference counting, see sim/catan_core/borrow.py): the caller
keeps every array alive, and the count updates around each call cost more than the rules.
The four that allocate (new_game, draw_board, simulate_battles, check_invariants) keep it.
  st   int32[STATE_SIZE]  the game (layout.py)
  topo int32[TOPO_SIZE]   the board graph (board.py)
  cfg  int64[CFG_SIZE]    the rules (each game's params.to_config)
  rng  uint64[1]          a stream of sim/rng.py
"""
import numpy as np
from numba import njit

from sim.rng import below, shuffle, new_stream, SETUP
from sim.catan_core.borrow import NO_REFCOUNT
from sim.catan_core.board import (
    T_H, T_N, T_E, T_S, T_NHARB, T_HEX_NODES, T_HEX_ADJ, T_NODE_HEX, T_NODE_NB, T_NODE_NBE,
    T_EDGE_NODES, T_SEA_NODES, T_SEA_ADJ, T_SEA_SYMBOL, T_HARB_NODES, T_HARB_TYPES,
    T_SPIRAL, T_HAS_SPIRAL, T_TERRAIN_COUNTS, T_NUMBERS, T_N_NUMBERS, EMAX, HMAX, SMAX, NMAX,
)
from sim.catan_core.layout import *  # noqa: F401,F403  (state/config offsets)
from sim.catan_core.actions import EV_ALLEGIANCE, EV_DICE, EV_BATTLE, EV_WAR_TRACK
from sim.layout import note

SPIRAL_NUMBERS = np.array((5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11), dtype=np.int32)


# ---------------------------------------------------------------- action layout
@njit(cache=True, inline="always")
def a_road(topo):
    return 2


@njit(cache=True, inline="always")
def a_settle(topo):
    return 2 + topo[T_E]


@njit(cache=True, inline="always")
def a_city(topo):
    return 2 + topo[T_E] + topo[T_N]


@njit(cache=True, inline="always")
def a_trade(topo):
    return 2 + topo[T_E] + 2 * topo[T_N]


@njit(cache=True, inline="always")
def a_discard(topo):
    return 22 + topo[T_E] + 2 * topo[T_N]


@njit(cache=True, inline="always")
def a_base(topo):
    return 27 + topo[T_E] + 2 * topo[T_N]


@njit(cache=True, **NO_REFCOUNT)
def n_actions(topo, cfg):
    b = a_base(topo)
    P = cfg[C_P]
    if cfg[C_GAME] == GAME_CATAN:
        return b + 28 + topo[T_H] * (P + 1)
    return b + 18 + topo[T_S] * (P + 2)


# ---------------------------------------------------------------- bit sets (31 bits per int32 word)
@njit(cache=True, inline="always")
def bit_get(st, base, i):
    return (st[base + i // 31] >> (i % 31)) & 1


@njit(cache=True, inline="always")
def bit_set(st, base, i, v):
    w = base + i // 31
    m = 1 << (i % 31)
    if v:
        st[w] = st[w] | m
    else:
        st[w] = st[w] & ~m


DEBRUIJN = np.array((0, 1, 28, 2, 29, 14, 24, 3, 30, 22, 20, 15, 25, 17, 4, 8, 31, 27, 13, 23, 21, 19,
                     16, 7, 26, 12, 18, 6, 11, 5, 10, 9), dtype=np.int64)


@njit(cache=True, inline="always")
def bits_out(st, base, words, offset, out, n):
    """Append offset + i for every set bit i of the words at st[base:base+words] (ascending)."""
    for wi in range(words):
        x = np.int64(st[base + wi])
        while x != 0:
            low = x & -x
            k = DEBRUIJN[((low * 0x077CB531) & 0xFFFFFFFF) >> 27]
            out[n] = offset + wi * 31 + k
            n += 1
            x ^= low
    return n


# ---------------------------------------------------------------- small helpers
@njit(cache=True, inline="always")
def pbase(p):
    return S_PLAYERS + p * PS


@njit(cache=True, inline="always")
def hand_total(st, p):
    b = S_PLAYERS + p * PS + P_HAND
    return st[b] + st[b + 1] + st[b + 2] + st[b + 3] + st[b + 4]


@njit(cache=True, inline="always")
def row_total(st):
    return st[S_ROW] + st[S_ROW + 1] + st[S_ROW + 2] + st[S_ROW + 3] + st[S_ROW + 4]


@njit(cache=True, inline="always")
def can_afford(st, cfg, p, coff):
    b = S_PLAYERS + p * PS + P_HAND
    for r in range(5):
        if st[b + r] < cfg[coff + r]:
            return False
    return True


@njit(cache=True, inline="always")
def pay(st, cfg, p, coff):
    b = S_PLAYERS + p * PS + P_HAND
    for r in range(5):
        c = cfg[coff + r]
        st[b + r] -= c
        st[S_BANK + r] += c


@njit(cache=True, inline="always")
def draw_from_counts(st, off, rng):
    """Remove one uniformly random card from the 5 counts at st[off:off+5]; return its resource."""
    tot = st[off] + st[off + 1] + st[off + 2] + st[off + 3] + st[off + 4]
    x = below(rng, tot)
    for r in range(5):
        c = st[off + r]
        if x < c:
            st[off + r] -= 1
            return r
        x -= c
    return -1


@njit(cache=True, inline="always")
def sbp_enabled(cfg):
    s = cfg[C_SBP]
    if s == -1:
        return cfg[C_P] >= 5
    return s == 1


@njit(cache=True, inline="always")
def corsair_blocks(st, cfg, s):
    """True if the corsair voids the benefit of the ship on sea hex s."""
    return cfg[C_CORSAIR_BLOCKS_BENEFIT] == 1 and st[S_CORSAIR] == s


@njit(cache=True, inline="always")
def ship_benefit_at(st, cfg, s):
    return cfg[C_SHIP_BENEFIT + st[S_SHIP_DISC + s]]


@njit(cache=True, inline="always")
def benefit_count(st, cfg, p, ben):
    """Unblocked ships of player p with benefit `ben`."""
    c = st[S_PLAYERS + p * PS + P_SHIP_BEN + ben]
    s = st[S_CORSAIR]
    if c > 0 and s >= 0 and cfg[C_CORSAIR_BLOCKS_BENEFIT] == 1:
        if st[S_SHIP_OWNER + s] == p and ship_benefit_at(st, cfg, s) == ben:
            c -= 1
    return c


@njit(cache=True, inline="always")
def track_bonus(st, cfg, p):
    side = st[S_PLAYERS + p * PS + P_ALLEG]
    if side < 0:
        return 0
    w = st[S_TRACK + side]
    if w > 5:
        w = 5
    return cfg[C_TRACK_VALUES + w]


@njit(cache=True, inline="always")
def vp_ships(st, cfg, p):
    n = st[S_PLAYERS + p * PS + P_VP_SHIPS]
    s = st[S_CORSAIR]
    if n > 0 and s >= 0 and cfg[C_CORSAIR_BLOCKS_VP] == 1:
        if st[S_SHIP_OWNER + s] == p and ship_benefit_at(st, cfg, s) == BEN_VP:
            n -= 1
    return n * cfg[C_SHIP_VP]


@njit(cache=True, inline="always")
def vp_public(st, cfg, p):
    """VP visible to everyone (catan: without hidden VP cards)."""
    b = S_PLAYERS + p * PS
    v = (cfg[C_MAX_SETTLES] - st[b + P_SETTLES_LEFT]) * cfg[C_VP_SETTLE]
    v += (cfg[C_MAX_CITIES] - st[b + P_CITIES_LEFT]) * cfg[C_VP_CITY]
    if st[S_LR_HOLDER] == p:
        v += cfg[C_LR_VP]
    if st[S_GAME] == GAME_CATAN:
        if st[S_LA_HOLDER] == p:
            v += cfg[C_LA_VP]
    else:
        v += vp_ships(st, cfg, p) + track_bonus(st, cfg, p)
    return v


@njit(cache=True, inline="always")
def vp(st, cfg, p):
    v = vp_public(st, cfg, p)
    if st[S_GAME] == GAME_CATAN:
        v += st[S_PLAYERS + p * PS + P_DEV + DEV_VP]
    return v


# ---------------------------------------------------------------- placement
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


# ---------------------------------------------------------------- longest road
@njit(cache=True, inline="always")
def own_road_degree(st, topo, p, n):
    d = 0
    for k in range(3):
        e = topo[T_NODE_NBE + 3 * n + k]
        if e >= 0 and st[S_EDGE_OWNER + e] == p:
            d += 1
    return d


@njit(cache=True, inline="always")
def mark_bit(m0, m1, i):
    """Set bit i (0..127) of the two-word mask (m0, m1); returns (was it set, m0, m1)."""
    if i < 64:
        bit = np.int64(1) << i
        return (m0 & bit) != 0, m0 | bit, m1
    bit = np.int64(1) << (i - 64)
    return (m1 & bit) != 0, m0, m1 | bit


@njit(cache=True, **NO_REFCOUNT)
def trail_from(st, topo, p, start, skip=-1):
    """Longest trail over p's roads that starts at node `start` and does not use edge `skip`
    (-1: none); it may end at, not pass through, an opponent's building. Depth-first search;
    the used edges are a two-word bit mask and the stacks live in the state's scratch block,
    so nothing is allocated."""
    sn = SC_TRAIL                 # node at each depth
    sk = SC_TRAIL + LR_STACK      # next neighbour slot to try at each depth
    se = SC_TRAIL + 2 * LR_STACK  # edge taken to reach each depth
    best = 0
    used0 = np.int64(0)   # edges 0..63
    used1 = np.int64(0)   # edges 64..127
    if skip >= 0:
        _, used0, used1 = mark_bit(used0, used1, skip)
    depth = 0
    st[sn] = start
    st[sk] = 0
    st[se] = -1
    while depth >= 0:
        n = st[sn + depth]
        o = st[S_NODE_OWNER + n]
        advanced = False
        if depth == 0 or o < 0 or o == p:
            k = st[sk + depth]
            while k < 3:
                e = topo[T_NODE_NBE + 3 * n + k]
                k += 1
                if e < 0 or st[S_EDGE_OWNER + e] != p:
                    continue
                seen, used0, used1 = mark_bit(used0, used1, e)
                if seen:
                    continue
                st[sk + depth] = k
                depth += 1
                st[sn + depth] = topo[T_NODE_NB + 3 * n + k - 1]
                st[sk + depth] = 0
                st[se + depth] = e
                if depth > best:
                    best = depth
                advanced = True
                break
            if not advanced:
                st[sk + depth] = 3
        if not advanced:
            if depth > 0:
                e = st[se + depth]
                if e < 64:
                    used0 &= ~(np.int64(1) << e)
                else:
                    used1 &= ~(np.int64(1) << (e - 64))
            depth -= 1
    return best


@njit(cache=True, **NO_REFCOUNT)
def network_longest(st, topo, p, seed):
    """(longest trail of p in the road network around node `seed`, its nodes as a two-word
    mask). The network is flooded through nodes without an opponent's building. A longest
    trail can be taken to start where p's roads end or branch or at an opponent's building
    (from a plain pass-through node it could be extended, or it is a closed loop that can be
    rotated to start anywhere on it); only a network that is one plain loop has no such
    node, and then any node will do. So only those nodes start a search."""
    comp = SC_COMP
    st[comp] = seed
    cnt = 1
    _, m0, m1 = mark_bit(np.int64(0), np.int64(0), seed)
    i = 0
    best = 0
    starts = 0
    while i < cnt:
        n = st[comp + i]
        i += 1
        o = st[S_NODE_OWNER + n]
        blocked = o >= 0 and o != p
        if blocked or own_road_degree(st, topo, p, n) != 2:
            x = trail_from(st, topo, p, n)
            starts += 1
            if x > best:
                best = x
        if blocked and n != seed:
            continue
        for k in range(3):
            e = topo[T_NODE_NBE + 3 * n + k]
            if e >= 0 and st[S_EDGE_OWNER + e] == p:
                m = topo[T_NODE_NB + 3 * n + k]
                seen, m0, m1 = mark_bit(m0, m1, m)
                if seen:
                    continue
                st[comp + cnt] = m
                cnt += 1
    if starts == 0:
        best = trail_from(st, topo, p, seed)
    return best, m0, m1


@njit(cache=True, **NO_REFCOUNT)
def longest_road_of(st, topo, p):
    """Longest trail over p's roads (§1.8): the best of p's road networks."""
    N = topo[T_N]
    seen0 = np.int64(0)
    seen1 = np.int64(0)
    best = 0
    for n in range(N):
        if n < 64:
            if (seen0 >> n) & 1:
                continue
        elif (seen1 >> (n - 64)) & 1:
            continue
        if own_road_degree(st, topo, p, n) == 0:
            continue
        o = st[S_NODE_OWNER + n]
        x, m0, m1 = network_longest(st, topo, p, n)
        if x > best:
            best = x
        if not (o >= 0 and o != p):  # a network seen from a plain node is complete
            seen0 |= m0
            seen1 |= m1
    return best


@njit(cache=True, **NO_REFCOUNT)
def award_longest_road(st, cfg):
    """§1.8 rules 1 and 2 on the stored lengths."""
    P = st[S_P]
    h = st[S_LR_HOLDER]
    mn = cfg[C_LR_MIN]
    if h >= 0:
        lh = st[S_PLAYERS + h * PS + P_ROAD_LEN]
        keep = lh >= mn
        for q in range(P):
            if st[S_PLAYERS + q * PS + P_ROAD_LEN] > lh:
                keep = False
        if keep:
            return
    M = 0
    for q in range(P):
        L = st[S_PLAYERS + q * PS + P_ROAD_LEN]
        if L > M:
            M = L
    cnt = 0
    who = -1
    for q in range(P):
        if st[S_PLAYERS + q * PS + P_ROAD_LEN] == M:
            cnt += 1
            who = q
    if M >= mn and cnt == 1:
        st[S_LR_HOLDER] = who
    else:
        st[S_LR_HOLDER] = -1


@njit(cache=True, **NO_REFCOUNT)
def joined_without(st, topo, p, a, c, skip):
    """True if p's roads other than edge `skip` connect nodes a and c, buildings ignored
    (then `skip` lies on a cycle of p's roads). Flood from a; the queue is the scratch block."""
    q = SC_COMP
    st[q] = a
    cnt = 1
    _, m0, m1 = mark_bit(np.int64(0), np.int64(0), a)
    i = 0
    while i < cnt:
        n = st[q + i]
        i += 1
        for k in range(3):
            e = topo[T_NODE_NBE + 3 * n + k]
            if e < 0 or e == skip or st[S_EDGE_OWNER + e] != p:
                continue
            m = topo[T_NODE_NB + 3 * n + k]
            if m == c:
                return True
            seen, m0, m1 = mark_bit(m0, m1, m)
            if seen:
                continue
            st[q + cnt] = m
            cnt += 1
    return False


@njit(cache=True, inline="always")
def road_arm(st, topo, p, n, e):
    """Longest trail of p that ends at node n (an end of road e) without using e: 0 if an
    opponent's building at n stops a trail from passing through it onto e."""
    o = st[S_NODE_OWNER + n]
    if (o >= 0 and o != p) or own_road_degree(st, topo, p, n) == 1:
        return 0
    return trail_from(st, topo, p, n, e)


@njit(cache=True, **NO_REFCOUNT)
def longest_road_after_road(st, topo, cfg, p, e):
    """A new road e of p can only lengthen trails that use it: p's length becomes the larger
    of the old one and the longest trail through e, then the card is awarded.
    When e is a bridge of p's roads (always when it ends in a fresh node), a trail through e
    is a trail into one end plus e plus a trail out of the other, on disjoint sides, so two
    searches from e's ends find it. Otherwise (e closes a cycle) e's whole network is searched."""
    a = topo[T_EDGE_NODES + 2 * e]
    c = topo[T_EDGE_NODES + 2 * e + 1]
    if own_road_degree(st, topo, p, a) == 1 or own_road_degree(st, topo, p, c) == 1 \
            or not joined_without(st, topo, p, a, c, e):
        x = 1 + road_arm(st, topo, p, a, e) + road_arm(st, topo, p, c, e)
    else:
        o = st[S_NODE_OWNER + a]
        if o >= 0 and o != p:
            a = c
        x, m0, m1 = network_longest(st, topo, p, a)
    b = S_PLAYERS + p * PS + P_ROAD_LEN
    if x > st[b]:
        st[b] = x
    award_longest_road(st, cfg)


@njit(cache=True, **NO_REFCOUNT)
def update_longest_road(st, topo, cfg, who):
    """Recount the lengths of the players in mask `who` (bit q = seat q), then award."""
    for q in range(st[S_P]):
        if (who >> q) & 1:
            st[S_PLAYERS + q * PS + P_ROAD_LEN] = longest_road_of(st, topo, q)
    award_longest_road(st, cfg)


# ---------------------------------------------------------------- trade rates
@njit(cache=True, **NO_REFCOUNT)
def update_rates(st, topo, cfg, p):
    gen = False
    spec0 = False
    spec1 = False
    spec2 = False
    spec3 = False
    spec4 = False
    if cfg[C_USE_HARBORS] == 1:
        for k in range(topo[T_NHARB]):
            a = topo[T_HARB_NODES + 2 * k]
            b = topo[T_HARB_NODES + 2 * k + 1]
            if st[S_NODE_OWNER + a] == p or st[S_NODE_OWNER + b] == p:
                t = st[S_HARB_TYPE + k]
                if t == 5:
                    gen = True
                elif t == 0:
                    spec0 = True
                elif t == 1:
                    spec1 = True
                elif t == 2:
                    spec2 = True
                elif t == 3:
                    spec3 = True
                else:
                    spec4 = True
    if st[S_GAME] == GAME_TROJA:
        b = S_PLAYERS + p * PS
        if st[b + P_SHIPS] > 0:
            for s in range(topo[T_S]):
                if st[S_SHIP_OWNER + s] == p and not corsair_blocks(st, cfg, s):
                    ben = ship_benefit_at(st, cfg, s)
                    if ben == BEN_PORT3:
                        gen = True
                    elif ben == BEN_TILE2 and st[S_SHIP_TILE + s] >= 0:
                        t = st[S_SHIP_TILE + s]
                        if t == 0:
                            spec0 = True
                        elif t == 1:
                            spec1 = True
                        elif t == 2:
                            spec2 = True
                        elif t == 3:
                            spec3 = True
                        else:
                            spec4 = True
    b = S_PLAYERS + p * PS + P_RATE
    for r in range(5):
        rate = cfg[C_RATE_MAR]
        if gen and cfg[C_RATE_GEN] < rate:
            rate = cfg[C_RATE_GEN]
        sp = spec0 if r == 0 else (spec1 if r == 1 else (spec2 if r == 2 else (spec3 if r == 3 else spec4)))
        if sp and cfg[C_RATE_SPEC] < rate:
            rate = cfg[C_RATE_SPEC]
        st[b + r] = rate


@njit(cache=True, **NO_REFCOUNT)
def update_all_rates(st, topo, cfg):
    for q in range(st[S_P]):
        update_rates(st, topo, cfg, q)


# ---------------------------------------------------------------- production
@njit(cache=True, **NO_REFCOUNT)
def produce(st, topo, cfg, roll):
    """Pay every building on hexes numbered `roll` (§1.5), with the bank-shortage rule.
    Only hexes with a building are visited (S_HEX_OWNERS). What each player is owed is summed
    in the state's scratch block (no allocation), for the resources paid (bits of `owed_r`)."""
    P = st[S_P]
    owed = SC_OWED  # owed[q, r] at owed + 5 q + r
    robber = st[S_ROBBER]
    owed_r = 0
    for h in range(topo[T_H]):
        if st[S_NUMBER + h] == roll and h != robber and st[S_HEX_OWNERS + h] != 0:
            r = st[S_TERRAIN + h]
            if r < 5:
                if (owed_r >> r) & 1 == 0:
                    owed_r |= 1 << r
                    for q in range(P):
                        st[owed + 5 * q + r] = 0
                for k in range(6):
                    n = topo[T_HEX_NODES + 6 * h + k]
                    o = st[S_NODE_OWNER + n]
                    if o >= 0:
                        st[owed + 5 * o + r] += st[S_NODE_LEVEL + n]
    if owed_r == 0:
        return
    for r in range(5):
        if (owed_r >> r) & 1 == 0:
            continue
        D = 0
        cl = 0
        who = -1
        for q in range(P):
            x = st[owed + 5 * q + r]
            if x > 0:
                D += x
                cl += 1
                who = q
        if D == 0:
            continue
        if D <= st[S_BANK + r]:
            for q in range(P):
                st[S_PLAYERS + q * PS + P_HAND + r] += st[owed + 5 * q + r]
            st[S_BANK + r] -= D
        elif cl == 1 and cfg[C_SHORTAGE] == 1:
            st[S_PLAYERS + who * PS + P_HAND + r] += st[S_BANK + r]
            st[S_BANK + r] = 0


# ---------------------------------------------------------------- setup of a new game
@njit(cache=True, **NO_REFCOUNT)
def _numbers_ok(st, topo):
    for h in range(topo[T_H]):
        x = st[S_NUMBER + h]
        if x == 6 or x == 8:
            for k in range(6):
                a = topo[T_HEX_ADJ + 6 * h + k]
                if a >= 0:
                    y = st[S_NUMBER + a]
                    if y == 6 or y == 8:
                        return False
    return True


@njit(cache=True)
def draw_board(st, topo, cfg, rng):
    """Terrain, numbers and harbor types (§2.1 steps 1-3) from stream `rng`."""
    H = topo[T_H]
    terr = np.empty(H, dtype=np.int32)
    i = 0
    for r in range(6):
        for _ in range(topo[T_TERRAIN_COUNTS + r]):
            terr[i] = r
            i += 1
    shuffle(rng, terr)
    for h in range(H):
        st[S_TERRAIN + h] = terr[h]
    nn = topo[T_N_NUMBERS]
    nums = np.empty(nn, dtype=np.int32)
    for j in range(nn):
        nums[j] = topo[T_NUMBERS + j]
    mode = cfg[C_NUMBER_PLACEMENT]
    if mode == 2 and topo[T_HAS_SPIRAL] == 1:
        j = 0
        for k in range(H):
            h = topo[T_SPIRAL + k]
            if st[S_TERRAIN + h] == 5:
                st[S_NUMBER + h] = 0
            else:
                st[S_NUMBER + h] = SPIRAL_NUMBERS[j]
                j += 1
    else:
        while True:
            shuffle(rng, nums)
            j = 0
            for h in range(H):
                if st[S_TERRAIN + h] == 5:
                    st[S_NUMBER + h] = 0
                else:
                    st[S_NUMBER + h] = nums[j]
                    j += 1
            if mode != 1 or _numbers_ok(st, topo):
                break
    nh = topo[T_NHARB]
    ht = np.empty(nh, dtype=np.int32)
    for k in range(nh):
        ht[k] = topo[T_HARB_TYPES + k]
    shuffle(rng, ht)
    for k in range(nh):
        st[S_HARB_TYPE + k] = ht[k]


@njit(cache=True)
def new_game(st, topo, cfg, seed, game_index):
    """Fill `st` with a fresh game: board, deck / allegiance, bank, pieces (§2.1, §3.1); the
    contract header's trace flag is kept (sim/layout.py)."""
    tr = st[H_TRACE]
    st[:] = 0
    st[H_TRACE] = tr
    P = cfg[C_P]
    game = cfg[C_GAME]
    st[S_GAME] = game
    st[S_P] = P
    for i in range(S_NODE_OWNER, S_NODE_OWNER + 80):
        st[i] = -1
    for i in range(S_EDGE_OWNER, S_EDGE_OWNER + EMAX):
        st[i] = -1
    for i in range(SMAX):
        st[S_SHIP_OWNER + i] = -1
        st[S_SHIP_DISC + i] = -1
        st[S_SHIP_TILE + i] = -1
    for i in range(80):
        st[S_NODE_HARB + i] = -1
    st[S_LR_HOLDER] = -1
    st[S_LA_HOLDER] = -1
    st[S_LAST_NODE] = -1
    st[S_TILE_SHIP] = -1
    st[S_LAST_BATTLE] = -1
    rng = new_stream(seed, game_index, SETUP)
    if cfg[C_BOARD_SEED] >= 0:
        brng = new_stream(cfg[C_BOARD_SEED], 0, SETUP)
        draw_board(st, topo, cfg, brng)
    else:
        draw_board(st, topo, cfg, rng)
    for r in range(5):
        st[S_BANK + r] = cfg[C_BANK]
    for p in range(P):
        b = S_PLAYERS + p * PS
        st[b + P_ROADS_LEFT] = cfg[C_MAX_ROADS]
        st[b + P_SETTLES_LEFT] = cfg[C_MAX_SETTLES]
        st[b + P_CITIES_LEFT] = cfg[C_MAX_CITIES]
        st[b + P_ALLEG] = -1
        for r in range(5):
            st[b + P_RATE + r] = cfg[C_RATE_MAR]
    st[S_ROBBER] = -1
    st[S_CORSAIR] = -1
    if game == GAME_CATAN:
        for h in range(topo[T_H]):
            if st[S_TERRAIN + h] == 5:
                st[S_ROBBER] = h
                break
        n = 0
        for t in range(5):
            for _ in range(cfg[C_DEV_COUNTS + t]):
                if n < DECKMAX:
                    st[S_DECK + n] = t
                    n += 1
        st[S_DECK_N] = n
        deck = st[S_DECK:S_DECK + n].copy()
        shuffle(rng, deck)
        st[S_DECK:S_DECK + n] = deck
    else:
        nt = cfg[C_ALLEG_T]
        nm = cfg[C_ALLEG_M]
        cards = np.empty(nt + nm, dtype=np.int32)
        for i in range(nt + nm):
            cards[i] = SIDE_TROY if i < nt else SIDE_MYCENAE
        shuffle(rng, cards)
        for p in range(P):
            st[S_PLAYERS + p * PS + P_ALLEG] = cards[p] if p < nt + nm else -1
            note(st, EV_ALLEGIANCE, p, st[S_PLAYERS + p * PS + P_ALLEG], 0)
        for r in range(5):
            c = cfg[C_ROW_SEED + r]
            st[S_ROW + r] = c
            st[S_BANK + r] -= c
            st[S_TILES + r] = cfg[C_TILES_PER_RES]
        cs = cfg[C_CORSAIR_START]
        if cs >= topo[T_S]:
            cs = 0
        st[S_CORSAIR] = cs
        st[S_TOKEN_SUPPLY] = cfg[C_TOKEN_SUPPLY]
    st[S_PHASE] = PH_SETUP_SETTLEMENT
    st[S_ACTOR] = 0
    st[S_ACTIVE] = 0


# ---------------------------------------------------------------- turn flow
@njit(cache=True, inline="always")
def finish_race(st, p):
    st[S_PHASE] = PH_OVER
    st[S_END_PATH] = END_RACE
    st[S_WIN_MASK] = 1 << p


@njit(cache=True, inline="always")
def check_win(st, cfg):
    """Win check after an action (§1.9). Returns True if the game ended."""
    P = st[S_P]
    ph = st[S_PHASE]
    if ph == PH_OVER or ph <= PH_SETUP_ROAD:
        return ph == PH_OVER
    target = cfg[C_VP_TO_WIN]
    if cfg[C_OWN_TURN_ONLY] == 1:
        if ph == PH_SBP:
            return False
        if (ph == PH_CORSAIR or ph == PH_CHOOSE_TILE) and st[S_RET_PHASE] == PH_SBP:
            return False
        a = st[S_ACTIVE]
        if vp(st, cfg, a) >= target:
            finish_race(st, a)
            return True
        return False
    a = st[S_ACTIVE]
    for j in range(P):
        q = (a + j) % P
        if vp(st, cfg, q) >= target:
            finish_race(st, q)
            return True
    return False


@njit(cache=True, inline="always")
def begin_turn(st, cfg, p):
    if st[S_TURN] + 1 > cfg[C_MAX_TURNS]:
        st[S_PHASE] = PH_OVER
        st[S_END_PATH] = END_TRUNCATED
        st[S_WIN_MASK] = 0
        return
    st[S_TURN] += 1
    st[S_ACTIVE] = p
    st[S_ACTOR] = p
    st[S_DEV_PLAYED] = 0
    st[S_DON_COUNT] = 0
    st[S_DON_PLACED] = 0
    st[S_SWAP_USED] = 0
    st[S_TAKE_USED] = 0
    st[S_TURN_ACTIONS] = 0
    st[S_TRADES_TURN] = 0
    b = S_PLAYERS + p * PS + P_DEV_NEW
    for t in range(5):
        st[b + t] = 0
    st[S_PHASE] = PH_PRE_ROLL
    if vp(st, cfg, p) >= cfg[C_VP_TO_WIN]:
        finish_race(st, p)


@njit(cache=True, **NO_REFCOUNT)
def track_end(st, cfg, side):
    """A side's last win ends the game (§3.9, T12, T13)."""
    P = st[S_P]
    st[S_PHASE] = PH_OVER
    st[S_END_PATH] = END_TRACK_TROY if side == SIDE_TROY else END_TRACK_MYCENAE
    a = st[S_ACTIVE]
    if cfg[C_TRACK_END_PREC] == 0 and vp(st, cfg, a) >= cfg[C_VP_TO_WIN]:
        st[S_END_PATH] = END_RACE
        st[S_WIN_MASK] = 1 << a
        return
    best_v = -1
    best_t = -1
    mask = 0
    for q in range(P):
        if cfg[C_TRACK_END_POOL] == 1 and st[S_PLAYERS + q * PS + P_ALLEG] != side:
            continue
        v = vp(st, cfg, q)
        t = st[S_PLAYERS + q * PS + P_TOKENS]
        if v > best_v or (v == best_v and t > best_t):
            best_v = v
            best_t = t
            mask = 1 << q
        elif v == best_v and t == best_t:
            mask |= 1 << q
    st[S_WIN_MASK] = mask


@njit(cache=True, **NO_REFCOUNT)
def reveal(counts, off, k, rng, revealed, roff=0):
    """Draw k cards uniformly without replacement from counts[off:off+5] into
    revealed[roff:roff+5]."""
    for r in range(5):
        revealed[roff + r] = 0
    for _ in range(k):
        r = draw_from_counts(counts, off, rng)
        revealed[roff + r] += 1


@njit(cache=True, **NO_REFCOUNT)
def battle_result(cfg, revealed, roff=0):
    """0 Troy wins, 1 Mycenae wins, 2 draw, from revealed counts (at roff) and `resource_side`."""
    t = 0
    m = 0
    for r in range(5):
        side = cfg[C_SIDE + r]
        if side == SIDE_TROY:
            t += revealed[roff + r]
        elif side == SIDE_MYCENAE:
            m += revealed[roff + r]
    if t > m:
        return SIDE_TROY
    if m > t:
        return SIDE_MYCENAE
    return 2


@njit(cache=True, **NO_REFCOUNT)
def resolve_battle(st, cfg, revealed, roff=0):
    """Score revealed cards (already out of the row), send them on, move the marker (§3.5, §3.6).
    Returns True if the track end finished the game."""
    for r in range(5):
        if cfg[C_REVEALED_TO_BANK] == 1:
            st[S_BANK + r] += revealed[roff + r]
        else:
            st[S_REMOVED + r] += revealed[roff + r]
    out = battle_result(cfg, revealed, roff)
    fought = st[S_BATTLES] + st[S_BATTLES + 1] + st[S_BATTLES + 2]
    if fought < BATTLE_LOG_N:
        st[S_BATTLE_LOG + fought] = out + 1
    st[S_BATTLES + out] += 1
    st[S_LAST_BATTLE] = out
    if out < 2:
        st[S_TRACK + out] += 1
        if st[S_TRACK + out] >= cfg[C_TRACK_END]:
            track_end(st, cfg, out)
            return True
    return False


@njit(cache=True, **NO_REFCOUNT)
def battle(st, cfg, rng):
    """Reveal `battle_reveal` row cards (into the scratch block) and resolve.
    Returns True if the game ended."""
    k = cfg[C_REVEAL]
    tot = row_total(st)
    if k > tot:
        k = tot
    reveal(st, S_ROW, k, rng, st, S_SCRATCH)
    if st[H_TRACE] != 0:   # the row as it was and the cards revealed from it (traces only)
        rc = S_SCRATCH
        note(st, EV_BATTLE,
             (st[S_ROW] + st[rc]) | ((st[S_ROW + 1] + st[rc + 1]) << 6) | ((st[S_ROW + 2] + st[rc + 2]) << 12)
             | ((st[S_ROW + 3] + st[rc + 3]) << 18) | ((st[S_ROW + 4] + st[rc + 4]) << 24),
             st[rc] | (st[rc + 1] << 6) | (st[rc + 2] << 12) | (st[rc + 3] << 18) | (st[rc + 4] << 24),
             battle_result(cfg, st, S_SCRATCH))
    over = resolve_battle(st, cfg, st, S_SCRATCH)
    note(st, EV_WAR_TRACK, st[S_TRACK], st[S_TRACK + 1], 0)
    return over


@njit(cache=True)
def simulate_battles(cfg, row, n, rng):
    """Outcome counts (Troy, Mycenae, draw) of n independent battles on row counts `row`."""
    out = np.zeros(3, dtype=np.int64)
    work = np.zeros(5, dtype=np.int64)
    revealed = np.zeros(5, dtype=np.int64)
    k = cfg[C_REVEAL]
    for _ in range(n):
        for r in range(5):
            work[r] = row[r]
        reveal(work, 0, k, rng, revealed)
        out[battle_result(cfg, revealed)] += 1
    return out


@njit(cache=True, inline="always")
def next_turn_or_sbp(st, cfg):
    P = st[S_P]
    a = st[S_ACTIVE]
    if sbp_enabled(cfg) and P > 1:
        st[S_PHASE] = PH_SBP
        st[S_SBP_LEFT] = P - 1
        st[S_ACTOR] = (a + 1) % P
    else:
        begin_turn(st, cfg, (a + 1) % P)


@njit(cache=True, inline="always")
def end_turn(st, cfg, rng):
    if st[S_GAME] == GAME_TROJA and row_total(st) >= cfg[C_ROW_THRESHOLD]:
        if battle(st, cfg, rng):
            return
    if check_win(st, cfg):
        return
    next_turn_or_sbp(st, cfg)


@njit(cache=True, inline="always")
def start_robber(st, cfg, ret, cause):
    st[S_RET_PHASE] = ret
    st[S_CAUSE] = cause
    st[S_ACTOR] = st[S_ACTIVE]
    if st[S_GAME] == GAME_CATAN:
        st[S_PHASE] = PH_ROBBER
    else:
        st[S_PHASE] = PH_CORSAIR


@njit(cache=True, inline="always")
def next_discarder(st, from_seat):
    """Next seat after `from_seat` (turn order from the active player) that owes cards, or -1."""
    P = st[S_P]
    a = st[S_ACTIVE]
    d = (from_seat - a) % P
    for j in range(d + 1, P):
        q = (a + j) % P
        if st[S_PLAYERS + q * PS + P_OWE] > 0:
            return q
    return -1


@njit(cache=True, inline="always")
def roll_dice(st, topo, cfg, rng):
    d1 = below(rng, 6) + 1
    d2 = below(rng, 6) + 1
    s = d1 + d2
    st[S_DICE] = s
    note(st, EV_DICE, s, 0, 0)
    if s != 7:
        produce(st, topo, cfg, s)
        st[S_PHASE] = PH_MAIN
        return
    st[S_SEVENS] += 1
    P = st[S_P]
    lim = cfg[C_DISCARD_LIMIT]
    first = -1
    a = st[S_ACTIVE]
    for j in range(P):
        q = (a + j) % P
        h = hand_total(st, q)
        if h > lim:
            st[S_PLAYERS + q * PS + P_OWE] = h // 2
            if first < 0:
                first = q
    if first >= 0:
        st[S_PHASE] = PH_DISCARD
        st[S_ACTOR] = first
        st[S_RET_PHASE] = PH_MAIN
    else:
        start_robber(st, cfg, PH_MAIN, 7)


@njit(cache=True, **NO_REFCOUNT)
def steal(st, thief, victim, rng):
    r = draw_from_counts(st, S_PLAYERS + victim * PS + P_HAND, rng)
    st[S_PLAYERS + thief * PS + P_HAND + r] += 1
    st[S_PLAYERS + thief * PS + P_STOLEN] += 1
    st[S_PLAYERS + victim * PS + P_LOST] += 1


# ---------------------------------------------------------------- robber / corsair victims
@njit(cache=True, inline="always")
def others_with_cards(st, p):
    """Mask of the players other than p who hold a resource card (possible robber victims)."""
    mask = 0
    for q in range(st[S_P]):
        if q != p and hand_total(st, q) > 0:
            mask |= 1 << q
    return mask


@njit(cache=True, inline="always")
def robber_victims(st, topo, p, h):
    """Players the robber on land hex h can steal from (bit q = seat q)."""
    return st[S_HEX_OWNERS + h] & others_with_cards(st, p)


@njit(cache=True, inline="always")
def corsair_victims(st, topo, p, s):
    mask = 0
    o = st[S_SHIP_OWNER + s]
    if o >= 0 and o != p and hand_total(st, o) > 0:
        mask |= 1 << o
    for k in range(3):
        n = topo[T_SEA_NODES + 3 * s + k]
        if n >= 0:
            o = st[S_NODE_OWNER + n]
            if o >= 0 and o != p and hand_total(st, o) > 0:
                mask |= 1 << o
    return mask


@njit(cache=True, **NO_REFCOUNT)
def friendly_blocked(st, topo, cfg, p, h):
    for k in range(6):
        n = topo[T_HEX_NODES + 6 * h + k]
        o = st[S_NODE_OWNER + n]
        if o >= 0 and o != p and vp_public(st, cfg, o) < 3:
            return True
    return False


# ---------------------------------------------------------------- legal actions
@njit(cache=True, inline="always")
def _dev_playable(st, p, t):
    b = S_PLAYERS + p * PS
    return st[b + P_DEV + t] - st[b + P_DEV_NEW + t] >= 1


@njit(cache=True, inline="always")
def _yop_legal(st, cfg, i):
    """Year of Plenty option i: 0..14 pairs (a <= b), 15..19 single a (§2.3, §8.13)."""
    if cfg[C_YOP_CARDS] == 1:
        if i < 15:
            return False
        return st[S_BANK + i - 15] >= 1
    if i < 15:
        a, b = _yop_pair(i)
        if a == b:
            return st[S_BANK + a] >= 2
        return st[S_BANK + a] >= 1 and st[S_BANK + b] >= 1
    a = i - 15
    ba = st[S_BANK + a]
    if ba < 1:
        return False
    if ba < 2:  # the pair (a, a) cannot be supplied
        return True
    for b in range(5):  # a pair (a, b) cannot be supplied
        if b != a and st[S_BANK + b] < 1:
            return True
    return False


@njit(cache=True, inline="always")
def _yop_pair(i):
    a = 0
    while i >= 5 - a:
        i -= 5 - a
        a += 1
    return a, a + i


@njit(cache=True, inline="always")
def _card_plays(st, topo, cfg, p, out, n, preroll):
    """Append the legal development-card plays of p."""
    if st[S_DEV_PLAYED] >= cfg[C_DEV_PLAYS]:
        return n
    B = a_base(topo)
    if _dev_playable(st, p, DEV_KNIGHT):
        out[n] = B + 1
        n += 1
    if preroll and cfg[C_DEV_PREROLL] == 0:
        return n
    if _dev_playable(st, p, DEV_ROAD_BUILDING) and st[S_PLAYERS + p * PS + P_ROADS_LEFT] > 0:
        if any_road_ok(st, topo, p):
            out[n] = B + 2
            n += 1
    if _dev_playable(st, p, DEV_YOP):
        for i in range(20):
            if _yop_legal(st, cfg, i):
                out[n] = B + 3 + i
                n += 1
    if _dev_playable(st, p, DEV_MONOPOLY):
        for r in range(5):
            out[n] = B + 23 + r
            n += 1
    return n


@njit(cache=True, inline="always")
def _builds(st, topo, cfg, p, out, n):
    """Roads, settlements and cities p can pay for."""
    b = S_PLAYERS + p * PS
    if st[b + P_ROADS_LEFT] > 0 and can_afford(st, cfg, p, C_COST_ROAD):
        n = bits_out(st, S_ROAD_OK + p * RW, RW, 2, out, n)
    E = topo[T_E]
    N = topo[T_N]
    if st[b + P_SETTLES_LEFT] > 0 and can_afford(st, cfg, p, C_COST_SETTLE):
        n = bits_out(st, S_SETTLE_OK + p * SW, SW, 2 + E, out, n)
    if st[b + P_CITIES_LEFT] > 0 and can_afford(st, cfg, p, C_COST_CITY):
        o = S_OWN_NODES + p * SW  # p's buildings in node order; settlements are upgradable
        for wi in range(SW):
            x = np.int64(st[o + wi])
            while x != 0:
                low = x & -x
                v = wi * 31 + DEBRUIJN[((low * 0x077CB531) & 0xFFFFFFFF) >> 27]
                x ^= low
                if st[S_NODE_LEVEL + v] == 1:
                    out[n] = 2 + E + N + v
                    n += 1
    return n


@njit(cache=True, inline="always")
def _ships(st, topo, cfg, p, out, n):
    if can_build_ship(st, cfg, p):
        A = a_base(topo) + 18
        for s in range(topo[T_S]):
            if ship_ok(st, topo, p, s):
                out[n] = A + s
                n += 1
    return n


@njit(cache=True, **NO_REFCOUNT)
def legal_actions(st, topo, cfg, out):
    """Fill `out` with the legal actions of the acting player; return their number."""
    ph = st[S_PHASE]
    p = st[S_ACTOR]
    b = S_PLAYERS + p * PS
    n = 0
    E = topo[T_E]
    N = topo[T_N]
    P = st[S_P]
    B = a_base(topo)
    catan = st[S_GAME] == GAME_CATAN
    if ph == PH_MAIN:
        out[0] = 1
        n = 1
        n = _builds(st, topo, cfg, p, out, n)
        if catan:
            if st[S_DECK_POS] < st[S_DECK_N] and can_afford(st, cfg, p, C_COST_DEV):
                out[n] = B
                n += 1
            n = _card_plays(st, topo, cfg, p, out, n, False)
        else:
            if st[S_DON_COUNT] < cfg[C_DON_PER_TURN] and hand_total(st, p) >= cfg[C_DON_MIN] \
                    and cfg[C_DON_MAX] >= 1:
                for r in range(5):
                    if st[b + P_HAND + r] > 0:
                        out[n] = B + r
                        n += 1
            rt = row_total(st)
            if rt > 0 and st[S_SWAP_USED] < benefit_count(st, cfg, p, BEN_SWAP) * cfg[C_SWAP_USES]:
                out[n] = B + 6
                n += 1
            if rt > cfg[C_TAKE_MIN_ROW] and st[S_TAKE_USED] < benefit_count(st, cfg, p, BEN_TAKE) * cfg[C_TAKE_USES]:
                out[n] = B + 12
                n += 1
            n = _ships(st, topo, cfg, p, out, n)
        T = 2 + E + 2 * N
        for x in range(5):
            rate = st[b + P_RATE + x]
            if st[b + P_HAND + x] >= rate:
                for y in range(5):
                    if y != x and st[S_BANK + y] >= 1:
                        out[n] = T + 4 * x + y - (1 if y > x else 0)
                        n += 1
        return n
    if ph == PH_PRE_ROLL:
        out[0] = 0
        n = 1
        if catan:
            n = _card_plays(st, topo, cfg, p, out, n, True)
        return n
    if ph == PH_DISCARD:
        D = 22 + E + 2 * N
        for r in range(5):
            if st[b + P_HAND + r] > 0:
                out[n] = D + r
                n += 1
        return n
    if ph == PH_ROBBER:
        R = B + 28
        cur = st[S_ROBBER]
        H = topo[T_H]
        friendly = cfg[C_FRIENDLY] == 1
        held = others_with_cards(st, p)
        for pas in range(2):
            for h in range(H):
                if h == cur:
                    continue
                if friendly and pas == 0 and friendly_blocked(st, topo, cfg, p, h):
                    continue
                mask = st[S_HEX_OWNERS + h] & held
                if mask == 0:
                    out[n] = R + h * (P + 1) + P
                    n += 1
                else:
                    for v in range(P):
                        if (mask >> v) & 1:
                            out[n] = R + h * (P + 1) + v
                            n += 1
                    if cfg[C_STEAL_MANDATORY] == 0:
                        out[n] = R + h * (P + 1) + P
                        n += 1
            if n > 0 or not friendly:
                break
        return n
    if ph == PH_CORSAIR:
        S = topo[T_S]
        Cb = B + 18 + S
        cur = st[S_CORSAIR]
        stay = st[S_CAUSE] == 7 and cfg[C_CORSAIR_MUST_MOVE_7] == 0
        for s in range(S):
            if s == cur and not stay:
                continue
            mask = corsair_victims(st, topo, p, s)
            if mask == 0:
                out[n] = Cb + s * (P + 1) + P
                n += 1
            else:
                for v in range(P):
                    if (mask >> v) & 1:
                        out[n] = Cb + s * (P + 1) + v
                        n += 1
                if cfg[C_CORSAIR_STEAL_OPT] == 1:
                    out[n] = Cb + s * (P + 1) + P
                    n += 1
        return n
    if ph == PH_SETUP_SETTLEMENT:
        for v in range(N):
            if node_distance_ok(st, topo, v):
                out[n] = 2 + E + v
                n += 1
        return n
    if ph == PH_SETUP_ROAD:
        v = st[S_LAST_NODE]
        for k in range(3):
            e = topo[T_NODE_NBE + 3 * v + k]
            if e >= 0 and st[S_EDGE_OWNER + e] < 0:
                out[n] = 2 + e
                n += 1
        return n
    if ph == PH_ROAD_BUILDING:
        return bits_out(st, S_ROAD_OK + p * RW, RW, 2, out, 0)
    if ph == PH_SBP:
        out[0] = 1
        n = 1
        n = _builds(st, topo, cfg, p, out, n)
        if catan:
            if st[S_DECK_POS] < st[S_DECK_N] and can_afford(st, cfg, p, C_COST_DEV):
                out[n] = B
                n += 1
        elif cfg[C_SHIP_IN_SBP] == 1:
            n = _ships(st, topo, cfg, p, out, n)
        return n
    if ph == PH_DONATING:
        placed = st[S_DON_PLACED]
        if placed < cfg[C_DON_MAX]:
            for r in range(5):
                if st[b + P_HAND + r] > 0:
                    out[n] = B + r
                    n += 1
        if placed >= cfg[C_DON_MIN]:
            out[n] = B + 5
            n += 1
        return n
    if ph == PH_SWAP_RETURN:
        for r in range(5):
            if st[b + P_HAND + r] > 0:
                out[n] = B + 7 + r
                n += 1
        return n
    if ph == PH_CHOOSE_TILE:
        for r in range(5):
            if st[S_TILES + r] > 0:
                out[n] = B + 13 + r
                n += 1
        return n
    return 0


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


@njit(cache=True, **NO_REFCOUNT)
def close_donation(st, cfg, p):
    placed = st[S_DON_PLACED]
    tok = cfg[C_TOKENS_PER_DON + placed - 1] if placed >= 1 else 0
    if st[S_TOKEN_SUPPLY] >= 0 and tok > st[S_TOKEN_SUPPLY]:
        tok = st[S_TOKEN_SUPPLY]
    if st[S_TOKEN_SUPPLY] >= 0:
        st[S_TOKEN_SUPPLY] -= tok
    b = S_PLAYERS + p * PS
    st[b + P_TOKENS] += tok
    st[b + P_TOK_EARNED] += tok
    st[b + P_DONATIONS] += 1
    st[S_DON_COUNT] += 1
    st[S_DON_PLACED] = 0
    st[S_PHASE] = PH_MAIN


@njit(cache=True, **NO_REFCOUNT)
def apply_action(st, topo, cfg, a, rng):
    """Apply action `a` of the acting player; `rng` is the chance stream."""
    ph = st[S_PHASE]
    p = st[S_ACTOR]
    b = S_PLAYERS + p * PS
    E = topo[T_E]
    N = topo[T_N]
    P = st[S_P]
    B = a_base(topo)
    st[S_ACTIONS] += 1
    st[S_TURN_ACTIONS] += 1
    if a == 0:  # ROLL: production and the 7 change nobody's VP, so no win check follows
        roll_dice(st, topo, cfg, rng)
        return
    elif a == 1:  # END (main or SBP step)
        if ph == PH_MAIN:
            end_turn(st, cfg, rng)
            return
        # SBP step done
        st[S_SBP_LEFT] -= 1
        if st[S_SBP_LEFT] > 0:
            st[S_ACTOR] = (p + 1) % P
        else:
            begin_turn(st, cfg, (st[S_ACTIVE] + 1) % P)
        return
    elif a < 2 + E:  # road
        e = a - 2
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
            return
        if ph == PH_ROAD_BUILDING:
            place_road(st, topo, cfg, p, e)
            st[S_RB_LEFT] -= 1
            if st[S_RB_LEFT] <= 0 or st[b + P_ROADS_LEFT] <= 0 or not any_road_ok(st, topo, p):
                st[S_PHASE] = st[S_RET_PHASE]
        else:
            pay(st, cfg, p, C_COST_ROAD)
            place_road(st, topo, cfg, p, e)
    elif a < 2 + E + N:  # settlement
        v = a - 2 - E
        if ph == PH_SETUP_SETTLEMENT:
            place_settlement(st, topo, cfg, p, v)
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
            return
        pay(st, cfg, p, C_COST_SETTLE)
        place_settlement(st, topo, cfg, p, v)
    elif a < 2 + E + 2 * N:  # city
        v = a - 2 - E - N
        pay(st, cfg, p, C_COST_CITY)
        st[S_NODE_LEVEL + v] = 2
        st[b + P_SETTLES_LEFT] += 1
        st[b + P_CITIES_LEFT] -= 1
        st[b + P_CITIES_BUILT] += 1
    elif a < 22 + E + 2 * N:  # maritime trade
        i = a - (2 + E + 2 * N)
        x = i // 4
        y = i % 4
        if y >= x:
            y += 1
        rate = st[b + P_RATE + x]
        st[b + P_HAND + x] -= rate
        st[S_BANK + x] += rate
        st[b + P_HAND + y] += 1
        st[S_BANK + y] -= 1
        st[S_TRADES_TURN] += 1
        return  # a trade changes no VP: no win check
    elif a < B:  # discard
        r = a - (22 + E + 2 * N)
        st[b + P_HAND + r] -= 1
        st[S_BANK + r] += 1
        st[b + P_OWE] -= 1
        st[b + P_DISCARDED] += 1
        if st[b + P_OWE] <= 0:
            q = next_discarder(st, p)
            if q >= 0:
                st[S_ACTOR] = q
            else:
                start_robber(st, cfg, PH_MAIN, 7)
        return
    elif st[S_GAME] == GAME_CATAN:
        _apply_catan(st, topo, cfg, a, rng, ph, p, b, B, P)
    else:
        _apply_troja(st, topo, cfg, a, rng, ph, p, b, B, P)
    check_win(st, cfg)


@njit(cache=True, **NO_REFCOUNT)
def _apply_catan(st, topo, cfg, a, rng, ph, p, b, B, P):
    if a == B:  # BUY_DEV
        pay(st, cfg, p, C_COST_DEV)
        t = st[S_DECK + st[S_DECK_POS]]
        st[S_DECK_POS] += 1
        st[b + P_DEV + t] += 1
        st[b + P_DEV_NEW + t] += 1
        st[b + P_DEV_BOUGHT] += 1
    elif a == B + 1:  # KNIGHT
        st[b + P_DEV + DEV_KNIGHT] -= 1
        st[b + P_DEV_PLAYED_N + DEV_KNIGHT] += 1
        st[S_DEV_PLAYED] += 1
        st[b + P_KNIGHTS] += 1
        k = st[b + P_KNIGHTS]
        h = st[S_LA_HOLDER]
        if h != p and k >= cfg[C_LA_MIN]:
            if h < 0 or k > st[S_PLAYERS + h * PS + P_KNIGHTS]:
                st[S_LA_HOLDER] = p
        start_robber(st, cfg, ph, 0)
    elif a == B + 2:  # ROAD BUILDING
        st[b + P_DEV + DEV_ROAD_BUILDING] -= 1
        st[b + P_DEV_PLAYED_N + DEV_ROAD_BUILDING] += 1
        st[S_DEV_PLAYED] += 1
        rb = cfg[C_RB_ROADS]
        if rb > st[b + P_ROADS_LEFT]:
            rb = st[b + P_ROADS_LEFT]
        st[S_RB_LEFT] = rb
        st[S_RET_PHASE] = ph
        st[S_PHASE] = PH_ROAD_BUILDING
    elif a < B + 23:  # YEAR OF PLENTY
        i = a - B - 3
        st[b + P_DEV + DEV_YOP] -= 1
        st[b + P_DEV_PLAYED_N + DEV_YOP] += 1
        st[S_DEV_PLAYED] += 1
        if i < 15:
            x, y = _yop_pair(i)
            st[S_BANK + x] -= 1
            st[b + P_HAND + x] += 1
            st[S_BANK + y] -= 1
            st[b + P_HAND + y] += 1
        else:
            x = i - 15
            st[S_BANK + x] -= 1
            st[b + P_HAND + x] += 1
    elif a < B + 28:  # MONOPOLY
        r = a - B - 23
        st[b + P_DEV + DEV_MONOPOLY] -= 1
        st[b + P_DEV_PLAYED_N + DEV_MONOPOLY] += 1
        st[S_DEV_PLAYED] += 1
        for q in range(P):
            if q != p:
                o = S_PLAYERS + q * PS + P_HAND + r
                st[b + P_HAND + r] += st[o]
                st[o] = 0
    else:  # MOVE_ROBBER
        i = a - B - 28
        h = i // (P + 1)
        v = i % (P + 1)
        st[S_ROBBER] = h
        if v < P:
            steal(st, p, v, rng)
        st[S_PHASE] = st[S_RET_PHASE]
        st[S_ACTOR] = st[S_ACTIVE]


@njit(cache=True, **NO_REFCOUNT)
def _apply_troja(st, topo, cfg, a, rng, ph, p, b, B, P):
    S = topo[T_S]
    if a < B + 5:  # DONATE r
        r = a - B
        st[b + P_HAND + r] -= 1
        st[S_ROW + r] += 1
        st[b + P_DONATED + r] += 1
        st[S_DON_PLACED] += 1
        if st[S_DON_PLACED] >= cfg[C_DON_MAX]:
            close_donation(st, cfg, p)
        else:
            st[S_PHASE] = PH_DONATING
    elif a == B + 5:  # DONATE_STOP
        close_donation(st, cfg, p)
    elif a == B + 6:  # USE_SWAP
        r = draw_from_counts(st, S_ROW, rng)
        st[b + P_HAND + r] += 1
        st[S_SWAP_USED] += 1
        st[b + P_SWAPS] += 1
        st[S_PHASE] = PH_SWAP_RETURN
    elif a < B + 12:  # SWAP_RETURN r
        r = a - B - 7
        st[b + P_HAND + r] -= 1
        st[S_ROW + r] += 1
        st[S_PHASE] = PH_MAIN
    elif a == B + 12:  # USE_TAKE
        r = draw_from_counts(st, S_ROW, rng)
        st[b + P_HAND + r] += 1
        st[S_TAKE_USED] += 1
        st[b + P_TAKES] += 1
    elif a < B + 18:  # CHOOSE_TILE r
        r = a - B - 13
        st[S_TILES + r] -= 1
        st[S_SHIP_TILE + st[S_TILE_SHIP]] = r
        st[S_TILE_SHIP] = -1
        update_rates(st, topo, cfg, p)
        st[S_CAUSE] = 1
        st[S_PHASE] = PH_CORSAIR
    elif a < B + 18 + S:  # BUILD_SHIP s
        s = a - B - 18
        k = st[b + P_SHIPS]
        pay(st, cfg, p, C_COST_SHIP)
        c = cfg[C_SHIP_TOKEN_COST + k]
        st[b + P_TOKENS] -= c
        st[b + P_TOK_SPENT] += c
        if st[S_TOKEN_SUPPLY] >= 0:
            st[S_TOKEN_SUPPLY] += c
        st[S_SHIP_OWNER + s] = p
        st[S_SHIP_DISC + s] = k
        st[b + P_SHIPS] += 1
        ben = cfg[C_SHIP_BENEFIT + k]
        st[b + P_SHIP_BEN + ben] += 1
        if ben == BEN_VP:
            st[b + P_VP_SHIPS] += 1
        st[S_RET_PHASE] = ph
        update_rates(st, topo, cfg, p)
        has_tile = False
        for r in range(5):
            if st[S_TILES + r] > 0:
                has_tile = True
        if ben == BEN_TILE2 and has_tile:
            st[S_TILE_SHIP] = s
            st[S_PHASE] = PH_CHOOSE_TILE
        else:
            st[S_CAUSE] = 1
            st[S_PHASE] = PH_CORSAIR
    else:  # MOVE_CORSAIR
        i = a - B - 18 - S
        s = i // (P + 1)
        v = i % (P + 1)
        st[S_CORSAIR] = s
        o = st[S_SHIP_OWNER + s]
        if o >= 0 and ship_benefit_at(st, cfg, s) != BEN_VP:
            st[S_PLAYERS + o * PS + P_CORSAIR_BLOCKED] += 1
        if v < P:
            steal(st, p, v, rng)
        update_all_rates(st, topo, cfg)
        st[S_PHASE] = st[S_RET_PHASE]


# ---------------------------------------------------------------- hidden information
@njit(cache=True)
def redeal(st, topo, cfg, p, rng):
    """The engine's redeal_hidden (engine.py): resample what seat p cannot see, keeping every
    public count, as a function of what p sees and the stream only (no peeking, docs/
    DESIGN_NOTES.md): the rivals' development cards (held and bought this turn) with the deck's
    rest (catan); the rivals' allegiances (troja); the rivals' hands with the support row
    (troja). The pools are built from counts in a fixed order, never from the hidden order."""
    P = st[S_P]
    if cfg[C_OPEN_INFO] == 1:
        return
    if st[S_GAME] == GAME_CATAN:
        # the cards p has not seen by type: deck rest + rivals' cards; dealt back shuffled
        cnt = np.zeros(5, dtype=np.int64)
        for i in range(st[S_DECK_POS], st[S_DECK_N]):
            cnt[st[S_DECK + i]] += 1
        for q in range(P):
            if q != p:
                for t in range(5):
                    cnt[t] += st[S_PLAYERS + q * PS + P_DEV + t]
        pool = np.empty(DECKMAX, dtype=np.int32)
        m = 0
        for t in range(5):
            for _ in range(cnt[t]):
                pool[m] = t
                m += 1
        for i in range(m - 1, 0, -1):
            j = below(rng, i + 1)
            x = pool[i]
            pool[i] = pool[j]
            pool[j] = x
        k = 0
        for q in range(P):
            if q == p:
                continue
            bq = S_PLAYERS + q * PS
            held = 0
            new = 0
            for t in range(5):
                held += st[bq + P_DEV + t]
                new += st[bq + P_DEV_NEW + t]
                st[bq + P_DEV + t] = 0
                st[bq + P_DEV_NEW + t] = 0
            for c in range(held):
                st[bq + P_DEV + pool[k]] += 1
                if c < new:
                    st[bq + P_DEV_NEW + pool[k]] += 1
                k += 1
        for i in range(st[S_DECK_POS], st[S_DECK_N]):
            st[S_DECK + i] = pool[k]
            k += 1
    else:
        # row contents: redraw from the cards p cannot account for (row + opponents' hands)
        # keeping the row size; opponents' allegiances: reshuffle the remaining cards
        own = st[S_PLAYERS + p * PS + P_ALLEG]
        nt = cfg[C_ALLEG_T]
        nm = cfg[C_ALLEG_M]
        if own == SIDE_TROY:
            nt -= 1
        elif own == SIDE_MYCENAE:
            nm -= 1
        cards = np.empty(nt + nm, dtype=np.int32)
        for i in range(nt + nm):
            cards[i] = SIDE_TROY if i < nt else SIDE_MYCENAE
        for i in range(nt + nm - 1, 0, -1):
            j = below(rng, i + 1)
            x = cards[i]
            cards[i] = cards[j]
            cards[j] = x
        k = 0
        for q in range(P):
            if q != p:
                st[S_PLAYERS + q * PS + P_ALLEG] = cards[k] if k < nt + nm else -1
                k += 1
    # opponents' resource hands: pool them with the hidden row and redeal by sizes
    pool5 = np.zeros(5, dtype=np.int64)
    sizes = np.zeros(6, dtype=np.int64)
    for q in range(P):
        if q == p:
            continue
        for r in range(5):
            pool5[r] += st[S_PLAYERS + q * PS + P_HAND + r]
            sizes[q] += st[S_PLAYERS + q * PS + P_HAND + r]
            st[S_PLAYERS + q * PS + P_HAND + r] = 0
    row_n = 0
    if st[S_GAME] == GAME_TROJA:
        for r in range(5):
            pool5[r] += st[S_ROW + r]
            row_n += st[S_ROW + r]
            st[S_ROW + r] = 0
    tot = pool5.sum()
    for q in range(P + 1):
        if q == p:
            continue
        cnt = row_n if q == P else sizes[q]
        for _ in range(cnt):
            x = below(rng, tot)
            for r in range(5):
                if x < pool5[r]:
                    pool5[r] -= 1
                    tot -= 1
                    if q == P:
                        st[S_ROW + r] += 1
                    else:
                        st[S_PLAYERS + q * PS + P_HAND + r] += 1
                    break
                x -= pool5[r]



# ---------------------------------------------------------------- invariants
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
