"""Laborer (§4.2): L1 a pool card to the stockpile (or, with Dock, a hand card); L2 after a pool
take with Dock: one hand card to the stockpile.
"""
from numba import njit

from ..actions import A_PASS, A_CARD, A_JACK, A_MAT
from ..board import MAT, K_DOCK
from ..state import *  # noqa: F401,F403  (layout constants, pb, prm, republic)
from .cards import hand_rem, list_hand, list_materials
from .frames import pop, use
from .powers import act


@njit(cache=True)
def legal_laborer(s, f, p, out):
    bp = P0 + p * PSZ
    step = s[f + F_STEP]
    out[0] = A_PASS
    n = 1
    if act(s, p, K_DOCK):
        n = list_hand(s, bp, A_CARD, out, n)
    if step == 0:
        n = list_materials(s, G_POOL, out, n)
    return n


@njit(cache=True)
def apply_laborer(s, f, p, a):
    bp = P0 + p * PSZ
    step = s[f + F_STEP]
    if a == A_PASS:
        if step == 0:
            pop(s)
        else:
            s[f + F_STEP] = 0
        return
    if a < A_JACK:
        k = a - A_CARD
        hand_rem(s, p, k)
        s[bp + O_STOCK + MAT[k]] += 1
        if step == 0:
            use(s, f, 1)
        s[f + F_STEP] = 0
        return
    m = a - A_MAT
    use(s, f, 1)
    s[G_POOL + m] -= 1
    s[bp + O_STOCK + m] += 1
    if act(s, p, K_DOCK) and s[bp + O_HN] > 0:
        s[f + F_STEP] = 1
