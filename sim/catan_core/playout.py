"""The compiled playout loop of `catan` and `troja` over the engine contract (docs/ENGINES.md):
`play_games`, which both games' `GAME` (sim/catan/playout.py, sim/troja/playout.py) hand to the
harness (sim/contract.py), with the game flow statistics (docs/FLOW.md; `play_flow` can leave
them out, which bench/flow_cost.py times).

One loop serves both games: the game flag of the config (C_GAME) picks the players
(strategies/catan.py or strategies/troja.py) and the `record` (sim/catan_core/results.py), so no
function is passed as an argument and numba's cache keeps hitting. The flag is tested once per
non-random decision and once per game, which costs nothing next to the rules. This module imports
the engine, the results and both games' players, never the games' packages (no import cycle).
"""
import numpy as np
from numba import njit

from sim import contract
from sim.rng import stream_state, below, start_players, at_decision, CHANCE, PLAYER_SLOTS
from sim.catan_core.layout import STATE_SIZE, C_GAME, GAME_CATAN, S_ACTIONS, S_PHASE, PH_OVER
from sim.catan_core.actions import N_ACTIONS
from sim.catan_core.borrow import borrowed
from sim.catan_core.engine import new_game, legal_actions, apply_action, to_move, is_over
from sim.catan_core import rules as R
from sim.catan_core.results import (record_catan, record_troja, flow_turn, flow_scores, CR_FLOW, CS_FLOW,
                                    TR_FLOW, TS_FLOW)
from sim.flow import (FLOW_CAPACITY, WIN_COLUMN, flow_new, flow_begin, flow_decision, flow_last_turn,
                      flow_observe, flow_finish)
from strategies.catan import choose as choose_catan, RANDOM
from strategies.troja import choose as choose_troja


@njit(cache=True)
def play_games(seed, start, n_games, ctx, n_players, kinds, weights, check, game_out, seat_out, err):
    """Play games start..start+n_games-1 of run `seed`, writing row g of game_out / seat_out for
    game start+g; err = (code, game, action) of the first failure (invariant code, or STUCK)."""
    play_flow(seed, start, n_games, ctx, n_players, kinds, weights, check, game_out, seat_out, err, True)


@njit(cache=True)
def play_flow(seed, start, n_games, ctx, n_players, kinds, weights, check, game_out, seat_out, err, flow):
    """play_games with the flow statistics (sim/flow.py) fed only when `flow` is set: both games'
    `play_loop` (bench/flow_cost.py times it without them; the games are the same)."""
    st = np.empty(STATE_SIZE, dtype=np.int32)
    work = np.empty(STATE_SIZE, dtype=np.int32)
    legal = np.empty(N_ACTIONS, dtype=np.int32)
    rngs = np.empty(1 + PLAYER_SLOTS, dtype=np.uint64)  # chance, players (keyed by decision)
    acc = flow_new(n_players, FLOW_CAPACITY)
    key = np.zeros(n_players, np.float64)
    points = np.zeros(n_players, np.float64)
    run_loop(seed, start, n_games, ctx[0], ctx[1], n_players, kinds, weights, check, game_out, seat_out, err,
             st, work, legal, rngs, flow, acc, key, points)


@njit(cache=True)
def run_loop(seed, start, n_games, topo, cfg, n_players, kinds, weights, check, game_out, seat_out, err,
             st, work, legal, rngs, flow, acc, key, points):
    """The loop of play_games, which owns st, work, legal, rngs and the flow accumulator for the
    whole call."""
    # views without reference counts (sim/catan_core/borrow.py) of arguments the caller keeps
    st, work, legal = borrowed(st), borrowed(work), borrowed(legal)
    acc, key, points = borrowed(acc), borrowed(key), borrowed(points)     # the flow accumulator too
    ctx = (borrowed(topo), borrowed(cfg))
    chance, prng = borrowed(rngs[0:1]), borrowed(rngs[1:])
    catan = cfg[C_GAME] == GAME_CATAN
    for g in range(n_games):
        gi = start + g
        new_game(st, ctx, n_players, seed, gi)
        chance[0] = stream_state(seed, gi, CHANCE)
        start_players(prng, seed, gi)
        a = -1
        if flow:
            flow_begin(acc, n_players, flow_turn(st, ctx))
        m = legal_actions(st, ctx, legal)
        while m > 0:
            p = to_move(st, ctx)
            if flow:
                flow_decision(acc, m)
            at_decision(prng, p, flow_turn(st, ctx))
            if kinds[p] == RANDOM:  # inline: the call into `choose` costs more than the pick
                a = legal[below(prng, m)] if m > 1 else legal[0]
            elif catan:
                a = choose_catan(st, ctx, legal, m, kinds[p], weights[p], prng, work)
            else:
                a = choose_troja(st, ctx, legal, m, kinds[p], weights[p], prng, work)
            m = apply_action(st, ctx, a, chance, legal)
            if check:   # the full checks every 32 actions and at the end, the cheap ones always
                e = R.check_invariants(st, ctx[0], ctx[1], (st[S_ACTIONS] & 31) == 0 or st[S_PHASE] == PH_OVER)
                if e != 0:
                    err[0], err[1], err[2] = e, gi, a
                    return
            if flow and (m == 0 or flow_turn(st, ctx) != flow_last_turn(acc)):
                flow_scores(st, ctx, key, points)
                flow_observe(acc, flow_turn(st, ctx), key, points)
        if not is_over(st, ctx):
            err[0], err[1], err[2] = contract.STUCK, gi, a
            return
        if catan:
            record_catan(st, ctx, game_out[g], seat_out[g])
            if flow:
                flow_finish(acc, seat_out[g, :, WIN_COLUMN], game_out[g], seat_out[g], CR_FLOW, CS_FLOW)
        else:
            record_troja(st, ctx, game_out[g], seat_out[g])
            if flow:
                flow_finish(acc, seat_out[g, :, WIN_COLUMN], game_out[g], seat_out[g], TR_FLOW, TS_FLOW)
