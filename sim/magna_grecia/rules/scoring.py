"""End of game, scoring and the tie-break (spec §5).
"""
import numpy as np
from numba import njit

from sim.magna_grecia.board import N
from sim.magna_grecia import params as P
from sim.magna_grecia.state import (
    ST_OVER, MK_UNSOLD, S_NP, S_STAGE, S_NEXT_MARKET, S_N_ORACLES, S_ORACLE_LIST, S_POINTS,
    H_OCTRL, C_OWNER, K_OWNER, K_STATE,
)
from .places import connected_places, count_distinct
from .markets import market_place


@njit(cache=True)
def is_over(st):
    return st[S_STAGE] == ST_OVER


@njit(cache=True)
def score_parts(st, params, out):
    """out[s, :] = (track, market points, oracle points, oracles, active unsold markets, final).

    Each place holding unsold markets is traced once: its conn and which players' cities it is
    (or is directly connected to)."""
    np_ = st[S_NP]
    op = int(params[P.P_ORACLE_POINTS])
    mode = int(params[P.P_CONNECTIVITY])
    for s in range(np_):
        for j in range(6):
            out[s, j] = 0
        out[s, 0] = st[S_POINTS + s]
    nm = st[S_NEXT_MARKET]
    keys = np.empty(nm, dtype=np.int64)
    for m in range(nm):
        keys[m] = market_place(st, m) if st[K_STATE + m] == MK_UNSOLD else -1
    done = np.zeros(nm, dtype=np.int8)
    buf = np.empty(6 * N, dtype=np.int64)
    for m in range(nm):
        key = keys[m]
        if key < 0 or done[m] == 1:
            continue
        k = connected_places(st, key, buf)
        cval = k if mode == 1 else count_distinct(buf, k)
        mask = 0
        if key >= N:
            mask |= 1 << st[C_OWNER + key - N]
        for i in range(k):
            q = buf[i]
            if q >= N:
                mask |= 1 << st[C_OWNER + q - N]
        for m2 in range(m, nm):
            if keys[m2] == key and done[m2] == 0:
                done[m2] = 1
                q = st[K_OWNER + m2]
                if (mask >> q) & 1 == 1:
                    out[q, 1] += cval
                    out[q, 4] += 1
    for i in range(st[S_N_ORACLES]):
        c = st[H_OCTRL + st[S_ORACLE_LIST + i]]
        if c >= 0:
            out[st[C_OWNER + c], 3] += 1
    for s in range(np_):
        out[s, 2] = op * out[s, 3]
        out[s, 5] = out[s, 0] + out[s, 1] + out[s, 2]


@njit(cache=True)
def rank_players(score, stock, n, tie_break_stock, rank, win):
    """Ranks (1 = best; equal keys share a rank) and win shares; returns (tie, tie_break_used)."""
    top = score[0]
    for s in range(n):
        if score[s] > top:
            top = score[s]
    n_top = 0
    for s in range(n):
        if score[s] == top:
            n_top += 1
    for s in range(n):
        better = 0
        for t in range(n):
            if score[t] > score[s] or (tie_break_stock and score[t] == score[s] and stock[t] > stock[s]):
                better += 1
        rank[s] = better + 1
    k = 0
    for s in range(n):
        if rank[s] == 1:
            k += 1
    for s in range(n):
        win[s] = 1.0 / k if rank[s] == 1 else 0.0
    tie = n_top > 1
    used = tie and tie_break_stock and k < n_top
    return tie, used
