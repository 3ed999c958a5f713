"""The compiled playout loop of Magna Grecia over the engine contract (docs/ENGINES.md), the
GameSpec entry points (the harness, sim/contract.py, implements them once for every game) and
`game_actions` (the action list of one game, for tests and bench/magna_grecia_players.py)."""
import numpy as np
from numba import njit

from sim import contract
from sim.rng import new_stream, stream_state, below, start_players, players_stream, at_decision, CHANCE, PLAYER_SLOTS
from sim.catan_core.borrow import borrowed
from strategies import magna_grecia as players
from strategies.magna_grecia import choose, N_WEIGHTS, STRATEGIES
from sim.flow import (FLOW_CAPACITY, WIN_COLUMN, flow_new, flow_begin, flow_decision, flow_last_turn,
                      flow_observe, flow_finish)
from . import engine
from .engine import (STATE_SIZE, N_ACTIONS, RESULTS, new_game, legal_actions, apply_action, to_move,
                     is_over, record, check_invariants)
from .results import R_FLOW, S_FLOW, flow_turn, flow_scores

SEAT_METRICS = ("score", "win", "rank") + RESULTS.seat_metrics
GAME_METRICS = ("turns",) + RESULTS.game_metrics


@njit(cache=True)
def play_games(seed, start, n_games, ctx, n_players, kinds, weights, check, game_out, seat_out, err):
    """Play games start..start+n_games-1 of run `seed`, writing row g of game_out / seat_out for
    game start+g; err = (code, game, action) of the first failure (invariant code, or STUCK)."""
    st = np.empty(STATE_SIZE, np.int32)
    work = np.empty(STATE_SIZE, np.int32)
    legal = np.empty(N_ACTIONS, np.int32)
    rngs = np.empty(1 + PLAYER_SLOTS, np.uint64)    # chance, players (keyed by decision)
    _loop(seed, start, n_games, ctx, n_players, kinds, weights, check, game_out, seat_out, err,
          st, work, legal, rngs, True)


@njit(cache=True)
def play_loop(seed, start, n_games, ctx, n_players, kinds, weights, check, game_out, seat_out, err, flow):
    """play_games with the flow statistics on or off (bench/flow_cost.py; the games are the same)."""
    st = np.empty(STATE_SIZE, np.int32)
    work = np.empty(STATE_SIZE, np.int32)
    legal = np.empty(N_ACTIONS, np.int32)
    rngs = np.empty(1 + PLAYER_SLOTS, np.uint64)
    _loop(seed, start, n_games, ctx, n_players, kinds, weights, check, game_out, seat_out, err,
          st, work, legal, rngs, flow)


@njit(cache=True)
def _loop(seed, start, n_games, ctx, n_players, kinds, weights, check, game_out, seat_out, err,
          st, work, legal, rngs, flow):
    """The loop of play_games (the contract template), which owns st, work, legal and rngs for the
    whole call. Two departures, both kept from the old loop: the arrays are borrowed (views
    without reference counts, sim/catan_core/borrow.py: the greedy's many nested calls otherwise
    pay atomic reference counts, 8% of its time), and a forced action (one legal) is taken
    without asking the player (no draw from its stream). The flow statistics (sim/flow.py) are
    fed when `flow` is set (bench/flow_cost.py times it without them; the games are the same)."""
    acc = flow_new(n_players, FLOW_CAPACITY)
    key = np.zeros(n_players, np.float64)
    points = np.zeros(n_players, np.float64)
    st, work, legal = borrowed(st), borrowed(work), borrowed(legal)
    ctx, kinds, weights = borrowed(ctx), borrowed(kinds), borrowed(weights)
    chance, pr = borrowed(rngs[0:1]), borrowed(rngs[1:])
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
        while m > 0:
            p = to_move(st, ctx)
            if flow:
                flow_decision(acc, m)
            at_decision(pr, p, flow_turn(st, ctx))
            if m == 1:
                a = legal[0]
            elif kinds[p] == 0:                 # random: inline, the call into choose costs more
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


GAME = contract.Game("magna-grecia", "Magna Grecia", engine, players, play_games)


def seat_arrays(n_players, kinds, weights):
    """kinds int64[p] and weights float64[p, N_WEIGHTS]; `weights` None (or missing columns) gives
    each seat its strategy's default weights (StrategyInfo.weights)."""
    kinds = np.asarray(kinds, dtype=np.int64).reshape(-1)
    if kinds.shape[0] != n_players:
        kinds = np.resize(kinds, n_players)
    w = np.zeros((n_players, N_WEIGHTS), dtype=np.float64)
    defaults = {s.kind: s.weights for s in STRATEGIES}
    for i in range(n_players):
        d = defaults.get(int(kinds[i]), ())
        w[i, :len(d)] = d
    if weights is not None:
        weights = np.asarray(weights, dtype=np.float64)
        if weights.ndim == 1:
            weights = np.tile(weights, (n_players, 1))
        k = min(weights.shape[1], N_WEIGHTS)
        w[:, :k] = weights[:n_players, :k]
    return kinds, w


def play_batch(seed, start, n_games, n_players, params, kinds, weights, check=False):
    """Games start..start+n_games-1 of run `seed` (see sim.spec.GameSpec); `weights` None gives
    every seat its strategy's default weights."""
    kinds, w = seat_arrays(n_players, kinds, weights)
    return contract.play_batch(GAME, seed, start, n_games, n_players, params, kinds, w, check)


def play_traced(seed, index, n_players, params, kinds, weights):
    """One game as readable lines (the harness's trace) and its play_batch result dict."""
    kinds, w = seat_arrays(n_players, kinds, weights)
    return contract.play_traced(GAME, seed, index, n_players, params, kinds, w)


def game_actions(seed, index, n_players, params, kinds, weights, check=False):
    """The action id list of one game, played exactly as play_batch plays it, and its final state."""
    kinds, w = seat_arrays(n_players, kinds, weights)
    ctx = engine.make_ctx(n_players, params)
    st = np.zeros(STATE_SIZE, np.int32)
    new_game(st, ctx, np.int64(n_players), np.int64(seed), np.int64(index))
    chance = new_stream(np.int64(seed), np.int64(index), CHANCE)
    pr = players_stream(np.int64(seed), np.int64(index))
    legal = np.zeros(N_ACTIONS, np.int32)
    work = np.zeros(STATE_SIZE, np.int32)
    actions = []
    m = legal_actions(st, ctx, legal)
    while m > 0:
        p = int(to_move(st, ctx))
        at_decision(pr, p, flow_turn(st, ctx))
        a = int(legal[0]) if m == 1 else int(choose(st, ctx, legal, m, kinds[p], w[p], pr, work))
        actions.append(a)
        m = apply_action(st, ctx, a, chance, legal)
        if check and check_invariants(st, ctx) != 0:
            raise AssertionError(f"magna-grecia invariant {check_invariants(st, ctx)} violated after action {a}")
    return np.array(actions, np.int64), st
