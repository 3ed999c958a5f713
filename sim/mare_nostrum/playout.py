"""The compiled playout loop of Mare Nostrum over the engine contract (docs/ENGINES.md), and the
GameSpec entry points, which the harness (sim/contract.py) implements once for every game."""
import numpy as np
from numba import njit

from sim import contract
from sim.rng import new_stream, stream_state, start_players, at_decision, CHANCE, PLAYER_SLOTS  # noqa: F401
from sim.catan_core.borrow import borrowed
from strategies import mare_nostrum as players
from strategies.mare_nostrum import choose
from sim.flow import (FLOW_CAPACITY, WIN_COLUMN, flow_new, flow_begin, flow_decision, flow_last_turn,
                      flow_observe, flow_finish)
from . import engine
from .engine import (STATE_SIZE, N_ACTIONS, new_game, legal_actions, apply_action, to_move, is_over,
                     record, check_invariants, params_hash)                     # noqa: F401
from .results import R_FLOW, S_FLOW, flow_turn, flow_scores
from .results import (SEAT_COLS, GAME_COLS, VICTORY_PATHS, WIN_PATH_CIV, ROLE_SETS,   # noqa: F401
                      UNIT_NAMES, BUILDING_NAMES, CARD_SOURCES, FIRST_GOD, NO_GOD, HIGH_PRIEST_BANDS)

MAX_ACTIONS = 200000
TOO_LONG = 101          # err code: more than MAX_ACTIONS decisions (the round cap should end it first)


@njit(cache=True)
def play_games(seed, start, n_games, ctx, n_players, kinds, weights, check, game_out, seat_out, err):
    """Play games start..start+n_games-1 of run `seed`, writing row g of game_out / seat_out for
    game start+g; err = (code, game, action) of the first failure (invariant code 1-17, STUCK, or
    TOO_LONG)."""
    play_loop(seed, start, n_games, ctx, n_players, kinds, weights, check, game_out, seat_out, err, True)


@njit(cache=True)
def play_loop(seed, start, n_games, ctx, n_players, kinds, weights, check, game_out, seat_out, err, flow):
    """The loop of play_games (the contract template) with the flow statistics (sim/flow.py) fed
    when `flow` is set (bench/flow_cost.py times it without them; the games are the same)."""
    st = np.zeros(STATE_SIZE, np.int32)
    work = np.empty(STATE_SIZE, np.int32)
    legal = np.empty(N_ACTIONS, np.int32)
    rngs = np.empty(1 + PLAYER_SLOTS, np.uint64)    # chance, players (keyed by decision)
    _loop(seed, start, n_games, ctx, n_players, kinds, weights, check, game_out, seat_out, err, flow,
          st, work, legal, rngs)


@njit(cache=True)
def _loop(seed, start, n_games, ctx, n_players, kinds, weights, check, game_out, seat_out, err, flow,
          st, work, legal, rngs):
    """play_loop's loop, which owns st, work, legal and rngs for the whole call: they and the
    run's arrays are borrowed (views without reference counts, sim/catan_core/borrow.py), since
    every decision passes them through the engine's and the players' many small calls."""
    st, work, legal = borrowed(st), borrowed(work), borrowed(legal)
    ctx, kinds, weights = borrowed(ctx), borrowed(kinds), borrowed(weights)
    chance, pr = borrowed(rngs[0:1]), borrowed(rngs[1:])
    acc = flow_new(n_players, FLOW_CAPACITY)
    key = np.zeros(n_players, np.float64)
    points = np.zeros(n_players, np.float64)
    for g in range(n_games):
        gi = start + g
        new_game(st, ctx, n_players, seed, gi)
        chance[0] = stream_state(seed, gi, CHANCE)
        start_players(pr, seed, gi)
        a = -1
        if check:
            c = check_invariants(st, ctx)
            if c != 0:
                err[0], err[1], err[2] = c, gi, a
                return
        if flow:
            flow_begin(acc, n_players, flow_turn(st, ctx))
        m = legal_actions(st, ctx, legal)
        steps = 0
        while m > 0:
            p = to_move(st, ctx)
            if flow:
                flow_decision(acc, m)
            at_decision(pr, p, flow_turn(st, ctx))
            a = choose(st, ctx, legal, m, kinds[p], weights[p], pr, work)
            m = apply_action(st, ctx, a, chance, legal)
            if check:
                c = check_invariants(st, ctx)
                if c != 0:
                    err[0], err[1], err[2] = c, gi, a
                    return
            steps += 1
            if steps > MAX_ACTIONS:
                err[0], err[1], err[2] = TOO_LONG, gi, a
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


GAME = contract.Game("mare-nostrum", "Mare Nostrum: Mythology", engine, players, play_games)


def play_batch(seed, start, n_games, n_players, params, kinds, weights, check=False):
    return contract.play_batch(GAME, seed, start, n_games, n_players, params, kinds, weights, check)


def play_traced(seed, index, n_players, params, kinds, weights):
    return contract.play_traced(GAME, seed, index, n_players, params, kinds, weights)
