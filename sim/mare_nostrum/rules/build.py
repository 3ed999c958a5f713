"""The build phase (§4.5): purchases of buildings, units, heroes and wonders with their powers at
purchase (Gilgamesh, Spartacus, Zeus, Cleopatra, Jason, Castor & Pollux, Sheba,
Nebuchadnezzar...), card-by-card payment steps, the tax cards kept (Hanging Gardens).
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


@njit(cache=True)
def start_build_turn(S, o):
    S[H_ACTOR] = o
    S[INFL_TURN:INFL_TURN + NP] = 0
    S[H_NTURNS] += 1


@njit(cache=True)
def end_of_build(S, P):
    n = S[H_NP]
    keep = int(P[P_TAX_KEEP])
    for o in range(n):
        b = HAND + o * N_TYPES
        for t in range(13):
            S[BANK + t] += S[b + t]
            S[b + t] = 0
        if S[b + TAX] > keep:
            S[BANK + TAX] += S[b + TAX] - keep
            S[b + TAX] = keep
        # Hanging Gardens kept cards return to the hand
        e = EX_DISP + o * N_TYPES
        for t in range(N_TYPES):
            S[b + t] += S[e + t]
            S[e + t] = 0
        used = USED + o * NU
        S[used + U_ARTEMIS] = 0
        S[used + U_CLEOPATRA] = 0
        S[used + U_ZEUS] = 0
        S[used + U_SPARTACUS] = 0
        S[used + U_JASON] = 0


@njit(cache=True)
def keep_any(S, P, o):
    keep = int(P[P_TAX_KEEP])
    b = HAND + o * N_TYPES
    for t in range(13):
        if S[b + t] > 0:
            return True
    return S[b + TAX] > keep


@njit(cache=True)
def legal_build(S, P, o, out):
    n = 0
    m = myth(S)
    r = S[H_ROUND]
    cap = pay_capacity(S, P, o)
    croesus = has_hero(S, P, o, H_CROESUS)
    # influence
    inf_free = has_civ_hero(S, P, o, CH_HAMMURABI) and used_get(S, o, U_HAMMURABI) == 0
    if influence_stock(S, P, o) > 0 and (inf_free or cap >= price(S, P, o, K_INFLUENCE, False, False)):
        reach = influence_sea_reach(S, o)
        for v in range(NP):
            if influence_ok(S, P, o, v, reach):
                n = push(out, n, A_BUY_INFLUENCE + v)
    st_leg = stock(S, P, o, 0)
    st_cre = stock(S, P, o, 1)
    st_for = stock(S, P, o, 2)
    st_tri = stock(S, P, o, 3)
    c = civ(S, o)
    sheba = has_hero(S, P, o, H_SHEBA)
    bmask = np.zeros(NP, np.bool_)
    for v in range(NP):
        bmask[v] = PROV_ACTIVE[m, v] == 1 and buildable(S, o, v, croesus)
    # affordable[kind, island]: prices computed once per decision
    aff = np.zeros((8, 2), np.bool_)
    for kind in range(8):
        for isl in range(2):
            aff[kind, isl] = cap >= price(S, P, o, kind, isl == 1, False)
    for v in range(NP):
        if not bmask[v]:
            continue
        isl = PROV_ISLAND[v] == 1
        if S[POOL + 0] > 0 and aff[K_CARAVAN, PROV_ISLAND[v]]:
            for i in range(N_ICONS[v]):
                if S[CARAVAN + 3 * v + i] == 0:
                    n = push(out, n, A_BUY_CARAVAN + 3 * v + i)
    for v in range(NP):
        if bmask[v] and S[POOL + 1] > 0 and S[CITY + v] < CITY_SITES[v] and \
                aff[K_CITY, PROV_ISLAND[v]]:
            n = push(out, n, A_BUY_CITY + v)
    for v in range(NP):
        if bmask[v] and S[POOL + 2] > 0 and S[MARKET + v] == 0 and \
                S[CARAVAN + 3 * v] + S[CARAVAN + 3 * v + 1] + S[CARAVAN + 3 * v + 2] > 0 and \
                aff[K_MARKET, PROV_ISLAND[v]]:
            n = push(out, n, A_BUY_MARKET + v)
    for v in range(NP):
        if bmask[v] and S[POOL + 3] > 0 and S[TEMPLE + v] == 0 and S[CITY + v] > 0 and \
                aff[K_TEMPLE, PROV_ISLAND[v]]:
            n = push(out, n, A_BUY_TEMPLE + v)
    if st_leg > 0:
        for v in range(NP):
            ok = bmask[v] or (sheba and PROV_EDGE[m, v] == 1 and PROV_ACTIVE[m, v] == 1)
            if ok and aff[K_LEGION, PROV_ISLAND[v]]:
                n = push(out, n, A_BUY_LEGION + v)
    if st_for > 0:
        for v in range(NP):
            if bmask[v] and aff[K_FORTRESS, PROV_ISLAND[v]]:
                n = push(out, n, A_BUY_FORTRESS + v)
    if m and st_cre > 0:
        for v in range(NP):
            if bmask[v] and (c != CIV_ATLANTIS or COASTAL[v] == 1 or not creature_power(S, P, o)) and \
                    aff[K_CREATURE, PROV_ISLAND[v]]:
                n = push(out, n, A_BUY_CREATURE + v)
    if st_tri > 0 and aff[K_TRIREME, 0]:
        for s in range(NS):
            if SEA_ACTIVE[m, s] == 0:
                continue
            ok = False
            for k in range(SP_NBN[m, s]):
                if bmask[SP_NB[m, s, k]]:
                    ok = True
                    break
            if ok:
                n = push(out, n, A_BUY_TRIREME + s)
    if m and c == CIV_EGYPT and S[PHOENIX_CARD + o] > 0:
        for v in range(NP):
            if bmask[v]:
                cost = int(P[P_COST_PHOENIX_RETURN]) if v == CAPITAL[c] else int(P[P_COST_CREATURE])
                if cap >= cost:
                    n = push(out, n, A_BUY_PHOENIX + v)
    hcost = price(S, P, o, K_HERO, False, False)
    if cap >= hcost:
        for h in range(27):
            if S[DISPLAY + h] == 1 and S[HERO + h] == 0:
                n = push(out, n, A_BUY_HERO + h)
        if S[HERO + 27 + c] == 0:
            n = push(out, n, A_BUY_HERO + 27 + c)
    for w in range(7):
        if S[WONDER + w] == 0:
            k = K_PYRAMIDS if w == W_PYRAMIDS else K_WONDER
            if cap >= price(S, P, o, k, False, False):
                n = push(out, n, A_BUY_WONDER + w)
    # powers
    if has_civ_hero(S, P, o, CH_CLEOPATRA) and used_get(S, o, U_CLEOPATRA) == 0:
        for g in range(13):
            if S[HAND + o * N_TYPES + g] > 0 and S[BANK + TAX] > 0:
                n = push(out, n, A_CLEO_GIVE + g)
        if S[HAND + o * N_TYPES + TAX] > 0:
            for g in range(13):
                if S[BANK + g] > 0:
                    n = push(out, n, A_CLEO_TAKE + g)
    if has_hero(S, P, o, H_JASON) and used_get(S, o, U_JASON) == 0 and S[POOL + 0] >= 0:
        anyto = False
        for w in range(NP):
            if bmask[w]:
                for i in range(N_ICONS[w]):
                    if S[CARAVAN + 3 * w + i] == 0:
                        anyto = True
        if anyto:
            for v in range(NP):
                if alone_foreign(S, o, v):
                    for i in range(N_ICONS[v]):
                        if S[CARAVAN + 3 * v + i] > 0:
                            n = push(out, n, A_JASON_FROM + 3 * v + i)
    if st_leg > 0 and has_hero(S, P, o, H_SPARTACUS) and used_get(S, o, U_SPARTACUS) == 0 and \
            S[HAND + o * N_TYPES + 4] > 0:
        for v in range(NP):
            if bmask[v]:
                n = push(out, n, A_SPARTACUS + v)
    if st_for > 0 and has_hero(S, P, o, H_GILGAMESH) and \
            used_get(S, o, U_GILGAMESH) < int(P[P_GILGAMESH_PER_ROUND]):
        for v in range(NP):
            if S[INFL_TURN + v] == 1 and buildable(S, o, v, True):
                n = push(out, n, A_GILGAMESH + v)
    if st_leg > 0 and has_wonder(S, P, o, W_ZEUS) and used_get(S, o, U_ZEUS) == 0:
        for v in range(NP):
            if bmask[v]:
                n = push(out, n, A_ZEUS + v)
    n = legal_gods(S, P, o, out, n)
    n = push(out, n, A_DONE)
    return n


@njit(cache=True)
def place_unit(S, o, v, u):
    S[ui(o, v, u)] += 1
    S[METRICS + o * NM + M_BUILT_UNITS] += 1
    S[METRICS + o * NM + M_UNIT_BUILT + u] += 1
    if u == 1:
        S[METRICS + o * NM + M_CREAT_BUILT] += 1


@njit(cache=True)
def apply_pay(S, P, o, t, rng):
    S[HAND + o * N_TYPES + t] -= 1
    S[BANK + t] += 1
    if t < 13:
        S[H_PAY_MASK] |= 1 << t
        S[H_PAY_MODE] = 1
    else:
        S[H_PAY_MODE] = 2
    S[H_PAY_LEFT] -= 1
    if S[H_PAY_LEFT] > 0:
        set_decision(S, ST_PAY, o)
        return
    a = S[H_PAY_ACT]
    S[H_PAY_ACT] = -1
    if a >= A_OFFER_TO and a < A_TAKE_GOD:
        acquire_god(S, o, a - A_OFFER_TO)
        return
    S[H_PAID] = 1
    apply_build(S, P, o, a)
    S[H_PAID] = 0


@njit(cache=True)
def buy_building(S, P, o, b, slot, v):
    """Buy building type b (K_CARAVAN..K_TEMPLE, which is also its pool and metric index) for
    seat o in province v: pay (island price if v is an island), place it (`slot` is the caravan
    slot itself, or the CITY / MARKET / TEMPLE table indexed by v; cities stack, the others are
    0/1) and count it."""
    charge(S, P, o, b, PROV_ISLAND[v] == 1)
    if b == K_CITY:
        S[slot + v] += 1
    elif b == K_CARAVAN:
        S[slot] = 1
    else:
        S[slot + v] = 1
    S[POOL + b] -= 1
    S[METRICS + o * NM + M_BUILT_BUILDINGS] += 1
    S[METRICS + o * NM + M_BLDG_BUILT + b] += 1


@njit(cache=True)
def apply_build(S, P, o, a):
    if a == A_DONE:
        S[TURN_DONE + o] = 1
        S[H_PC] = PC_BUILD_PICK
        return
    if P[P_AUTO_PAY] == 0 and S[H_PAID] == 0 and a < A_COPY:
        cost = purchase_cost(S, P, o, a)
        if cost > 0:
            start_payment(S, o, a, cost)
            return
        if a < A_BUY_CARAVAN:
            used_add(S, o, U_HAMMURABI, 1)     # the free marker
            S[H_PAID] = 1
            apply_build(S, P, o, a)
            S[H_PAID] = 0
            S[USED + o * NU + U_HAMMURABI] = 1
            return
    if a < A_BUY_CARAVAN:
        v = a - A_BUY_INFLUENCE
        if S[H_PAID] == 1:
            pass
        elif has_civ_hero(S, P, o, CH_HAMMURABI) and used_get(S, o, U_HAMMURABI) == 0:
            used_add(S, o, U_HAMMURABI, 1)
        else:
            charge(S, P, o, K_INFLUENCE, False)
        S[INFL + v] = o + 1
        S[SINCE + v] = S[H_ROUND]
        S[INFL_TURN + v] = 1
        S[OCC_OWN + v] = 0
        S[OCC_CNT + v] = 0
        S[METRICS + o * NM + M_INFL_BOUGHT] += 1
        return
    if a < A_BUY_CITY:
        k = a - A_BUY_CARAVAN
        buy_building(S, P, o, K_CARAVAN, CARAVAN + k, k // 3)
        return
    if a < A_BUY_MARKET:
        buy_building(S, P, o, K_CITY, CITY, a - A_BUY_CITY)
        return
    if a < A_BUY_TEMPLE:
        buy_building(S, P, o, K_MARKET, MARKET, a - A_BUY_MARKET)
        return
    if a < A_BUY_LEGION:
        buy_building(S, P, o, K_TEMPLE, TEMPLE, a - A_BUY_TEMPLE)
        return
    if a < A_BUY_FORTRESS:
        v = a - A_BUY_LEGION
        charge(S, P, o, K_LEGION, PROV_ISLAND[v] == 1)
        place_unit(S, o, v, 0)
        return
    if a < A_BUY_CREATURE:
        v = a - A_BUY_FORTRESS
        charge(S, P, o, K_FORTRESS, PROV_ISLAND[v] == 1)
        place_unit(S, o, v, 2)
        return
    if a < A_BUY_TRIREME:
        v = a - A_BUY_CREATURE
        charge(S, P, o, K_CREATURE, PROV_ISLAND[v] == 1)
        place_unit(S, o, v, 1)
        return
    if a < A_BUY_PHOENIX:
        s = a - A_BUY_TRIREME
        charge(S, P, o, K_TRIREME, False)
        place_unit(S, o, NP + s, 3)
        return
    if a < A_BUY_HERO:
        v = a - A_BUY_PHOENIX
        cost = int(P[P_COST_PHOENIX_RETURN]) if v == CAPITAL[civ(S, o)] else int(P[P_COST_CREATURE])
        if S[H_PAID] == 0:
            pay(S, P, o, cost)
        S[PHOENIX_CARD + o] -= 1
        S[ui(o, v, 1)] += 1
        return
    if a < A_BUY_WONDER:
        h = a - A_BUY_HERO
        charge(S, P, o, K_HERO, False)
        S[HERO + h] = o + 1
        if h < 27:
            S[DISPLAY + h] = 0
        S[METRICS + o * NM + M_HW_ROUND] = S[H_ROUND]
        S[ACQ_ROUND + h] = S[H_ROUND]
        if check_hw_victory(S, P, o, False):
            return
        if h == H_CASTOR and hero_power(P, H_CASTOR, o):
            for hh in range(27):
                q = S[HERO + hh] - 1
                if q >= 0 and q != o and hh != H_CASTOR:
                    set_decision(S, ST_COPY, o)
                    return
        return
    if a < A_COPY:
        w = a - A_BUY_WONDER
        k = K_PYRAMIDS if w == W_PYRAMIDS else K_WONDER
        charge(S, P, o, k, False)
        S[WONDER + w] = o + 1
        S[METRICS + o * NM + M_HW_ROUND] = S[H_ROUND]
        S[ACQ_ROUND + 33 + w] = S[H_ROUND]
        check_hw_victory(S, P, o, w == W_PYRAMIDS)
        return
    if a < A_CLEO_GIVE:
        S[COPY + o] = a - A_COPY + 1
        return
    if a < A_JASON_FROM:
        used_add(S, o, U_CLEOPATRA, 1)
        if a < A_CLEO_TAKE:
            g = a - A_CLEO_GIVE
            S[HAND + o * N_TYPES + g] -= 1
            S[BANK + g] += 1
            give_card_from(S, o, TAX, M_CARDS_CLEOPATRA)
        else:
            g = a - A_CLEO_TAKE
            S[HAND + o * N_TYPES + TAX] -= 1
            S[BANK + TAX] += 1
            give_card_from(S, o, g, M_CARDS_CLEOPATRA)
        return
    if a < A_JASON_TO:
        S[H_TWO] = a
        return
    if a < A_SPARTACUS:
        k0 = S[H_TWO] - A_JASON_FROM
        k1 = a - A_JASON_TO
        S[CARAVAN + k0] = 0
        S[CARAVAN + k1] = 1
        S[H_TWO] = -1
        used_add(S, o, U_JASON, 1)
        return
    if a < A_GILGAMESH:
        v = a - A_SPARTACUS
        S[HAND + o * N_TYPES + 4] -= 1
        S[BANK + 4] += 1
        place_unit(S, o, v, 0)
        used_add(S, o, U_SPARTACUS, 1)
        return
    if a < A_ZEUS:
        v = a - A_GILGAMESH
        place_unit(S, o, v, 2)
        used_add(S, o, U_GILGAMESH, 1)
        return
    if a < A_BAAL:
        v = a - A_ZEUS
        place_unit(S, o, v, 0)
        used_add(S, o, U_ZEUS, 1)
        return
    apply_god_use(S, P, o, a)


@njit(cache=True)
def legal_build_steps(S, P, st, o, out):
    """The legal actions of this chapter's decision `st` in out[:n]; -1 if st is not one of them."""
    n = 0
    np_ = S[H_NP]
    if st == ST_PAY:
        for t in range(N_TYPES):
            if pay_ok(S, P, o, t):
                n = push(out, n, A_PAY + t)
        return n
    if st == ST_COPY:
        for h in range(27):
            q = S[HERO + h] - 1
            if q >= 0 and q != o and h != H_CASTOR:
                n = push(out, n, A_COPY + h)
        return n
    if st == ST_KEEP:
        n = push(out, n, A_PASS)
        keep = int(P[P_TAX_KEEP])
        for t in range(13):
            if S[HAND + o * N_TYPES + t] > 0:
                n = push(out, n, A_KEEP + t)
        if S[HAND + o * N_TYPES + TAX] > keep:
            n = push(out, n, A_KEEP + TAX)
        return n
    if st == ST_JASON2:
        for w in range(NP):
            if buildable(S, o, w, has_hero(S, P, o, H_CROESUS)):
                for i in range(N_ICONS[w]):
                    if S[CARAVAN + 3 * w + i] == 0:
                        n = push(out, n, A_JASON_TO + 3 * w + i)
        return n
    return -1


@njit(cache=True)
def apply_build_steps(S, P, st, o, a, rng):
    """Apply action a at this chapter's decision `st` (before the automatic steps run); False if
    st is not one of them."""
    n = S[H_NP]
    if st == ST_BUILD:
        apply_build(S, P, o, a)
    elif st == ST_BUILD_PICK:
        start_build_turn(S, a - A_PICK_NEXT)
        S[H_PC] = PC_BUILD_TURN
    elif st == ST_PAY:
        apply_pay(S, P, o, a - A_PAY, rng)
    elif st == ST_COPY:
        S[COPY + o] = a - A_COPY + 1
    elif st == ST_KEEP:
        if a == A_PASS:
            S[H_COUNT] = 2
        else:
            t = a - A_KEEP
            S[HAND + o * N_TYPES + t] -= 1
            S[EX_DISP + o * N_TYPES + t] += 1
            S[H_COUNT] += 1
    elif st == ST_JASON2:
        apply_build(S, P, o, a)
    else:
        return False
    return True


@njit(cache=True)
def step_build_init(S, P, rng):
    """The automatic step PC_BUILD_INIT of the round (advance)."""
    for o in range(6):
        S[TURN_DONE + o] = 0
    S[H_PC] = PC_BUILD_PICK


@njit(cache=True)
def step_build_pick(S, P, rng):
    """The automatic step PC_BUILD_PICK of the round (advance)."""
    nr, last = remaining_players(S)
    if nr == 0:
        S[H_PC] = PC_KEEP
        S[H_COUNT] = 0
    elif nr == 1:
        start_build_turn(S, last)
        S[H_PC] = PC_BUILD_TURN
    else:
        set_decision(S, ST_BUILD_PICK, S[ROLE + R_STATESMAN])


@njit(cache=True)
def step_build_turn(S, P, rng):
    """The automatic step PC_BUILD_TURN of the round (advance)."""
    if S[H_TWO] >= 0:
        set_decision(S, ST_JASON2, S[H_ACTOR])
    else:
        set_decision(S, ST_BUILD, S[H_ACTOR])


@njit(cache=True)
def step_keep(S, P, rng):
    """The automatic step PC_KEEP of the round (advance)."""
    o = S[WONDER + W_GARDENS] - 1
    if o >= 0 and has_wonder(S, P, o, W_GARDENS) and S[H_COUNT] < 2 and keep_any(S, P, o):
        set_decision(S, ST_KEEP, o)
    else:
        end_of_build(S, P)
        S[H_PC] = PC_STRAT_INIT
