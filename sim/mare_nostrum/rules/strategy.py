"""The strategy phase (§4.6): moves, attacks, titans' ranged attacks, pillage (Achilles,
Nebuchadnezzar, Mausoleum) and take-overs.
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
from .build import *  # noqa: F401,F403


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
def pillage_target(S, o, v):
    return alone_foreign(S, o, v)


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
            if u == 1 and not creature_moves_as_legion(S, P, o):
                continue
            if not done_dest:
                land_destinations(S, P, o, v, dest)
                done_dest = True
            for w in range(NP):
                if dest[w] == 1 and not (S[ATTACKED + w] == 1 and enemies_remain(S, o, w)):
                    n = push(out, n, A_MOVE_LAND + 1681 * u + 41 * v + w)
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
                n = push(out, n, A_MOVE_FLEET + 12 * s + t)
    if m and c == CIV_BABYLON and creature_power(S, P, o):
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
                    n = push(out, n, A_MOVE_GRIFFIN + 41 * v + w)
    if m and c == CIV_ATLANTIS and creature_power(S, P, o):
        for l in range(NL):
            if movable(S, o, l, 1) <= 0:
                continue
            for k in range(LOC_NBN[m, l]):
                y = LOC_NB[m, l, k]
                if (y >= NP or COASTAL[y] == 1) and not (S[ATTACKED + y] == 1 and enemies_remain(S, o, y)):
                    n = push(out, n, A_MOVE_KRAKEN + 53 * l + y)
            n = push(out, n, A_DIVE + l)
        if S[KRAKEN_DIVED + o] - S[KRAKEN_NEW + o] > 0:
            for s in range(NS):
                if SEA_ACTIVE[m, s] == 1:
                    n = push(out, n, A_SURFACE + s)
    if has_hero(S, P, o, H_AENEAS) and used_get(S, o, U_AENEAS) == 0:
        for s in range(NS):
            if SEA_ACTIVE[m, s] == 1:
                n = push(out, n, A_AENEAS + s)
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
                n = push(out, n, A_ATTACK + 6 * l + q)
    if m and c == CIV_ROME and creature_power(S, P, o):
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
                    n = push(out, n, A_TITAN1 + 20 * v + nn - 1)
    n = legal_gods(S, P, o, out, n)
    owed = False
    if P[P_LAND_ATTACK_MANDATORY] != 0:
        for l in range(NP):
            if S[OWED + l] == 1 and S[ATTACKED + l] == 0 and enemies_remain(S, o, l) and can_fight_at(S, o, l):
                owed = True
                break
    if not owed:
        n = push(out, n, A_DONE)
    return n


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
        q = poseidon_reactor(S, P, o)
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
        atlas = civ(S, o) == CIV_ATLANTIS and has_civ_hero(S, P, o, CH_ATLAS)
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
        q = poseidon_reactor(S, P, o)
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


@njit(cache=True)
def legal_strategy_steps(S, P, st, o, out):
    """The legal actions of this chapter's decision `st` in out[:n]; -1 if st is not one of them."""
    n = 0
    np_ = S[H_NP]
    if st == ST_PILLAGE:
        v = S[H_PILL_V]
        c = S[INFL + v] - 1
        if S[H_PILL_LEFT] != 0 and not has_wonder(S, P, c, W_MAUSOLEUM):
            for i in range(3):
                if S[CARAVAN + 3 * v + i] > 0:
                    n = push(out, n, A_PILLAGE + i)
            if S[CITY + v] > 0:
                n = push(out, n, A_PILLAGE + 3)
            if S[MARKET + v] > 0:
                n = push(out, n, A_PILLAGE + 4)
            if S[TEMPLE + v] > 0:
                n = push(out, n, A_PILLAGE + 5)
        n = push(out, n, A_NOTHING)
        if takeover_ok(S, P, o, v):
            n = push(out, n, A_TAKE_OVER)
        return n
    if st == ST_TITAN2:
        src = (S[H_TWO] - A_TITAN1) // 20
        m = myth(S)
        for kk in range(LOC_NBN[m, src]):
            y = LOC_NB[m, src, kk]
            for q in range(6):
                if q != o and battle_units(S, q, y, y < NP) > 0:
                    n = push(out, n, A_TITAN2 + 6 * y + q)
        return n
    return -1


@njit(cache=True)
def apply_strategy_steps(S, P, st, o, a, rng):
    """Apply action a at this chapter's decision `st` (before the automatic steps run); False if
    st is not one of them."""
    n = S[H_NP]
    if st == ST_STRAT:
        apply_strategy(S, P, o, a, rng)
    elif st == ST_STRAT_PICK:
        start_strategy_turn(S, P, a - A_PICK_NEXT)
        S[H_PC] = PC_STRAT_TURN
    elif st == ST_PILLAGE:
        apply_pillage(S, P, o, a)
    elif st == ST_TITAN2:
        apply_strategy(S, P, o, a, rng)
    else:
        return False
    return True


@njit(cache=True)
def step_strat_init(S, P, rng):
    """The automatic step PC_STRAT_INIT of the round (advance)."""
    for o in range(6):
        S[TURN_DONE + o] = 0
    S[H_PC] = PC_STRAT_PICK


@njit(cache=True)
def step_strat_pick(S, P, rng):
    """The automatic step PC_STRAT_PICK of the round (advance)."""
    nr, last = remaining_players(S)
    if nr == 0:
        S[H_PC] = PC_END
    elif nr == 1:
        start_strategy_turn(S, P, last)
        S[H_PC] = PC_STRAT_TURN
    else:
        set_decision(S, ST_STRAT_PICK, S[ROLE + R_MILITARY])


@njit(cache=True)
def step_strat_turn(S, P, rng):
    """The automatic step PC_STRAT_TURN of the round (advance)."""
    if S[H_PM_KIND] > 0:
        finish_pending_move(S, P, rng)
    elif S[H_B_STAGE] != BS_NONE:
        battle_step(S, P, rng)
    elif S[H_TWO] >= 0:
        set_decision(S, ST_TITAN2, S[H_ACTOR])
    else:
        set_decision(S, ST_STRAT, S[H_ACTOR])


@njit(cache=True)
def step_pillage(S, P, rng):
    """The automatic step PC_PILLAGE of the round (advance)."""
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
