"""Conventions shared by every chapter (§4.0): ids of heroes, wonders, gods, roles, victory paths,
program counters, battle stages and purchase kinds; small accessors of the state; dealing cards;
the end of the game; setting the next decision.
"""
import numpy as np
from numba import njit

from sim.rng import below, roll_d6
from ..board import (NP, NS, NL, N_TYPES, TAX, PROV_GOODS, N_ICONS, CITY_SITES, PROV_ISLAND,
                    PROV_EDGE, PROV_ACTIVE, SEA_ACTIVE, COASTAL, CAPITAL, LAND_NB, LAND_NBN,
                    MOSES_NB, MOSES_NBN, PS_NB, PS_NBN, SP_NB, SP_NBN, SS_NB, SS_NBN, LOC_NB,
                    LOC_NBN, CIV_CARTHAGE, CIV_GREECE, CIV_ROME, CIV_BABYLON, CIV_EGYPT,
                    CIV_ATLANTIS, PROV_CAPITAL, SETUP_CHOICE_CIV, SETUP_CHOICE_PROV,
                    SETUP_CHOICE_GOODS, HOME, PRESET, PRESET_FLEET_SEA, PRESET_ROLE_CIV, RARE)
from sim.rng import shuffle
from ..state import *  # noqa: F401,F403  (offsets and step ids)
from ..params import *  # noqa: F401,F403  (P_* indices)

from sim.layout import note, clear_state
from ..actions import *  # noqa: F401,F403  (A_* action ids, MAX_LEGAL, N_ACTIONS: §4.8, declared once)
from ..actions import EV_CIVS, EV_ROLES, EV_BATTLE, EV_DIE, EV_TOTALS, EV_LOSSES, EV_KILLED

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
    if not hero_power(P, h, o):
        return False
    return S[HERO + h] == o + 1 or S[COPY + o] == h + 1


@njit(cache=True)
def has_civ_hero(S, P, o, h):
    """Owner o holds civ hero h and its power is on (`power_<hero>`)."""
    return o >= 0 and o < S[H_NP] and S[HERO + h] == o + 1 and hero_power(P, h, o)


@njit(cache=True)
def has_wonder(S, P, o, w):
    """Owner o holds wonder w's power: the Pyramids have none to switch off."""
    if o < 0 or o >= S[H_NP] or S[WONDER + w] != o + 1:
        return False
    return wonder_power(P, w, o)


@njit(cache=True)
def switch_on(P, i, o):
    """Measuring switch P[i] lets a power act for seat o: it is on, or it is off for another seat
    only (`switch_seat`: restricted play)."""
    if P[i] != 0:
        return True
    return P[P_SWITCH_SEAT] >= 0 and o != P[P_SWITCH_SEAT]


@njit(cache=True)
def wonder_power(P, w, o):
    """Whether wonder w's power acts for seat o: the §5.3 placeholders on and its switch
    (`power_<wonder>`) on for o; the Pyramids have none to switch off (building them wins)."""
    if w == W_PYRAMIDS:
        return True
    return P[P_BASE_CARDS_PLACEHOLDER] != 0 and switch_on(P, P_POWER_COLOSSUS + w, o)


@njit(cache=True)
def hero_power(P, h, o):
    """Whether hero h's power acts for seat o (`power_<hero>`, default true): a hero switched off is
    bought and counts for victory as before and does nothing, the causal check of a flagged hero."""
    return switch_on(P, P_POWER_NEBUCHADNEZZAR + h, o)


@njit(cache=True)
def creature_power(S, P, o):
    """Whether o's creature (by o's civ) keeps its own power (`power_<creature>`, default true);
    switched off it is an ordinary creature (§6.2), the causal check of a flagged creature."""
    return switch_on(P, P_POWER_TITAN + S[CIV_OF + o], o)


@njit(cache=True)
def creature_moves_as_legion(S, P, o):
    """o's creature moves by MOVE_LAND (and is carried): every creature but a Griffin or a Kraken
    with its power on (§6.3)."""
    c = S[CIV_OF + o]
    return not ((c == CIV_BABYLON or c == CIV_ATLANTIS) and creature_power(S, P, o))


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


@njit(cache=True)
def end_game(S, winner, path):
    S[H_OVER] = 1
    S[H_WINNER] = winner
    S[H_VPATH] = path
    S[H_STEP] = ST_OVER
    S[H_DECIDER] = -1


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


@njit(cache=True)
def god_power(P, j, o):
    """Whether god j's power acts for its holder o (`power_<god>`, default true): a god switched off
    is taken and spent as before and does nothing, the causal check of a flagged god."""
    return switch_on(P, P_POWER_ATHENA + j, o)


@njit(cache=True)
def set_decision(S, step, who):
    S[H_STEP] = step
    S[H_DECIDER] = who


@njit(cache=True)
def push(out, n, a):
    out[n] = a
    return n + 1
