"""Named offsets of the flat int32 game state (declared with sim/layout.py) and of the int64
config vector.

One state array holds a whole game (header, players, board), so copying a state
for a search player is one `copy()`. Sizes are the maxima over all boards
(B30 with two sea rings, 6 players); a game uses the first H/N/E/S entries.
"""
from sim.layout import Layout, Struct, H_TRACE, HEADER_SIZE  # noqa: F401

# the largest board (B30 with two sea rings: hexes, nodes, edges, sea hexes, harbors) and player
# count; they size the state, the topo array (board.py, which checks its boards fit) and the
# action space (actions.py)
HMAX, NMAX, EMAX, SMAX, HARBMAX = 30, 80, 109, 50, 11
PMAX = 6
DECKMAX = 160

# ---------- phases ----------
PH_SETUP_SETTLEMENT = 0
PH_SETUP_ROAD = 1
PH_PRE_ROLL = 2
PH_DISCARD = 3
PH_ROBBER = 4
PH_CORSAIR = 5
PH_MAIN = 6
PH_ROAD_BUILDING = 7
PH_DONATING = 8
PH_SWAP_RETURN = 9
PH_CHOOSE_TILE = 10
PH_SBP = 11
PH_OVER = 12
PHASE_NAMES = ("SETUP_SETTLEMENT", "SETUP_ROAD", "PRE_ROLL", "DISCARD", "ROBBER", "CORSAIR", "MAIN",
               "ROAD_BUILDING", "DONATING", "SWAP_RETURN", "CHOOSE_TILE", "SBP", "OVER")

GAME_CATAN = 0
GAME_TROJA = 1

# end paths
END_NONE = 0
END_RACE = 1
END_TRACK_TROY = 2
END_TRACK_MYCENAE = 3
END_TRUNCATED = 4
END_PATH_NAMES = ("NONE", "RACE", "TRACK_TROY", "TRACK_MYCENAE", "TRUNCATED")

# dev card types
DEV_KNIGHT, DEV_VP, DEV_ROAD_BUILDING, DEV_YOP, DEV_MONOPOLY = 0, 1, 2, 3, 4
# ship benefits (spec codes)
BEN_PORT3, BEN_VP, BEN_SWAP, BEN_TILE2, BEN_TAKE = 1, 2, 3, 4, 5
# sides
SIDE_TROY, SIDE_MYCENAE, SIDE_NONE = 0, 1, 2


def _layout(fields):
    """Offsets of consecutive (name, size) fields (the config vector below)."""
    off, out = 0, {}
    for name, size in fields:
        out[name] = off
        off += size
    return out, off


# ---------- the state, declared with sim/layout.py (docs/ENGINES.md): the contract header first ----------
SCRATCH_N = 3 * 64 + NMAX + PMAX * 5   # ints of the scratch block (below)
RES_LABELS = ("lumber", "brick", "wool", "grain", "ore")
DEV_LABELS = ("knight", "vp", "road_building", "year_of_plenty", "monopoly")
SEAT = Struct("seat")
for _name, _size in [
    ("HAND", 5), ("ROADS_LEFT", 1), ("SETTLES_LEFT", 1), ("CITIES_LEFT", 1), ("ROAD_LEN", 1),
    ("KNIGHTS", 1), ("DEV", 5), ("DEV_NEW", 5), ("RATE", 5), ("TOKENS", 1), ("SHIPS", 1), ("VP_SHIPS", 1),
    ("ALLEG", 1), ("OWE", 1),
    # metrics
    ("TOK_EARNED", 1), ("TOK_SPENT", 1), ("DONATIONS", 1), ("DONATED", 5), ("SWAPS", 1), ("TAKES", 1),
    ("ROADS_BUILT", 1), ("SETTLES_BUILT", 1), ("CITIES_BUILT", 1), ("STOLEN", 1), ("LOST", 1),
    ("DISCARDED", 1), ("DEV_BOUGHT", 1), ("DEV_PLAYED_N", 5), ("SHIP_BEN", 6), ("CORSAIR_BLOCKED", 1),
]:
    _labels = (RES_LABELS if _name in ("HAND", "RATE", "DONATED") else
               DEV_LABELS if _name in ("DEV", "DEV_NEW", "DEV_PLAYED_N") else None)
    SEAT.field(_name, _size, labels=_labels)
PS = SEAT.size
_PL = {name: SEAT.start(name) for name in SEAT.names()}

LAYOUT = Layout("catan_core")
for _name, _size in [
    ("GAME", 1), ("P", 1), ("PHASE", 1), ("ACTIVE", 1), ("ACTOR", 1), ("TURN", 1), ("SETUP_STEP", 1),
    ("LAST_NODE", 1), ("ROBBER", 1), ("CORSAIR", 1), ("RET_PHASE", 1), ("DEV_PLAYED", 1), ("RB_LEFT", 1),
    ("DON_COUNT", 1), ("DON_PLACED", 1), ("SWAP_USED", 1), ("TAKE_USED", 1), ("SBP_LEFT", 1),
    ("LR_HOLDER", 1), ("LA_HOLDER", 1), ("WIN_MASK", 1), ("END_PATH", 1), ("DECK_POS", 1), ("DECK_N", 1),
    ("ACTIONS", 1), ("TURN_ACTIONS", 1), ("DICE", 1), ("TRADES_TURN", 1), ("TOKEN_SUPPLY", 1),
    ("TILE_SHIP", 1), ("LAST_BATTLE", 1), ("SEVENS", 1), ("CAUSE", 1),
    ("ROW", 5), ("TRACK", 2), ("BATTLES", 3), ("TILES", 5), ("BANK", 5), ("REMOVED", 5),
    ("BATTLE_LOG", 9),  # outcome + 1 (1 Troy, 2 Mycenae, 3 draw) of the first 9 battles, 0 = not fought
]:
    LAYOUT.field(_name, _size, labels=RES_LABELS if _name in ("ROW", "TILES", "BANK", "REMOVED") else None)
LAYOUT.array("PLAYERS", SEAT, PMAX, live="P")
for _name, _size, _default in [
    ("NODE_OWNER", NMAX, -1), ("NODE_LEVEL", NMAX, 0), ("EDGE_OWNER", EMAX, -1),
    ("TERRAIN", HMAX, 0), ("NUMBER", HMAX, 0), ("NODE_HARB", NMAX, -1), ("HARB_TYPE", HARBMAX, 0),
    ("SHIP_OWNER", SMAX, -1), ("SHIP_DISC", SMAX, -1), ("SHIP_TILE", SMAX, -1), ("DECK", DECKMAX, 0),
    # incremental legal-placement sets (road_ok / settle_ok per player) as 31-bit words
    ("ROAD_OK", PMAX * 4, 0), ("SETTLE_OK", PMAX * 3, 0),
    # buildings kept as indexes for the hot loops: each player's building nodes (SW words, a
    # city keeps its bit) and, per land hex, the mask of players with a building on a corner
    ("OWN_NODES", PMAX * 3, 0), ("HEX_OWNERS", HMAX, 0),
    # the node of each player's first and second set-up settlement (-1 before it), for the
    # results' loc_* columns (reports/board.py); only the scratch block moves (it must end the state)
    ("SETUP_NODES", PMAX * 2, -1),
    # temporaries of one rules step (longest-road stacks, production owed, battle reveal), so the
    # hot functions allocate nothing; meaningless between actions
    ("SCRATCH", SCRATCH_N, 0),
]:
    LAYOUT.field(_name, _size, default=_default)
STATE_SIZE = LAYOUT.size
_ST = {name: LAYOUT.start(name) for name in LAYOUT.names()}

S_GAME = _ST["GAME"]; S_P = _ST["P"]; S_PHASE = _ST["PHASE"]; S_ACTIVE = _ST["ACTIVE"]
S_ACTOR = _ST["ACTOR"]; S_TURN = _ST["TURN"]; S_SETUP_STEP = _ST["SETUP_STEP"]
S_LAST_NODE = _ST["LAST_NODE"]; S_ROBBER = _ST["ROBBER"]; S_CORSAIR = _ST["CORSAIR"]
S_RET_PHASE = _ST["RET_PHASE"]; S_DEV_PLAYED = _ST["DEV_PLAYED"]; S_RB_LEFT = _ST["RB_LEFT"]
S_DON_COUNT = _ST["DON_COUNT"]; S_DON_PLACED = _ST["DON_PLACED"]; S_SWAP_USED = _ST["SWAP_USED"]
S_TAKE_USED = _ST["TAKE_USED"]; S_SBP_LEFT = _ST["SBP_LEFT"]; S_LR_HOLDER = _ST["LR_HOLDER"]
S_LA_HOLDER = _ST["LA_HOLDER"]; S_WIN_MASK = _ST["WIN_MASK"]; S_END_PATH = _ST["END_PATH"]
S_DECK_POS = _ST["DECK_POS"]; S_DECK_N = _ST["DECK_N"]; S_ACTIONS = _ST["ACTIONS"]
S_TURN_ACTIONS = _ST["TURN_ACTIONS"]; S_DICE = _ST["DICE"]; S_TRADES_TURN = _ST["TRADES_TURN"]
S_TOKEN_SUPPLY = _ST["TOKEN_SUPPLY"]; S_TILE_SHIP = _ST["TILE_SHIP"]; S_LAST_BATTLE = _ST["LAST_BATTLE"]
S_SEVENS = _ST["SEVENS"]; S_CAUSE = _ST["CAUSE"]
S_ROW = _ST["ROW"]; S_TRACK = _ST["TRACK"]; S_BATTLES = _ST["BATTLES"]; S_TILES = _ST["TILES"]
S_BANK = _ST["BANK"]; S_REMOVED = _ST["REMOVED"]; S_BATTLE_LOG = _ST["BATTLE_LOG"]
BATTLE_LOG_N = 9
S_PLAYERS = _ST["PLAYERS"]; S_NODE_OWNER = _ST["NODE_OWNER"]; S_NODE_LEVEL = _ST["NODE_LEVEL"]
S_EDGE_OWNER = _ST["EDGE_OWNER"]; S_TERRAIN = _ST["TERRAIN"]; S_NUMBER = _ST["NUMBER"]
S_NODE_HARB = _ST["NODE_HARB"]; S_HARB_TYPE = _ST["HARB_TYPE"]; S_SHIP_OWNER = _ST["SHIP_OWNER"]
S_SHIP_DISC = _ST["SHIP_DISC"]; S_SHIP_TILE = _ST["SHIP_TILE"]; S_DECK = _ST["DECK"]
S_ROAD_OK = _ST["ROAD_OK"]; S_SETTLE_OK = _ST["SETTLE_OK"]; S_SCRATCH = _ST["SCRATCH"]
S_SETUP_NODES = _ST["SETUP_NODES"]
S_OWN_NODES = _ST["OWN_NODES"]; S_HEX_OWNERS = _ST["HEX_OWNERS"]
LR_STACK = 64  # longest-road search depth limit (roads per player + 1)
# parts of the scratch block
SC_TRAIL = S_SCRATCH                       # longest-road stacks: node, next slot, edge (3 x LR_STACK)
SC_COMP = S_SCRATCH + 3 * LR_STACK         # nodes of one road network (NMAX)
SC_OWED = SC_COMP + NMAX                   # production owed[q, r] at 5 q + r
RW = 4  # words per player in ROAD_OK
SW = 3  # words per player in SETTLE_OK

# per-player field offsets (add S_PLAYERS + p * PS)
P_HAND = _PL["HAND"]; P_ROADS_LEFT = _PL["ROADS_LEFT"]; P_SETTLES_LEFT = _PL["SETTLES_LEFT"]
P_CITIES_LEFT = _PL["CITIES_LEFT"]; P_ROAD_LEN = _PL["ROAD_LEN"]; P_KNIGHTS = _PL["KNIGHTS"]
P_DEV = _PL["DEV"]; P_DEV_NEW = _PL["DEV_NEW"]; P_RATE = _PL["RATE"]; P_TOKENS = _PL["TOKENS"]
P_SHIPS = _PL["SHIPS"]; P_VP_SHIPS = _PL["VP_SHIPS"]; P_ALLEG = _PL["ALLEG"]; P_OWE = _PL["OWE"]
P_TOK_EARNED = _PL["TOK_EARNED"]; P_TOK_SPENT = _PL["TOK_SPENT"]; P_DONATIONS = _PL["DONATIONS"]
P_DONATED = _PL["DONATED"]; P_SWAPS = _PL["SWAPS"]; P_TAKES = _PL["TAKES"]
P_ROADS_BUILT = _PL["ROADS_BUILT"]; P_SETTLES_BUILT = _PL["SETTLES_BUILT"]
P_CITIES_BUILT = _PL["CITIES_BUILT"]; P_STOLEN = _PL["STOLEN"]; P_LOST = _PL["LOST"]
P_DISCARDED = _PL["DISCARDED"]; P_DEV_BOUGHT = _PL["DEV_BOUGHT"]; P_DEV_PLAYED_N = _PL["DEV_PLAYED_N"]
P_SHIP_BEN = _PL["SHIP_BEN"]; P_CORSAIR_BLOCKED = _PL["CORSAIR_BLOCKED"]

# ---------- config vector (int64), filled by each game's params.to_config ----------
_CFG = [
    ("GAME", 1), ("P", 1), ("VP_TO_WIN", 1), ("DISCARD_LIMIT", 1), ("BANK", 1), ("MAX_ROADS", 1),
    ("MAX_SETTLES", 1), ("MAX_CITIES", 1), ("COST_ROAD", 5), ("COST_SETTLE", 5), ("COST_CITY", 5),
    ("COST_DEV", 5), ("COST_SHIP", 5), ("VP_SETTLE", 1), ("VP_CITY", 1), ("LR_MIN", 1), ("LR_VP", 1),
    ("RATE_MAR", 1), ("RATE_GEN", 1), ("RATE_SPEC", 1), ("USE_HARBORS", 1), ("SHORTAGE", 1),
    ("SETUP_INCOME", 1), ("OWN_TURN_ONLY", 1), ("SBP", 1), ("NUMBER_PLACEMENT", 1), ("BOARD_SEED", 1),
    ("MAX_TURNS", 1),
    # catan
    ("DEV_COUNTS", 5), ("DEV_PLAYS", 1), ("DEV_PREROLL", 1), ("LA_MIN", 1), ("LA_VP", 1), ("RB_ROADS", 1),
    ("YOP_CARDS", 1), ("STEAL_MANDATORY", 1), ("FRIENDLY", 1),
    # troja
    ("ROW_THRESHOLD", 1), ("REVEAL", 1), ("ROW_SEED", 5), ("SIDE", 5), ("TRACK_VALUES", 6),
    ("TRACK_END", 1), ("DON_MIN", 1), ("DON_MAX", 1), ("DON_PER_TURN", 1), ("TOKENS_PER_DON", 3),
    ("SHIP_TOKEN_COST", 7), ("SHIP_BENEFIT", 7), ("SHIPS_PER_PLAYER", 1), ("SHIP_VP", 1),
    ("TILES_PER_RES", 1), ("SWAP_USES", 1), ("TAKE_USES", 1), ("CORSAIR_BLOCKS_BENEFIT", 1),
    ("CORSAIR_BLOCKS_VP", 1), ("CORSAIR_MUST_MOVE_7", 1), ("CORSAIR_STEAL_OPT", 1),
    ("REVEALED_TO_BANK", 1), ("TRACK_END_POOL", 1), ("TRACK_END_PREC", 1), ("SHIP_IN_SBP", 1),
    ("TAKE_MIN_ROW", 1), ("TOKEN_SUPPLY", 1), ("OPEN_INFO", 1), ("CORSAIR_START", 1), ("ALLEG_T", 1),
    ("ALLEG_M", 1), ("SEA_RINGS", 1),
    # measuring: 1 + the seat whose VP ships score nothing (`power_ship_vp` off for `switch_seat`); 0 none
    ("SHIP_VP_OFF_SEAT", 1),
]
_C, CFG_SIZE = _layout(_CFG)
C_GAME = _C["GAME"]; C_P = _C["P"]; C_VP_TO_WIN = _C["VP_TO_WIN"]; C_DISCARD_LIMIT = _C["DISCARD_LIMIT"]
C_BANK = _C["BANK"]; C_MAX_ROADS = _C["MAX_ROADS"]; C_MAX_SETTLES = _C["MAX_SETTLES"]
C_MAX_CITIES = _C["MAX_CITIES"]; C_COST_ROAD = _C["COST_ROAD"]; C_COST_SETTLE = _C["COST_SETTLE"]
C_COST_CITY = _C["COST_CITY"]; C_COST_DEV = _C["COST_DEV"]; C_COST_SHIP = _C["COST_SHIP"]
C_VP_SETTLE = _C["VP_SETTLE"]; C_VP_CITY = _C["VP_CITY"]; C_LR_MIN = _C["LR_MIN"]; C_LR_VP = _C["LR_VP"]
C_RATE_MAR = _C["RATE_MAR"]; C_RATE_GEN = _C["RATE_GEN"]; C_RATE_SPEC = _C["RATE_SPEC"]
C_USE_HARBORS = _C["USE_HARBORS"]; C_SHORTAGE = _C["SHORTAGE"]; C_SETUP_INCOME = _C["SETUP_INCOME"]
C_OWN_TURN_ONLY = _C["OWN_TURN_ONLY"]; C_SBP = _C["SBP"]; C_NUMBER_PLACEMENT = _C["NUMBER_PLACEMENT"]
C_BOARD_SEED = _C["BOARD_SEED"]; C_MAX_TURNS = _C["MAX_TURNS"]
C_DEV_COUNTS = _C["DEV_COUNTS"]; C_DEV_PLAYS = _C["DEV_PLAYS"]; C_DEV_PREROLL = _C["DEV_PREROLL"]
C_LA_MIN = _C["LA_MIN"]; C_LA_VP = _C["LA_VP"]; C_RB_ROADS = _C["RB_ROADS"]; C_YOP_CARDS = _C["YOP_CARDS"]
C_STEAL_MANDATORY = _C["STEAL_MANDATORY"]; C_FRIENDLY = _C["FRIENDLY"]
C_ROW_THRESHOLD = _C["ROW_THRESHOLD"]; C_REVEAL = _C["REVEAL"]; C_ROW_SEED = _C["ROW_SEED"]
C_SIDE = _C["SIDE"]; C_TRACK_VALUES = _C["TRACK_VALUES"]; C_TRACK_END = _C["TRACK_END"]
C_DON_MIN = _C["DON_MIN"]; C_DON_MAX = _C["DON_MAX"]; C_DON_PER_TURN = _C["DON_PER_TURN"]
C_TOKENS_PER_DON = _C["TOKENS_PER_DON"]; C_SHIP_TOKEN_COST = _C["SHIP_TOKEN_COST"]
C_SHIP_BENEFIT = _C["SHIP_BENEFIT"]; C_SHIPS_PER_PLAYER = _C["SHIPS_PER_PLAYER"]; C_SHIP_VP = _C["SHIP_VP"]
C_TILES_PER_RES = _C["TILES_PER_RES"]; C_SWAP_USES = _C["SWAP_USES"]; C_TAKE_USES = _C["TAKE_USES"]
C_CORSAIR_BLOCKS_BENEFIT = _C["CORSAIR_BLOCKS_BENEFIT"]; C_CORSAIR_BLOCKS_VP = _C["CORSAIR_BLOCKS_VP"]
C_CORSAIR_MUST_MOVE_7 = _C["CORSAIR_MUST_MOVE_7"]; C_CORSAIR_STEAL_OPT = _C["CORSAIR_STEAL_OPT"]
C_REVEALED_TO_BANK = _C["REVEALED_TO_BANK"]; C_TRACK_END_POOL = _C["TRACK_END_POOL"]
C_TRACK_END_PREC = _C["TRACK_END_PREC"]; C_SHIP_IN_SBP = _C["SHIP_IN_SBP"]
C_TAKE_MIN_ROW = _C["TAKE_MIN_ROW"]; C_TOKEN_SUPPLY = _C["TOKEN_SUPPLY"]; C_OPEN_INFO = _C["OPEN_INFO"]
C_CORSAIR_START = _C["CORSAIR_START"]; C_ALLEG_T = _C["ALLEG_T"]; C_ALLEG_M = _C["ALLEG_M"]
C_SEA_RINGS = _C["SEA_RINGS"]; C_SHIP_VP_OFF_SEAT = _C["SHIP_VP_OFF_SEAT"]

