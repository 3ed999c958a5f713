"""Magna Grecia players, dispatched by integer kind (random=0, greedy=1, oracle_hub=2, ismcts=3).

oracle_hub: the greedy with ORACLE_HUB_WEIGHTS (extra value per controlled oracle and for the
largest own city). ismcts: the shared information-set tree search (sim/search/ismcts.py) over
the greedy's values (the order untried actions enter: the planning greedy's at the root, its
one-step values below it, see policy_scores) and its evaluation of every seat (the cut-off); its
weights are the greedy's followed by the search block (ISMCTS_WEIGHTS). It replaced
a flat Monte Carlo over the greedy's best candidates with greedy rollouts, which it beats
(README, "One search player for every game").

`choose(st, params, legal, n, kind, w, prng)` picks one action id among legal[:n]; players only
draw from their PLAYERS stream `prng`.

greedy: look-ahead on a weighted evaluation. Each candidate action is applied to a copy of the
state and the result scored with `evaluate`; the best is chosen, ties broken uniformly by prng.
Placements are valued by the best **plan** they start within the turn, because one tile alone
often shows only its cost:
- a city tile: the best completion of its city run (the tiles the run still needs, §4.6, placed
  over the next decisions), followed by a road chain from the run's tiles of at most the roads
  left this turn (`road_plan` tiles); the value is one_step + city_plan * (plan - one_step);
- a road tile that connects nothing yet: the best chain plan it starts (up to `road_plan` tiles
  in all, within the roads left this turn) that connects two places, one of them p's city or a
  place with p's unsold market (sim/magna_grecia/plans.py lists runs and chains).
The plan's later steps are chosen again at the next decisions, where they are one-step or
shorter plans of the same value, so the greedy stays stateless. A road that connects nothing
and starts no plan is represented by one uniformly chosen candidate per decision (the
evaluation could only tell them apart by their future use). Draws, market builds/sells and
END_TURN change only the acting player's terms, so their value is computed exactly without
copying the state (`action_value`), except in the last round (below). Oracle placement is
uniform (a look-ahead sees no difference before any city exists).
Cost: the plans make a 4-player game about 4x as slow as the one-step greedy (2 players: 9x):
mostly the repair search of pending runs and the chains after each candidate city tile
(bench/magna_grecia_speed.py). Work shared by the candidates of a decision is done once: the
place cache, the repair search's board pass (plans.run_repairs_after), the city tiles' scratch;
chain plans are valued on the state itself (chain_value) with the ends their search recorded.

Evaluation of a state for seat p (weights w, names GREEDY_WEIGHT_NAMES, by index):
  0 self_score     p's final score if the game ended now (track + active markets + oracles)
  1 rival_score    minus the rivals' mean final score
  2 stock_tiles    tiles in stock (also the tie-break, §5)
  3 unsold_markets p's unsold markets (their chance to gain value later)
  4 city_tiles     p's city tiles on the board
  5 city_conn      sum of conn over p's cities
  6 road_tiles     p's road tiles on the board
  7 oracle_bonus   per oracle p controls, on top of its points
  8 largest_city   tiles of p's largest city
  9 city_plan      0: a city tile is valued alone (the original one-step look-ahead, which with
                   city_tile_cost >= 2 never founds a city); 1: by its best plan (above)
 10 road_plan      longest chain of road tiles a plan may place (rounded; <= 1: none)
 11 finish         in the last round (no later turn of p can use a proxy term): the evaluation
                   is own score - best rival score + stock weight * stock + unsold weight *
                   unsold markets + finish * p's win share if the game ended now (tie-break
                   included), so the turn that ends the game is scored by the position it locks
                   in; 0: the weighted sum above always
 12 cash           per track point of p up to 3 * city_tile_cost (the price of a founding run),
                   before the last round: a broke player sells a market to act next turn
                   ("selling markets, a small relief", spec §11.6); 0: points count only as score
 13 plan_width     0: every legal city tile is valued by its plan; K > 0: only the K best by their
                   one-step value (ties at the K-th drawn uniformly), the others by one step (a
                   run left pending is never chosen). Caps the planning work where a player's
                   style leaves many open city tiles (the tuned players: 8).
 14 sell_cash      the share of the cash term a market sale earns: 0 (default), a sale is valued as
                   a move of points from market to track less the unsold market's weight, so the
                   greedy never sells; 1, the old greedy, which sold whenever short of a founding
                   run's points and lost by it: a seat forbidden to sell (`power_sell_market`)
                   won 27.2% among 3 such greedy players, 32.3% at city_tile_cost 3, and one seat of
                   sell_cash 0 among them 59.4% at 2 players (docs/FINDINGS.md, "Selling markets")
 15 no_build_market 0; > 0: a ban, not a preference (`agon restrict magna-grecia --ban markets`):
                   never builds a market while another action is legal; a founding run still places its
                   free market, so the banned player keeps founding cities (an `unsold_markets` weight of
                   -1000, the ban before, made it draw tiles all game)
 16 village_cover  how much of a village market's value (its connections and the unsold weight) the
                   greedy discounts, times cover_chance (rounds left, city tiles p can pay for), where
                   p's own city may still cover the village (no oracle and no rival city tile next to
                   it): a market p buys there and later covers is the founding market it would have got
                   free (§4.6), or one that clean-up thins out (§4.7), so only its price counts. 0.5
                   (default); 0, the old greedy, whose market building lost games: a player that never
                   builds one won 28.7% among 3 of it, and one seat of 0.5 among 3 of it 31.9% (4
                   players), 52.9% (2), 39.5% (3), 25.3% and 26.5% at city_tile_cost 2 and 3 (1.0
                   discounted too much there: 22.8%); docs/FINDINGS.md, "Building markets"
 17 no_merge       0; > 0: a ban (`agon restrict magna-grecia --ban merges`): never places a city tile that
                   joins two or more of its own cities, nor one starting a run only such a tile can
                   complete, while another action is legal (the causal check of "merged cities")
ONE_STEP_WEIGHTS are the default weights with city_plan = road_plan = finish = cash = village_cover = 0: exactly
the original one-step greedy (tests/magna_grecia/test_fast_paths.py checks it against
choose_greedy_reference).
"""
import numpy as np
from numba import njit

from sim.spec import StrategyInfo
from sim.rng import below
from sim.catan_core.borrow import borrowed, NO_REFCOUNT
from sim.magna_grecia.board import N, NB, TILE_TABLE
from sim.magna_grecia import params as P
from sim.magna_grecia.board import ORI_ENDS
from sim.magna_grecia.rules import (
    apply_action, score_parts, conn, road_connects, connected_places, count_distinct, connected_to_own_city, place_key, market_cost,
    A_CITY, A_DRAW_ROAD, A_DRAW_CITY, A_BUILD, A_SELL, A_ORACLE,
    follow, market_place, tile_values, MAXK, market_value, own_market_at,
)
from sim.magna_grecia import engine as E
from sim.search import ismcts as IS
from sim.magna_grecia.plans import (place_need, chain_plans_ws, empty_plain, run_repairs_after,
                                    repair_prep_base, open_end,
                                    MAX_CHAIN)
from sim.magna_grecia.rules import city_k_after, WS_ROWS
from sim.magna_grecia.rules.cities import WS_SEEN, WS_BLOCK, WS_NCAND, apply_city_ws, neighbours_allow_city
from sim.magna_grecia.rules.oracles import oracle_best, oracle_new_controller, oracle_touched
from sim.magna_grecia.rules.places import trace
from sim.magna_grecia.view import first_hidden
from sim.layout import HEADER_SIZE
from sim.magna_grecia.state import (
    S_NP, S_STOCK_ROAD, S_STOCK_CITY, S_NEXT_CITY, C_ALIVE, C_OWNER, C_SIZE, K_OWNER, K_STATE,
    S_NEXT_MARKET, S_CUR, S_STAGE, ST_ORACLES, ST_OVER, H_ROAD_OWN, S_ROUND,
    S_POINTS, S_N_ORACLES, S_ORACLE_LIST, H_OCTRL, H_CITY, H_ROAD_OR, M_ROAD_TILES,
    MK_UNSOLD, MAXC, K_HEX, H_KIND, S_ROUNDS, S_R, S_C, S_PHASE, S_PENDING, PH_PLACING,
    S_TT, S_TT_N, S_STACK,
)

RANDOM, GREEDY, ORACLE_HUB, ISMCTS = 0, 1, 2, 3

GREEDY_WEIGHT_NAMES = ("self_score", "rival_score", "stock_tiles", "unsold_markets",
                       "city_tiles", "city_conn", "road_tiles", "oracle_bonus", "largest_city",
                       "city_plan", "road_plan", "finish", "cash", "plan_width", "sell_cash",
                       "no_build_market", "village_cover", "no_merge")
W_CITY_PLAN, W_ROAD_PLAN, W_FINISH, W_CASH, W_PLAN_WIDTH, W_SELL_CASH, W_NO_BUILD_MARKET = 9, 10, 11, 12, 13, 14, 15
W_VILLAGE_COVER, W_NO_MERGE = 16, 17
GREEDY_WEIGHTS = (1.0, 1.0, 0.15, 0.6, 1.3, 0.3, 0.05, 0.0, 0.0, 1.0, 3.0, 10.0, 1.0, 0.0, 0.0, 0.0, 0.5, 0.0)
ONE_STEP_WEIGHTS = GREEDY_WEIGHTS[:W_CITY_PLAN] + (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
# §11.6 "merging into a hub that gathers oracles": extra value per controlled oracle and for the
# size of the largest own city (merges), more weight on connectivity, less on rivals.
ORACLE_HUB_WEIGHTS = (1.0, 0.7, 0.1, 0.5, 1.2, 0.6, 0.05, 3.0, 0.4, 1.0, 3.0, 10.0, 1.0, 0.0, 0.0, 0.0, 0.5, 0.0)
W0 = len(GREEDY_WEIGHTS)            # the ismcts block (sim/search/ismcts.py) follows the greedy's
# after the shared search block: search_leaf_step 1 scores the leaf's seat to move by its greedy
# continuation (seat_values), 0 by the evaluation alone; search_reuse 1 computes each state's
# one-step pass once within a decision (step_values), 0 at every call. 8 iterations (32 before the
# passes were reused): one ismcts seat among 3 tuned won 0.383 [0.350, 0.417] of 800 games at 28.7
# games/CPU-s every seat searching (seed 2600: 0.337 [0.305, 0.370]; 32 iterations 0.461 [0.426,
# 0.495]); 12 iterations 0.430 [0.396, 0.465] (seed 2600: 0.421) at 19.1; 10 iterations 0.359 and
# 0.367 at 23.7; without the continuation 0.341 at 8 and 0.352 at 16; 12 iterations with the
# continuation only at leaves of at most 60 legal actions 0.382 and 0.366 at about 0.88x the speed
# of 8 (bench/magna_grecia_search_screen.py, seed 1600 unless named, 800 games each). These
# figures were taken while the search also placed the oracles before round 1; since it leaves that to
# the policy (worth_search), 8 iterations won 0.379 [0.346, 0.414] (seed 1600) and 0.411 [0.378,
# 0.446] (seed 2600) at 27.8 games/CPU-s (bench/search_strength.py --seed S --per-seat 200)
ISMCTS_WEIGHT_NAMES = GREEDY_WEIGHT_NAMES + IS.SEARCH_WEIGHT_NAMES + ("search_leaf_step", "search_reuse")
ISMCTS_WEIGHTS = GREEDY_WEIGHTS + (8.0, 0.3, 0.0, 3.0, 1.0, 0.5, 0.0) + (1.0, 1.0)
W_LEAF_STEP = W0 + IS.N_SEARCH_WEIGHTS
W_REUSE = W_LEAF_STEP + 1
N_WEIGHTS = len(ISMCTS_WEIGHTS)
ISMCTS_DEFAULTS = np.array(ISMCTS_WEIGHTS, np.float64)

STRATEGIES = (
    StrategyInfo("random", RANDOM, "uniform over legal actions (oracle placement too)"),
    StrategyInfo("greedy", GREEDY, "look-ahead on a weighted evaluation; city runs and road "
                 "chains valued as plans within the turn",
                 GREEDY_WEIGHTS, GREEDY_WEIGHT_NAMES),
    StrategyInfo("oracle_hub", ORACLE_HUB, "greedy persona: grows one hub city that gathers oracles",
                 ORACLE_HUB_WEIGHTS, GREEDY_WEIGHT_NAMES),
    StrategyInfo("ismcts", ISMCTS, "information-set MCTS (sim/search): greedy-ordered widening, evaluation "
                 "cut-off", ISMCTS_WEIGHTS, ISMCTS_WEIGHT_NAMES),
)


@njit(cache=True, **NO_REFCOUNT)
def weight(w, i):
    """w[i], or 0 for a shorter vector (weights written before the weight existed)."""
    return w[i] if w.shape[0] > i else 0.0


@njit(cache=True, **NO_REFCOUNT)
def cash_term(st, params, p, w, delta):
    """The `cash` term for p's track points moved by delta: cash * min(points, 3 * city tile
    cost), the points a founding run needs (selling a market can pay for it)."""
    c = weight(w, W_CASH)
    if c == 0.0:
        return 0.0
    t = 3 * int(params[P.P_CITY_COST])
    return c * min(st[S_POINTS + p] + delta, t)


@njit(cache=True, **NO_REFCOUNT)
def final_round(st):
    """No turn after this round: proxies of future value are worth nothing to anyone."""
    return st[S_STAGE] == ST_OVER or st[S_ROUND] >= st[S_ROUNDS] - 1


@njit(cache=True, **NO_REFCOUNT)
def win_share(st, params, total, p):
    """p's win share if the game ended with these scores (§5, tie-break included)."""
    np_ = st[S_NP]
    top = total[0]
    for s in range(1, np_):
        if total[s] > top:
            top = total[s]
    if total[p] < top:
        return 0.0
    by_stock = int(params[P.P_TIE_BREAK]) == 0
    sp = st[S_STOCK_ROAD + p] + st[S_STOCK_CITY + p]
    k = 0
    for s in range(np_):
        if total[s] == top:
            ss = st[S_STOCK_ROAD + s] + st[S_STOCK_CITY + s]
            if by_stock and ss > sp:
                return 0.0
            if not by_stock or ss == sp:
                k += 1
    return 1.0 / k


@njit(cache=True, **NO_REFCOUNT)
def finish_value(st, params, total, p, w, unsold):
    """The last-round evaluation (weight `finish`): margin over the best rival, the stock
    tie-break and the win share the position locks in; unsold markets keep their weight, so
    selling one for exactly its value (which changes no score) is not chosen by a coin."""
    np_ = st[S_NP]
    riv = -1e18
    for s in range(np_):
        if s != p and total[s] > riv:
            riv = float(total[s])
    stock = st[S_STOCK_ROAD + p] + st[S_STOCK_CITY + p]
    return (w[0] * float(total[p]) - w[1] * riv + w[2] * stock + w[3] * unsold
            + w[W_FINISH] * win_share(st, params, total, p))


@njit(cache=True)
def evaluate(st, params, p, w):
    """Weighted evaluation of state st for seat p (higher is better)."""
    parts = np.zeros((4, 6), dtype=np.int64)
    score_parts(st, params, parts)
    return evaluate_parts(st, params, p, w, parts, np.empty(6 * N, dtype=np.int64))


@njit(cache=True)
def evaluate_parts(st, params, p, w, parts, buf):
    """evaluate() with score_parts(st) given in parts (the same for every seat, so the search's
    cut-off computes it once for all of them); buf: scratch of 6N."""
    np_ = st[S_NP]
    unsold = 0
    for m in range(st[S_NEXT_MARKET]):
        if st[K_OWNER + m] == p and st[K_STATE + m] == 1:
            unsold += 1
    if weight(w, W_FINISH) != 0.0 and final_round(st):
        return finish_value(st, params, parts[:, 5], p, w, unsold)
    own = float(parts[p, 5])
    riv = 0.0
    for s in range(np_):
        if s != p:
            riv += parts[s, 5]
    riv /= max(1, np_ - 1)
    tiles = 0
    cconn = 0
    mode = int(params[P.P_CONNECTIVITY])
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
    if w.shape[0] > W_CASH and w[W_CASH] != 0.0:
        v += cash_term(st, params, p, w, 0)
    return v


@njit(cache=True, **NO_REFCOUNT)
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
    other actions are valued exactly from base = evaluate(st) (they change only p's terms),
    except in the last round with `finish` (the win share is not additive): a copy there too."""
    if a < A_DRAW_ROAD or (weight(w, W_FINISH) != 0.0 and final_round(st)):
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
        return market_build_value(st, params, p, w, base, key, v, cost)
    if a >= A_SELL and a < A_ORACLE:
        # track +value, market value -value
        gain = market_value(st, params, own_market_at(st, p, place_key(st, a - A_SELL)))
        return base - w[3] + weight(w, W_SELL_CASH) * (cash_term(st, params, p, w, gain) - cash_term(st, params, p, w, 0))
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


@njit(cache=True, **NO_REFCOUNT)
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
    """cache[0, key] = conn, cache[1, key] = owner mask, of the decision's state; -1 unknown.
    Columns KEY_SLOTS.. are evaluate_cached's scratch (seat totals and oracle counts), so a
    candidate's evaluation allocates nothing."""
    return np.full((2, KEY_SLOTS + 4), -1, dtype=np.int64)


@njit(cache=True, **NO_REFCOUNT)
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


@njit(cache=True, **NO_REFCOUNT)
def evaluate_cached(st, params, p, w, base, cache, aff, naff, buf):
    """evaluate(st, params, p, w) for a state st that differs from `base` (whose places are in
    `cache`) only in the places aff[0, :naff] (see cached_info)."""
    np_ = st[S_NP]
    mode = int(params[P.P_CONNECTIVITY])
    op = int(params[P.P_ORACLE_POINTS])
    total = cache[0, KEY_SLOTS:]        # scratch columns (new_place_cache)
    n_or = cache[1, KEY_SLOTS:]
    for s in range(4):
        total[s] = 0
        n_or[s] = 0
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
    if weight(w, W_FINISH) != 0.0 and final_round(st):
        return finish_value(st, params, total, p, w, unsold)
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
    if w.shape[0] > W_CASH and w[W_CASH] != 0.0:
        v += cash_term(st, params, p, w, 0)
    return v


@njit(cache=True, **NO_REFCOUNT)
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
def new_city_scratch():
    """Scratch of rules.apply_city_ws for the city tiles a decision applies (allocated once
    per decision instead of once per tile)."""
    return (np.empty(6, dtype=np.int64), np.zeros(N, dtype=np.int8), np.empty(1, dtype=np.int64),
            np.empty((WS_NCAND, N), dtype=np.int32), np.empty(6 * N + 1, dtype=np.int64))


@njit(cache=True)
def apply_city_tile(st, params, a, sc):
    """apply_action(st, params, a) for a city tile a, on the scratch sc (new_city_scratch)."""
    apply_city_ws(st, params, st[S_CUR], a - A_CITY, True, sc[0], sc[1], sc[2], sc[3], sc[4])


@njit(cache=True, **NO_REFCOUNT)
def far_end(st, p, h, o):
    """The place met by the chain through end ORI_ENDS[o, 1] of a road of p on h (road_link's
    b, which it leaves untraced when its a < 0)."""
    st[H_ROAD_OWN + h] = p
    st[H_ROAD_OR + h] = o
    b = follow(st, h, ORI_ENDS[o, 1])
    st[H_ROAD_OWN + h] = -1
    st[H_ROAD_OR + h] = 0
    return b


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
    return market_build_value(st, params, p, w, base_value, key, v, cost)


@njit(cache=True, **NO_REFCOUNT)
def own_cover_possible(st, p, key):
    """Place key is a village a city tile of p may still cover (the hex rule's lasting part, §4.6:
    no oracle and no rival city tile next to it)."""
    return key < N and neighbours_allow_city(st, p, key)


# The chance that p's own city covers a village market p builds now grows with the rounds left
# and the city tiles p can still pay for; in 4-player greedy games (2,400 village markets at
# city_tile_cost 1 and 3) it was about 0.65-0.7 with 7 or more rounds left and 5 or more tiles'
# worth of points, and fell towards 0 with either (bench/magna_grecia_cover.py): cover_chance is
# that shape, and `village_cover` its scale.
COVER_ROUNDS, COVER_TILES = 8.0, 5.0


@njit(cache=True, **NO_REFCOUNT)
def cover_chance(st, params, p, cost):
    """min(1, rounds left / 8) * min(1, (city tiles p can pay for after cost - 1) / 4): a player
    with one tile's worth of points or less, or two rounds left, rarely covers a village."""
    left = min(1.0, (st[S_ROUNDS] - st[S_ROUND]) / COVER_ROUNDS)
    ctc = int(params[P.P_CITY_COST])
    tiles = COVER_TILES if ctc <= 0 else (st[S_POINTS + p] - cost) / ctc - 1.0
    return left * min(1.0, max(0.0, tiles) / (COVER_TILES - 1.0))


@njit(cache=True, inline="always")
def market_build_value(st, params, p, w, base, key, v, cost):
    """The value after p builds a market worth v now, for cost: its value and the unsold weight
    are discounted by `village_cover` times cover_chance in a village p's city may still cover
    (a covered market is worth what the free founding market would have been: only its price
    counts)."""
    keep = 1.0
    f = weight(w, W_VILLAGE_COVER)
    if f != 0.0 and own_cover_possible(st, p, key):
        keep = 1.0 - f * cover_chance(st, params, p, cost)
    return (base + w[0] * (keep * v - cost) + keep * w[3]
            + cash_term(st, params, p, w, -cost) - cash_term(st, params, p, w, 0))


# ---------------------------------------------------------------- plans within the turn
# A plan's value is evaluate() of the state at its end, through the decision's place cache
# (evaluate_cached). Two memos keep the number of evaluations small:
# - a chain of new road tiles changes the evaluation only through the two places it connects
#   and its length (conn, owner masks and oracle control follow from the connection; stock and
#   road tiles from the length), so chain plans are valued once per (place, place, length);
# - a city run is valued once per set of tiles (its tiles in any order give the same state), and
#   a tile of a run already valued takes that run's value without a search of its own.
PLAN_CAP = 48            # chain plans kept per search (the rest are not valued)
# rows of the plan scratch pws (int64[PW_ROWS, KEY_SLOTS], allocated once per decision)
PW_ENDS, PW_KEEP, PW_RAFF, PW_FULL = 0, 2, 3, 4      # ends: two rows
PW_OST, PW_ORUN = 5, 6   # oracle_links of the decision's state and of the run being valued
PW_ROWS = 7
MEMO = 64                # entries of each memo
RUN_CAP = 16             # repairs valued per pending run


@njit(cache=True, **NO_REFCOUNT)
def roads_left(st, params, p):
    """Road tiles p may still place this turn (allowance §3.2 and stock), pending aside."""
    R, C, S, Rp, Cp, Sp = tile_values(st, params)
    if st[S_PHASE] != PH_PLACING:
        return 0
    r = st[S_R]
    c = st[S_C]
    if c == 0:
        left = Rp - r
    elif c <= C:
        left = R - r
    else:
        left = 0
    return max(0, min(left, st[S_STOCK_ROAD + p]))


@njit(cache=True, **NO_REFCOUNT)
def add_aff(aff, naff, key):
    for j in range(naff):
        if aff[0, j] == key:
            return naff
    aff[0, naff] = key
    aff[1, naff] = -1
    return naff + 1


@njit(cache=True, **NO_REFCOUNT)
def run_aff(cp, aff, buf2):
    """The places a city run of this turn (tiles cp[S_TT..]) and the chains after it can have
    changed: the cities holding this turn's tiles and every place directly connected to them
    (see the cache notes above placement_value); returns their count in aff[0]."""
    naff = 0
    for i in range(cp[S_TT_N]):
        key = N + cp[H_CITY + cp[S_TT + i]]
        seen = False                     # this city already expanded (one of its tiles before)
        for j in range(i):
            if N + cp[H_CITY + cp[S_TT + j]] == key:
                seen = True
                break
        if seen:
            continue
        naff = add_aff(aff, naff, key)
        k = connected_places(cp, key, buf2)
        for j in range(k):
            naff = add_aff(aff, naff, buf2[j])
    return naff


@njit(cache=True, **NO_REFCOUNT)
def mine_mask(st, p, mine):
    """mine[key] = 1 for p's cities and the places holding an unsold market of p: a chain
    plan can only gain p something if it connects one of them (a chain between two other
    places only helps rivals, or nobody)."""
    for k in range(KEY_SLOTS):
        mine[k] = 0
    for c in range(st[S_NEXT_CITY]):
        if st[C_ALIVE + c] == 1 and st[C_OWNER + c] == p:
            mine[N + c] = 1
    for m in range(st[S_NEXT_MARKET]):
        if st[K_OWNER + m] == p and st[K_STATE + m] == MK_UNSOLD:
            key = market_place(st, m)
            if key >= 0:
                mine[key] = 1


@njit(cache=True, **NO_REFCOUNT)
def need_ready(st, p, need, mine, buf, k):
    """Compute need (place_need to any place, to p's places, up to k tiles) and mine (mine_mask)
    on first use in a decision (need[0, 0] = -1 until then): most decisions place no road."""
    if need[0, 0] < 0:
        mine_mask(st, p, mine)
        place_need(st, need, buf, mine, k)


@njit(cache=True)
def chain_ends(base, p, plan, m):
    """(a, b), a <= b: the places the chain of road plan plan[:m] connects (tiles set on base
    briefly to trace it)."""
    last = plan[m - 1]
    x = last // 9
    ox = last - 9 * x
    for i in range(m):
        h = plan[i] // 9
        base[H_ROAD_OWN + h] = p
        base[H_ROAD_OR + h] = plan[i] - 9 * h
    a = follow(base, x, ORI_ENDS[ox, 0])
    b = follow(base, x, ORI_ENDS[ox, 1])
    for i in range(m):
        h = plan[i] // 9
        base[H_ROAD_OWN + h] = -1
        base[H_ROAD_OR + h] = 0
    if a > b:
        return b, a
    return a, b


@njit(cache=True, **NO_REFCOUNT)
def shortest_per_pair(w, lens, n, ends, keep):
    """keep[j] = 1 for the plans to value: for each pair of places connected (ends[:, j], as
    chain_plans_ws records them; = chain_ends), the shortest plan, since a longer chain between
    the same places gives the same connections for more tiles (worth w[6] - w[2] <= 0 each;
    with road tiles weighted above stock every plan is kept). Returns how many are kept."""
    for j in range(n):
        keep[j] = 1
    if w[6] > w[2]:
        return n
    kept = n
    for j in range(n):
        for i in range(n):
            if (i != j and keep[i] == 1 and ends[0, i] == ends[0, j] and ends[1, i] == ends[1, j]
                    and (lens[i] < lens[j] or (lens[i] == lens[j] and i < j))):
                keep[j] = 0
                kept -= 1
                break
    return kept


@njit(cache=True)
def rechecked_controller(st, o, mode):
    """The controller of oracle hex o after rules.recheck_oracle (§4.9), without writing it."""
    best, bestc = oracle_best(st, o, mode)
    cur = st[H_OCTRL + o]
    if best < 0 or cur == best:
        return cur
    cur_conn = conn(st, N + cur, mode) if cur >= 0 else -1
    return oracle_new_controller(cur, cur_conn, best, bestc)


@njit(cache=True)
def chain_value(base, st, params, p, w, plan, m, a, b, cache, aff, buf, cp, keys, vals, nmemo,
                raff, nraff):
    """chain_value_ol with base's oracle links traced here (the players trace them once per
    state: oracle_links)."""
    olinks = np.empty(6 * max(1, base[S_N_ORACLES]), dtype=np.int64)
    oracle_links(base, olinks)
    return chain_value_ol(base, st, params, p, w, plan, m, a, b, cache, aff, buf, cp, keys, vals,
                          nmemo, raff, nraff, olinks)


@njit(cache=True, **NO_REFCOUNT)
def oracle_links(st, olinks):
    """olinks[6i + d] = trace(st, o, d) for the i-th oracle o: the places its chains meet, for
    oracle_changes_links's re-check test. A chain plan's tiles never change them for an oracle
    that is not one of the plan's two places: a trace from o runs only along a chain with a
    terminal end at o, and the chain holding the plan's tiles ends at the plan's places (its
    tiles sit on empty plain, so no place key moves)."""
    for i in range(st[S_N_ORACLES]):
        o = st[S_ORACLE_LIST + i]
        for d in range(6):
            olinks[6 * i + d] = trace(st, o, d)


@njit(cache=True)
def chain_value_ol(base, st, params, p, w, plan, m, a, b, cache, aff, buf, cp, keys, vals, nmemo,
                   raff, nraff, olinks):
    """Value of road plan plan[:m], which connects places a <= b, applied to `base` (the
    decision's state st, or a state after a city run whose changed places are raff[:nraff]),
    memoised by (a, b, length) in keys/vals[:nmemo]; returns (value, new nmemo).

    The plan is valued on `base` itself, not on a copy (cp is scratch): its tiles, p's road
    stock and road count and the oracle control they change are written for the evaluation
    and restored after it. These are every field apply_action changes that the evaluation
    reads: the tiles before the last connect nothing (a plan ends at its first connection),
    so only the last one re-checks oracles (rules.update_oracles_after_road), and oracles are
    independent, so their new controllers can be computed before any is written. Same value as
    apply_action on a copy (tests/magna_grecia/test_fast_paths.py)."""
    for j in range(nmemo):
        if keys[j, 0] == a and keys[j, 1] == b and keys[j, 2] == m:
            return vals[j], nmemo
    for i in range(m):
        h = plan[i] // 9
        base[H_ROAD_OWN + h] = p
        base[H_ROAD_OR + h] = plan[i] - 9 * h
    no = oracle_changes_links(base, params, a, b, cp, olinks)   # a, b: the plan's places
    for i in range(no):                  # cp[2i] = oracle hex, cp[2i + 1] = its new controller
        o = cp[2 * i]
        c = cp[2 * i + 1]
        cp[2 * i + 1] = base[H_OCTRL + o]
        base[H_OCTRL + o] = c
    base[S_STOCK_ROAD + p] -= m
    base[M_ROAD_TILES + p] += m
    naff = 0
    for i in range(nraff):
        aff[0, naff] = raff[i]
        aff[1, naff] = -1
        naff += 1
    naff = add_aff(aff, naff, a)
    naff = add_aff(aff, naff, b)
    v = evaluate_cached(base, params, p, w, st, cache, aff, naff, buf)
    base[S_STOCK_ROAD + p] += m
    base[M_ROAD_TILES + p] -= m
    for i in range(no):
        base[H_OCTRL + cp[2 * i]] = cp[2 * i + 1]
    for i in range(m):
        h = plan[i] // 9
        base[H_ROAD_OWN + h] = -1
        base[H_ROAD_OR + h] = 0
    if nmemo < keys.shape[0]:
        keys[nmemo, 0] = a
        keys[nmemo, 1] = b
        keys[nmemo, 2] = m
        vals[nmemo] = v
        nmemo += 1
    return v, nmemo


@njit(cache=True)
def oracle_changes(st, params, h, out):
    """What rules.update_oracles_after_road(st, params, h) would change (the road on h is set),
    without writing it: out[2i] = an oracle hex, out[2i + 1] = its new controller; returns
    how many. The same re-check test: a and b, the places the chain through h connects."""
    o_ = st[H_ROAD_OR + h]
    a = follow(st, h, ORI_ENDS[o_, 0])
    if a < 0:
        return 0
    b = follow(st, h, ORI_ENDS[o_, 1])
    return oracle_changes_ab(st, params, a, b, out)


@njit(cache=True)
def oracle_changes_ab(st, params, a, b, out):
    """oracle_changes for a road whose chain's terminal ends meet a and b (traced by the
    caller: a plan's recorded ends, so chain_value does not trace them again)."""
    if a < 0 or b < 0 or a == b:
        return 0
    mode = int(params[P.P_CONNECTIVITY])
    n = 0
    for i in range(st[S_N_ORACLES]):
        o = st[S_ORACLE_LIST + i]
        if oracle_touched(st, o, a, b):
            c = rechecked_controller(st, o, mode)
            if c != st[H_OCTRL + o]:
                out[2 * n] = o
                out[2 * n + 1] = c
                n += 1
    return n


@njit(cache=True)
def oracle_changes_links(st, params, a, b, out, olinks):
    """oracle_changes_ab with the oracles' chains read from olinks (oracle_links of the state
    before the plan's tiles), the same re-check test as rules.oracle_touched."""
    if a < 0 or b < 0 or a == b:
        return 0
    mode = int(params[P.P_CONNECTIVITY])
    n = 0
    for i in range(st[S_N_ORACLES]):
        o = st[S_ORACLE_LIST + i]
        cur = st[H_OCTRL + o]
        hit = o == a or o == b or (cur >= 0 and (N + cur == a or N + cur == b))
        if not hit:
            for d in range(6):
                q = olinks[6 * i + d]
                if q >= 0 and (q == a or q == b):
                    hit = True
                    break
        if hit:
            c = rechecked_controller(st, o, mode)
            if c != cur:
                out[2 * n] = o
                out[2 * n + 1] = c
                n += 1
    return n


@njit(cache=True)
def after_run_value(cr, st, params, p, w, k_road, need, mine, plans, lens, cache, aff, buf, buf2,
                    cp, keys, vals, v0, pws, stack):
    """Best value of a completed city run cr: as it is (v0, or evaluated if v0 is -1e300), or
    followed by a chain plan of at most min(k_road, roads left) tiles from one of this turn's
    city tiles to another place (need: place_need to any place). pws, stack: scratch
    (new_plan_scratch)."""
    k = min(k_road, roads_left(cr, params, p))
    best = v0
    if best <= -1e299 or k >= 1:
        naff = run_aff(cr, aff, buf2)
        if best <= -1e299:
            best = evaluate_cached(cr, params, p, w, st, cache, aff, naff, buf)
    if k < 1:
        return best
    raff = pws[PW_RAFF]                  # the run's changed places, kept for every chain
    for i in range(naff):
        raff[i] = aff[0, i]
    ends = pws[PW_ENDS:PW_ENDS + 2]
    n = 0
    for i in range(cr[S_TT_N]):
        t = cr[S_TT + i]
        a = N + cr[H_CITY + t]
        for d in range(6):
            x = NB[t, d]
            if x >= 0 and empty_plain(cr, x) and need[x] <= k:
                n = chain_plans_ws(cr, params, p, a, x, (d + 3) % 6, k, need, -1, plans, lens, n,
                                   PLAN_CAP, stack, ends)
    if n == 0:
        return best
    keep = pws[PW_KEEP]
    shortest_per_pair(w, lens, n, ends, keep)
    olinks = pws[PW_ORUN]
    oracle_links(cr, olinks)
    nmemo = 0
    for j in range(n):
        if keep[j] == 0:
            continue
        v, nmemo = chain_value_ol(cr, st, params, p, w, plans[j], lens[j], ends[0, j], ends[1, j],
                                  cache, aff, buf, cp, keys, vals, nmemo, raff, naff, olinks)
        if v > best:
            best = v
    return best


@njit(cache=True)
def city_plan_value(st, cp, v1, params, a, p, w, k_road, need, mine, plans, lens, cache, aff, buf,
                    buf2, cr, cx, keys, vals, runs, run_len, run_val, nruns, sets, slens, pws, stack,
                    rws, rcand, rmarks, rtlist, bws, csc):
    """Value of city tile a as the first tile of a plan: the best over the completions of its
    city run (run_repairs) of after_run_value; cp = the state after a and v1 its value
    (placement_value's); cr, cx: scratch states. Runs are memoised by their tiles in runs/run_len/run_val[:nruns];
    returns (value, nruns). bws: the decision's part of the repair search (repair_prep_base,
    made on first use: bws[WS_SEEN, 0] < 0 until then)."""
    h0 = a - A_CITY
    if cp[S_PENDING] == 0:
        if min(k_road, roads_left(cp, params, p)) < 1:
            return v1, nruns
        v = after_run_value(cp, st, params, p, w, k_road, need, mine, plans, lens, cache, aff,
                            buf, buf2, cx, keys, vals, v1, pws, stack)
        return v, nruns
    # a run found from an earlier candidate that holds h0 is also a run starting with h0 (its
    # tiles in any order): its value stands for h0's runs, which saves a repair search for the
    # other tiles of a run (most runs are a tile and the village it must cover)
    best = -1e300
    for r in range(nruns):
        for i in range(run_len[r]):
            if runs[r, i] == h0:
                if run_val[r] > best:
                    best = run_val[r]
                break
    if best > -1e299:
        return best, nruns
    m = 0
    if city_k_after(cp, params, p) + 1 >= 1:
        if bws[WS_SEEN, 0] < 0:
            repair_prep_base(st, p, bws, rcand)
            bws[WS_SEEN, 0] = 0
        m = run_repairs_after(cp, params, p, h0, bws, sets, slens, RUN_CAP, rws, rcand, rmarks,
                              rtlist)
    full = pws[PW_FULL]
    for j in range(m):
        # the whole run, sorted: h0 and the repair
        nf = 0
        full[0] = h0
        nf = 1
        for i in range(slens[j]):
            full[nf] = sets[j, i]
            nf += 1
        for i in range(1, nf):
            x = full[i]
            q = i - 1
            while q >= 0 and full[q] > x:
                full[q + 1] = full[q]
                q -= 1
            full[q + 1] = x
        found = -1
        for r in range(nruns):
            if run_len[r] == nf:
                same = True
                for i in range(nf):
                    if runs[r, i] != full[i]:
                        same = False
                        break
                if same:
                    found = r
                    break
        if found >= 0:
            v = run_val[found]
        else:
            for i in range(st.shape[0]):
                cr[i] = cp[i]
            for i in range(slens[j]):
                apply_city_tile(cr, params, A_CITY + sets[j, i], csc)
            if cr[S_PENDING] != 0:
                continue
            v = after_run_value(cr, st, params, p, w, k_road, need, mine, plans, lens, cache, aff,
                                buf, buf2, cx, keys, vals, -1e300, pws, stack)
            if nruns < runs.shape[0]:
                for i in range(nf):
                    runs[nruns, i] = full[i]
                run_len[nruns] = nf
                run_val[nruns] = v
                nruns += 1
        if v > best:
            best = v
    return best, nruns


@njit(cache=True)
def road_plan_value(st, params, a, p, w, k, need, mine, plans, lens, cache, aff, buf, buf2, cp,
                    keys, vals, nmemo, pws, stack, la, lb):
    """Value of road a (connecting nothing yet) as the first tile of a chain plan of at most k
    tiles that connects two places, one of them p's (mine); -1e300 if it starts none.
    need: place_need to any place (row 0) and to p's places (row 1); la, lb: the places its
    two ends meet (road_link; lb traced also when la < 0). Returns (value, nmemo)
    (chain_value's memo)."""
    h = a // 9
    o = a - 9 * h
    pa, e, y = open_end(st, h, o, la, lb)
    if pa < 0:
        return -1e300, nmemo
    nd = need[0] if mine[pa] != 0 else need[1]   # the far end must be p's if this one is not
    if nd[y] > k - 1:
        return -1e300, nmemo
    st[H_ROAD_OWN + h] = p
    st[H_ROAD_OR + h] = o
    ends = pws[PW_ENDS:PW_ENDS + 2]
    n = chain_plans_ws(st, params, p, pa, y, (e + 3) % 6, k - 1, nd, a, plans, lens, 0, PLAN_CAP,
                       stack, ends)
    st[H_ROAD_OWN + h] = -1
    st[H_ROAD_OR + h] = 0
    if n == 0:
        return -1e300, nmemo
    keep = pws[PW_KEEP]
    shortest_per_pair(w, lens, n, ends, keep)
    best = -1e300
    for j in range(n):
        if keep[j] == 0:
            continue
        a0 = ends[0, j]
        b0 = ends[1, j]
        if not ((a0 >= 0 and mine[a0] != 0) or (b0 >= 0 and mine[b0] != 0)):
            continue                     # connects none of p's places
        v, nmemo = chain_value_ol(st, st, params, p, w, plans[j], lens[j], a0, b0, cache, aff,
                                  buf, cp, keys, vals, nmemo, aff[2], 0, pws[PW_OST])
        if v > best:
            best = v
    return best, nmemo


# ---------------------------------------------------------------- the greedy's choice
@njit(cache=True)
def choose_greedy(st, params, legal, n, w, prng):
    """The best candidate by greedy_values (see the module docstring), ties broken uniformly."""
    p = st[S_CUR]
    if st[S_STAGE] == ST_ORACLES:
        return legal[below(prng, n)]
    vals = np.empty(n, dtype=np.float64)
    return greedy_values(st, params, legal, n, w, prng, vals)


@njit(cache=True)
def greedy_values(st, params, legal, n, w, prng, vals):
    """vals[i] = the greedy's value of legal[i] (-1e300 for the roads that connect nothing and
    start no plan, except the one drawn to represent them); returns the greedy's choice."""
    p = st[S_CUR]
    cache = new_place_cache()
    buf = np.empty(6 * N, dtype=np.int64)
    buf2 = np.empty(6 * N, dtype=np.int64)
    aff = np.empty((3, KEY_SLOTS), dtype=np.int64)
    cp = np.empty_like(st)
    unsold = np.zeros(KEY_SLOTS, dtype=np.int64)
    city_plan = weight(w, W_CITY_PLAN)
    k_road = int(weight(w, W_ROAD_PLAN) + 0.5)
    if k_road > MAX_CHAIN:
        k_road = MAX_CHAIN
    if (city_plan == 0.0 and k_road < 2) or legal[0] >= A_DRAW_ROAD:
        # no plan to value (legal ids are ascending: placements come first)
        return _greedy_pick(st, params, legal, n, w, prng, p, cache, buf, buf2, aff, cp, unsold,
                            vals)
    mine = np.empty(KEY_SLOTS, dtype=np.int8)
    need = np.empty((2, N), dtype=np.int64)      # to any place; to one of p's (mine)
    need[0, 0] = -1                              # not computed yet (need_ready)
    plans = np.empty((PLAN_CAP, MAX_CHAIN + 1), dtype=np.int64)
    lens = np.empty(PLAN_CAP, dtype=np.int64)
    cr = np.empty_like(st)
    cx = np.empty_like(st)
    keys = np.empty((MEMO, 3), dtype=np.int64)
    mvals = np.empty(MEMO, dtype=np.float64)
    keys2 = np.empty((MEMO, 3), dtype=np.int64)
    mvals2 = np.empty(MEMO, dtype=np.float64)
    runs = np.empty((MEMO, MAXK + 2), dtype=np.int64)
    run_len = np.empty(MEMO, dtype=np.int64)
    run_val = np.empty(MEMO, dtype=np.float64)
    sets = np.empty((RUN_CAP, MAXK + 1), dtype=np.int64)
    slens = np.empty(RUN_CAP, dtype=np.int64)
    pws = np.empty((PW_ROWS, KEY_SLOTS), dtype=np.int64)
    oracle_links(st, pws[PW_OST])                # chain values on st read them (chain_value_ol)
    stack = np.empty((3, MAX_CHAIN), dtype=np.int64)
    rws = np.empty((WS_ROWS, N), dtype=np.int64)
    rcand = np.empty(N, dtype=np.int64)
    rmarks = np.empty((3, N), dtype=np.int8)
    rtlist = np.empty(MAXK + 2, dtype=np.int64)
    bws = np.empty((WS_BLOCK + 1, N), dtype=np.int64)
    bws[WS_SEEN, 0] = -1                         # not prepared yet (city_plan_value)
    return _plan_pick(st, params, legal, n, w, prng, p, cache, buf, buf2, aff, cp, unsold, vals,
                      city_plan, k_road, need, mine, plans, lens, cr, cx, keys, mvals, keys2,
                      mvals2, runs, run_len, run_val, sets, slens, pws, stack, rws, rcand, rmarks,
                      rtlist, bws, new_city_scratch())


@njit(cache=True, **NO_REFCOUNT)
def count_unsold(st, unsold):
    """unsold[place] += the unsold markets at each market place (build_value reads them)."""
    for m in range(st[S_NEXT_MARKET]):
        if st[K_STATE + m] == MK_UNSOLD:
            key = market_place(st, m)
            if key >= 0:
                unsold[key] += 1


@njit(cache=True)
def other_value(st, params, a, p, w, base, terminal, cache, unsold, buf, cp):
    """The value of an action that places no tile: in the final round (terminal) the finishing
    position it locks in (action_value's evaluate of the state after it, through the place
    cache: such an action changes no place's connections); a build with the unsold markets at
    each place; the rest one step ahead."""
    if terminal:
        for i in range(st.shape[0]):
            cp[i] = st[i]
        apply_action(cp, params, a)
        return evaluate_cached(cp, params, p, w, st, cache, cache, 0, buf)
    if a >= A_BUILD and a < A_SELL:
        return build_value(st, params, a, p, w, base, cache, unsold, buf)
    return action_value(st, params, a, p, w, base)


@njit(cache=True)
def plan_width(st, params, legal, n, p, w, prng, cache, aff, buf, buf2, cp, vals, csc):
    """The city tiles whose plans are valued: with `plan_width` K > 0 and more than K city tiles
    legal, the K best by their one-step value, ties at the K-th value drawn uniformly (many
    tiles in open country share one value); the others keep their one-step value, and one that
    leaves a run pending is never chosen (as when no completion is found). Returns (first, flags)
    with flags[i - first] per city tile: 0 plan valued, 1 one step, 2 never chosen (no flags: every
    tile planned); the one-step values of the tiles not planned are left in vals."""
    k = int(weight(w, W_PLAN_WIDTH) + 0.5)
    if k <= 0:                           # every tile planned (the default greedy)
        return n, np.zeros(0, dtype=np.int8)
    first = 0
    while first < n and legal[first] < A_CITY:
        first += 1
    last = first
    while last < n and legal[last] < A_DRAW_ROAD:
        last += 1
    flags = np.zeros(last - first, dtype=np.int8)
    if last - first <= k:
        return first, flags
    pend = np.zeros(last - first, dtype=np.int8)
    for i in range(first, last):
        for j in range(st.shape[0]):
            cp[j] = st[j]
        apply_city_tile(cp, params, legal[i], csc)
        naff = run_aff(cp, aff, buf2)
        vals[i] = evaluate_cached(cp, params, p, w, st, cache, aff, naff, buf)
        pend[i - first] = 1 if cp[S_PENDING] != 0 else 0
    order = np.sort(vals[first:last])
    cut = order[last - first - k]
    above = 0
    ties = 0
    for i in range(first, last):
        if vals[i] > cut:
            above += 1
        elif vals[i] == cut:
            ties += 1
    want = k - above                     # tied tiles to plan, drawn without replacement
    for i in range(first, last):
        f = 1
        if vals[i] > cut:
            f = 0
        elif vals[i] == cut:
            if below(prng, ties) < want:
                f = 0
                want -= 1
            ties -= 1
        if f == 1 and pend[i - first] != 0:
            f = 2
        flags[i - first] = f
    return first, flags


@njit(cache=True)
def _plan_pick(st, params, legal, n, w, prng, p, cache, buf, buf2, aff, cp, unsold, vals,
               city_plan, k_road, need, mine, plans, lens, cr, cx, keys, mvals, keys2, mvals2,
               runs, run_len, run_val, sets, slens, pws, stack, rws, rcand, rmarks, rtlist, bws,
               csc):
    """_greedy_pick with plans (city_plan > 0 or road_plan >= 2); keys/mvals: the memo of chain
    plans from the decision's state, keys2/mvals2: scratch memo of chains after a run; pws,
    stack, rws, rcand, rmarks, rtlist: scratch of the plan searches (allocated once per decision)."""
    # views without reference counts (sim/catan_core/borrow.py) of arguments the caller keeps:
    # the plan searches pass these arrays through many calls per candidate
    st, params, legal, w, prng = borrowed(st), borrowed(params), borrowed(legal), borrowed(w), borrowed(prng)
    cache, buf, buf2, aff = borrowed(cache), borrowed(buf), borrowed(buf2), borrowed(aff)
    cp, unsold, vals, need, mine = borrowed(cp), borrowed(unsold), borrowed(vals), borrowed(need), borrowed(mine)
    plans, lens, cr, cx = borrowed(plans), borrowed(lens), borrowed(cr), borrowed(cx)
    keys, mvals, keys2, mvals2 = borrowed(keys), borrowed(mvals), borrowed(keys2), borrowed(mvals2)
    runs, run_len, run_val, sets, slens = borrowed(runs), borrowed(run_len), borrowed(run_val), borrowed(sets), borrowed(slens)
    pws, stack, rws, rcand = borrowed(pws), borrowed(stack), borrowed(rws), borrowed(rcand)
    rmarks, rtlist, bws = borrowed(rmarks), borrowed(rtlist), borrowed(bws)
    base = evaluate_cached(st, params, p, w, st, cache, aff, 0, buf)
    terminal = weight(w, W_FINISH) != 0.0 and final_round(st)
    count_unsold(st, unsold)
    k_more = min(k_road, roads_left(st, params, p))
    nmemo = 0
    nruns = 0
    best = -1e300
    nbest = 0
    choice = legal[0]
    plain = -1
    plain_i = -1
    n_plain = 0
    first_city, flags = plan_width(st, params, legal, n, p, w, prng, cache, aff, buf, buf2, cp, vals,
                                   csc)
    for i in range(n):
        a = legal[i]
        if a < A_CITY:
            h = a // 9
            la, lb = road_link(st, p, h, a - 9 * h)
            if not (la >= 0 and lb >= 0 and la != lb):
                v = -1e300
                if k_more >= 2:
                    need_ready(st, p, need, mine, buf, k_road)
                    if la < 0:
                        lb = far_end(st, p, h, a - 9 * h)
                    v, nmemo = road_plan_value(st, params, a, p, w, k_more, need, mine, plans, lens,
                                               cache, aff, buf, buf2, cp, keys, mvals, nmemo, pws,
                                               stack, la, lb)
                if v <= -1e299:
                    vals[i] = -1e300
                    n_plain += 1
                    if below(prng, n_plain) == 0:
                        plain = a
                        plain_i = i
                    continue
            else:
                plans[0, 0] = a
                if la > lb:
                    la, lb = lb, la
                v, nmemo = chain_value_ol(st, st, params, p, w, plans[0], 1, la, lb, cache, aff,
                                          buf, cp, keys, mvals, nmemo, aff[2], 0, pws[PW_OST])
        elif a < A_DRAW_ROAD:
            if flags.shape[0] > 0 and flags[i - first_city] != 0:   # outside the plan width: one step only
                v = vals[i] if flags[i - first_city] == 1 else -1e300
                vals[i] = v
                best, nbest, choice = _better(v, a, best, nbest, choice, prng)
                continue
            for j in range(st.shape[0]):
                cp[j] = st[j]
            apply_city_tile(cp, params, a, csc)
            v = -1e300
            if cp[S_PENDING] == 0 or city_plan != 1.0:    # else the plan's value replaces it
                naff = run_aff(cp, aff, buf2)
                v = evaluate_cached(cp, params, p, w, st, cache, aff, naff, buf)
            if city_plan != 0.0:
                if k_road >= 1 and (cp[S_PENDING] != 0 or roads_left(cp, params, p) >= 1):
                    need_ready(st, p, need, mine, buf, k_road)
                vp, nruns = city_plan_value(st, cp, v, params, a, p, w, k_road, need[0], mine, plans,
                                            lens, cache, aff, buf, buf2, cr, cx, keys2, mvals2, runs,
                                            run_len, run_val, nruns, sets, slens, pws, stack, rws,
                                            rcand, rmarks, rtlist, bws, csc)
                # no completion found: the run cannot be finished (never chosen)
                if vp <= -1e299:
                    v = -1e300
                elif city_plan == 1.0:
                    v = vp
                else:
                    v = v + city_plan * (vp - v)
        else:
            v = other_value(st, params, a, p, w, base, terminal, cache, unsold, buf, cp)
        vals[i] = v
        best, nbest, choice = _better(v, a, best, nbest, choice, prng)
    if plain >= 0:
        v = placement_value(st, params, plain, p, w, cache, aff, buf, buf2, cp, -1, -1)
        vals[plain_i] = v
        best, nbest, choice = _better(v, plain, best, nbest, choice, prng)
    return choice


@njit(cache=True)
def _greedy_pick(st, params, legal, n, w, prng, p, cache, buf, buf2, aff, cp, unsold, vals):
    """The one-step look-ahead (city_plan = 0, road_plan <= 1): the same values and choices as
    choose_greedy_reference, with the per-place cache above."""
    # views without reference counts (sim/catan_core/borrow.py) of arguments the caller keeps
    st, params, legal, w, prng = borrowed(st), borrowed(params), borrowed(legal), borrowed(w), borrowed(prng)
    cache, buf, buf2, aff = borrowed(cache), borrowed(buf), borrowed(buf2), borrowed(aff)
    cp, unsold, vals = borrowed(cp), borrowed(unsold), borrowed(vals)
    base = evaluate_cached(st, params, p, w, st, cache, aff, 0, buf)
    terminal = weight(w, W_FINISH) != 0.0 and final_round(st)
    count_unsold(st, unsold)
    best = -1e300
    nbest = 0
    choice = legal[0]
    plain = -1
    plain_i = -1
    n_plain = 0
    for i in range(n):
        a = legal[i]
        if a < A_CITY:
            h = a // 9
            la, lb = road_link(st, p, h, a - 9 * h)
            if not (la >= 0 and lb >= 0 and la != lb):
                vals[i] = -1e300
                n_plain += 1
                if below(prng, n_plain) == 0:
                    plain = a
                    plain_i = i
                continue
            v = placement_value(st, params, a, p, w, cache, aff, buf, buf2, cp, la, lb)
        elif a < A_DRAW_ROAD:
            v = placement_value(st, params, a, p, w, cache, aff, buf, buf2, cp, -1, -1)
        else:
            v = other_value(st, params, a, p, w, base, terminal, cache, unsold, buf, cp)
        vals[i] = v
        best, nbest, choice = _better(v, a, best, nbest, choice, prng)
    if plain >= 0:
        v = placement_value(st, params, plain, p, w, cache, aff, buf, buf2, cp, -1, -1)
        vals[plain_i] = v
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
def greedy_action(st, ctx, legal, n, w, rng, work):
    """The greedy choice (the search's first child and play-out policy)."""
    return choose_greedy(st, ctx, legal, n, w, rng)


# ---------------------------------------------------------------- the search's one-step passes
# The shared loop (sim/search/ismcts.py) asks for the one-step values of the same state twice or
# more: at a node's creation (the leaf's greedy continuation, seat_values) and at each later
# expansion from it (the untried actions' order, policy_scores). Within one decision's search they
# are kept by state: choose passes the loop a copy of the weights followed by this scratch (the
# loop hands its player functions the weights and nothing else of the decision's), and a state
# seen again takes the values computed for it. A state is keyed by two 64-bit multiply-add hashes
# of every field but the contract header (the trace log) and the round tiles no seat sees yet,
# which redeal_hidden draws anew each iteration and which the one-step values never read (they
# read the current round's tile only); values of states that differ only there are the same.
# Layout behind the weights: SCR_ENTRY floats per kept state (key, key, legal count, best value,
# the values by legal index), then the tail: slots, slots used, magic.
SCR_CAP = 384                     # values kept per state (a state with more legal actions is not kept)
SCR_ENTRY = 4 + SCR_CAP
SCR_TAIL = 3
SCR_MAGIC = -3.25e301             # marks a weight vector that carries the scratch
# state_key reads the state after the header as 64-bit words (two int32 fields each): the stack
# must start on a word and the header end on one (the word view needs an 8-byte offset)
assert HEADER_SIZE % 2 == 0 and (S_STACK - HEADER_SIZE) % 2 == 0
N_WORDS = (E.STATE_SIZE - HEADER_SIZE) // 2
_keys = np.random.default_rng(20261202).integers(1, 2 ** 62, size=(2, N_WORDS + 1), dtype=np.int64) | 1
KEY_A = _keys[0].copy()
KEY_B = _keys[1].copy()
STACK_WORD = (S_STACK - HEADER_SIZE) // 2


@njit(cache=True, **NO_REFCOUNT)
def state_key(st, params):
    """Two 64-bit hashes of st without its header and its unseen round tiles (see above), their top
    52 bits as floats (exact in float64). The state is read as 64-bit words, a multiply-add per
    word that the compiler vectorises (as int32 fields: 15x slower); the second hash folds each
    word's high field into its low bits, so a change in a high field alone moves more than the
    top 32 bits of the first."""
    lo = first_hidden(st, params)                  # stack fields lo..11 are unseen
    v = st[HEADER_SIZE:HEADER_SIZE + 2 * N_WORDS].view(np.int64)
    h1 = np.int64(0)
    h2 = np.int64(0)
    a = STACK_WORD + lo // 2                       # first word with an unseen field
    for i in range(a):
        x = v[i]
        h1 += x * KEY_A[i]
        h2 += (x ^ (x >> 32)) * KEY_B[i]
    if lo % 2 == 1:                                # its low field is seen, its high one not
        x = v[a] & np.int64(0xFFFFFFFF)
        h1 += x * KEY_A[a]
        h2 += x * KEY_B[a]
    for i in range(STACK_WORD + 6, N_WORDS):
        x = v[i]
        h1 += x * KEY_A[i]
        h2 += (x ^ (x >> 32)) * KEY_B[i]
    for i in range(HEADER_SIZE + 2 * N_WORDS, st.shape[0]):     # an odd last field
        x = np.int64(st[i])
        h1 += x * KEY_A[N_WORDS]
        h2 += x * KEY_B[N_WORDS]
    return float(h1 >> 12), float(h2 >> 12)


@njit(cache=True)
def search_weights(w):
    """w followed by an empty scratch (the search of this decision keeps its one-step passes in
    it); slots for every node the search can create and the root."""
    slots = max(1, int(w[W0 + IS.S_ITER])) + 2
    nw = max(w.shape[0], N_WEIGHTS)
    ws = np.empty(nw + slots * SCR_ENTRY + SCR_TAIL, np.float64)
    ws[:w.shape[0]] = w
    for i in range(w.shape[0], nw):         # a shorter vector: the search-only weights' defaults
        ws[i] = ISMCTS_DEFAULTS[i] if i >= W_LEAF_STEP else 0.0
    t = ws.shape[0]
    ws[t - 3] = slots
    ws[t - 2] = 0.0
    ws[t - 1] = SCR_MAGIC
    return ws


@njit(cache=True, **NO_REFCOUNT)
def scratch_at(w):
    """Offset of the first kept state in w, -1 when w carries no scratch (a plain weight vector)."""
    t = w.shape[0]
    if t < SCR_TAIL or w[t - 1] != SCR_MAGIC:
        return -1
    return t - SCR_TAIL - int(w[t - 3]) * SCR_ENTRY


@njit(cache=True, **NO_REFCOUNT)
def kept_values(w, off, k1, k2, m, vals):
    """Whether the state with key (k1, k2) and m legal actions is kept, its values then copied
    into vals[:m]; and its best value."""
    t = w.shape[0]
    for e in range(int(w[t - 2])):
        b = off + e * SCR_ENTRY
        if w[b] == k1 and w[b + 1] == k2 and int(w[b + 2]) == m:
            for i in range(m):
                vals[i] = w[b + 4 + i]
            return True, w[b + 3]
    return False, 0.0


@njit(cache=True, **NO_REFCOUNT)
def keep_values(w, off, k1, k2, vals, m, best):
    t = w.shape[0]
    used = int(w[t - 2])
    if used >= int(w[t - 3]) or m > SCR_CAP:
        return
    b = off + used * SCR_ENTRY
    w[b] = k1
    w[b + 1] = k2
    w[b + 2] = m
    w[b + 3] = best
    for i in range(m):
        w[b + 4 + i] = vals[i]
    w[t - 2] = used + 1


@njit(cache=True)
def step_values(st, params, legal, m, w, prng, vals):
    """one_step_values of st into vals[:m]; returns the best. Computed once per state within a
    decision's search (w with its scratch, see above; with search_reuse 0 or a plain w, always)."""
    off = scratch_at(w)
    if off >= 0 and w[W_REUSE] != 0.0:
        k1, k2 = state_key(st, params)
        kept, best = kept_values(w, off, k1, k2, m, vals)
        if kept:
            return best
        one_step_values(st, params, legal, m, w, prng, vals)
        best = vals[:m].max()
        keep_values(w, off, k1, k2, vals, m, best)
        return best
    one_step_values(st, params, legal, m, w, prng, vals)
    return vals[:m].max()


@njit(cache=True)
def policy_scores(st, ctx, legal, n, w, rng, work, out):
    """The greedy's value of every legal action (orders the search's untried actions): at the
    search's root (st equal to `work`, where choose copied the decision's state) the planning
    greedy's; below the root the one-step values (plans off, finish and cash kept), a fraction
    of the cost: there the widening expands only the best one to three actions of a node, and the
    cut-off values the position right after them. Below the root they are usually kept from the
    node's creation, where the leaf's continuation computed them (step_values)."""
    if search_root(st, work):
        greedy_values(st, ctx, legal, n, w, rng, out)
        return
    step_values(st, ctx, legal, n, w, rng, out)


@njit(cache=True)
def one_step_values(st, params, legal, n, w, prng, vals):
    """greedy_values with the plans off (city_plan = road_plan = 0; w's own plan weights are
    ignored, no copy of w): _greedy_pick reads no plan weight, so the values and draws are
    those of greedy_values on w with both plan weights zeroed."""
    return _greedy_pick(st, params, legal, n, w, prng, st[S_CUR], new_place_cache(),
                        np.empty(6 * N, dtype=np.int64), np.empty(6 * N, dtype=np.int64),
                        np.empty((3, KEY_SLOTS), dtype=np.int64), np.empty_like(st),
                        np.zeros(KEY_SLOTS, dtype=np.int64), vals)


@njit(cache=True, **NO_REFCOUNT)
def search_root(st, work):
    """st is the search's root: the state choose copied into work (a state below the root has
    at least one action applied, so it differs)."""
    if work.shape[0] != st.shape[0]:
        return True
    for i in range(st.shape[0]):
        if st[i] != work[i]:
            return False
    return True


@njit(cache=True)
def seat_values(st, ctx, w, rng, out):
    """Every seat's evaluation (the search's cut-off); returns the number of seats. The scores
    (score_parts) are computed once for all seats: the same values as evaluate() per seat. With
    search_leaf_step 1 the seat to move is scored by its greedy continuation (the best one-step
    greedy value: the state after its best next step), not by `evaluate` alone. With the plans in
    that continuation too, one ismcts seat won 0.428 [0.354, 0.506] of 160 games against tuned at
    4.3 games/CPU-s all-seat; one step: 0.419 [0.345, 0.496] at 5.5."""
    n = st[S_NP]
    parts = np.zeros((4, 6), dtype=np.int64)
    score_parts(st, ctx, parts)
    buf = np.empty(6 * N, dtype=np.int64)
    cur = -1
    if w[W_LEAF_STEP] != 0.0 and st[S_STAGE] != ST_OVER:
        legal = np.empty(E.N_ACTIONS, np.int32)
        m = E.legal_actions(st, ctx, legal)
        if m > 1:
            cur = st[S_CUR]                     # valued by its continuation instead
            vals = np.empty(m, np.float64)
            out[cur] = step_values(st, ctx, legal, m, w, rng, vals)
    for q in range(n):
        if q != cur:
            out[q] = evaluate_parts(st, ctx, q, w, parts, buf)
    return n


@njit(cache=True)
def worth_search(st, ctx, legal, n, w):
    """Every decision but the oracles' placement before round 1, which is left to the policy (a
    uniform draw, as the greedy's): with no piece on the board every placement's value at the
    cut-off was the same, so the search put the oracles in the same places game after game, and
    with every seat searching the second seat won 65% [58, 72] of 200 4-player games and the first
    12% (with oracle_placement = random: no seat edge)."""
    return st[S_STAGE] != ST_ORACLES


search_action = IS.make_search(
    "search_magna_grecia", legal_actions=E.legal_actions, apply_action=E.apply_action,
    to_move=E.to_move, returns=E.returns, redeal_hidden=E.redeal_hidden, n_seats=E.n_seats,
    policy=greedy_action, policy_scores=policy_scores, seat_values=seat_values,
    worth_search=worth_search, N_ACTIONS=E.N_ACTIONS, W0=W0)


@njit(cache=True, **NO_REFCOUNT)
def merges_own(st, p, h):
    """A city tile of p on hex h would join two or more of p's cities (§4.7)."""
    first = -1
    for d in range(6):
        y = NB[h, d]
        if y >= 0:
            c = st[H_CITY + y]
            if c >= 0 and st[C_OWNER + c] == p:
                if first < 0:
                    first = c
                elif c != first:
                    return True
    return False


MERGE_DEPTH = 4           # tiles a run may still need after the first (a repair takes at most 3, §4.6)


@njit(cache=True)
def forces_merge(st, ctx, a, p):
    """City tile a of p (joining none of p's cities) leaves a run pending that only a tile joining
    two of p's cities can complete: a depth-first search over the run's completions (an explicit
    stack: numba's cache does not load recursive functions safely)."""
    states = np.empty((MERGE_DEPTH + 1, st.shape[0]), dtype=st.dtype)
    acts = np.empty((MERGE_DEPTH + 1, E.N_ACTIONS), dtype=np.int32)
    nact = np.zeros(MERGE_DEPTH + 1, dtype=np.int64)
    nxt = np.zeros(MERGE_DEPTH + 1, dtype=np.int64)
    states[0, :] = st
    apply_action(states[0], ctx, a)
    if states[0, S_PENDING] == 0:
        return False
    nact[0] = E.legal_actions(states[0], ctx, acts[0])
    d = 0
    while d >= 0:
        if nxt[d] >= nact[d]:
            d -= 1                      # every tile here merges or leads to one
            continue
        b = acts[d, nxt[d]]
        nxt[d] += 1
        if b < A_CITY or b >= A_DRAW_ROAD:
            return False                # the run is not pending after all
        if merges_own(states[d], p, b - A_CITY):
            continue
        states[d + 1, :] = states[d]
        apply_action(states[d + 1], ctx, b)
        if states[d + 1, S_PENDING] == 0:
            return False
        if d + 1 < MERGE_DEPTH:
            nact[d + 1] = E.legal_actions(states[d + 1], ctx, acts[d + 1])
            nxt[d + 1] = 0
            d += 1
    return True


@njit(cache=True)
def choose_greedy_banned(st, ctx, legal, n, w, rng):
    """choose_greedy among the legal actions the bans leave (`no_build_market`: no BUILD_MARKET;
    `no_merge`: no city tile joining two of p's cities, nor one whose run only such a tile can
    complete); among all of them when nothing else is legal."""
    p = st[S_CUR]
    no_market = weight(w, W_NO_BUILD_MARKET) > 0.0
    no_merge = weight(w, W_NO_MERGE) > 0.0
    kept = np.empty(n, dtype=legal.dtype)
    m = 0
    for i in range(n):
        a = legal[i]
        if no_market and a >= A_BUILD and a < A_SELL:
            continue
        if no_merge and a >= A_CITY and a < A_DRAW_ROAD and (merges_own(st, p, a - A_CITY)
                                                               or forces_merge(st, ctx, a, p)):
            continue
        kept[m] = a
        m += 1
    if m == 0:
        return choose_greedy(st, ctx, legal, n, w, rng)
    if m == 1:
        return kept[0]
    return choose_greedy(st, ctx, kept, m, w, rng)


@njit(cache=True)
def choose(st, ctx, legal, n, kind, w, rng, work):
    """The action of strategy `kind` among legal[:n] (engine contract; ctx = the parameter
    vector). A forced action (n = 1) is taken without asking the strategy or drawing from rng.
    `work` (a scratch state) holds the decision's state for ismcts (its policy_scores tells the
    search's root by it); the other players allocate their own scratch states."""
    if n == 1:
        return legal[0]
    if kind == GREEDY or kind == ORACLE_HUB:
        if weight(w, W_NO_BUILD_MARKET) > 0.0 or weight(w, W_NO_MERGE) > 0.0:
            return choose_greedy_banned(st, ctx, legal, n, w, rng)
        return choose_greedy(st, ctx, legal, n, w, rng)
    if kind == ISMCTS:
        if work.shape[0] == st.shape[0]:
            for i in range(st.shape[0]):       # the root's state, as policy_scores tells it
                work[i] = st[i]
        return search_action(st, ctx, legal, n, search_weights(w), rng, work)
    return legal[below(rng, n)]


def full_weights(n_players, weights):
    """float64[p, N_WEIGHTS] of the given weights (missing columns 0: a line-up's weights come
    complete from its strategies' defaults, see playout.seat_arrays)."""
    w = np.asarray(weights, np.float64)
    if w.size == 0:
        w = np.zeros((n_players, 0))
    if w.ndim == 1:
        w = np.tile(w, (n_players, 1))
    out = np.zeros((n_players, N_WEIGHTS), np.float64)
    c = min(w.shape[1], N_WEIGHTS)
    out[:, :c] = w[:n_players, :c]
    return out
