"""Battles (§4.6.2-4.6.3): dice and automatic values, Hannibal, Agamemnon, Helen, Archimedes,
Ariadne, Pericles, Hercules, Midas, Medusa, Hamilcar, Ajax, Mars, Penthesilea; losses and
casualties; Centaurs and Behemoths; pending moves awaiting Poseidon.
"""
import numpy as np
from numba import njit

from .base import *  # noqa: F401,F403
from .scoring import *  # noqa: F401,F403
from .payment import *  # noqa: F401,F403
from .roles import *  # noqa: F401,F403
from .movement import *  # noqa: F401,F403
from .gods import *  # noqa: F401,F403


@njit(cache=True)
def behemoth_in(S, P, o, l):
    return civ(S, o) == CIV_CARTHAGE and S[ui(o, l, 1)] > 0 and creature_power(S, P, o)


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
        forced_roll = behemoth_in(S, P, opp, l)
        av = int(P[P_AUTO_VALUE])
        if c == CIV_CARTHAGE and has_civ_hero(S, P, o, CH_HANNIBAL):
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
        if c == CIV_GREECE and has_civ_hero(S, P, o, CH_PERICLES):
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
        if civ(S, o) == CIV_EGYPT and o < S[H_NP] and creature_power(S, P, o):
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
                if civ(S, a) == CIV_GREECE and creature_power(S, P, a):
                    ka = min(S[ui(a, l, 1)], S[ui(d, l, 0)] - S[B_HERC + 1])
                if civ(S, d) == CIV_GREECE and creature_power(S, P, d):
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
        if S[GOD + G_MARS] == a + 1 and a < S[H_NP] and god_power(P, G_MARS, a):
            set_decision(S, ST_MARS, a)
        return
    if st == BS_MARS_D:
        S[H_B_STAGE] = BS_LOSS
        if S[GOD + G_MARS] == d + 1 and d < S[H_NP] and S[H_B_RANGED] == 0 and god_power(P, G_MARS, d):
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
def legal_combat_steps(S, P, st, o, out):
    """The legal actions of this chapter's decision `st` in out[:n]; -1 if st is not one of them."""
    n = 0
    np_ = S[H_NP]
    if st == ST_HERCULES:
        n = push(out, n, A_HERCULES_YES)
        n = push(out, n, A_HERCULES_NO)
        return n
    if st == ST_HAMILCAR:
        n = push(out, n, A_HAMILCAR_TAKE)
        n = push(out, n, A_HAMILCAR_ROLL)
        return n
    if st == ST_AJAX:
        for k in range(6):
            n = push(out, n, A_AJAX + k)
        return n
    if st == ST_CASUALTY:
        l = S[H_B_LOC]
        if l < NP:
            for u in range(3):
                if S[ui(o, l, u)] > 0:
                    n = push(out, n, A_CASUALTY + u)
        else:
            for u in (1, 3):
                if S[ui(o, l, u)] > 0:
                    n = push(out, n, A_CASUALTY + u)
        return n
    return -1


@njit(cache=True)
def apply_combat_steps(S, P, st, o, a, rng):
    """Apply action a at this chapter's decision `st` (before the automatic steps run); False if
    st is not one of them."""
    n = S[H_NP]
    if st == ST_HERCULES:
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
            if S[GOD + G_ISHTAR] == opp + 1 and god_power(P, G_ISHTAR, opp):
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
    else:
        return False
    return True
