"""Victory and scoring (§4.7, §7): the heroes/wonders victory check, the end of a round (peaks, the
round counter), final scores and ranks; the §11 counts of units and buildings held.
"""
import numpy as np
from numba import njit

from .base import *  # noqa: F401,F403


@njit(cache=True)
def check_hw_victory(S, P, o, pyramids):
    if pyramids:
        end_game(S, o, VP_PYRAMIDS)
        return True
    if hw_count(S, P, o) >= int(P[P_WIN_HW]) + int(P[P_ADVANCED]):
        end_game(S, o, VP_HW)
        return True
    return False


@njit(cache=True)
def end_of_round(S, P):
    n = S[H_NP]
    for o in range(6):
        used = USED + o * NU
        for k in range(NU):
            if k == U_CROESUS and P[P_CROESUS_SCOPE] != 0:
                continue
            S[used + k] = 0
        S[KRAKEN_NEW + o] = 0
    for o in range(n):
        pv = provinces_of(S, o)
        if pv > S[METRICS + o * NM + M_PROV_PEAK]:
            S[METRICS + o * NM + M_PROV_PEAK] = pv
        update_peaks(S, o)
    S[H_ROUND] += 1


@njit(cache=True)
def units_on_board(S, o, u):
    """o's units of type u on the board (a dived Kraken or a Phoenix on its card is not)."""
    t = 0
    for l in range(NL):
        t += S[ui(o, l, u)]
    return t


@njit(cache=True)
def buildings_held(S, o, b):
    """Buildings of type b (caravan, city, market, temple) in the provinces o controls."""
    t = 0
    for v in range(NP):
        if S[INFL + v] == o + 1:
            if b == 0:
                t += S[CARAVAN + 3 * v] + S[CARAVAN + 3 * v + 1] + S[CARAVAN + 3 * v + 2]
            elif b == 1:
                t += S[CITY + v]
            elif b == 2:
                t += S[MARKET + v]
            else:
                t += S[TEMPLE + v]
    return t


@njit(cache=True)
def update_peaks(S, o):
    m = METRICS + o * NM
    for k in range(4):
        u = units_on_board(S, o, k)
        if u > S[m + M_UNIT_PEAK + k]:
            S[m + M_UNIT_PEAK + k] = u
        b = buildings_held(S, o, k)
        if b > S[m + M_BLDG_PEAK + k]:
            S[m + M_BLDG_PEAK + k] = b


@njit(cache=True)
def final_scores(S, P, score, win, rank):
    """score = 100 * heroes/wonders + provinces; win share; rank 1 = best (§7)."""
    n = S[H_NP]
    for o in range(n):
        score[o] = 100.0 * hw_count(S, P, o) + provinces_of(S, o)
        win[o] = 0.0
    w = S[H_WINNER]
    if w >= 0:
        win[w] = 1.0
    for o in range(n):
        r = 1
        for q in range(n):
            if q == o:
                continue
            if w >= 0:
                if q == w:
                    r += 1
                elif o != w and score[q] > score[o]:
                    r += 1
            elif score[q] > score[o]:
                r += 1
        rank[o] = r


@njit(cache=True)
def step_end(S, P, rng):
    """The automatic step PC_END of the round (advance)."""
    end_of_round(S, P)
    S[H_PC] = PC_ROLES
