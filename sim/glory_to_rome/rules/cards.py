"""Cards in zones (§1, §3.1): moving order cards in and out of a hand, the deck's top card, counts
of the 6-material zones, and listing a hand or a zone as action ids.
"""
from numba import njit

from ..actions import A_MAT
from ..board import MAT, NK
from ..state import *  # noqa: F401,F403  (layout constants, pb, prm, republic)


@njit(cache=True)
def hand_add(s, p, k):
    b = P0 + p * PSZ
    s[b + O_HAND + k] += 1
    s[b + O_HN] += 1
    s[b + O_HMAT + MAT[k]] += 1


@njit(cache=True)
def hand_rem(s, p, k):
    b = P0 + p * PSZ
    s[b + O_HAND + k] -= 1
    s[b + O_HN] -= 1
    s[b + O_HMAT + MAT[k]] -= 1


@njit(cache=True)
def hand_size(s, p):
    b = P0 + p * PSZ
    return s[b + O_HN] + s[b + O_HJ]


@njit(cache=True)
def sum6(s, o):
    return s[o] + s[o + 1] + s[o + 2] + s[o + 3] + s[o + 4] + s[o + 5]


@njit(cache=True)
def n_clients(s, p):
    return sum6(s, P0 + p * PSZ + O_CLI)


@njit(cache=True)
def n_vault(s, p):
    return sum6(s, P0 + p * PSZ + O_VAULT)


@njit(cache=True)
def deck_left(s):
    return 144 - s[G_DTOP]


@njit(cache=True)
def pop_deck(s):
    """Top card of the deck (kind); sets the deck event when the deck becomes empty."""
    t = s[G_DTOP]
    k = s[G_DECK + t]
    s[G_DTOP] = t + 1
    if t + 1 >= 144:
        s[G_EVT_DECK] = 1
    return k


@njit(cache=True, inline="always")
def list_hand(s, bp, base, out, n):
    """Append base + k for every card kind k in the hand at bp (one id per kind held)."""
    for k in range(NK):
        if s[bp + O_HAND + k] > 0:
            out[n] = base + k
            n += 1
    return n


@njit(cache=True, inline="always")
def list_materials(s, off, out, n):
    """Append A_MAT + m for every material m present at offset off (pool or a stockpile)."""
    for m in range(6):
        if s[off + m] > 0:
            out[n] = A_MAT + m
            n += 1
    return n
