"""Setup (§2): the deck shuffled with the setup stream (the game's only chance event), the block
deal, Jacks, sites and Influence, the first leader (alphabetical reveal, or seat 0), and the
seats renumbered so that seat 0 is the first leader. Then the first turn starts.
"""
import numpy as np
from numba import njit

from sim.layout import clear_state
from sim.rng import new_stream, shuffle, SETUP
from ..board import DECK0, ALPHA, ALPHA_REP, NK
from ..params import (N_PARAMS, P_START_ORDERS, P_START_JACKS, P_N_JACKS, P_START_INFLUENCE,
                      P_SITES_PER_MATERIAL, P_FIRST_LEADER_RULE, P_RULESET, P_PETITION_SIZE)
from ..state import *  # noqa: F401,F403  (layout constants, pb, prm, republic)
from .powers import refresh_active
from .turn import start_turn, settle


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
def start_game(s, seed, game_index, n, params):
    """Overwrite s with game `game_index` of run `seed` (the deck shuffled with its setup stream)
    at the first turn, settled up to the first decision. The trace flag is kept."""
    clear_state(s)
    init_params(s, params)
    deck = DECK0.copy()
    rs = new_stream(seed, game_index, SETUP)
    shuffle(rs, deck)
    deal_and_setup(s, n, deck, s[G_PRM + P_FIRST_LEADER_RULE] == 1)
    s[G_LAST] = -1
    refresh_active(s)
    start_turn(s)
    settle(s)


@njit(cache=True)
def new_game(seed, game_index, n, params):
    """A new state holding game `game_index` of run `seed` (start_game; for tests and tools)."""
    s = np.zeros(STATE_SIZE, np.int32)
    start_game(s, seed, game_index, n, params)
    return s
