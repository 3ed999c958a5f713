"""What one seat can see of a Mare Nostrum state, so that players never peek (§4.7).

Hidden from seat p: the opponents' hands (tax cards included), card by card. Public: each hand's
size (everyone knows how many cards each player holds), the bank's open stacks, the exchange
displays, the board, heroes, wonders, gods and p's own hand. So the unseen cards are the
opponents' cards taken together; their make-up per type follows from the bank, the displays, p's
hand and the fixed card totals. `observation` is the state with each opponent's hand replaced by
its size; `redeal_hidden` deals the unseen cards back at random, each opponent getting his own
number (determinization, for the search player's rollouts and the no-peek test). The future dice
are not in the state (the CHANCE stream is the caller's), so nothing else is redealt.
"""
import numpy as np
from numba import njit

from sim.rng import below
from .board import N_TYPES
from .state import H_NP, HAND


@njit(cache=True)
def redeal_hidden(st, ctx, seat, rng):
    """Redeal what `seat` cannot see, from the seat's own random stream: the opponents' cards,
    pooled and dealt back at random keeping each hand's size. The result depends only on that
    pool and the sizes, never on who actually holds which card. (A card-counting player could
    narrow hands down from the public income and exchange history; this does not track history.)"""
    n = st[H_NP]
    pool = np.zeros(N_TYPES, np.int64)
    sizes = np.zeros(6, np.int64)
    for q in range(n):
        if q == seat:
            continue
        for t in range(N_TYPES):
            k = st[HAND + q * N_TYPES + t]
            pool[t] += k
            sizes[q] += k
            st[HAND + q * N_TYPES + t] = 0
    total = pool.sum()
    for q in range(n):
        if q == seat:
            continue
        for k in range(sizes[q]):
            r = below(rng, total)
            t = 0
            while r >= pool[t]:
                r -= pool[t]
                t += 1
            pool[t] -= 1
            total -= 1
            st[HAND + q * N_TYPES + t] += 1


def observation(st, ctx, seat):
    """The state as `seat` sees it: a copy with each opponent's hand replaced by its size (in the
    hand's first slot)."""
    v = np.array(st, copy=True)
    n = int(st[H_NP])
    for q in range(n):
        if q != seat:
            b = HAND + q * N_TYPES
            size = int(v[b:b + N_TYPES].sum())
            v[b:b + N_TYPES] = 0
            v[b] = size
    return v
