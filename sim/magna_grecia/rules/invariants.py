"""Invariants of a Magna Grecia state (debug checks of the fuzz tests).
"""
import numpy as np
from numba import njit

from sim.magna_grecia.board import N, NB
from sim.magna_grecia import params as P
from sim.magna_grecia.state import (
    ST_PLAY, MK_NONE, S_NP, S_STAGE, S_CUR, S_R, S_C, S_D, S_PENDING, S_NEXT_CITY, S_NEXT_MARKET,
    S_N_ORACLES, S_ORACLE_LIST, S_POINTS, S_STOCK_ROAD, S_STOCK_CITY, S_RES_ROAD, S_RES_CITY,
    S_SUPPLY, M_ROAD_TILES, H_KIND, H_ORACLE, H_OCTRL, H_ROAD_OWN, H_CITY, H_NEXT, C_OWNER,
    C_ALIVE, C_SIZE, C_HEAD, C_MINHEX, K_OWNER, K_STATE, H_NEAR, near_compute,
)
from .places import is_open_village
from .markets import market_place
from .turn import tile_values
from .cities import eval_conditions, new_eval_ws


# the names of check_invariants' codes (1..)
INVARIANTS = ("",
              "road on a village or city hex",
              "tile of a dead city",
              "city tile on an oracle",
              "city tile next to an oracle",
              "city tiles of two colours touch",
              "adjacent own tiles in two cities",
              "H_NEAR differs from a recomputation",
              "negative points",
              "negative pieces",
              "road tiles not conserved",
              "road tiles on the board differ from road tiles placed",
              "city tiles not conserved",
              "markets not conserved",
              "city list broken",
              "city size/min hex wrong",
              "market off a site",
              "two markets of one player in one place",
              "oracle controlled by a dead city",
              "allowance exceeded (roads and cities)",
              "allowance exceeded",
              "draws exceeded",
              "city conditions fail while not pending",
              "city next to an open village",
              "city without village",
              )


@njit(cache=True)
def check_invariants(st, params):
    """0 if the state is consistent, else the code of the first broken invariant (INVARIANTS[code]
    names it: pieces conserved, limits, city and market rules)."""
    np_ = st[S_NP]
    roads_on = np.zeros(4, dtype=np.int64)
    cities_on = np.zeros(4, dtype=np.int64)
    for h in range(N):
        ow = st[H_ROAD_OWN + h]
        c = st[H_CITY + h]
        if ow >= 0:
            roads_on[ow] += 1
            if c >= 0 or st[H_KIND + h] != 0:
                return 1
        if c >= 0:
            if st[C_ALIVE + c] != 1:
                return 2
            cities_on[st[C_OWNER + c]] += 1
            if st[H_ORACLE + h] != 0:
                return 3
            for d in range(6):
                y = NB[h, d]
                if y >= 0:
                    if st[H_ORACLE + y] != 0:
                        return 4
                    c2 = st[H_CITY + y]
                    if c2 >= 0 and st[C_OWNER + c2] != st[C_OWNER + c]:
                        return 5
                    if c2 >= 0 and c2 != c:
                        return 6
    near = np.empty(N, dtype=np.int32)
    near_compute(st, near)
    for h in range(N):
        if near[h] != st[H_NEAR + h]:
            return 7
    for s in range(np_):
        if st[S_POINTS + s] < 0:
            return 8
        if st[S_STOCK_ROAD + s] < 0 or st[S_RES_ROAD + s] < 0 or st[S_STOCK_CITY + s] < 0 or st[S_RES_CITY + s] < 0:
            return 9
        if st[S_STOCK_ROAD + s] + st[S_RES_ROAD + s] + roads_on[s] != int(params[P.P_ROAD_TILES]):
            return 10
        if roads_on[s] != st[M_ROAD_TILES + s]:
            return 11
        if st[S_STOCK_CITY + s] + st[S_RES_CITY + s] + cities_on[s] != int(params[P.P_CITY_TILES]):
            return 12
        used = 0
        for m in range(st[S_NEXT_MARKET]):
            if st[K_OWNER + m] == s:
                used += 1
        if used + st[S_SUPPLY + s] != int(params[P.P_MARKETS]) or st[S_SUPPLY + s] < 0:
            return 13
    for c in range(st[S_NEXT_CITY]):
        if st[C_ALIVE + c] == 1:
            n = 0
            mn = N
            h = st[C_HEAD + c]
            while h >= 0:
                if st[H_CITY + h] != c:
                    return 14
                n += 1
                mn = min(mn, h)
                h = st[H_NEXT + h]
            if n != st[C_SIZE + c] or mn != st[C_MINHEX + c]:
                return 15
    # one market per player per place
    for m in range(st[S_NEXT_MARKET]):
        if st[K_STATE + m] != MK_NONE:
            key = market_place(st, m)
            if key < 0 or (key < N and st[H_ORACLE + key] != 0):
                return 16
            for m2 in range(m + 1, st[S_NEXT_MARKET]):
                if (st[K_STATE + m2] != MK_NONE and st[K_OWNER + m2] == st[K_OWNER + m]
                        and market_place(st, m2) == key):
                    return 17
    for i in range(st[S_N_ORACLES]):
        c = st[H_OCTRL + st[S_ORACLE_LIST + i]]
        if c >= 0 and st[C_ALIVE + c] != 1:
            return 18
    if st[S_STAGE] == ST_PLAY:
        R, C, S, Rp, Cp, Sp = tile_values(st, params)
        r = st[S_R]
        c = st[S_C]
        d = st[S_D]
        if r > 0 and c > 0 and (r > R or c > C):
            return 19
        if r > Rp or c > Cp or (d > 0 and (r > 0 and c > 0)):
            return 20
        if d > Sp or (d > S and (r > 0 or c > 0)):
            return 21
        if st[S_PENDING] == 0:
            # every city with tiles of this turn satisfies (a)-(d); every city has a village
            tent = np.zeros(N, dtype=np.int8)
            tlist = np.empty(1, dtype=np.int64)
            ws = new_eval_ws()
            nf, no, fo, fs, lb = eval_conditions(st, st[S_CUR], tent, tlist, 0, ws)
            if nf != 0:
                return 22
            for c2 in range(st[S_NEXT_CITY]):
                if st[C_ALIVE + c2] == 1:
                    hv = False
                    h = st[C_HEAD + c2]
                    while h >= 0:
                        if st[H_KIND + h] != 0:
                            hv = True
                        for dd in range(6):
                            y = NB[h, dd]
                            if y >= 0 and is_open_village(st, y):
                                return 23
                        h = st[H_NEXT + h]
                    if not hv:
                        return 24
    return 0
