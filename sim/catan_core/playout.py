"""The game loop `catan` and `troja` share (ENGINES.md): `play_game` plays one game over the shared
engine, and the game flag of the config (C_GAME) picks the game's players (strategies/catan.py or
strategies/troja.py). Each game's `play_games` (sim/catan/playout.py, sim/troja/playout.py) runs
it for every game of a batch and records the game's own metrics. This module imports the engine
and both games' players, never the games' packages, so no import cycle runs through it. The flag
is tested once per non-random decision, which costs nothing next to the rules.
"""
from numba import njit

from sim.rng import stream_state, below, CHANCE, PLAYERS
from sim.catan_core.layout import *  # noqa: F401,F403
from sim.catan_core.engine import new_game, legal_actions, apply_action, check_invariants
from strategies.catan import choose as choose_catan, RANDOM
from strategies.troja import choose as choose_troja


@njit(cache=True)
def play_game(seed, gi, topo, cfg, kinds, weights, check, err, st, work, legal, chance, prng):
    """Play game gi of run `seed` to its end in st (work, legal, chance, prng: the caller's
    buffers, borrowed); False with err = (code, game, action) on a failure."""
    catan = cfg[C_GAME] == GAME_CATAN
    new_game(st, topo, cfg, seed, gi)
    chance[0] = stream_state(seed, gi, CHANCE)
    prng[0] = stream_state(seed, gi, PLAYERS)
    while st[S_PHASE] != PH_OVER:
        m = legal_actions(st, topo, cfg, legal)
        if m == 0:
            err[0] = 100
            err[1] = gi
            return False
        p = st[S_ACTOR]
        if kinds[p] == RANDOM:  # inline: the call into `choose` costs more than the pick
            a = legal[below(prng, m)] if m > 1 else legal[0]
        elif catan:
            a = choose_catan(st, topo, cfg, legal, m, kinds[p], weights[p], prng, work)
        else:
            a = choose_troja(st, topo, cfg, legal, m, kinds[p], weights[p], prng, work)
        apply_action(st, topo, cfg, a, chance)
        if check:
            e = check_invariants(st, topo, cfg, (st[S_ACTIONS] & 31) == 0 or st[S_PHASE] == PH_OVER)
            if e != 0:
                err[0] = e
                err[1] = gi
                err[2] = a
                return False
    return True
