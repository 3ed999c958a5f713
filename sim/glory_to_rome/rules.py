"""Glory to Rome rules (imperium): legal actions, apply_action, end checks, scores, invariants.

The game is a state machine over the flat state of state.py: a turn driver (phases T0-T7 of §3.3)
and a stack of action frames (§3.4). `apply_action` applies one decision and then `settle`s the
state up to the next decision; `step` also applies decisions whose only option is PASS silently
(§3.2). Action ids follow §3.6.
"""
import numpy as np
from numba import njit

from .board import (MAT, VAL, NK, LABORER, CRAFTSMAN, ARCHITECT, LEGIONARY, MERCHANT, PATRON,
                    K_BAR, K_INSULA, K_LATRINE, K_ROAD, K_CIRCUS, K_DOCK, K_MARKET, K_PALISADE,
                    K_AMPHITHEATRE, K_AQUEDUCT, K_BRIDGE, K_SENATE, K_STOREROOM, K_TOWER,
                    K_VOMITORIUM, K_WALL, K_ACADEMY, K_ARCHWAY, K_ATRIUM, K_BATH, K_FOUNDRY,
                    K_GATE, K_SCHOOL, K_SHRINE, K_CATACOMB, K_CIRCUS_MAXIMUS, K_COLISEUM, K_GARDEN,
                    K_PRISON, K_SCRIPTORIUM, K_SEWER, K_VILLA, K_BASILICA, K_FORUM, K_FOUNTAIN,
                    K_LUDUS_MAGNA, K_PALACE, K_STAIRWAY, K_STATUE, K_TEMPLE,
                    END_FORUM, END_CATACOMB, END_LAST_SITE, END_DECK, END_TURN_CAP,
                    K_CRANE, K_TRIBUNAL, K_DOMUS_AUREA)
from .params import (P_N_JACKS, P_START_INFLUENCE, P_HAND_LIMIT, P_SHRINE_BONUS,
                     P_TEMPLE_BONUS, P_PETITION_SIZE, P_CIRCUS_PETITION_SIZE, P_OOT_COST,
                     P_TOWER_OOT_COST, P_SITES_PER_MATERIAL, P_INSULA_BONUS,
                     P_AQUEDUCT_MULTIPLIER, P_MARKET_BONUS, P_MERCHANT_BONUS_VP, P_STATUE_VP,
                     P_WALL_DIVISOR, P_ALL_THINK, P_MAX_TURNS, P_POWER0, P_RULESET)
from .state import *  # noqa: F401,F403  (layout constants)
from .state import new_state

# ---- action ids (§3.6)
A_PASS, A_THINK, A_DRAW, A_TAKE_JACK, A_VOMIT, A_FOUNTAIN, A_BAR, A_ATRIUM, A_STAIRWAY, A_TAKE = range(10)
A_CARD = 10
A_JACK = 50
A_PET = 56
A_MAT = 92
A_POOLMAT = 98
A_FIN = 104
A_FOUT = 144
A_STIN = 184
A_STOUT = 190
A_BUILD = 196
A_TARGET = 236
A_CRANE = 396
N_ACTIONS = 436

# Craftsman / Architect / Legionary sub-steps
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


# ------------------------------------------------------------------ small helpers
@njit(cache=True)
def prm(s, i):
    return s[G_PRM + i]


@njit(cache=True)
def republic(s):
    return s[G_PRM + P_RULESET] == 1


@njit(cache=True)
def act(s, p, k):
    return s[P0 + p * PSZ + O_ACT + k] != 0


@njit(cache=True)
def hand_add(s, p, k):
    b = P0 + p * PSZ
    s[b + O_HAND + k] += 1
    s[b + O_HN] += 1
    s[b + O_HMAT + MAT[k]] += 1


@njit(cache=True)
def hand_rem(s, p, k):
    b = P0 + p * PSZ
    s[b + O_HAND + k] -= 1
    s[b + O_HN] -= 1
    s[b + O_HMAT + MAT[k]] -= 1


@njit(cache=True)
def hand_size(s, p):
    b = P0 + p * PSZ
    return s[b + O_HN] + s[b + O_HJ]


@njit(cache=True)
def hand_limit(s, p):
    h = prm(s, P_HAND_LIMIT)
    if act(s, p, K_SHRINE):
        h += prm(s, P_SHRINE_BONUS)
    if act(s, p, K_TEMPLE):
        h += prm(s, P_TEMPLE_BONUS)
    return h


@njit(cache=True)
def sum6(s, o):
    return s[o] + s[o + 1] + s[o + 2] + s[o + 3] + s[o + 4] + s[o + 5]


@njit(cache=True)
def n_clients(s, p):
    return sum6(s, P0 + p * PSZ + O_CLI)


@njit(cache=True)
def n_vault(s, p):
    return sum6(s, P0 + p * PSZ + O_VAULT)


@njit(cache=True)
def client_limit(s, p):
    c = s[P0 + p * PSZ + O_INFL]
    if act(s, p, K_INSULA):
        c += prm(s, P_INSULA_BONUS)
    if act(s, p, K_AQUEDUCT):
        c *= prm(s, P_AQUEDUCT_MULTIPLIER)
    return c


@njit(cache=True)
def vault_limit(s, p):
    c = s[P0 + p * PSZ + O_INFL]
    if act(s, p, K_MARKET):
        c += prm(s, P_MARKET_BONUS)
    return c


@njit(cache=True, inline="always")
def list_hand(s, bp, base, out, n):
    """Append base + k for every card kind k in the hand at bp (one id per kind held)."""
    for k in range(NK):
        if s[bp + O_HAND + k] > 0:
            out[n] = base + k
            n += 1
    return n


@njit(cache=True, inline="always")
def list_materials(s, off, out, n):
    """Append A_MAT + m for every material m present at offset off (pool or a stockpile)."""
    for m in range(6):
        if s[off + m] > 0:
            out[n] = A_MAT + m
            n += 1
    return n


@njit(cache=True)
def client_room(s, p):
    return n_clients(s, p) < client_limit(s, p)


@njit(cache=True)
def vault_room(s, p):
    return n_vault(s, p) < vault_limit(s, p)


@njit(cache=True)
def petition_size(s, p):
    if act(s, p, K_CIRCUS) and not republic(s):
        return prm(s, P_CIRCUS_PETITION_SIZE)
    return prm(s, P_PETITION_SIZE)


@njit(cache=True)
def oot_cost(s, p):
    if act(s, p, K_TOWER):
        return prm(s, P_TOWER_OOT_COST)
    return prm(s, P_OOT_COST)


@njit(cache=True)
def deck_left(s):
    return 144 - s[G_DTOP]


@njit(cache=True)
def pop_deck(s):
    """Top card of the deck (kind); sets the deck event when the deck becomes empty."""
    t = s[G_DTOP]
    k = s[G_DECK + t]
    s[G_DTOP] = t + 1
    if t + 1 >= 144:
        s[G_EVT_DECK] = 1
    return k


@njit(cache=True)
def refresh_active(s):
    """Recompute the active-power table (§5.2) after any building event."""
    n = s[G_N]
    gate_pub = False
    for q in range(n):
        b = P0 + q * PSZ
        if s[b + O_BST + K_GATE] == 2 and s[b + O_PUB + K_GATE] != 0:
            gate_pub = True
    gate_en = prm(s, P_POWER0 + K_GATE) != 0
    for k in range(NK):
        en = prm(s, P_POWER0 + k) != 0
        pub = False
        if en:
            for q in range(n):
                b = P0 + q * PSZ
                if s[b + O_BST + k] == 2 and s[b + O_PUB + k] != 0:
                    pub = True
                    break
        for q in range(n):
            b = P0 + q * PSZ
            a = 0
            if en:
                st = s[b + O_BST + k]
                if st == 2 or pub:
                    a = 1
                elif st == 1 and gate_en and (s[b + O_BST + K_GATE] == 2 or gate_pub):
                    if MAT[k] == 5 or s[b + O_BMARB + k] != 0:
                        a = 1
            s[b + O_ACT + k] = a


# ------------------------------------------------------------------ frames
@njit(cache=True)
def push(s, own, kind, role, n, a1):
    sp = s[G_SP]
    if sp >= MAX_FRAMES:        # safeguard (never reached in practice): the frame is dropped
        return
    f = G_STACK + sp * FSZ
    s[f + F_OWN] = own
    s[f + F_KIND] = kind
    s[f + F_ROLE] = role
    s[f + F_N] = n
    s[f + F_USED] = 0
    s[f + F_STEP] = 0
    s[f + F_A1] = a1
    s[f + F_A2] = 0
    s[G_SP] = sp + 1
    if kind != FK_THINK and kind != FK_PRISON and role == LEGIONARY:
        s[G_NDEM] = 0


@njit(cache=True)
def top(s):
    return G_STACK + (s[G_SP] - 1) * FSZ


@njit(cache=True)
def pop(s):
    s[G_SP] -= 1


@njit(cache=True)
def client_actions(s, p, r):
    """C(p, R): non-fresh clients counting for role r (§3.4)."""
    b = P0 + p * PSZ
    sto = act(s, p, K_STOREROOM) and r == LABORER
    lud = act(s, p, K_LUDUS_MAGNA)
    c = 0
    for q in range(6):
        nf = s[b + O_CLI + q] - s[b + O_FRESH + q]
        if nf > 0 and (q == r or sto or (lud and q == MERCHANT)):
            c += nf
    return c


@njit(cache=True)
def budget(s, f):
    kind = s[f + F_KIND]
    if kind == FK_REG:
        p = s[f + F_OWN]
        b = P0 + p * PSZ
        mult = 1
        if s[b + O_LOF] != 0 and act(s, p, K_CIRCUS_MAXIMUS):
            mult = 2
        return s[b + O_UNITS] + mult * client_actions(s, p, s[f + F_ROLE])
    if kind == FK_BATH:
        return 1
    return s[f + F_N]


@njit(cache=True)
def remaining(s, f):
    r = budget(s, f) - s[f + F_USED]
    return r if r > 0 else 0


@njit(cache=True)
def use(s, f, c):
    s[f + F_USED] += c
    r = s[f + F_ROLE]
    if r < 6:
        s[P0 + s[f + F_OWN] * PSZ + O_M_ACT + r] += c


# ------------------------------------------------------------------ buildings
@njit(cache=True)
def legal_add(s, p, b, m):
    """Material m may go into p's own unfinished building b (§5.1)."""
    site = s[P0 + p * PSZ + O_BSITE + b]
    mk = MAT[b]
    if m == mk or m == site:
        return True
    if m == 0 and act(s, p, K_TOWER):
        return True
    if (mk == 4 or site == 4) and act(s, p, K_ROAD):
        return True
    if m == 5 and act(s, p, K_SCRIPTORIUM):
        return True
    return False


@njit(cache=True)
def stair_legal(s, p, v, b, m):
    """Material m fits v's building b under p's own add rule without Scriptorium (§5.3)."""
    site = s[P0 + v * PSZ + O_BSITE + b]
    mk = MAT[b]
    if m == mk or m == site:
        return True
    if m == 0 and act(s, p, K_TOWER):
        return True
    if (mk == 4 or site == 4) and act(s, p, K_ROAD):
        return True
    return False


@njit(cache=True)
def stair_target_ok(s, p, v, b):
    bv = P0 + v * PSZ
    if s[bv + O_BST + b] != 2 or s[bv + O_PUB + b] != 0:
        return False
    bp = P0 + p * PSZ
    arch = act(s, p, K_ARCHWAY)
    for m in range(6):
        if (s[bp + O_STOCK + m] > 0 or (arch and s[G_POOL + m] > 0)) and stair_legal(s, p, v, b, m):
            return True
    return False


@njit(cache=True)
def stair_use_exists(s, p):
    if not act(s, p, K_STAIRWAY):
        return False
    n = s[G_N]
    for o in range(1, n):
        v = (p + o) % n
        for b in range(NK):
            if stair_target_ok(s, p, v, b):
                return True
    return False


@njit(cache=True)
def complete_building(s, p, b):
    bp = P0 + p * PSZ
    s[bp + O_BST + b] = 2
    s[bp + O_INFL] += VAL[s[bp + O_BSITE + b]]
    s[bp + O_BTURN + b] = s[G_TURN]
    refresh_active(s)
    on_completion(s, p, b)


@njit(cache=True)
def on_completion(s, p, b):
    if prm(s, P_POWER0 + b) == 0:
        return
    infl = s[P0 + p * PSZ + O_INFL]
    if b == K_CATACOMB:
        s[G_EVT_CATA] = 1
    elif b == K_AMPHITHEATRE:
        push(s, p, FK_BONUS, CRAFTSMAN, infl, 0)
    elif b == K_FOUNDRY:
        push(s, p, FK_BONUS, LABORER, infl, 0)
    elif b == K_GARDEN:
        push(s, p, FK_BONUS, PATRON, infl, 0)
    elif b == K_SCHOOL:
        push(s, p, FK_THINK, 6, infl, 1)
    elif b == K_PRISON:
        push(s, p, FK_PRISON, 6, 0, 0)


@njit(cache=True)
def add_material(s, p, b, m, architect):
    bp = P0 + p * PSZ
    s[bp + O_BMAT + b] += 1
    if m == 5 and s[bp + O_BMARB + b] == 0:
        s[bp + O_BMARB + b] = 1
        refresh_active(s)
    done = s[bp + O_BMAT + b] >= VAL[s[bp + O_BSITE + b]]
    if not done and m == 5 and act(s, p, K_SCRIPTORIUM):
        done = True
    if not done and b == K_VILLA and architect and prm(s, P_POWER0 + K_VILLA) != 0:
        done = True
    if done:
        complete_building(s, p, b)


@njit(cache=True)
def lay_foundation(s, p, k, site, out):
    bp = P0 + p * PSZ
    if out:
        s[G_SOUT + site] -= 1
    else:
        s[G_SIN + site] -= 1
    s[bp + O_BST + k] = 1
    s[bp + O_BSITE + k] = site
    s[bp + O_BMAT + k] = 0
    s[bp + O_BMARB + k] = 0
    if MAT[k] == 5:
        refresh_active(s)
    if not out and sum6(s, G_SIN) == 0:
        s[G_EVT_SITE] = 1


@njit(cache=True)
def hire(s, p, r):
    """A new fresh client of role r; pushes BATH(p, r) when Bath is active."""
    bp = P0 + p * PSZ
    s[bp + O_CLI + r] += 1
    s[bp + O_FRESH + r] += 1
    if act(s, p, K_BATH) and s[G_EVT_DECK] == 0:
        push(s, p, FK_BATH, r, 1, 0)


# ------------------------------------------------------------------ Forum, end, scores
@njit(cache=True)
def forum_ok(s, p):
    b = P0 + p * PSZ
    cm = s[b + O_CLI + MERCHANT]
    if cm == 0:
        return False
    spare = cm - 1 if act(s, p, K_LUDUS_MAGNA) else 0
    for r in (CRAFTSMAN, ARCHITECT, LEGIONARY, PATRON):
        if s[b + O_CLI + r] == 0:
            if spare > 0:
                spare -= 1
            else:
                return False
    if s[b + O_CLI + LABORER] >= 1 or spare >= 1:
        return True
    if act(s, p, K_STOREROOM) and n_clients(s, p) >= 6:
        return True
    return False


@njit(cache=True)
def stock_all(s, p):
    """Forum Romanum: at least one stockpile card of each material (republic)."""
    b = P0 + p * PSZ
    for m in range(6):
        if s[b + O_STOCK + m] == 0:
            return False
    return True


@njit(cache=True)
def end_check(s):
    """§6.1 after every applied action: Forum > Catacomb > last site > deck."""
    n = s[G_N]
    nf = 0
    for p in range(n):
        if act(s, p, K_FORUM) and forum_ok(s, p) and (not republic(s) or stock_all(s, p)):
            s[G_WIN + p] = 1
            nf += 1
    if nf > 0:
        s[G_OVER] = 1
        s[G_END] = END_FORUM
    elif s[G_EVT_CATA] != 0:
        s[G_OVER] = 1
        s[G_END] = END_CATACOMB
    elif s[G_EVT_SITE] != 0:
        s[G_OVER] = 1
        s[G_END] = END_LAST_SITE
    elif s[G_EVT_DECK] != 0:
        s[G_OVER] = 1
        s[G_END] = END_DECK


@njit(cache=True)
def merchant_bonus_owner(s, m):
    n = s[G_N]
    best = 0
    who = -1
    for p in range(n):
        v = s[P0 + p * PSZ + O_VAULT + m]
        if v > best:
            best = v
            who = p
        elif v == best and v > 0:
            who = -1
    return who


@njit(cache=True)
def statue_points(s, p):
    """statue_vp if Statue is active for p and a completed Statue exists for it (own or public, D8)."""
    if not act(s, p, K_STATUE):
        return 0
    if s[P0 + p * PSZ + O_BST + K_STATUE] == 2:
        return prm(s, P_STATUE_VP)
    for q in range(s[G_N]):
        bq = P0 + q * PSZ
        if s[bq + O_BST + K_STATUE] == 2 and s[bq + O_PUB + K_STATUE] != 0:
            return prm(s, P_STATUE_VP)
    return 0


@njit(cache=True)
def wall_points(s, p):
    """1 VP per wall_divisor stockpile cards if Wall is active for p."""
    if not act(s, p, K_WALL):
        return 0
    return sum6(s, P0 + p * PSZ + O_STOCK) // prm(s, P_WALL_DIVISOR)


@njit(cache=True)
def score_parts(s, p, out):
    """out[0..5] = influence, vault points, merchant bonuses (count), bonus VP, statue VP, wall VP;
    returns the total (§6.2)."""
    b = P0 + p * PSZ
    infl = s[b + O_INFL]
    vp = 0
    for m in range(6):
        vp += s[b + O_VAULT + m] * VAL[m]
    nb = 0
    for m in range(6):
        if merchant_bonus_owner(s, m) == p:
            nb += 1
    bonus = nb * prm(s, P_MERCHANT_BONUS_VP)
    statue = statue_points(s, p)
    wall = wall_points(s, p)
    out[0] = infl
    out[1] = vp
    out[2] = nb
    out[3] = bonus
    out[4] = statue
    out[5] = wall
    return infl + vp + bonus + statue + wall


@njit(cache=True)
def final_result(s, score, win, rank):
    """Scores, win shares (§6.2, Forum §5.5) and ranks of a finished game."""
    n = s[G_N]
    parts = np.zeros(6, np.int64)
    hand = np.zeros(n, np.int64)
    for p in range(n):
        score[p] = score_parts(s, p, parts)
        hand[p] = hand_size(s, p)
    forum = s[G_OVER] != 0 and s[G_END] == END_FORUM
    cand = np.zeros(n, np.int64)
    for p in range(n):
        cand[p] = 1 if (not forum or s[G_WIN + p] != 0) else 0
    best = -1 << 30
    for p in range(n):
        if cand[p] and score[p] > best:
            best = score[p]
    bh = -1
    for p in range(n):
        if cand[p] and score[p] == best and hand[p] > bh:
            bh = hand[p]
    k = 0
    for p in range(n):
        if cand[p] and score[p] == best and hand[p] == bh:
            k += 1
    for p in range(n):
        w = cand[p] and score[p] == best and hand[p] == bh
        win[p] = 1.0 / k if w else 0.0
    for p in range(n):
        r = 1
        for q in range(n):
            if q == p:
                continue
            if win[q] > 0 and win[p] == 0:
                r += 1
            elif (win[q] > 0) == (win[p] > 0):
                if score[q] > score[p] or (score[q] == score[p] and hand[q] > hand[p]):
                    r += 1
        rank[p] = r


# ------------------------------------------------------------------ turn driver
@njit(cache=True)
def start_turn(s):
    if s[G_TURN] >= prm(s, P_MAX_TURNS):
        s[G_OVER] = 1
        s[G_END] = END_TURN_CAP
        return
    s[G_TURN] += 1
    n = s[G_N]
    for p in range(n):
        b = P0 + p * PSZ
        s[b + O_UNITS] = 0
        s[b + O_LOF] = 0
        s[b + O_DIDC] = 0
        for m in range(6):
            s[b + O_REV + m] = 0
            s[b + O_FRESH + m] = 0
    s[G_ROLE] = -1
    s[G_PHASE] = PH_LEAD
    s[G_CUR] = 0
    s[G_TOMOVE] = s[G_LEADER]
    s[P0 + s[G_LEADER] * PSZ + O_M_LED] += 1


@njit(cache=True)
def end_turn(s):
    s[G_LEADER] = (s[G_LEADER] + 1) % s[G_N]
    start_turn(s)


@njit(cache=True)
def cleanup(s):
    n = s[G_N]
    for p in range(n):
        b = P0 + p * PSZ
        for m in range(6):
            s[G_POOL + m] += s[b + O_CAMP + m]
            s[b + O_CAMP + m] = 0
        s[G_JPILE] += s[b + O_CJ]
        s[b + O_CJ] = 0


@njit(cache=True)
def opp_camp_jack(s, p):
    """First opponent (in order from p+1) whose camp holds a Jack, or -1."""
    n = s[G_N]
    for o in range(1, n):
        q = (p + o) % n
        if s[P0 + q * PSZ + O_CJ] > 0:
            return q
    return -1


@njit(cache=True)
def is_target(s, p, t):
    n = s[G_N]
    if n <= 3:
        return True
    if t == (p + 1) % n or t == (p + n - 1) % n:
        return True
    return act(s, p, K_BRIDGE)


@njit(cache=True)
def immune(s, p, t):
    if act(s, t, K_WALL):
        return True
    return act(s, t, K_PALISADE) and not act(s, p, K_BRIDGE)


@njit(cache=True)
def leg_seek(s, f):
    """Move the Legionary resolution (§4.4) to its next decision, or close the frame."""
    p = s[f + F_OWN]
    n = s[G_N]
    while True:
        d = s[f + F_A1]
        if d >= s[G_NDEM]:
            pop(s)
            return
        m = s[G_DEM + d]
        pos = s[f + F_A2]
        if pos == 0:
            if s[G_POOL + m] > 0:
                s[f + F_STEP] = ST_G2
                s[G_TOMOVE] = p
                return
            pos = 1
            s[f + F_A2] = 1
        j = (pos - 1) // 2
        sub = (pos - 1) % 2
        if j >= n - 1:
            s[f + F_A1] = d + 1
            s[f + F_A2] = 0
            continue
        t = (p + 1 + j) % n
        bt = P0 + t * PSZ
        if not is_target(s, p, t) or immune(s, p, t):
            s[f + F_A2] = 1 + 2 * (j + 1)
            continue
        if sub == 0:
            if s[bt + O_HMAT + m] > 0:
                s[f + F_STEP] = ST_G3
                s[G_TOMOVE] = t
                return
            bridge_take(s, p, t, m)
            s[f + F_A2] = pos + 1
            continue
        # sub == 1: Coliseum (imperium) / Domus Aurea (republic)
        if republic(s):
            if act(s, p, K_DOMUS_AUREA) and domus_target(s, t, m) >= 0:
                s[f + F_STEP] = ST_G5
                s[G_TOMOVE] = p
                return
        elif act(s, p, K_COLISEUM) and s[bt + O_CLI + m] > 0 and vault_room(s, p):
            s[f + F_STEP] = ST_G4
            s[G_TOMOVE] = p
            return
        s[f + F_A2] = 1 + 2 * (j + 1)


@njit(cache=True)
def domus_target(s, t, m):
    """First foundation of t of material m without materials, or -1 (republic Domus Aurea)."""
    bt = P0 + t * PSZ
    for b in range(NK):
        if s[bt + O_BST + b] == 1 and MAT[b] == m and s[bt + O_BMAT + b] == 0:
            return b
    return -1


@njit(cache=True)
def bridge_take(s, p, t, m):
    if act(s, p, K_BRIDGE):
        bt = P0 + t * PSZ
        if s[bt + O_STOCK + m] > 0:
            s[bt + O_STOCK + m] -= 1
            s[P0 + p * PSZ + O_STOCK + m] += 1


@njit(cache=True)
def begin_resolution(s, f):
    if s[G_NDEM] == 0:
        pop(s)
        return
    s[f + F_A1] = 0
    s[f + F_A2] = 0
    leg_seek(s, f)


@njit(cache=True)
def settle(s):
    """Run automatic steps until the next decision (or the end of the game)."""
    while s[G_OVER] == 0:
        sp = s[G_SP]
        if sp > 0:
            f = G_STACK + (sp - 1) * FSZ
            kind = s[f + F_KIND]
            own = s[f + F_OWN]
            step = s[f + F_STEP]
            if kind == FK_THINK:
                if step == 0 and s[f + F_USED] >= s[f + F_N]:
                    pop(s)
                    continue
                s[G_TOMOVE] = own
                return
            if kind == FK_PRISON:
                s[G_TOMOVE] = own
                return
            if step == 0:
                if budget(s, f) - s[f + F_USED] <= 0:
                    if s[f + F_ROLE] == LEGIONARY:
                        begin_resolution(s, f)
                    else:
                        pop(s)
                    continue
                s[G_TOMOVE] = own
                return
            if s[f + F_ROLE] != LEGIONARY:
                s[G_TOMOVE] = own
            return
        ph = s[G_PHASE]
        n = s[G_N]
        L = s[G_LEADER]
        cur = s[G_CUR]
        if ph == PH_LEAD or ph == PH_MORE or ph == PH_PICK:
            s[G_TOMOVE] = (L + cur) % n
            return
        if ph == PH_FOLLOW:
            if cur >= n:
                s[G_PHASE] = PH_ACTIONS
                s[G_CUR] = 0
                continue
            s[G_TOMOVE] = (L + cur) % n
            return
        if ph == PH_ACTIONS:
            if cur < n:
                s[G_CUR] = cur + 1
                push(s, (L + cur) % n, FK_REG, s[G_ROLE], 0, 0)
                continue
            s[G_PHASE] = PH_SENATE
            s[G_CUR] = 0
            continue
        if ph == PH_SENATE:
            found = False
            while s[G_CUR] < n:
                p = (L + s[G_CUR]) % n
                if act(s, p, K_SENATE) and not republic(s) and opp_camp_jack(s, p) >= 0:
                    found = True
                    break
                s[G_CUR] += 1
            if found:
                s[G_TOMOVE] = p
                return
            s[G_PHASE] = PH_SEWER
            s[G_CUR] = 0
            continue
        if ph == PH_SEWER:
            found = False
            while s[G_CUR] < n:
                p = (L + s[G_CUR]) % n
                if act(s, p, K_SEWER) and sum6(s, P0 + p * PSZ + O_CAMP) > 0:
                    found = True
                    break
                s[G_CUR] += 1
            if found:
                s[G_TOMOVE] = p
                return
            cleanup(s)
            s[G_PHASE] = PH_ACADEMY
            s[G_CUR] = 0
            continue
        if ph == PH_ACADEMY:
            pushed = False
            while s[G_CUR] < n:
                p = (L + s[G_CUR]) % n
                s[G_CUR] += 1
                if act(s, p, K_ACADEMY) and s[P0 + p * PSZ + O_DIDC] != 0:
                    push(s, p, FK_THINK, 6, 1, 1)
                    pushed = True
                    break
            if not pushed:
                end_turn(s)
            continue
        if ph == PH_LEADTHINK:
            if prm(s, P_ALL_THINK) != 0:
                s[G_PHASE] = PH_ALLTHINK
                s[G_CUR] = 1
            else:
                end_turn(s)
            continue
        if ph == PH_ALLTHINK:
            if cur < n:
                s[G_CUR] = cur + 1
                push(s, (L + cur) % n, FK_THINK, 6, 1, 0)
                continue
            end_turn(s)
            continue
        return


@njit(cache=True)
def new_game(seed, game_index, n, params):
    s = new_state(seed, game_index, n, params)
    refresh_active(s)
    start_turn(s)
    settle(s)
    return s


# ------------------------------------------------------------------ legal actions
@njit(cache=True)
def _emit_foundations(s, p, out, n, rem, k_only):
    """FOUND_IN/FOUND_OUT/STATUE_* for hand cards (k_only >= 0: only that card)."""
    bp = P0 + p * PSZ
    cost = oot_cost(s, p)
    for k in range(NK):
        if k == K_STATUE:
            continue
        if (k_only < 0 and s[bp + O_HAND + k] > 0) or k == k_only:
            if s[bp + O_BST + k] == 0 and s[G_SIN + MAT[k]] > 0:
                out[n] = A_FIN + k
                n += 1
    for k in range(NK):
        if k == K_STATUE:
            continue
        if (k_only < 0 and s[bp + O_HAND + k] > 0) or k == k_only:
            if s[bp + O_BST + k] == 0 and s[G_SOUT + MAT[k]] > 0 and rem >= cost:
                out[n] = A_FOUT + k
                n += 1
    if ((k_only < 0 and s[bp + O_HAND + K_STATUE] > 0) or k_only == K_STATUE) and \
            s[bp + O_BST + K_STATUE] == 0:
        for m in range(6):
            if s[G_SIN + m] > 0:
                out[n] = A_STIN + m
                n += 1
        if rem >= cost:
            for m in range(6):
                if s[G_SOUT + m] > 0:
                    out[n] = A_STOUT + m
                    n += 1
    return n


@njit(cache=True)
def _lead_units(s, p, out, n, r_only):
    """CARD / JACK_AS / PETITION units for role r_only (-1: any role)."""
    bp = P0 + p * PSZ
    for k in range(NK):
        if s[bp + O_HAND + k] > 0 and (r_only < 0 or MAT[k] == r_only):
            out[n] = A_CARD + k
            n += 1
    if s[bp + O_HJ] > 0:
        for r in range(6):
            if r_only < 0 or r == r_only:
                out[n] = A_JACK + r
                n += 1
    ps = petition_size(s, p)
    for r in range(6):
        if r_only < 0 or r == r_only:
            for q in range(6):
                if s[bp + O_HMAT + q] >= ps:
                    out[n] = A_PET + 6 * r + q
                    n += 1
    if (r_only < 0 or r_only == ARCHITECT) and republic(s) and act(s, p, K_CRANE):
        n = list_hand(s, bp, A_CRANE, out, n)
    return n


@njit(cache=True)
def legal_actions(s, out):
    """Legal action ids of the current decision in ascending order; returns their number."""
    if s[G_OVER] != 0:
        return 0
    n = 0
    if s[G_SP] == 0:
        ph = s[G_PHASE]
        p = s[G_TOMOVE]
        bp = P0 + p * PSZ
        if ph == PH_LEAD:
            out[0] = A_THINK
            return _lead_units(s, p, out, 1, -1)
        if ph == PH_FOLLOW:
            out[0] = A_THINK
            return _lead_units(s, p, out, 1, s[G_ROLE])
        if ph == PH_MORE:
            out[0] = A_PASS
            return _lead_units(s, p, out, 1, s[G_ROLE])
        if ph == PH_PICK:
            q = s[G_PETQ]
            for k in range(NK):
                if s[bp + O_HAND + k] > 0 and MAT[k] == q:
                    out[n] = A_CARD + k
                    n += 1
            return n
        if ph == PH_SENATE:
            out[0] = A_PASS
            out[1] = A_TAKE_JACK
            return 2
        if ph == PH_SEWER:
            out[0] = A_PASS
            n = 1
            n = list_materials(s, bp + O_CAMP, out, n)
            return n
        return 0
    f = top(s)
    kind = s[f + F_KIND]
    p = s[f + F_OWN]
    bp = P0 + p * PSZ
    step = s[f + F_STEP]
    if kind == FK_THINK:
        if step == ST_TRIB:
            out[0] = A_PASS
            out[1] = A_TAKE_JACK
            return 2
        if step == 0 and s[f + F_A1] != 0:
            out[n] = A_PASS
            n += 1
        out[n] = A_DRAW
        n += 1
        if s[G_JPILE] > 0:
            out[n] = A_TAKE_JACK
            n += 1
        if step == 0:
            if act(s, p, K_VOMITORIUM) and hand_size(s, p) > 0:
                out[n] = A_VOMIT
                n += 1
            if act(s, p, K_LATRINE):
                n = list_hand(s, bp, A_CARD, out, n)
        return n
    if kind == FK_PRISON:
        out[0] = A_PASS
        n = 1
        N = s[G_N]
        for o in range(1, N):
            v = (p + o) % N
            bv = P0 + v * PSZ
            for b in range(NK):
                if s[bv + O_BST + b] == 2 and s[bp + O_BST + b] == 0:
                    out[n] = A_TARGET + 40 * (o - 1) + b
                    n += 1
        return n
    role = s[f + F_ROLE]
    if role == LABORER:
        out[0] = A_PASS
        n = 1
        if act(s, p, K_DOCK):
            n = list_hand(s, bp, A_CARD, out, n)
        if step == 0:
            n = list_materials(s, G_POOL, out, n)
        return n
    if role == PATRON:
        out[0] = A_PASS
        n = 1
        if not client_room(s, p):
            return n
        if step <= 1 and act(s, p, K_BAR) and deck_left(s) > 0:
            out[n] = A_BAR
            n += 1
        if (step == 0 or step == 2) and act(s, p, K_AQUEDUCT):
            n = list_hand(s, bp, A_CARD, out, n)
        if step == 0:
            n = list_materials(s, G_POOL, out, n)
        return n
    if role == MERCHANT:
        out[0] = A_PASS
        n = 1
        if not vault_room(s, p):
            return n
        if step == 0 and act(s, p, K_ATRIUM) and deck_left(s) > 0:
            out[n] = A_ATRIUM
            n += 1
        if act(s, p, K_BASILICA):
            n = list_hand(s, bp, A_CARD, out, n)
        if step == 0:
            n = list_materials(s, bp + O_STOCK, out, n)
        return n
    if role == CRAFTSMAN:
        if step == ST_FIRST:
            out[0] = A_PASS
            n = 1
            if act(s, p, K_FOUNTAIN) and deck_left(s) > 0:
                out[n] = A_FOUNTAIN
                n += 1
            n = _emit_foundations(s, p, out, n, remaining(s, f), -1)
            for b in range(NK):
                if s[bp + O_BST + b] == 1:
                    for m in range(6):
                        if s[bp + O_HMAT + m] > 0 and legal_add(s, p, b, m):
                            out[n] = A_BUILD + b
                            n += 1
                            break
            return n
        if step == ST_C2:
            b = s[f + F_A1]
            for k in range(NK):
                if s[bp + O_HAND + k] > 0 and legal_add(s, p, b, MAT[k]):
                    out[n] = A_CARD + k
                    n += 1
            return n
        # ST_F1: the Fountain card c
        c = s[f + F_A1]
        out[0] = A_PASS
        n = 1
        n = _emit_foundations(s, p, out, n, remaining(s, f) + 1, c)
        for b in range(NK):
            if s[bp + O_BST + b] == 1 and legal_add(s, p, b, MAT[c]):
                out[n] = A_BUILD + b
                n += 1
        return n
    if role == ARCHITECT:
        arch = act(s, p, K_ARCHWAY)
        if step == ST_FIRST:
            out[0] = A_PASS
            n = 1
            if stair_use_exists(s, p):
                out[n] = A_STAIRWAY
                n += 1
            n = _emit_foundations(s, p, out, n, remaining(s, f), -1)
            for b in range(NK):
                if s[bp + O_BST + b] == 1:
                    for m in range(6):
                        if (s[bp + O_STOCK + m] > 0 or (arch and s[G_POOL + m] > 0)) and \
                                legal_add(s, p, b, m):
                            out[n] = A_BUILD + b
                            n += 1
                            break
            return n
        if step == ST_A2:
            b = s[f + F_A1]
            for m in range(6):
                if s[bp + O_STOCK + m] > 0 and legal_add(s, p, b, m):
                    out[n] = A_MAT + m
                    n += 1
            if arch:
                for m in range(6):
                    if s[G_POOL + m] > 0 and legal_add(s, p, b, m):
                        out[n] = A_POOLMAT + m
                        n += 1
            return n
        if step == ST_SCHECK or step == ST_S1:
            if step == ST_SCHECK:
                out[0] = A_PASS
                n = 1
            if act(s, p, K_STAIRWAY):
                N = s[G_N]
                for o in range(1, N):
                    v = (p + o) % N
                    for b in range(NK):
                        if stair_target_ok(s, p, v, b):
                            out[n] = A_TARGET + 40 * (o - 1) + b
                            n += 1
            return n
        # ST_S2
        N = s[G_N]
        v = (p + s[f + F_A1]) % N
        b = s[f + F_A2]
        for m in range(6):
            if s[bp + O_STOCK + m] > 0 and stair_legal(s, p, v, b, m):
                out[n] = A_MAT + m
                n += 1
        if arch:
            for m in range(6):
                if s[G_POOL + m] > 0 and stair_legal(s, p, v, b, m):
                    out[n] = A_POOLMAT + m
                    n += 1
        return n
    # LEGIONARY
    if step == 0:
        out[0] = A_PASS
        n = 1
        if s[G_NDEM] < MAX_DEM:
            for m in range(6):
                if s[bp + O_HMAT + m] > s[bp + O_REV + m]:
                    out[n] = A_MAT + m
                    n += 1
        return n
    if step == ST_G2 or step == ST_G4:
        out[0] = A_PASS
        out[1] = A_TAKE
        return 2
    if step == ST_G5:
        N = s[G_N]
        j = (s[f + F_A2] - 1) // 2
        t = (p + 1 + j) % N
        bt = P0 + t * PSZ
        m = s[G_DEM + s[f + F_A1]]
        out[0] = A_PASS
        n = 1
        for b in range(NK):
            if s[bt + O_BST + b] == 1 and MAT[b] == m and s[bt + O_BMAT + b] == 0:
                out[n] = A_TARGET + 40 * j + b
                n += 1
        return n
    # ST_G3: the target gives a card of the demanded material
    N = s[G_N]
    j = (s[f + F_A2] - 1) // 2
    t = (p + 1 + j) % N
    bt = P0 + t * PSZ
    m = s[G_DEM + s[f + F_A1]]
    for k in range(NK):
        if s[bt + O_HAND + k] > 0 and MAT[k] == m:
            out[n] = A_CARD + k
            n += 1
    return n


# ------------------------------------------------------------------ applying actions
@njit(cache=True)
def _unit_done(s, p):
    """After a lead/follow unit: Palace offers MORE, else the next player (§3.3)."""
    if act(s, p, K_PALACE):
        s[G_PHASE] = PH_MORE
    else:
        s[G_PHASE] = PH_FOLLOW
        s[G_CUR] += 1


@njit(cache=True)
def _apply_unit(s, p, a):
    """CARD / JACK_AS / PETITION as a lead/follow unit."""
    bp = P0 + p * PSZ
    s[bp + O_UNITS] += 1
    s[bp + O_LOF] = 1
    if a >= A_CRANE:
        k = a - A_CRANE
        hand_rem(s, p, k)
        s[bp + O_CAMP + MAT[k]] += 1
        if s[G_ROLE] < 0:
            s[G_ROLE] = ARCHITECT
        _unit_done(s, p)
    elif a < A_JACK:
        k = a - A_CARD
        hand_rem(s, p, k)
        s[bp + O_CAMP + MAT[k]] += 1
        if s[G_ROLE] < 0:
            s[G_ROLE] = MAT[k]
        _unit_done(s, p)
    elif a < A_PET:
        s[bp + O_HJ] -= 1
        s[bp + O_CJ] += 1
        if s[G_ROLE] < 0:
            s[G_ROLE] = a - A_JACK
        _unit_done(s, p)
    else:
        r = (a - A_PET) // 6
        q = (a - A_PET) % 6
        if s[G_ROLE] < 0:
            s[G_ROLE] = r
        s[G_PETLEFT] = petition_size(s, p)
        s[G_PETQ] = q
        s[G_PHASE] = PH_PICK


@njit(cache=True)
def _apply_phase(s, a):
    ph = s[G_PHASE]
    p = s[G_TOMOVE]
    bp = P0 + p * PSZ
    if ph == PH_LEAD:
        if a == A_THINK:
            s[bp + O_M_LTHINK] += 1
            s[G_PHASE] = PH_LEADTHINK
            push(s, p, FK_THINK, 6, 1, 0)
            return
        _apply_unit(s, p, a)
        return
    if ph == PH_FOLLOW:
        s[G_CUR] += 1
        if a == A_THINK:
            s[bp + O_M_THINK] += 1
            push(s, p, FK_THINK, 6, 1, 0)
            return
        s[G_CUR] -= 1
        s[bp + O_M_FOLLOW] += 1
        _apply_unit(s, p, a)
        return
    if ph == PH_MORE:
        if a == A_PASS:
            s[G_PHASE] = PH_FOLLOW
            s[G_CUR] += 1
            return
        _apply_unit(s, p, a)
        return
    if ph == PH_PICK:
        k = a - A_CARD
        hand_rem(s, p, k)
        s[bp + O_CAMP + MAT[k]] += 1
        s[G_PETLEFT] -= 1
        if s[G_PETLEFT] <= 0:
            _unit_done(s, p)
        return
    if ph == PH_SENATE:
        if a == A_PASS:
            s[G_CUR] += 1
            return
        q = opp_camp_jack(s, p)
        s[P0 + q * PSZ + O_CJ] -= 1
        s[bp + O_HJ] += 1
        return
    if ph == PH_SEWER:
        if a == A_PASS:
            s[G_CUR] += 1
            return
        m = a - A_MAT
        s[bp + O_CAMP + m] -= 1
        s[bp + O_STOCK + m] += 1
        return


@njit(cache=True)
def _found(s, p, f, a, fountain):
    """Lay a foundation (FOUND_IN/OUT, STATUE_IN/OUT); charges the frame's actions."""
    if a < A_FOUT:
        k = a - A_FIN
        site = MAT[k]
        out = False
    elif a < A_STIN:
        k = a - A_FOUT
        site = MAT[k]
        out = True
    elif a < A_STOUT:
        k = K_STATUE
        site = a - A_STIN
        out = False
    else:
        k = K_STATUE
        site = a - A_STOUT
        out = True
    hand_rem(s, p, k)
    cost = oot_cost(s, p) if out else 1
    if fountain:
        cost -= 1
    if cost > 0:
        use(s, f, cost)
    lay_foundation(s, p, k, site, out)


@njit(cache=True)
def _think_draw(s, p):
    hs = hand_size(s, p)
    lim = hand_limit(s, p)
    cnt = lim - hs if hs < lim else 1
    for i in range(cnt):
        k = pop_deck(s)
        hand_add(s, p, k)
        if s[G_EVT_DECK] != 0:
            return


@njit(cache=True)
def _apply_frame(s, a):
    f = top(s)
    kind = s[f + F_KIND]
    p = s[f + F_OWN]
    bp = P0 + p * PSZ
    step = s[f + F_STEP]
    N = s[G_N]
    if kind == FK_THINK:
        if step == ST_TRIB:
            if a == A_TAKE_JACK:
                s[G_JPILE] -= 1
                s[bp + O_HJ] += 1
            s[f + F_STEP] = 0
        elif a == A_PASS:
            pop(s)
        elif a == A_DRAW:
            s[f + F_USED] += 1
            s[f + F_STEP] = 0
            _think_draw(s, p)
            if republic(s) and act(s, p, K_TRIBUNAL) and s[G_JPILE] > 0:
                s[f + F_STEP] = ST_TRIB
        elif a == A_TAKE_JACK:
            s[f + F_USED] += 1
            s[f + F_STEP] = 0
            s[G_JPILE] -= 1
            s[bp + O_HJ] += 1
            if republic(s) and act(s, p, K_TRIBUNAL) and s[G_JPILE] > 0:
                s[f + F_STEP] = ST_TRIB
        elif a == A_VOMIT:
            for k in range(NK):
                c = s[bp + O_HAND + k]
                if c > 0:
                    s[G_POOL + MAT[k]] += c
                    s[bp + O_HAND + k] = 0
            for m in range(6):
                s[bp + O_HMAT + m] = 0
            s[bp + O_HN] = 0
            s[G_JPILE] += s[bp + O_HJ]
            s[bp + O_HJ] = 0
            s[f + F_STEP] = 1
        else:
            k = a - A_CARD
            hand_rem(s, p, k)
            s[G_POOL + MAT[k]] += 1
            s[f + F_STEP] = 1
        return
    if kind == FK_PRISON:
        pop(s)
        if a == A_PASS:
            return
        o = (a - A_TARGET) // 40 + 1
        b = (a - A_TARGET) % 40
        v = (p + o) % N
        bv = P0 + v * PSZ
        s[bp + O_BST + b] = 2
        s[bp + O_BSITE + b] = s[bv + O_BSITE + b]
        s[bp + O_BMAT + b] = s[bv + O_BMAT + b]
        s[bp + O_BMARB + b] = s[bv + O_BMARB + b]
        s[bp + O_PUB + b] = s[bv + O_PUB + b]
        s[bp + O_STOLEN + b] = 1
        s[bp + O_BTURN + b] = s[G_TURN]
        s[bv + O_BST + b] = 0
        s[bv + O_BSITE + b] = 0
        s[bv + O_BMAT + b] = 0
        s[bv + O_BMARB + b] = 0
        s[bv + O_PUB + b] = 0
        s[bv + O_STOLEN + b] = 0
        s[bv + O_BTURN + b] = -1
        s[bp + O_INFL] -= 3
        s[bv + O_INFL] += 3
        refresh_active(s)
        on_completion(s, p, b)
        return
    role = s[f + F_ROLE]
    if role == LABORER:
        if a == A_PASS:
            if step == 0:
                pop(s)
            else:
                s[f + F_STEP] = 0
            return
        if a < A_JACK:
            k = a - A_CARD
            hand_rem(s, p, k)
            s[bp + O_STOCK + MAT[k]] += 1
            if step == 0:
                use(s, f, 1)
            s[f + F_STEP] = 0
            return
        m = a - A_MAT
        use(s, f, 1)
        s[G_POOL + m] -= 1
        s[bp + O_STOCK + m] += 1
        if act(s, p, K_DOCK) and s[bp + O_HN] > 0:
            s[f + F_STEP] = 1
        return
    if role == PATRON:
        if a == A_PASS:
            if step == 0:
                pop(s)
            elif step == 1:
                s[f + F_STEP] = 2 if act(s, p, K_AQUEDUCT) else 0
            else:
                s[f + F_STEP] = 0
            return
        if step == 0:
            use(s, f, 1)
        if a == A_BAR:
            k = pop_deck(s)
            s[f + F_STEP] = 2 if act(s, p, K_AQUEDUCT) else 0
            hire(s, p, MAT[k])
        elif a < A_JACK:
            k = a - A_CARD
            hand_rem(s, p, k)
            s[f + F_STEP] = 0
            hire(s, p, MAT[k])
        else:
            m = a - A_MAT
            s[G_POOL + m] -= 1
            if act(s, p, K_BAR):
                s[f + F_STEP] = 1
            elif act(s, p, K_AQUEDUCT):
                s[f + F_STEP] = 2
            else:
                s[f + F_STEP] = 0
            hire(s, p, m)
        return
    if role == MERCHANT:
        if a == A_PASS:
            if step == 0:
                pop(s)
            else:
                s[f + F_STEP] = 0
            return
        if a < A_JACK and a >= A_CARD:
            k = a - A_CARD
            hand_rem(s, p, k)
            s[bp + O_VAULT + MAT[k]] += 1
            s[bp + O_VHID + MAT[k]] += 1
            if step == 0:
                use(s, f, 1)
            s[f + F_STEP] = 0
            return
        use(s, f, 1)
        if a == A_ATRIUM:
            k = pop_deck(s)
            s[bp + O_VAULT + MAT[k]] += 1
            s[bp + O_VHID + MAT[k]] += 1
            s[bp + O_VATR + MAT[k]] += 1
        else:
            m = a - A_MAT
            s[bp + O_STOCK + m] -= 1
            s[bp + O_VAULT + m] += 1
        if act(s, p, K_BASILICA) and s[bp + O_HN] > 0:
            s[f + F_STEP] = 1
        return
    if role == CRAFTSMAN:
        if step == ST_FIRST:
            if a == A_PASS:
                pop(s)
                return
            s[bp + O_DIDC] = 1
            if a == A_FOUNTAIN:
                use(s, f, 1)
                k = pop_deck(s)
                hand_add(s, p, k)
                s[f + F_A1] = k
                s[f + F_STEP] = ST_F1
                return
            if a >= A_BUILD:
                use(s, f, 1)
                s[f + F_A1] = a - A_BUILD
                s[f + F_STEP] = ST_C2
                return
            _found(s, p, f, a, False)
            return
        if step == ST_C2:
            k = a - A_CARD
            b = s[f + F_A1]
            hand_rem(s, p, k)
            s[f + F_STEP] = 0
            add_material(s, p, b, MAT[k], False)
            return
        # ST_F1
        c = s[f + F_A1]
        s[f + F_STEP] = 0
        if a == A_PASS:
            return
        if a >= A_BUILD:
            hand_rem(s, p, c)
            add_material(s, p, a - A_BUILD, MAT[c], False)
            return
        _found(s, p, f, a, True)
        return
    if role == ARCHITECT:
        if step == ST_FIRST:
            if a == A_PASS:
                pop(s)
                return
            if a == A_STAIRWAY:
                use(s, f, 1)
                s[f + F_STEP] = ST_S1
                return
            if a >= A_BUILD:
                use(s, f, 1)
                s[f + F_A1] = a - A_BUILD
                s[f + F_STEP] = ST_A2
                return
            s[f + F_STEP] = ST_SCHECK
            _found(s, p, f, a, False)
            return
        if step == ST_A2:
            b = s[f + F_A1]
            s[f + F_STEP] = ST_SCHECK
            if a >= A_POOLMAT:
                m = a - A_POOLMAT
                s[G_POOL + m] -= 1
            else:
                m = a - A_MAT
                s[bp + O_STOCK + m] -= 1
            add_material(s, p, b, m, True)
            return
        if step == ST_SCHECK or step == ST_S1:
            if a == A_PASS:
                s[f + F_STEP] = 0
                return
            s[f + F_A1] = (a - A_TARGET) // 40 + 1
            s[f + F_A2] = (a - A_TARGET) % 40
            s[f + F_STEP] = ST_S2
            return
        # ST_S2
        v = (p + s[f + F_A1]) % N
        b = s[f + F_A2]
        bv = P0 + v * PSZ
        if a >= A_POOLMAT:
            m = a - A_POOLMAT
            s[G_POOL + m] -= 1
        else:
            m = a - A_MAT
            s[bp + O_STOCK + m] -= 1
        s[bv + O_BMAT + b] += 1
        if m == 5:
            s[bv + O_BMARB + b] = 1
        s[bv + O_PUB + b] = 1
        s[f + F_STEP] = 0
        refresh_active(s)
        return
    # LEGIONARY
    if step == 0:
        if a == A_PASS:
            begin_resolution(s, f)
            return
        m = a - A_MAT
        s[G_DEM + s[G_NDEM]] = m
        s[G_NDEM] += 1
        s[bp + O_REV + m] += 1
        use(s, f, 1)
        if remaining(s, f) <= 0 or s[G_NDEM] >= MAX_DEM:
            begin_resolution(s, f)
        return
    m = s[G_DEM + s[f + F_A1]]
    if step == ST_G2:
        if a == A_TAKE:
            s[G_POOL + m] -= 1
            s[bp + O_STOCK + m] += 1
        s[f + F_A2] = 1
        leg_seek(s, f)
        return
    j = (s[f + F_A2] - 1) // 2
    t = (p + 1 + j) % N
    bt = P0 + t * PSZ
    if step == ST_G3:
        k = a - A_CARD
        hand_rem(s, t, k)
        s[bp + O_STOCK + m] += 1
        bridge_take(s, p, t, m)
        s[f + F_A2] += 1
        leg_seek(s, f)
        return
    if step == ST_G5:
        if a != A_PASS:
            b = (a - A_TARGET) % 40
            site = s[bt + O_BSITE + b]
            s[bt + O_BST + b] = 0
            s[bt + O_BSITE + b] = 0
            s[bt + O_BMARB + b] = 0
            s[bp + O_STOCK + MAT[b]] += 1
            s[bp + O_INFL] += VAL[site]
            s[bp + O_DAGAIN] += VAL[site]
            s[G_SGONE] += 1
            refresh_active(s)
        s[f + F_A2] = 1 + 2 * (j + 1)
        leg_seek(s, f)
        return
    # ST_G4 Coliseum
    if a == A_TAKE:
        s[bt + O_CLI + m] -= 1
        if s[bt + O_FRESH + m] > 0:
            s[bt + O_FRESH + m] -= 1
        s[bp + O_VAULT + m] += 1
    s[f + F_A2] = 1 + 2 * (j + 1)
    leg_seek(s, f)


@njit(cache=True)
def apply_action(s, a):
    """Apply decision `a` (must be legal), run the end checks, settle to the next decision."""
    s[G_NDEC] += 1
    if s[G_SP] > 0:
        _apply_frame(s, a)
    else:
        _apply_phase(s, a)
    end_check(s)
    if s[G_OVER] == 0:
        settle(s)


@njit(cache=True)
def step(s, a, buf):
    """apply_action, then apply PASS-only decisions silently; returns the number of legal
    actions of the next decision (written to buf), 0 when the game is over."""
    apply_action(s, a)
    while True:
        n = legal_actions(s, buf)
        if n == 1 and buf[0] == A_PASS:
            apply_action(s, A_PASS)
            continue
        return n


@njit(cache=True)
def first_legal(s, buf):
    """Legal actions at the current decision, with PASS-only decisions applied silently."""
    while True:
        n = legal_actions(s, buf)
        if n == 1 and buf[0] == A_PASS:
            apply_action(s, A_PASS)
            continue
        return n


# ------------------------------------------------------------------ invariants
@njit(cache=True)
def check_invariants(s):
    """0 if the state is consistent, else a code naming the first violated invariant."""
    n = s[G_N]
    cards = deck_left(s) + sum6(s, G_POOL)
    jacks = s[G_JPILE]
    laid = 0
    infl_sum = 0
    site_val = 0
    prison = False
    for p in range(n):
        b = P0 + p * PSZ
        if s[b + O_BST + K_PRISON] == 2:
            prison = True
    for p in range(n):
        b = P0 + p * PSZ
        hn = 0
        for k in range(NK):
            if s[b + O_HAND + k] < 0:
                return 10
            hn += s[b + O_HAND + k]
        if hn != s[b + O_HN]:
            return 11
        for m in range(6):
            hm = 0
            for k in range(NK):
                if MAT[k] == m:
                    hm += s[b + O_HAND + k]
            if hm != s[b + O_HMAT + m]:
                return 12
            if s[b + O_CAMP + m] < 0 or s[b + O_STOCK + m] < 0 or s[b + O_VAULT + m] < 0 or \
                    s[b + O_CLI + m] < 0 or s[b + O_FRESH + m] < 0 or s[G_POOL + m] < 0:
                return 13
            if s[b + O_FRESH + m] > s[b + O_CLI + m]:
                return 14
            if s[b + O_VATR + m] < 0 or s[b + O_VATR + m] > s[b + O_VHID + m] or \
                    s[b + O_VHID + m] > s[b + O_VAULT + m]:
                return 20
        if s[b + O_HJ] < 0 or s[b + O_CJ] < 0:
            return 15
        cards += hn + sum6(s, b + O_CAMP) + sum6(s, b + O_STOCK) + sum6(s, b + O_VAULT) + \
            sum6(s, b + O_CLI)
        jacks += s[b + O_HJ] + s[b + O_CJ]
        for k in range(NK):
            st = s[b + O_BST + k]
            if st != 0:
                laid += 1
                cards += 1 + s[b + O_BMAT + k]
                if st == 2:
                    site_val += VAL[s[b + O_BSITE + k]]
                elif s[b + O_BMAT + k] >= VAL[s[b + O_BSITE + k]]:
                    return 16
        if s[b + O_INFL] < 0:
            return 17
        infl_sum += s[b + O_INFL]
        site_val += s[b + O_DAGAIN]
        if not prison:
            if n_vault(s, p) > vault_limit(s, p):
                return 18
            if n_clients(s, p) > client_limit(s, p):
                return 19
    if cards != 144:
        return 1
    if jacks != prm(s, P_N_JACKS) or s[G_JPILE] < 0:
        return 2
    for m in range(6):
        if s[G_SIN + m] < 0 or s[G_SOUT + m] < 0:
            return 3
    if laid + sum6(s, G_SIN) + sum6(s, G_SOUT) + s[G_SGONE] != 6 * prm(s, P_SITES_PER_MATERIAL):
        return 4
    if infl_sum != n * prm(s, P_START_INFLUENCE) + site_val:
        return 5
    if s[G_SP] < 0 or s[G_SP] > MAX_FRAMES:
        return 6
    if s[G_DTOP] > 144:
        return 7
    return 0
