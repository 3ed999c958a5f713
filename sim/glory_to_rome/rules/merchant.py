"""Merchant (§4.5): M1 a stockpile card to the vault (or the top deck card face down with Atrium,
or a hand card face down with Basilica); M2 after it, with Basilica: one hand card. Cards that go
in face down are counted in O_VHID (hidden from the other players), Atrium ones also in O_VATR
(hidden from their owner too, A9).
"""
from numba import njit

from ..actions import A_PASS, A_ATRIUM, A_CARD, A_JACK, A_MAT
from ..board import MAT, K_ATRIUM, K_BASILICA
from ..state import *  # noqa: F401,F403  (layout constants, pb, prm, republic)
from .cards import hand_rem, deck_left, pop_deck, list_hand, list_materials
from .frames import pop, use
from .limits import vault_room
from .powers import act


@njit(cache=True)
def legal_merchant(s, f, p, out):
    bp = P0 + p * PSZ
    step = s[f + F_STEP]
    out[0] = A_PASS
    n = 1
    if not vault_room(s, p):
        return n
    if step == 0 and act(s, p, K_ATRIUM) and deck_left(s) > 0:
        out[n] = A_ATRIUM
        n += 1
    if act(s, p, K_BASILICA):
        n = list_hand(s, bp, A_CARD, out, n)
    if step == 0:
        n = list_materials(s, bp + O_STOCK, out, n)
    return n


@njit(cache=True)
def apply_merchant(s, f, p, a):
    bp = P0 + p * PSZ
    step = s[f + F_STEP]
    if a == A_PASS:
        if step == 0:
            pop(s)
        else:
            s[f + F_STEP] = 0
        return
    if a < A_JACK and a >= A_CARD:
        k = a - A_CARD
        hand_rem(s, p, k)
        s[bp + O_VAULT + MAT[k]] += 1
        s[bp + O_VHID + MAT[k]] += 1
        if step == 0:
            use(s, f, 1)
        s[f + F_STEP] = 0
        return
    use(s, f, 1)
    if a == A_ATRIUM:
        k = pop_deck(s)
        s[bp + O_VAULT + MAT[k]] += 1
        s[bp + O_VHID + MAT[k]] += 1
        s[bp + O_VATR + MAT[k]] += 1
    else:
        m = a - A_MAT
        s[bp + O_STOCK + m] -= 1
        s[bp + O_VAULT + m] += 1
    if act(s, p, K_BASILICA) and s[bp + O_HN] > 0:
        s[f + F_STEP] = 1
