"""The Glory to Rome state: one flat int32 array with named offsets (§3.1), and new_game (§2).

Global block, then the int copies of the parameter vector, the Legionary demand list, the frame
stack, then one block of PSZ entries per seat. Seats are renumbered after setup so that seat 0 is
the first leader (seat = turn order from the first leader); G_FL keeps the dealing seat.
"""
import numpy as np
from numba import njit

from sim.rng import new_stream, shuffle, SETUP
from .board import DECK0, ALPHA, ALPHA_REP, NK
from .params import (N_PARAMS, P_START_ORDERS, P_START_JACKS, P_N_JACKS, P_START_INFLUENCE,
                     P_SITES_PER_MATERIAL, P_FIRST_LEADER_RULE, P_RULESET, P_PETITION_SIZE)

# ---- global block
G_DECK = 0          # 144 kinds, drawn from position G_DTOP upwards
G_DTOP = 144
G_POOL = 145        # 6
G_JPILE = 151
G_SIN = 152         # 6 in-town site stacks
G_SOUT = 158        # 6 out-of-town site stacks
G_N = 164
G_LEADER = 165
G_TURN = 166
G_ROLE = 167        # role led this turn (-1 none)
G_PHASE = 168
G_CUR = 169         # offset from the leader of the player the phase is at
G_TOMOVE = 170
G_OVER = 171
G_END = 172         # end condition code (board.END_*), -1 while running
G_FL = 173          # dealing seat of the first leader
G_PETLEFT = 174
G_PETQ = 175
G_SP = 176          # frames on the stack
G_NDEM = 177
G_EVT_CATA = 178
G_EVT_SITE = 179
G_EVT_DECK = 180
G_NWIN = 181
G_WIN = 182         # 5 winner flags
G_NDEC = 187        # decisions taken
G_SGONE = 188       # sites that left play (republic Domus Aurea)
G_PRM = 192         # N_PARAMS int copies of the parameter vector
G_DEM = G_PRM + 64  # 64 Legionary demands (materials)
MAX_DEM = 64
G_STACK = G_DEM + MAX_DEM
FSZ = 8
MAX_FRAMES = 64
F_OWN, F_KIND, F_ROLE, F_N, F_USED, F_STEP, F_A1, F_A2 = range(8)
P0 = G_STACK + FSZ * MAX_FRAMES

# ---- per-seat block
O_HAND = 0          # 40 order cards by kind
O_HJ = 40           # Jacks in hand
O_HN = 41           # order cards in hand
O_HMAT = 42         # 6 order cards in hand by material
O_CAMP = 48         # 6 camp order cards by material
O_CJ = 54           # camp Jacks
O_STOCK = 55        # 6
O_VAULT = 61        # 6
O_CLI = 67          # 6 clients by role
O_FRESH = 73        # 6 clients hired this turn
O_BST = 79          # 40 building state: 0 none, 1 foundation, 2 complete
O_BSITE = 119       # 40 site material
O_BMAT = 159        # 40 materials added
O_BMARB = 199       # 40 a Marble material was added
O_PUB = 239         # 40 public (Stairway)
O_ACT = 279         # 40 power active (cache, refreshed on building events)
O_INFL = 319
O_UNITS = 320
O_LOF = 321
O_REV = 322         # 6 revealed by material (Legionary, per turn)
O_DIDC = 328        # did a Craftsman action this turn (Academy)
O_STOLEN = 329      # 40 obtained with a Prison
O_BTURN = 369       # 40 turn completed (-1 never)
O_M_LED = 409
O_M_LTHINK = 410
O_M_FOLLOW = 411
O_M_THINK = 412
O_M_ACT = 413       # 6 actions used by role
O_DAGAIN = 419      # Influence gained with Domus Aurea (republic)
O_VHID = 420        # 6 vault cards that went in face down (Basilica from hand, Atrium): hidden from
                    #   the other players (§4.5, A9); the rest came from the public stockpile or clientele
O_VATR = 426        # 6 of those, vaulted with the Atrium: hidden from their owner too
PSZ = 432
MAX_P = 5
STATE_SIZE = P0 + MAX_P * PSZ

# phases of the turn driver (used when the frame stack is empty)
PH_LEAD, PH_FOLLOW, PH_MORE, PH_PICK, PH_ACTIONS, PH_SENATE, PH_SEWER, PH_ACADEMY, PH_ALLTHINK, \
    PH_LEADTHINK = range(10)
# frame kinds
FK_REG, FK_BONUS, FK_BATH, FK_THINK, FK_PRISON = range(5)


@njit(cache=True)
def pb(p):
    return P0 + p * PSZ


@njit(cache=True)
def init_params(s, params):
    for i in range(N_PARAMS):
        s[G_PRM + i] = np.int32(params[i])
    if s[G_PRM + P_RULESET] == 1:        # republic defaults (§5.6) replace unchanged imperium ones
        if s[G_PRM + P_START_ORDERS] == 4:
            s[G_PRM + P_START_ORDERS] = 5
        if s[G_PRM + P_START_JACKS] == 1:
            s[G_PRM + P_START_JACKS] = 0
        if s[G_PRM + P_PETITION_SIZE] == 3:
            s[G_PRM + P_PETITION_SIZE] = 2


@njit(cache=True)
def deal_and_setup(s, n, deck, lead_rule_seat0):
    """Setup §2 from a given deck order (deck[0] is the top). Returns nothing; state is ready for
    the first turn (to be started by the caller)."""
    for i in range(144):
        s[G_DECK + i] = deck[i]
    s[G_N] = n
    so = s[G_PRM + P_START_ORDERS]
    sj = s[G_PRM + P_START_JACKS]
    top = 0
    for p in range(n):
        b = pb(p)
        for j in range(so):
            k = s[G_DECK + top]
            top += 1
            s[b + O_HAND + k] += 1
            s[b + O_HN] += 1
        s[b + O_HJ] = sj
        s[b + O_INFL] = s[G_PRM + P_START_INFLUENCE]
        for k in range(NK):
            s[b + O_BTURN + k] = -1
    s[G_JPILE] = s[G_PRM + P_N_JACKS] - n * sj
    spm = s[G_PRM + P_SITES_PER_MATERIAL]
    for m in range(6):
        s[G_SIN + m] = n
        s[G_SOUT + m] = spm - n
    # first leader
    fl = 0
    if lead_rule_seat0:
        for p in range(n):
            k = s[G_DECK + top]
            top += 1
            s[G_POOL + _mat(k)] += 1
    else:
        alpha = ALPHA_REP if s[G_PRM + P_RULESET] == 1 else ALPHA
        cand = np.ones(n, np.int64)
        ncand = n
        while ncand > 1 and top < 144:
            best = 1000
            rk = np.full(n, 1000, np.int64)
            for p in range(n):
                if cand[p] == 1 and top < 144:
                    k = s[G_DECK + top]
                    top += 1
                    s[G_POOL + _mat(k)] += 1
                    rk[p] = alpha[k]
                    if rk[p] < best:
                        best = rk[p]
            ncand = 0
            for p in range(n):
                if cand[p] == 1 and rk[p] == best:
                    ncand += 1
                else:
                    cand[p] = 0
        for p in range(n):
            if cand[p] == 1:
                fl = p
                break
    s[G_DTOP] = top
    s[G_FL] = fl
    # hand material counts
    for p in range(n):
        b = pb(p)
        for m in range(6):
            s[b + O_HMAT + m] = 0
        for k in range(NK):
            s[b + O_HMAT + _mat(k)] += s[b + O_HAND + k]
    # renumber seats so that the first leader is seat 0
    if fl != 0:
        tmp = s[P0:P0 + n * PSZ].copy()
        for j in range(n):
            src = ((fl + j) % n) * PSZ
            s[pb(j):pb(j) + PSZ] = tmp[src:src + PSZ]
    s[G_LEADER] = 0
    s[G_END] = -1
    s[G_ROLE] = -1


@njit(cache=True)
def _mat(k):
    if k < 4:
        return 0
    if k < 8:
        return 1
    return 2 + (k - 8) // 8


@njit(cache=True)
def new_state(seed, game_index, n, params):
    """A fresh game (before the first turn starts): deck shuffled with the setup stream."""
    s = np.zeros(STATE_SIZE, np.int32)
    init_params(s, params)
    deck = DECK0.copy()
    rs = new_stream(seed, game_index, SETUP)
    shuffle(rs, deck)
    deal_and_setup(s, n, deck, s[G_PRM + P_FIRST_LEADER_RULE] == 1)
    return s
