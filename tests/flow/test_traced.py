"""A real game per game: the flow columns play_batch writes online equal those recomputed
(tests/flow/reference.py) from the game replayed move by move in Python, with every seat's
standing read after every action."""
from importlib import import_module

import numpy as np
import pytest

from sim import contract, get_game
from sim.rng import new_stream, players_stream, at_decision, CHANCE
from tests.flow.reference import reference

# (game, players, games, the loop takes a forced action without asking the player)
CASES = [("glory-to-rome", 3, 2, False), ("magna-grecia", 4, 2, True), ("mare-nostrum", 4, 1, False),
         ("catan", 4, 2, True), ("troja", 4, 2, True)]
SEED = 11


def replay(spec, n_players, index):
    """Game `index` of run SEED with random players, exactly as play_games plays it: the standings
    after every action and the legal counts of every decision."""
    game = contract.game_of(spec)
    E, R = game.engine, import_module(spec.flow.module)
    forced = next(c[3] for c in CASES if c[0] == spec.name)
    ctx = E.make_ctx(n_players, spec.params.defaults())
    kinds = np.zeros(n_players, np.int64)
    w = game.players.full_weights(n_players, np.zeros((n_players, 0)))
    st = np.zeros(E.STATE_SIZE, np.int32)
    E.new_game(st, ctx, np.int64(n_players), np.int64(SEED), np.int64(index))
    chance = new_stream(np.int64(SEED), np.int64(index), CHANCE)
    pr = players_stream(np.int64(SEED), np.int64(index))
    work = np.zeros(E.STATE_SIZE, np.int32)
    legal = np.zeros(E.N_ACTIONS, np.int32)
    turns, keys, points, counts = [int(R.flow_turn(st, ctx))], [], [], []
    m = E.legal_actions(st, ctx, legal)
    while m > 0:
        counts.append(int(m))
        p = int(E.to_move(st, ctx))
        at_decision(pr, p, R.flow_turn(st, ctx))
        a = legal[0] if (forced and m == 1) else game.players.choose(st, ctx, legal, m, kinds[p], w[p], pr, work)
        m = E.apply_action(st, ctx, a, chance, legal)
        k, q = np.zeros(n_players), np.zeros(n_players)
        R.flow_scores(st, ctx, k, q)
        if spec.name == "glory-to-rome":      # victory points now = the total of scoring.score_parts
            from sim.glory_to_rome.rules.scoring import score_parts
            parts = np.zeros(6, np.int64)
            assert k.tolist() == [score_parts(st, s, parts) for s in range(n_players)]
        turns.append(int(R.flow_turn(st, ctx)))
        keys.append(k)
        points.append(q)
    # a turn's standing is the one after its last action: where the counter moves on, and the end
    last = [j for j in range(len(keys)) if turns[j + 1] != turns[j] or j == len(keys) - 1]
    return np.array(keys)[last], np.array(points)[last], counts


@pytest.mark.parametrize("name,n_players,games,forced", CASES)
def test_online_flow_equals_the_replayed_game(name, n_players, games, forced):
    spec = get_game(name)
    res = spec.play_batch(SEED, 0, games, n_players, spec.params.defaults(), np.zeros(n_players, np.int64),
                          np.zeros((n_players, 0)), False)
    for g in range(games):
        keys, points, counts = replay(spec, n_players, g)
        want = reference(keys, points, res["win"][g], counts)
        assert len(keys) > 5 and res["flow_turns"][g] == len(keys)
        np.testing.assert_array_equal(keys[-1], res["score"][g])     # the last standing is the final score
        for c in spec.flow.game_columns + spec.flow.seat_columns:
            np.testing.assert_allclose(np.asarray(res[c][g], float), np.asarray(want[c], float),
                                       err_msg=f"{name} game {g}: {c}")


@pytest.mark.parametrize("name", [c[0] for c in CASES])
def test_game_declares_its_flow(name):
    spec = get_game(name)
    R = import_module(spec.contract).engine.RESULTS
    assert spec.flow is not None and spec.flow.turn and spec.flow.key and spec.flow.points
    assert R.game_cols.names()[spec.flow.game_start:spec.flow.game_start + len(spec.flow.game_columns)] == \
        list(spec.flow.game_columns)
    assert R.seat_cols.names()[spec.flow.seat_start:spec.flow.seat_start + len(spec.flow.seat_columns)] == \
        list(spec.flow.seat_columns)
