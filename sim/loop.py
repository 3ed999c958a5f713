"""The compiled playout loop, written once for every game on the engine contract (docs/ENGINES.md):
`play_games` plays a batch of seeded games with the game's players and records each one's result
row and game flow statistics (sim/flow.py); `play_loop` is the same with the flow statistics
switchable (bench/flow_cost.py times them).

numba cannot cache a function that takes functions as arguments or closes over them, so
`make_loop` binds one game's engine and player functions as *globals* of a copy of the loop below,
under names of its own (as sim/search/ismcts.make_search binds the search); numba caches each copy
like any other function and compiles each game's calls directly.

Every decision: the players' stream is pointed at the seat's decision (sim/rng.at_decision); a
forced action (one legal) is taken without asking the player; a random player's pick is made
inline (the call into `choose` costs more than the pick); any other player is asked (`choose`).
Both shortcuts give what `choose` gives, since the stream is keyed by decision (the harness's
Python replay, sim/contract.play_logged, asks `choose` every time and must agree, tests show it).
The loop's arrays and the run's are borrowed (views without reference counts,
sim/catan_core/borrow.py): every decision passes them through many small compiled calls.
"""
import types

import numpy as np
from numba import njit

from sim import contract
from sim.rng import stream_state, below, start_players, at_decision, CHANCE, PLAYER_SLOTS
from sim.catan_core.borrow import borrowed
from sim.flow import (FLOW_CAPACITY, WIN_COLUMN, flow_new, flow_begin, flow_decision, flow_last_turn,
                      flow_observe, flow_finish)

RANDOM = 0        # every game's random player is kind 0
# the names each game binds: the engine contract, its players' choice, its flow turn and scores, the
# columns where the flow statistics start, array sizes, and how to borrow its context
BINDINGS = ("new_game", "legal_actions", "apply_action", "to_move", "is_over", "record", "check_invariants",
            "choose", "flow_turn", "flow_scores", "R_FLOW", "S_FLOW", "STATE_SIZE", "N_ACTIONS", "borrow_ctx")


def _unbound(*args):
    raise TypeError("the playout loop runs only as bound by make_loop")


# placeholders for the names make_loop binds (so the loop reads as ordinary code)
new_game = legal_actions = apply_action = to_move = is_over = record = check_invariants = _unbound
choose = flow_turn = flow_scores = borrow_ctx = _unbound
run = play_loop = _unbound          # the copies of _run and _play_loop make_loop binds beside them
R_FLOW = S_FLOW = STATE_SIZE = N_ACTIONS = 0


def _play_games(seed, start, n_games, ctx, n_players, kinds, weights, check, game_out, seat_out, err):
    """Play games start..start+n_games-1 of run `seed`, writing row g of game_out / seat_out for
    game start+g; err = (code, game, action) of the first failure (an invariant's code, STUCK, or
    TOO_LONG)."""
    play_loop(seed, start, n_games, ctx, n_players, kinds, weights, check, game_out, seat_out, err, True)


def _play_loop(seed, start, n_games, ctx, n_players, kinds, weights, check, game_out, seat_out, err, flow):
    """play_games with the flow statistics fed only when `flow` is set (the games are the same)."""
    st = np.zeros(STATE_SIZE, np.int32)
    work = np.zeros(STATE_SIZE, np.int32)
    legal = np.zeros(N_ACTIONS, np.int32)
    rngs = np.zeros(1 + PLAYER_SLOTS, np.uint64)    # chance, players (keyed by decision)
    acc = flow_new(n_players, FLOW_CAPACITY)
    key = np.zeros(n_players, np.float64)
    points = np.zeros(n_players, np.float64)
    run(seed, start, n_games, ctx, n_players, kinds, weights, check, game_out, seat_out, err, flow,
        st, work, legal, rngs, acc, key, points)


def _run(seed, start, n_games, ctx, n_players, kinds, weights, check, game_out, seat_out, err, flow,
         st, work, legal, rngs, acc, key, points):
    """The loop of play_loop, which owns st, work, legal, rngs and the flow accumulator for the call."""
    st, work, legal = borrowed(st), borrowed(work), borrowed(legal)
    acc, key, points = borrowed(acc), borrowed(key), borrowed(points)
    ctx, kinds, weights = borrow_ctx(ctx), borrowed(kinds), borrowed(weights)
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
        steps = 0
        while m > 0:
            p = to_move(st, ctx)
            if flow:
                flow_decision(acc, m)
            at_decision(pr, p, flow_turn(st, ctx))
            if m == 1:
                a = legal[0]
            elif kinds[p] == RANDOM:
                a = legal[below(pr, m)]
            else:
                a = choose(st, ctx, legal, m, kinds[p], weights[p], pr, work)
            m = apply_action(st, ctx, a, chance, legal)
            if check:
                c = check_invariants(st, ctx)
                if c != 0:
                    err[0], err[1], err[2] = c, gi, a
                    return
            steps += 1
            if steps > contract.MAX_ACTIONS:
                err[0], err[1], err[2] = contract.TOO_LONG, gi, a
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


def _bind(template, name, glb):
    fn = types.FunctionType(template.__code__, glb, name)
    fn.__qualname__ = name
    fn.__doc__ = template.__doc__
    return njit(cache=True)(fn)


def make_loop(name, engine, choose, flow_turn, flow_scores, flow_columns, borrow_ctx=borrowed, **override):
    """One game's compiled (play_games, play_loop): the loop above bound to `engine` (its module of
    the contract: new_game ... check_invariants, STATE_SIZE, N_ACTIONS), its players' `choose`, its
    flow turn and scores (sim/flow.py) with `flow_columns` = (R_FLOW, S_FLOW), where the flow
    statistics start in the result rows, and `borrow_ctx` (a context that is one array: `borrowed`);
    `override` replaces a bound name (e.g. a cheaper check_invariants). The copies are cached under
    names starting with `name`."""
    bound = {b: getattr(engine, b) for b in BINDINGS if hasattr(engine, b)}
    bound.update(choose=choose, flow_turn=flow_turn, flow_scores=flow_scores, R_FLOW=flow_columns[0],
                 S_FLOW=flow_columns[1], borrow_ctx=borrow_ctx)
    bound.update(override)
    missing = [b for b in BINDINGS if b not in bound]
    if missing:
        raise TypeError(f"make_loop({name!r}) lacks {missing}")
    glb = dict(globals())
    glb.update(bound)
    glb["run"] = _bind(_run, f"{name}_run", glb)
    glb["play_loop"] = _bind(_play_loop, f"{name}_play_loop", glb)
    return _bind(_play_games, f"{name}_play_games", glb), glb["play_loop"]
