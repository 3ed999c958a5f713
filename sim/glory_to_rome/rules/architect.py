"""Architect (§4.7): A1 found from hand, BUILD(b) then A2 a stockpile (or, with Archway, pool)
material for b; Stairway (§5.3): S1 pick an opponent's completed building, S2 the material that
makes it public, after the main part (ST_SCHECK) or instead of it (STAIRWAY).
"""
from numba import njit

from ..actions import A_PASS, A_STAIRWAY, A_MAT, A_POOLMAT, A_BUILD, A_TARGET
from ..board import MAT, NK, K_ARCHWAY, K_STAIRWAY, K_TOWER, K_ROAD
from ..state import *  # noqa: F401,F403  (layout constants, pb, prm, republic)
from .buildings import legal_add, add_material, list_foundations, found
from .frames import pop, use, remaining
from .powers import act, refresh_active


@njit(cache=True)
def stair_legal(s, p, v, b, m):
    """Material m fits v's building b under p's own add rule without Scriptorium (§5.3)."""
    site = s[P0 + v * PSZ + O_BSITE + b]
    mk = MAT[b]
    if m == mk or m == site:
        return True
    if m == 0 and act(s, p, K_TOWER):
        return True
    if (mk == 4 or site == 4) and act(s, p, K_ROAD):
        return True
    return False


@njit(cache=True)
def stair_target_ok(s, p, v, b):
    bv = P0 + v * PSZ
    if s[bv + O_BST + b] != 2 or s[bv + O_PUB + b] != 0:
        return False
    bp = P0 + p * PSZ
    arch = act(s, p, K_ARCHWAY)
    for m in range(6):
        if (s[bp + O_STOCK + m] > 0 or (arch and s[G_POOL + m] > 0)) and stair_legal(s, p, v, b, m):
            return True
    return False


@njit(cache=True)
def stair_use_exists(s, p):
    if not act(s, p, K_STAIRWAY):
        return False
    n = s[G_N]
    for o in range(1, n):
        v = (p + o) % n
        for b in range(NK):
            if stair_target_ok(s, p, v, b):
                return True
    return False


@njit(cache=True)
def legal_architect(s, f, p, out):
    bp = P0 + p * PSZ
    step = s[f + F_STEP]
    n = 0
    arch = act(s, p, K_ARCHWAY)
    if step == ST_FIRST:
        out[0] = A_PASS
        n = 1
        if stair_use_exists(s, p):
            out[n] = A_STAIRWAY
            n += 1
        n = list_foundations(s, p, out, n, remaining(s, f), -1)
        for b in range(NK):
            if s[bp + O_BST + b] == 1:
                for m in range(6):
                    if (s[bp + O_STOCK + m] > 0 or (arch and s[G_POOL + m] > 0)) and \
                            legal_add(s, p, b, m):
                        out[n] = A_BUILD + b
                        n += 1
                        break
        return n
    if step == ST_A2:
        b = s[f + F_A1]
        for m in range(6):
            if s[bp + O_STOCK + m] > 0 and legal_add(s, p, b, m):
                out[n] = A_MAT + m
                n += 1
        if arch:
            for m in range(6):
                if s[G_POOL + m] > 0 and legal_add(s, p, b, m):
                    out[n] = A_POOLMAT + m
                    n += 1
        return n
    if step == ST_SCHECK or step == ST_S1:
        if step == ST_SCHECK:
            out[0] = A_PASS
            n = 1
        if act(s, p, K_STAIRWAY):
            N = s[G_N]
            for o in range(1, N):
                v = (p + o) % N
                for b in range(NK):
                    if stair_target_ok(s, p, v, b):
                        out[n] = A_TARGET + 40 * (o - 1) + b
                        n += 1
        return n
    # ST_S2
    N = s[G_N]
    v = (p + s[f + F_A1]) % N
    b = s[f + F_A2]
    for m in range(6):
        if s[bp + O_STOCK + m] > 0 and stair_legal(s, p, v, b, m):
            out[n] = A_MAT + m
            n += 1
    if arch:
        for m in range(6):
            if s[G_POOL + m] > 0 and stair_legal(s, p, v, b, m):
                out[n] = A_POOLMAT + m
                n += 1
    return n


@njit(cache=True)
def apply_architect(s, f, p, a):
    bp = P0 + p * PSZ
    step = s[f + F_STEP]
    if step == ST_FIRST:
        if a == A_PASS:
            pop(s)
            return
        if a == A_STAIRWAY:
            use(s, f, 1)
            s[f + F_STEP] = ST_S1
            return
        if a >= A_BUILD:
            use(s, f, 1)
            s[f + F_A1] = a - A_BUILD
            s[f + F_STEP] = ST_A2
            return
        s[f + F_STEP] = ST_SCHECK
        found(s, p, f, a, False)
        return
    if step == ST_A2:
        b = s[f + F_A1]
        s[f + F_STEP] = ST_SCHECK
        if a >= A_POOLMAT:
            m = a - A_POOLMAT
            s[G_POOL + m] -= 1
        else:
            m = a - A_MAT
            s[bp + O_STOCK + m] -= 1
        add_material(s, p, b, m, True)
        return
    if step == ST_SCHECK or step == ST_S1:
        if a == A_PASS:
            s[f + F_STEP] = 0
            return
        s[f + F_A1] = (a - A_TARGET) // 40 + 1
        s[f + F_A2] = (a - A_TARGET) % 40
        s[f + F_STEP] = ST_S2
        return
    # ST_S2: the Stairway material goes under the opponent's building, which becomes public
    N = s[G_N]
    v = (p + s[f + F_A1]) % N
    b = s[f + F_A2]
    bv = P0 + v * PSZ
    if a >= A_POOLMAT:
        m = a - A_POOLMAT
        s[G_POOL + m] -= 1
    else:
        m = a - A_MAT
        s[bp + O_STOCK + m] -= 1
    s[bv + O_BMAT + b] += 1
    if m == 5:
        s[bv + O_BMARB + b] = 1
    s[bv + O_PUB + b] = 1
    s[f + F_STEP] = 0
    refresh_active(s)
