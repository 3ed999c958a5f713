"""End conditions (§6.1), checked after every applied action in this order: Forum (§5.4, republic
Forum Romanum §5.6), Catacomb, last in-town site, deck. The turn cap is checked by the turn
driver (turn.start_turn).
"""
from numba import njit

from ..board import (LABORER, CRAFTSMAN, ARCHITECT, LEGIONARY, MERCHANT, PATRON, K_FORUM,
                     K_LUDUS_MAGNA, K_STOREROOM, END_FORUM, END_CATACOMB, END_LAST_SITE, END_DECK)
from ..state import *  # noqa: F401,F403  (layout constants, pb, prm, republic)
from .cards import n_clients
from .powers import act


@njit(cache=True)
def forum_ok(s, p):
    b = P0 + p * PSZ
    cm = s[b + O_CLI + MERCHANT]
    if cm == 0:
        return False
    spare = cm - 1 if act(s, p, K_LUDUS_MAGNA) else 0
    for r in (CRAFTSMAN, ARCHITECT, LEGIONARY, PATRON):
        if s[b + O_CLI + r] == 0:
            if spare > 0:
                spare -= 1
            else:
                return False
    if s[b + O_CLI + LABORER] >= 1 or spare >= 1:
        return True
    if act(s, p, K_STOREROOM) and n_clients(s, p) >= 6:
        return True
    return False


@njit(cache=True)
def stock_all(s, p):
    """Forum Romanum: at least one stockpile card of each material (republic)."""
    b = P0 + p * PSZ
    for m in range(6):
        if s[b + O_STOCK + m] == 0:
            return False
    return True


@njit(cache=True)
def end_check(s):
    """§6.1 after every applied action: Forum > Catacomb > last site > deck."""
    n = s[G_N]
    nf = 0
    for p in range(n):
        if act(s, p, K_FORUM) and forum_ok(s, p) and (not republic(s) or stock_all(s, p)):
            s[G_WIN + p] = 1
            nf += 1
    if nf > 0:
        s[G_OVER] = 1
        s[G_END] = END_FORUM
    elif s[G_EVT_CATA] != 0:
        s[G_OVER] = 1
        s[G_END] = END_CATACOMB
    elif s[G_EVT_SITE] != 0:
        s[G_OVER] = 1
        s[G_END] = END_LAST_SITE
    elif s[G_EVT_DECK] != 0:
        s[G_OVER] = 1
        s[G_END] = END_DECK
