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

Root halving (the optional binding `root_candidates`, 0 = off, the default; then the loop makes
exactly the draws it made without the option): the root's K best greedy candidates (policy_scores
order, vetoed ones left out) share the budget by sequential halving (Karnin et al. 2013, as at the
root of Gumbel MuZero) instead of UCB1. Each of the ceil(log2 K) rounds gives every survivor
search_iterations / (rounds * survivors) iterations (at least one), through the tree below it as
usual; within a round, every survivor's j-th iteration draws its determinisation, chance seed and
in-tree choices from seed j of the round (common random numbers: the survivors are compared on the
same deals and dice, as Troja's old search compares its rollouts); the better half (by mean value,
ties to the greedy's order) goes on; the best mean among the last survivors is played. The
optional binding `root_anchor` adds a bonus (in the value's units, a share) to the mean of the
greedy's best candidate, so that a rival candidate replaces it only by that margin.

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


@njit(cache=True)
def no_root_halving(st, ctx, w):
    """The default `root_candidates`: UCB1 over the root's children (no halving)."""
    return 0


@njit(cache=True)
def no_root_anchor(st, ctx, w):
    """The default `root_anchor`: the greedy's first candidate gets no bonus in root halving."""
    return 0.0


# bindings a game may leave out, with their defaults
OPTIONAL_BINDINGS = {"root_candidates": no_root_halving, "root_anchor": no_root_anchor}


def _unbound(*args):
    raise TypeError("the search loop runs only as bound by make_search")


# placeholders for the names make_search binds (so the loop reads as ordinary code)
legal_actions = apply_action = to_move = returns = redeal_hidden = _unbound
policy = policy_scores = seat_values = worth_search = _unbound
root_candidates = no_root_halving
root_anchor = no_root_anchor
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
    halve = int(root_candidates(st, ctx, w))
    root_sc = np.empty(n, np.float64)          # the greedy's scores order the root's children
    cand = np.empty(n, np.int64)               # root halving: the survivors' root child nodes
    kk = 0
    rounds = 1
    cap = iters + 1
    if halve >= 2:
        policy_scores(st, ctx, legal, n, w, rng, work, root_sc)
        taken = np.zeros(n, np.bool_)
        for _ in range(min(halve, n)):          # the best candidates (ties: the first), no vetoes
            bi = -1
            for i in range(n):
                if not taken[i] and root_sc[i] > -1e17 and (bi < 0 or root_sc[i] > root_sc[bi]):
                    bi = i
            if bi < 0:
                break
            taken[bi] = True
            cand[kk] = bi
            kk += 1
        if kk == 0:
            return policy(st, ctx, legal, n, w, rng, work)
        if kk == 1:
            return legal[cand[0]]
        while (1 << rounds) < kk:
            rounds += 1
        cap = 1 + kk
        k = kk
        while k > 1:
            cap += k * max(1, iters // (rounds * k))
            k = (k + 1) // 2
    ti, tw = tree_new(cap, ns)
    used = 1
    s = np.empty_like(st)
    buf = np.empty(N_ACTIONS, legal.dtype)
    slot = np.full(N_ACTIONS, -1, np.int64)
    path = np.empty(cap + 1, np.int64)
    chance = np.empty(1, np.uint64)
    if halve < 2:
        policy_scores(st, ctx, legal, n, w, rng, work, root_sc)
    else:
        for x in range(kk):                     # the candidates' nodes, made now
            add_child(ti, tw, 0, used, legal[cand[x]])
            cand[x] = used
            used += 1
    sc = np.empty(N_ACTIONS, np.float64)
    anchor = cand[0] if halve >= 2 else -1      # the greedy's best candidate and its bonus
    bonus = root_anchor(st, ctx, w) if halve >= 2 else 0.0
    irng = np.empty(1, np.uint64)               # one iteration's stream in a halving round
    pool = np.empty(iters + 1, np.uint64)       # the round's seeds (iteration j: seed j)
    surv = kk if halve >= 2 else 1
    while True:
        per = iters
        if halve >= 2:
            per = max(1, iters // (rounds * surv))
            for j in range(per):
                pool[j] = next_u64(rng)
        for ci in range(surv):
            for j in range(per):
                r = rng
                forced = -1
                if halve >= 2:
                    irng[0] = pool[j]
                    r = irng
                    forced = cand[ci]
                s[:] = st
                redeal_hidden(s, ctx, me, r)
                chance[0] = next_u64(r)
                m = n
                buf[:n] = legal[:n]
                node = 0
                depth = 0
                path[0] = 0
                if forced >= 0:                         # root halving: the survivor's own iteration
                    depth = 1
                    path[1] = forced
                    node = forced
                    m = apply_action(s, ctx, ti[forced, T_ACTION], chance, buf)
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
                            policy_scores(s, ctx, buf, m, w, r, work, sc)
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
                        a = buf[below(r, m)]
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
                        a = policy(s, ctx, buf, m, w, r, work)
                    else:
                        a = buf[below(r, m)]
                    m = apply_action(s, ctx, a, chance, buf)
                    steps += 1
                if m == 0:
                    returns(s, ctx, score, win, rank)
                    vals[:] = win
                else:
                    seat_values(s, ctx, w, r, raw)
                    shares(raw, ns, temp, vals)
                backup(ti, tw, path, depth, vals)
        if halve < 2:
            break
        # keep the better half of the survivors (stable: ties keep the greedy's order)
        for x in range(1, surv):
            y = x
            while y > 0 and tw[cand[y], me] / ti[cand[y], T_VISITS] + (bonus if cand[y] == anchor else 0.0) > \
                    tw[cand[y - 1], me] / ti[cand[y - 1], T_VISITS] + (bonus if cand[y - 1] == anchor else 0.0) + 1e-12:
                t = cand[y]
                cand[y] = cand[y - 1]
                cand[y - 1] = t
                y -= 1
        if surv <= 2:
            return ti[cand[0], T_ACTION]
        surv = (surv + 1) // 2
    return most_visited(ti, 0)


def make_search(name, **bound):
    """The compiled search of one game: `_search` with `bound` (every name in BINDINGS, and any of
    OPTIONAL_BINDINGS) as its globals, cached under `name` (one cache entry per game)."""
    missing = [b for b in BINDINGS if b not in bound]
    if missing:
        raise TypeError(f"make_search({name!r}) lacks {missing}")
    unknown = [b for b in bound if b not in BINDINGS and b not in OPTIONAL_BINDINGS]
    if unknown:
        raise TypeError(f"make_search({name!r}) does not bind {unknown}")
    glb = dict(globals())
    glb.update(OPTIONAL_BINDINGS)
    glb.update(bound)
    fn = types.FunctionType(_search.__code__, glb, name)
    fn.__qualname__ = name
    fn.__doc__ = _search.__doc__
    return njit(cache=True)(fn)
