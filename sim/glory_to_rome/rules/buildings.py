"""Sites, foundations, materials and completion (§5.1), the on-completion effects (§5.3:
Amphitheatre, Foundry, Garden, School, Catacomb, Prison) and the Prison's steal.

Catacomb: completing it sets the Catacomb end event (on_completion), which end.py turns into the
end of the game. Statue's any-site foundation: list_foundations / found (STATUE_IN/OUT).
"""
from numba import njit

from sim.layout import note
from ..actions import A_PASS, A_FIN, A_FOUT, A_STIN, A_STOUT, A_TARGET, EV_COMPLETE, EV_BONUS
from ..board import (MAT, VAL, NK, LABORER, CRAFTSMAN, PATRON, K_TOWER, K_ROAD, K_SCRIPTORIUM,
                     K_VILLA, K_CATACOMB, K_AMPHITHEATRE, K_FOUNDRY, K_GARDEN, K_SCHOOL, K_PRISON,
                     K_STATUE)
from ..params import P_OOT_COST, P_TOWER_OOT_COST
from ..state import *  # noqa: F401,F403  (layout constants, pb, prm, republic)
from .cards import hand_rem, sum6
from .frames import push, pop, use
from .powers import act, power_on, refresh_active


@njit(cache=True)
def oot_cost(s, p):
    if act(s, p, K_TOWER):
        return prm(s, P_TOWER_OOT_COST)
    return prm(s, P_OOT_COST)


@njit(cache=True)
def legal_add(s, p, b, m):
    """Material m may go into p's own unfinished building b (§5.1)."""
    site = s[P0 + p * PSZ + O_BSITE + b]
    mk = MAT[b]
    if m == mk or m == site:
        return True
    if m == 0 and act(s, p, K_TOWER):
        return True
    if (mk == 4 or site == 4) and act(s, p, K_ROAD):
        return True
    if m == 5 and act(s, p, K_SCRIPTORIUM):
        return True
    return False


@njit(cache=True)
def complete_building(s, p, b):
    bp = P0 + p * PSZ
    s[bp + O_BST + b] = 2
    s[bp + O_INFL] += VAL[s[bp + O_BSITE + b]]
    s[bp + O_BTURN + b] = s[G_TURN]
    note(s, EV_COMPLETE, p, b, VAL[s[bp + O_BSITE + b]])
    refresh_active(s)
    on_completion(s, p, b)


@njit(cache=True)
def on_completion(s, p, b):
    if not power_on(s, p, b):
        return
    infl = s[P0 + p * PSZ + O_INFL]
    if b == K_CATACOMB:
        s[G_EVT_CATA] = 1
    elif b == K_AMPHITHEATRE:
        note(s, EV_BONUS, p, CRAFTSMAN, infl)
        push(s, p, FK_BONUS, CRAFTSMAN, infl, 0)
    elif b == K_FOUNDRY:
        note(s, EV_BONUS, p, LABORER, infl)
        push(s, p, FK_BONUS, LABORER, infl, 0)
    elif b == K_GARDEN:
        note(s, EV_BONUS, p, PATRON, infl)
        push(s, p, FK_BONUS, PATRON, infl, 0)
    elif b == K_SCHOOL:
        note(s, EV_BONUS, p, 6, infl)
        push(s, p, FK_THINK, 6, infl, 1)
    elif b == K_PRISON:
        push(s, p, FK_PRISON, 6, 0, 0)


@njit(cache=True)
def add_material(s, p, b, m, architect):
    bp = P0 + p * PSZ
    s[bp + O_BMAT + b] += 1
    if m == 5 and s[bp + O_BMARB + b] == 0:
        s[bp + O_BMARB + b] = 1
        refresh_active(s)
    done = s[bp + O_BMAT + b] >= VAL[s[bp + O_BSITE + b]]
    if not done and m == 5 and act(s, p, K_SCRIPTORIUM):
        done = True
    if not done and b == K_VILLA and architect and power_on(s, p, K_VILLA):
        done = True
    if done:
        complete_building(s, p, b)


@njit(cache=True)
def lay_foundation(s, p, k, site, out):
    bp = P0 + p * PSZ
    if out:
        s[G_SOUT + site] -= 1
    else:
        s[G_SIN + site] -= 1
    s[bp + O_BST + k] = 1
    s[bp + O_BSITE + k] = site
    s[bp + O_BMAT + k] = 0
    s[bp + O_BMARB + k] = 0
    if MAT[k] == 5:
        refresh_active(s)
    if not out and sum6(s, G_SIN) == 0:
        s[G_EVT_SITE] = 1


@njit(cache=True)
def list_foundations(s, p, out, n, rem, k_only):
    """FOUND_IN/FOUND_OUT/STATUE_* for hand cards (k_only >= 0: only that card)."""
    bp = P0 + p * PSZ
    cost = oot_cost(s, p)
    for k in range(NK):
        if k == K_STATUE:
            continue
        if (k_only < 0 and s[bp + O_HAND + k] > 0) or k == k_only:
            if s[bp + O_BST + k] == 0 and s[G_SIN + MAT[k]] > 0:
                out[n] = A_FIN + k
                n += 1
    for k in range(NK):
        if k == K_STATUE:
            continue
        if (k_only < 0 and s[bp + O_HAND + k] > 0) or k == k_only:
            if s[bp + O_BST + k] == 0 and s[G_SOUT + MAT[k]] > 0 and rem >= cost:
                out[n] = A_FOUT + k
                n += 1
    if ((k_only < 0 and s[bp + O_HAND + K_STATUE] > 0) or k_only == K_STATUE) and \
            s[bp + O_BST + K_STATUE] == 0:
        for m in range(6):
            if s[G_SIN + m] > 0:
                out[n] = A_STIN + m
                n += 1
        if rem >= cost:
            for m in range(6):
                if s[G_SOUT + m] > 0:
                    out[n] = A_STOUT + m
                    n += 1
    return n


@njit(cache=True)
def found(s, p, f, a, fountain):
    """Lay a foundation (FOUND_IN/OUT, STATUE_IN/OUT); charges the frame's actions."""
    if a < A_FOUT:
        k = a - A_FIN
        site = MAT[k]
        out = False
    elif a < A_STIN:
        k = a - A_FOUT
        site = MAT[k]
        out = True
    elif a < A_STOUT:
        k = K_STATUE
        site = a - A_STIN
        out = False
    else:
        k = K_STATUE
        site = a - A_STOUT
        out = True
    hand_rem(s, p, k)
    cost = oot_cost(s, p) if out else 1
    if fountain:
        cost -= 1
    if cost > 0:
        use(s, f, cost)
    lay_foundation(s, p, k, site, out)


@njit(cache=True)
def legal_prison(s, p, out):
    """PRISON frame (§5.3): TARGET(o, b), a completed building of an opponent whose kind p owns in
    no state, or PASS."""
    bp = P0 + p * PSZ
    out[0] = A_PASS
    n = 1
    N = s[G_N]
    for o in range(1, N):
        v = (p + o) % N
        bv = P0 + v * PSZ
        for b in range(NK):
            if s[bv + O_BST + b] == 2 and s[bp + O_BST + b] == 0:
                out[n] = A_TARGET + 40 * (o - 1) + b
                n += 1
    return n


@njit(cache=True)
def apply_prison(s, p, a):
    """The steal (§5.3): b moves to p as complete with its materials and public flag; p pays the
    victim 3 Influence; b's on-completion effect triggers for p."""
    pop(s)
    if a == A_PASS:
        return
    N = s[G_N]
    bp = P0 + p * PSZ
    o = (a - A_TARGET) // 40 + 1
    b = (a - A_TARGET) % 40
    v = (p + o) % N
    bv = P0 + v * PSZ
    s[bp + O_BST + b] = 2
    s[bp + O_BSITE + b] = s[bv + O_BSITE + b]
    s[bp + O_BMAT + b] = s[bv + O_BMAT + b]
    s[bp + O_BMARB + b] = s[bv + O_BMARB + b]
    s[bp + O_PUB + b] = s[bv + O_PUB + b]
    s[bp + O_STOLEN + b] = 1
    s[bp + O_BTURN + b] = s[G_TURN]
    s[bv + O_BST + b] = 0
    s[bv + O_BSITE + b] = 0
    s[bv + O_BMAT + b] = 0
    s[bv + O_BMARB + b] = 0
    s[bv + O_PUB + b] = 0
    s[bv + O_STOLEN + b] = 0
    s[bv + O_BTURN + b] = -1
    s[bp + O_INFL] -= 3
    s[bv + O_INFL] += 3
    refresh_active(s)
    on_completion(s, p, b)
