"""Information-set Monte Carlo tree search (single observer, determinised), written once for
every game on the engine contract (docs/ENGINES.md).

Each iteration redeals what the searching seat cannot see (`redeal_hidden`), walks the tree from
the root by UCB1 over the actions legal in that determinisation (availability counts), adds one
node (untried actions in the order of the game's greedy scores, as progressive widening allows), plays
on `search_rollout_actions` actions (random, or greedy with `search_greedy_rollout`), and scores
the position: win shares when
the game is over, else a softmax of the game's evaluation of each seat (temperature
`search_temperature`, in the evaluation's units). Forced decisions (one legal action) are passed
through without a node; decisions the game does not search (`worth_search`) get the greedy choice.
The most visited root action is played. All randomness comes from the player's stream, so the
same seeds give the same games.

numba cannot cache a function that takes functions as arguments or closes over them, so
`make_search` binds one game's engine and player functions as *globals* of a copy of the loop
below, under a name of its own; numba caches each copy like any other function.
"""
import types

import numpy as np
from numba import njit

from sim.rng import below, next_u64
from sim.search.tree import (T_ACTION, T_VISITS, tree_new, add_child, mark_children, widen_allows,
                             select_child, best_untried, backup, most_visited, shares)

# the search block every game appends to its weights (read at w[W0 + i])
SEARCH_WEIGHT_NAMES = ("search_iterations", "search_c", "search_rollout_actions", "search_temperature",
                       "search_widen", "search_widen_alpha", "search_greedy_rollout")
S_ITER, S_C, S_ROLLOUT, S_TEMP, S_WIDEN, S_ALPHA, S_GREEDY_ROLLOUT = range(len(SEARCH_WEIGHT_NAMES))
N_SEARCH_WEIGHTS = len(SEARCH_WEIGHT_NAMES)
# the names each game binds: engine contract, four player functions, constants
BINDINGS = ("legal_actions", "apply_action", "to_move", "returns", "redeal_hidden",
            "policy", "policy_scores", "seat_values", "worth_search", "N_ACTIONS", "W0")


def _unbound(*args):
    raise TypeError("the search loop runs only as bound by make_search")


# placeholders for the names make_search binds (so the loop reads as ordinary code)
legal_actions = apply_action = to_move = returns = redeal_hidden = _unbound
policy = policy_scores = seat_values = worth_search = _unbound
N_ACTIONS = W0 = 0


def _search(st, ctx, legal, n, w, rng, work):
    """The action the search plays among legal[:n] (st is not changed)."""
    if n == 1:
        return legal[0]
    iters = int(w[W0 + S_ITER])
    if iters < 1 or not worth_search(st, ctx, legal, n, w):
        return policy(st, ctx, legal, n, w, rng, work)
    c = w[W0 + S_C]
    horizon = int(w[W0 + S_ROLLOUT])
    temp = max(w[W0 + S_TEMP], 1e-9)
    widen = w[W0 + S_WIDEN]
    alpha = w[W0 + S_ALPHA]
    greedy_rollout = w[W0 + S_GREEDY_ROLLOUT] > 0.5
    me = to_move(st, ctx)
    raw = np.zeros(64, np.float64)
    ns = seat_values(st, ctx, w, rng, raw)
    vals = np.zeros(ns, np.float64)
    score = np.zeros(ns, np.float64)
    win = np.zeros(ns, np.float64)
    rank = np.zeros(ns, np.int64)
    ti, tw = tree_new(iters + 1, ns)
    used = 1
    s = np.empty_like(st)
    buf = np.empty(N_ACTIONS, legal.dtype)
    slot = np.full(N_ACTIONS, -1, np.int64)
    path = np.empty(iters + 2, np.int64)
    chance = np.empty(1, np.uint64)
    root_sc = np.empty(n, np.float64)          # the greedy's scores order the root's children
    policy_scores(st, ctx, legal, n, w, rng, work, root_sc)
    sc = np.empty(N_ACTIONS, np.float64)
    for _ in range(iters):
        s[:] = st
        redeal_hidden(s, ctx, me, rng)
        chance[0] = next_u64(rng)
        m = n
        buf[:n] = legal[:n]
        node = 0
        depth = 0
        path[0] = 0
        while m > 0:
            if m == 1:                          # forced: no node
                m = apply_action(s, ctx, buf[0], chance, buf)
                continue
            p = to_move(s, ctx)
            k = mark_children(ti, node, slot, 0)
            child = -1
            if k < m and widen_allows(ti[node, T_VISITS], k, widen, alpha):
                if node == 0:
                    a = best_untried(buf, m, slot, root_sc)
                else:
                    policy_scores(s, ctx, buf, m, w, rng, work, sc)
                    a = best_untried(buf, m, slot, sc)
                if a >= 0:
                    child = used
                    used += 1
                    mark_children(ti, node, slot, 1)
                    add_child(ti, tw, node, child, a)
                    depth += 1
                    path[depth] = child
                    m = apply_action(s, ctx, a, chance, buf)
                    break
            child = select_child(ti, tw, buf, m, p, c, slot)
            mark_children(ti, node, slot, 1)
            if child < 0:                       # no child legal here and no room to widen: add one
                a = buf[below(rng, m)]
                child = used
                used += 1
                add_child(ti, tw, node, child, a)
                depth += 1
                path[depth] = child
                m = apply_action(s, ctx, a, chance, buf)
                break
            depth += 1
            path[depth] = child
            node = child
            m = apply_action(s, ctx, ti[child, T_ACTION], chance, buf)
        steps = 0
        while m > 0 and steps < horizon:        # play-out
            if m == 1:
                a = buf[0]
            elif greedy_rollout:
                a = policy(s, ctx, buf, m, w, rng, work)
            else:
                a = buf[below(rng, m)]
            m = apply_action(s, ctx, a, chance, buf)
            steps += 1
        if m == 0:
            returns(s, ctx, score, win, rank)
            vals[:] = win
        else:
            seat_values(s, ctx, w, rng, raw)
            shares(raw, ns, temp, vals)
        backup(ti, tw, path, depth, vals)
    return most_visited(ti, 0)


def make_search(name, **bound):
    """The compiled search of one game: `_search` with `bound` (every name in BINDINGS) as its
    globals, cached under `name` (one cache entry per game)."""
    missing = [b for b in BINDINGS if b not in bound]
    if missing:
        raise TypeError(f"make_search({name!r}) lacks {missing}")
    glb = dict(globals())
    glb.update(bound)
    fn = types.FunctionType(_search.__code__, glb, name)
    fn.__qualname__ = name
    fn.__doc__ = _search.__doc__
    return njit(cache=True)(fn)
