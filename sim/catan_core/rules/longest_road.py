"""Longest Road (§1.6): road lengths, incremental updates after a road or a settlement that cuts
one, the award."""
import numpy as np
from numba import njit
from sim.catan_core.borrow import NO_REFCOUNT
from sim.catan_core.board import T_N, T_NODE_NB, T_NODE_NBE, T_EDGE_NODES
from sim.catan_core.layout import *  # noqa: F401,F403  (state/config offsets)


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
