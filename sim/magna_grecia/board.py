"""Static board data of Magna Grecia (spec §4.1, §4.3, §8, §9.1), built once at import.

Every board (classic or generated) uses the classic land mask, so the hex indexing, the
neighbour table and the road-end tables are shared; only the village kinds differ per game.
"""
import numpy as np
from numba import njit

from sim.rng import below

# §8.1 (row, first_col, last_col, sea_cols); odd-r, pointy-top
LAND_ROWS = [(0, 1, 16, ()), (1, 0, 16, ()), (2, 0, 16, ()), (3, 0, 16, ()), (4, 0, 16, ()),
             (5, 0, 16, ()), (6, 0, 16, ()), (7, 0, 15, ()), (8, 0, 16, ()), (9, 0, 15, ()),
             (10, 1, 15, ()), (11, 0, 14, ()), (12, 0, 14, ()), (13, 0, 14, ()),
             (14, 0, 14, (6, 7)), (15, 0, 14, (2, 3, 4, 5, 6, 7))]
FRONTIER = [(0, 1), (0, 8), (0, 16), (8, 0), (9, 15), (13, 6), (14, 4), (15, 0), (15, 8), (15, 14)]
INLAND = [(1, 5), (1, 12), (2, 3), (3, 6), (3, 8), (3, 11), (3, 13), (3, 15), (4, 1), (4, 4),
          (4, 10), (5, 6), (5, 12), (6, 2), (6, 5), (6, 9), (6, 15), (7, 6), (7, 10), (7, 12),
          (8, 3), (8, 9), (9, 5), (9, 7), (9, 11), (10, 4), (10, 10), (11, 12), (12, 2), (12, 9),
          (12, 14), (14, 11)]

PLAIN, INLAND_VILLAGE, FRONTIER_VILLAGE = 0, 1, 2
DIR_NAMES = ("E", "SE", "SW", "W", "NW", "NE")
AXIAL_DIRS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))

# §4.3 orientation -> its two end directions
ORI_ENDS = np.array([[0, 3], [1, 4], [2, 5], [0, 2], [1, 3], [2, 4], [3, 5], [4, 0], [5, 1]],
                    dtype=np.int64)
ORI_MASK = np.array([(1 << a) | (1 << b) for a, b in ORI_ENDS], dtype=np.int64)
ORI_NAMES = ("E-W straight", "SE-NW straight", "SW-NE straight", "E-SW curve", "SE-W curve",
             "SW-NW curve", "W-NE curve", "NW-E curve", "NE-SE curve")
# OTHER_END[o, d] = the other end direction of orientation o given end d (-1 if d is no end)
OTHER_END = np.full((9, 6), -1, dtype=np.int64)
for _o, (_a, _b) in enumerate(ORI_ENDS):
    OTHER_END[_o, _a] = _b
    OTHER_END[_o, _b] = _a

ROWS = 16
COLS = 17


def _build():
    pos = []
    for row, c0, c1, sea in LAND_ROWS:
        for col in range(c0, c1 + 1):
            if col not in sea:
                pos.append((row, col))
    return pos


HEX_POS = _build()
N = len(HEX_POS)                      # 249 land hexes
HEX_ROW = np.array([p[0] for p in HEX_POS], dtype=np.int64)
HEX_COL = np.array([p[1] for p in HEX_POS], dtype=np.int64)
POS_INDEX = {p: i for i, p in enumerate(HEX_POS)}
HEX_Q = HEX_COL - (HEX_ROW - (HEX_ROW & 1)) // 2
HEX_R = HEX_ROW.copy()
_AX = {(int(q), int(r)): i for i, (q, r) in enumerate(zip(HEX_Q, HEX_R))}

NB = np.full((N, 6), -1, dtype=np.int64)          # neighbour in direction d, -1 off board
for _i in range(N):
    for _d, (_dq, _dr) in enumerate(AXIAL_DIRS):
        NB[_i, _d] = _AX.get((int(HEX_Q[_i]) + _dq, int(HEX_R[_i]) + _dr), -1)
EDGE = (NB < 0).any(axis=1)
_dq = HEX_Q[:, None] - HEX_Q[None, :]
_dr = HEX_R[:, None] - HEX_R[None, :]
DIST = ((np.abs(_dq) + np.abs(_dr) + np.abs(_dq + _dr)) // 2).astype(np.int64)

CLASSIC_KIND = np.zeros(N, dtype=np.int64)
for _p in INLAND:
    CLASSIC_KIND[POS_INDEX[_p]] = INLAND_VILLAGE
for _p in FRONTIER:
    CLASSIC_KIND[POS_INDEX[_p]] = FRONTIER_VILLAGE
EDGE_HEXES = np.array([i for i in range(N) if EDGE[i]], dtype=np.int64)

# §9.1 round tiles: order (4 colours, first = border colour), R, C, S. Module constant (the
# spec's `tile_table` parameter is fixed here; change it in code for a custom table).
TILE_NAMES = ("R1", "R2", "R3", "Y1", "Y2", "Y3", "G1", "G2", "G3", "B1", "B2", "B3")
TILE_TABLE = np.array([
    [0, 2, 3, 1, 2, 3, 5],
    [0, 1, 2, 3, 2, 1, 3],
    [0, 3, 1, 2, 2, 2, 3],
    [1, 0, 3, 2, 3, 1, 2],
    [1, 3, 2, 0, 3, 2, 5],
    [1, 2, 0, 3, 1, 2, 3],
    [2, 1, 0, 3, 2, 3, 2],
    [2, 3, 1, 0, 2, 2, 5],
    [2, 0, 3, 1, 2, 1, 2],
    [3, 1, 2, 0, 2, 2, 2],
    [3, 0, 1, 2, 2, 3, 3],
    [3, 2, 0, 1, 2, 1, 5],
], dtype=np.int64)
COLOUR_LABELS = ("R", "Y", "G", "B")


def hex_of(row, col):
    """Hex index of offset (row, col)."""
    return POS_INDEX[(row, col)]


def pos_of(h):
    return HEX_POS[h]


@njit(cache=True)
def generate_villages(rng, n_villages, n_frontier, min_dist, frontier_min_dist, max_gap,
                      n_oracles, kind_out):
    """§8.2 generator on the classic land mask; fills kind_out, returns attempts used (-1: failed)."""
    n = NB.shape[0]
    chosen = np.empty(n, dtype=np.int64)
    cand = np.empty(n, dtype=np.int64)
    for attempt in range(1, 1001):
        for i in range(n):
            kind_out[i] = 0
        nc = 0
        ok = True
        # 1. frontier villages on edge hexes
        for _ in range(n_frontier):
            m = 0
            for j in range(EDGE_HEXES.shape[0]):
                h = EDGE_HEXES[j]
                if kind_out[h] != 0:
                    continue
                good = True
                for t in range(nc):
                    if kind_out[chosen[t]] == 2 and DIST[h, chosen[t]] < frontier_min_dist:
                        good = False
                        break
                if good:
                    cand[m] = h
                    m += 1
            if m == 0:
                ok = False
                break
            h = cand[below(rng, m)]
            kind_out[h] = 2
            chosen[nc] = h
            nc += 1
        if ok:
            # 2. inland villages
            for _ in range(n_villages - n_frontier):
                m = 0
                for h in range(n):
                    if kind_out[h] != 0:
                        continue
                    good = True
                    for t in range(nc):
                        if DIST[h, chosen[t]] < min_dist:
                            good = False
                            break
                    if good:
                        cand[m] = h
                        m += 1
                if m == 0:
                    ok = False
                    break
                h = cand[below(rng, m)]
                kind_out[h] = 1
                chosen[nc] = h
                nc += 1
        if ok and max_gap > 0:
            for a in range(nc):
                near = False
                for b in range(nc):
                    if a != b and DIST[chosen[a], chosen[b]] <= max_gap:
                        near = True
                        break
                if not near:
                    ok = False
                    break
        if ok and (n_villages - n_frontier) < n_oracles + 1:
            ok = False
        if ok:
            return attempt
    return -1
