"""The first ids of the trade and game-specific action ranges of a board, 31-bit sets in the
state, and the small helpers every family uses: hands, costs, ship benefits, victory points
(troja.md §1.7, §3.7)."""
import numpy as np
from numba import njit
from sim.rng import below
from sim.catan_core.borrow import NO_REFCOUNT
from sim.catan_core.board import T_A_TRADE, T_A_BUY_DEV
from sim.catan_core.layout import *  # noqa: F401,F403  (state/config offsets)


# the first ids of two action ranges on a board, as declared (actions.py; the compiled rules read
# topo[T_A_*] directly): the players' names for them
@njit(cache=True, inline="always")
def a_trade(topo):
    return topo[T_A_TRADE]


@njit(cache=True, inline="always")
def a_base(topo):
    """The first id of the game's own actions: BUY_DEV in catan, DONATE in troja (the same id)."""
    return topo[T_A_BUY_DEV]


@njit(cache=True, inline="always")
def bit_get(st, base, i):
    return (st[base + i // 31] >> (i % 31)) & 1


@njit(cache=True, inline="always")
def bit_set(st, base, i, v):
    w = base + i // 31
    m = 1 << (i % 31)
    if v:
        st[w] = st[w] | m
    else:
        st[w] = st[w] & ~m


DEBRUIJN = np.array((0, 1, 28, 2, 29, 14, 24, 3, 30, 22, 20, 15, 25, 17, 4, 8, 31, 27, 13, 23, 21, 19,
                     16, 7, 26, 12, 18, 6, 11, 5, 10, 9), dtype=np.int64)


@njit(cache=True, inline="always")
def bits_out(st, base, words, offset, out, n):
    """Append offset + i for every set bit i of the words at st[base:base+words] (ascending)."""
    for wi in range(words):
        x = np.int64(st[base + wi])
        while x != 0:
            low = x & -x
            k = DEBRUIJN[((low * 0x077CB531) & 0xFFFFFFFF) >> 27]
            out[n] = offset + wi * 31 + k
            n += 1
            x ^= low
    return n


@njit(cache=True, inline="always")
def pbase(p):
    return S_PLAYERS + p * PS


@njit(cache=True, inline="always")
def hand_total(st, p):
    b = S_PLAYERS + p * PS + P_HAND
    return st[b] + st[b + 1] + st[b + 2] + st[b + 3] + st[b + 4]


@njit(cache=True, inline="always")
def row_total(st):
    return st[S_ROW] + st[S_ROW + 1] + st[S_ROW + 2] + st[S_ROW + 3] + st[S_ROW + 4]


@njit(cache=True, inline="always")
def list_hand_cards(st, p, first, out, n):
    """Append first + r for every resource r p holds (discard, donate, swap return)."""
    b = S_PLAYERS + p * PS + P_HAND
    for r in range(5):
        if st[b + r] > 0:
            out[n] = first + r
            n += 1
    return n


@njit(cache=True, inline="always")
def can_afford(st, cfg, p, coff):
    b = S_PLAYERS + p * PS + P_HAND
    for r in range(5):
        if st[b + r] < cfg[coff + r]:
            return False
    return True


@njit(cache=True, inline="always")
def pay(st, cfg, p, coff):
    b = S_PLAYERS + p * PS + P_HAND
    for r in range(5):
        c = cfg[coff + r]
        st[b + r] -= c
        st[S_BANK + r] += c


@njit(cache=True, inline="always")
def draw_from_counts(st, off, rng):
    """Remove one uniformly random card from the 5 counts at st[off:off+5]; return its resource."""
    tot = st[off] + st[off + 1] + st[off + 2] + st[off + 3] + st[off + 4]
    x = below(rng, tot)
    for r in range(5):
        c = st[off + r]
        if x < c:
            st[off + r] -= 1
            return r
        x -= c
    return -1


@njit(cache=True, inline="always")
def sbp_enabled(cfg):
    s = cfg[C_SBP]
    if s == -1:
        return cfg[C_P] >= 5
    return s == 1


@njit(cache=True, inline="always")
def corsair_blocks(st, cfg, s):
    """True if the corsair voids the benefit of the ship on sea hex s."""
    return cfg[C_CORSAIR_BLOCKS_BENEFIT] == 1 and st[S_CORSAIR] == s


@njit(cache=True, inline="always")
def ship_benefit_at(st, cfg, s):
    return cfg[C_SHIP_BENEFIT + st[S_SHIP_DISC + s]]


@njit(cache=True, inline="always")
def benefit_count(st, cfg, p, ben):
    """Unblocked ships of player p with benefit `ben`."""
    c = st[S_PLAYERS + p * PS + P_SHIP_BEN + ben]
    s = st[S_CORSAIR]
    if c > 0 and s >= 0 and cfg[C_CORSAIR_BLOCKS_BENEFIT] == 1:
        if st[S_SHIP_OWNER + s] == p and ship_benefit_at(st, cfg, s) == ben:
            c -= 1
    return c


@njit(cache=True, inline="always")
def track_bonus(st, cfg, p):
    side = st[S_PLAYERS + p * PS + P_ALLEG]
    if side < 0:
        return 0
    w = st[S_TRACK + side]
    if w > 5:
        w = 5
    return cfg[C_TRACK_VALUES + w]


@njit(cache=True, inline="always")
def vp_ships(st, cfg, p):
    if cfg[C_SHIP_VP_OFF_SEAT] == p + 1:     # restricted play: this seat's VP ships score nothing
        return 0
    n = st[S_PLAYERS + p * PS + P_VP_SHIPS]
    s = st[S_CORSAIR]
    if n > 0 and s >= 0 and cfg[C_CORSAIR_BLOCKS_VP] == 1:
        if st[S_SHIP_OWNER + s] == p and ship_benefit_at(st, cfg, s) == BEN_VP:
            n -= 1
    return n * cfg[C_SHIP_VP]


@njit(cache=True, inline="always")
def vp_public(st, cfg, p):
    """VP visible to everyone (catan: without hidden VP cards)."""
    b = S_PLAYERS + p * PS
    v = (cfg[C_MAX_SETTLES] - st[b + P_SETTLES_LEFT]) * cfg[C_VP_SETTLE]
    v += (cfg[C_MAX_CITIES] - st[b + P_CITIES_LEFT]) * cfg[C_VP_CITY]
    if st[S_LR_HOLDER] == p:
        v += cfg[C_LR_VP]
    if st[S_GAME] == GAME_CATAN:
        if st[S_LA_HOLDER] == p:
            v += cfg[C_LA_VP]
    else:
        v += vp_ships(st, cfg, p) + track_bonus(st, cfg, p)
    return v


@njit(cache=True, inline="always")
def vp(st, cfg, p):
    v = vp_public(st, cfg, p)
    if st[S_GAME] == GAME_CATAN:
        v += st[S_PLAYERS + p * PS + P_DEV + DEV_VP]
    return v
