"""The playout loop written once (sim/loop.py), on a toy engine whose every step is known: a game of
`length` decisions, each with `width` legal actions, where seat (decision mod 2) moves. It checks what
the loop promises every game: forced actions are not asked of the player, random picks are made
inline, other players are asked, a run-away game stops with TOO_LONG, a game without a legal action
before its end with STUCK, and a failed invariant with its code. The real games' loops are checked
by their goldens and result hashes."""
from types import SimpleNamespace

import numpy as np
import pytest
from numba import njit

from sim import contract
from sim.loop import make_loop

# state: 0 decisions made, 1 length, 2 width, 3 the last action, 4 times `choose` was asked,
# 5 a code check_invariants returns from the decision it is set to (6), 7 the sum of actions
STATE_SIZE, N_ACTIONS = 8, 4


@njit(cache=True)
def new_game(st, ctx, n_players, seed, game):
    st[:] = 0
    st[1], st[2], st[6] = ctx[0], ctx[1], ctx[2]


@njit(cache=True)
def legal_actions(st, ctx, out):
    if st[0] >= st[1]:
        return 0
    for i in range(st[2]):
        out[i] = 10 + i
    return st[2]


@njit(cache=True)
def apply_action(st, ctx, a, chance, out):
    st[0] += 1
    st[3] = a
    st[7] += a
    if ctx[3] != 0 and st[0] >= st[1]:      # a broken game: no legal action, and not over
        st[1] = st[0]
        st[6] = -1
        return 0
    return legal_actions(st, ctx, out)


@njit(cache=True)
def to_move(st, ctx):
    return st[0] % 2


@njit(cache=True)
def is_over(st, ctx):
    return st[0] >= st[1] and st[6] != -1


@njit(cache=True)
def record(st, ctx, game_row, seat_rows):
    game_row[0] = st[0]
    game_row[1] = st[4]
    game_row[2] = st[7]


@njit(cache=True)
def check_invariants(st, ctx):
    return 7 if st[6] > 0 and st[0] >= st[6] else 0


@njit(cache=True)
def choose(st, ctx, legal, n, kind, w, rng, work):
    st[4] += 1                        # the toy counts its askings in the state (a real player may not)
    return legal[n - 1]


@njit(cache=True)
def flow_turn(st, ctx):
    return st[0]


@njit(cache=True)
def flow_scores(st, ctx, key, points):
    pass


ENGINE = SimpleNamespace(new_game=new_game, legal_actions=legal_actions, apply_action=apply_action,
                         to_move=to_move, is_over=is_over, record=record, check_invariants=check_invariants,
                         STATE_SIZE=STATE_SIZE, N_ACTIONS=N_ACTIONS)
play_games, play_loop = make_loop("toy", ENGINE, choose, flow_turn, flow_scores, (0, 0))


def run(length, width, kinds, check=False, fail_at=0, broken=0, n_games=2):
    ctx = np.array([length, width, fail_at, broken], np.int64)
    game_out = np.zeros((n_games, 3), np.float64)
    seat_out = np.zeros((n_games, 2, 3), np.float64)
    err = np.zeros(3, np.int64)
    play_loop(np.int64(1), np.int64(0), np.int64(n_games), ctx, np.int64(2), np.asarray(kinds, np.int64),
              np.zeros((2, 1)), check, game_out, seat_out, err, False)
    return game_out, err


def test_forced_actions_are_not_asked_and_others_are():
    out, err = run(length=6, width=1, kinds=[1, 1])
    assert err.tolist() == [0, 0, 0]
    assert out[:, 0].tolist() == [6, 6] and out[:, 1].tolist() == [0, 0]      # forced: never asked
    out, err = run(length=6, width=3, kinds=[1, 1])
    assert out[:, 1].tolist() == [6, 6] and out[:, 2].tolist() == [6 * 12] * 2   # asked; it plays the last


def test_random_seats_pick_inline_from_every_legal_action():
    out, err = run(length=400, width=3, kinds=[0, 1], n_games=1)
    assert err[0] == 0
    assert out[0, 1] == 200                   # only the player of kind 1 was asked
    # the random seat's 200 picks: 200 x 10 + the sum of its indices, far from all-first or all-last
    random_sum = out[0, 2] - 200 * 12
    assert 200 * 10 + 100 < random_sum < 200 * 12 - 100


def test_a_game_that_does_not_end_stops_with_too_long():
    _, err = run(length=contract.MAX_ACTIONS + 10, width=1, kinds=[0, 0], n_games=1)
    assert err[0] == contract.TOO_LONG and err[1] == 0


def test_no_legal_action_before_the_end_is_stuck_and_a_failed_invariant_names_its_code():
    _, err = run(length=5, width=2, kinds=[0, 0], broken=1)
    assert err[0] == contract.STUCK and err[1] == 0 and err[2] in (10, 11)
    _, err = run(length=9, width=2, kinds=[0, 0], check=True, fail_at=4)
    assert err[0] == 7 and err[1] == 0
    _, err = run(length=9, width=2, kinds=[0, 0], check=False, fail_at=4)
    assert err[0] == 0                         # checks only when asked


def test_make_loop_names_what_an_engine_lacks():
    lacking = SimpleNamespace(**{k: v for k, v in vars(ENGINE).items() if k != "record"})
    with pytest.raises(TypeError, match="record"):
        make_loop("toy_lacking", lacking, choose, flow_turn, flow_scores, (0, 0))
