"""Magna Grecia players, dispatched by integer kind (random=0, greedy=1, oracle_hub=2, search=3).

oracle_hub: the greedy with ORACLE_HUB_WEIGHTS (extra value per controlled oracle and for the
largest own city). search: flat Monte Carlo (see choose_search); weights = SEARCH_WEIGHTS
(rollouts per decision, candidates, horizon in player-turns, random rollouts flag); its
rollouts and evaluation use the default greedy weights.

`choose(st, params, legal, n, kind, w, prng)` picks one action id among legal[:n]; players only
draw from their PLAYERS stream `prng`.

greedy: one-step look-ahead. Each candidate action is applied to a copy of the state and the
result scored with `evaluate` (weights w, see GREEDY_WEIGHT_NAMES); the best is chosen, ties
broken uniformly by prng. Candidate subset: every legal action is evaluated, except that road
placements whose chain does not connect two places are represented by one uniformly chosen
candidate per decision (the evaluation could only tell them apart by their future use).
Draws, market builds/sells and END_TURN change only the acting player's terms, so their
look-ahead value is computed exactly without copying the state (`action_value`). Oracle
placement is uniform (a look-ahead sees no difference before any city exists).
"""
import numpy as np
from numba import njit

from sim.spec import StrategyInfo
from sim.rng import below
from sim.catan_core.borrow import borrowed
from sim.magna_grecia.board import N, TILE_TABLE
from sim.magna_grecia import params as P
from sim.magna_grecia.board import ORI_ENDS
from sim.magna_grecia.rules import (
    apply_action, score_parts, conn, road_connects, connected_places, count_distinct, connected_to_own_city, place_key, market_cost,
    A_CITY, A_DRAW_ROAD, A_DRAW_CITY, A_BUILD, A_SELL, A_ORACLE, legal_actions, MAX_LEGAL,
    follow, market_place,
)
from sim.magna_grecia.state import (
    S_NP, S_STOCK_ROAD, S_STOCK_CITY, S_NEXT_CITY, C_ALIVE, C_OWNER, C_SIZE, K_OWNER, K_STATE,
    S_NEXT_MARKET, S_CUR, S_STAGE, ST_ORACLES, ST_OVER, H_ROAD_OWN, S_ROUND, S_STACK,
    S_TURNS, S_POINTS, S_N_ORACLES, S_ORACLE_LIST, H_OCTRL, H_CITY, H_ROAD_OR, M_ROAD_TILES,
    MK_UNSOLD, MAXC, K_HEX, H_KIND,
)

RANDOM, GREEDY, ORACLE_HUB, SEARCH = 0, 1, 2, 3

GREEDY_WEIGHT_NAMES = ("self_score", "rival_score", "stock_tiles", "unsold_markets",
                       "city_tiles", "city_conn", "road_tiles", "oracle_bonus", "largest_city")
GREEDY_WEIGHTS = (1.0, 1.0, 0.15, 0.6, 1.3, 0.3, 0.05, 0.0, 0.0)
# §11.6 "merging into a hub that gathers oracles": extra value per controlled oracle and for the
# size of the largest own city (merges), more weight on connectivity, less on rivals.
ORACLE_HUB_WEIGHTS = (1.0, 0.7, 0.1, 0.5, 1.2, 0.6, 0.05, 3.0, 0.4)
SEARCH_WEIGHT_NAMES = ("rollouts", "candidates", "horizon_turns", "rollout_random")
SEARCH_WEIGHTS = (9.0, 3.0, 4.0, 0.0)
N_WEIGHTS = len(GREEDY_WEIGHTS)

STRATEGIES = (
    StrategyInfo("random", RANDOM, "uniform over legal actions (oracle placement too)"),
    StrategyInfo("greedy", GREEDY, "one-step look-ahead on a weighted evaluation",
                 GREEDY_WEIGHTS, GREEDY_WEIGHT_NAMES),
    StrategyInfo("oracle_hub", ORACLE_HUB, "greedy persona: grows one hub city that gathers oracles",
                 ORACLE_HUB_WEIGHTS, GREEDY_WEIGHT_NAMES),
    StrategyInfo("search", SEARCH,
                 "flat Monte Carlo over the greedy's best candidates, determinized stack, greedy "
                 "rollouts to a horizon, greedy evaluation", SEARCH_WEIGHTS, SEARCH_WEIGHT_NAMES),
)
_GREEDY_W = np.array(GREEDY_WEIGHTS)


@njit(cache=True)
def evaluate(st, params, p, w):
    """Weighted evaluation of state st for seat p (higher is better)."""
    np_ = st[S_NP]
    parts = np.zeros((4, 6), dtype=np.int64)
    score_parts(st, params, parts)
    own = float(parts[p, 5])
    riv = 0.0
    for s in range(np_):
        if s != p:
            riv += parts[s, 5]
    riv /= max(1, np_ - 1)
    unsold = 0
    for m in range(st[S_NEXT_MARKET]):
        if st[K_OWNER + m] == p and st[K_STATE + m] == 1:
            unsold += 1
    tiles = 0
    cconn = 0
    mode = int(params[P.P_CONNECTIVITY])
    buf = np.empty(6 * N, dtype=np.int64)
    for c in range(st[S_NEXT_CITY]):
        if st[C_ALIVE + c] == 1 and st[C_OWNER + c] == p:
            tiles += st[C_SIZE + c]
            if w[5] != 0.0:
                k = connected_places(st, N + c, buf)       # = conn(st, N + c, mode)
                cconn += k if mode == 1 else count_distinct(buf, k)
    roads = 0
    if w[6] != 0.0:
        for h in range(N):
            if st[H_ROAD_OWN + h] == p:
                roads += 1
    stock = st[S_STOCK_ROAD + p] + st[S_STOCK_CITY + p]
    v = (w[0] * own - w[1] * riv + w[2] * stock + w[3] * unsold + w[4] * tiles
         + w[5] * cconn + w[6] * roads)
    if w.shape[0] > 8:
        if w[7] != 0.0:
            v += w[7] * parts[p, 3]
        if w[8] != 0.0:
            big = 0
            for c in range(st[S_NEXT_CITY]):
                if st[C_ALIVE + c] == 1 and st[C_OWNER + c] == p and st[C_SIZE + c] > big:
                    big = st[C_SIZE + c]
            v += w[8] * big
    return v


@njit(cache=True)
def _better(v, a, best, nbest, choice, prng):
    if v > best + 1e-9:
        return v, 1, a
    if v > best - 1e-9:
        nbest += 1
        if below(prng, nbest) == 0:
            choice = a
    return best, nbest, choice


@njit(cache=True)
def action_value(st, params, a, p, w, base):
    """evaluate() of the state after action a, for p; placements are applied to a copy, the
    other actions are valued exactly from base = evaluate(st) (they change only p's terms)."""
    if a < A_DRAW_ROAD:
        cp = st.copy()
        apply_action(cp, params, a)
        return evaluate(cp, params, p, w)
    if a == A_DRAW_ROAD or a == A_DRAW_CITY:
        return base + w[2]
    if a >= A_BUILD and a < A_SELL:
        key = place_key(st, a - A_BUILD)
        cost = market_cost(st, params, key)
        # v = conn(key) if connected_to_own_city(key, p) else 0, with one chain trace
        buf = np.empty(6 * max(1, st[C_SIZE + key - N]) if key >= N else 6, dtype=np.int64)
        m = connected_places(st, key, buf)
        own = key >= N and st[C_OWNER + key - N] == p
        if not own:
            for i in range(m):
                q = buf[i]
                if q >= N and st[C_OWNER + q - N] == p:
                    own = True
                    break
        v = 0
        if own:
            v = m if int(params[P.P_CONNECTIVITY]) == 1 else count_distinct(buf, m)
        return base + w[0] * (v - cost) + w[3]
    if a >= A_SELL and a < A_ORACLE:
        return base - w[3]       # track +value, market value -value
    return base


# ---------------------------------------------------------------- greedy look-ahead, cached
# The greedy's candidates differ from the decision's state in a few places only. A place's
# conn and the seats whose city it is or is directly connected to (its "owner mask": a market
# scores for its owner iff the owner's bit is set) are cached per place key for the decision's
# state, and a candidate's state recomputes only the places its action can change:
# - a road whose chain joins places a != b: a and b (nothing else gains or loses a connection);
#   a road that joins nothing changes no place;
# - a city tile making city c: c and the places directly connected to c afterwards (they
#   include every place that was connected to a covered village or a merged city).
# Oracle control, points, stock and markets are read from the candidate's state.
# evaluate_cached gives exactly evaluate's value (same integers, same float expression);
# tests/magna_grecia/test_fast_paths.py checks it at every candidate.
KEY_SLOTS = N + MAXC


@njit(cache=True)
def place_info(st, key, mode, buf):
    """(conn, owner mask) of place `key` (as score_parts computes them)."""
    k = connected_places(st, key, buf)
    c = k if mode == 1 else count_distinct(buf, k)
    mask = 0
    if key >= N:
        mask |= 1 << st[C_OWNER + key - N]
    for i in range(k):
        q = buf[i]
        if q >= N:
            mask |= 1 << st[C_OWNER + q - N]
    return c, mask


@njit(cache=True)
def new_place_cache():
    """cache[0, key] = conn, cache[1, key] = owner mask, of the decision's state; -1 unknown."""
    return np.full((2, KEY_SLOTS), -1, dtype=np.int64)


@njit(cache=True)
def cached_info(st, base, key, mode, cache, aff, naff, buf):
    """(conn, mask) of `key` in the candidate's state st: for the changed places aff[0, :naff]
    computed from st when first asked (rows key, conn (-1 not yet), mask), else from the
    decision's state `base` (computed once per decision)."""
    for i in range(naff):
        if aff[0, i] == key:
            if aff[1, i] < 0:
                c, m = place_info(st, key, mode, buf)
                aff[1, i] = c
                aff[2, i] = m
            return aff[1, i], aff[2, i]
    if cache[0, key] < 0:
        c, m = place_info(base, key, mode, buf)
        cache[0, key] = c
        cache[1, key] = m
    return cache[0, key], cache[1, key]


@njit(cache=True)
def evaluate_cached(st, params, p, w, base, cache, aff, naff, buf):
    """evaluate(st, params, p, w) for a state st that differs from `base` (whose places are in
    `cache`) only in the places aff[0, :naff] (see cached_info)."""
    np_ = st[S_NP]
    mode = int(params[P.P_CONNECTIVITY])
    op = int(params[P.P_ORACLE_POINTS])
    total = np.zeros(4, dtype=np.int64)
    n_or = np.zeros(4, dtype=np.int64)
    for s in range(np_):
        total[s] = st[S_POINTS + s]
    unsold = 0
    for m in range(st[S_NEXT_MARKET]):
        if st[K_STATE + m] == MK_UNSOLD:
            q = st[K_OWNER + m]
            if q == p:
                unsold += 1
            h = st[K_HEX + m]          # market_place inlined
            if st[H_CITY + h] >= 0:
                key = N + st[H_CITY + h]
            elif st[H_KIND + h] != 0:
                key = h
            else:
                continue
            # cached_info inlined (a call per market costs more than the lookup)
            j = 0
            while j < naff and aff[0, j] != key:
                j += 1
            if j < naff:
                if aff[1, j] < 0:
                    c, mask = place_info(st, key, mode, buf)
                    aff[1, j] = c
                    aff[2, j] = mask
                c = aff[1, j]
                mask = aff[2, j]
            else:
                if cache[0, key] < 0:
                    c, mask = place_info(base, key, mode, buf)
                    cache[0, key] = c
                    cache[1, key] = mask
                c = cache[0, key]
                mask = cache[1, key]
            if (mask >> q) & 1 == 1:
                total[q] += c
    for i in range(st[S_N_ORACLES]):
        c = st[H_OCTRL + st[S_ORACLE_LIST + i]]
        if c >= 0:
            n_or[st[C_OWNER + c]] += 1
    for s in range(np_):
        total[s] += op * n_or[s]
    own = float(total[p])
    riv = 0.0
    for s in range(np_):
        if s != p:
            riv += total[s]
    riv /= max(1, np_ - 1)
    tiles = 0
    cconn = 0
    big = 0
    for c in range(st[S_NEXT_CITY]):
        if st[C_ALIVE + c] == 1 and st[C_OWNER + c] == p:
            tiles += st[C_SIZE + c]
            if st[C_SIZE + c] > big:
                big = st[C_SIZE + c]
            if w[5] != 0.0:
                key = N + c
                j = 0
                while j < naff and aff[0, j] != key:
                    j += 1
                if j < naff:
                    if aff[1, j] < 0:
                        cc, mask = place_info(st, key, mode, buf)
                        aff[1, j] = cc
                        aff[2, j] = mask
                    cconn += aff[1, j]
                else:
                    if cache[0, key] < 0:
                        cc, mask = place_info(base, key, mode, buf)
                        cache[0, key] = cc
                        cache[1, key] = mask
                    cconn += cache[0, key]
    roads = 0
    if w[6] != 0.0:
        roads = st[M_ROAD_TILES + p]        # road tiles are never removed (check_invariants)
    stock = st[S_STOCK_ROAD + p] + st[S_STOCK_CITY + p]
    v = (w[0] * own - w[1] * riv + w[2] * stock + w[3] * unsold + w[4] * tiles
         + w[5] * cconn + w[6] * roads)
    if w.shape[0] > 8:
        if w[7] != 0.0:
            v += w[7] * n_or[p]
        if w[8] != 0.0:
            v += w[8] * big
    return v


@njit(cache=True)
def road_link(st, p, h, o):
    """(a, b): the places met by the two terminal ends of the chain a road of p on h with
    orientation o would be in (-1 open or dead; b is not traced when a < 0). It connects two
    places iff a >= 0, b >= 0 and a != b (= road_connects)."""
    st[H_ROAD_OWN + h] = p
    st[H_ROAD_OR + h] = o
    a = follow(st, h, ORI_ENDS[o, 0])
    b = -1
    if a >= 0:
        b = follow(st, h, ORI_ENDS[o, 1])
    st[H_ROAD_OWN + h] = -1
    st[H_ROAD_OR + h] = 0
    return a, b


@njit(cache=True)
def placement_value(st, params, a, p, w, cache, aff, buf, buf2, cp, link_a, link_b):
    """action_value of a placement (road or city tile), through evaluate_cached; link_a, link_b
    = road_link of a road; buf, buf2: scratch of 6N; cp: scratch state (no allocation per
    candidate)."""
    for i in range(st.shape[0]):
        cp[i] = st[i]
    apply_action(cp, params, a)
    naff = 0
    if a < A_CITY:
        if link_a >= 0 and link_b >= 0 and link_a != link_b:
            aff[0, 0] = link_a
            aff[0, 1] = link_b
            aff[1, 0] = -1
            aff[1, 1] = -1
            naff = 2
    else:
        key = N + cp[H_CITY + a - A_CITY]
        k = connected_places(cp, key, buf2)
        aff[0, 0] = key
        aff[1, 0] = -1
        naff = 1
        for i in range(k):
            q = buf2[i]
            dup = False
            for j in range(naff):
                if aff[0, j] == q:
                    dup = True
                    break
            if not dup:
                aff[0, naff] = q
                aff[1, naff] = -1
                naff += 1
    return evaluate_cached(cp, params, p, w, st, cache, aff, naff, buf)


@njit(cache=True, inline="always")     # called for every BUILD_MARKET candidate
def build_value(st, params, a, p, w, base_value, cache, unsold, buf):
    """action_value of BUILD_MARKET a from the decision's cache; unsold[key] = unsold markets
    at each place (as market_cost counts them)."""
    key = place_key(st, a - A_BUILD)
    if key >= N:
        cost = int(params[P.P_MK_CITY_TILE]) * st[C_SIZE + key - N]
    else:
        cost = int(params[P.P_MK_VILLAGE])
    cost += int(params[P.P_MK_UNSOLD]) * unsold[key]
    c, mask = cached_info(st, st, key, int(params[P.P_CONNECTIVITY]), cache, cache, 0, buf)   # no overrides
    own = (key >= N and st[C_OWNER + key - N] == p) or (mask >> p) & 1 == 1
    v = c if own else 0
    return base_value + w[0] * (v - cost) + w[3]


@njit(cache=True)
def choose_greedy(st, params, legal, n, w, prng):
    """One-step look-ahead over the candidate subset described in the module docstring; the
    same values and choices as choose_greedy_reference, with the per-place cache above."""
    p = st[S_CUR]
    if st[S_STAGE] == ST_ORACLES:
        return legal[below(prng, n)]
    cache = new_place_cache()
    buf = np.empty(6 * N, dtype=np.int64)
    buf2 = np.empty(6 * N, dtype=np.int64)
    aff = np.empty((3, KEY_SLOTS), dtype=np.int64)
    cp = np.empty_like(st)
    unsold = np.zeros(KEY_SLOTS, dtype=np.int64)
    return _greedy_pick(st, params, legal, n, w, prng, p, cache, buf, buf2, aff, cp, unsold)


@njit(cache=True)
def _greedy_pick(st, params, legal, n, w, prng, p, cache, buf, buf2, aff, cp, unsold):
    """The body of choose_greedy, which allocates the work arrays and keeps them for the call."""
    # views without reference counts (sim/catan_core/borrow.py) of arguments the caller keeps
    st, params, legal, w, prng = borrowed(st), borrowed(params), borrowed(legal), borrowed(w), borrowed(prng)
    cache, buf, buf2, aff = borrowed(cache), borrowed(buf), borrowed(buf2), borrowed(aff)
    cp, unsold = borrowed(cp), borrowed(unsold)
    base = evaluate_cached(st, params, p, w, st, cache, aff, 0, buf)
    for m in range(st[S_NEXT_MARKET]):
        if st[K_STATE + m] == MK_UNSOLD:
            key = market_place(st, m)
            if key >= 0:
                unsold[key] += 1
    best = -1e300
    nbest = 0
    choice = legal[0]
    plain = -1
    n_plain = 0
    for i in range(n):
        a = legal[i]
        if a < A_CITY:
            h = a // 9
            la, lb = road_link(st, p, h, a - 9 * h)
            if not (la >= 0 and lb >= 0 and la != lb):
                n_plain += 1
                if below(prng, n_plain) == 0:
                    plain = a
                continue
            v = placement_value(st, params, a, p, w, cache, aff, buf, buf2, cp, la, lb)
        elif a < A_DRAW_ROAD:
            v = placement_value(st, params, a, p, w, cache, aff, buf, buf2, cp, -1, -1)
        elif a >= A_BUILD and a < A_SELL:
            v = build_value(st, params, a, p, w, base, cache, unsold, buf)
        else:
            v = action_value(st, params, a, p, w, base)
        best, nbest, choice = _better(v, a, best, nbest, choice, prng)
    if plain >= 0:
        v = placement_value(st, params, plain, p, w, cache, aff, buf, buf2, cp, -1, -1)
        best, nbest, choice = _better(v, plain, best, nbest, choice, prng)
    return choice


@njit(cache=True)
def choose_greedy_reference(st, params, legal, n, w, prng):
    """The original choose_greedy (a copy, apply and full evaluate per placement); the
    reference for tests of choose_greedy."""
    p = st[S_CUR]
    if st[S_STAGE] == ST_ORACLES:
        return legal[below(prng, n)]
    base = evaluate(st, params, p, w)
    best = -1e300
    nbest = 0
    choice = legal[0]
    plain = -1
    n_plain = 0
    for i in range(n):
        a = legal[i]
        if a < A_CITY:
            h = a // 9
            if not road_connects(st, p, h, a - 9 * h):
                n_plain += 1
                if below(prng, n_plain) == 0:
                    plain = a
                continue
        v = action_value(st, params, a, p, w, base)
        best, nbest, choice = _better(v, a, best, nbest, choice, prng)
    if plain >= 0:
        v = action_value(st, params, plain, p, w, base)
        best, nbest, choice = _better(v, plain, best, nbest, choice, prng)
    return choice


@njit(cache=True)
def determinize_stack(st, params, prng):
    """Resample the stack tiles the current player cannot see (beyond `visible_tiles` from the
    current round), keeping §9.2: each block of 4 holds one tile of each border colour."""
    vis = int(params[P.P_VISIBLE])
    first_hidden = st[S_ROUND] + vis
    if first_hidden >= 12:
        return
    seen = np.zeros(12, dtype=np.int64)
    for i in range(first_hidden):
        seen[st[S_STACK + i]] = 1
    for c in range(4):
        tiles = np.empty(3, dtype=np.int64)
        nt = 0
        for t in range(3 * c, 3 * c + 3):
            if seen[t] == 0:
                tiles[nt] = t
                nt += 1
        # blocks whose colour-c tile is hidden
        blocks = np.empty(3, dtype=np.int64)
        nb = 0
        for b in range(3):
            has = False
            for i in range(4 * b, min(4 * b + 4, first_hidden)):
                if TILE_TABLE[st[S_STACK + i], 0] == c:
                    has = True
            if not has:
                blocks[nb] = b
                nb += 1
        for i in range(nt - 1, 0, -1):
            j = below(prng, i + 1)
            tmp = tiles[i]
            tiles[i] = tiles[j]
            tiles[j] = tmp
        # put each tile at the hidden position of its block that holds colour c now
        for j in range(nb):
            b = blocks[j]
            for i in range(max(4 * b, first_hidden), 4 * b + 4):
                if TILE_TABLE[st[S_STACK + i], 0] == c:
                    st[S_STACK + i] = tiles[j]
    # shuffle the order inside each block among its hidden positions
    for b in range(3):
        lo = max(4 * b, first_hidden)
        hi = 4 * b + 4
        for i in range(hi - 1, lo, -1):
            if i < lo:
                break
            j = lo + below(prng, i - lo + 1)
            tmp = st[S_STACK + i]
            st[S_STACK + i] = st[S_STACK + j]
            st[S_STACK + j] = tmp


@njit(cache=True)
def rollout(st, params, p, horizon, random_policy, prng, legal):
    """Play on from st with greedy (or random) players until `horizon` turns after p's current
    turn have ended (or the game ends); returns the greedy evaluation for p."""
    turns0 = st[S_TURNS]
    cur_done = False
    while st[S_STAGE] != ST_OVER:
        if st[S_TURNS] > turns0:
            cur_done = True
        if cur_done and st[S_TURNS] - turns0 > horizon:
            break
        n = legal_actions(st, params, legal)
        if n == 1:
            a = legal[0]
        elif random_policy:
            a = legal[below(prng, n)]
        else:
            a = choose_greedy(st, params, legal, n, _GREEDY_W, prng)
        apply_action(st, params, a)
    return evaluate(st, params, p, _GREEDY_W)


@njit(cache=True)
def choose_search(st, params, legal, n, w, prng):
    """Flat Monte Carlo: the greedy's best `w[1]` candidates get `w[0]` rollouts in all
    (determinized stack, greedy rollouts over `w[2]` further turns); the best mean wins."""
    p = st[S_CUR]
    if st[S_STAGE] == ST_ORACLES:
        return legal[below(prng, n)]
    budget = max(1, int(w[0]))
    k = max(1, int(w[1]))
    horizon = max(0, int(w[2]))
    rnd = w[3] > 0.5
    base = evaluate(st, params, p, _GREEDY_W)
    vals = np.empty(n, dtype=np.float64)
    for i in range(n):
        a = legal[i]
        if a < A_CITY:
            h = a // 9
            if not road_connects(st, p, h, a - 9 * h):
                vals[i] = -1e300
                continue
        vals[i] = action_value(st, params, a, p, _GREEDY_W, base)
    order = np.argsort(-vals)
    k = min(k, n)
    if k == 1 or vals[order[1]] < -1e299:
        return legal[order[0]]
    per = max(1, budget // k)
    buf = np.empty(MAX_LEGAL, dtype=np.int64)
    best = -1e300
    choice = legal[order[0]]
    for j in range(k):
        if vals[order[j]] < -1e299:
            break
        a = legal[order[j]]
        tot = 0.0
        for r in range(per):
            cp = st.copy()
            determinize_stack(cp, params, prng)
            apply_action(cp, params, a)
            tot += rollout(cp, params, p, horizon, rnd, prng, buf)
        m = tot / per
        if m > best:
            best = m
            choice = a
    return choice


@njit(cache=True)
def choose(st, params, legal, n, kind, w, prng):
    if kind == GREEDY or kind == ORACLE_HUB:
        return choose_greedy(st, params, legal, n, w, prng)
    if kind == SEARCH:
        return choose_search(st, params, legal, n, w, prng)
    return legal[below(prng, n)]
