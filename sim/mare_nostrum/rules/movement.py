"""Movement and reach (§4.6.1): fleets, transport chains, Aeneas, Moses, influence placement reach,
unit moves, Atlas steps.
"""
import numpy as np
from numba import njit

from .base import *  # noqa: F401,F403
from .scoring import *  # noqa: F401,F403
from .payment import *  # noqa: F401,F403
from .roles import *  # noqa: F401,F403


@njit(cache=True)
def fleet_seas(S, o, start_mask, aeneas):
    """Bitmask of seas reachable by an unbroken chain of o's fleets whose first zone is in
    start_mask (zones holding one of o's fleets, or the Aeneas zone)."""
    m = myth(S)
    has = 0
    for s in range(NS):
        if S[ui(o, NP + s, 3)] > 0 or s == aeneas:
            has |= 1 << s
    reach = start_mask & has
    frontier = reach
    while frontier != 0:
        nxt = 0
        for s in range(NS):
            if (frontier >> s) & 1:
                for k in range(SS_NBN[m, s]):
                    t = SS_NB[m, s, k]
                    if (has >> t) & 1 and not (reach >> t) & 1:
                        nxt |= 1 << t
        reach |= nxt
        frontier = nxt
    return reach


@njit(cache=True)
def seas_of(S, v):
    m = myth(S)
    mask = 0
    for k in range(PS_NBN[m, v]):
        mask |= 1 << PS_NB[m, v, k]
    return mask


@njit(cache=True)
def aeneas_zone(S, P, o):
    if has_hero(S, P, o, H_AENEAS):
        return used_get(S, o, U_AENEAS) - 1
    return -1


@njit(cache=True)
def land_destinations(S, P, o, v, dest):
    """dest[w] = 1 for provinces a legion of o in v may reach by a step or a transport."""
    m = myth(S)
    dest[:] = 0
    if has_hero(S, P, o, H_MOSES):
        for k in range(MOSES_NBN[m, v]):
            dest[MOSES_NB[m, v, k]] = 1
    else:
        for k in range(LAND_NBN[m, v]):
            dest[LAND_NB[m, v, k]] = 1
    sm = seas_of(S, v)
    if sm != 0:
        reach = fleet_seas(S, o, sm, aeneas_zone(S, P, o))
        if reach != 0:
            for s in range(NS):
                if (reach >> s) & 1:
                    for k in range(SP_NBN[m, s]):
                        dest[SP_NB[m, s, k]] = 1
    dest[v] = 0


@njit(cache=True)
def influence_ok(S, P, o, v, seamask_reach):
    """BUY_INFLUENCE(v) legality apart from payment (§4.5.4)."""
    if S[INFL + v] != 0 or PROV_ACTIVE[myth(S), v] == 0:
        return False
    if other_units(S, o, v):
        return False
    if mil(S, o, v) > 0:
        return True
    m = myth(S)
    r = S[H_ROUND]
    if has_hero(S, P, o, H_MOSES):
        for k in range(MOSES_NBN[m, v]):
            w = MOSES_NB[m, v, k]
            if S[INFL + w] == o + 1 and S[SINCE + w] < r:
                return True
    else:
        for k in range(LAND_NBN[m, v]):
            w = LAND_NB[m, v, k]
            if S[INFL + w] == o + 1 and S[SINCE + w] < r:
                return True
    return (seas_of(S, v) & seamask_reach) != 0


@njit(cache=True)
def influence_sea_reach(S, o):
    r = S[H_ROUND]
    start = 0
    for v in range(NP):
        if S[INFL + v] == o + 1 and S[SINCE + v] < r:
            start |= seas_of(S, v)
    return fleet_seas(S, o, start, -1)


@njit(cache=True)
def movable(S, o, l, u):
    return S[ui(o, l, u)] - S[SPENT + l * 4 + u]


@njit(cache=True)
def enemies_remain(S, o, l):
    return other_units(S, o, l)


@njit(cache=True)
def can_fight_at(S, o, l):
    """o has a unit in l that has not fought (owed-attack check, D46)."""
    if l < NP:
        for u in range(3):
            if S[ui(o, l, u)] - S[FOUGHT + l * 4 + u] > 0:
                return True
        return False
    return S[ui(o, l, 3)] - S[FOUGHT + l * 4 + 3] > 0 or S[ui(o, l, 1)] - S[FOUGHT + l * 4 + 1] > 0


@njit(cache=True)
def move_unit(S, P, o, frm, to, u):
    S[ui(o, frm, u)] -= 1
    S[ui(o, to, u)] += 1
    S[SPENT + to * 4 + u] += 1
    if P[P_LAND_ATTACK_MANDATORY] != 0 and to < NP and other_units(S, o, to):
        S[OWED + to] = 1


@njit(cache=True)
def is_step(S, P, o, frm, to):
    m = myth(S)
    if has_hero(S, P, o, H_MOSES):
        for k in range(MOSES_NBN[m, frm]):
            if MOSES_NB[m, frm, k] == to:
                return True
    for k in range(LAND_NBN[m, frm]):
        if LAND_NB[m, frm, k] == to:
            return True
    return False


@njit(cache=True)
def shortest_chain(S, P, o, frm, to):
    """Seas (bitmask) of the shortest fleet chain carrying o's unit from frm to to (BFS,
    ties lower sea id); 0 if none."""
    m = myth(S)
    ae = aeneas_zone(S, P, o)
    has = 0
    for s in range(NS):
        if S[ui(o, NP + s, 3)] > 0 or s == ae:
            has |= 1 << s
    prev = np.full(NS, -2, np.int64)
    queue = np.empty(NS, np.int64)
    qn = 0
    start = seas_of(S, frm) & has
    for s in range(NS):
        if (start >> s) & 1:
            prev[s] = -1
            queue[qn] = s
            qn += 1
    goal = seas_of(S, to)
    qi = 0
    while qi < qn:
        s = queue[qi]
        qi += 1
        if (goal >> s) & 1:
            mask = 0
            while s >= 0:
                mask |= 1 << s
                s = prev[s]
            return mask
        for k in range(SS_NBN[m, s]):
            t = SS_NB[m, s, k]
            if (has >> t) & 1 and prev[t] == -2:
                prev[t] = s
                queue[qn] = t
                qn += 1
    return 0
