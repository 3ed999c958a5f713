"""The turn state machine (spec §3.2): the allowance of road and city tiles a turn may place
(round tile values, enhanced S), drawing, and the end of a turn (next seat, next round tile).
"""
from numba import njit

from sim.layout import note
from sim.magna_grecia.actions import EV_ROUND, EV_OVER
from sim.magna_grecia.board import TILE_TABLE
from sim.magna_grecia import params as P
from sim.magna_grecia.state import (
    ST_OVER, PH_PLACING, S_STAGE, S_ROUND, S_POS, S_CUR, S_R, S_C, S_D, S_PENDING, S_FOUNDED,
    S_FOUND_HEX, S_PHASE, S_TURNS, S_TURN_ID, S_ACTED, S_TT_N, S_ROUNDS, S_STACK, S_SEAT_OF_COLOUR,
    M_PASSES, M_DOUBLE,
)


@njit(cache=True)
def tile_values(st, params):
    """(R, C, S, R+, C+, S+) of the current round's tile."""
    t = st[S_STACK + st[S_ROUND]]
    R = TILE_TABLE[t, 4]
    C = TILE_TABLE[t, 5]
    S = TILE_TABLE[t, 6]
    return R, C, S, R + int(params[P.P_ENH_ROADS]), C + int(params[P.P_ENH_CITIES]), enhanced_s(S, params)


@njit(cache=True)
def enhanced_s(S, params):
    if int(params[P.P_ENH_RESUPPLY]) == 1:
        return S + 1
    if S < 2:
        return 2
    if S < 3:
        return 3
    if S < 5:
        return 5
    if S < 7:
        return 7
    return S + 1


@njit(cache=True)
def road_allowed(st, params):
    R, C, S, Rp, Cp, Sp = tile_values(st, params)
    r = st[S_R]
    c = st[S_C]
    if c == 0:
        return r < Rp
    return r < R and c <= C


@njit(cache=True)
def city_allowance_left(st, params):
    """City tiles still allowed this turn (before placing one), by the tile values only."""
    R, C, S, Rp, Cp, Sp = tile_values(st, params)
    r = st[S_R]
    c = st[S_C]
    if r == 0:
        return Cp - c
    if r > R:
        return 0
    return C - c


@njit(cache=True)
def draw_allowed(st, params):
    R, C, S, Rp, Cp, Sp = tile_values(st, params)
    r = st[S_R]
    c = st[S_C]
    if r >= 1 and c >= 1:
        return False
    if r > R or c > C:
        return False
    L = Sp if (r == 0 and c == 0) else S
    return st[S_D] < L


@njit(cache=True)
def end_turn(st):
    p = st[S_CUR]
    if st[S_ACTED] == 0:
        st[M_PASSES + p] += 1
    st[S_TURNS] += 1
    st[S_TURN_ID] += 1
    st[S_R] = 0
    st[S_C] = 0
    st[S_D] = 0
    st[S_PENDING] = 0
    st[S_FOUNDED] = 0
    st[S_FOUND_HEX] = -1
    st[S_PHASE] = PH_PLACING
    st[S_ACTED] = 0
    st[S_TT_N] = 0
    # next seat in this round's order
    rnd = st[S_ROUND]
    t = st[S_STACK + rnd]
    for j in range(st[S_POS] + 1, 4):
        s = st[S_SEAT_OF_COLOUR + TILE_TABLE[t, j]]
        if s >= 0:
            st[S_POS] = j
            st[S_CUR] = s
            return
    # next round
    rnd += 1
    if rnd >= st[S_ROUNDS]:
        st[S_STAGE] = ST_OVER
        note(st, EV_OVER, st[S_ROUNDS], st[S_TURNS], 0)
        return
    st[S_ROUND] = rnd
    t = st[S_STACK + rnd]
    for j in range(4):
        s = st[S_SEAT_OF_COLOUR + TILE_TABLE[t, j]]
        if s >= 0:
            st[S_POS] = j
            st[S_CUR] = s
            if s == p:
                st[M_DOUBLE + p] += 1
            note(st, EV_ROUND, rnd, t, s)
            return
