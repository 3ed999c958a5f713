"""The legal actions of the current decision (§4.2), by phase: set-up, the roll, discards, robber
and corsair moves, the main phase's builds, trades, card plays, donations and ships."""
import numpy as np
from numba import njit
from sim.catan_core.borrow import NO_REFCOUNT
from sim.catan_core.board import T_H, T_N, T_E, T_S, T_NODE_NBE
from sim.catan_core.layout import *  # noqa: F401,F403  (state/config offsets)
from sim.catan_core.rules.base import (DEBRUIJN, a_base, benefit_count, bits_out, can_afford,  # noqa: F401
                                       hand_total, row_total)
from sim.catan_core.rules.placement import any_road_ok, can_build_ship, node_distance_ok, ship_ok  # noqa: F401
from sim.catan_core.rules.robber import corsair_victims, friendly_blocked, others_with_cards  # noqa: F401


@njit(cache=True, inline="always")
def _dev_playable(st, p, t):
    b = S_PLAYERS + p * PS
    return st[b + P_DEV + t] - st[b + P_DEV_NEW + t] >= 1


@njit(cache=True, inline="always")
def _yop_legal(st, cfg, i):
    """Year of Plenty option i: 0..14 pairs (a <= b), 15..19 single a (§2.3, §8.13)."""
    if cfg[C_YOP_CARDS] == 1:
        if i < 15:
            return False
        return st[S_BANK + i - 15] >= 1
    if i < 15:
        a, b = _yop_pair(i)
        if a == b:
            return st[S_BANK + a] >= 2
        return st[S_BANK + a] >= 1 and st[S_BANK + b] >= 1
    a = i - 15
    ba = st[S_BANK + a]
    if ba < 1:
        return False
    if ba < 2:  # the pair (a, a) cannot be supplied
        return True
    for b in range(5):  # a pair (a, b) cannot be supplied
        if b != a and st[S_BANK + b] < 1:
            return True
    return False


@njit(cache=True, inline="always")
def _yop_pair(i):
    a = 0
    while i >= 5 - a:
        i -= 5 - a
        a += 1
    return a, a + i


@njit(cache=True, inline="always")
def _card_plays(st, topo, cfg, p, out, n, preroll):
    """Append the legal development-card plays of p."""
    if st[S_DEV_PLAYED] >= cfg[C_DEV_PLAYS]:
        return n
    B = a_base(topo)
    if _dev_playable(st, p, DEV_KNIGHT):
        out[n] = B + 1
        n += 1
    if preroll and cfg[C_DEV_PREROLL] == 0:
        return n
    if _dev_playable(st, p, DEV_ROAD_BUILDING) and st[S_PLAYERS + p * PS + P_ROADS_LEFT] > 0:
        if any_road_ok(st, topo, p):
            out[n] = B + 2
            n += 1
    if _dev_playable(st, p, DEV_YOP):
        for i in range(20):
            if _yop_legal(st, cfg, i):
                out[n] = B + 3 + i
                n += 1
    if _dev_playable(st, p, DEV_MONOPOLY):
        for r in range(5):
            out[n] = B + 23 + r
            n += 1
    return n


@njit(cache=True, inline="always")
def _builds(st, topo, cfg, p, out, n):
    """Roads, settlements and cities p can pay for."""
    b = S_PLAYERS + p * PS
    if st[b + P_ROADS_LEFT] > 0 and can_afford(st, cfg, p, C_COST_ROAD):
        n = bits_out(st, S_ROAD_OK + p * RW, RW, 2, out, n)
    E = topo[T_E]
    N = topo[T_N]
    if st[b + P_SETTLES_LEFT] > 0 and can_afford(st, cfg, p, C_COST_SETTLE):
        n = bits_out(st, S_SETTLE_OK + p * SW, SW, 2 + E, out, n)
    if st[b + P_CITIES_LEFT] > 0 and can_afford(st, cfg, p, C_COST_CITY):
        o = S_OWN_NODES + p * SW  # p's buildings in node order; settlements are upgradable
        for wi in range(SW):
            x = np.int64(st[o + wi])
            while x != 0:
                low = x & -x
                v = wi * 31 + DEBRUIJN[((low * 0x077CB531) & 0xFFFFFFFF) >> 27]
                x ^= low
                if st[S_NODE_LEVEL + v] == 1:
                    out[n] = 2 + E + N + v
                    n += 1
    return n


@njit(cache=True, inline="always")
def _ships(st, topo, cfg, p, out, n):
    if can_build_ship(st, cfg, p):
        A = a_base(topo) + 18
        for s in range(topo[T_S]):
            if ship_ok(st, topo, p, s):
                out[n] = A + s
                n += 1
    return n


@njit(cache=True, **NO_REFCOUNT)
def legal_actions(st, topo, cfg, out):
    """Fill `out` with the legal actions of the acting player; return their number."""
    ph = st[S_PHASE]
    p = st[S_ACTOR]
    b = S_PLAYERS + p * PS
    n = 0
    E = topo[T_E]
    N = topo[T_N]
    P = st[S_P]
    B = a_base(topo)
    catan = st[S_GAME] == GAME_CATAN
    if ph == PH_MAIN:
        out[0] = 1
        n = 1
        n = _builds(st, topo, cfg, p, out, n)
        if catan:
            if st[S_DECK_POS] < st[S_DECK_N] and can_afford(st, cfg, p, C_COST_DEV):
                out[n] = B
                n += 1
            n = _card_plays(st, topo, cfg, p, out, n, False)
        else:
            if st[S_DON_COUNT] < cfg[C_DON_PER_TURN] and hand_total(st, p) >= cfg[C_DON_MIN] \
                    and cfg[C_DON_MAX] >= 1:
                for r in range(5):
                    if st[b + P_HAND + r] > 0:
                        out[n] = B + r
                        n += 1
            rt = row_total(st)
            if rt > 0 and st[S_SWAP_USED] < benefit_count(st, cfg, p, BEN_SWAP) * cfg[C_SWAP_USES]:
                out[n] = B + 6
                n += 1
            if rt > cfg[C_TAKE_MIN_ROW] and st[S_TAKE_USED] < benefit_count(st, cfg, p, BEN_TAKE) * cfg[C_TAKE_USES]:
                out[n] = B + 12
                n += 1
            n = _ships(st, topo, cfg, p, out, n)
        T = 2 + E + 2 * N
        for x in range(5):
            rate = st[b + P_RATE + x]
            if st[b + P_HAND + x] >= rate:
                for y in range(5):
                    if y != x and st[S_BANK + y] >= 1:
                        out[n] = T + 4 * x + y - (1 if y > x else 0)
                        n += 1
        return n
    if ph == PH_PRE_ROLL:
        out[0] = 0
        n = 1
        if catan:
            n = _card_plays(st, topo, cfg, p, out, n, True)
        return n
    if ph == PH_DISCARD:
        D = 22 + E + 2 * N
        for r in range(5):
            if st[b + P_HAND + r] > 0:
                out[n] = D + r
                n += 1
        return n
    if ph == PH_ROBBER:
        R = B + 28
        cur = st[S_ROBBER]
        H = topo[T_H]
        friendly = cfg[C_FRIENDLY] == 1
        held = others_with_cards(st, p)
        for pas in range(2):
            for h in range(H):
                if h == cur:
                    continue
                if friendly and pas == 0 and friendly_blocked(st, topo, cfg, p, h):
                    continue
                mask = st[S_HEX_OWNERS + h] & held
                if mask == 0:
                    out[n] = R + h * (P + 1) + P
                    n += 1
                else:
                    for v in range(P):
                        if (mask >> v) & 1:
                            out[n] = R + h * (P + 1) + v
                            n += 1
                    if cfg[C_STEAL_MANDATORY] == 0:
                        out[n] = R + h * (P + 1) + P
                        n += 1
            if n > 0 or not friendly:
                break
        return n
    if ph == PH_CORSAIR:
        S = topo[T_S]
        Cb = B + 18 + S
        cur = st[S_CORSAIR]
        stay = st[S_CAUSE] == 7 and cfg[C_CORSAIR_MUST_MOVE_7] == 0
        for s in range(S):
            if s == cur and not stay:
                continue
            mask = corsair_victims(st, topo, p, s)
            if mask == 0:
                out[n] = Cb + s * (P + 1) + P
                n += 1
            else:
                for v in range(P):
                    if (mask >> v) & 1:
                        out[n] = Cb + s * (P + 1) + v
                        n += 1
                if cfg[C_CORSAIR_STEAL_OPT] == 1:
                    out[n] = Cb + s * (P + 1) + P
                    n += 1
        return n
    if ph == PH_SETUP_SETTLEMENT:
        for v in range(N):
            if node_distance_ok(st, topo, v):
                out[n] = 2 + E + v
                n += 1
        return n
    if ph == PH_SETUP_ROAD:
        v = st[S_LAST_NODE]
        for k in range(3):
            e = topo[T_NODE_NBE + 3 * v + k]
            if e >= 0 and st[S_EDGE_OWNER + e] < 0:
                out[n] = 2 + e
                n += 1
        return n
    if ph == PH_ROAD_BUILDING:
        return bits_out(st, S_ROAD_OK + p * RW, RW, 2, out, 0)
    if ph == PH_SBP:
        out[0] = 1
        n = 1
        n = _builds(st, topo, cfg, p, out, n)
        if catan:
            if st[S_DECK_POS] < st[S_DECK_N] and can_afford(st, cfg, p, C_COST_DEV):
                out[n] = B
                n += 1
        elif cfg[C_SHIP_IN_SBP] == 1:
            n = _ships(st, topo, cfg, p, out, n)
        return n
    if ph == PH_DONATING:
        placed = st[S_DON_PLACED]
        if placed < cfg[C_DON_MAX]:
            for r in range(5):
                if st[b + P_HAND + r] > 0:
                    out[n] = B + r
                    n += 1
        if placed >= cfg[C_DON_MIN]:
            out[n] = B + 5
            n += 1
        return n
    if ph == PH_SWAP_RETURN:
        for r in range(5):
            if st[b + P_HAND + r] > 0:
                out[n] = B + 7 + r
                n += 1
        return n
    if ph == PH_CHOOSE_TILE:
        for r in range(5):
            if st[S_TILES + r] > 0:
                out[n] = B + 13 + r
                n += 1
        return n
    return 0
