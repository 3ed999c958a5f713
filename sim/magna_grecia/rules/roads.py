"""Road tiles (spec §4.3 tiles, §4.4 placement): which orientations are legal on a hex, and
the listing of PLACE_ROAD actions.
"""
import numpy as np
from numba import njit
from sim.catan_core.borrow import NO_REFCOUNT

from sim.magna_grecia.board import N, NB, ORI_MASK, ORI_ENDS
from sim.magna_grecia import params as P
from sim.magna_grecia.state import H_KIND, H_ROAD_OWN, H_ROAD_OR, H_CITY
from .places import entered_by


@njit(cache=True, **NO_REFCOUNT)
def road_dir_status(st, p, h, d, allow_rival):
    """End of a tile on h pointing in d: 1 anchored, 0 neutral, -1 forbidden (rival join)."""
    x = NB[h, d]
    if x < 0:
        return 0
    ow = st[H_ROAD_OWN + x]
    if ow >= 0:
        if (ORI_MASK[st[H_ROAD_OR + x]] >> ((d + 3) % 6)) & 1 == 1:
            if ow == p:
                return 1
            return 0 if allow_rival else -1
        return 0
    if st[H_CITY + x] >= 0:
        return 1
    if st[H_KIND + x] != 0 and entered_by(st, x, p):
        return 1
    return 0


@njit(cache=True, **NO_REFCOUNT)
def road_legal(st, params, p, h, o):
    if st[H_KIND + h] != 0 or st[H_ROAD_OWN + h] >= 0 or st[H_CITY + h] >= 0:
        return False
    allow = int(params[P.P_JOIN_RIVAL]) == 1
    a = -9
    b = -9
    for d in range(6):
        if (ORI_MASK[o] >> d) & 1 == 1:
            s = road_dir_status(st, p, h, d, allow)
            if a == -9:
                a = s
            else:
                b = s
    if a < 0 or b < 0:
        return False
    return a == 1 or b == 1


@njit(cache=True)
def road_actions(st, params, p, out, n):
    """PLACE_ROAD ids for p, generated only on hexes next to an anchor (city tile, end of a road
    of p, village or oracle entered by p). (One mark array and per-hex bit sets of end statuses:
    each array allocated here costs about as much as a hex's work.)"""
    allow = int(params[P.P_JOIN_RIVAL]) == 1
    mark = np.zeros(N, dtype=np.int8)   # ENT: village/oracle entered by p; CAND: candidate hex
    ENT = 1
    CAND = 2
    for x in range(N):
        if st[H_ROAD_OWN + x] == p:
            o = st[H_ROAD_OR + x]
            for j in range(2):
                y = NB[x, ORI_ENDS[o, j]]
                if y >= 0:
                    if st[H_KIND + y] != 0:
                        if st[H_CITY + y] < 0:
                            mark[y] |= ENT
                    elif st[H_ROAD_OWN + y] < 0 and st[H_CITY + y] < 0:
                        mark[y] |= CAND
    for x in range(N):
        if st[H_CITY + x] >= 0 or (mark[x] & ENT) != 0:
            for d in range(6):
                y = NB[x, d]
                if y >= 0:
                    mark[y] |= CAND
    for h in range(N):
        if (mark[h] & CAND) == 0:
            continue
        if st[H_KIND + h] != 0 or st[H_ROAD_OWN + h] >= 0 or st[H_CITY + h] >= 0:
            continue
        anchor = 0          # bit d: the end pointing in direction d is anchored
        banned = 0          # bit d: that end would join a rival's road
        for d in range(6):
            x = NB[h, d]
            if x >= 0:
                ow = st[H_ROAD_OWN + x]
                if ow >= 0:
                    if (ORI_MASK[st[H_ROAD_OR + x]] >> ((d + 3) % 6)) & 1 == 1:
                        if ow == p:
                            anchor |= 1 << d
                        elif not allow:
                            banned |= 1 << d
                elif st[H_CITY + x] >= 0 or (mark[x] & ENT) != 0:
                    anchor |= 1 << d
        if anchor == 0:
            continue
        for o in range(9):
            m = ORI_MASK[o]
            if (m & banned) == 0 and (m & anchor) != 0:
                out[n] = 9 * h + o
                n += 1
    return n
