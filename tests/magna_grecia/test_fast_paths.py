"""The fast paths (city_actions, market_actions, road_actions via legal_actions, apply_action)
equal the reference ones in tests/magna_grecia/reference.py (`*_reference`, the original code)
at every decision of random, greedy and oracle_hub games, for several parameter sets; a numba
loop checks thousands of states per case (listings id by id, successors field by field). The incremental H_NEAR data equals a
recomputation in every state, and the greedy's cached look-ahead (choose_greedy) gives exactly
the values and the choice (and random draws) of choose_greedy_reference."""
import numpy as np
import pytest
from numba import njit

from sim.magna_grecia.params import PARAMS
from sim.magna_grecia import rules as R
from sim.magna_grecia import state as S
from tests.magna_grecia import reference as REF
from sim.rng import new_stream, below, PLAYERS
from strategies import magna_grecia as G
from strategies.magna_grecia import choose, N_WEIGHTS, GREEDY_WEIGHTS


@njit(cache=False)
def _same(a, na, b, nb):
    if na != nb:
        return False
    for i in range(na):
        if a[i] != b[i]:
            return False
    return True


@njit(cache=False)
def _near_ok(st):
    near = np.empty(R.N, dtype=np.int32)
    S.near_compute(st, near)
    for h in range(R.N):
        if near[h] != st[S.H_NEAR + h]:
            return False
    return True


@njit(cache=False)
def _greedy_ok(st, params, legal, n, w, prng):
    """Every candidate's cached value equals action_value's, and the choice and the random
    draws equal choose_greedy_reference's."""
    p = st[S.S_CUR]
    base = G.evaluate(st, params, p, w)
    cache = G.new_place_cache()
    buf = np.empty(6 * R.N, dtype=np.int64)
    buf2 = np.empty(6 * R.N, dtype=np.int64)
    aff = np.empty((3, G.KEY_SLOTS), dtype=np.int64)
    cp = np.empty_like(st)
    if G.evaluate_cached(st, params, p, w, st, cache, aff, 0, buf) != base:
        return False
    unsold = np.zeros(G.KEY_SLOTS, dtype=np.int64)
    for m in range(st[S.S_NEXT_MARKET]):
        if st[S.K_STATE + m] == S.MK_UNSOLD:
            unsold[R.market_place(st, m)] += 1
    for i in range(n):
        a = legal[i]
        ref = G.action_value(st, params, a, p, w, base)
        if a < R.A_CITY:
            h = a // 9
            la, lb = G.road_link(st, p, h, a - 9 * h)
            v = G.placement_value(st, params, a, p, w, cache, aff, buf, buf2, cp, la, lb)
        elif a < R.A_DRAW_ROAD:
            v = G.placement_value(st, params, a, p, w, cache, aff, buf, buf2, cp, -1, -1)
        elif a >= R.A_BUILD and a < R.A_SELL:
            v = G.build_value(st, params, a, p, w, base, cache, unsold, buf)
        else:
            continue
        if v != ref:
            return False
    pa = prng.copy()
    pb = prng.copy()
    ca = G.choose_greedy(st, params, legal, n, w, pa)
    cb = G.choose_greedy_reference(st, params, legal, n, w, pb)
    return ca == cb and pa[0] == pb[0]


@njit(cache=False)
def _cross_check(seed, n_games, n_players, params, kind, w):
    """Returns (states checked, city listings compared, city ids listed, mismatches)."""
    legal = np.empty(R.MAX_LEGAL, dtype=np.int64)
    ref = np.empty(R.MAX_LEGAL, dtype=np.int64)
    a = np.empty(R.MAX_LEGAL, dtype=np.int64)
    b = np.empty(R.MAX_LEGAL, dtype=np.int64)
    n_states = 0
    n_city = 0
    n_ids = 0
    n_apply = 0
    bad = 0
    cost = int(params[R.P.P_CITY_COST])
    for g in range(n_games):
        st = S.new_game(seed, g, n_players, params)
        prng = new_stream(seed, g, PLAYERS)
        while not R.is_over(st):
            n = R.legal_actions(st, params, legal)
            nr = REF.legal_actions_reference(st, params, ref)
            if not _same(legal, n, ref, nr):
                bad += 1
            if not _near_ok(st):
                bad += 1
            if (kind == 1 or kind == 2) and st[S.S_STAGE] == S.ST_PLAY and n > 1:
                if not _greedy_ok(st, params, legal, n, w, prng):
                    bad += 1
            if st[S.S_STAGE] == S.ST_PLAY:
                n_states += 1
                p = st[S.S_CUR]
                if (st[S.S_STOCK_CITY + p] >= 1 and st[S.S_POINTS + p] >= cost
                        and R.city_allowance_left(st, params) >= 1):
                    # also outside the PLACING phase (same board, other counters)
                    na = R.city_actions(st, params, p, a, 0)
                    nb = REF.city_actions_reference(st, params, p, b, 0)
                    n_city += 1
                    n_ids += na
                    if not _same(a, na, b, nb):
                        bad += 1
                for q in range(n_players):
                    na = R.market_actions(st, params, q, a, 0)
                    nb = REF.market_actions_reference(st, params, q, b, 0)
                    if not _same(a, na, b, nb):
                        bad += 1
            if n == 1:
                act = legal[0]
            else:
                act = choose(st, params, legal, n, kind, w, prng)
            # successors: the chosen action and a few spread over the list (roads first)
            for j in range(5):
                x = act if j == 0 else legal[(j - 1) * n // 4]
                s1 = st.copy()
                s2 = st.copy()
                R.apply_action(s1, params, x)
                REF.apply_action_reference(s2, params, x)
                n_apply += 1
                for i in range(s1.shape[0]):
                    if s1[i] != s2[i]:
                        bad += 1
                        break
            R.apply_action(st, params, act)
    return n_states, n_city, n_ids, bad + 0 * n_apply


CASES = [
    (4, 0, 40, {}),
    (3, 0, 30, {"board": "generated"}),
    (2, 0, 30, {"city_tile_cost": 0, "enh_cities_bonus": 2}),
    (4, 0, 20, {"oracles_4p": 0, "start_points_4p": 40, "market_build_requires_network": True,
                "sell_requires_active": True}),
    (4, 1, 4, {}),
    (2, 1, 4, {"enh_cities_bonus": 2}),
    (3, 2, 3, {"connectivity": "road_count"}),
]


@pytest.mark.parametrize("n_players,kind,n_games,over", CASES)
def test_fast_listings_match_reference(n_players, kind, n_games, over):
    pr = PARAMS.vector(over)
    w = np.zeros(N_WEIGHTS)
    w[:len(GREEDY_WEIGHTS)] = GREEDY_WEIGHTS
    if kind == 2:
        from strategies.magna_grecia import ORACLE_HUB_WEIGHTS
        w[:] = ORACLE_HUB_WEIGHTS
    n_states, n_city, n_ids, bad = _cross_check(21, n_games, n_players, pr, kind, w)
    assert bad == 0
    assert n_states > 300 and n_city > 50 and n_ids > 200
