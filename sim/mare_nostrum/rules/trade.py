"""The trade phase (§4.3): income (markets, temples, Circe, Solomon, war and occupation), the
Colossus, Hermes and Isis, the exchange (Trader, Antigone) and Ulysses.
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


@njit(cache=True)
def income_receiver(S, P, v):
    c = S[INFL + v] - 1
    if c < 0:
        return -1
    others = -1
    nown = 0
    for q in range(6):
        if mil(S, q, v) > 0:
            nown += 1
            if q != c:
                others = q
    if others < 0:
        r = c
    elif nown == 1:
        r = others if P[P_OCCUPIER_INCOME] != 0 else -1
    else:
        r = c if P[P_WAR_INCOME] != 0 else -1
    if r >= S[H_NP]:
        return -1
    return r


@njit(cache=True)
def province_income(S, P, v, r, out):
    """Cards province v pays to r, as counts per type into out (14)."""
    province_production(S, P, v, out)
    circe_production(S, P, v, r, out)


@njit(cache=True)
def province_production(S, P, v, out):
    """Cards of v's caravans and cities (markets and temples double them), added into out."""
    mm = int(P[P_MARKET_MULT]) if S[MARKET + v] > 0 else 1
    for i in range(N_ICONS[v]):
        if S[CARAVAN + 3 * v + i] > 0:
            out[PROV_GOODS[v, i]] += mm
    tm = int(P[P_TEMPLE_MULT]) if S[TEMPLE + v] > 0 else 1
    out[TAX] += S[CITY + v] * tm


@njit(cache=True)
def circe_production(S, P, v, r, out):
    """Circe: r's legions in v produce on the icons without a caravan, added into out.
    Kept apart from province_production so her cards can be counted by source."""
    if has_hero(S, P, r, H_CIRCE) and S[INFL + v] == r + 1 and not other_units(S, r, v):
        mm = int(P[P_MARKET_MULT]) if S[MARKET + v] > 0 else 1
        leg = S[ui(r, v, 0)]
        for i in range(N_ICONS[v]):
            if leg == 0:
                break
            if S[CARAVAN + 3 * v + i] == 0:
                out[PROV_GOODS[v, i]] += mm
                leg -= 1


@njit(cache=True)
def collect_income(S, P):
    n = S[H_NP]
    out = np.zeros(N_TYPES, np.int64)
    circe = np.zeros(N_TYPES, np.int64)
    for o in range(6):
        S[RECEIVED + o] = 0
    for v in range(NP):
        r = income_receiver(S, P, v)
        if r < 0:
            continue
        out[:] = 0
        circe[:] = 0
        province_production(S, P, v, out)
        circe_production(S, P, v, r, circe)
        # per type the caravans' and cities' cards first, then Circe's (a short bank cuts hers)
        for t in range(N_TYPES):
            for k in range(out[t] + circe[t]):
                if give_card(S, r, t):
                    S[RECEIVED + r] |= 1 << t
                    S[METRICS + r * NM + M_CARDS_INCOME] += 1
                    if k >= out[t]:
                        S[METRICS + r * NM + M_CARDS_CIRCE] += 1
    for o in range(n):
        if has_hero(S, P, o, H_SOLOMON):
            if give_card_from(S, o, TAX, M_CARDS_SOLOMON):
                S[RECEIVED + o] |= 1 << TAX
                S[METRICS + o * NM + M_CARDS_INCOME] += 1


@njit(cache=True)
def hermes_can_pick(S, o):
    r = S[RECEIVED + o]
    for t in range(N_TYPES):
        if (r >> t) & 1 and S[BANK + t] > 0:
            return True
    return False


@njit(cache=True)
def bank_any(S):
    for t in range(N_TYPES):
        if S[BANK + t] > 0:
            return True
    return False


@njit(cache=True)
def isis_recipient(S, k):
    h = god_holder(S, G_ISIS)
    if k == 0:
        return h
    i = 0
    for o in range(S[H_NP]):
        if o == h:
            continue
        i += 1
        if i == k:
            return o
    return -1


@njit(cache=True)
def legal_trade_steps(S, P, st, o, out):
    """The legal actions of this chapter's decision `st` in out[:n]; -1 if st is not one of them."""
    n = 0
    np_ = S[H_NP]
    if st == ST_COLOSSUS:
        for g in range(13):
            if S[BANK + g] > 0:
                n = push(out, n, A_PICK_GOOD + g)
        return n
    if st == ST_HERMES:
        r = S[RECEIVED + o]
        for t in range(N_TYPES):
            if (r >> t) & 1 and S[BANK + t] > 0:
                n = push(out, n, A_PICK_TYPE + t)
        return n
    if st == ST_ISIS:
        for t in range(N_TYPES):
            if S[BANK + t] > 0:
                n = push(out, n, A_PICK_TYPE + t)
        return n
    if st == ST_EX_ANNOUNCE:
        xm = min(int(P[P_X_MAX]), hand_total(S, o))
        for x in range(xm + 1):
            n = push(out, n, A_ANNOUNCE_X + x)
        return n
    if st == ST_EX_ANTIGONE:
        n = push(out, n, A_ANTIGONE_IN)
        n = push(out, n, A_ANTIGONE_OUT)
        return n
    if st == ST_EX_OFFER:
        for t in range(N_TYPES):
            if S[HAND + o * N_TYPES + t] > 0:
                n = push(out, n, A_OFFER + t)
        return n
    if st == ST_EX_TAKE:
        for p in range(np_):
            if p != o:
                for t in range(N_TYPES):
                    if S[EX_DISP + p * N_TYPES + t] > 0:
                        n = push(out, n, A_TAKE + 14 * p + t)
        return n
    if st == ST_EX_GIVEBACK:
        for t in range(N_TYPES):
            if S[HAND + o * N_TYPES + t] > 0:
                n = push(out, n, A_GIVE_BACK + t)
        return n
    if st == ST_ULYSSES:
        n = push(out, n, A_PASS)
        for a in range(N_TYPES):
            if S[HAND + o * N_TYPES + a] > 0:
                for b in range(N_TYPES):
                    if b != a and S[BANK + b] > 0:
                        n = push(out, n, A_SWAP + 14 * a + b)
        return n
    return -1


@njit(cache=True)
def apply_trade_steps(S, P, st, o, a, rng):
    """Apply action a at this chapter's decision `st` (before the automatic steps run); False if
    st is not one of them."""
    n = S[H_NP]
    if st == ST_COLOSSUS:
        give_card_from(S, o, a - A_PICK_GOOD, M_CARDS_COLOSSUS)
    elif st == ST_HERMES:
        give_card_from(S, o, a - A_PICK_TYPE, M_CARDS_HERMES)
        S[H_COUNT] -= 1
    elif st == ST_ISIS:
        r = isis_recipient(S, S[H_ISIS_TO])
        give_card_from(S, r, a - A_PICK_TYPE, M_CARDS_ISIS)
        S[H_ISIS_TO] += 1
    elif st == ST_EX_ANNOUNCE:
        x = a - A_ANNOUNCE_X
        S[H_X] = x
        if x > 0:
            for p in range(6):
                S[EX_IN + p] = 1 if (p < n and hand_total(S, p) >= x) else 0
            S[H_COUNT] = 0
            S[H_PC] = PC_EX_ANTIGONE
    elif st == ST_EX_ANTIGONE:
        if a == A_ANTIGONE_OUT:
            S[EX_IN + o] = 0
        S[H_COUNT] += 1
    elif st == ST_EX_OFFER:
        t = a - A_OFFER
        S[HAND + o * N_TYPES + t] -= 1
        S[EX_DISP + o * N_TYPES + t] += 1
        S[H_OFFER_LEFT] -= 1
        if S[H_OFFER_LEFT] == 0:
            S[H_OFFER_IDX] += 1
            S[H_OFFER_LEFT] = S[H_X]
    elif st == ST_EX_TAKE:
        k = a - A_TAKE
        p = k // 14
        t = k % 14
        S[EX_DISP + p * N_TYPES + t] -= 1
        S[HAND + o * N_TYPES + t] += 1
        S[METRICS + o * NM + M_CARDS_EXCHANGE] += 1
        S[METRICS + o * NM + M_CARDS_RECEIVED] += 1
        S[H_CHOOSER] = p
    elif st == ST_EX_GIVEBACK:
        t = a - A_GIVE_BACK
        c = S[H_CHOOSER]
        S[HAND + o * N_TYPES + t] -= 1
        S[HAND + c * N_TYPES + t] += 1
        S[METRICS + c * NM + M_CARDS_GIVEBACK] += 1
        S[METRICS + c * NM + M_CARDS_RECEIVED] += 1
    elif st == ST_ULYSSES:
        if a != A_PASS:
            k = a - A_SWAP
            t_out = k // 14
            t_in = k % 14
            S[HAND + o * N_TYPES + t_out] -= 1
            S[BANK + t_out] += 1
            give_card_from(S, o, t_in, M_CARDS_ULYSSES)
    else:
        return False
    return True


@njit(cache=True)
def step_income(S, P, rng):
    """The automatic step PC_INCOME of the round (advance)."""
    collect_income(S, P)
    S[H_PC] = PC_COLOSSUS
    S[H_COUNT] = 0


@njit(cache=True)
def step_colossus(S, P, rng):
    """The automatic step PC_COLOSSUS of the round (advance)."""
    S[H_PC] = PC_HERMES_INIT
    o = S[WONDER + W_COLOSSUS] - 1
    if o >= 0 and has_wonder(S, P, o, W_COLOSSUS):
        for g in range(13):
            if S[BANK + g] > 0:
                set_decision(S, ST_COLOSSUS, o)
                break


@njit(cache=True)
def step_hermes_init(S, P, rng):
    """The automatic step PC_HERMES_INIT of the round (advance)."""
    S[H_COUNT] = int(P[P_HERMES_CARDS]) if god_power(P, G_HERMES, god_holder(S, G_HERMES)) else 0
    S[H_PC] = PC_HERMES


@njit(cache=True)
def step_hermes(S, P, rng):
    """The automatic step PC_HERMES of the round (advance)."""
    h = god_holder(S, G_HERMES)
    if h >= 0 and S[H_COUNT] > 0 and hermes_can_pick(S, h):
        set_decision(S, ST_HERMES, h)
    else:
        if h >= 0:
            S[GOD + G_HERMES] = -1
        S[H_PC] = PC_ISIS_INIT


@njit(cache=True)
def step_isis_init(S, P, rng):
    """The automatic step PC_ISIS_INIT of the round (advance)."""
    n = S[H_NP]
    S[H_COUNT] = n
    S[H_ISIS_TO] = 0
    S[H_PC] = PC_ISIS


@njit(cache=True)
def step_isis(S, P, rng):
    """The automatic step PC_ISIS of the round (advance)."""
    n = S[H_NP]
    h = god_holder(S, G_ISIS)
    if h >= 0 and S[H_ISIS_TO] < n and bank_any(S) and god_power(P, G_ISIS, h):
        set_decision(S, ST_ISIS, h)
    else:
        if h >= 0:
            S[GOD + G_ISIS] = -1
        S[H_PC] = PC_EX_INIT


@njit(cache=True)
def step_ex_init(S, P, rng):
    """The automatic step PC_EX_INIT of the round (advance)."""
    S[H_X] = 0
    S[H_ULY_K] = 0
    t = S[ROLE + R_TRADER]
    S[H_PC] = PC_ULYSSES
    if t >= 0 and P[P_X_MAX] > 0 and hand_total(S, t) > 0:
        set_decision(S, ST_EX_ANNOUNCE, t)


@njit(cache=True)
def step_ex_antigone(S, P, rng):
    """The automatic step PC_EX_ANTIGONE of the round (advance)."""
    n = S[H_NP]
    k = S[H_COUNT]
    t = S[ROLE + R_TRADER]
    found = False
    while k < n:
        if S[EX_IN + k] == 1 and k != t and has_hero(S, P, k, H_ANTIGONE):
            found = True
            break
        k += 1
    S[H_COUNT] = k
    if found:
        set_decision(S, ST_EX_ANTIGONE, k)
    else:
        npart = 0
        for o in range(n):
            npart += S[EX_IN + o]
        if npart < 2:
            S[H_PC] = PC_ULYSSES
        else:
            S[H_PC] = PC_EX_OFFER
            S[H_OFFER_IDX] = 1
            S[H_OFFER_LEFT] = S[H_X]


@njit(cache=True)
def step_ex_offer(S, P, rng):
    """The automatic step PC_EX_OFFER of the round (advance)."""
    n = S[H_NP]
    t = S[ROLE + R_TRADER]
    k = S[H_OFFER_IDX]
    while k <= n and S[EX_IN + (t + k) % n] == 0:
        k += 1
    S[H_OFFER_IDX] = k
    if k <= n:
        set_decision(S, ST_EX_OFFER, (t + k) % n)
    else:
        S[H_PC] = PC_EX_TAKE
        S[H_CHOOSER] = t


@njit(cache=True)
def step_ex_take(S, P, rng):
    """The automatic step PC_EX_TAKE of the round (advance)."""
    n = S[H_NP]
    c = S[H_CHOOSER]
    t = S[ROLE + R_TRADER]
    other = False
    for p in range(n):
        if p != c:
            for k in range(N_TYPES):
                if S[EX_DISP + p * N_TYPES + k] > 0:
                    other = True
    if other:
        set_decision(S, ST_EX_TAKE, c)
    else:
        for k in range(N_TYPES):
            S[HAND + c * N_TYPES + k] += S[EX_DISP + c * N_TYPES + k]
            S[EX_DISP + c * N_TYPES + k] = 0
        S[H_PC] = PC_ULYSSES
        if c != t and hand_total(S, t) > 0:
            set_decision(S, ST_EX_GIVEBACK, t)


@njit(cache=True)
def step_ulysses(S, P, rng):
    """The automatic step PC_ULYSSES of the round (advance)."""
    n = S[H_NP]
    k = S[H_ULY_K]
    while k < n and not (has_hero(S, P, k, H_ULYSSES) and hand_total(S, k) > 0):
        k += 1
    S[H_ULY_K] = k + 1
    if k < n:
        set_decision(S, ST_ULYSSES, k)
    else:
        S[H_PC] = PC_OFF_INIT
