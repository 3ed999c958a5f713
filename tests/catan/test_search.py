"""The shared search (`ismcts`, sim/search) as the Catan core binds it (strategies/catan.py): it
plans to the end of the current turn (a new turn is a leaf), scores a leaf by the seats'
evaluations in victory points, leaves a turn past the greedy's action guard to the greedy, and
beats the tuned greedy (slow test)."""
import numpy as np
import pytest

from sim.catan_core.layout import *  # noqa: F401,F403
from sim.catan_core import engine as CE
from sim.catan_core.actions import A_END
from sim.catan_core.board import T_N
from sim.rng import new_stream, PLAYERS, CHANCE
from sim.search.ismcts import S_ITER, S_TEMP
from sim.catan_core import rules as E
from strategies import catan as S, troja as TR
from tests.catan.helpers import fresh, give, settle, ORE, GRAIN

GAMES = ["catan", "troja"]


def search_weights(game):
    return np.array(S.GREEDY_WEIGHTS if game == "catan" else TR.WEIGHTS, dtype=np.float64)


def midgame(game):
    """Seat 0 in MAIN of turn 1 with two settlements each and cards in hand."""
    st, topo, cfg = fresh(game, 4)
    N = int(topo[T_N])
    for p, v in enumerate((0, 10, 20, 30, 40, 50, 5, 25)):
        settle(st, topo, cfg, p % 4, (v * 7) % N)
    for p in range(4):
        give(st, p, (1, 1, 1, 1, 1))
    give(st, 0, (0, 0, 0, 2, 3))
    return st, topo, cfg


@pytest.mark.parametrize("game", GAMES)
def test_a_new_turn_is_a_leaf_and_the_rest_of_the_turn_is_not(game):
    st, topo, cfg = midgame(game)
    w = search_weights(game)
    ctx = (topo, cfg, w)
    out, ref = np.empty(CE.N_ACTIONS, np.int32), np.empty(CE.N_ACTIONS, np.int32)
    n = CE.legal_actions(st, (topo, cfg), out)
    build = int(out[n - 1]) if int(out[n - 1]) != A_END else int(out[n - 2])
    assert build != A_END
    # an action inside the turn: exactly the engine's step and legal list
    a, b = st.copy(), st.copy()
    m = S.search_apply(a, ctx, build, new_stream(1, 0, CHANCE), out)
    m_ref = CE.apply_action(b, (topo, cfg), build, new_stream(1, 0, CHANCE), ref)
    assert m == m_ref > 0 and np.array_equal(a, b) and np.array_equal(out[:m], ref[:m_ref])
    # END: the next player's roll is a leaf
    e = st.copy()
    assert S.search_apply(e, ctx, A_END, new_stream(1, 0, CHANCE), out) == 0
    assert e[S_PHASE] == PH_PRE_ROLL and e[S_ACTOR] == 1 and e[S_TURN] == st[S_TURN] + 1
    assert CE.legal_actions(e, (topo, cfg), out) > 0      # not over: a cut-off, not an end


@pytest.mark.parametrize("game", GAMES)
def test_a_leaf_scores_the_seats_evaluations_in_victory_points(game):
    st, topo, cfg = midgame(game)
    w = search_weights(game)
    e = st.copy()
    S.search_apply(e, (topo, cfg, w), A_END, new_stream(1, 0, CHANCE), np.empty(CE.N_ACTIONS, np.int32))
    win = np.zeros(4)
    S.search_returns(e, (topo, cfg, w), np.zeros(4), win, np.zeros(4, np.int64))
    ev = np.array([S.evaluate(e, topo, cfg, q, w) for q in range(4)]) / w[S.W_VP]
    x = np.exp((ev - ev.max()) / w[S.W0 + S_TEMP])
    assert np.allclose(win, x / x.sum()) and win.sum() == pytest.approx(1.0)
    assert np.array_equal(np.argsort(win), np.argsort(ev)) and win.max() > win.min() + 0.01


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_game_scores_its_result(game):
    st, topo, cfg = midgame(game)
    st[S_PHASE] = PH_OVER
    st[S_WIN_MASK] = 1 << 2
    w = search_weights(game)
    win, ref, rank = np.zeros(4), np.zeros(4), np.zeros(4, np.int64)
    S.search_returns(st, (topo, cfg, w), np.zeros(4), win, np.zeros(4, np.int64))
    CE.returns(st, (topo, cfg), np.zeros(4), ref, rank)
    if game == "troja":   # each seat by the place it locks in (end_utility): a second place is worse than 0
        ref = ref - w[S.W_END] * (rank - 1) / 3
        assert rank[2] == 1 and win[[0, 1, 3]].max() < 0.0
    assert np.allclose(win, ref) and win[2] == 1.0


@pytest.mark.parametrize("game", GAMES)
def test_seat_values_do_not_depend_on_the_weights_scale(game):
    """In VP units: weights three times as large (a VP worth three times as much) give the same
    values, so one search_temperature fits default and tuned weights alike."""
    st, topo, cfg = midgame(game)
    w = search_weights(game)
    w3 = w.copy()
    w3[:S.W0] *= 3.0
    a, b = np.zeros(64), np.zeros(64)
    assert S.seat_values(st, (topo, cfg), w, None, a) == 4
    S.seat_values(st, (topo, cfg), w3, None, b)
    assert np.allclose(a[:4], b[:4]) and not np.allclose(a[:4], a[0])
    assert a[0] == pytest.approx(S.evaluate(st, topo, cfg, 0, w) / w[S.W_VP])


@pytest.mark.parametrize("game", GAMES)
def test_a_turn_past_the_greedy_guard_is_left_to_the_greedy(game):
    st, topo, cfg = midgame(game)
    w = search_weights(game)
    out = np.empty(CE.N_ACTIONS, np.int32)
    n = CE.legal_actions(st, (topo, cfg), out)
    assert S.worth_search(st, (topo, cfg), out, n, w)
    st[S_TURN_ACTIONS] = 61
    assert not S.worth_search(st, (topo, cfg), out, n, w)
    # and there the search plays the greedy's END (the greedy ends an over-long turn)
    a = S.choose(st, (topo, cfg), out, n, S.ISMCTS, w, new_stream(3, 0, PLAYERS), st.copy())
    assert a == A_END


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_search_beats_the_tuned_greedy(game):
    """One ismcts seat among three tuned greedy seats, seats rotated: its win share's Wilson 95%
    interval lies above the fair 1/4 (bench/search_strength.py measures it on more games)."""
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
    from search_strength import share
    per_seat = 50 if game == "catan" else 150
    mean, lo, hi, n, *_ = share(game, 4, "tuned", per_seat, jobs=1)
    assert n == 4 * per_seat and lo > 0.25, (mean, lo, hi)


@pytest.mark.parametrize("game", GAMES)
def test_a_set_up_settlement_is_searched_at_search_setup_scale_of_the_budget(game):
    """A set-up settlement is searched with search_iterations * search_setup_scale iterations
    (Catan's default 1); a scale of 0 (Troja's default) leaves it to the greedy."""
    from tests.catan.helpers import config
    cfg, topo = config(game, 4)
    st = np.empty(STATE_SIZE, dtype=np.int32)
    E.new_game(st, topo, cfg, 0, 0)
    assert st[S_PHASE] == PH_SETUP_SETTLEMENT
    w = search_weights(game)
    assert w[S.W_SETUP_SCALE] == (0.0 if game == "troja" else 1.0)
    out = np.empty(CE.N_ACTIONS, np.int32)
    n = CE.legal_actions(st, (topo, cfg), out)
    assert n > 10 and S.worth_search(st, (topo, cfg), out, n, w)

    def pick(wv, seed, kind=S.ISMCTS):
        rng = new_stream(seed, 0, PLAYERS)
        a = S.choose(st, (topo, cfg), out, n, kind, wv, rng, st.copy())
        return int(a), int(rng[0])

    half, full = w.copy(), w.copy()
    half[S.W_SETUP_SCALE] = 0.5
    full[S.W_SETUP_SCALE] = 1.0
    full[S.W0 + S_ITER] = int(w[S.W0 + S_ITER] * 0.5)
    greedy = w.copy()
    greedy[S.W_SETUP_SCALE] = 0.0
    for seed in range(4):
        # the same decision and the same draws as the search at half the iterations
        assert pick(half, seed) == pick(full, seed)
        assert pick(greedy, seed) == pick(w, seed, S.GREEDY)
    # and the search at the set-up is no greedy: some seed makes another choice
    assert any(pick(half, seed)[0] != pick(greedy, seed)[0] for seed in range(8))
