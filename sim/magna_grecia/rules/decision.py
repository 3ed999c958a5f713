"""Which chapter lists and applies the current decision (spec §3.2, §3.3): legal_actions
(oracle placement, roads, cities, draws, markets, end of turn; ascending ids) and apply_action.
"""
from numba import njit

from sim.magna_grecia.board import N
from sim.magna_grecia import params as P
from sim.magna_grecia.state import (
    ST_ORACLES, ST_PLAY, PH_PLACING, PH_DRAWING, PH_MARKET_DONE, MK_SOLD, S_NP, S_STAGE, S_CUR,
    S_R, S_D, S_PENDING, S_PHASE, S_ACTED, S_N_ORACLES, S_ORACLE_SEAT, S_ORACLE_LIST, S_POINTS,
    S_STOCK_ROAD, S_STOCK_CITY, S_RES_ROAD, S_RES_CITY, M_ROAD_TILES, M_DRAWN, M_MARKETS_BUILT,
    M_MARKETS_SOLD, M_SOLD_POINTS, M_SPENT, H_KIND, H_ORACLE, H_ROAD_OWN, H_ROAD_OR, K_STATE,
    start_play_if_ready, near_add_oracle, near_add_road,
)
from sim.magna_grecia.actions import (
    A_BUILD, A_CITY, A_DRAW_CITY, A_DRAW_ROAD, A_END, A_ORACLE, A_SELL,
)
from .places import place_key
from .markets import add_market, market_actions, market_cost, market_value, own_market_at
from .oracles import update_oracles, update_oracles_after_road
from .turn import city_allowance_left, draw_allowed, end_turn, road_allowed
from .cities import apply_city
from .roads import road_actions
from .city_listing import city_actions


@njit(cache=True)
def legal_actions(st, params, out):
    """Legal action ids in ascending order; returns their count."""
    n = 0
    if st[S_STAGE] == ST_ORACLES:
        for h in range(N):
            if st[H_KIND + h] == 1 and st[H_ORACLE + h] == 0:
                out[n] = A_ORACLE + h
                n += 1
        return n
    if st[S_STAGE] != ST_PLAY:
        return 0
    p = st[S_CUR]
    phase = st[S_PHASE]
    pending = st[S_PENDING] == 1
    if phase == PH_MARKET_DONE:
        out[0] = A_END
        return 1
    # roads
    if phase == PH_PLACING and not pending and st[S_STOCK_ROAD + p] >= 1 and road_allowed(st, params):
        n = road_actions(st, params, p, out, n)
    # cities
    cost = int(params[P.P_CITY_COST])
    if (phase == PH_PLACING and st[S_STOCK_CITY + p] >= 1 and st[S_POINTS + p] >= cost
            and city_allowance_left(st, params) >= 1):
        n = city_actions(st, params, p, out, n)
    if pending:
        return n
    # draws
    if phase != PH_MARKET_DONE and draw_allowed(st, params):
        if st[S_RES_ROAD + p] >= 1:
            out[n] = A_DRAW_ROAD
            n += 1
        if st[S_RES_CITY + p] >= 1:
            out[n] = A_DRAW_CITY
            n += 1
    # markets
    n = market_actions(st, params, p, out, n)
    out[n] = A_END
    n += 1
    return n


@njit(cache=True)
def apply_action(st, params, a):
    """Apply a legal action (no legality check here; see legal_actions)."""
    _apply(st, params, a, True)


@njit(cache=True)
def _apply(st, params, a, lazy):
    p = st[S_CUR]
    if a >= A_ORACLE and a < A_END:
        h = a - A_ORACLE
        near_add_oracle(st, h)
        st[H_ORACLE + h] = 1
        st[S_ORACLE_LIST + st[S_N_ORACLES]] = h
        st[S_N_ORACLES] += 1
        st[S_ORACLE_SEAT] = (st[S_ORACLE_SEAT] + 1) % st[S_NP]
        start_play_if_ready(st)
        return
    if a < A_CITY:
        h = a // 9
        o = a - 9 * h
        st[H_ROAD_OWN + h] = p
        st[H_ROAD_OR + h] = o
        near_add_road(st, p, h, o)
        st[S_STOCK_ROAD + p] -= 1
        st[S_R] += 1
        st[M_ROAD_TILES + p] += 1
        st[S_ACTED] = 1
        if lazy:
            update_oracles_after_road(st, params, h)
        else:
            update_oracles(st, params)
    elif a < A_DRAW_ROAD:
        apply_city(st, params, p, a - A_CITY, lazy)
    elif a == A_DRAW_ROAD or a == A_DRAW_CITY:
        if a == A_DRAW_ROAD:
            st[S_RES_ROAD + p] -= 1
            st[S_STOCK_ROAD + p] += 1
        else:
            st[S_RES_CITY + p] -= 1
            st[S_STOCK_CITY + p] += 1
        st[S_D] += 1
        st[M_DRAWN + p] += 1
        st[S_PHASE] = PH_DRAWING
        st[S_ACTED] = 1
    elif a < A_SELL:
        h = a - A_BUILD
        key = place_key(st, h)
        cost = market_cost(st, params, key)
        st[S_POINTS + p] -= cost
        st[M_SPENT + p] += cost
        add_market(st, p, h)
        st[M_MARKETS_BUILT + p] += 1
        st[S_PHASE] = PH_MARKET_DONE
        st[S_ACTED] = 1
    elif a < A_ORACLE:
        h = a - A_SELL
        key = place_key(st, h)
        m = own_market_at(st, p, key)
        v = market_value(st, params, m)
        st[S_POINTS + p] += v
        st[K_STATE + m] = MK_SOLD
        st[M_MARKETS_SOLD + p] += 1
        st[M_SOLD_POINTS + p] += v
        st[S_PHASE] = PH_MARKET_DONE
        st[S_ACTED] = 1
    else:
        end_turn(st)
