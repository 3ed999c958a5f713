"""The turn (§3.3): T0 start (turn cap), T1 lead and T2 follow (cards, Jacks, petitions and their
picks, Palace's MORE, Crane in the republic), T3 a REGULAR frame per player, T4 Senate, T5 Sewer
and cleanup (camps to the pool), T6 Academy, T7 next leader. `settle` runs the automatic steps of
the turn and of the frame stack up to the next decision.
"""
from numba import njit

from sim.layout import note, H_TRACE
from ..actions import A_PASS, A_THINK, A_TAKE_JACK, A_CARD, A_JACK, A_PET, A_MAT, A_CRANE, EV_CLEANUP
from ..board import (MAT, NK, ARCHITECT, LEGIONARY, K_CIRCUS, K_CRANE, K_PALACE, K_SENATE,
                     K_SEWER, K_ACADEMY, END_TURN_CAP)
from ..params import P_MAX_TURNS, P_ALL_THINK, P_PETITION_SIZE, P_CIRCUS_PETITION_SIZE
from ..state import *  # noqa: F401,F403  (layout constants, pb, prm, republic)
from .cards import hand_rem, sum6, list_hand, list_materials
from .frames import push, pop, budget
from .legionary import begin_resolution
from .powers import act


@njit(cache=True)
def petition_size(s, p):
    if act(s, p, K_CIRCUS) and not republic(s):
        return prm(s, P_CIRCUS_PETITION_SIZE)
    return prm(s, P_PETITION_SIZE)


@njit(cache=True)
def start_turn(s):
    if s[G_TURN] >= prm(s, P_MAX_TURNS):
        s[G_OVER] = 1
        s[G_END] = END_TURN_CAP
        return
    s[G_TURN] += 1
    n = s[G_N]
    for p in range(n):
        b = P0 + p * PSZ
        s[b + O_UNITS] = 0
        s[b + O_LOF] = 0
        s[b + O_DIDC] = 0
        for m in range(6):
            s[b + O_REV + m] = 0
            s[b + O_FRESH + m] = 0
    s[G_ROLE] = -1
    s[G_PHASE] = PH_LEAD
    s[G_CUR] = 0
    s[G_TOMOVE] = s[G_LEADER]
    s[P0 + s[G_LEADER] * PSZ + O_M_LED] += 1


@njit(cache=True)
def end_turn(s):
    s[G_LEADER] = (s[G_LEADER] + 1) % s[G_N]
    start_turn(s)


@njit(cache=True)
def cleanup(s):
    n = s[G_N]
    for p in range(n):
        b = P0 + p * PSZ
        if s[H_TRACE] != 0 and sum6(s, b + O_CAMP) + s[b + O_CJ] > 0:
            note(s, EV_CLEANUP, p, sum6(s, b + O_CAMP), s[b + O_CJ])
        for m in range(6):
            s[G_POOL + m] += s[b + O_CAMP + m]
            s[b + O_CAMP + m] = 0
        s[G_JPILE] += s[b + O_CJ]
        s[b + O_CJ] = 0


@njit(cache=True)
def opp_camp_jack(s, p):
    """First opponent (in order from p+1) whose camp holds a Jack, or -1."""
    n = s[G_N]
    for o in range(1, n):
        q = (p + o) % n
        if s[P0 + q * PSZ + O_CJ] > 0:
            return q
    return -1


@njit(cache=True)
def list_units(s, p, out, n, r_only):
    """CARD / JACK_AS / PETITION units for role r_only (-1: any role)."""
    bp = P0 + p * PSZ
    for k in range(NK):
        if s[bp + O_HAND + k] > 0 and (r_only < 0 or MAT[k] == r_only):
            out[n] = A_CARD + k
            n += 1
    if s[bp + O_HJ] > 0:
        for r in range(6):
            if r_only < 0 or r == r_only:
                out[n] = A_JACK + r
                n += 1
    ps = petition_size(s, p)
    for r in range(6):
        if r_only < 0 or r == r_only:
            for q in range(6):
                if s[bp + O_HMAT + q] >= ps:
                    out[n] = A_PET + 6 * r + q
                    n += 1
    if (r_only < 0 or r_only == ARCHITECT) and republic(s) and act(s, p, K_CRANE):
        n = list_hand(s, bp, A_CRANE, out, n)
    return n


@njit(cache=True)
def legal_phase(s, out):
    """Legal actions of a decision of the turn driver (empty frame stack): lead, follow, MORE,
    petition picks, Senate, Sewer."""
    n = 0
    ph = s[G_PHASE]
    p = s[G_TOMOVE]
    bp = P0 + p * PSZ
    if ph == PH_LEAD:
        out[0] = A_THINK
        return list_units(s, p, out, 1, -1)
    if ph == PH_FOLLOW:
        out[0] = A_THINK
        return list_units(s, p, out, 1, s[G_ROLE])
    if ph == PH_MORE:
        out[0] = A_PASS
        return list_units(s, p, out, 1, s[G_ROLE])
    if ph == PH_PICK:
        q = s[G_PETQ]
        for k in range(NK):
            if s[bp + O_HAND + k] > 0 and MAT[k] == q:
                out[n] = A_CARD + k
                n += 1
        return n
    if ph == PH_SENATE:
        out[0] = A_PASS
        out[1] = A_TAKE_JACK
        return 2
    if ph == PH_SEWER:
        out[0] = A_PASS
        n = 1
        n = list_materials(s, bp + O_CAMP, out, n)
        return n
    return 0


@njit(cache=True)
def unit_done(s, p):
    """After a lead/follow unit: Palace offers MORE, else the next player (§3.3)."""
    if act(s, p, K_PALACE):
        s[G_PHASE] = PH_MORE
    else:
        s[G_PHASE] = PH_FOLLOW
        s[G_CUR] += 1


@njit(cache=True)
def apply_unit(s, p, a):
    """CARD / JACK_AS / PETITION as a lead/follow unit."""
    bp = P0 + p * PSZ
    s[bp + O_UNITS] += 1
    s[bp + O_LOF] = 1
    if a >= A_CRANE:
        k = a - A_CRANE
        hand_rem(s, p, k)
        s[bp + O_CAMP + MAT[k]] += 1
        if s[G_ROLE] < 0:
            s[G_ROLE] = ARCHITECT
        unit_done(s, p)
    elif a < A_JACK:
        k = a - A_CARD
        hand_rem(s, p, k)
        s[bp + O_CAMP + MAT[k]] += 1
        if s[G_ROLE] < 0:
            s[G_ROLE] = MAT[k]
        unit_done(s, p)
    elif a < A_PET:
        s[bp + O_HJ] -= 1
        s[bp + O_CJ] += 1
        if s[G_ROLE] < 0:
            s[G_ROLE] = a - A_JACK
        unit_done(s, p)
    else:
        r = (a - A_PET) // 6
        q = (a - A_PET) % 6
        if s[G_ROLE] < 0:
            s[G_ROLE] = r
        s[G_PETLEFT] = petition_size(s, p)
        s[G_PETQ] = q
        s[G_PHASE] = PH_PICK


@njit(cache=True)
def apply_phase(s, a):
    ph = s[G_PHASE]
    p = s[G_TOMOVE]
    bp = P0 + p * PSZ
    if ph == PH_LEAD:
        if a == A_THINK:
            s[bp + O_M_LTHINK] += 1
            s[G_PHASE] = PH_LEADTHINK
            push(s, p, FK_THINK, 6, 1, 0)
            return
        apply_unit(s, p, a)
        return
    if ph == PH_FOLLOW:
        s[G_CUR] += 1
        if a == A_THINK:
            s[bp + O_M_THINK] += 1
            push(s, p, FK_THINK, 6, 1, 0)
            return
        s[G_CUR] -= 1
        s[bp + O_M_FOLLOW] += 1
        apply_unit(s, p, a)
        return
    if ph == PH_MORE:
        if a == A_PASS:
            s[G_PHASE] = PH_FOLLOW
            s[G_CUR] += 1
            return
        apply_unit(s, p, a)
        return
    if ph == PH_PICK:
        k = a - A_CARD
        hand_rem(s, p, k)
        s[bp + O_CAMP + MAT[k]] += 1
        s[G_PETLEFT] -= 1
        if s[G_PETLEFT] <= 0:
            unit_done(s, p)
        return
    if ph == PH_SENATE:
        if a == A_PASS:
            s[G_CUR] += 1
            return
        q = opp_camp_jack(s, p)
        s[P0 + q * PSZ + O_CJ] -= 1
        s[bp + O_HJ] += 1
        return
    if ph == PH_SEWER:
        if a == A_PASS:
            s[G_CUR] += 1
            return
        m = a - A_MAT
        s[bp + O_CAMP + m] -= 1
        s[bp + O_STOCK + m] += 1
        return


@njit(cache=True)
def settle(s):
    """Run automatic steps until the next decision (or the end of the game)."""
    while s[G_OVER] == 0:
        sp = s[G_SP]
        if sp > 0:
            f = G_STACK + (sp - 1) * FSZ
            kind = s[f + F_KIND]
            own = s[f + F_OWN]
            step = s[f + F_STEP]
            if kind == FK_THINK:
                if step == 0 and s[f + F_USED] >= s[f + F_N]:
                    pop(s)
                    continue
                s[G_TOMOVE] = own
                return
            if kind == FK_PRISON:
                s[G_TOMOVE] = own
                return
            if step == 0:
                if budget(s, f) - s[f + F_USED] <= 0:
                    if s[f + F_ROLE] == LEGIONARY:
                        begin_resolution(s, f)
                    else:
                        pop(s)
                    continue
                s[G_TOMOVE] = own
                return
            if s[f + F_ROLE] != LEGIONARY:
                s[G_TOMOVE] = own
            return
        ph = s[G_PHASE]
        n = s[G_N]
        L = s[G_LEADER]
        cur = s[G_CUR]
        if ph == PH_LEAD or ph == PH_MORE or ph == PH_PICK:
            s[G_TOMOVE] = (L + cur) % n
            return
        if ph == PH_FOLLOW:
            if cur >= n:
                s[G_PHASE] = PH_ACTIONS
                s[G_CUR] = 0
                continue
            s[G_TOMOVE] = (L + cur) % n
            return
        if ph == PH_ACTIONS:
            if cur < n:
                s[G_CUR] = cur + 1
                push(s, (L + cur) % n, FK_REG, s[G_ROLE], 0, 0)
                continue
            s[G_PHASE] = PH_SENATE
            s[G_CUR] = 0
            continue
        if ph == PH_SENATE:
            found = False
            while s[G_CUR] < n:
                p = (L + s[G_CUR]) % n
                if act(s, p, K_SENATE) and not republic(s) and opp_camp_jack(s, p) >= 0:
                    found = True
                    break
                s[G_CUR] += 1
            if found:
                s[G_TOMOVE] = p
                return
            s[G_PHASE] = PH_SEWER
            s[G_CUR] = 0
            continue
        if ph == PH_SEWER:
            found = False
            while s[G_CUR] < n:
                p = (L + s[G_CUR]) % n
                if act(s, p, K_SEWER) and sum6(s, P0 + p * PSZ + O_CAMP) > 0:
                    found = True
                    break
                s[G_CUR] += 1
            if found:
                s[G_TOMOVE] = p
                return
            cleanup(s)
            s[G_PHASE] = PH_ACADEMY
            s[G_CUR] = 0
            continue
        if ph == PH_ACADEMY:
            pushed = False
            while s[G_CUR] < n:
                p = (L + s[G_CUR]) % n
                s[G_CUR] += 1
                if act(s, p, K_ACADEMY) and s[P0 + p * PSZ + O_DIDC] != 0:
                    push(s, p, FK_THINK, 6, 1, 1)
                    pushed = True
                    break
            if not pushed:
                end_turn(s)
            continue
        if ph == PH_LEADTHINK:
            if prm(s, P_ALL_THINK) != 0:
                s[G_PHASE] = PH_ALLTHINK
                s[G_CUR] = 1
            else:
                end_turn(s)
            continue
        if ph == PH_ALLTHINK:
            if cur < n:
                s[G_CUR] = cur + 1
                push(s, (L + cur) % n, FK_THINK, 6, 1, 0)
                continue
            end_turn(s)
            continue
        return
