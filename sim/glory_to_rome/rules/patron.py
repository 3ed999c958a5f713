"""Patron (§4.3): hire from the pool (P1), the top deck card with Bar (P2), a hand card with
Aqueduct (P3); every hire checks the clientele limit and, with Bath, pushes a BATH frame.
"""
from numba import njit

from sim.layout import note
from ..actions import A_PASS, A_BAR, A_CARD, A_JACK, A_MAT, EV_BATH
from ..board import MAT, K_BAR, K_AQUEDUCT, K_BATH
from ..state import *  # noqa: F401,F403  (layout constants, pb, prm, republic)
from .cards import hand_rem, deck_left, pop_deck, list_hand, list_materials
from .frames import push, pop, use
from .limits import client_room
from .powers import act


@njit(cache=True)
def hire(s, p, r):
    """A new fresh client of role r; pushes BATH(p, r) when Bath is active."""
    bp = P0 + p * PSZ
    s[bp + O_CLI + r] += 1
    s[bp + O_FRESH + r] += 1
    if act(s, p, K_BATH) and s[G_EVT_DECK] == 0:
        note(s, EV_BATH, p, r, 0)
        push(s, p, FK_BATH, r, 1, 0)


@njit(cache=True)
def legal_patron(s, f, p, out):
    bp = P0 + p * PSZ
    step = s[f + F_STEP]
    out[0] = A_PASS
    n = 1
    if not client_room(s, p):
        return n
    if step <= 1 and act(s, p, K_BAR) and deck_left(s) > 0:
        out[n] = A_BAR
        n += 1
    if (step == 0 or step == 2) and act(s, p, K_AQUEDUCT):
        n = list_hand(s, bp, A_CARD, out, n)
    if step == 0:
        n = list_materials(s, G_POOL, out, n)
    return n


@njit(cache=True)
def apply_patron(s, f, p, a):
    step = s[f + F_STEP]
    if a == A_PASS:
        if step == 0:
            pop(s)
        elif step == 1:
            s[f + F_STEP] = 2 if act(s, p, K_AQUEDUCT) else 0
        else:
            s[f + F_STEP] = 0
        return
    if step == 0:
        use(s, f, 1)
    if a == A_BAR:
        k = pop_deck(s)
        s[f + F_STEP] = 2 if act(s, p, K_AQUEDUCT) else 0
        hire(s, p, MAT[k])
    elif a < A_JACK:
        k = a - A_CARD
        hand_rem(s, p, k)
        s[f + F_STEP] = 0
        hire(s, p, MAT[k])
    else:
        m = a - A_MAT
        s[G_POOL + m] -= 1
        if act(s, p, K_BAR):
            s[f + F_STEP] = 1
        elif act(s, p, K_AQUEDUCT):
            s[f + F_STEP] = 2
        else:
            s[f + F_STEP] = 0
        hire(s, p, m)
