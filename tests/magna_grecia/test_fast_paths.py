"""The fast paths (city_actions, market_actions, road_actions via legal_actions, apply_action)
equal the reference ones in tests/magna_grecia/reference.py (`*_reference`, the original code)
at every decision of random, greedy and oracle_hub games, for several parameter sets; a numba
loop checks thousands of states per case (listings id by id, successors field by field). The incremental H_NEAR data equals a
recomputation in every state; the greedy's cached one-step look-ahead (choose_greedy with
ONE_STEP_WEIGHTS) gives exactly the values and the choice (and random draws) of
choose_greedy_reference; and every plan the greedy values (chain plans of roads, city runs and
the chains after them) gets exactly evaluate() of the state at its end, memos included
(the games themselves are played with the default, planning weights). The planning greedy's
shortcuts equal what they replace at every candidate: apply_city_tile (scratch reused) equals
apply_action field by field, the ends chain_plans_ws records equal
chain_ends, open_end (from road_link's ends) equals plans.open_side, oracle_changes equals
the controllers apply_action writes, and run_repairs_after (city_prep from the decision's
pass) gives run_repairs_ws's search rows and repairs."""
import numpy as np
import pytest
from numba import njit

from sim.magna_grecia.params import PARAMS
from sim.magna_grecia import rules as R
from sim.magna_grecia import state as S
from tests.magna_grecia import reference as REF
from sim.rng import new_stream, below, PLAYERS
from strategies import magna_grecia as G
from strategies.magna_grecia import choose, N_WEIGHTS, GREEDY_WEIGHTS, W_CITY_PLAN
from sim.magna_grecia import plans as PL


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
def _plan_ok(st, params, legal, n, w):
    """Every plan value the planning greedy computes (memos included) equals evaluate() of the
    state after the plan's actions. Returns (plans checked, mismatches)."""
    p = st[S.S_CUR]
    cache = G.new_place_cache()
    buf = np.empty(6 * R.N, dtype=np.int64)
    buf2 = np.empty(6 * R.N, dtype=np.int64)
    aff = np.empty((3, G.KEY_SLOTS), dtype=np.int64)
    cp = np.empty_like(st)
    cr = np.empty_like(st)
    cx = np.empty_like(st)
    mine = np.empty(G.KEY_SLOTS, dtype=np.int8)
    need = np.empty((2, R.N), dtype=np.int64)
    need[0, 0] = -1
    G.need_ready(st, p, need, mine, buf, 3)
    plans = np.empty((G.PLAN_CAP, PL.MAX_CHAIN + 1), dtype=np.int64)
    lens = np.empty(G.PLAN_CAP, dtype=np.int64)
    keys = np.empty((G.MEMO, 3), dtype=np.int64)
    vals = np.empty(G.MEMO, dtype=np.float64)
    sets = np.empty((G.RUN_CAP, R.MAXK + 1), dtype=np.int64)
    slens = np.empty(G.RUN_CAP, dtype=np.int64)
    pws = np.empty((G.PW_ROWS, G.KEY_SLOTS), dtype=np.int64)
    stack = np.empty((3, PL.MAX_CHAIN), dtype=np.int64)
    k = min(3, G.roads_left(st, params, p))
    checked = 0
    bad = 0
    ends = np.empty((2, G.PLAN_CAP), dtype=np.int64)
    bws = np.empty((R.WS_ROWS, R.N), dtype=np.int64)
    ws1 = np.empty((R.WS_ROWS, R.N), dtype=np.int64)
    ws2 = np.empty((R.WS_ROWS, R.N), dtype=np.int64)
    cand = np.empty(R.N, dtype=np.int64)
    marks = np.empty((3, R.N), dtype=np.int8)
    tlist = np.empty(R.MAXK + 2, dtype=np.int64)
    sets2 = np.empty((G.RUN_CAP, R.MAXK + 1), dtype=np.int64)
    slens2 = np.empty(G.RUN_CAP, dtype=np.int64)
    och = np.empty(2 * 32, dtype=np.int32)
    csc = G.new_city_scratch()
    PL.repair_prep_base(st, p, bws, cand)
    nmemo = 0
    base = G.evaluate(st, params, p, w)
    unsold = np.zeros(G.KEY_SLOTS, dtype=np.int64)
    for m in range(st[S.S_NEXT_MARKET]):
        if st[S.K_STATE + m] == S.MK_UNSOLD:
            unsold[R.market_place(st, m)] += 1
    terminal = G.final_round(st)
    for i in range(n):
        a = legal[i]
        if a >= R.A_DRAW_ROAD and a != R.A_END and not terminal:
            # the exact shortcuts of draws, market builds and sells (cash term included)
            if a >= R.A_BUILD and a < R.A_SELL:
                v = G.build_value(st, params, a, p, w, base, cache, unsold, buf)
            else:
                v = G.action_value(st, params, a, p, w, base)
            c2 = st.copy()
            R.apply_action(c2, params, a)
            want = G.evaluate(c2, params, p, w)
            if a >= R.A_BUILD and a < R.A_SELL:
                # village_cover discounts the new market's value and unsold weight where p may cover it
                key = R.place_key(st, a - R.A_BUILD)
                if G.own_cover_possible(st, p, key):
                    cost = st[S.S_POINTS + p] - c2[S.S_POINTS + p]
                    drop = G.weight(w, G.W_VILLAGE_COVER) * G.cover_chance(st, params, p, cost)
                    worth = R.market_value(c2, params, R.own_market_at(c2, p, key))
                    want -= drop * (w[0] * worth + w[3])
            if a >= R.A_SELL and a < R.A_ORACLE:
                # a sale earns sell_cash of the cash term's change (0 by default: the greedy never sells)
                want -= (1.0 - G.weight(w, G.W_SELL_CASH)) * (G.cash_term(c2, params, p, w, 0)
                                                               - G.cash_term(st, params, p, w, 0))
            if abs(want - v) > 1e-9:
                bad += 1
            checked += 1
        elif a < R.A_CITY and k >= 2:
            h = a // 9
            o = a - 9 * h
            # oracle control after the road: oracle_changes = what apply_action writes
            c2 = st.copy()
            R.apply_action(c2, params, a)
            c3 = st.copy()
            c3[S.H_ROAD_OWN + h] = p
            c3[S.H_ROAD_OR + h] = o
            no = G.oracle_changes(c3, params, h, och)
            for q in range(no):
                c3[S.H_OCTRL + och[2 * q]] = och[2 * q + 1]
            for q in range(R.N):
                if c3[S.H_OCTRL + q] != c2[S.H_OCTRL + q]:
                    bad += 1
            pa, e, y = PL.open_side(st, p, h, o)
            la, lb = G.road_link(st, p, h, o)
            lb = G.far_end(st, p, h, o)
            pa2, e2, y2 = PL.open_end(st, h, o, la, lb)
            if pa2 != pa or e2 != e or y2 != y:
                bad += 1
            if pa < 0:
                continue
            st[S.H_ROAD_OWN + h] = p
            st[S.H_ROAD_OR + h] = o
            m = PL.chain_plans_ws(st, params, p, pa, y, (e + 3) % 6, k - 1, need[0], a, plans, lens, 0,
                                  G.PLAN_CAP, np.zeros((3, PL.MAX_CHAIN), dtype=np.int64), ends)
            st[S.H_ROAD_OWN + h] = -1
            st[S.H_ROAD_OR + h] = 0
            for j in range(m):
                ea, eb = G.chain_ends(st, p, plans[j], lens[j])
                if ea != ends[0, j] or eb != ends[1, j]:
                    bad += 1
                v, nmemo = G.chain_value(st, st, params, p, w, plans[j], lens[j], ea, eb, cache, aff,
                                         buf, cp, keys, vals, nmemo, aff[2], 0)
                c2 = st.copy()
                for q in range(lens[j]):
                    if not R.road_legal(c2, params, p, plans[j, q] // 9, plans[j, q] % 9):
                        bad += 1
                    R.apply_action(c2, params, plans[j, q])
                if abs(G.evaluate(c2, params, p, w) - v) > 1e-9:
                    bad += 1
                checked += 1
        elif a >= R.A_CITY and a < R.A_DRAW_ROAD:
            c1 = st.copy()
            R.apply_action(c1, params, a)
            c4 = st.copy()
            G.apply_city_tile(c4, params, a, csc)      # scratch reused over the candidates
            for q in range(c1.shape[0]):
                if c4[q] != c1[q]:
                    bad += 1
                    break
            nr = 1
            if c1[S.S_PENDING] != 0:
                nr = PL.run_repairs_ws(c1, params, p, sets, slens, G.RUN_CAP, ws1, cand, marks, tlist)
                nr2 = PL.run_repairs_after(c1, params, p, a - R.A_CITY, bws, sets2, slens2, G.RUN_CAP,
                                           ws2, cand, marks, tlist)
                if nr2 != nr:
                    bad += 1
                else:
                    for j in range(nr):
                        if slens2[j] != slens[j]:
                            bad += 1
                        for q in range(slens[j]):
                            if sets2[j, q] != sets[j, q]:
                                bad += 1
                if R.city_k_after(c1, params, p) >= 0:
                    for row in (R.WS_BLOCK, R.WS_DIST_A, R.WS_DIST_C):
                        for q in range(R.N):
                            if ws1[row, q] != ws2[row, q]:
                                bad += 1
            for j in range(nr):
                run = c1.copy()
                if c1[S.S_PENDING] != 0:
                    for q in range(slens[j]):
                        R.apply_action(run, params, R.A_CITY + sets[j, q])
                    if run[S.S_PENDING] != 0:
                        bad += 1          # a repair must complete the run
                        continue
                v = G.after_run_value(run, st, params, p, w, 0, need[0], mine, plans, lens, cache,
                                      aff, buf, buf2, cx, keys, vals, -1e300, pws, stack)
                if abs(G.evaluate(run, params, p, w) - v) > 1e-9:
                    bad += 1
                checked += 1
                kr = min(3, G.roads_left(run, params, p))
                m = 0
                for q in range(run[S.S_TT_N]):
                    t = run[S.S_TT + q]
                    for d in range(6):
                        x = R.NB[t, d]
                        if x >= 0 and PL.empty_plain(run, x):
                            m = PL.chain_plans(run, params, p, R.N + run[S.H_CITY + t], x, (d + 3) % 6,
                                               kr, need[0], -1, plans, lens, m, G.PLAN_CAP)
                nm2 = 0
                nraff = G.run_aff(run, aff, buf2)
                raff = aff[0, :nraff].copy()
                for jj in range(m):
                    ea, eb = G.chain_ends(run, p, plans[jj], lens[jj])
                    v, nm2 = G.chain_value(run, st, params, p, w, plans[jj], lens[jj], ea, eb, cache,
                                           aff, buf, cx, keys, vals, nm2, raff, nraff)
                    c2 = run.copy()
                    for q in range(lens[jj]):
                        R.apply_action(c2, params, plans[jj, q])
                    if abs(G.evaluate(c2, params, p, w) - v) > 1e-9:
                        bad += 1
                    checked += 1
    return checked, bad


@njit(cache=False)
def _cross_check(seed, n_games, n_players, params, kind, w):
    """Returns (states checked, city listings compared, city ids listed, mismatches, plans
    checked)."""
    legal = np.empty(R.MAX_LEGAL, dtype=np.int64)
    ref = np.empty(R.MAX_LEGAL, dtype=np.int64)
    a = np.empty(R.MAX_LEGAL, dtype=np.int64)
    b = np.empty(R.MAX_LEGAL, dtype=np.int64)
    n_states = 0
    n_city = 0
    n_ids = 0
    n_apply = 0
    n_plans = 0
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
                w1 = w.copy()
                w1[W_CITY_PLAN:] = 0.0          # the one-step look-ahead
                if not _greedy_ok(st, params, legal, n, w1, prng):
                    bad += 1
                n_pl, n_bad = _plan_ok(st, params, legal, n, w)
                n_plans += n_pl
                bad += n_bad
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
                act = choose(st, params, legal, n, kind, w, prng, st)
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
    return n_states, n_city, n_ids, bad + 0 * n_apply, n_plans


CASES = [
    (4, 0, 40, {}),
    (3, 0, 30, {"board": "generated"}),
    (2, 0, 30, {"city_tile_cost": 0, "enh_cities_bonus": 2}),
    (4, 0, 20, {"oracles_4p": 0, "start_points_4p": 40, "market_build_requires_network": True,
                "sell_requires_active": True}),
    (4, 1, 4, {}),
    (2, 1, 4, {"enh_cities_bonus": 2}),
    (3, 2, 3, {"connectivity": "road_count"}),
    (4, 1, 3, {"city_tile_cost": 3}),
    (2, 1, 3, {"city_tile_cost": 2, "allow_join_rival_road_end": True, "tie_break": "shared"}),
]


@pytest.mark.parametrize("n_players,kind,n_games,over", CASES)
def test_fast_listings_match_reference(n_players, kind, n_games, over):
    pr = PARAMS.vector(over)
    w = np.zeros(N_WEIGHTS)
    w[:len(GREEDY_WEIGHTS)] = GREEDY_WEIGHTS
    if kind == 2:
        from strategies.magna_grecia import ORACLE_HUB_WEIGHTS
        w[:len(ORACLE_HUB_WEIGHTS)] = ORACLE_HUB_WEIGHTS
    n_states, n_city, n_ids, bad, n_plans = _cross_check(21, n_games, n_players, pr, kind, w)
    assert bad == 0
    assert n_states > 300 and n_city > 50 and n_ids > 200
    if kind in (1, 2):
        assert n_plans > 200
