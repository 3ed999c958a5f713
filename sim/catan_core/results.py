"""Result helpers shared by both games: win shares, ranks, VP parts."""
import numpy as np
from numba import njit

from sim.catan_core.layout import *  # noqa: F401,F403
from sim.catan_core.engine import vp, vp_ships, track_bonus


@njit(cache=True)
def win_rank(st, cfg, p_count, win_row, rank_row, score_row):
    """Fill win share (ties split), rank (1 = best: winners first, then VP, troja then tokens)."""
    m = st[S_WIN_MASK]
    k = 0
    for q in range(p_count):
        if (m >> q) & 1:
            k += 1
    key = np.zeros(p_count, dtype=np.float64)
    troja = st[S_GAME] == GAME_TROJA
    for q in range(p_count):
        v = vp(st, cfg, q)
        score_row[q] = v
        w = 1.0 if (m >> q) & 1 else 0.0
        win_row[q] = w / k if k > 0 else 0.0
        key[q] = w * 1e9 + v * 1e4 + (st[S_PLAYERS + q * PS + P_TOKENS] if troja else 0)
    for q in range(p_count):
        r = 1
        for o in range(p_count):
            if key[o] > key[q]:
                r += 1
        rank_row[q] = r


@njit(cache=True)
def vp_parts(st, cfg, q):
    """(settlements, cities, longest road, largest army, dev VP, ship VP, bonus) VP of q."""
    b = S_PLAYERS + q * PS
    s = (cfg[C_MAX_SETTLES] - st[b + P_SETTLES_LEFT]) * cfg[C_VP_SETTLE]
    c = (cfg[C_MAX_CITIES] - st[b + P_CITIES_LEFT]) * cfg[C_VP_CITY]
    lr = cfg[C_LR_VP] if st[S_LR_HOLDER] == q else 0
    la = 0
    dv = 0
    sh = 0
    bo = 0
    if st[S_GAME] == GAME_CATAN:
        la = cfg[C_LA_VP] if st[S_LA_HOLDER] == q else 0
        dv = st[b + P_DEV + DEV_VP]
    else:
        sh = vp_ships(st, cfg, q)
        bo = track_bonus(st, cfg, q)
    return s, c, lr, la, dv, sh, bo
