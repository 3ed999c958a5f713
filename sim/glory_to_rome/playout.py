"""The compiled playout loop of Glory to Rome over the engine contract (docs/ENGINES.md), and the
GameSpec entry points, which the harness (sim/contract.py) implements once for every game."""
import numpy as np
from numba import njit

from sim import contract
from sim.rng import new_stream, players_stream, at_decision, below, CHANCE
from strategies import glory_to_rome as players
from strategies.glory_to_rome import choose
from sim.flow import (FLOW_CAPACITY, WIN_COLUMN, flow_new, flow_begin, flow_decision, flow_last_turn,
                      flow_observe, flow_finish)
from . import engine
from .engine import (STATE_SIZE, N_ACTIONS, new_game, legal_actions, apply_action, to_move, is_over,
                     record, check_invariants)
from .results import R_FLOW, S_FLOW, flow_turn, flow_scores


@njit(cache=True)
def play_games(seed, start, n_games, ctx, n_players, kinds, weights, check, game_out, seat_out, err):
    """Play games start..start+n_games-1 of run `seed`, writing row g of game_out / seat_out for
    game start+g; err = (code, game, action) of the first failure (invariant code, or STUCK)."""
    play_loop(seed, start, n_games, ctx, n_players, kinds, weights, check, game_out, seat_out, err, True)


@njit(cache=True)
def play_loop(seed, start, n_games, ctx, n_players, kinds, weights, check, game_out, seat_out, err, flow):
    """The loop of play_games (the contract template) with the flow statistics (sim/flow.py) fed
    when `flow` is set (bench/flow_cost.py times it without them; the games are the same)."""
    st = np.empty(STATE_SIZE, np.int32)
    work = np.empty(STATE_SIZE, np.int32)
    legal = np.empty(N_ACTIONS, np.int32)
    acc = flow_new(n_players, FLOW_CAPACITY)
    key = np.zeros(n_players, np.float64)
    points = np.zeros(n_players, np.float64)
    for g in range(n_games):
        gi = start + g
        new_game(st, ctx, n_players, seed, gi)
        chance = new_stream(seed, gi, CHANCE)
        pr = players_stream(seed, gi)
        a = -1
        if check:
            c = check_invariants(st, ctx)
            if c != 0:
                err[0], err[1], err[2] = c, gi, a
                return
        if flow:
            flow_begin(acc, n_players, flow_turn(st, ctx))
        m = legal_actions(st, ctx, legal)
        while m > 0:
            p = to_move(st, ctx)
            if flow:
                flow_decision(acc, m)
            at_decision(pr, p, flow_turn(st, ctx))
            if kinds[p] == 0:                   # random: inline, the call into choose costs more
                a = legal[below(pr, m)]
            else:
                a = choose(st, ctx, legal, m, kinds[p], weights[p], pr, work)
            m = apply_action(st, ctx, a, chance, legal)
            if check:
                c = check_invariants(st, ctx)
                if c != 0:
                    err[0], err[1], err[2] = c, gi, a
                    return
            if flow and (m == 0 or flow_turn(st, ctx) != flow_last_turn(acc)):
                flow_scores(st, ctx, key, points)
                flow_observe(acc, flow_turn(st, ctx), key, points)
        if not is_over(st, ctx):
            err[0], err[1], err[2] = contract.STUCK, gi, a
            return
        record(st, ctx, game_out[g], seat_out[g])
        if flow:
            flow_finish(acc, seat_out[g, :, WIN_COLUMN], game_out[g], seat_out[g], R_FLOW, S_FLOW)


GAME = contract.Game("glory-to-rome", "Glory to Rome", engine, players, play_games)


def play_batch(seed, start, n_games, n_players, params, kinds, weights, check=False):
    return contract.play_batch(GAME, seed, start, n_games, n_players, params, kinds, weights, check)


def play_traced(seed, index, n_players, params, kinds, weights):
    return contract.play_traced(GAME, seed, index, n_players, params, kinds, weights)
