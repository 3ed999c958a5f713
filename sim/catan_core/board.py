"""Static Catan geometry (rules spec troja.md §1.1, §2.1, §7) as numpy tables built at import.

Boards: B19 (3-4 players) and B30 (5-6 players), each with one or two sea rings.
Everything lives in one flat int32 `topo` array with named offsets (T_*), so compiled
code reads adjacency by index arithmetic and a board is one argument.
"""
import numpy as np

from sim.catan_core.layout import HMAX, NMAX, EMAX, SMAX, HARBMAX  # noqa: F401  (re-exported)
from sim.catan_core.actions import ACTION_NAMES, action_space, action_starts

DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))  # E NE NW W SW SE
CORNERS = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))  # N NE SE S SW NW

B30_ROWS = {-3: (0, 2), -2: (-1, 2), -1: (-2, 2), 0: (-3, 2), 1: (-3, 1), 2: (-3, 0), 3: (-3, -1)}

# harbor positions: (sea hex id, node a, node b)  [§2.1]
HARBORS_B19 = ((19, 0, 3), (21, 1, 5), (24, 10, 15), (28, 26, 32), (32, 42, 46), (35, 49, 52),
               (33, 47, 51), (29, 33, 38), (25, 11, 16))
HARBOR_TYPES_B19 = (0, 1, 2, 3, 4, 5, 5, 5, 5)  # 5 = generic 3:1
HARBORS_B30 = ((30, 0, 3), (32, 1, 5), (35, 6, 10), (39, 26, 32), (43, 46, 52), (47, 68, 72),
               (50, 75, 78), (48, 73, 77), (44, 53, 59), (40, 33, 40), (36, 11, 16))
HARBOR_TYPES_B30 = (5, 5, 5, 5, 5, 0, 1, 2, 2, 3, 4)
SPIRAL_B19 = (11, 6, 2, 1, 0, 3, 7, 12, 16, 17, 18, 15, 10, 5, 4, 8, 13, 14, 9)
SPIRAL_NUMBERS = (5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11)

# terrain counts per resource 0..4 (lumber, brick, wool, grain, ore) then desert
TERRAIN_B19 = (4, 3, 4, 4, 3, 1)
TERRAIN_B30 = (6, 5, 6, 6, 5, 2)
NUMBERS_B19 = (2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12)
NUMBERS_B30 = (2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 8, 8, 8, 9, 9, 9, 10, 10, 10, 11, 11, 11, 12, 12)


def land_hexes(big):
    if not big:
        cells = [(q, r) for r in range(-2, 3) for q in range(-2, 3) if max(abs(q), abs(r), abs(q + r)) <= 2]
    else:
        cells = [(q, r) for r in range(-3, 4) for q in range(B30_ROWS[r][0], B30_ROWS[r][1] + 1)]
    return sorted(cells, key=lambda c: (c[1], c[0]))


def geometry(big, rings=1):
    land = land_hexes(big)
    lset = set(land)
    ring1 = sorted({(q + dq, r + dr) for q, r in land for dq, dr in DIRS} - lset, key=lambda c: (c[1], c[0]))
    seas = list(ring1)
    if rings == 2:
        r1 = set(ring1)
        ring2 = sorted({(q + dq, r + dr) for q, r in ring1 for dq, dr in DIRS} - lset - r1, key=lambda c: (c[1], c[0]))
        seas += ring2
    hexes = land + seas
    hid = {c: i for i, c in enumerate(hexes)}

    def corners(c):
        X, Y = 2 * c[0] + c[1], 3 * c[1]
        return [(X + dx, Y + dy) for dx, dy in CORNERS]

    nodeset = sorted({p for c in land for p in corners(c)}, key=lambda p: (p[1], p[0]))
    nid = {p: i for i, p in enumerate(nodeset)}
    edges = set()
    for c in land:
        cs = [nid[p] for p in corners(c)]
        for k in range(6):
            a, b = cs[k], cs[(k + 1) % 6]
            edges.add((min(a, b), max(a, b)))
    edges = sorted(edges)
    return dict(land=land, seas=seas, hexes=hexes, hid=hid, nodes=nodeset, nid=nid, edges=edges,
                corners=corners)


# ---- flat layout of the topo array ----
_fields = [
    ("H", 1), ("N", 1), ("E", 1), ("S", 1), ("NHARB", 1), ("SEA_RING1", 1),
    ("HEX_NODES", HMAX * 6), ("HEX_ADJ", HMAX * 6),
    ("NODE_HEX", NMAX * 3), ("NODE_NB", NMAX * 3), ("NODE_NBE", NMAX * 3),
    ("EDGE_NODES", EMAX * 2),
    ("SEA_NODES", SMAX * 3), ("SEA_ADJ", SMAX * 6), ("SEA_SYMBOL", SMAX),
    ("NODE_SEA", NMAX * 3),
    ("HARB_SEA", HARBMAX), ("HARB_NODES", HARBMAX * 2), ("HARB_TYPES", HARBMAX),
    ("SPIRAL", HMAX), ("HAS_SPIRAL", 1),
    ("TERRAIN_COUNTS", 6), ("NUMBERS", 28), ("N_NUMBERS", 1),
    ("ACTION_START", len(ACTION_NAMES)),  # the first id of each declared action range (actions.py)
]
_off = 0
OFFSETS = {}
for _name, _size in _fields:
    OFFSETS[_name] = _off
    _off += _size
TOPO_SIZE = _off
T_H, T_N, T_E, T_S, T_NHARB, T_SEA_RING1 = (OFFSETS[k] for k in ("H", "N", "E", "S", "NHARB", "SEA_RING1"))
T_HEX_NODES = OFFSETS["HEX_NODES"]
T_HEX_ADJ = OFFSETS["HEX_ADJ"]
T_NODE_HEX = OFFSETS["NODE_HEX"]
T_NODE_NB = OFFSETS["NODE_NB"]
T_NODE_NBE = OFFSETS["NODE_NBE"]
T_EDGE_NODES = OFFSETS["EDGE_NODES"]
T_SEA_NODES = OFFSETS["SEA_NODES"]
T_SEA_ADJ = OFFSETS["SEA_ADJ"]
T_SEA_SYMBOL = OFFSETS["SEA_SYMBOL"]
T_NODE_SEA = OFFSETS["NODE_SEA"]
T_HARB_SEA = OFFSETS["HARB_SEA"]
T_HARB_NODES = OFFSETS["HARB_NODES"]
T_HARB_TYPES = OFFSETS["HARB_TYPES"]
T_SPIRAL = OFFSETS["SPIRAL"]
T_HAS_SPIRAL = OFFSETS["HAS_SPIRAL"]
T_TERRAIN_COUNTS = OFFSETS["TERRAIN_COUNTS"]
T_NUMBERS = OFFSETS["NUMBERS"]
T_N_NUMBERS = OFFSETS["N_NUMBERS"]
# where the compiled rules find a range's first action id on this board: topo[T_A_ROAD] + e
T_A = {name: OFFSETS["ACTION_START"] + k for k, name in enumerate(ACTION_NAMES)}
T_A_ROAD = T_A["ROAD"]
T_A_SETTLEMENT = T_A["SETTLEMENT"]
T_A_CITY = T_A["CITY"]
T_A_TRADE = T_A["TRADE"]
T_A_DISCARD = T_A["DISCARD"]
T_A_BUY_DEV = T_A["BUY_DEV"]
T_A_PLAY_KNIGHT = T_A["PLAY_KNIGHT"]
T_A_PLAY_ROAD_BUILDING = T_A["PLAY_ROAD_BUILDING"]
T_A_PLAY_YEAR_OF_PLENTY = T_A["PLAY_YEAR_OF_PLENTY"]
T_A_PLAY_MONOPOLY = T_A["PLAY_MONOPOLY"]
T_A_MOVE_ROBBER = T_A["MOVE_ROBBER"]
T_A_DONATE = T_A["DONATE"]
T_A_DONATE_STOP = T_A["DONATE_STOP"]
T_A_USE_SWAP = T_A["USE_SWAP"]
T_A_SWAP_RETURN = T_A["SWAP_RETURN"]
T_A_USE_TAKE = T_A["USE_TAKE"]
T_A_CHOOSE_TILE = T_A["CHOOSE_TILE"]
T_A_BUILD_SHIP = T_A["BUILD_SHIP"]
T_A_MOVE_CORSAIR = T_A["MOVE_CORSAIR"]


def build_topo(big, rings=1, symbols=None):
    """The topo array of B19 (big=False) or B30 (big=True) with `rings` sea rings.

    `symbols`: optional iterable of sea indices bearing a ship symbol (default: all)."""
    g = geometry(big, rings)
    land, seas, hid, nid, edges, corners = g["land"], g["seas"], g["hid"], g["nid"], g["edges"], g["corners"]
    H, N, E, S = len(land), len(nid), len(edges), len(seas)
    t = np.full(TOPO_SIZE, -1, dtype=np.int32)
    t[T_H], t[T_N], t[T_E], t[T_S] = H, N, E, S
    lset = set(land)
    t[T_SEA_RING1] = sum(1 for c in seas if any((c[0] + dq, c[1] + dr) in lset for dq, dr in DIRS))
    eid = {e: i for i, e in enumerate(edges)}
    node_hex = [[] for _ in range(N)]
    node_nb = [set() for _ in range(N)]
    for h, c in enumerate(land):
        cs = [nid[p] for p in corners(c)]
        for k in range(6):
            t[T_HEX_NODES + 6 * h + k] = cs[k]
            node_hex[cs[k]].append(h)
            a, b = cs[k], cs[(k + 1) % 6]
            node_nb[a].add(b)
            node_nb[b].add(a)
        for k, (dq, dr) in enumerate(DIRS):
            nb = (c[0] + dq, c[1] + dr)
            if nb in lset:
                t[T_HEX_ADJ + 6 * h + k] = hid[nb]
    for n in range(N):
        for k, h in enumerate(sorted(node_hex[n])):
            t[T_NODE_HEX + 3 * n + k] = h
        for k, m in enumerate(sorted(node_nb[n])):
            t[T_NODE_NB + 3 * n + k] = m
            t[T_NODE_NBE + 3 * n + k] = eid[(min(n, m), max(n, m))]
    for e, (a, b) in enumerate(edges):
        t[T_EDGE_NODES + 2 * e] = a
        t[T_EDGE_NODES + 2 * e + 1] = b
    sset = {c: i for i, c in enumerate(seas)}
    node_sea = [[] for _ in range(N)]
    for s, c in enumerate(seas):
        cs = sorted(nid[p] for p in corners(c) if p in nid)
        for k, n in enumerate(cs):
            t[T_SEA_NODES + 3 * s + k] = n
            node_sea[n].append(s)
        adj = sorted(sset[(c[0] + dq, c[1] + dr)] for dq, dr in DIRS if (c[0] + dq, c[1] + dr) in sset)
        for k, a in enumerate(adj):
            t[T_SEA_ADJ + 6 * s + k] = a
        t[T_SEA_SYMBOL + s] = 1 if symbols is None else 0
    if symbols is not None:
        for s in symbols:
            t[T_SEA_SYMBOL + s] = 1
    for n in range(N):
        for k, s in enumerate(sorted(node_sea[n])):
            t[T_NODE_SEA + 3 * n + k] = s
    harbors, htypes = (HARBORS_B30, HARBOR_TYPES_B30) if big else (HARBORS_B19, HARBOR_TYPES_B19)
    t[T_NHARB] = len(harbors)
    for k, (sh, a, b) in enumerate(harbors):
        t[T_HARB_SEA + k] = sh - H
        t[T_HARB_NODES + 2 * k] = a
        t[T_HARB_NODES + 2 * k + 1] = b
        t[T_HARB_TYPES + k] = htypes[k]
    t[T_HAS_SPIRAL] = 0 if big else 1
    if not big:
        for k, h in enumerate(SPIRAL_B19):
            t[T_SPIRAL + k] = h
    tc = TERRAIN_B30 if big else TERRAIN_B19
    t[T_TERRAIN_COUNTS:T_TERRAIN_COUNTS + 6] = tc
    nums = NUMBERS_B30 if big else NUMBERS_B19
    t[T_N_NUMBERS] = len(nums)
    t[T_NUMBERS:T_NUMBERS + len(nums)] = nums
    t[T_A["ROLL"]:T_A["ROLL"] + len(ACTION_NAMES)] = action_starts(E, N, S, H)
    return t


TOPO_B19 = build_topo(False, 1)
TOPO_B19_R2 = build_topo(False, 2)
TOPO_B30 = build_topo(True, 1)
TOPO_B30_R2 = build_topo(True, 2)


def topo_for(n_players, rings=1):
    big = n_players >= 5
    if big:
        return TOPO_B30 if rings == 1 else TOPO_B30_R2
    return TOPO_B19 if rings == 1 else TOPO_B19_R2


def actions_of_board(game, topo, P):
    """The declared action space (actions.py) of `game` on this board for P players."""
    return action_space(int(game), int(topo[T_E]), int(topo[T_N]), int(topo[T_S]), int(topo[T_H]), int(P))


def edge_id(topo, a, b):
    """Edge id between nodes a and b (Python helper for tests and traces)."""
    for k in range(3):
        if topo[T_NODE_NB + 3 * a + k] == b:
            return int(topo[T_NODE_NBE + 3 * a + k])
    raise ValueError(f"nodes {a} and {b} are not adjacent")


def edge_nodes(topo, e):
    return int(topo[T_EDGE_NODES + 2 * e]), int(topo[T_EDGE_NODES + 2 * e + 1])
