"""The Magna Grecia state: one flat int32 array declared once with sim/layout.py (`LAYOUT`;
`LAYOUT.dump(st)` prints a state by name), and the setup of §2 (`setup`, `new_game`).

Copying a state for a search player is one `state.copy()`. Seats are turn positions on the
first round tile (D9); `S_COLOUR + s` holds the colour of seat s. City ids are allocated in
founding order, so a city's id is its age (§4.6); a merged city keeps the lowest id.
"""
import numpy as np
from numba import njit

from sim.rng import new_stream, shuffle, below, SETUP
from sim.layout import Layout
from sim.magna_grecia.board import N, NB, ORI_ENDS, CLASSIC_KIND, TILE_TABLE, TILE_NAMES, generate_villages
from sim.magna_grecia import params as P

MAXP = 4
MAXC = 160          # city ids (4 colours x up to 40 tiles)
MAXM = 160          # market serials (4 colours x up to 40 markets)
MAXTT = 16          # city tiles placed in one turn (bounded by C+ <= 5)

# stages
ST_ORACLES, ST_PLAY, ST_OVER = 0, 1, 2
# phases of a turn (§3.2)
PH_PLACING, PH_DRAWING, PH_MARKET_DONE = 0, 1, 2
# market states
MK_NONE, MK_UNSOLD, MK_SOLD = 0, 1, 2

LAYOUT = Layout("Magna Grecia")      # starts with the contract header (sim/layout.py)
# scalars
S_NP = LAYOUT.field("S_NP")
S_STAGE = LAYOUT.field("S_STAGE")
S_ROUND = LAYOUT.field("S_ROUND", doc="0-based round index")
S_POS = LAYOUT.field("S_POS", doc="position in the current tile's order (0..3)")
S_CUR = LAYOUT.field("S_CUR", doc="current seat")
S_R = LAYOUT.field("S_R", doc="roads placed this turn")
S_C = LAYOUT.field("S_C", doc="city tiles placed this turn")
S_D = LAYOUT.field("S_D", doc="tiles drawn this turn")
S_PENDING = LAYOUT.field("S_PENDING")
S_FOUNDED = LAYOUT.field("S_FOUNDED")
S_FOUND_HEX = LAYOUT.field("S_FOUND_HEX")
S_PHASE = LAYOUT.field("S_PHASE")
S_NEXT_CITY = LAYOUT.field("S_NEXT_CITY", doc="next city id = next age")
S_NEXT_MARKET = LAYOUT.field("S_NEXT_MARKET", doc="next market serial")
S_TURNS = LAYOUT.field("S_TURNS", doc="player-turns played")
S_TURN_ID = LAYOUT.field("S_TURN_ID", doc="global turn counter (tiles placed in turn t carry t)")
S_ACTED = LAYOUT.field("S_ACTED", doc="this turn did something")
S_N_ORACLES = LAYOUT.field("S_N_ORACLES", doc="oracles on the board")
S_ORACLES_TOTAL = LAYOUT.field("S_ORACLES_TOTAL", doc="oracles to place")
S_ORACLE_SEAT = LAYOUT.field("S_ORACLE_SEAT", doc="seat placing the next oracle")
S_TT_N = LAYOUT.field("S_TT_N", doc="city tiles placed this turn")
S_PREV_LAST = LAYOUT.field("S_PREV_LAST", doc="seat that played last in the previous round (-1)")
S_ROUNDS = LAYOUT.field("S_ROUNDS")
S_BOARD_ATTEMPTS = LAYOUT.field("S_BOARD_ATTEMPTS")
S_TIE = LAYOUT.field("S_TIE")
S_TIE_BREAK_USED = LAYOUT.field("S_TIE_BREAK_USED")
S_TT = LAYOUT.field("S_TT", MAXTT, doc="hexes of this turn's city tiles")
S_STACK = LAYOUT.field("S_STACK", 12, values=TILE_NAMES)
S_ORACLE_LIST = LAYOUT.field("S_ORACLE_LIST", 32)
# per seat
S_COLOUR = LAYOUT.field("S_COLOUR", MAXP)
S_SEAT_OF_COLOUR = LAYOUT.field("S_SEAT_OF_COLOUR", MAXP, default=-1)
S_POINTS = LAYOUT.field("S_POINTS", MAXP)
S_STOCK_ROAD = LAYOUT.field("S_STOCK_ROAD", MAXP)
S_STOCK_CITY = LAYOUT.field("S_STOCK_CITY", MAXP)
S_RES_ROAD = LAYOUT.field("S_RES_ROAD", MAXP)
S_RES_CITY = LAYOUT.field("S_RES_CITY", MAXP)
S_SUPPLY = LAYOUT.field("S_SUPPLY", MAXP)
# per-seat metrics (counters kept during play)
M_CITIES_FOUNDED = LAYOUT.field("M_CITIES_FOUNDED", MAXP)
M_CITY_TILES = LAYOUT.field("M_CITY_TILES", MAXP)
M_ROAD_TILES = LAYOUT.field("M_ROAD_TILES", MAXP)
M_DRAWN = LAYOUT.field("M_DRAWN", MAXP)
M_MARKETS_BUILT = LAYOUT.field("M_MARKETS_BUILT", MAXP)
M_FOUNDING_MARKETS = LAYOUT.field("M_FOUNDING_MARKETS", MAXP)
M_MARKETS_SOLD = LAYOUT.field("M_MARKETS_SOLD", MAXP)
M_SOLD_POINTS = LAYOUT.field("M_SOLD_POINTS", MAXP)
M_MARKETS_REMOVED = LAYOUT.field("M_MARKETS_REMOVED", MAXP)
M_TAKEOVERS = LAYOUT.field("M_TAKEOVERS", MAXP)
M_MERGES = LAYOUT.field("M_MERGES", MAXP)
M_SPENT = LAYOUT.field("M_SPENT", MAXP)
M_PASSES = LAYOUT.field("M_PASSES", MAXP)
M_DOUBLE = LAYOUT.field("M_DOUBLE", MAXP)
# hexes
H_KIND = LAYOUT.field("H_KIND", N, doc="0 plain, 1 inland village, 2 frontier village")
H_ORACLE = LAYOUT.field("H_ORACLE", N, doc="1 if an oracle stands here")
H_OCTRL = LAYOUT.field("H_OCTRL", N, default=-1, doc="oracle hex: controlling city id, -1 none")
H_ROAD_OWN = LAYOUT.field("H_ROAD_OWN", N, default=-1, doc="road owner seat, -1 none")
H_ROAD_OR = LAYOUT.field("H_ROAD_OR", N, doc="road orientation")
H_CITY = LAYOUT.field("H_CITY", N, default=-1, doc="city id of the tile here, -1 none")
H_NEXT = LAYOUT.field("H_NEXT", N, default=-1, doc="next hex of the same city (linked list), -1 end")
H_TURN = LAYOUT.field("H_TURN", N, doc="S_TURN_ID when the city tile was placed")
H_NEAR = LAYOUT.field("H_NEAR", N, doc="what touches the hex, kept up to date by apply (bits NEAR_*)")
# cities (index = id = age)
C_OWNER = LAYOUT.field("C_OWNER", MAXC)
C_ALIVE = LAYOUT.field("C_ALIVE", MAXC)
C_SIZE = LAYOUT.field("C_SIZE", MAXC)
C_HEAD = LAYOUT.field("C_HEAD", MAXC)
C_MINHEX = LAYOUT.field("C_MINHEX", MAXC)
# markets (index = serial)
K_OWNER = LAYOUT.field("K_OWNER", MAXM)
K_HEX = LAYOUT.field("K_HEX", MAXM)
K_STATE = LAYOUT.field("K_STATE", MAXM)
STATE_SIZE = LAYOUT.size

# H_NEAR bits: the neighbourhood facts the city and road listings ask for at every decision,
# updated where a tile or an oracle is placed instead of being recomputed from the board.
NEAR_CITY = 0               # bit s: a city tile of seat s is adjacent
NEAR_CITY_ALL = 15
NEAR_ENTERED = 4            # bit 4+s: a road end of seat s points at the hex (D15 "leads in")
NEAR_ORACLE = 1 << 8        # an oracle is adjacent
NEAR_OPEN_SHIFT = 9         # bits 9..11: number of adjacent open villages
NEAR_OPEN_ONE = 1 << NEAR_OPEN_SHIFT


@njit(cache=True)
def near_open_villages(st, h):
    """Open villages adjacent to h (from H_NEAR)."""
    return st[H_NEAR + h] >> NEAR_OPEN_SHIFT


@njit(cache=True)
def near_close_village(st, h):
    """Village h stops being open (an oracle or a city tile is placed on it)."""
    for d in range(6):
        y = NB[h, d]
        if y >= 0:
            st[H_NEAR + y] -= NEAR_OPEN_ONE


@njit(cache=True)
def near_add_oracle(st, h):
    near_close_village(st, h)
    for d in range(6):
        y = NB[h, d]
        if y >= 0:
            st[H_NEAR + y] |= NEAR_ORACLE


@njit(cache=True)
def near_add_road(st, p, h, o):
    for j in range(2):
        y = NB[h, ORI_ENDS[o, j]]
        if y >= 0:
            st[H_NEAR + y] |= 1 << (NEAR_ENTERED + p)


@njit(cache=True)
def near_add_city_tile(st, p, h):
    """Before H_CITY is set: closes the village under h if it was open."""
    if st[H_KIND + h] != 0 and st[H_ORACLE + h] == 0 and st[H_CITY + h] < 0:
        near_close_village(st, h)
    for d in range(6):
        y = NB[h, d]
        if y >= 0:
            st[H_NEAR + y] |= 1 << (NEAR_CITY + p)


@njit(cache=True)
def near_compute(st, out):
    """H_NEAR from scratch into out[0:N] (for near_rebuild and the invariant check)."""
    for h in range(N):
        out[h] = 0
    for h in range(N):
        if st[H_KIND + h] != 0 and st[H_ORACLE + h] == 0 and st[H_CITY + h] < 0:
            for d in range(6):
                y = NB[h, d]
                if y >= 0:
                    out[y] += NEAR_OPEN_ONE
        if st[H_ORACLE + h] != 0:
            for d in range(6):
                y = NB[h, d]
                if y >= 0:
                    out[y] |= NEAR_ORACLE
        c = st[H_CITY + h]
        if c >= 0:
            for d in range(6):
                y = NB[h, d]
                if y >= 0:
                    out[y] |= 1 << (NEAR_CITY + st[C_OWNER + c])
        ow = st[H_ROAD_OWN + h]
        if ow >= 0:
            o = st[H_ROAD_OR + h]
            for j in range(2):
                y = NB[h, ORI_ENDS[o, j]]
                if y >= 0:
                    out[y] |= 1 << (NEAR_ENTERED + ow)


@njit(cache=True)
def near_rebuild(st):
    """Recompute H_NEAR (after a position is built or edited directly, as tests do)."""
    near_compute(st, st[H_NEAR:H_NEAR + N])


@njit(cache=True)
def seat_tile_order(state, round_idx, out):
    """Seats in turn order for round `round_idx` (absent colours skipped); returns count."""
    t = state[S_STACK + round_idx]
    n = 0
    for j in range(4):
        col = TILE_TABLE[t, j]
        s = state[S_SEAT_OF_COLOUR + col]
        if s >= 0:
            out[n] = s
            n += 1
    return n


@njit(cache=True)
def make_stack(rng, out):
    """§9.2: shuffle each colour's 3 tiles, then each layer of 4 is shuffled and appended."""
    per = np.empty((4, 3), dtype=np.int64)
    for c in range(4):
        a = np.arange(3 * c, 3 * c + 3)
        shuffle(rng, a)
        for j in range(3):
            per[c, j] = a[j]
    k = 0
    for layer in range(3):
        blk = np.empty(4, dtype=np.int64)
        for c in range(4):
            blk[c] = per[c, layer]
        shuffle(rng, blk)
        for c in range(4):
            out[k] = blk[c]
            k += 1


@njit(cache=True)
def first_seat_in_round(state, round_idx):
    t = state[S_STACK + round_idx]
    for j in range(4):
        s = state[S_SEAT_OF_COLOUR + TILE_TABLE[t, j]]
        if s >= 0:
            return j
    return -1


@njit(cache=True)
def new_game(seed, index, n_players, params):
    """A fresh state after setup (§2); the oracle stage comes next (or play, if random)."""
    st = np.zeros(STATE_SIZE, dtype=np.int32)
    setup(st, seed, index, n_players, params)
    return st


@njit(cache=True)
def setup(st, seed, index, n_players, params):
    """§2 on a zeroed state st (the engine's new_game clears it with sim.layout.clear_state)."""
    rng = new_stream(seed, index, SETUP)
    st[S_NP] = n_players
    # 1. board
    kind = np.empty(N, dtype=np.int64)
    if n_players == 2:
        n_or = int(params[P.P_ORACLES_2P])
    elif n_players == 3:
        n_or = int(params[P.P_ORACLES_3P])
    else:
        n_or = int(params[P.P_ORACLES_4P])
    if int(params[P.P_BOARD]) == 1:
        gseed = int(params[P.P_GEN_SEED])
        if gseed >= 0:
            grng = new_stream(gseed, 0, 3)
        else:
            grng = rng
        att = generate_villages(grng, int(params[P.P_GEN_VILLAGES]), int(params[P.P_GEN_FRONTIER]),
                                int(params[P.P_GEN_MIN_DIST]), int(params[P.P_GEN_FRONTIER_DIST]),
                                int(params[P.P_GEN_MAX_GAP]), n_or, kind)
        if att < 0:
            raise ValueError("board generator: no acceptable board in 1000 attempts")
        st[S_BOARD_ATTEMPTS] = att
    else:
        for h in range(N):
            kind[h] = CLASSIC_KIND[h]
    for h in range(N):
        st[H_KIND + h] = kind[h]
        st[H_OCTRL + h] = -1
        st[H_ROAD_OWN + h] = -1
        st[H_CITY + h] = -1
        st[H_NEXT + h] = -1
    # 2. colours
    cols = np.arange(4)
    if n_players < 4 and int(params[P.P_COLOURS]) == 0:
        shuffle(rng, cols)
    present = np.zeros(4, dtype=np.int64)
    for i in range(n_players):
        present[cols[i]] = 1
    # 3. stack
    stack = np.empty(12, dtype=np.int64)
    make_stack(rng, stack)
    for i in range(12):
        st[S_STACK + i] = stack[i]
    # 4. seats in stack[0]'s order
    for c in range(4):
        st[S_SEAT_OF_COLOUR + c] = -1
    s = 0
    for j in range(4):
        c = TILE_TABLE[stack[0], j]
        if present[c] == 1:
            st[S_COLOUR + s] = c
            st[S_SEAT_OF_COLOUR + c] = s
            s += 1
    # 5-6. points and pieces
    if n_players == 2:
        pts = int(params[P.P_START_2P])
    elif n_players == 3:
        pts = int(params[P.P_START_3P])
    else:
        pts = int(params[P.P_START_4P])
    roads = int(params[P.P_ROAD_TILES])
    cities = int(params[P.P_CITY_TILES])
    sr = min(int(params[P.P_STOCK_ROADS]), roads)
    sc = min(int(params[P.P_STOCK_CITIES]), cities)
    for s in range(n_players):
        st[S_POINTS + s] = pts
        st[S_STOCK_ROAD + s] = sr
        st[S_STOCK_CITY + s] = sc
        st[S_RES_ROAD + s] = roads - sr
        st[S_RES_CITY + s] = cities - sc
        st[S_SUPPLY + s] = int(params[P.P_MARKETS])
    st[S_ROUNDS] = int(params[P.P_ROUNDS])
    st[S_PREV_LAST] = -1
    st[S_FOUND_HEX] = -1
    near_rebuild(st)
    # 7. oracles
    st[S_ORACLES_TOTAL] = n_or
    if int(params[P.P_ORACLE_PLACEMENT]) == 1:
        cand = np.empty(N, dtype=np.int64)
        for _ in range(n_or):
            m = 0
            for h in range(N):
                if st[H_KIND + h] == 1 and st[H_ORACLE + h] == 0:
                    cand[m] = h
                    m += 1
            h = cand[below(rng, m)]
            near_add_oracle(st, h)
            st[H_ORACLE + h] = 1
            st[S_ORACLE_LIST + st[S_N_ORACLES]] = h
            st[S_N_ORACLES] += 1
    start_play_if_ready(st)


@njit(cache=True)
def start_play_if_ready(st):
    if st[S_N_ORACLES] >= st[S_ORACLES_TOTAL]:
        st[S_STAGE] = ST_PLAY
        st[S_ROUND] = 0
        st[S_POS] = first_seat_in_round(st, 0)
        t = st[S_STACK]
        from_col = TILE_TABLE[t, st[S_POS]]
        st[S_CUR] = st[S_SEAT_OF_COLOUR + from_col]
        st[S_TURN_ID] = 1
    else:
        st[S_STAGE] = ST_ORACLES
        st[S_CUR] = st[S_ORACLE_SEAT]
