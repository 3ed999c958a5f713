"""The Glory to Rome state (§3.1): one flat int32 array whose fields are declared once.

The contract header (sim/layout.py), the global block, the int copies of the parameter vector,
the Legionary demand list, the frame stack, then one block per seat. Seats are renumbered after
setup so that seat 0 is the first leader (seat = turn order from the first leader); G_FL keeps the
dealing seat. `LAYOUT.dump(st)` prints a state by field name.
"""
from numba import njit

from sim.layout import Layout, Struct
from .board import NK, BUILDING_NAMES, MATERIAL_NAMES, ROLE_NAMES
from .params import PARAMS, N_PARAMS, P_RULESET

MAX_P = 5
MAX_PARAMS = 64      # room for the parameter vector
assert N_PARAMS <= MAX_PARAMS

# ---- the state, declared once (sim/layout.py); offsets are module-level ints for numba
LAYOUT = Layout("Glory to Rome")
G_DTOP = LAYOUT.field("DTOP", doc="deck position of the top card (144: empty)")
G_DECK = LAYOUT.field("DECK", 144, values=BUILDING_NAMES, first="DTOP", doc="kinds, drawn from position DTOP upwards")
G_POOL = LAYOUT.field("POOL", 6, labels=MATERIAL_NAMES, doc="pool by material")
G_JPILE = LAYOUT.field("JPILE", doc="Jacks in the pile")
G_SIN = LAYOUT.field("SIN", 6, labels=MATERIAL_NAMES, doc="in-town site stacks")
G_SOUT = LAYOUT.field("SOUT", 6, labels=MATERIAL_NAMES, doc="out-of-town site stacks")
G_N = LAYOUT.field("N", doc="players")
G_LEADER = LAYOUT.field("LEADER")
G_TURN = LAYOUT.field("TURN", doc="leader turns started")
G_ROLE = LAYOUT.field("ROLE", doc="role led this turn (-1 none)")
G_PHASE = LAYOUT.field("PHASE", doc="turn driver phase PH_* (when the frame stack is empty)")
G_CUR = LAYOUT.field("CUR", doc="offset from the leader of the player the phase is at")
G_TOMOVE = LAYOUT.field("TOMOVE")
G_OVER = LAYOUT.field("OVER")
G_END = LAYOUT.field("END", doc="end condition code (board.END_*), -1 while running")
G_FL = LAYOUT.field("FL", doc="dealing seat of the first leader")
G_PETLEFT = LAYOUT.field("PETLEFT", doc="petition picks left")
G_PETQ = LAYOUT.field("PETQ", doc="role of the petition's cards")
G_SP = LAYOUT.field("SP", doc="frames on the stack")
G_NDEM = LAYOUT.field("NDEM", doc="Legionary demands of the current declaration")
G_EVT_CATA = LAYOUT.field("EVT_CATA", doc="a Catacomb was completed")
G_EVT_SITE = LAYOUT.field("EVT_SITE", doc="the last in-town site was taken")
G_EVT_DECK = LAYOUT.field("EVT_DECK", doc="the deck ran out")
G_NWIN = LAYOUT.field("NWIN")
G_WIN = LAYOUT.field("WIN", MAX_P, doc="Forum winner flags")
G_NDEC = LAYOUT.field("NDEC", doc="decisions taken (silent PASS-only ones included)")
G_SGONE = LAYOUT.field("SGONE", doc="sites that left play (republic Domus Aurea)")
G_LAST = LAYOUT.field("LAST", doc="seat of the last decision presented to a player (ended_by)")
G_PRM = LAYOUT.field("PRM", MAX_PARAMS, labels=PARAMS.names() + [""] * (MAX_PARAMS - N_PARAMS), doc="int copies of the parameter vector (params.PARAMS order)")
MAX_DEM = 64
G_DEM = LAYOUT.field("DEM", MAX_DEM, doc="materials demanded by the current Legionary declaration")

FRAME = Struct("frame")         # an action frame (§3.4)
F_OWN = FRAME.field("OWN")
F_KIND = FRAME.field("KIND", doc="FK_*")
F_ROLE = FRAME.field("ROLE", doc="role (6: Thinker / Prison)")
F_N = FRAME.field("N", doc="actions of a BONUS / THINK frame")
F_USED = FRAME.field("USED", doc="actions used")
F_STEP = FRAME.field("STEP", doc="sub-step of the role action")
F_A1 = FRAME.field("A1", doc="sub-step argument (building, card, demand index, optional flag)")
F_A2 = FRAME.field("A2", doc="sub-step argument (target position, building)")
FSZ = FRAME.size
MAX_FRAMES = 64
G_STACK = LAYOUT.array("STACK", FRAME, MAX_FRAMES, live="SP", doc="frame stack, bottom first")

SEAT = Struct("seat")           # one player's block
O_HAND = SEAT.field("HAND", NK, labels=BUILDING_NAMES, doc="order cards in hand by kind")
O_HJ = SEAT.field("HJ", doc="Jacks in hand")
O_HN = SEAT.field("HN", doc="order cards in hand")
O_HMAT = SEAT.field("HMAT", 6, labels=MATERIAL_NAMES, doc="order cards in hand by material")
O_CAMP = SEAT.field("CAMP", 6, labels=MATERIAL_NAMES, doc="camp order cards by material")
O_CJ = SEAT.field("CJ", doc="camp Jacks")
O_STOCK = SEAT.field("STOCK", 6, labels=MATERIAL_NAMES, doc="stockpile")
O_VAULT = SEAT.field("VAULT", 6, labels=MATERIAL_NAMES, doc="vault")
O_CLI = SEAT.field("CLI", 6, labels=ROLE_NAMES, doc="clients by role")
O_FRESH = SEAT.field("FRESH", 6, labels=ROLE_NAMES, doc="clients hired this turn")
O_BST = SEAT.field("BST", NK, labels=BUILDING_NAMES, doc="building state: 0 none, 1 foundation, 2 complete")
O_BSITE = SEAT.field("BSITE", NK, labels=BUILDING_NAMES, doc="site material")
O_BMAT = SEAT.field("BMAT", NK, labels=BUILDING_NAMES, doc="materials added")
O_BMARB = SEAT.field("BMARB", NK, labels=BUILDING_NAMES, doc="a Marble material was added")
O_PUB = SEAT.field("PUB", NK, labels=BUILDING_NAMES, doc="public (Stairway)")
O_ACT = SEAT.field("ACT", NK, labels=BUILDING_NAMES, doc="power active (cache, refreshed on building events)")
O_INFL = SEAT.field("INFL", doc="Influence")
O_UNITS = SEAT.field("UNITS", doc="lead/follow units this turn")
O_LOF = SEAT.field("LOF", doc="led or followed this turn")
O_REV = SEAT.field("REV", 6, labels=MATERIAL_NAMES, doc="revealed by material (Legionary, per turn)")
O_DIDC = SEAT.field("DIDC", doc="did a Craftsman action this turn (Academy)")
O_STOLEN = SEAT.field("STOLEN", NK, labels=BUILDING_NAMES, doc="obtained with a Prison")
O_BTURN = SEAT.field("BTURN", NK, labels=BUILDING_NAMES, default=-1, doc="turn completed (-1 never)")
O_M_LED = SEAT.field("M_LED", doc="metric: turns led")
O_M_LTHINK = SEAT.field("M_LTHINK", doc="metric: leader thinks")
O_M_FOLLOW = SEAT.field("M_FOLLOW", doc="metric: follows")
O_M_THINK = SEAT.field("M_THINK", doc="metric: thinks instead of following")
O_M_ACT = SEAT.field("M_ACT", 6, labels=ROLE_NAMES, doc="metric: actions used by role")
O_DAGAIN = SEAT.field("DAGAIN", doc="Influence gained with Domus Aurea (republic)")
O_VHID = SEAT.field("VHID", 6, labels=MATERIAL_NAMES,
                    doc="vault cards that went in face down (Basilica from hand, Atrium): hidden from the "
                        "other players (§4.5, A9); the rest came from the public stockpile or clientele")
O_VATR = SEAT.field("VATR", 6, labels=MATERIAL_NAMES, doc="of those, vaulted with the Atrium: hidden from "
                                                          "their owner too")
PSZ = SEAT.size
P0 = LAYOUT.array("SEATS", SEAT, MAX_P, live="N", doc="one block per seat, seat 0 = first leader")
STATE_SIZE = LAYOUT.size

# phases of the turn driver (§3.3; used when the frame stack is empty)
PH_LEAD, PH_FOLLOW, PH_MORE, PH_PICK, PH_ACTIONS, PH_SENATE, PH_SEWER, PH_ACADEMY, PH_ALLTHINK, \
    PH_LEADTHINK = range(10)
# frame kinds (§3.4)
FK_REG, FK_BONUS, FK_BATH, FK_THINK, FK_PRISON = range(5)
# sub-steps of a frame (F_STEP): Craftsman C2/F1 (§4.6), Architect A2 and Stairway S1/S2 (§4.7),
# Legionary G2-G5 (§4.4), Thinker after a Tribunal (§5.6); 0 is every role's first step
ST_FIRST = 0
ST_C2 = 1
ST_F1 = 2
ST_A2 = 1
ST_SCHECK = 3
ST_S1 = 4
ST_S2 = 5
ST_G2 = 1
ST_G3 = 2
ST_G4 = 3
ST_G5 = 4       # republic Domus Aurea
ST_TRIB = 2     # republic Tribunal, after a Thinker action


@njit(cache=True)
def pb(p):
    return P0 + p * PSZ


@njit(cache=True)
def prm(s, i):
    """Parameter i (params.P_*) of the game in state s, as an int."""
    return s[G_PRM + i]


@njit(cache=True)
def republic(s):
    return s[G_PRM + P_RULESET] == 1
