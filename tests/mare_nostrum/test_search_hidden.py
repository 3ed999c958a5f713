"""The search player (ismcts) decides on what it can see: two positions that differ only in how
the opponents' hidden cards (tax cards included) are spread among the opponents give the same
decision for the same random stream (every iteration redeals them first)."""
import numpy as np
import pytest

from sim.mare_nostrum import rules as R
from sim.mare_nostrum import state as ST
from sim.mare_nostrum.board import N_TYPES, TAX
from sim.rng import new_stream, PLAYERS
from strategies.mare_nostrum import greedy_choose, search_action, search_ctx, SEARCHED_STEPS, GREEDY_W
from .helpers import params

GW = np.array(GREEDY_W)


def _decision_points(seed):
    """The searched decisions of a 6-player game played by greedy players (positions copied)."""
    P = params()
    S = R.new_game(6, P, new_stream(np.uint64(seed), 0, 0))
    crng = new_stream(np.uint64(seed), 0, 1)
    prng = new_stream(np.uint64(seed), 0, PLAYERS)
    R.advance(S, P, crng)
    buf = np.empty(R.MAX_LEGAL, np.int64)
    while S[ST.H_OVER] == 0:
        k = R.legal_actions(S, P, buf)
        if k > 1 and SEARCHED_STEPS[S[ST.H_STEP]]:
            yield S.copy(), P, buf[:k].copy()
        R.apply_action(S, P, greedy_choose(S, P, GW, buf, k, prng), crng)


def _hand(S, q):
    return S[ST.HAND + q * N_TYPES: ST.HAND + (q + 1) * N_TYPES]


def _swap(S, a, ta, b, tb):
    """a gives one ta card to b, b gives one tb card to a: hand sizes unchanged."""
    T = S.copy()
    T[ST.HAND + a * N_TYPES + ta] -= 1
    T[ST.HAND + b * N_TYPES + ta] += 1
    T[ST.HAND + b * N_TYPES + tb] -= 1
    T[ST.HAND + a * N_TYPES + tb] += 1
    return T


def _hidden_swap(S, o):
    """Two opponents of o trade a tax card for a different card, if possible."""
    n = S[ST.H_NP]
    for a in range(n):
        for b in range(n):
            if a == o or b == o or a == b or _hand(S, a)[TAX] == 0:
                continue
            for tb in range(N_TYPES - 1):
                if _hand(S, b)[tb] > 0:
                    return _swap(S, a, TAX, b, tb)
    return None



@pytest.mark.parametrize("seed", [3, 4])
def test_search_ignores_opponents_hidden_cards(seed):
    tested = 0
    work = np.empty(R.MAX_LEGAL, np.int64)
    for S, P, legal in _decision_points(seed):
        S2 = _hidden_swap(S, S[ST.H_DECIDER])
        if S2 is None:
            continue
        for s in range(2):
            a1 = search_action(S, search_ctx(P, GW), legal, len(legal), GW, new_stream(np.uint64(s), 9, PLAYERS), work)
            a2 = search_action(S2, search_ctx(P, GW), legal, len(legal), GW, new_stream(np.uint64(s), 9, PLAYERS), work)
            assert a1 == a2
        tested += 1
        if tested == 12:
            break
    assert tested >= 6
