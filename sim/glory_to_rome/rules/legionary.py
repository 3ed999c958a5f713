"""Legionary (§4.4): the declaration (G1: demands, each revealing a hand card), then its resolution
per demand: the pool card (G2), each non-immune target's card (G3) and, automatically, Bridge's
stockpile card, then Coliseum's client (G4) or, republic, Domus Aurea's foundation (G5). Targets:
the opponent(s) at 2-3 players, the neighbours from 4 (every opponent with Bridge); Wall and
Palisade (unless the attacker has Bridge) make a target immune.
"""
from numba import njit

from sim.layout import note, H_TRACE
from ..actions import A_PASS, A_TAKE, A_CARD, A_MAT, A_TARGET, EV_BRIDGE, EV_IMMUNE, EV_NO_CARD
from ..board import MAT, VAL, NK, K_BRIDGE, K_WALL, K_PALISADE, K_COLISEUM, K_DOMUS_AUREA
from ..state import *  # noqa: F401,F403  (layout constants, pb, prm, republic)
from .cards import hand_rem
from .frames import pop, use, remaining
from .limits import vault_room
from .powers import act, refresh_active


@njit(cache=True)
def is_target(s, p, t):
    n = s[G_N]
    if n <= 3:
        return True
    if t == (p + 1) % n or t == (p + n - 1) % n:
        return True
    return act(s, p, K_BRIDGE)


@njit(cache=True)
def immune(s, p, t):
    if act(s, t, K_WALL):
        return True
    return act(s, t, K_PALISADE) and not act(s, p, K_BRIDGE)


@njit(cache=True)
def domus_target(s, t, m):
    """First foundation of t of material m without materials, or -1 (republic Domus Aurea)."""
    bt = P0 + t * PSZ
    for b in range(NK):
        if s[bt + O_BST + b] == 1 and MAT[b] == m and s[bt + O_BMAT + b] == 0:
            return b
    return -1


@njit(cache=True)
def bridge_take(s, p, t, m):
    if act(s, p, K_BRIDGE):
        bt = P0 + t * PSZ
        if s[bt + O_STOCK + m] > 0:
            s[bt + O_STOCK + m] -= 1
            s[P0 + p * PSZ + O_STOCK + m] += 1
            note(s, EV_BRIDGE, p, t, m)


@njit(cache=True)
def leg_seek(s, f):
    """Move the Legionary resolution (§4.4) to its next decision, or close the frame."""
    p = s[f + F_OWN]
    n = s[G_N]
    while True:
        d = s[f + F_A1]
        if d >= s[G_NDEM]:
            pop(s)
            return
        m = s[G_DEM + d]
        pos = s[f + F_A2]
        if pos == 0:
            if s[G_POOL + m] > 0:
                s[f + F_STEP] = ST_G2
                s[G_TOMOVE] = p
                return
            pos = 1
            s[f + F_A2] = 1
        j = (pos - 1) // 2
        sub = (pos - 1) % 2
        if j >= n - 1:
            s[f + F_A1] = d + 1
            s[f + F_A2] = 0
            continue
        t = (p + 1 + j) % n
        bt = P0 + t * PSZ
        if not is_target(s, p, t) or immune(s, p, t):
            if s[H_TRACE] != 0 and is_target(s, p, t):
                note(s, EV_IMMUNE, p, t, 0)
            s[f + F_A2] = 1 + 2 * (j + 1)
            continue
        if sub == 0:
            if s[bt + O_HMAT + m] > 0:
                s[f + F_STEP] = ST_G3
                s[G_TOMOVE] = t
                return
            note(s, EV_NO_CARD, t, m, 0)
            bridge_take(s, p, t, m)
            s[f + F_A2] = pos + 1
            continue
        # sub == 1: Coliseum (imperium) / Domus Aurea (republic)
        if republic(s):
            if act(s, p, K_DOMUS_AUREA) and domus_target(s, t, m) >= 0:
                s[f + F_STEP] = ST_G5
                s[G_TOMOVE] = p
                return
        elif act(s, p, K_COLISEUM) and s[bt + O_CLI + m] > 0 and vault_room(s, p):
            s[f + F_STEP] = ST_G4
            s[G_TOMOVE] = p
            return
        s[f + F_A2] = 1 + 2 * (j + 1)


@njit(cache=True)
def begin_resolution(s, f):
    if s[G_NDEM] == 0:
        pop(s)
        return
    s[f + F_A1] = 0
    s[f + F_A2] = 0
    leg_seek(s, f)


@njit(cache=True)
def legal_legionary(s, f, p, out):
    bp = P0 + p * PSZ
    step = s[f + F_STEP]
    n = 0
    if step == 0:
        out[0] = A_PASS
        n = 1
        if s[G_NDEM] < MAX_DEM:
            for m in range(6):
                if s[bp + O_HMAT + m] > s[bp + O_REV + m]:
                    out[n] = A_MAT + m
                    n += 1
        return n
    if step == ST_G2 or step == ST_G4:
        out[0] = A_PASS
        out[1] = A_TAKE
        return 2
    if step == ST_G5:
        N = s[G_N]
        j = (s[f + F_A2] - 1) // 2
        t = (p + 1 + j) % N
        bt = P0 + t * PSZ
        m = s[G_DEM + s[f + F_A1]]
        out[0] = A_PASS
        n = 1
        for b in range(NK):
            if s[bt + O_BST + b] == 1 and MAT[b] == m and s[bt + O_BMAT + b] == 0:
                out[n] = A_TARGET + 40 * j + b
                n += 1
        return n
    # ST_G3: the target gives a card of the demanded material
    N = s[G_N]
    j = (s[f + F_A2] - 1) // 2
    t = (p + 1 + j) % N
    bt = P0 + t * PSZ
    m = s[G_DEM + s[f + F_A1]]
    for k in range(NK):
        if s[bt + O_HAND + k] > 0 and MAT[k] == m:
            out[n] = A_CARD + k
            n += 1
    return n


@njit(cache=True)
def apply_legionary(s, f, p, a):
    bp = P0 + p * PSZ
    step = s[f + F_STEP]
    N = s[G_N]
    if step == 0:
        if a == A_PASS:
            begin_resolution(s, f)
            return
        m = a - A_MAT
        s[G_DEM + s[G_NDEM]] = m
        s[G_NDEM] += 1
        s[bp + O_REV + m] += 1
        use(s, f, 1)
        if remaining(s, f) <= 0 or s[G_NDEM] >= MAX_DEM:
            begin_resolution(s, f)
        return
    m = s[G_DEM + s[f + F_A1]]
    if step == ST_G2:
        if a == A_TAKE:
            s[G_POOL + m] -= 1
            s[bp + O_STOCK + m] += 1
        s[f + F_A2] = 1
        leg_seek(s, f)
        return
    j = (s[f + F_A2] - 1) // 2
    t = (p + 1 + j) % N
    bt = P0 + t * PSZ
    if step == ST_G3:
        k = a - A_CARD
        hand_rem(s, t, k)
        s[bp + O_STOCK + m] += 1
        bridge_take(s, p, t, m)
        s[f + F_A2] += 1
        leg_seek(s, f)
        return
    if step == ST_G5:
        if a != A_PASS:
            b = (a - A_TARGET) % 40
            site = s[bt + O_BSITE + b]
            s[bt + O_BST + b] = 0
            s[bt + O_BSITE + b] = 0
            s[bt + O_BMARB + b] = 0
            s[bp + O_STOCK + MAT[b]] += 1
            s[bp + O_INFL] += VAL[site]
            s[bp + O_DAGAIN] += VAL[site]
            s[G_SGONE] += 1
            refresh_active(s)
        s[f + F_A2] = 1 + 2 * (j + 1)
        leg_seek(s, f)
        return
    # ST_G4 Coliseum
    if a == A_TAKE:
        s[bt + O_CLI + m] -= 1
        if s[bt + O_FRESH + m] > 0:
            s[bt + O_FRESH + m] -= 1
        s[bp + O_VAULT + m] += 1
    s[f + F_A2] = 1 + 2 * (j + 1)
    leg_seek(s, f)
