"""The Thinker action (§3.5): DRAW up to the hand limit (or 1), TAKE_JACK, at most one discard
(Vomitorium, Latrine), PASS when optional (School, Academy); republic Tribunal (§5.6): an optional
Jack after any Thinker action.
"""
from numba import njit

from ..actions import A_PASS, A_DRAW, A_TAKE_JACK, A_VOMIT, A_CARD
from ..board import MAT, NK, K_VOMITORIUM, K_LATRINE, K_TRIBUNAL
from ..state import *  # noqa: F401,F403  (layout constants, pb, prm, republic)
from .cards import hand_add, hand_rem, hand_size, pop_deck, list_hand
from .frames import pop
from .limits import hand_limit
from .powers import act


@njit(cache=True)
def think_draw(s, p):
    hs = hand_size(s, p)
    lim = hand_limit(s, p)
    cnt = lim - hs if hs < lim else 1
    for i in range(cnt):
        k = pop_deck(s)
        hand_add(s, p, k)
        if s[G_EVT_DECK] != 0:
            return


@njit(cache=True)
def legal_thinker(s, f, p, out):
    """Menu of THINK frame f: [PASS if optional], DRAW, TAKE_JACK, VOMIT / CARD (discards); after a
    Tribunal: PASS or TAKE_JACK."""
    bp = P0 + p * PSZ
    step = s[f + F_STEP]
    n = 0
    if step == ST_TRIB:
        out[0] = A_PASS
        out[1] = A_TAKE_JACK
        return 2
    if step == 0 and s[f + F_A1] != 0:
        out[n] = A_PASS
        n += 1
    out[n] = A_DRAW
    n += 1
    if s[G_JPILE] > 0:
        out[n] = A_TAKE_JACK
        n += 1
    if step == 0:
        if act(s, p, K_VOMITORIUM) and hand_size(s, p) > 0:
            out[n] = A_VOMIT
            n += 1
        if act(s, p, K_LATRINE):
            n = list_hand(s, bp, A_CARD, out, n)
    return n


@njit(cache=True)
def apply_thinker(s, f, p, a):
    bp = P0 + p * PSZ
    step = s[f + F_STEP]
    if step == ST_TRIB:
        if a == A_TAKE_JACK:
            s[G_JPILE] -= 1
            s[bp + O_HJ] += 1
        s[f + F_STEP] = 0
    elif a == A_PASS:
        pop(s)
    elif a == A_DRAW:
        s[f + F_USED] += 1
        s[f + F_STEP] = 0
        think_draw(s, p)
        if republic(s) and act(s, p, K_TRIBUNAL) and s[G_JPILE] > 0:
            s[f + F_STEP] = ST_TRIB
    elif a == A_TAKE_JACK:
        s[f + F_USED] += 1
        s[f + F_STEP] = 0
        s[G_JPILE] -= 1
        s[bp + O_HJ] += 1
        if republic(s) and act(s, p, K_TRIBUNAL) and s[G_JPILE] > 0:
            s[f + F_STEP] = ST_TRIB
    elif a == A_VOMIT:
        for k in range(NK):
            c = s[bp + O_HAND + k]
            if c > 0:
                s[G_POOL + MAT[k]] += c
                s[bp + O_HAND + k] = 0
        for m in range(6):
            s[bp + O_HMAT + m] = 0
        s[bp + O_HN] = 0
        s[G_JPILE] += s[bp + O_HJ]
        s[bp + O_HJ] = 0
        s[f + F_STEP] = 1
    else:
        k = a - A_CARD
        hand_rem(s, p, k)
        s[G_POOL + MAT[k]] += 1
        s[f + F_STEP] = 1
