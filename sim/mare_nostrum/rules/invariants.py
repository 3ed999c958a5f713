"""Invariants of a state (fuzz and golden replay): card, piece and pool totals, unit locations,
roles, gods, heroes.
"""
import numpy as np
from numba import njit

from .base import *  # noqa: F401,F403
from .scoring import *  # noqa: F401,F403
from .payment import *  # noqa: F401,F403
from .roles import *  # noqa: F401,F403
from .movement import *  # noqa: F401,F403
from .gods import *  # noqa: F401,F403
from .combat import *  # noqa: F401,F403
from .trade import *  # noqa: F401,F403
from .offering import *  # noqa: F401,F403
from .setup import *  # noqa: F401,F403
from .build import *  # noqa: F401,F403
from .strategy import *  # noqa: F401,F403


@njit(cache=True)
def check_invariants(S, P):
    """Returns 0 if fine, else an error code (the caller raises)."""
    n = S[H_NP]
    tot = np.zeros(N_TYPES, np.int64)
    card_totals(S, P, tot)
    for t in range(N_TYPES):
        s = S[BANK + t]
        if s < 0:
            return 1
        for o in range(6):
            h = S[HAND + o * N_TYPES + t]
            e = S[EX_DISP + o * N_TYPES + t]
            if h < 0 or e < 0:
                return 2
            s += h + e
        if s != tot[t]:
            return 3
    for o in range(6):
        for l in range(NL):
            for u in range(4):
                if S[ui(o, l, u)] < 0:
                    return 4
                if u == 3 and l < NP and S[ui(o, l, u)] != 0:
                    return 5
                if (u == 0 or u == 2) and l >= NP and S[ui(o, l, u)] != 0:
                    return 6
                if u == 1 and l >= NP and S[ui(o, l, u)] != 0 and creature_moves_as_legion(S, P, o):
                    return 7
        if o < n:
            for u in range(4):
                if stock(S, P, o, u) < 0:
                    return 8
            if influence_stock(S, P, o) < 0:
                return 9
            # a creature switched off is ordinary: no Phoenix card, no dived Kraken
            if not creature_power(S, P, o) and (S[PHOENIX_CARD + o] != 0 or S[KRAKEN_DIVED + o] != 0):
                return 18
    pools = np.zeros(4, np.int64)
    pool_totals(S, P, pools)
    used = np.zeros(4, np.int64)
    for v in range(NP):
        for i in range(3):
            c = S[CARAVAN + 3 * v + i]
            if c < 0 or c > 1 or (i >= N_ICONS[v] and c != 0):
                return 10
            used[0] += c
        if S[CITY + v] < 0 or S[CITY + v] > CITY_SITES[v]:
            return 11
        if S[MARKET + v] < 0 or S[MARKET + v] > 1 or S[TEMPLE + v] < 0 or S[TEMPLE + v] > 1:
            return 12
        used[1] += S[CITY + v]
        used[2] += S[MARKET + v]
        used[3] += S[TEMPLE + v]
        if S[INFL + v] < 0 or S[INFL + v] > 6:
            return 13
    for k in range(4):
        if S[POOL + k] < 0 or S[POOL + k] + used[k] != pools[k]:
            return 14
    for r in range(4 if myth(S) else 3):
        if S[ROLE + r] >= n or (S[ROLE + r] < 0 and S[H_PC] != PC_POINTS):
            return 15
    for j in range(8):
        if S[GOD + j] > n:
            return 16
    for h in range(33):
        if S[HERO + h] < 0 or S[HERO + h] > n:
            return 17
    return 0
