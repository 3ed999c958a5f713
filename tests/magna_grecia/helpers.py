"""Build Magna Grecia positions directly in the state (for worked examples and rule tests).

Each helper that places a piece recomputes the derived H_NEAR data (S.near_rebuild)."""
import numpy as np

from sim.magna_grecia.params import PARAMS
from sim.magna_grecia.board import hex_of, N
from sim.magna_grecia import state as S
from sim.magna_grecia import rules as R

A, B, C, D = 0, 1, 2, 3
TILE = {name: i for i, name in enumerate(("R1", "R2", "R3", "Y1", "Y2", "Y3", "G1", "G2", "G3",
                                          "B1", "B2", "B3"))}


def params(**over):
    over.setdefault("oracles_4p", 0)
    over.setdefault("oracles_3p", 0)
    over.setdefault("oracles_2p", 0)
    return PARAMS.vector(over)


def H(rc):
    return hex_of(*rc)


def empty(n_players=4, tile="R1", points=15, **over):
    """An empty classic board in round 1 (no oracles), seat s = colour s, current seat A."""
    pr = params(**over)
    st = S.new_game(0, 0, n_players, pr)
    st[S.S_STACK] = TILE[tile]
    for c in range(4):
        st[S.S_SEAT_OF_COLOUR + c] = c if c < n_players else -1
    for s in range(n_players):
        st[S.S_COLOUR + s] = s
        st[S.S_POINTS + s] = points
    set_turn(st, A)
    return st, pr


def set_turn(st, seat):
    st[S.S_CUR] = seat
    t = st[S.S_STACK + st[S.S_ROUND]]
    from sim.magna_grecia.board import TILE_TABLE
    for j in range(4):
        if TILE_TABLE[t, j] == st[S.S_COLOUR + seat]:
            st[S.S_POS] = j


def oracle(st, rc):
    h = H(rc)
    st[S.H_ORACLE + h] = 1
    st[S.S_ORACLE_LIST + st[S.S_N_ORACLES]] = h
    st[S.S_N_ORACLES] += 1
    st[S.S_ORACLES_TOTAL] = st[S.S_N_ORACLES]
    S.near_rebuild(st)


def road(st, p, rc, o):
    h = H(rc)
    assert st[S.H_ROAD_OWN + h] < 0 and st[S.H_CITY + h] < 0
    st[S.H_ROAD_OWN + h] = p
    st[S.H_ROAD_OR + h] = o
    st[S.S_RES_ROAD + p] -= 1
    S.near_rebuild(st)


def city(st, p, cells):
    """A city of p (older than any city created later), tiles placed in earlier turns."""
    c = st[S.S_NEXT_CITY]
    st[S.S_NEXT_CITY] = c + 1
    st[S.C_OWNER + c] = p
    st[S.C_ALIVE + c] = 1
    st[S.C_HEAD + c] = -1
    st[S.C_MINHEX + c] = N
    for rc in cells:
        h = H(rc)
        st[S.H_CITY + h] = c
        st[S.H_NEXT + h] = st[S.C_HEAD + c]
        st[S.C_HEAD + c] = h
        st[S.C_SIZE + c] += 1
        st[S.C_MINHEX + c] = min(st[S.C_MINHEX + c], h)
        st[S.H_TURN + h] = 0
        st[S.S_RES_CITY + p] -= 1
    S.near_rebuild(st)
    return c


def market(st, p, rc, sold=False):
    m = R.add_market(st, p, H(rc))
    if sold:
        st[S.K_STATE + m] = S.MK_SOLD
    return m


def key(st, rc):
    return R.place_key(st, H(rc))


def conn(st, pr, rc):
    return R.conn(st, key(st, rc), int(pr[PARAMS.index("connectivity")]))


def legal(st, pr):
    out = np.empty(R.MAX_LEGAL, dtype=np.int64)
    n = R.legal_actions(st, pr, out)
    return [int(a) for a in out[:n]]


def city_action(rc):
    return R.A_CITY + H(rc)


def build_action(st, rc):
    return R.A_BUILD + R.canonical_hex(st, key(st, rc))


def has_kind(actions, lo, hi):
    return any(lo <= a < hi for a in actions)
