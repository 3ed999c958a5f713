"""The search tree as flat arrays (no objects, so numba compiles and caches it once).

Node i is reached from its parent by action ti[i, T_ACTION] (an open-loop tree: chance and
hidden cards are re-sampled every iteration, so a node stands for a sequence of actions, not a
state). Children form a linked list (T_FIRST, T_NEXT). tw[i, q] sums the value seat q got in
the iterations through node i; a parent's mover compares children by its own column.
"""
import numpy as np
from numba import njit

T_FIRST, T_NEXT, T_ACTION, T_VISITS, T_AVAIL = range(5)
T_COLUMNS = 5


@njit(cache=True)
def tree_new(cap, n_seats):
    """Empty tree arrays for up to `cap` nodes (node 0, the root, initialised)."""
    ti = np.empty((cap, T_COLUMNS), np.int64)
    tw = np.zeros((cap, n_seats), np.float64)
    node_init(ti, tw, 0, -1)
    return ti, tw


@njit(cache=True)
def node_init(ti, tw, i, a):
    ti[i, T_FIRST] = -1
    ti[i, T_NEXT] = -1
    ti[i, T_ACTION] = a
    ti[i, T_VISITS] = 0
    ti[i, T_AVAIL] = 0
    tw[i, :] = 0.0


@njit(cache=True)
def add_child(ti, tw, node, i, a):
    """Node i becomes node's child by action a (pushed at the head of its list)."""
    node_init(ti, tw, i, a)
    ti[i, T_NEXT] = ti[node, T_FIRST]
    ti[node, T_FIRST] = i


@njit(cache=True)
def mark_children(ti, node, slot, value):
    """slot[a] = child reached by a (or `value` to clear); returns the number of children."""
    k = 0
    c = ti[node, T_FIRST]
    while c >= 0:
        slot[ti[c, T_ACTION]] = c if value == 0 else -1
        k += 1
        c = ti[c, T_NEXT]
    return k


@njit(cache=True)
def widen_allows(visits, n_children, widen, alpha):
    """Progressive widening: a node may hold widen * (visits + 1) ** alpha children (at least
    one); widen <= 0 expands every untried action first (plain UCT)."""
    if widen <= 0.0:
        return True
    return n_children < max(1.0, widen * (visits + 1.0) ** alpha)


@njit(cache=True)
def select_child(ti, tw, legal, m, p, c, slot):
    """UCB1 for mover p over the children whose action is legal now (slot marked); their
    availability counts go up (SO-ISMCTS: a child is compared by how often it could have been
    chosen, not by the parent's visits). -1 when no child is legal in this determinisation."""
    best = -1
    bv = -np.inf
    for i in range(m):
        ch = slot[legal[i]]
        if ch < 0:
            continue
        ti[ch, T_AVAIL] += 1
        nv = ti[ch, T_VISITS]
        v = tw[ch, p] / nv + c * np.sqrt(np.log(ti[ch, T_AVAIL]) / nv)
        if v > bv:
            bv = v
            best = ch
    return best


@njit(cache=True)
def best_untried(legal, m, slot, scores):
    """The untried legal action with the highest score (ties: the first); -1 when all tried."""
    best = -1
    bv = -np.inf
    for i in range(m):
        if slot[legal[i]] < 0 and (best < 0 or scores[i] > bv):
            bv = scores[i]
            best = legal[i]
    return best


@njit(cache=True)
def backup(ti, tw, path, depth, vals):
    """Every node on the path (root included) counts the visit and each seat's value."""
    ns = tw.shape[1]
    for d in range(depth + 1):
        i = path[d]
        ti[i, T_VISITS] += 1
        for q in range(ns):
            tw[i, q] += vals[q]


@njit(cache=True)
def most_visited(ti, node):
    """Action of node's most visited child (ties: the earlier-created child, i.e. the policy's)."""
    best = -1
    bn = -1
    c = ti[node, T_FIRST]
    while c >= 0:
        if ti[c, T_VISITS] >= bn:
            bn = ti[c, T_VISITS]
            best = ti[c, T_ACTION]
        c = ti[c, T_NEXT]
    return best


@njit(cache=True)
def shares(raw, ns, temp, out):
    """Win shares from evaluations: softmax of raw[:ns] / temp (each seat's chance to be ahead
    at the end, as the cut-off's estimate); seats beyond ns get 0."""
    hi = raw[0]
    for q in range(1, ns):
        hi = max(hi, raw[q])
    tot = 0.0
    for q in range(ns):
        out[q] = np.exp((raw[q] - hi) / temp)
        tot += out[q]
    for q in range(ns):
        out[q] /= tot
    for q in range(ns, out.shape[0]):
        out[q] = 0.0
