"""Per-game tallies of how Mare Nostrum players behave (issue 12): rounds, battles, High Priest
holder changes, the gods taken in each offering phase and the first offerer's choice. Played
exactly like `playout.play_games` (the engine contract: same streams, same decisions), with counters around it; used by
bench/mare_nostrum_players.py and the player tests, and meant for `agon check-players`.
"""
import numpy as np
from numba import njit

from . import engine as E
from . import rules as R
from .state import (H_OVER, H_DECIDER, H_ROUND, H_STEP, H_VPATH, H_WINNER, CIV_OF, ROLE, METRICS,
                    NM, M_BATTLES, ST_OFFER, ST_ADONIS, M_GODS_TAKEN, M_CREAT_BUILT, M_PILLAGES,
                    M_TAKEOVERS, M_BUILT_UNITS)
from sim.rng import new_stream, players_stream, at_decision, CHANCE
from strategies.mare_nostrum import choose
from .results import flow_turn

# per-game tallies (columns of `games`)
G_ROUNDS, G_BATTLES, G_BATTLES_PVP, G_HP_CHANGES, G_WINNER_CIV, G_VPATH, G_OFF_PHASES, \
    G_FIRST_HP_ROUNDS, G_GODS, G_CREATURES, G_PILLAGES, G_TAKEOVERS, G_UNITS_BUILT = range(13)
NG = 13
MAX_ACTIONS = 200000


@njit(cache=True)
def tally_game(seed, g, n, P, kinds, weights, games, gods, first, civ_played):
    """Plays game g like play_games and tallies: battles (a step in which the players' battle
    counters rose is one battle: neutrals never attack), High Priest holder changes between
    consecutive rounds, per god the offering phases in which it was taken, and the first
    offerer's choice of each phase (0-7 a god, 8 pass)."""
    S = np.zeros(E.STATE_SIZE, np.int32)
    E.new_game(S, P, n, seed, g)
    crng = new_stream(seed, g, CHANCE)
    prng = players_stream(seed, g)
    buf = np.empty(E.N_ACTIONS, np.int32)
    work = np.empty(E.STATE_SIZE, np.int32)
    k = E.legal_actions(S, P, buf)
    last_round = 0
    hp = -1
    hp0 = S[ROLE + 3]
    first_seen = -1
    taken = np.zeros(8, np.int64)
    steps = 0
    while k > 0 and steps < MAX_ACTIONS:
        if S[H_ROUND] != last_round:
            if last_round > 0:
                for j in range(8):
                    gods[j] += taken[j]
            taken[:] = 0
            last_round = S[H_ROUND]
            if hp >= 0 and S[ROLE + 3] != hp:
                games[G_HP_CHANGES] += 1
            hp = S[ROLE + 3]
            if hp == hp0:
                games[G_FIRST_HP_ROUNDS] += 1
        o = S[H_DECIDER]
        at_decision(prng, o, flow_turn(S, P))
        a = choose(S, P, buf, k, kinds[o], weights[o], prng, work)
        st = S[H_STEP]
        if st == ST_OFFER:
            if first_seen != last_round:
                first_seen = last_round
                games[G_OFF_PHASES] += 1
                first[8 if a == R.A_PASS else a - R.A_OFFER_TO] += 1
            if a != R.A_PASS:
                taken[a - R.A_OFFER_TO] = 1
        elif st == ST_ADONIS:
            taken[a - R.A_TAKE_GOD] = 1
        before = 0
        for q in range(n):
            before += S[METRICS + q * NM + M_BATTLES]
        k = E.apply_action(S, P, a, crng, buf)
        after = 0
        for q in range(n):
            after += S[METRICS + q * NM + M_BATTLES]
        if after > before:
            games[G_BATTLES] += 1
            if after - before == 2:
                games[G_BATTLES_PVP] += 1
        steps += 1
    for j in range(8):
        gods[j] += taken[j]
    games[G_ROUNDS] = S[H_ROUND]
    games[G_VPATH] = S[H_VPATH]
    games[G_WINNER_CIV] = S[CIV_OF + S[H_WINNER]] if S[H_WINNER] >= 0 else -1
    for q in range(n):
        civ_played[S[CIV_OF + q]] += 1
        m = METRICS + q * NM
        games[G_GODS] += S[m + M_GODS_TAKEN]
        games[G_CREATURES] += S[m + M_CREAT_BUILT]
        games[G_PILLAGES] += S[m + M_PILLAGES]
        games[G_TAKEOVERS] += S[m + M_TAKEOVERS]
        games[G_UNITS_BUILT] += S[m + M_BUILT_UNITS]


@njit(cache=True)
def tally_batch(seed, start, n_games, n, P, kinds, weights, games, gods, first, civ_played):
    for i in range(n_games):
        tally_game(seed, start + i, n, P, kinds, weights, games[i], gods, first, civ_played)




def tally(seed, n_games, n_players, params, kinds, weights, start=0):
    """Plays games start..start+n_games-1 of `seed`; returns (games [n, NG] with the G_* columns,
    gods [8]: offering phases in which each god was taken, first [9]: the first offerer's choice
    per phase (god 0-7, 8 = pass), civ_played [6])."""
    games = np.zeros((n_games, NG), np.int64)
    gods = np.zeros(8, np.int64)
    first = np.zeros(9, np.int64)
    civ_played = np.zeros(6, np.int64)
    tally_batch(np.int64(seed), start, n_games, n_players, E.make_ctx(n_players, params),
                np.asarray(kinds, np.int64), np.asarray(weights, np.float64), games, gods, first,
                civ_played)
    return games, gods, first, civ_played
