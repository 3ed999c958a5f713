"""Places, chains and connectivity (spec §4.1 geometry, §4.2 places, §4.5 chains, direct
connection, connectivity): where a road tile points, which places a chain of roads joins.
"""
import numpy as np
from numba import njit
from sim.catan_core.borrow import NO_REFCOUNT

from sim.magna_grecia.board import N, NB, ORI_MASK, ORI_ENDS, OTHER_END
from sim.magna_grecia.state import (
    H_KIND, H_ORACLE, H_ROAD_OWN, H_ROAD_OR, H_CITY, H_NEXT, C_OWNER, C_SIZE, C_HEAD, C_MINHEX,
)


@njit(cache=True, **NO_REFCOUNT)
def road_points(st, y, d):
    """The road tile on y (if any) has an end pointing in direction d."""
    if st[H_ROAD_OWN + y] < 0:
        return False
    return (ORI_MASK[st[H_ROAD_OR + y]] >> d) & 1 == 1


@njit(cache=True, **NO_REFCOUNT)
def entered_by(st, x, p):
    """A road tile of p has an end pointing at hex x (D15)."""
    for d in range(6):
        y = NB[x, d]
        if y >= 0 and st[H_ROAD_OWN + y] == p and (ORI_MASK[st[H_ROAD_OR + y]] >> ((d + 3) % 6)) & 1 == 1:
            return True
    return False


@njit(cache=True, **NO_REFCOUNT)
def place_key(st, h):
    """Place a hex belongs to: N + city id, the village/oracle hex, or -1 (plain, no city)."""
    c = st[H_CITY + h]
    if c >= 0:
        return N + c
    if st[H_KIND + h] != 0:
        return h
    return -1


@njit(cache=True)
def canonical_hex(st, key):
    if key >= N:
        return st[C_MINHEX + key - N]
    return key


@njit(cache=True, **NO_REFCOUNT)
def is_open_village(st, h):
    return st[H_KIND + h] != 0 and st[H_ORACLE + h] == 0 and st[H_CITY + h] < 0


@njit(cache=True, **NO_REFCOUNT)
def trace(st, h, d):
    """Follow the chain whose terminal end points at place hex h from direction d.

    Returns the place key its other terminal end meets, -1 if that end is open or dead,
    -2 if no road end points at h from that side."""
    x = NB[h, d]
    if x < 0 or st[H_ROAD_OWN + x] < 0:
        return -2
    o = st[H_ROAD_OR + x]
    e = (d + 3) % 6
    if (ORI_MASK[o] >> e) & 1 == 0:
        return -2
    while True:
        out = OTHER_END[o, e]
        y = NB[x, out]
        if y < 0:
            return -1
        if st[H_ROAD_OWN + y] >= 0:
            oy = st[H_ROAD_OR + y]
            back = (out + 3) % 6
            if (ORI_MASK[oy] >> back) & 1 == 1:
                x = y
                o = oy
                e = back
                continue
            return -1
        return place_key(st, y)


@njit(cache=True, **NO_REFCOUNT)
def follow(st, x, e):
    """From road tile x, leave through its end e and follow the chain; returns the place key
    met by the terminal end (-1 open, dead, or a closed loop back to x)."""
    o = st[H_ROAD_OR + x]
    out = e
    x0 = x
    while True:
        y = NB[x, out]
        if y < 0 or y == x0:
            return -1
        if st[H_ROAD_OWN + y] >= 0:
            oy = st[H_ROAD_OR + y]
            back = (out + 3) % 6
            if (ORI_MASK[oy] >> back) & 1 == 1:
                x = y
                o = oy
                out = OTHER_END[o, back]
                continue
            return -1
        return place_key(st, y)


@njit(cache=True, **NO_REFCOUNT)
def road_connects(st, p, h, o):
    """A road of p placed on h with orientation o would make a chain whose two terminal ends meet
    two different places (evaluated on a temporary placement)."""
    st[H_ROAD_OWN + h] = p
    st[H_ROAD_OR + h] = o
    a = follow(st, h, ORI_ENDS[o, 0])
    b = -1
    if a >= 0:
        b = follow(st, h, ORI_ENDS[o, 1])
    st[H_ROAD_OWN + h] = -1
    st[H_ROAD_OR + h] = 0
    return a >= 0 and b >= 0 and a != b


@njit(cache=True, **NO_REFCOUNT)
def place_hexes(st, key, buf):
    if key < N:
        buf[0] = key
        return 1
    h = st[C_HEAD + key - N]
    n = 0
    while h >= 0:
        buf[n] = h
        n += 1
        h = st[H_NEXT + h]
    return n


@njit(cache=True, **NO_REFCOUNT)
def connected_places(st, key, out):
    """Place keys directly connected to place `key`, one entry per chain (duplicates kept)."""
    m = 0
    if key < N:
        for d in range(6):
            q = trace(st, key, d)
            if q >= 0 and q != key:
                out[m] = q
                m += 1
        return m
    h = st[C_HEAD + key - N]
    while h >= 0:
        for d in range(6):
            q = trace(st, h, d)
            if q >= 0 and q != key:
                out[m] = q
                m += 1
        h = st[H_NEXT + h]
    return m


@njit(cache=True, **NO_REFCOUNT)
def count_distinct(out, m):
    cnt = 0
    for i in range(m):
        dup = False
        for j in range(i):
            if out[j] == out[i]:
                dup = True
                break
        if not dup:
            cnt += 1
    return cnt


@njit(cache=True, **NO_REFCOUNT)
def place_buf_size(st, key):
    """Entries connected_places can write for place key (6 per hex of the place)."""
    if key >= N:
        return 6 * max(1, st[C_SIZE + key - N])
    return 6


@njit(cache=True)
def conn(st, key, mode):
    """conn(place) (§4.5): mode 0 distinct places, 1 road_count."""
    out = np.empty(place_buf_size(st, key), dtype=np.int64)
    m = connected_places(st, key, out)
    if mode == 1:
        return m
    return count_distinct(out, m)


@njit(cache=True)
def connected_to_own_city(st, key, p):
    """Place `key` is one of p's cities or directly connected to one (§4.8 active)."""
    if key >= N and st[C_OWNER + key - N] == p:
        return True
    out = np.empty(place_buf_size(st, key), dtype=np.int64)
    m = connected_places(st, key, out)
    for i in range(m):
        q = out[i]
        if q >= N and st[C_OWNER + q - N] == p:
            return True
    return False
