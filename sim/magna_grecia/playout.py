"""Magna Grecia's compiled playout loop (sim/loop.py bound to its engine and players), the
GameSpec entry points (the harness, sim/contract.py, implements them once for every game) and
`game_actions` (the action list of one game, for tests and bench/magna_grecia_players.py)."""
import numpy as np

from sim import contract
from sim.loop import make_loop
from sim.rng import new_stream, players_stream, at_decision, CHANCE
from strategies import magna_grecia as players
from strategies.magna_grecia import choose, N_WEIGHTS, STRATEGIES
from . import engine
from .engine import (STATE_SIZE, N_ACTIONS, RESULTS, new_game, legal_actions, apply_action, to_move,
                     check_invariants)
from .results import R_FLOW, S_FLOW, flow_turn, flow_scores

SEAT_METRICS = ("score", "win", "rank") + RESULTS.seat_metrics
GAME_METRICS = ("turns",) + RESULTS.game_metrics

play_games, play_loop = make_loop("magna_grecia", engine, choose, flow_turn, flow_scores, (R_FLOW, S_FLOW))

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
