"""Mare Nostrum: Mythology rules as a compiled state machine.

`advance` runs the automatic parts of a round (roles, income, Hermes, ...) until a player
must decide; `legal_actions(S, P, out)` lists the integer ids of that decision (rules spec
§4.8 layout) and `apply_action(S, P, a, rng)` plays one. `rng` is the game's CHANCE stream
(dice, random ties); players never draw from it.
"""
import numpy as np
from numba import njit

from sim.rng import below, roll_d6
from .board import (NP, NS, NL, N_TYPES, TAX, PROV_GOODS, N_ICONS, CITY_SITES, PROV_ISLAND,
                    PROV_EDGE, PROV_ACTIVE, SEA_ACTIVE, COASTAL, CAPITAL, LAND_NB, LAND_NBN,
                    MOSES_NB, MOSES_NBN, PS_NB, PS_NBN, SP_NB, SP_NBN, SS_NB, SS_NBN, LOC_NB,
                    LOC_NBN, CIV_CARTHAGE, CIV_GREECE, CIV_ROME, CIV_BABYLON, CIV_EGYPT,
                    CIV_ATLANTIS, PROV_CAPITAL, SETUP_CHOICE_CIV, SETUP_CHOICE_PROV,
                    SETUP_CHOICE_GOODS, HOME, PRESET, PRESET_FLEET_SEA, PRESET_ROLE_CIV, RARE)
from sim.rng import shuffle
from .state import *  # noqa: F401,F403  (offsets and step ids)
from .params import *  # noqa: F401,F403  (P_* indices)

from sim.layout import note, clear_state
from .actions import *  # noqa: F401,F403  (A_* action ids, MAX_LEGAL, N_ACTIONS: §4.8, declared once)
from .actions import EV_CIVS, EV_ROLES, EV_BATTLE, EV_DIE, EV_TOTALS, EV_LOSSES, EV_KILLED

# heroes, wonders, gods
H_NEBU, H_HELEN, H_AGAMEMNON, H_ARCHIMEDES, H_SOLOMON, H_ULYSSES, H_ADONIS, H_AENEAS, \
    H_ACHILLES, H_AJAX, H_ANTIGONE, H_ARIADNE, H_GILGAMESH, H_HAMILCAR, H_HERCULES, H_IMHOTEP, \
    H_JASON, H_CASTOR, H_CIRCE, H_SHEBA, H_CROESUS, H_MEDUSA, H_MIDAS, H_MINOS, H_MOSES, \
    H_PENTHESILEA, H_SPARTACUS = range(27)
CH_CAESAR, CH_PERICLES, CH_HANNIBAL, CH_HAMMURABI, CH_CLEOPATRA, CH_ATLAS = range(27, 33)
W_COLOSSUS, W_ARTEMIS, W_GARDENS, W_ZEUS, W_LIGHTHOUSE, W_MAUSOLEUM, W_PYRAMIDS = range(7)
G_ATHENA, G_BAAL, G_HERMES, G_ISIS, G_ISHTAR, G_MARS, G_POSEIDON, G_VULCAN = range(8)
R_TRADER, R_STATESMAN, R_MILITARY, R_PRIEST = range(4)
VP_HW, VP_PYRAMIDS, VP_ROLES, VP_UNFINISHED = range(4)

# program counter of the round
(PC_ROLES, PC_INCOME, PC_COLOSSUS, PC_HERMES_INIT, PC_HERMES, PC_ISIS_INIT, PC_ISIS, PC_EX_INIT,
 PC_EX_ANTIGONE, PC_EX_OFFER, PC_EX_TAKE, PC_ULYSSES, PC_OFF_INIT, PC_OFF_PICK, PC_OFF_TURN,
 PC_ADONIS, PC_BUILD_INIT, PC_BUILD_PICK, PC_BUILD_TURN, PC_KEEP, PC_STRAT_INIT, PC_STRAT_PICK,
 PC_STRAT_TURN, PC_PILLAGE, PC_END, PC_SETUP, PC_POINTS) = range(27)
# battle stages
BS_NONE, BS_MEDUSA, BS_PRE, BS_MARS_A, BS_MARS_D, BS_LOSS, BS_CAS_A, BS_CAS_D, BS_END, BS_MIDAS_A, \
    BS_MIDAS_D, BS_HERC_A, BS_HERC_D, BS_ROLL_A, BS_ROLL_D, BS_AJAX_A, BS_AJAX_D, BS_TOTAL, BS_SETUP = range(19)
# purchase kinds (Croesus / Minos types 0..8)
K_CARAVAN, K_CITY, K_MARKET, K_TEMPLE, K_LEGION, K_FORTRESS, K_TRIREME, K_CREATURE, K_WONDER, \
    K_INFLUENCE, K_HERO, K_PYRAMIDS = range(12)


# ---------------------------------------------------------------- small accessors
@njit(cache=True)
def ui(o, l, u):
    return UNITS + (o * NL + l) * 4 + u


@njit(cache=True)
def mil(S, o, l):
    b = UNITS + (o * NL + l) * 4
    return S[b] + S[b + 1] + S[b + 2] + S[b + 3]


@njit(cache=True)
def myth(S):
    return S[H_MYTH]


@njit(cache=True)
def civ(S, o):
    return S[CIV_OF + o]


@njit(cache=True)
def is_player(S, o):
    return o >= 0 and o < S[H_NP]


@njit(cache=True)
def has_hero(S, P, o, h):
    """Owner o holds the power of general hero h (own card or Castor & Pollux copy)."""
    if o < 0 or o >= S[H_NP]:
        return False
    if h >= 1 and h <= 5 and P[P_BASE_CARDS_PLACEHOLDER] == 0:
        return False
    return S[HERO + h] == o + 1 or S[COPY + o] == h + 1


@njit(cache=True)
def has_civ_hero(S, o, h):
    return o >= 0 and o < S[H_NP] and S[HERO + h] == o + 1


@njit(cache=True)
def has_wonder(S, P, o, w):
    if o < 0 or o >= S[H_NP] or S[WONDER + w] != o + 1:
        return False
    return w == W_PYRAMIDS or P[P_BASE_CARDS_PLACEHOLDER] != 0


@njit(cache=True)
def hand_total(S, o):
    t = 0
    for k in range(N_TYPES):
        t += S[HAND + o * N_TYPES + k]
    return t


@njit(cache=True)
def other_units(S, o, l):
    """Another owner has military units in l."""
    for q in range(6):
        if q != o and mil(S, q, l) > 0:
            return True
    return False


@njit(cache=True)
def n_owners_present(S, l):
    n = 0
    for q in range(6):
        if mil(S, q, l) > 0:
            n += 1
    return n


@njit(cache=True)
def alone_foreign(S, o, v):
    """o's units alone in province v, which carries another owner's marker."""
    if mil(S, o, v) == 0:
        return False
    c = S[INFL + v] - 1
    if c < 0 or c == o:
        return False
    return not other_units(S, o, v)


@njit(cache=True)
def buildable(S, o, v, this_round):
    if S[INFL + v] != o + 1:
        return False
    if S[SINCE + v] >= S[H_ROUND] and not this_round:
        return False
    if other_units(S, o, v):
        return CAPITAL[civ(S, o)] == v
    return True


@njit(cache=True)
def stock(S, P, o, u):
    used = 0
    for l in range(NL):
        used += S[ui(o, l, u)]
    if u == 0:
        return int(P[P_CAP_LEGION]) - used
    if u == 1:
        return int(P[P_CAP_CREATURE]) - used - S[PHOENIX_CARD + o] - S[KRAKEN_DIVED + o]
    if u == 2:
        return int(P[P_CAP_FORTRESS]) - used
    return int(P[P_CAP_TRIREME]) - used


@njit(cache=True)
def influence_stock(S, P, o):
    n = 0
    for v in range(NP):
        if S[INFL + v] == o + 1:
            n += 1
    return int(P[P_CAP_INFLUENCE]) - n


@njit(cache=True)
def provinces_of(S, o):
    n = 0
    for v in range(NP):
        if S[INFL + v] == o + 1:
            n += 1
    return n


@njit(cache=True)
def hw_count(S, P, o):
    n = 0
    for h in range(27):
        if S[HERO + h] == o + 1:
            n += 1
    if P[P_CIV_HERO_COUNTS] != 0:
        for h in range(27, 33):
            if S[HERO + h] == o + 1:
                n += 1
    for w in range(7):
        if S[WONDER + w] == o + 1:
            n += 1
    return n


@njit(cache=True)
def roll(S, rng):
    p = S[H_FORCED_POS]
    if p < S[H_FORCED_N]:
        S[H_FORCED_POS] = p + 1
        return S[FORCED + p]
    return roll_d6(rng)


@njit(cache=True)
def used_get(S, o, k):
    return S[USED + o * NU + k]


@njit(cache=True)
def used_add(S, o, k, d):
    S[USED + o * NU + k] += d


@njit(cache=True)
def give_card(S, o, t):
    """One card of type t from the bank to o (lost if the bank lacks it). Returns 1 if given.
    Counted in cards_received here; the caller counts it under its source."""
    if S[BANK + t] > 0:
        S[BANK + t] -= 1
        S[HAND + o * N_TYPES + t] += 1
        S[METRICS + o * NM + M_CARDS_RECEIVED] += 1
        return 1
    return 0


@njit(cache=True)
def give_card_from(S, o, t, source):
    """give_card counted under `source` (an M_CARDS_* metric): cards by source, §11."""
    if give_card(S, o, t):
        S[METRICS + o * NM + source] += 1
        return 1
    return 0


# ---------------------------------------------------------------- payment (§4.5.2)
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
def pay(S, P, o, n):
    """Canonical auto-pay of an n-card combination (caller checked it is payable)."""
    base = HAND + o * N_TYPES
    d = 0
    for g in range(13):
        if S[base + g] > 0:
            d += 1
    wild = P[P_TAX_WILD] != 0
    n_goods = n if d >= n else (d if wild else 0)
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


# ---------------------------------------------------------------- prices and discounts (§4.5.3)
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
    if (kind == K_LEGION or kind == K_FORTRESS) and c == CIV_ROME and has_civ_hero(S, o, CH_CAESAR):
        unl = min(unl, disc)
    if kind == K_TRIREME and c == CIV_GREECE and has_civ_hero(S, o, CH_PERICLES):
        unl = min(unl, disc)
    if kind == K_TRIREME and c == CIV_ATLANTIS and has_civ_hero(S, o, CH_ATLAS):
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


# ---------------------------------------------------------------- set-up
@njit(cache=True)
def end_game(S, winner, path):
    S[H_OVER] = 1
    S[H_WINNER] = winner
    S[H_VPATH] = path
    S[H_STEP] = ST_OVER
    S[H_DECIDER] = -1


@njit(cache=True)
def check_hw_victory(S, P, o, pyramids):
    if pyramids:
        end_game(S, o, VP_PYRAMIDS)
        return True
    if hw_count(S, P, o) >= int(P[P_WIN_HW]) + int(P[P_ADVANCED]):
        end_game(S, o, VP_HW)
        return True
    return False


# ---------------------------------------------------------------- roles (§4.2)
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
        if S[GOD + G_ATHENA] == o + 1:
            for r in range(4):
                cnt[r, o] += int(P[P_ATHENA_BONUS])
        if has_hero(S, P, o, H_MOSES):
            cnt[R_PRIEST, o] += int(P[P_MOSES_BONUS])


@njit(cache=True)
def count_athena_roles(S, P, cnt, a, nroles):
    """Athena in role races (§11.4): a role that seat a now holds counts when, without Athena's
    bonus, a's count would trail another player's (a tie without it is not counted: the holder
    keeps a tied role and a draw is a draw)."""
    bonus = int(P[P_ATHENA_BONUS])
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


# ---------------------------------------------------------------- income (§4.3.1)
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


# ---------------------------------------------------------------- reachability helpers
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


# ---------------------------------------------------------------- order picking
@njit(cache=True)
def remaining_players(S):
    n = 0
    last = -1
    for o in range(S[H_NP]):
        if S[TURN_DONE + o] == 0:
            n += 1
            last = o
    return n, last


@njit(cache=True)
def god_holder(S, j):
    return S[GOD + j] - 1 if S[GOD + j] > 0 else -1


# ---------------------------------------------------------------- the round machine
@njit(cache=True)
def start_build_turn(S, o):
    S[H_ACTOR] = o
    S[INFL_TURN:INFL_TURN + NP] = 0
    S[H_NTURNS] += 1


@njit(cache=True)
def start_strategy_turn(S, P, o):
    S[H_ACTOR] = o
    S[SPENT:SPENT + NL * 4] = 0
    S[FOUGHT:FOUGHT + NL * 4] = 0
    S[ATTACKED:ATTACKED + NL] = 0
    S[OWED:OWED + NL] = 0
    S[HALF:HALF + NS] = 0
    for v in range(NP):
        if alone_foreign(S, o, v):
            if S[OCC_OWN + v] == o + 1:
                S[OCC_CNT + v] += 1
            else:
                S[OCC_OWN + v] = o + 1
                S[OCC_CNT + v] = 1
        elif S[OCC_OWN + v] == o + 1:
            S[OCC_OWN + v] = 0
            S[OCC_CNT + v] = 0


@njit(cache=True)
def set_decision(S, step, who):
    S[H_STEP] = step
    S[H_DECIDER] = who


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
def can_offer(S, P, o):
    if pay_capacity(S, P, o) < int(P[P_COST_OFFERING]):
        return False
    for j in range(8):
        if S[GOD + j] == 0:
            return True
    return False


@njit(cache=True)
def adonis_owner(S, P, stage):
    """stage 0: the Adonis card's owner, 1: a copier."""
    n = S[H_NP]
    if stage == 0:
        o = S[HERO + H_ADONIS] - 1
        return o if o >= 0 and o < n else -1
    for o in range(n):
        if S[COPY + o] == H_ADONIS + 1:
            return o
    return -1


@njit(cache=True)
def pillage_target(S, o, v):
    return alone_foreign(S, o, v)


@njit(cache=True)
def advance(S, P, rng):
    """Run automatic steps until a decision is pending or the game is over."""
    while S[H_OVER] == 0 and S[H_STEP] < 0:
        pc = S[H_PC]
        n = S[H_NP]
        if pc == PC_ROLES:
            if S[H_ROUND] > int(P[P_MAX_ROUNDS]):
                end_game(S, -1, VP_UNFINISHED)
                S[H_ROUND] = int(P[P_MAX_ROUNDS])
                return
            determine_roles(S, P, rng)
            S[H_PC] = PC_INCOME
        elif pc == PC_INCOME:
            collect_income(S, P)
            S[H_PC] = PC_COLOSSUS
            S[H_COUNT] = 0
        elif pc == PC_COLOSSUS:
            S[H_PC] = PC_HERMES_INIT
            o = S[WONDER + W_COLOSSUS] - 1
            if o >= 0 and has_wonder(S, P, o, W_COLOSSUS):
                for g in range(13):
                    if S[BANK + g] > 0:
                        set_decision(S, ST_COLOSSUS, o)
                        break
        elif pc == PC_HERMES_INIT:
            S[H_COUNT] = int(P[P_HERMES_CARDS])
            S[H_PC] = PC_HERMES
        elif pc == PC_HERMES:
            h = god_holder(S, G_HERMES)
            if h >= 0 and S[H_COUNT] > 0 and hermes_can_pick(S, h):
                set_decision(S, ST_HERMES, h)
            else:
                if h >= 0:
                    S[GOD + G_HERMES] = -1
                S[H_PC] = PC_ISIS_INIT
        elif pc == PC_ISIS_INIT:
            S[H_COUNT] = n
            S[H_ISIS_TO] = 0
            S[H_PC] = PC_ISIS
        elif pc == PC_ISIS:
            h = god_holder(S, G_ISIS)
            if h >= 0 and S[H_ISIS_TO] < n and bank_any(S):
                set_decision(S, ST_ISIS, h)
            else:
                if h >= 0:
                    S[GOD + G_ISIS] = -1
                S[H_PC] = PC_EX_INIT
        elif pc == PC_EX_INIT:
            S[H_X] = 0
            S[H_ULY_K] = 0
            t = S[ROLE + R_TRADER]
            S[H_PC] = PC_ULYSSES
            if t >= 0 and P[P_X_MAX] > 0 and hand_total(S, t) > 0:
                set_decision(S, ST_EX_ANNOUNCE, t)
        elif pc == PC_EX_ANTIGONE:
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
        elif pc == PC_EX_OFFER:
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
        elif pc == PC_EX_TAKE:
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
        elif pc == PC_ULYSSES:
            k = S[H_ULY_K]
            while k < n and not (has_hero(S, P, k, H_ULYSSES) and hand_total(S, k) > 0):
                k += 1
            S[H_ULY_K] = k + 1
            if k < n:
                set_decision(S, ST_ULYSSES, k)
            else:
                S[H_PC] = PC_OFF_INIT
        elif pc == PC_POINTS:
            if S[H_PSTEP] >= points_steps(S, P):
                S[H_PC] = PC_ROLES
            elif S[H_PSEAT] >= n:
                S[H_PSTEP] += 1
                S[H_PSEAT] = 0
                S[H_BUDGET] = points_total(S, P) // points_steps(S, P)
            else:
                set_decision(S, ST_POINTS, S[H_PSEAT])
        elif pc == PC_SETUP:
            k = S[H_SETUP_K]
            while k < 2 and S[OWNER_OF_CIV + SETUP_CHOICE_CIV[k]] >= n:
                k += 1
            S[H_SETUP_K] = k
            if k < 2:
                set_decision(S, ST_SETUP_CARAVAN, S[OWNER_OF_CIV + SETUP_CHOICE_CIV[k]])
            else:
                S[H_PC] = PC_ROLES
        elif pc == PC_OFF_INIT:
            if not myth(S):
                S[H_PC] = PC_BUILD_INIT
                continue
            for j in range(8):
                S[GOD + j] = 0
            for o in range(6):
                S[TURN_DONE + o] = 0
            S[H_PC] = PC_OFF_PICK
        elif pc == PC_OFF_PICK:
            nr, last = remaining_players(S)
            if nr == 0:
                S[H_PC] = PC_ADONIS
                S[H_COUNT] = 0
            elif nr == 1:
                S[H_ACTOR] = last
                S[H_PC] = PC_OFF_TURN
            else:
                set_decision(S, ST_OFF_PICK, S[ROLE + R_PRIEST])
        elif pc == PC_OFF_TURN:
            o = S[H_ACTOR]
            if S[TURN_DONE + o] == 0 and can_offer(S, P, o):
                S[TURN_DONE + o] = 1
                set_decision(S, ST_OFFER, o)
            else:
                S[TURN_DONE + o] = 1
                S[H_PC] = PC_OFF_PICK
        elif pc == PC_ADONIS:
            st = S[H_COUNT]
            if st >= 2:
                S[H_PC] = PC_BUILD_INIT
                continue
            S[H_COUNT] = st + 1
            o = adonis_owner(S, P, st)
            if o >= 0:
                for j in range(8):
                    if S[GOD + j] == 0:
                        set_decision(S, ST_ADONIS, o)
                        break
        elif pc == PC_BUILD_INIT:
            for o in range(6):
                S[TURN_DONE + o] = 0
            S[H_PC] = PC_BUILD_PICK
        elif pc == PC_BUILD_PICK:
            nr, last = remaining_players(S)
            if nr == 0:
                S[H_PC] = PC_KEEP
                S[H_COUNT] = 0
            elif nr == 1:
                start_build_turn(S, last)
                S[H_PC] = PC_BUILD_TURN
            else:
                set_decision(S, ST_BUILD_PICK, S[ROLE + R_STATESMAN])
        elif pc == PC_BUILD_TURN:
            if S[H_TWO] >= 0:
                set_decision(S, ST_JASON2, S[H_ACTOR])
            else:
                set_decision(S, ST_BUILD, S[H_ACTOR])
        elif pc == PC_KEEP:
            # Hanging Gardens: its owner keeps up to 2 more cards (D45)
            o = S[WONDER + W_GARDENS] - 1
            if o >= 0 and has_wonder(S, P, o, W_GARDENS) and S[H_COUNT] < 2 and keep_any(S, P, o):
                set_decision(S, ST_KEEP, o)
            else:
                end_of_build(S, P)
                S[H_PC] = PC_STRAT_INIT
        elif pc == PC_STRAT_INIT:
            for o in range(6):
                S[TURN_DONE + o] = 0
            S[H_PC] = PC_STRAT_PICK
        elif pc == PC_STRAT_PICK:
            nr, last = remaining_players(S)
            if nr == 0:
                S[H_PC] = PC_END
            elif nr == 1:
                start_strategy_turn(S, P, last)
                S[H_PC] = PC_STRAT_TURN
            else:
                set_decision(S, ST_STRAT_PICK, S[ROLE + R_MILITARY])
        elif pc == PC_STRAT_TURN:
            if S[H_PM_KIND] > 0:
                finish_pending_move(S, P, rng)
            elif S[H_B_STAGE] != BS_NONE:
                battle_step(S, P, rng)
            elif S[H_TWO] >= 0:
                set_decision(S, ST_TITAN2, S[H_ACTOR])
            else:
                set_decision(S, ST_STRAT, S[H_ACTOR])
        elif pc == PC_PILLAGE:
            o = S[H_ACTOR]
            v = S[H_PILL_V]
            while v < NP and not pillage_target(S, o, v):
                v += 1
            S[H_PILL_V] = v
            if v >= NP:
                S[TURN_DONE + o] = 1
                S[H_PC] = PC_STRAT_PICK
            else:
                set_decision(S, ST_PILLAGE, o)
        elif pc == PC_END:
            end_of_round(S, P)
            S[H_PC] = PC_ROLES
        else:
            raise ValueError("bad program counter")


@njit(cache=True)
def keep_any(S, P, o):
    keep = int(P[P_TAX_KEEP])
    b = HAND + o * N_TYPES
    for t in range(13):
        if S[b + t] > 0:
            return True
    return S[b + TAX] > keep


# ---------------------------------------------------------------- combat (§4.6)
@njit(cache=True)
def behemoth_in(S, o, l):
    return civ(S, o) == CIV_CARTHAGE and S[ui(o, l, 1)] > 0


@njit(cache=True)
def side_setup(S, P, side, o, opp, l, land, attacker, ranged_n):
    """Prepare the dice of owner o's units in l against opp (§4.6.2): the fixed part
    (automatic values, side bonuses) and the dice still to roll."""
    fixed = 0
    legs = 0
    autos = 0
    bonus = 0
    c = civ(S, o)
    if ranged_n > 0:
        if attacker:
            autos = ranged_n            # titans always roll
    elif land:
        forced_roll = behemoth_in(S, opp, l)
        av = int(P[P_AUTO_VALUE])
        if c == CIV_CARTHAGE and has_civ_hero(S, o, CH_HANNIBAL):
            bonus += int(P[P_HANNIBAL_BONUS])
        if attacker and has_hero(S, P, o, H_AGAMEMNON):
            bonus += 1
        if (not attacker) and has_hero(S, P, o, H_HELEN):
            bonus += 1
        nherc = S[B_HERC + side]
        legs = S[ui(o, l, 0)] - nherc
        nauto = S[ui(o, l, 1)] + S[ui(o, l, 2)] + nherc
        if attacker:
            nauto -= min(S[FOUGHT + l * 4 + 1], S[ui(o, l, 1)])   # titans that fired stay out
        if forced_roll:
            autos = nauto
        else:
            fixed += av * nauto
        if has_hero(S, P, o, H_ARCHIMEDES):
            fixed += 2 * S[ui(o, l, 2)]
        if has_hero(S, P, o, H_ARIADNE) and S[INFL + l] == o + 1:
            b = S[CITY + l]
            for i in range(3):
                b += S[CARAVAN + 3 * l + i]
            fixed += int(P[P_ARIADNE_SMALL]) * b
            fixed += int(P[P_ARIADNE_BIG]) * (S[TEMPLE + l] + S[MARKET + l])
    else:
        if c == CIV_GREECE and has_civ_hero(S, o, CH_PERICLES):
            bonus = int(P[P_PERICLES_DIE_BONUS])
        legs = S[ui(o, l, 3)]
        fixed += int(P[P_AUTO_VALUE]) * S[ui(o, l, 1)]
    S[B_FIXED + side] = fixed
    S[B_LEGLEFT + side] = legs
    S[B_AUTOLEFT + side] = autos
    S[B_LEGBONUS + side] = bonus
    S[B_NDICE + side] = 0


@njit(cache=True)
def hamilcar_applies(S, P, o, land):
    return land and has_hero(S, P, o, H_HAMILCAR)


@njit(cache=True)
def roll_next(S, P, side, take4, rng):
    """Resolve the next die of a side: Hamilcar's automatic value or a roll."""
    if S[B_LEGLEFT + side] > 0:
        S[B_LEGLEFT + side] -= 1
        S[B_FIXED + side] += S[B_LEGBONUS + side]
    else:
        S[B_AUTOLEFT + side] -= 1
    if take4:
        S[B_FIXED + side] += int(P[P_HAMILCAR_VALUE])
    else:
        k = S[B_NDICE + side]
        S[B_DICE + side * 40 + k] = roll(S, rng)
        S[B_NDICE + side] = k + 1
        note(S, EV_DIE, S[H_B_ATT] if side == 0 else S[H_B_DEF], S[B_DICE + side * 40 + k], side)


@njit(cache=True)
def side_sum(S, side):
    t = S[B_FIXED + side]
    for k in range(S[B_NDICE + side]):
        t += S[B_DICE + side * 40 + k]
    return t


@njit(cache=True)
def battle_units(S, o, l, land):
    if land:
        return S[ui(o, l, 0)] + S[ui(o, l, 1)] + S[ui(o, l, 2)]
    return S[ui(o, l, 1)] + S[ui(o, l, 3)]


@njit(cache=True)
def losses_from(S, P, total, victim, land):
    d = int(P[P_HIT_DIVISOR])
    if land and has_hero(S, P, victim, H_PENTHESILEA):
        d = int(P[P_PENTHESILEA_DIVISOR])
    return total // d


@njit(cache=True)
def kill_unit(S, P, o, l, u):
    S[ui(o, l, u)] -= 1
    note(S, EV_KILLED, o, l, u)
    if u == 1:
        if civ(S, o) == CIV_EGYPT and o < S[H_NP]:
            S[PHOENIX_CARD + o] += 1
        if o < S[H_NP]:
            S[METRICS + o * NM + M_CREAT_LOST] += 1
    if o < S[H_NP]:
        S[METRICS + o * NM + M_LOST_UNITS] += 1
        S[METRICS + o * NM + M_UNIT_LOST + u] += 1


@njit(cache=True)
def casualty_choice_needed(S, o, l, land, k):
    """True if o must choose among several unit types for k losses."""
    if o >= S[H_NP] or k <= 0:
        return False
    if k >= battle_units(S, o, l, land):
        return False
    types = 0
    if land:
        for u in range(3):
            if S[ui(o, l, u)] > 0:
                types += 1
    else:
        if S[ui(o, l, 1)] > 0:
            types += 1
        if S[ui(o, l, 3)] > 0:
            types += 1
    return types > 1


@njit(cache=True)
def auto_casualties(S, P, o, l, land, k):
    """Forced or neutral casualties: legions, fortresses, creatures (land); triremes, krakens."""
    while k > 0:
        if land:
            if S[ui(o, l, 0)] > 0:
                kill_unit(S, P, o, l, 0)
            elif S[ui(o, l, 2)] > 0:
                kill_unit(S, P, o, l, 2)
            elif S[ui(o, l, 1)] > 0:
                kill_unit(S, P, o, l, 1)
            else:
                break
        else:
            if S[ui(o, l, 3)] > 0:
                kill_unit(S, P, o, l, 3)
            elif S[ui(o, l, 1)] > 0:
                kill_unit(S, P, o, l, 1)
            else:
                break
        k -= 1


@njit(cache=True)
def start_battle(S, P, l, att, dfd, ranged_n, rng):
    S[H_B_LOC] = l
    S[H_B_ATT] = att
    S[H_B_DEF] = dfd
    S[H_B_LAND] = 1 if l < NP else 0
    S[H_B_RANGED] = ranged_n
    S[H_B_MARS] = 0
    S[H_B_TA] = 0
    S[H_B_TD] = 0
    S[H_B_LA] = 0
    S[H_B_LD] = 0
    note(S, EV_BATTLE, l, att, dfd)
    if has_hero(S, P, dfd, H_MEDUSA) and used_get(S, dfd, U_MEDUSA) == 0:
        S[H_B_STAGE] = BS_MEDUSA
        set_decision(S, ST_MEDUSA, dfd)
    else:
        S[H_B_STAGE] = BS_HERC_A
        count_battle(S)
    S[B_HERC] = 0
    S[B_HERC + 1] = 0


@njit(cache=True)
def count_battle(S):
    """Battles fought and ranged attacks (§11), counted once Medusa has let the battle go on:
    a battle she cancels is not fought."""
    att = S[H_B_ATT]
    dfd = S[H_B_DEF]
    if att < S[H_NP]:
        S[METRICS + att * NM + M_BATTLES] += 1
        if S[H_B_RANGED] > 0:
            S[METRICS + att * NM + M_RANGED] += 1
    if dfd < S[H_NP]:
        S[METRICS + dfd * NM + M_BATTLES] += 1


@njit(cache=True)
def midas_ok(S, P, o, opp, l):
    return has_hero(S, P, o, H_MIDAS) and S[HAND + o * N_TYPES + TAX] >= 2 and \
        stock(S, P, o, 0) > 0 and S[ui(opp, l, 0)] > 0


@njit(cache=True)
def mark_fought(S, o, l):
    for u in range(4):
        S[FOUGHT + l * 4 + u] = S[ui(o, l, u)]
        S[SPENT + l * 4 + u] = S[ui(o, l, u)]
    if l >= NP:
        S[HALF + l - NP] = 0


@njit(cache=True)
def battle_step(S, P, rng):
    """Advance the pending battle by automatic stages until a decision or its end."""
    l = S[H_B_LOC]
    a = S[H_B_ATT]
    d = S[H_B_DEF]
    land = S[H_B_LAND] == 1
    st = S[H_B_STAGE]
    if st == BS_MIDAS_A or st == BS_MIDAS_D:
        who = a if st == BS_MIDAS_A else d
        opp = d if st == BS_MIDAS_A else a
        S[H_B_STAGE] = BS_MIDAS_D if st == BS_MIDAS_A else BS_PRE
        if land and S[H_B_RANGED] == 0 and midas_ok(S, P, who, opp, l) and \
                S[ui(opp, l, 0)] - S[B_HERC + (1 if st == BS_MIDAS_A else 0)] > 0:
            set_decision(S, ST_MIDAS, who)
        return
    if st == BS_PRE:
        rn = S[H_B_RANGED]
        if rn == 0:
            if land:
                # Centaurs: each kills one enemy legion before dice (simultaneous)
                ka = 0
                kd = 0
                if civ(S, a) == CIV_GREECE:
                    ka = min(S[ui(a, l, 1)], S[ui(d, l, 0)] - S[B_HERC + 1])
                if civ(S, d) == CIV_GREECE:
                    kd = min(S[ui(d, l, 1)], S[ui(a, l, 0)] - S[B_HERC])
                for k in range(ka):
                    kill_unit(S, P, d, l, 0)
                for k in range(kd):
                    kill_unit(S, P, a, l, 0)
        S[H_B_STAGE] = BS_SETUP
        return
    if st == BS_HERC_A or st == BS_HERC_D:
        side = 0 if st == BS_HERC_A else 1
        who = a if side == 0 else d
        S[H_B_STAGE] = BS_HERC_D if side == 0 else BS_MIDAS_A
        if land and S[H_B_RANGED] == 0 and has_hero(S, P, who, H_HERCULES) and \
                used_get(S, who, U_HERCULES) == 0 and S[ui(who, l, 0)] > 0:
            set_decision(S, ST_HERCULES, who)
        return
    if st == BS_SETUP:
        rn = S[H_B_RANGED]
        side_setup(S, P, 0, a, d, l, land, True, rn)
        side_setup(S, P, 1, d, a, l, land, False, rn)
        S[H_B_STAGE] = BS_ROLL_A
        return
    if st == BS_ROLL_A or st == BS_ROLL_D:
        side = 0 if st == BS_ROLL_A else 1
        who = a if side == 0 else d
        ham = hamilcar_applies(S, P, who, land)
        while S[B_LEGLEFT + side] + S[B_AUTOLEFT + side] > 0:
            if ham:
                set_decision(S, ST_HAMILCAR, who)
                return
            roll_next(S, P, side, False, rng)
        S[H_B_STAGE] = BS_ROLL_D if side == 0 else BS_AJAX_A
        return
    if st == BS_AJAX_A or st == BS_AJAX_D:
        side = 0 if st == BS_AJAX_A else 1
        who = a if side == 0 else d
        S[H_B_STAGE] = BS_AJAX_D if side == 0 else BS_TOTAL
        if (land or S[H_B_RANGED] > 0) and has_hero(S, P, who, H_AJAX) and S[B_NDICE + side] > 0:
            set_decision(S, ST_AJAX, who)
        return
    if st == BS_TOTAL:
        S[H_B_TA] = side_sum(S, 0)
        S[H_B_TD] = side_sum(S, 1) if S[H_B_RANGED] == 0 else 0
        note(S, EV_TOTALS, S[H_B_TA], S[H_B_TD], 0)
        S[H_B_STAGE] = BS_MARS_A
        return
    if st == BS_MARS_A:
        S[H_B_STAGE] = BS_MARS_D
        if S[GOD + G_MARS] == a + 1 and a < S[H_NP]:
            set_decision(S, ST_MARS, a)
        return
    if st == BS_MARS_D:
        S[H_B_STAGE] = BS_LOSS
        if S[GOD + G_MARS] == d + 1 and d < S[H_NP] and S[H_B_RANGED] == 0:
            set_decision(S, ST_MARS, d)
        return
    if st == BS_LOSS:
        la = losses_from(S, P, S[H_B_TD], a, land)
        ld = losses_from(S, P, S[H_B_TA], d, land)
        na = battle_units(S, a, l, land)
        nd = battle_units(S, d, l, land)
        if S[H_B_RANGED] > 0:
            la = 0
        S[H_B_LA] = la if la < na else na
        S[H_B_LD] = ld if ld < nd else nd
        note(S, EV_LOSSES, S[H_B_LA], S[H_B_LD], 0)
        S[H_B_STAGE] = BS_CAS_A
        return
    if st == BS_CAS_A:
        if casualty_choice_needed(S, a, l, land, S[H_B_LA]):
            set_decision(S, ST_CASUALTY, a)
            return
        auto_casualties(S, P, a, l, land, S[H_B_LA])
        S[H_B_LA] = 0
        S[H_B_STAGE] = BS_CAS_D
        return
    if st == BS_CAS_D:
        if casualty_choice_needed(S, d, l, land, S[H_B_LD]):
            set_decision(S, ST_CASUALTY, d)
            return
        auto_casualties(S, P, d, l, land, S[H_B_LD])
        S[H_B_LD] = 0
        S[H_B_STAGE] = BS_END
        return
    if st == BS_END:
        if S[H_B_RANGED] > 0:
            # won (§11): every enemy unit there destroyed; the firing titans take no losses
            if a < S[H_NP] and battle_units(S, d, l, land) == 0:
                S[METRICS + a * NM + M_BATTLES_WON] += 1
        else:
            if a < S[H_NP] and battle_units(S, d, l, land) == 0 and battle_units(S, a, l, land) > 0:
                S[METRICS + a * NM + M_BATTLES_WON] += 1
            if d < S[H_NP] and battle_units(S, a, l, land) == 0 and battle_units(S, d, l, land) > 0:
                S[METRICS + d * NM + M_BATTLES_WON] += 1
            mark_fought(S, a, l)
            S[ATTACKED + l] = 1
            S[OWED + l] = 0
        S[H_B_STAGE] = BS_NONE
        return


# ---------------------------------------------------------------- legal actions
@njit(cache=True)
def _push(out, n, a):
    out[n] = a
    return n + 1


@njit(cache=True)
def legal_build(S, P, o, out):
    n = 0
    m = myth(S)
    r = S[H_ROUND]
    cap = pay_capacity(S, P, o)
    croesus = has_hero(S, P, o, H_CROESUS)
    # influence
    inf_free = has_civ_hero(S, o, CH_HAMMURABI) and used_get(S, o, U_HAMMURABI) == 0
    if influence_stock(S, P, o) > 0 and (inf_free or cap >= price(S, P, o, K_INFLUENCE, False, False)):
        reach = influence_sea_reach(S, o)
        for v in range(NP):
            if influence_ok(S, P, o, v, reach):
                n = _push(out, n, A_BUY_INFLUENCE + v)
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
                    n = _push(out, n, A_BUY_CARAVAN + 3 * v + i)
    for v in range(NP):
        if bmask[v] and S[POOL + 1] > 0 and S[CITY + v] < CITY_SITES[v] and \
                aff[K_CITY, PROV_ISLAND[v]]:
            n = _push(out, n, A_BUY_CITY + v)
    for v in range(NP):
        if bmask[v] and S[POOL + 2] > 0 and S[MARKET + v] == 0 and \
                S[CARAVAN + 3 * v] + S[CARAVAN + 3 * v + 1] + S[CARAVAN + 3 * v + 2] > 0 and \
                aff[K_MARKET, PROV_ISLAND[v]]:
            n = _push(out, n, A_BUY_MARKET + v)
    for v in range(NP):
        if bmask[v] and S[POOL + 3] > 0 and S[TEMPLE + v] == 0 and S[CITY + v] > 0 and \
                aff[K_TEMPLE, PROV_ISLAND[v]]:
            n = _push(out, n, A_BUY_TEMPLE + v)
    if st_leg > 0:
        for v in range(NP):
            ok = bmask[v] or (sheba and PROV_EDGE[m, v] == 1 and PROV_ACTIVE[m, v] == 1)
            if ok and aff[K_LEGION, PROV_ISLAND[v]]:
                n = _push(out, n, A_BUY_LEGION + v)
    if st_for > 0:
        for v in range(NP):
            if bmask[v] and aff[K_FORTRESS, PROV_ISLAND[v]]:
                n = _push(out, n, A_BUY_FORTRESS + v)
    if m and st_cre > 0:
        for v in range(NP):
            if bmask[v] and (c != CIV_ATLANTIS or COASTAL[v] == 1) and \
                    aff[K_CREATURE, PROV_ISLAND[v]]:
                n = _push(out, n, A_BUY_CREATURE + v)
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
                n = _push(out, n, A_BUY_TRIREME + s)
    if m and c == CIV_EGYPT and S[PHOENIX_CARD + o] > 0:
        for v in range(NP):
            if bmask[v]:
                cost = int(P[P_COST_PHOENIX_RETURN]) if v == CAPITAL[c] else int(P[P_COST_CREATURE])
                if cap >= cost:
                    n = _push(out, n, A_BUY_PHOENIX + v)
    hcost = price(S, P, o, K_HERO, False, False)
    if cap >= hcost:
        for h in range(27):
            if S[DISPLAY + h] == 1 and S[HERO + h] == 0:
                n = _push(out, n, A_BUY_HERO + h)
        if S[HERO + 27 + c] == 0:
            n = _push(out, n, A_BUY_HERO + 27 + c)
    for w in range(7):
        if S[WONDER + w] == 0:
            k = K_PYRAMIDS if w == W_PYRAMIDS else K_WONDER
            if cap >= price(S, P, o, k, False, False):
                n = _push(out, n, A_BUY_WONDER + w)
    # powers
    if has_civ_hero(S, o, CH_CLEOPATRA) and used_get(S, o, U_CLEOPATRA) == 0:
        for g in range(13):
            if S[HAND + o * N_TYPES + g] > 0 and S[BANK + TAX] > 0:
                n = _push(out, n, A_CLEO_GIVE + g)
        if S[HAND + o * N_TYPES + TAX] > 0:
            for g in range(13):
                if S[BANK + g] > 0:
                    n = _push(out, n, A_CLEO_TAKE + g)
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
                            n = _push(out, n, A_JASON_FROM + 3 * v + i)
    if st_leg > 0 and has_hero(S, P, o, H_SPARTACUS) and used_get(S, o, U_SPARTACUS) == 0 and \
            S[HAND + o * N_TYPES + 4] > 0:
        for v in range(NP):
            if bmask[v]:
                n = _push(out, n, A_SPARTACUS + v)
    if st_for > 0 and has_hero(S, P, o, H_GILGAMESH) and \
            used_get(S, o, U_GILGAMESH) < int(P[P_GILGAMESH_PER_ROUND]):
        for v in range(NP):
            if S[INFL_TURN + v] == 1 and buildable(S, o, v, True):
                n = _push(out, n, A_GILGAMESH + v)
    if st_leg > 0 and has_wonder(S, P, o, W_ZEUS) and used_get(S, o, U_ZEUS) == 0:
        for v in range(NP):
            if bmask[v]:
                n = _push(out, n, A_ZEUS + v)
    n = legal_gods(S, P, o, out, n)
    n = _push(out, n, A_DONE)
    return n


@njit(cache=True)
def legal_gods(S, P, o, out, n):
    np_ = S[H_NP]
    if S[GOD + G_BAAL] == o + 1:
        for v in range(NP):
            c = S[INFL + v] - 1
            if c >= 0 and c != o and c < np_ and S[CITY + v] > 0:
                n = _push(out, n, A_BAAL + v)
    if S[GOD + G_VULCAN] == o + 1:
        for v in range(NP):
            c = S[INFL + v] - 1
            if c >= 0 and c != o and c < np_:
                for i in range(N_ICONS[v]):
                    if S[CARAVAN + 3 * v + i] > 0:
                        n = _push(out, n, A_VULCAN + 3 * v + i)
    if S[GOD + G_POSEIDON] == o + 1:
        for s in range(NS):
            for p in range(np_):
                if p != o and S[ui(p, NP + s, 3)] > 0:
                    n = _push(out, n, A_POSEIDON + 6 * s + p)
    return n


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
def legal_strategy(S, P, o, out):
    n = 0
    m = myth(S)
    c = civ(S, o)
    dest = np.zeros(NP, np.int64)
    for v in range(NP):
        if PROV_ACTIVE[m, v] == 0:
            continue
        done_dest = False
        for u in range(2):
            if movable(S, o, v, u) <= 0:
                continue
            if u == 1 and (c == CIV_BABYLON or c == CIV_ATLANTIS):
                continue
            if not done_dest:
                land_destinations(S, P, o, v, dest)
                done_dest = True
            for w in range(NP):
                if dest[w] == 1 and not (S[ATTACKED + w] == 1 and enemies_remain(S, o, w)):
                    n = _push(out, n, A_MOVE_LAND + 1681 * u + 41 * v + w)
    rng_f = int(P[P_FLEET_MOVE])
    if has_wonder(S, P, o, W_LIGHTHOUSE):
        rng_f += int(P[P_LIGHTHOUSE_EXTRA])
    for s in range(NS):
        l = NP + s
        if S[ui(o, l, 3)] - S[SPENT + l * 4 + 3] <= 0:
            continue
        # seas within rng_f zones
        reach = 1 << s
        front = reach
        for step in range(rng_f):
            nxt = 0
            for t in range(NS):
                if (front >> t) & 1:
                    for k in range(SS_NBN[m, t]):
                        q = SS_NB[m, t, k]
                        if not (reach >> q) & 1:
                            nxt |= 1 << q
            reach |= nxt
            front = nxt
        for t in range(NS):
            if t != s and (reach >> t) & 1 and not (S[ATTACKED + NP + t] == 1 and enemies_remain(S, o, NP + t)):
                n = _push(out, n, A_MOVE_FLEET + 12 * s + t)
    if m and c == CIV_BABYLON:
        gr = int(P[P_GRIFFIN_RANGE])
        for v in range(NP):
            if movable(S, o, v, 1) <= 0:
                continue
            seen = np.zeros(NL, np.int64)
            seen[v] = 1
            frontier = np.zeros(NL, np.int64)
            frontier[v] = 1
            for step in range(gr):
                nxt = np.zeros(NL, np.int64)
                for x in range(NL):
                    if frontier[x] == 1:
                        for k in range(LOC_NBN[m, x]):
                            y = LOC_NB[m, x, k]
                            if seen[y] == 0:
                                seen[y] = 1
                                nxt[y] = 1
                frontier = nxt
            for w in range(NP):
                if w != v and seen[w] == 1 and not (S[ATTACKED + w] == 1 and enemies_remain(S, o, w)):
                    n = _push(out, n, A_MOVE_GRIFFIN + 41 * v + w)
    if m and c == CIV_ATLANTIS:
        for l in range(NL):
            if movable(S, o, l, 1) <= 0:
                continue
            for k in range(LOC_NBN[m, l]):
                y = LOC_NB[m, l, k]
                if (y >= NP or COASTAL[y] == 1) and not (S[ATTACKED + y] == 1 and enemies_remain(S, o, y)):
                    n = _push(out, n, A_MOVE_KRAKEN + 53 * l + y)
            n = _push(out, n, A_DIVE + l)
        if S[KRAKEN_DIVED + o] - S[KRAKEN_NEW + o] > 0:
            for s in range(NS):
                if SEA_ACTIVE[m, s] == 1:
                    n = _push(out, n, A_SURFACE + s)
    if has_hero(S, P, o, H_AENEAS) and used_get(S, o, U_AENEAS) == 0:
        for s in range(NS):
            if SEA_ACTIVE[m, s] == 1:
                n = _push(out, n, A_AENEAS + s)
    # attacks
    for l in range(NL):
        if S[ATTACKED + l] == 1 or mil(S, o, l) == 0:
            continue
        if not can_fight_at(S, o, l):
            continue
        land = l < NP
        if not land and S[ui(o, l, 3)] + S[ui(o, l, 1)] == 0:
            continue
        for q in range(6):
            if q != o and battle_units(S, q, l, land) > 0:
                n = _push(out, n, A_ATTACK + 6 * l + q)
    if m and c == CIV_ROME:
        for v in range(NP):
            k = S[ui(o, v, 1)] - S[FOUGHT + v * 4 + 1]
            if k <= 0:
                continue
            # some target must exist
            ok = False
            for kk in range(LOC_NBN[m, v]):
                y = LOC_NB[m, v, kk]
                for q in range(6):
                    if q != o and battle_units(S, q, y, y < NP) > 0:
                        ok = True
            if ok:
                for nn in range(1, k + 1):
                    n = _push(out, n, A_TITAN1 + 20 * v + nn - 1)
    n = legal_gods(S, P, o, out, n)
    owed = False
    if P[P_LAND_ATTACK_MANDATORY] != 0:
        for l in range(NP):
            if S[OWED + l] == 1 and S[ATTACKED + l] == 0 and enemies_remain(S, o, l) and can_fight_at(S, o, l):
                owed = True
                break
    if not owed:
        n = _push(out, n, A_DONE)
    return n


@njit(cache=True)
def legal_actions(S, P, out):
    st = S[H_STEP]
    o = S[H_DECIDER]
    n = 0
    np_ = S[H_NP]
    if st == ST_BUILD:
        return legal_build(S, P, o, out)
    if st == ST_STRAT:
        return legal_strategy(S, P, o, out)
    if st == ST_OFF_PICK or st == ST_BUILD_PICK or st == ST_STRAT_PICK:
        for p in range(np_):
            if S[TURN_DONE + p] == 0:
                n = _push(out, n, A_PICK_NEXT + p)
        return n
    if st == ST_POINTS:
        return legal_points(S, P, o, out)
    if st == ST_PAY:
        for t in range(N_TYPES):
            if pay_ok(S, P, o, t):
                n = _push(out, n, A_PAY + t)
        return n
    if st == ST_HERCULES:
        n = _push(out, n, A_HERCULES_YES)
        n = _push(out, n, A_HERCULES_NO)
        return n
    if st == ST_HAMILCAR:
        n = _push(out, n, A_HAMILCAR_TAKE)
        n = _push(out, n, A_HAMILCAR_ROLL)
        return n
    if st == ST_AJAX:
        for k in range(6):
            n = _push(out, n, A_AJAX + k)
        return n
    if st == ST_POSEIDON:
        n = _push(out, n, A_PASS)
        m = S[H_PM_FROM]
        mover = S[H_ACTOR]
        if S[H_PM_KIND] == 2:
            if S[ui(mover, S[H_PM_TO], 3)] > 0:
                n = _push(out, n, A_POSEIDON_REACT + S[H_PM_TO] - NP)
        else:
            ch = shortest_chain(S, P, mover, S[H_PM_FROM], S[H_PM_TO])
            for s_ in range(NS):
                if (ch >> s_) & 1 and S[ui(mover, NP + s_, 3)] > 0:
                    n = _push(out, n, A_POSEIDON_REACT + s_)
        return n
    if st == ST_SETUP_CARAVAN:
        k = S[H_SETUP_K]
        for j in range(2):
            n = _push(out, n, A_SETUP_CARAVAN + SETUP_CHOICE_GOODS[k, j])
        return n
    if st == ST_COLOSSUS:
        for g in range(13):
            if S[BANK + g] > 0:
                n = _push(out, n, A_PICK_GOOD + g)
        return n
    if st == ST_HERMES:
        r = S[RECEIVED + o]
        for t in range(N_TYPES):
            if (r >> t) & 1 and S[BANK + t] > 0:
                n = _push(out, n, A_PICK_TYPE + t)
        return n
    if st == ST_ISIS:
        for t in range(N_TYPES):
            if S[BANK + t] > 0:
                n = _push(out, n, A_PICK_TYPE + t)
        return n
    if st == ST_EX_ANNOUNCE:
        xm = min(int(P[P_X_MAX]), hand_total(S, o))
        for x in range(xm + 1):
            n = _push(out, n, A_ANNOUNCE_X + x)
        return n
    if st == ST_EX_ANTIGONE:
        n = _push(out, n, A_ANTIGONE_IN)
        n = _push(out, n, A_ANTIGONE_OUT)
        return n
    if st == ST_EX_OFFER:
        for t in range(N_TYPES):
            if S[HAND + o * N_TYPES + t] > 0:
                n = _push(out, n, A_OFFER + t)
        return n
    if st == ST_EX_TAKE:
        for p in range(np_):
            if p != o:
                for t in range(N_TYPES):
                    if S[EX_DISP + p * N_TYPES + t] > 0:
                        n = _push(out, n, A_TAKE + 14 * p + t)
        return n
    if st == ST_EX_GIVEBACK:
        for t in range(N_TYPES):
            if S[HAND + o * N_TYPES + t] > 0:
                n = _push(out, n, A_GIVE_BACK + t)
        return n
    if st == ST_ULYSSES:
        n = _push(out, n, A_PASS)
        for a in range(N_TYPES):
            if S[HAND + o * N_TYPES + a] > 0:
                for b in range(N_TYPES):
                    if b != a and S[BANK + b] > 0:
                        n = _push(out, n, A_SWAP + 14 * a + b)
        return n
    if st == ST_OFFER:
        n = _push(out, n, A_PASS)
        for j in range(8):
            if S[GOD + j] == 0:
                n = _push(out, n, A_OFFER_TO + j)
        return n
    if st == ST_ADONIS:
        for j in range(8):
            if S[GOD + j] == 0:
                n = _push(out, n, A_TAKE_GOD + j)
        return n
    if st == ST_COPY:
        for h in range(27):
            q = S[HERO + h] - 1
            if q >= 0 and q != o and h != H_CASTOR:
                n = _push(out, n, A_COPY + h)
        return n
    if st == ST_KEEP:
        n = _push(out, n, A_PASS)
        keep = int(P[P_TAX_KEEP])
        for t in range(13):
            if S[HAND + o * N_TYPES + t] > 0:
                n = _push(out, n, A_KEEP + t)
        if S[HAND + o * N_TYPES + TAX] > keep:
            n = _push(out, n, A_KEEP + TAX)
        return n
    if st == ST_ISHTAR or st == ST_MEDUSA or st == ST_MARS or st == ST_MIDAS:
        base = A_ISHTAR_YES if st == ST_ISHTAR else (A_MEDUSA_YES if st == ST_MEDUSA else A_MARS_YES)
        if st == ST_MIDAS:
            base = A_MIDAS_YES
        n = _push(out, n, base)
        n = _push(out, n, base + 1)
        return n
    if st == ST_CASUALTY:
        l = S[H_B_LOC]
        if l < NP:
            for u in range(3):
                if S[ui(o, l, u)] > 0:
                    n = _push(out, n, A_CASUALTY + u)
        else:
            for u in (1, 3):
                if S[ui(o, l, u)] > 0:
                    n = _push(out, n, A_CASUALTY + u)
        return n
    if st == ST_PILLAGE:
        v = S[H_PILL_V]
        c = S[INFL + v] - 1
        if S[H_PILL_LEFT] != 0 and not has_wonder(S, P, c, W_MAUSOLEUM):
            for i in range(3):
                if S[CARAVAN + 3 * v + i] > 0:
                    n = _push(out, n, A_PILLAGE + i)
            if S[CITY + v] > 0:
                n = _push(out, n, A_PILLAGE + 3)
            if S[MARKET + v] > 0:
                n = _push(out, n, A_PILLAGE + 4)
            if S[TEMPLE + v] > 0:
                n = _push(out, n, A_PILLAGE + 5)
        n = _push(out, n, A_NOTHING)
        if takeover_ok(S, P, o, v):
            n = _push(out, n, A_TAKE_OVER)
        return n
    if st == ST_TITAN2:
        src = (S[H_TWO] - A_TITAN1) // 20
        m = myth(S)
        for kk in range(LOC_NBN[m, src]):
            y = LOC_NB[m, src, kk]
            for q in range(6):
                if q != o and battle_units(S, q, y, y < NP) > 0:
                    n = _push(out, n, A_TITAN2 + 6 * y + q)
        return n
    if st == ST_JASON2:
        for w in range(NP):
            if buildable(S, o, w, has_hero(S, P, o, H_CROESUS)):
                for i in range(N_ICONS[w]):
                    if S[CARAVAN + 3 * w + i] == 0:
                        n = _push(out, n, A_JASON_TO + 3 * w + i)
        return n
    return 0


@njit(cache=True)
def takeover_ok(S, P, o, v):
    if S[H_PILL_DONE] != 0:
        return False
    if PROV_CAPITAL[v] == 1 and P[P_CAPITAL_TAKEOVER] == 0:
        return False
    if influence_stock(S, P, o) <= 0:
        return False
    d = int(P[P_TAKEOVER_DELAY])
    if d == 0:
        return True
    return S[OCC_OWN + v] == o + 1 and S[OCC_CNT + v] >= d


# ---------------------------------------------------------------- apply
@njit(cache=True)
def god_attack(S, P, o, god, a, b, target):
    """Baal / Vulcan / Poseidon aimed at `target`; Ishtar may answer (§6.1)."""
    S[GOD + god] = -1
    if S[GOD + G_ISHTAR] == target + 1:
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
def place_unit(S, o, v, u):
    S[ui(o, v, u)] += 1
    S[METRICS + o * NM + M_BUILT_UNITS] += 1
    S[METRICS + o * NM + M_UNIT_BUILT + u] += 1
    if u == 1:
        S[METRICS + o * NM + M_CREAT_BUILT] += 1


@njit(cache=True)
def charge(S, P, o, kind, island):
    if S[H_PAID] == 0:
        pay(S, P, o, price(S, P, o, kind, island, True))


@njit(cache=True)
def purchase_cost(S, P, o, a):
    """Cards a build action costs (spending its discount), 0 if free or not a purchase."""
    if a < A_BUY_CARAVAN:
        if has_civ_hero(S, o, CH_HAMMURABI) and used_get(S, o, U_HAMMURABI) == 0:
            return 0
        return price(S, P, o, K_INFLUENCE, False, True)
    if a < A_BUY_CITY:
        return price(S, P, o, K_CARAVAN, PROV_ISLAND[(a - A_BUY_CARAVAN) // 3] == 1, True)
    if a < A_BUY_MARKET:
        return price(S, P, o, K_CITY, PROV_ISLAND[a - A_BUY_CITY] == 1, True)
    if a < A_BUY_TEMPLE:
        return price(S, P, o, K_MARKET, PROV_ISLAND[a - A_BUY_MARKET] == 1, True)
    if a < A_BUY_LEGION:
        return price(S, P, o, K_TEMPLE, PROV_ISLAND[a - A_BUY_TEMPLE] == 1, True)
    if a < A_BUY_FORTRESS:
        return price(S, P, o, K_LEGION, PROV_ISLAND[a - A_BUY_LEGION] == 1, True)
    if a < A_BUY_CREATURE:
        return price(S, P, o, K_FORTRESS, PROV_ISLAND[a - A_BUY_FORTRESS] == 1, True)
    if a < A_BUY_TRIREME:
        return price(S, P, o, K_CREATURE, PROV_ISLAND[a - A_BUY_CREATURE] == 1, True)
    if a < A_BUY_PHOENIX:
        return price(S, P, o, K_TRIREME, False, True)
    if a < A_BUY_HERO:
        v = a - A_BUY_PHOENIX
        return int(P[P_COST_PHOENIX_RETURN]) if v == CAPITAL[civ(S, o)] else int(P[P_COST_CREATURE])
    if a < A_BUY_WONDER:
        return price(S, P, o, K_HERO, False, True)
    if a < A_COPY:
        return price(S, P, o, K_PYRAMIDS if a - A_BUY_WONDER == W_PYRAMIDS else K_WONDER, False, True)
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
        elif has_civ_hero(S, o, CH_HAMMURABI) and used_get(S, o, U_HAMMURABI) == 0:
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
        if h == H_CASTOR:
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
def move_unit(S, P, o, frm, to, u):
    S[ui(o, frm, u)] -= 1
    S[ui(o, to, u)] += 1
    S[SPENT + to * 4 + u] += 1
    if P[P_LAND_ATTACK_MANDATORY] != 0 and to < NP and other_units(S, o, to):
        S[OWED + to] = 1


@njit(cache=True)
def apply_strategy(S, P, o, a, rng):
    if a == A_DONE:
        S[H_PC] = PC_PILLAGE
        S[H_PILL_V] = 0
        S[H_PILL_DONE] = 0
        S[H_PILL_LEFT] = -1
        return
    if a >= A_MOVE_LAND and a < A_MOVE_FLEET:
        k = a - A_MOVE_LAND
        u = k // 1681
        k = k % 1681
        frm = k // 41
        to = k % 41
        q = poseidon_reactor(S, o)
        if q >= 0 and not is_step(S, P, o, frm, to) and shortest_chain(S, P, o, frm, to) != 0:
            S[H_PM_KIND] = 1
            S[H_PM_FROM] = frm
            S[H_PM_TO] = to
            S[H_PM_U] = u
            set_decision(S, ST_POSEIDON, q)
            return
        move_unit(S, P, o, frm, to, u)
        return
    if a >= A_MOVE_FLEET and a < A_MOVE_GRIFFIN:
        k = a - A_MOVE_FLEET
        s = k // 12
        t = k % 12
        frm = NP + s
        to = NP + t
        S[ui(o, frm, 3)] -= 1
        S[ui(o, to, 3)] += 1
        atlas = civ(S, o) == CIV_ATLANTIS and has_civ_hero(S, o, CH_ATLAS)
        if S[HALF + s] > S[ui(o, frm, 3)] + 1:
            S[HALF + s] = S[ui(o, frm, 3)] + 1
        if S[HALF + s] > 0:
            S[HALF + s] -= 1            # second move of an Atlantean fleet
            S[SPENT + to * 4 + 3] += 1
        else:
            S[SPENT + to * 4 + 3] += 1
            if atlas and int(P[P_ATLAS_MOVES]) > 1:
                S[SPENT + to * 4 + 3] -= 1
                S[HALF + t] += 1
        return
    if a >= A_MOVE_GRIFFIN and a < A_MOVE_KRAKEN:
        k = a - A_MOVE_GRIFFIN
        move_unit(S, P, o, k // 41, k % 41, 1)
        return
    if a >= A_MOVE_KRAKEN and a < A_DIVE:
        k = a - A_MOVE_KRAKEN
        move_unit(S, P, o, k // 53, k % 53, 1)
        return
    if a >= A_DIVE and a < A_SURFACE:
        l = a - A_DIVE
        S[ui(o, l, 1)] -= 1
        S[KRAKEN_DIVED + o] += 1
        S[KRAKEN_NEW + o] += 1
        return
    if a >= A_SURFACE and a < A_AENEAS:
        s = a - A_SURFACE
        S[KRAKEN_DIVED + o] -= 1
        S[ui(o, NP + s, 1)] += 1
        return
    if a >= A_AENEAS and a < A_POSEIDON_REACT:
        used_add(S, o, U_AENEAS, a - A_AENEAS + 1)
        return
    if a >= A_ATTACK and a < A_TITAN1:
        k = a - A_ATTACK
        l = k // 6
        q = poseidon_reactor(S, o)
        if l >= NP and q >= 0 and S[ui(o, l, 3)] > 0:
            S[H_PM_KIND] = 2
            S[H_PM_TO] = l
            S[H_PM_Q] = k % 6
            set_decision(S, ST_POSEIDON, q)
            return
        start_battle(S, P, l, o, k % 6, 0, rng)
        return
    if a >= A_TITAN1 and a < A_TITAN2:
        S[H_TWO] = a
        return
    if a >= A_TITAN2 and a < A_MEDUSA_YES:
        k0 = S[H_TWO] - A_TITAN1
        src = k0 // 20
        nt = k0 % 20 + 1
        S[H_TWO] = -1
        k = a - A_TITAN2
        S[FOUGHT + src * 4 + 1] += nt
        S[SPENT + src * 4 + 1] = max(S[SPENT + src * 4 + 1], S[FOUGHT + src * 4 + 1])
        start_battle(S, P, k // 6, o, k % 6, nt, rng)
        return
    apply_god_use(S, P, o, a)


@njit(cache=True)
def poseidon_reactor(S, o):
    """A player other than o holding Poseidon face up (§4.6), or -1."""
    q = god_holder(S, G_POSEIDON)
    if q >= 0 and q != o and q < S[H_NP]:
        return q
    return -1


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


@njit(cache=True)
def finish_pending_move(S, P, rng):
    """After the Poseidon reaction (and Ishtar): carry out or cancel the pending move."""
    o = S[H_ACTOR]
    kind = S[H_PM_KIND]
    S[H_PM_KIND] = 0
    if kind == 1:
        frm = S[H_PM_FROM]
        to = S[H_PM_TO]
        if shortest_chain(S, P, o, frm, to) != 0:
            move_unit(S, P, o, frm, to, S[H_PM_U])
    else:
        l = S[H_PM_TO]
        q = S[H_PM_Q]
        if S[ui(o, l, 3)] + S[ui(o, l, 1)] > 0 and battle_units(S, q, l, False) > 0:
            start_battle(S, P, l, o, q, 0, rng)
        else:
            S[ATTACKED + l] = 1


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
                    n = _push(out, n, A_BUY_CARAVAN + 3 * v + i)
    for j in range(3):
        v = HOME[c, j]
        if S[POOL + 1] > 0 and S[CITY + v] < CITY_SITES[v] and int(P[P_COST_CITY]) <= b:
            n = _push(out, n, A_BUY_CITY + v)
    for j in range(3):
        v = HOME[c, j]
        if S[POOL + 2] > 0 and S[MARKET + v] == 0 and int(P[P_COST_MARKET]) <= b and \
                S[CARAVAN + 3 * v] + S[CARAVAN + 3 * v + 1] + S[CARAVAN + 3 * v + 2] > 0:
            n = _push(out, n, A_BUY_MARKET + v)
    for j in range(3):
        v = HOME[c, j]
        if S[POOL + 3] > 0 and S[TEMPLE + v] == 0 and S[CITY + v] > 0 and int(P[P_COST_TEMPLE]) <= b:
            n = _push(out, n, A_BUY_TEMPLE + v)
    if stock(S, P, o, 0) > 0 and points_cost(S, P, o, K_LEGION) <= b:
        for j in range(3):
            n = _push(out, n, A_BUY_LEGION + HOME[c, j])
    if stock(S, P, o, 2) > 0 and points_cost(S, P, o, K_FORTRESS) <= b:
        for j in range(3):
            n = _push(out, n, A_BUY_FORTRESS + HOME[c, j])
    if m and stock(S, P, o, 1) > 0 and int(P[P_COST_CREATURE]) <= b:
        n = _push(out, n, A_BUY_CREATURE + CAPITAL[c])
    if stock(S, P, o, 3) > 0 and int(P[P_COST_TRIREME]) <= b:
        seas = 0
        for j in range(3):
            seas |= seas_of(S, HOME[c, j])
        for s in range(NS):
            if (seas >> s) & 1:
                n = _push(out, n, A_BUY_TRIREME + s)
    if S[HERO + 27 + c] == 0 and int(P[P_SETUP_CIV_HERO_COST]) <= b:
        n = _push(out, n, A_BUY_HERO + 27 + c)
    n = _push(out, n, A_DONE)
    return n


@njit(cache=True)
def points_cost(S, P, o, kind):
    base = base_cost(P, kind)
    if (kind == K_LEGION or kind == K_FORTRESS) and civ(S, o) == CIV_ROME:
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
def apply_action(S, P, a, rng):
    st = S[H_STEP]
    o = S[H_DECIDER]
    S[H_NACT] += 1
    S[H_STEP] = -1
    n = S[H_NP]
    if st == ST_BUILD:
        apply_build(S, P, o, a)
    elif st == ST_STRAT:
        apply_strategy(S, P, o, a, rng)
    elif st == ST_OFF_PICK:
        S[H_ACTOR] = a - A_PICK_NEXT
        S[H_PC] = PC_OFF_TURN
    elif st == ST_BUILD_PICK:
        start_build_turn(S, a - A_PICK_NEXT)
        S[H_PC] = PC_BUILD_TURN
    elif st == ST_STRAT_PICK:
        start_strategy_turn(S, P, a - A_PICK_NEXT)
        S[H_PC] = PC_STRAT_TURN
    elif st == ST_POINTS:
        apply_points(S, P, o, a)
    elif st == ST_PAY:
        apply_pay(S, P, o, a - A_PAY, rng)
    elif st == ST_HERCULES:
        if a == A_HERCULES_YES:
            side = 0 if o == S[H_B_ATT] else 1
            S[B_HERC + side] = 1
            used_add(S, o, U_HERCULES, 1)
    elif st == ST_HAMILCAR:
        side = 0 if S[H_B_STAGE] == BS_ROLL_A else 1
        roll_next(S, P, side, a == A_HAMILCAR_TAKE, rng)
    elif st == ST_AJAX:
        k = a - A_AJAX
        side = 0 if S[H_B_STAGE] == BS_AJAX_D else 1
        for i in range(S[B_NDICE + side]):
            if S[B_DICE + side * 40 + i] <= k:
                S[B_DICE + side * 40 + i] = roll(S, rng)
                note(S, EV_DIE, o, S[B_DICE + side * 40 + i], side)
    elif st == ST_POSEIDON:
        if a != A_PASS:
            s_ = a - A_POSEIDON_REACT
            god_attack(S, P, o, G_POSEIDON, s_, S[H_ACTOR], S[H_ACTOR])
    elif st == ST_SETUP_CARAVAN:
        k = S[H_SETUP_K]
        v = SETUP_CHOICE_PROV[k]
        g = a - A_SETUP_CARAVAN
        for i in range(N_ICONS[v]):
            if PROV_GOODS[v, i] == g:
                S[CARAVAN + 3 * v + i] = 1
                S[POOL + 0] -= 1
        S[H_SETUP_K] = k + 1
    elif st == ST_COLOSSUS:
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
    elif st == ST_OFFER:
        S[H_PC] = PC_OFF_PICK
        if a != A_PASS:
            j = a - A_OFFER_TO
            if P[P_AUTO_PAY] == 0:
                start_payment(S, o, a, int(P[P_COST_OFFERING]))
            else:
                pay(S, P, o, int(P[P_COST_OFFERING]))
                acquire_god(S, o, j)
    elif st == ST_ADONIS:
        acquire_god(S, o, a - A_TAKE_GOD)
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
    elif st == ST_MEDUSA:
        if a == A_MEDUSA_YES:
            used_add(S, o, U_MEDUSA, 1)
            l = S[H_B_LOC]
            if S[H_B_RANGED] == 0:
                mark_fought(S, S[H_B_ATT], l)
                S[ATTACKED + l] = 1
                S[OWED + l] = 0
            S[H_B_STAGE] = BS_NONE
        else:
            S[H_B_STAGE] = BS_HERC_A
            count_battle(S)
    elif st == ST_MIDAS:
        if a == A_MIDAS_YES:
            l = S[H_B_LOC]
            opp = S[H_B_DEF] if o == S[H_B_ATT] else S[H_B_ATT]
            S[HAND + o * N_TYPES + TAX] -= 2
            S[BANK + TAX] += 2
            S[ui(opp, l, 0)] -= 1
            S[ui(o, l, 0)] += 1
    elif st == ST_MARS:
        if a == A_MARS_YES:
            S[GOD + G_MARS] = -1
            side = 0 if o == S[H_B_ATT] else 1
            opp = S[H_B_DEF] if side == 0 else S[H_B_ATT]
            if side == 0:
                S[H_B_TA] += int(P[P_MARS_BONUS])
            else:
                S[H_B_TD] += int(P[P_MARS_BONUS])
            if S[GOD + G_ISHTAR] == opp + 1:
                S[H_PG_GOD] = G_MARS
                S[H_PG_A] = side
                set_decision(S, ST_ISHTAR, opp)
    elif st == ST_CASUALTY:
        l = S[H_B_LOC]
        kill_unit(S, P, o, l, a - A_CASUALTY)
        if o == S[H_B_ATT] and S[H_B_STAGE] == BS_CAS_A:
            S[H_B_LA] -= 1
        else:
            S[H_B_LD] -= 1
    elif st == ST_PILLAGE:
        apply_pillage(S, P, o, a)
    elif st == ST_TITAN2:
        apply_strategy(S, P, o, a, rng)
    elif st == ST_JASON2:
        apply_build(S, P, o, a)
    advance(S, P, rng)


@njit(cache=True)
def apply_pillage(S, P, o, a):
    v = S[H_PILL_V]
    if S[H_PILL_LEFT] < 0:
        S[H_PILL_LEFT] = 1
        if has_hero(S, P, o, H_ACHILLES):
            S[H_PILL_LEFT] = mil(S, o, v)
    if a == A_NOTHING:
        S[H_PILL_V] = v + 1
        S[H_PILL_LEFT] = -1
        S[H_PILL_DONE] = 0
        return
    if a == A_TAKE_OVER:
        S[INFL + v] = o + 1
        S[SINCE + v] = S[H_ROUND]
        S[OCC_OWN + v] = 0
        S[OCC_CNT + v] = 0
        S[METRICS + o * NM + M_TAKEOVERS] += 1
        S[H_PILL_V] = v + 1
        S[H_PILL_LEFT] = -1
        S[H_PILL_DONE] = 0
        return
    b = a - A_PILLAGE
    c = S[INFL + v] - 1
    gain = -1
    if b < 3:
        S[CARAVAN + 3 * v + b] = 0
        S[POOL + 0] += 1
        gain = PROV_GOODS[v, b]
    elif b == 3:
        S[CITY + v] -= 1
        S[POOL + 1] += 1
        gain = TAX
    elif b == 4:
        S[MARKET + v] = 0
        S[POOL + 2] += 1
        gain = TAX
    else:
        S[TEMPLE + v] = 0
        S[POOL + 3] += 1
        gain = TAX
    if has_hero(S, P, o, H_NEBU):
        give_card_from(S, o, gain, M_CARDS_PILLAGE)
    S[METRICS + o * NM + M_PILLAGES] += 1
    if c >= 0 and c < S[H_NP]:
        S[METRICS + c * NM + M_LOST_BUILDINGS] += 1
        S[METRICS + c * NM + M_BLDG_LOST + (b - 2 if b >= 3 else 0)] += 1
    S[H_PILL_DONE] = 1
    S[H_PILL_LEFT] -= 1
    if S[H_PILL_LEFT] <= 0:
        S[H_PILL_V] = v + 1
        S[H_PILL_LEFT] = -1
        S[H_PILL_DONE] = 0


# ---------------------------------------------------------------- set-up (§4.1, §2.2, §2.4)
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


# ---------------------------------------------------------------- results
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


# ---------------------------------------------------------------- invariants
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
                if u == 1 and l >= NP and S[ui(o, l, u)] != 0 and civ(S, o) != CIV_ATLANTIS:
                    return 7
        if o < n:
            for u in range(4):
                if stock(S, P, o, u) < 0:
                    return 8
            if influence_stock(S, P, o) < 0:
                return 9
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
