"""Role determination (§4.2): role counts (Athena, Moses), ties, the roles victory.
"""
import numpy as np
from numba import njit

from .base import *  # noqa: F401,F403
from .scoring import *  # noqa: F401,F403
from .payment import *  # noqa: F401,F403


@njit(cache=True)
def role_counts(S, P, cnt):
    n = S[H_NP]
    cnt[:, :] = 0
    for v in range(NP):
        c = S[INFL + v] - 1
        if c < 0 or c >= n:
            continue
        car = 0
        for i in range(3):
            car += S[CARAVAN + 3 * v + i]
        cnt[R_TRADER, c] += car + S[MARKET + v]
        cnt[R_STATESMAN, c] += S[CITY + v] + S[TEMPLE + v]
        cnt[R_PRIEST, c] += S[TEMPLE + v] + S[MARKET + v]
    for o in range(n):
        m = 0
        for l in range(NL):
            m += mil(S, o, l)
        cnt[R_MILITARY, o] = m
    for o in range(n):
        if S[GOD + G_ATHENA] == o + 1 and god_power(P, G_ATHENA, o):
            for r in range(4):
                cnt[r, o] += int(P[P_ATHENA_BONUS])
        if has_hero(S, P, o, H_MOSES):
            cnt[R_PRIEST, o] += int(P[P_MOSES_BONUS])


@njit(cache=True)
def count_athena_roles(S, P, cnt, a, nroles):
    """Athena in role races (§11.4): a role that seat a now holds counts when, without Athena's
    bonus, a's count would trail another player's (a tie without it is not counted: the holder
    keeps a tied role and a draw is a draw)."""
    bonus = int(P[P_ATHENA_BONUS]) if god_power(P, G_ATHENA, a) else 0
    for r in range(nroles):
        if S[ROLE + r] != a:
            continue
        rival = -1
        for o in range(S[H_NP]):
            if o != a and cnt[r, o] > rival:
                rival = cnt[r, o]
        if cnt[r, a] - bonus < rival:
            S[METRICS + a * NM + M_ATHENA_ROLES] += 1


@njit(cache=True)
def determine_roles(S, P, rng):
    n = S[H_NP]
    cnt = np.zeros((4, 6), np.int64)
    role_counts(S, P, cnt)
    athena = S[GOD + G_ATHENA] - 1     # seat whose counts include Athena's bonus, or < 0
    if S[GOD + G_ATHENA] > 0:
        S[GOD + G_ATHENA] = -1
    nroles = 4 if myth(S) else 3
    for r in range(nroles):
        best = -1
        for o in range(n):
            if cnt[r, o] > best:
                best = cnt[r, o]
        h = S[ROLE + r]
        if h >= 0 and cnt[r, h] == best:
            continue
        nt = 0
        for o in range(n):
            if cnt[r, o] == best:
                nt += 1
        k = below(rng, nt) if nt > 1 else 0
        for o in range(n):
            if cnt[r, o] == best:
                if k == 0:
                    S[ROLE + r] = o
                    break
                k -= 1
    for r in range(nroles):
        S[METRICS + S[ROLE + r] * NM + M_ROLE_ROUNDS + r] += 1
    holders = 0
    for r in range(nroles):
        holders |= (S[ROLE + r] + 1) << (3 * r)
    note(S, EV_ROLES, S[H_ROUND], holders, 0)
    if athena >= 0 and athena < n:
        count_athena_roles(S, P, cnt, athena, nroles)
    k = S[H_ROUND] - 1
    if k < ROLE_HIST_ROUNDS:
        for r in range(nroles):
            h = S[ROLE + r]
            if h >= 0:
                S[METRICS + h * NM + M_ROLE_HIST + k // 7] |= (1 << r) << (4 * (k % 7))
    if myth(S) and P[P_ROLE_VICTORY] != 0:
        h = S[ROLE + 0]
        if S[ROLE + 1] == h and S[ROLE + 2] == h and S[ROLE + 3] == h:
            end_game(S, h, VP_ROLES)


@njit(cache=True)
def step_roles(S, P, rng):
    """The automatic step PC_ROLES of the round (advance)."""
    if S[H_ROUND] > int(P[P_MAX_ROUNDS]):
        end_game(S, -1, VP_UNFINISHED)
        S[H_ROUND] = int(P[P_MAX_ROUNDS])
        return
    determine_roles(S, P, rng)
    S[H_PC] = PC_INCOME
