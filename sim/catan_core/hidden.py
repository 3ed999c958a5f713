"""What one seat sees of a Catan-core game (the contract's `observation`, docs/ENGINES.md; the
compiled redeal of what it cannot see is rules.redeal, the engine's `redeal_hidden`).

Hidden from seat p (unless the rules are played open, `open_information`): the rivals' resource
hands card by card, the rivals' development cards by type and the deck's order (catan); the
support row's cards and the rivals' allegiances (troja). Public: every count (hand sizes,
development cards held and bought this turn, the row's size), everything on the board and every
card played or revealed. The scratch block holds temporaries of one rules step and is left out.
"""
import numpy as np

from sim.catan_core.layout import *  # noqa: F401,F403


def observation(st, ctx, seat):
    """The state as `seat` sees it: hidden cards zeroed, their public counts appended."""
    cfg = ctx[1]
    st = np.asarray(st)
    v = np.array(st, copy=True)
    v[S_SCRATCH:S_SCRATCH + (STATE_SIZE - S_SCRATCH)] = 0
    extra = []
    if cfg[C_OPEN_INFO] == 1:
        return np.concatenate([v, np.array(extra, np.int32)])
    P = int(st[S_P])
    for q in range(P):
        b = S_PLAYERS + q * PS
        extra += [int(st[b + P_HAND:b + P_HAND + 5].sum()), int(st[b + P_DEV:b + P_DEV + 5].sum()),
                  int(st[b + P_DEV_NEW:b + P_DEV_NEW + 5].sum())]
        if q == seat:
            continue
        v[b + P_HAND:b + P_HAND + 5] = 0
        v[b + P_DEV:b + P_DEV + 5] = 0
        v[b + P_DEV_NEW:b + P_DEV_NEW + 5] = 0
        if st[S_GAME] == GAME_TROJA:
            v[b + P_ALLEG] = 0
    if st[S_GAME] == GAME_CATAN:
        # the development cards seat p has not seen, by type (all cards minus its own and those
        # played): the deck's rest and the rivals' cards together, not how they split
        deck = st[S_DECK + st[S_DECK_POS]:S_DECK + st[S_DECK_N]]
        pool = [int((deck == t).sum()) for t in range(5)]
        for q in range(P):
            if q != seat:
                for t in range(5):
                    pool[t] += int(st[S_PLAYERS + q * PS + P_DEV + t])
        extra += pool
        v[S_DECK + st[S_DECK_POS]:S_DECK + st[S_DECK_N]] = 0
    extra.append(int(st[S_ROW:S_ROW + 5].sum()))
    v[S_ROW:S_ROW + 5] = 0
    return np.concatenate([v, np.array(extra, np.int32)])
