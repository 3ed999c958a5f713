"""Craftsman (§4.6): C1 found from hand, BUILD(b) then C2 a hand card for b, or FOUNTAIN then F1
with the top deck card (found it, add it, or keep it).
"""
from numba import njit

from ..actions import A_PASS, A_FOUNTAIN, A_CARD, A_BUILD
from ..board import MAT, NK, K_FOUNTAIN
from ..state import *  # noqa: F401,F403  (layout constants, pb, prm, republic)
from .buildings import legal_add, add_material, list_foundations, found
from .cards import hand_add, hand_rem, deck_left, pop_deck
from .frames import pop, use, remaining
from .powers import act


@njit(cache=True)
def legal_craftsman(s, f, p, out):
    bp = P0 + p * PSZ
    step = s[f + F_STEP]
    n = 0
    if step == ST_FIRST:
        out[0] = A_PASS
        n = 1
        if act(s, p, K_FOUNTAIN) and deck_left(s) > 0:
            out[n] = A_FOUNTAIN
            n += 1
        n = list_foundations(s, p, out, n, remaining(s, f), -1)
        for b in range(NK):
            if s[bp + O_BST + b] == 1:
                for m in range(6):
                    if s[bp + O_HMAT + m] > 0 and legal_add(s, p, b, m):
                        out[n] = A_BUILD + b
                        n += 1
                        break
        return n
    if step == ST_C2:
        b = s[f + F_A1]
        for k in range(NK):
            if s[bp + O_HAND + k] > 0 and legal_add(s, p, b, MAT[k]):
                out[n] = A_CARD + k
                n += 1
        return n
    # ST_F1: the Fountain card c
    c = s[f + F_A1]
    out[0] = A_PASS
    n = 1
    n = list_foundations(s, p, out, n, remaining(s, f) + 1, c)
    for b in range(NK):
        if s[bp + O_BST + b] == 1 and legal_add(s, p, b, MAT[c]):
            out[n] = A_BUILD + b
            n += 1
    return n


@njit(cache=True)
def apply_craftsman(s, f, p, a):
    bp = P0 + p * PSZ
    step = s[f + F_STEP]
    if step == ST_FIRST:
        if a == A_PASS:
            pop(s)
            return
        s[bp + O_DIDC] = 1
        if a == A_FOUNTAIN:
            use(s, f, 1)
            k = pop_deck(s)
            hand_add(s, p, k)
            s[f + F_A1] = k
            s[f + F_STEP] = ST_F1
            return
        if a >= A_BUILD:
            use(s, f, 1)
            s[f + F_A1] = a - A_BUILD
            s[f + F_STEP] = ST_C2
            return
        found(s, p, f, a, False)
        return
    if step == ST_C2:
        k = a - A_CARD
        b = s[f + F_A1]
        hand_rem(s, p, k)
        s[f + F_STEP] = 0
        add_material(s, p, b, MAT[k], False)
        return
    # ST_F1
    c = s[f + F_A1]
    s[f + F_STEP] = 0
    if a == A_PASS:
        return
    if a >= A_BUILD:
        hand_rem(s, p, c)
        add_material(s, p, a - A_BUILD, MAT[c], False)
        return
    found(s, p, f, a, True)
