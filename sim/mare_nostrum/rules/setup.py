"""Set-up (§4.1, §2.2-§2.4): card and pool totals, civs, the pre-set start with its roles and the
set-up caravans, the points start.
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


@njit(cache=True)
def legal_points(S, P, o, out):
    """Points start (§2.3): items in home provinces within this step's budget."""
    n = 0
    m = myth(S)
    c = civ(S, o)
    b = S[H_BUDGET]
    for j in range(3):
        v = HOME[c, j]
        if S[POOL + 0] > 0 and int(P[P_COST_CARAVAN]) <= b:
            for i in range(N_ICONS[v]):
                if S[CARAVAN + 3 * v + i] == 0:
                    n = push(out, n, A_BUY_CARAVAN + 3 * v + i)
    for j in range(3):
        v = HOME[c, j]
        if S[POOL + 1] > 0 and S[CITY + v] < CITY_SITES[v] and int(P[P_COST_CITY]) <= b:
            n = push(out, n, A_BUY_CITY + v)
    for j in range(3):
        v = HOME[c, j]
        if S[POOL + 2] > 0 and S[MARKET + v] == 0 and int(P[P_COST_MARKET]) <= b and \
                S[CARAVAN + 3 * v] + S[CARAVAN + 3 * v + 1] + S[CARAVAN + 3 * v + 2] > 0:
            n = push(out, n, A_BUY_MARKET + v)
    for j in range(3):
        v = HOME[c, j]
        if S[POOL + 3] > 0 and S[TEMPLE + v] == 0 and S[CITY + v] > 0 and int(P[P_COST_TEMPLE]) <= b:
            n = push(out, n, A_BUY_TEMPLE + v)
    if stock(S, P, o, 0) > 0 and points_cost(S, P, o, K_LEGION) <= b:
        for j in range(3):
            n = push(out, n, A_BUY_LEGION + HOME[c, j])
    if stock(S, P, o, 2) > 0 and points_cost(S, P, o, K_FORTRESS) <= b:
        for j in range(3):
            n = push(out, n, A_BUY_FORTRESS + HOME[c, j])
    if m and stock(S, P, o, 1) > 0 and int(P[P_COST_CREATURE]) <= b:
        n = push(out, n, A_BUY_CREATURE + CAPITAL[c])
    if stock(S, P, o, 3) > 0 and int(P[P_COST_TRIREME]) <= b:
        seas = 0
        for j in range(3):
            seas |= seas_of(S, HOME[c, j])
        for s in range(NS):
            if (seas >> s) & 1:
                n = push(out, n, A_BUY_TRIREME + s)
    if S[HERO + 27 + c] == 0 and int(P[P_SETUP_CIV_HERO_COST]) <= b:
        n = push(out, n, A_BUY_HERO + 27 + c)
    n = push(out, n, A_DONE)
    return n


@njit(cache=True)
def points_cost(S, P, o, kind):
    base = base_cost(P, kind)
    if (kind == K_LEGION or kind == K_FORTRESS) and civ(S, o) == CIV_ROME and hero_power(P, CH_CAESAR, o):
        return min(base, int(P[P_CIV_DISCOUNT_COST]))     # Caesar applies at set-up [S/A]
    return base


@njit(cache=True)
def apply_points(S, P, o, a):
    if a == A_DONE:
        S[H_PSEAT] += 1
        S[H_BUDGET] = points_total(S, P) // points_steps(S, P)
        return
    cost = 0
    if a < A_BUY_CITY:
        k = a - A_BUY_CARAVAN
        S[CARAVAN + k] = 1
        S[POOL + 0] -= 1
        cost = int(P[P_COST_CARAVAN])
    elif a < A_BUY_MARKET:
        S[CITY + a - A_BUY_CITY] += 1
        S[POOL + 1] -= 1
        cost = int(P[P_COST_CITY])
    elif a < A_BUY_TEMPLE:
        S[MARKET + a - A_BUY_MARKET] = 1
        S[POOL + 2] -= 1
        cost = int(P[P_COST_MARKET])
    elif a < A_BUY_LEGION:
        S[TEMPLE + a - A_BUY_TEMPLE] = 1
        S[POOL + 3] -= 1
        cost = int(P[P_COST_TEMPLE])
    elif a < A_BUY_FORTRESS:
        S[ui(o, a - A_BUY_LEGION, 0)] += 1
        cost = points_cost(S, P, o, K_LEGION)
    elif a < A_BUY_CREATURE:
        S[ui(o, a - A_BUY_FORTRESS, 2)] += 1
        cost = points_cost(S, P, o, K_FORTRESS)
    elif a < A_BUY_TRIREME:
        S[ui(o, a - A_BUY_CREATURE, 1)] += 1
        cost = int(P[P_COST_CREATURE])
    elif a < A_BUY_PHOENIX:
        S[ui(o, NP + a - A_BUY_TRIREME, 3)] += 1
        cost = int(P[P_COST_TRIREME])
    else:
        S[HERO + a - A_BUY_HERO] = o + 1
        cost = int(P[P_SETUP_CIV_HERO_COST])
    S[H_BUDGET] -= cost


@njit(cache=True)
def card_totals(S, P, out):
    """Bank size per card type; myth=0 removes the Myth cards (§1.1: pottery, +1 rare,
    +2 common, +5 tax)."""
    m = myth(S)
    for g in range(13):
        if g == 12:
            out[g] = int(P[P_POTTERY_CARDS]) if m else 0
        elif g == 2 or g == 3 or g == 7 or g == 8 or g == 9:
            out[g] = max(1, int(P[P_RARE_CARDS]) - (0 if m else 1))
        else:
            out[g] = max(1, int(P[P_COMMON_CARDS]) - (0 if m else 2))
    out[TAX] = max(1, int(P[P_TAX_CARDS]) - (0 if m else 5))


@njit(cache=True)
def pool_totals(S, P, out):
    less = 0 if (S[H_NP] == 6 and myth(S)) else 1
    out[0] = max(0, int(P[P_POOL_CARAVAN]) - 5 * less)
    out[1] = max(0, int(P[P_POOL_CITY]) - 2 * less)
    out[2] = max(0, int(P[P_POOL_MARKET]) - 2 * less)
    out[3] = max(0, int(P[P_POOL_TEMPLE]) - 1 * less)


@njit(cache=True)
def points_mode(S, P):
    return P[P_START] != 0 or not myth(S)


@njit(cache=True)
def new_game(n, P, srng):
    """A fresh game for n players; srng is the SETUP stream. Call advance() next."""
    S = np.zeros(STATE_SIZE, np.int32)
    start_game(S, n, P, srng)
    return S


@njit(cache=True)
def start_game(S, n, P, srng):
    """Overwrite S with a fresh game for n players (the trace flag kept); srng is the SETUP
    stream. Call advance() next. myth=0: Atlantis is absent (owner 5 without pieces), points
    start with 36 points in 4 steps (D44)."""
    clear_state(S)
    S[H_NP] = n
    S[H_MYTH] = 1 if P[P_MYTH] != 0 else 0
    m = S[H_MYTH]
    S[H_ROUND] = 1
    S[H_STEP] = -1
    S[H_DECIDER] = -1
    S[H_WINNER] = -1
    S[H_VPATH] = -1
    S[H_TWO] = -1
    S[H_PG_GOD] = -1
    S[H_PAY_ACT] = -1
    points = P[P_START] != 0 or m == 0
    ncivs = 6 if m else 5
    civs = np.arange(6)
    if P[P_CIV_ASSIGNMENT] == 0:
        shuffle(srng, civs[:ncivs])
    played = np.zeros(6, np.bool_)
    for o in range(n):
        played[civs[o]] = True
    k = n
    for c in range(6):
        if not played[c]:
            civs[k] = c
            k += 1
    packed = 0
    for o in range(6):
        S[CIV_OF + o] = civs[o]
        S[OWNER_OF_CIV + civs[o]] = o
        packed |= civs[o] << (3 * o)
    note(S, EV_CIVS, packed, 0, 0)
    # bank and pool
    tot = np.zeros(N_TYPES, np.int64)
    card_totals(S, P, tot)
    for t in range(N_TYPES):
        S[BANK + t] = tot[t]
    pools = np.zeros(4, np.int64)
    pool_totals(S, P, pools)
    for k2 in range(4):
        S[POOL + k2] = pools[k2]
    for r in range(4):
        S[ROLE + r] = -1
    # heroes on display
    if m:
        hs = np.arange(27)
        shuffle(srng, hs)
        nd = min(int(P[P_N_HEROES_DRAWN]), 27)
        for i in range(nd):
            S[DISPLAY + hs[i]] = 1
    else:
        for h in range(6):
            S[DISPLAY + h] = 1
    if not points:
        for o in range(n):
            S[HERO + 27 + civs[o]] = o + 1
    # the start and the neutrals
    for o in range(6):
        c = civs[o]
        if c == CIV_ATLANTIS and not m:
            continue
        for j in range(3):
            v = HOME[c, j]
            S[INFL + v] = o + 1
            S[SINCE + v] = 0
            if o < n:
                if points:
                    continue
                cities = PRESET[c, j, 0]
                S[CITY + v] += cities
                S[POOL + 1] -= cities
                if PRESET[c, j, 1] > 0:
                    S[MARKET + v] = 1
                    S[POOL + 2] -= 1
                if PRESET[c, j, 2] > 0:
                    S[TEMPLE + v] = 1
                    S[POOL + 3] -= 1
                S[ui(o, v, 2)] += PRESET[c, j, 3]
                S[ui(o, v, 0)] += PRESET[c, j, 4]
                for kk in range(2):
                    g = PRESET[c, j, 5 + kk]
                    if g >= 0:
                        for i in range(N_ICONS[v]):
                            if PROV_GOODS[v, i] == g:
                                S[CARAVAN + 3 * v + i] = 1
                                S[POOL + 0] -= 1
            else:
                S[ui(o, v, 2)] += 1
                S[ui(o, v, 0)] += 1
                if j == 0 and m == 1:
                    S[ui(o, v, 1)] += 1
        if o < n and not points and PRESET_FLEET_SEA[c] >= 0:
            S[ui(o, NP + PRESET_FLEET_SEA[c], 3)] += 1
    # starting cards (Myth; base start 0)
    if m:
        for o in range(n):
            for i in range(int(P[P_START_TAX])):
                give_card_from(S, o, TAX, M_CARDS_START)
    if points:
        S[H_PC] = PC_POINTS
        S[H_PSTEP] = 0
        S[H_PSEAT] = 0
        S[H_BUDGET] = points_total(S, P) // points_steps(S, P)
        return
    S[H_PC] = PC_SETUP
    # pre-set roles (§2.2; D37, D39)
    cnt = np.zeros((4, 6), np.int64)
    role_counts(S, P, cnt)
    for r in range(4):
        o = S[OWNER_OF_CIV + PRESET_ROLE_CIV[r]]
        if o < n:
            S[ROLE + r] = o
    for r in range(4):
        if S[ROLE + r] >= 0:
            continue
        free = np.zeros(6, np.bool_)
        nfree = 0
        if P[P_SETUP_ROLE_SPREAD] != 0:
            for o in range(n):
                has = False
                for q in range(4):
                    if S[ROLE + q] == o:
                        has = True
                if not has:
                    free[o] = True
                    nfree += 1
        if nfree == 0:
            for o in range(n):
                free[o] = True
        best = -1
        for o in range(n):
            if free[o] and cnt[r, o] > best:
                best = cnt[r, o]
        nt = 0
        for o in range(n):
            if free[o] and cnt[r, o] == best:
                nt += 1
        kk = below(srng, nt) if nt > 1 else 0
        for o in range(n):
            if free[o] and cnt[r, o] == best:
                if kk == 0:
                    S[ROLE + r] = o
                    break
                kk -= 1


@njit(cache=True)
def points_total(S, P):
    return int(P[P_SETUP_POINTS]) if myth(S) else 36


@njit(cache=True)
def points_steps(S, P):
    return int(P[P_SETUP_STEPS]) if myth(S) else 4


@njit(cache=True)
def legal_setup_steps(S, P, st, o, out):
    """The legal actions of this chapter's decision `st` in out[:n]; -1 if st is not one of them."""
    n = 0
    np_ = S[H_NP]
    if st == ST_SETUP_CARAVAN:
        k = S[H_SETUP_K]
        for j in range(2):
            n = push(out, n, A_SETUP_CARAVAN + SETUP_CHOICE_GOODS[k, j])
        return n
    return -1


@njit(cache=True)
def apply_setup_steps(S, P, st, o, a, rng):
    """Apply action a at this chapter's decision `st` (before the automatic steps run); False if
    st is not one of them."""
    n = S[H_NP]
    if st == ST_POINTS:
        apply_points(S, P, o, a)
    elif st == ST_SETUP_CARAVAN:
        k = S[H_SETUP_K]
        v = SETUP_CHOICE_PROV[k]
        g = a - A_SETUP_CARAVAN
        for i in range(N_ICONS[v]):
            if PROV_GOODS[v, i] == g:
                S[CARAVAN + 3 * v + i] = 1
                S[POOL + 0] -= 1
        S[H_SETUP_K] = k + 1
    else:
        return False
    return True


@njit(cache=True)
def step_points(S, P, rng):
    """The automatic step PC_POINTS of the round (advance)."""
    n = S[H_NP]
    if S[H_PSTEP] >= points_steps(S, P):
        S[H_PC] = PC_ROLES
    elif S[H_PSEAT] >= n:
        S[H_PSTEP] += 1
        S[H_PSEAT] = 0
        S[H_BUDGET] = points_total(S, P) // points_steps(S, P)
    else:
        set_decision(S, ST_POINTS, S[H_PSEAT])


@njit(cache=True)
def step_setup(S, P, rng):
    """The automatic step PC_SETUP of the round (advance)."""
    n = S[H_NP]
    k = S[H_SETUP_K]
    while k < 2 and S[OWNER_OF_CIV + SETUP_CHOICE_CIV[k]] >= n:
        k += 1
    S[H_SETUP_K] = k
    if k < 2:
        set_decision(S, ST_SETUP_CARAVAN, S[OWNER_OF_CIV + SETUP_CHOICE_CIV[k]])
    else:
        S[H_PC] = PC_ROLES
