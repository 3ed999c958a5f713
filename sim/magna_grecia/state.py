"""The Magna Grecia state: one flat int32 array with named offsets, and `new_game` (§2).

Copying a state for a search player is one `state.copy()`. Seats are turn positions on the
first round tile (D9); `S_COLOUR + s` holds the colour of seat s. City ids are allocated in
founding order, so a city's id is its age (§4.6); a merged city keeps the lowest id.
"""
import numpy as np
from numba import njit

from sim.rng import new_stream, shuffle, below, SETUP
from sim.magna_grecia.board import N, NB, ORI_ENDS, CLASSIC_KIND, TILE_TABLE, generate_villages
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

_o = 0


def _field(size=1):
    global _o
    start = _o
    _o += size
    return start


# scalars
S_NP = _field()
S_STAGE = _field()
S_ROUND = _field()          # 0-based round index
S_POS = _field()            # position in the current tile's order (0..3)
S_CUR = _field()            # current seat
S_R = _field()              # roads placed this turn
S_C = _field()              # city tiles placed this turn
S_D = _field()              # tiles drawn this turn
S_PENDING = _field()
S_FOUNDED = _field()
S_FOUND_HEX = _field()
S_PHASE = _field()
S_NEXT_CITY = _field()      # next city id = next age
S_NEXT_MARKET = _field()    # next market serial
S_TURNS = _field()          # player-turns played
S_TURN_ID = _field()        # global turn counter (tiles placed in turn t carry t)
S_ACTED = _field()          # this turn did something
S_N_ORACLES = _field()      # oracles on the board
S_ORACLES_TOTAL = _field()  # oracles to place
S_ORACLE_SEAT = _field()    # seat placing the next oracle
S_TT_N = _field()           # city tiles placed this turn
S_PREV_LAST = _field()      # seat that played last in the previous round (-1)
S_ROUNDS = _field()
S_BOARD_ATTEMPTS = _field()
S_TIE = _field()
S_TIE_BREAK_USED = _field()
S_TT = _field(MAXTT)        # hexes of this turn's city tiles
S_STACK = _field(12)
S_ORACLE_LIST = _field(32)
# per seat
S_COLOUR = _field(MAXP)
S_SEAT_OF_COLOUR = _field(MAXP)
S_POINTS = _field(MAXP)
S_STOCK_ROAD = _field(MAXP)
S_STOCK_CITY = _field(MAXP)
S_RES_ROAD = _field(MAXP)
S_RES_CITY = _field(MAXP)
S_SUPPLY = _field(MAXP)
# per-seat metrics (counters kept during play)
M_CITIES_FOUNDED = _field(MAXP)
M_CITY_TILES = _field(MAXP)
M_ROAD_TILES = _field(MAXP)
M_DRAWN = _field(MAXP)
M_MARKETS_BUILT = _field(MAXP)
M_FOUNDING_MARKETS = _field(MAXP)
M_MARKETS_SOLD = _field(MAXP)
M_SOLD_POINTS = _field(MAXP)
M_MARKETS_REMOVED = _field(MAXP)
M_TAKEOVERS = _field(MAXP)
M_MERGES = _field(MAXP)
M_SPENT = _field(MAXP)
M_PASSES = _field(MAXP)
M_DOUBLE = _field(MAXP)
# hexes
H_KIND = _field(N)          # 0 plain, 1 inland village, 2 frontier village
H_ORACLE = _field(N)        # 1 if an oracle stands here
H_OCTRL = _field(N)         # oracle hex: controlling city id, -1 none
H_ROAD_OWN = _field(N)      # road owner seat, -1 none
H_ROAD_OR = _field(N)       # road orientation
H_CITY = _field(N)          # city id of the tile here, -1 none
H_NEXT = _field(N)          # next hex of the same city (linked list), -1 end
H_TURN = _field(N)          # S_TURN_ID when the city tile was placed
H_NEAR = _field(N)          # what touches the hex, kept up to date by apply (bits NEAR_*)
# cities (index = id = age)
C_OWNER = _field(MAXC)
C_ALIVE = _field(MAXC)
C_SIZE = _field(MAXC)
C_HEAD = _field(MAXC)
C_MINHEX = _field(MAXC)
# markets (index = serial)
K_OWNER = _field(MAXM)
K_HEX = _field(MAXM)
K_STATE = _field(MAXM)
STATE_SIZE = _o

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
    return st


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
