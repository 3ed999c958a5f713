"""A new game (§2.1, troja §3.1): the board, deck or allegiance cards, bank, pieces."""
import numpy as np
from numba import njit
from sim.rng import shuffle, new_stream, SETUP
from sim.catan_core.borrow import NO_REFCOUNT
from sim.catan_core.board import (T_H, T_S, T_NHARB, T_HEX_ADJ, T_HARB_TYPES, T_SPIRAL, T_HAS_SPIRAL,
                                  T_TERRAIN_COUNTS, T_NUMBERS, T_N_NUMBERS, EMAX, SMAX)
from sim.catan_core.layout import *  # noqa: F401,F403  (state/config offsets)
from sim.catan_core.actions import EV_ALLEGIANCE
from sim.layout import note


SPIRAL_NUMBERS = np.array((5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11), dtype=np.int32)


@njit(cache=True, **NO_REFCOUNT)
def _numbers_ok(st, topo):
    for h in range(topo[T_H]):
        x = st[S_NUMBER + h]
        if x == 6 or x == 8:
            for k in range(6):
                a = topo[T_HEX_ADJ + 6 * h + k]
                if a >= 0:
                    y = st[S_NUMBER + a]
                    if y == 6 or y == 8:
                        return False
    return True


@njit(cache=True)
def draw_board(st, topo, cfg, rng):
    """Terrain, numbers and harbor types (§2.1 steps 1-3) from stream `rng`."""
    H = topo[T_H]
    terr = np.empty(H, dtype=np.int32)
    i = 0
    for r in range(6):
        for _ in range(topo[T_TERRAIN_COUNTS + r]):
            terr[i] = r
            i += 1
    shuffle(rng, terr)
    for h in range(H):
        st[S_TERRAIN + h] = terr[h]
    nn = topo[T_N_NUMBERS]
    nums = np.empty(nn, dtype=np.int32)
    for j in range(nn):
        nums[j] = topo[T_NUMBERS + j]
    mode = cfg[C_NUMBER_PLACEMENT]
    if mode == 2 and topo[T_HAS_SPIRAL] == 1:
        j = 0
        for k in range(H):
            h = topo[T_SPIRAL + k]
            if st[S_TERRAIN + h] == 5:
                st[S_NUMBER + h] = 0
            else:
                st[S_NUMBER + h] = SPIRAL_NUMBERS[j]
                j += 1
    else:
        while True:
            shuffle(rng, nums)
            j = 0
            for h in range(H):
                if st[S_TERRAIN + h] == 5:
                    st[S_NUMBER + h] = 0
                else:
                    st[S_NUMBER + h] = nums[j]
                    j += 1
            if mode != 1 or _numbers_ok(st, topo):
                break
    nh = topo[T_NHARB]
    ht = np.empty(nh, dtype=np.int32)
    for k in range(nh):
        ht[k] = topo[T_HARB_TYPES + k]
    shuffle(rng, ht)
    for k in range(nh):
        st[S_HARB_TYPE + k] = ht[k]


@njit(cache=True)
def new_game(st, topo, cfg, seed, game_index):
    """Fill `st` with a fresh game: board, deck / allegiance, bank, pieces (§2.1, §3.1); the
    contract header's trace flag is kept (sim/layout.py)."""
    tr = st[H_TRACE]
    st[:] = 0
    st[H_TRACE] = tr
    P = cfg[C_P]
    game = cfg[C_GAME]
    st[S_GAME] = game
    st[S_P] = P
    for i in range(S_NODE_OWNER, S_NODE_OWNER + 80):
        st[i] = -1
    for i in range(S_EDGE_OWNER, S_EDGE_OWNER + EMAX):
        st[i] = -1
    for i in range(SMAX):
        st[S_SHIP_OWNER + i] = -1
        st[S_SHIP_DISC + i] = -1
        st[S_SHIP_TILE + i] = -1
    for i in range(80):
        st[S_NODE_HARB + i] = -1
    st[S_LR_HOLDER] = -1
    st[S_LA_HOLDER] = -1
    st[S_LAST_NODE] = -1
    st[S_TILE_SHIP] = -1
    st[S_LAST_BATTLE] = -1
    for i in range(2 * PMAX):
        st[S_SETUP_NODES + i] = -1
    rng = new_stream(seed, game_index, SETUP)
    if cfg[C_BOARD_SEED] >= 0:
        brng = new_stream(cfg[C_BOARD_SEED], 0, SETUP)
        draw_board(st, topo, cfg, brng)
    else:
        draw_board(st, topo, cfg, rng)
    for r in range(5):
        st[S_BANK + r] = cfg[C_BANK]
    for p in range(P):
        b = S_PLAYERS + p * PS
        st[b + P_ROADS_LEFT] = cfg[C_MAX_ROADS]
        st[b + P_SETTLES_LEFT] = cfg[C_MAX_SETTLES]
        st[b + P_CITIES_LEFT] = cfg[C_MAX_CITIES]
        st[b + P_ALLEG] = -1
        for r in range(5):
            st[b + P_RATE + r] = cfg[C_RATE_MAR]
    st[S_ROBBER] = -1
    st[S_CORSAIR] = -1
    if game == GAME_CATAN:
        for h in range(topo[T_H]):
            if st[S_TERRAIN + h] == 5:
                st[S_ROBBER] = h
                break
        n = 0
        for t in range(5):
            for _ in range(cfg[C_DEV_COUNTS + t]):
                if n < DECKMAX:
                    st[S_DECK + n] = t
                    n += 1
        st[S_DECK_N] = n
        deck = st[S_DECK:S_DECK + n].copy()
        shuffle(rng, deck)
        st[S_DECK:S_DECK + n] = deck
    else:
        nt = cfg[C_ALLEG_T]
        nm = cfg[C_ALLEG_M]
        cards = np.empty(nt + nm, dtype=np.int32)
        for i in range(nt + nm):
            cards[i] = SIDE_TROY if i < nt else SIDE_MYCENAE
        shuffle(rng, cards)
        for p in range(P):
            st[S_PLAYERS + p * PS + P_ALLEG] = cards[p] if p < nt + nm else -1
            note(st, EV_ALLEGIANCE, p, st[S_PLAYERS + p * PS + P_ALLEG], 0)
        for r in range(5):
            c = cfg[C_ROW_SEED + r]
            st[S_ROW + r] = c
            st[S_BANK + r] -= c
            st[S_TILES + r] = cfg[C_TILES_PER_RES]
        cs = cfg[C_CORSAIR_START]
        if cs >= topo[T_S]:
            cs = 0
        st[S_CORSAIR] = cs
        st[S_TOKEN_SUPPLY] = cfg[C_TOKEN_SUPPLY]
    st[S_PHASE] = PH_SETUP_SETTLEMENT
    st[S_ACTOR] = 0
    st[S_ACTIVE] = 0
