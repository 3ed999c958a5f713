"""The one compiled playout loop of `catan` and `troja` (ENGINES.md).

Both games run the same loop over the shared engine; the game flag of the config (C_GAME)
picks the game's players (strategies/catan.py or strategies/troja.py) and the game's own
`record` of metrics (sim/catan/playout.py, sim/troja/playout.py). The flag is tested once
per game and per non-random decision, which costs nothing next to the rules.
"""
import numpy as np
from numba import njit

from sim.rng import stream_state, below, CHANCE, PLAYERS
from sim.catan_core.borrow import borrowed
from sim.catan_core.layout import *  # noqa: F401,F403
from sim.catan_core.engine import new_game, legal_actions, apply_action, check_invariants
from sim.catan.playout import record as record_catan
from sim.troja.playout import record as record_troja
from strategies.catan import choose as choose_catan, RANDOM
from strategies.troja import choose as choose_troja


@njit(cache=True)
def play_games(seed, start, n, topo, cfg, kinds, weights, check, turns, gm, score, win, rank, sm, err):
    """Play games start..start+n-1 of run `seed`, writing row g of the result arrays for game
    start+g; err = (code, game, action) of the first failure (0: none)."""
    st = np.empty(STATE_SIZE, dtype=np.int32)
    work = np.empty(STATE_SIZE, dtype=np.int32)
    legal = np.empty(1024, dtype=np.int64)
    rngs = np.empty(2, dtype=np.uint64)  # chance, players
    play_loop(seed, start, n, topo, cfg, kinds, weights, check, turns, gm, score, win, rank, sm, err,
              st, work, legal, rngs)


@njit(cache=True)
def play_loop(seed, start, n, topo, cfg, kinds, weights, check, turns, gm, score, win, rank, sm, err,
              st, work, legal, rngs):
    """The game loop of play_games, which owns st, work, legal and rngs for the whole call."""
    # views without reference counts (sim/catan_core/borrow.py) of arguments the caller keeps
    st, work, legal = borrowed(st), borrowed(work), borrowed(legal)
    topo, cfg = borrowed(topo), borrowed(cfg)
    chance, prng = borrowed(rngs[0:1]), borrowed(rngs[1:2])
    catan = cfg[C_GAME] == GAME_CATAN
    for g in range(n):
        gi = start + g
        new_game(st, topo, cfg, seed, gi)
        chance[0] = stream_state(seed, gi, CHANCE)
        prng[0] = stream_state(seed, gi, PLAYERS)
        while st[S_PHASE] != PH_OVER:
            m = legal_actions(st, topo, cfg, legal)
            if m == 0:
                err[0] = 100
                err[1] = gi
                return
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
                    return
        if catan:
            record_catan(st, topo, cfg, g, turns, gm, score, win, rank, sm)
        else:
            record_troja(st, topo, cfg, g, turns, gm, score, win, rank, sm)
