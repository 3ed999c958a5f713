"""Paying (§4.5.2) and prices (§4.5.3): pay capacity, the canonical payment, card-by-card payment
(auto_pay=0), base costs and the one price modifier (Caesar, Pericles, Atlas, Imhotep, Minos,
Croesus, Temple of Artemis).
"""
import numpy as np
from numba import njit

from .base import *  # noqa: F401,F403
from .scoring import *  # noqa: F401,F403


@njit(cache=True)
def pay_capacity(S, P, o):
    d = 0
    for g in range(13):
        if S[HAND + o * N_TYPES + g] > 0:
            d += 1
    t = S[HAND + o * N_TYPES + TAX]
    if P[P_TAX_WILD] != 0:
        return d + t
    return d if d > t else t


@njit(cache=True)
def goods_paid(S, P, o, n):
    """How many of an n-card canonical payment are goods (one per different good); the rest are taxes."""
    d = 0
    for g in range(13):
        if S[HAND + o * N_TYPES + g] > 0:
            d += 1
    if d >= n:
        return n
    return d if P[P_TAX_WILD] != 0 else 0


@njit(cache=True)
def pay(S, P, o, n):
    """Canonical auto-pay of an n-card combination (caller checked it is payable)."""
    base = HAND + o * N_TYPES
    n_goods = goods_paid(S, P, o, n)
    taken = 0
    used = np.zeros(13, np.bool_)
    while taken < n_goods:
        best = -1
        bc = 0
        for g in range(13):
            if not used[g] and S[base + g] > bc:
                bc = S[base + g]
                best = g
        used[best] = True
        S[base + best] -= 1
        S[BANK + best] += 1
        taken += 1
    rest = n - n_goods
    S[base + TAX] -= rest
    S[BANK + TAX] += rest


@njit(cache=True)
def base_cost(P, kind):
    if kind == K_CARAVAN:
        return int(P[P_COST_CARAVAN])
    if kind == K_CITY:
        return int(P[P_COST_CITY])
    if kind == K_MARKET:
        return int(P[P_COST_MARKET])
    if kind == K_TEMPLE:
        return int(P[P_COST_TEMPLE])
    if kind == K_LEGION:
        return int(P[P_COST_LEGION])
    if kind == K_FORTRESS:
        return int(P[P_COST_FORTRESS])
    if kind == K_TRIREME:
        return int(P[P_COST_TRIREME])
    if kind == K_CREATURE:
        return int(P[P_COST_CREATURE])
    if kind == K_WONDER or kind == K_HERO:
        return int(P[P_COST_HERO])
    if kind == K_PYRAMIDS:
        return int(P[P_COST_PYRAMIDS]) + int(P[P_ADVANCED])
    return int(P[P_COST_INFLUENCE])


@njit(cache=True)
def price(S, P, o, kind, island, spend):
    """Cheapest price of a purchase with at most one modifier; spend=True uses it up.
    Ties: unlimited modifiers first, then Minos, Croesus, Temple of Artemis (D40)."""
    base = base_cost(P, kind)
    best = base
    which = 0
    c = civ(S, o)
    disc = int(P[P_CIV_DISCOUNT_COST])
    unl = base
    if (kind == K_LEGION or kind == K_FORTRESS) and c == CIV_ROME and has_civ_hero(S, P, o, CH_CAESAR):
        unl = min(unl, disc)
    if kind == K_TRIREME and c == CIV_GREECE and has_civ_hero(S, P, o, CH_PERICLES):
        unl = min(unl, disc)
    if kind == K_TRIREME and c == CIV_ATLANTIS and has_civ_hero(S, P, o, CH_ATLAS):
        unl = min(unl, disc)
    if (kind == K_WONDER or kind == K_PYRAMIDS) and has_hero(S, P, o, H_IMHOTEP):
        unl = min(unl, base - 1)
    if unl < best:
        best = unl
        which = 1
    tk = K_WONDER if kind == K_PYRAMIDS else kind
    if tk <= K_WONDER:
        if island and has_hero(S, P, o, H_MINOS) and (used_get(S, o, U_MINOS) >> tk) & 1 == 0:
            if base - 1 < best:
                best = base - 1
                which = 2
        if has_hero(S, P, o, H_CROESUS) and (used_get(S, o, U_CROESUS) >> tk) & 1 == 0:
            if base - 1 < best:
                best = base - 1
                which = 3
    if has_wonder(S, P, o, W_ARTEMIS) and used_get(S, o, U_ARTEMIS) == 0:
        if base - 1 < best:
            best = base - 1
            which = 4
    if best < 1:
        best = 1
    if spend:
        if which == 2:
            used_add(S, o, U_MINOS, 1 << tk)
        elif which == 3:
            used_add(S, o, U_CROESUS, 1 << tk)
        elif which == 4:
            used_add(S, o, U_ARTEMIS, 1)
    return best


@njit(cache=True)
def charge(S, P, o, kind, island):
    if S[H_PAID] == 0:
        pay(S, P, o, price(S, P, o, kind, island, True))


@njit(cache=True)
def purchase_cost(S, P, o, a, spend=True):
    """Cards a build action costs (spending its discount unless spend=False: a player pricing a
    purchase it may not make), 0 if free or not a purchase."""
    if a < A_BUY_CARAVAN:
        if has_civ_hero(S, P, o, CH_HAMMURABI) and used_get(S, o, U_HAMMURABI) == 0:
            return 0
        return price(S, P, o, K_INFLUENCE, False, spend)
    if a < A_BUY_CITY:
        return price(S, P, o, K_CARAVAN, PROV_ISLAND[(a - A_BUY_CARAVAN) // 3] == 1, spend)
    if a < A_BUY_MARKET:
        return price(S, P, o, K_CITY, PROV_ISLAND[a - A_BUY_CITY] == 1, spend)
    if a < A_BUY_TEMPLE:
        return price(S, P, o, K_MARKET, PROV_ISLAND[a - A_BUY_MARKET] == 1, spend)
    if a < A_BUY_LEGION:
        return price(S, P, o, K_TEMPLE, PROV_ISLAND[a - A_BUY_TEMPLE] == 1, spend)
    if a < A_BUY_FORTRESS:
        return price(S, P, o, K_LEGION, PROV_ISLAND[a - A_BUY_LEGION] == 1, spend)
    if a < A_BUY_CREATURE:
        return price(S, P, o, K_FORTRESS, PROV_ISLAND[a - A_BUY_FORTRESS] == 1, spend)
    if a < A_BUY_TRIREME:
        return price(S, P, o, K_CREATURE, PROV_ISLAND[a - A_BUY_CREATURE] == 1, spend)
    if a < A_BUY_PHOENIX:
        return price(S, P, o, K_TRIREME, False, spend)
    if a < A_BUY_HERO:
        v = a - A_BUY_PHOENIX
        return int(P[P_COST_PHOENIX_RETURN]) if v == CAPITAL[civ(S, o)] else int(P[P_COST_CREATURE])
    if a < A_BUY_WONDER:
        return price(S, P, o, K_HERO, False, spend)
    if a < A_COPY:
        return price(S, P, o, K_PYRAMIDS if a - A_BUY_WONDER == W_PYRAMIDS else K_WONDER, False, spend)
    return 0


@njit(cache=True)
def start_payment(S, o, a, cost):
    S[H_PAY_ACT] = a
    S[H_PAY_LEFT] = cost
    S[H_PAY_MASK] = 0
    S[H_PAY_MODE] = 0
    set_decision(S, ST_PAY, o)


@njit(cache=True)
def pay_ok(S, P, o, t):
    """PAY(t) keeps a valid completion of the pending combination (§4.5.2)."""
    h = HAND + o * N_TYPES
    if S[h + t] <= 0:
        return False
    left = S[H_PAY_LEFT]
    mask = S[H_PAY_MASK]
    free_goods = 0
    for g in range(13):
        if S[h + g] > 0 and not (mask >> g) & 1:
            free_goods += 1
    taxes = S[h + TAX]
    if t < 13 and (mask >> t) & 1:
        return False
    if P[P_TAX_WILD] != 0:
        return free_goods + taxes >= left
    mode = S[H_PAY_MODE]
    if t < 13:
        return mode != 2 and free_goods >= left
    return mode != 1 and taxes >= left
