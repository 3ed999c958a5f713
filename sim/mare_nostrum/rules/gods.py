"""The gods (§6.1): taking a god, Baal / Vulcan / Poseidon attacks and Ishtar's answer, god actions
listed and applied.
"""
import numpy as np
from numba import njit

from .base import *  # noqa: F401,F403
from .scoring import *  # noqa: F401,F403
from .payment import *  # noqa: F401,F403
from .roles import *  # noqa: F401,F403
from .movement import *  # noqa: F401,F403


@njit(cache=True)
def legal_gods(S, P, o, out, n):
    np_ = S[H_NP]
    if S[GOD + G_BAAL] == o + 1 and god_power(P, G_BAAL, o):
        for v in range(NP):
            c = S[INFL + v] - 1
            if c >= 0 and c != o and c < np_ and S[CITY + v] > 0:
                n = push(out, n, A_BAAL + v)
    if S[GOD + G_VULCAN] == o + 1 and god_power(P, G_VULCAN, o):
        for v in range(NP):
            c = S[INFL + v] - 1
            if c >= 0 and c != o and c < np_:
                for i in range(N_ICONS[v]):
                    if S[CARAVAN + 3 * v + i] > 0:
                        n = push(out, n, A_VULCAN + 3 * v + i)
    if S[GOD + G_POSEIDON] == o + 1 and god_power(P, G_POSEIDON, o):
        for s in range(NS):
            for p in range(np_):
                if p != o and S[ui(p, NP + s, 3)] > 0:
                    n = push(out, n, A_POSEIDON + 6 * s + p)
    return n


@njit(cache=True)
def god_attack(S, P, o, god, a, b, target):
    """Baal / Vulcan / Poseidon aimed at `target`; Ishtar may answer (§6.1)."""
    S[GOD + god] = -1
    if S[GOD + G_ISHTAR] == target + 1 and god_power(P, G_ISHTAR, target):
        S[H_PG_GOD] = god
        S[H_PG_A] = a
        S[H_PG_B] = b
        S[H_PG_TGT] = target
        set_decision(S, ST_ISHTAR, target)
        return
    resolve_god(S, P, god, a, b)


@njit(cache=True)
def resolve_god(S, P, god, a, b):
    if god == G_BAAL:
        if S[CITY + a] > 0:
            S[CITY + a] -= 1
            S[POOL + 1] += 1
            c = S[INFL + a] - 1
            if c >= 0 and c < S[H_NP]:
                S[METRICS + c * NM + M_LOST_BUILDINGS] += 1
                S[METRICS + c * NM + M_BLDG_LOST + 1] += 1
    elif god == G_VULCAN:
        if S[CARAVAN + 3 * a + b] > 0:
            S[CARAVAN + 3 * a + b] = 0
            S[POOL + 0] += 1
            c = S[INFL + a] - 1
            if c >= 0 and c < S[H_NP]:
                S[METRICS + c * NM + M_LOST_BUILDINGS] += 1
                S[METRICS + c * NM + M_BLDG_LOST + 0] += 1
    elif god == G_POSEIDON:
        if S[ui(b, NP + a, 3)] > 0:
            S[ui(b, NP + a, 3)] -= 1
            S[METRICS + b * NM + M_LOST_UNITS] += 1
            S[METRICS + b * NM + M_UNIT_LOST + 3] += 1


@njit(cache=True)
def acquire_god(S, o, j):
    S[GOD + j] = o + 1
    S[METRICS + o * NM + M_GODS_TAKEN] += 1
    S[METRICS + o * NM + M_GOD_MASK] |= 1 << j
    if S[METRICS + o * NM + M_FIRST_GOD] == 0:
        S[METRICS + o * NM + M_FIRST_GOD] = j + 1


@njit(cache=True)
def apply_god_use(S, P, o, a):
    if a < A_VULCAN:
        v = a - A_BAAL
        god_attack(S, P, o, G_BAAL, v, 0, S[INFL + v] - 1)
    elif a < A_POSEIDON:
        k = a - A_VULCAN
        god_attack(S, P, o, G_VULCAN, k // 3, k % 3, S[INFL + k // 3] - 1)
    else:
        k = a - A_POSEIDON
        god_attack(S, P, o, G_POSEIDON, k // 6, k % 6, k % 6)


@njit(cache=True)
def poseidon_reactor(S, P, o):
    """A player other than o holding Poseidon face up (§4.6), its power on, or -1."""
    q = god_holder(S, G_POSEIDON)
    if q >= 0 and q != o and q < S[H_NP] and god_power(P, G_POSEIDON, q):
        return q
    return -1


@njit(cache=True)
def legal_gods_steps(S, P, st, o, out):
    """The legal actions of this chapter's decision `st` in out[:n]; -1 if st is not one of them."""
    n = 0
    np_ = S[H_NP]
    if st == ST_POSEIDON:
        n = push(out, n, A_PASS)
        m = S[H_PM_FROM]
        mover = S[H_ACTOR]
        if S[H_PM_KIND] == 2:
            if S[ui(mover, S[H_PM_TO], 3)] > 0:
                n = push(out, n, A_POSEIDON_REACT + S[H_PM_TO] - NP)
        else:
            ch = shortest_chain(S, P, mover, S[H_PM_FROM], S[H_PM_TO])
            for s_ in range(NS):
                if (ch >> s_) & 1 and S[ui(mover, NP + s_, 3)] > 0:
                    n = push(out, n, A_POSEIDON_REACT + s_)
        return n
    return -1


@njit(cache=True)
def apply_gods_steps(S, P, st, o, a, rng):
    """Apply action a at this chapter's decision `st` (before the automatic steps run); False if
    st is not one of them."""
    n = S[H_NP]
    if st == ST_POSEIDON:
        if a != A_PASS:
            s_ = a - A_POSEIDON_REACT
            god_attack(S, P, o, G_POSEIDON, s_, S[H_ACTOR], S[H_ACTOR])
    elif st == ST_ISHTAR:
        S[GOD + G_ISHTAR] = -1 if a == A_ISHTAR_YES else S[GOD + G_ISHTAR]
        if S[H_PG_GOD] == G_MARS:
            if a == A_ISHTAR_YES:
                if S[H_PG_A] == 0:
                    S[H_B_TA] -= int(P[P_MARS_BONUS])
                else:
                    S[H_B_TD] -= int(P[P_MARS_BONUS])
        elif a == A_ISHTAR_NO:
            resolve_god(S, P, S[H_PG_GOD], S[H_PG_A], S[H_PG_B])
        S[H_PG_GOD] = -1
    else:
        return False
    return True
