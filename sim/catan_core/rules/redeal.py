"""What a seat cannot see, redealt (the engine's redeal_hidden; no peeking)."""
import numpy as np
from numba import njit
from sim.rng import below
from sim.catan_core.layout import *  # noqa: F401,F403  (state/config offsets)


@njit(cache=True)
def redeal(st, topo, cfg, p, rng):
    """The engine's redeal_hidden (engine.py): resample what seat p cannot see, keeping every
    public count, as a function of what p sees and the stream only (no peeking, docs/
    DESIGN_NOTES.md): the rivals' development cards (held and bought this turn) with the deck's
    rest (catan); the rivals' allegiances (troja); the rivals' hands with the support row
    (troja). The pools are built from counts in a fixed order, never from the hidden order."""
    P = st[S_P]
    if cfg[C_OPEN_INFO] == 1:
        return
    if st[S_GAME] == GAME_CATAN:
        # the cards p has not seen by type: deck rest + rivals' cards; dealt back shuffled
        cnt = np.zeros(5, dtype=np.int64)
        for i in range(st[S_DECK_POS], st[S_DECK_N]):
            cnt[st[S_DECK + i]] += 1
        for q in range(P):
            if q != p:
                for t in range(5):
                    cnt[t] += st[S_PLAYERS + q * PS + P_DEV + t]
        pool = np.empty(DECKMAX, dtype=np.int32)
        m = 0
        for t in range(5):
            for _ in range(cnt[t]):
                pool[m] = t
                m += 1
        for i in range(m - 1, 0, -1):
            j = below(rng, i + 1)
            x = pool[i]
            pool[i] = pool[j]
            pool[j] = x
        k = 0
        for q in range(P):
            if q == p:
                continue
            bq = S_PLAYERS + q * PS
            held = 0
            new = 0
            for t in range(5):
                held += st[bq + P_DEV + t]
                new += st[bq + P_DEV_NEW + t]
                st[bq + P_DEV + t] = 0
                st[bq + P_DEV_NEW + t] = 0
            for c in range(held):
                st[bq + P_DEV + pool[k]] += 1
                if c < new:
                    st[bq + P_DEV_NEW + pool[k]] += 1
                k += 1
        for i in range(st[S_DECK_POS], st[S_DECK_N]):
            st[S_DECK + i] = pool[k]
            k += 1
    else:
        # row contents: redraw from the cards p cannot account for (row + opponents' hands)
        # keeping the row size; opponents' allegiances: reshuffle the remaining cards
        own = st[S_PLAYERS + p * PS + P_ALLEG]
        nt = cfg[C_ALLEG_T]
        nm = cfg[C_ALLEG_M]
        if own == SIDE_TROY:
            nt -= 1
        elif own == SIDE_MYCENAE:
            nm -= 1
        cards = np.empty(nt + nm, dtype=np.int32)
        for i in range(nt + nm):
            cards[i] = SIDE_TROY if i < nt else SIDE_MYCENAE
        for i in range(nt + nm - 1, 0, -1):
            j = below(rng, i + 1)
            x = cards[i]
            cards[i] = cards[j]
            cards[j] = x
        k = 0
        for q in range(P):
            if q != p:
                st[S_PLAYERS + q * PS + P_ALLEG] = cards[k] if k < nt + nm else -1
                k += 1
    # opponents' resource hands: pool them with the hidden row and redeal by sizes
    pool5 = np.zeros(5, dtype=np.int64)
    sizes = np.zeros(6, dtype=np.int64)
    for q in range(P):
        if q == p:
            continue
        for r in range(5):
            pool5[r] += st[S_PLAYERS + q * PS + P_HAND + r]
            sizes[q] += st[S_PLAYERS + q * PS + P_HAND + r]
            st[S_PLAYERS + q * PS + P_HAND + r] = 0
    row_n = 0
    if st[S_GAME] == GAME_TROJA:
        for r in range(5):
            pool5[r] += st[S_ROW + r]
            row_n += st[S_ROW + r]
            st[S_ROW + r] = 0
    tot = pool5.sum()
    for q in range(P + 1):
        if q == p:
            continue
        cnt = row_n if q == P else sizes[q]
        for _ in range(cnt):
            x = below(rng, tot)
            for r in range(5):
                if x < pool5[r]:
                    pool5[r] -= 1
                    tot -= 1
                    if q == P:
                        st[S_ROW + r] += 1
                    else:
                        st[S_PLAYERS + q * PS + P_HAND + r] += 1
                    break
                x -= pool5[r]
