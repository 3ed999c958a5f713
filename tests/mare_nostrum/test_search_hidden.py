"""The search player decides on what it can see: two positions that differ only in how the
opponents' hidden cards (tax cards included) are spread among the opponents give the same
candidates, the same rollout values and the same decision for the same random stream."""
import numpy as np
import pytest

from sim.mare_nostrum import rules as R
from sim.mare_nostrum import state as ST
from sim.mare_nostrum.board import N_TYPES, TAX
from sim.rng import new_stream, PLAYERS
from strategies.mare_nostrum import (greedy_choose, search_values, search_choose, search_step,
                                     GREEDY_W, SEARCH_CANDIDATES)
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
        if k > 1 and search_step(S[ST.H_STEP]):
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


def _values(S, P, legal, seed):
    prng = new_stream(np.uint64(seed), 5, PLAYERS)
    cand = np.empty(SEARCH_CANDIDATES + 1, np.int64)
    vals = np.empty(SEARCH_CANDIDATES + 1)
    k = search_values(S, P, GW, legal, len(legal), prng, cand, vals)
    return cand[:k].copy(), vals[:k].copy()


@pytest.mark.parametrize("seed", [3, 4])
def test_search_ignores_opponents_hidden_cards(seed):
    tested = 0
    for S, P, legal in _decision_points(seed):
        o = S[ST.H_DECIDER]
        S2 = _hidden_swap(S, o)
        if S2 is None:
            continue
        c1, v1 = _values(S, P, legal, seed)
        if len(set(v1.tolist())) < 2:
            continue            # every candidate loses (or wins) alike: nothing to compare
        c2, v2 = _values(S2, P, legal, seed)
        np.testing.assert_array_equal(c1, c2)
        np.testing.assert_array_equal(v1, v2)
        for s in range(3):
            a1 = search_choose(S, P, GW, legal, len(legal), new_stream(np.uint64(s), 9, PLAYERS))
            a2 = search_choose(S2, P, GW, legal, len(legal), new_stream(np.uint64(s), 9, PLAYERS))
            assert a1 == a2
        # the test has power: a change the searcher can see (its own hand) moves the values
        q = (o + 1) % S[ST.H_NP]
        to = next(t for t in range(N_TYPES) if _hand(S, o)[t] > 0)
        tq = next((t for t in range(N_TYPES) if _hand(S, q)[t] > 0 and t != to), None)
        if tq is not None:
            _, v3 = _values(_swap(S, o, to, q, tq), P, legal, seed)
            assert not np.array_equal(v1, v3)
        tested += 1
        if tested == 3:
            break
    assert tested >= 1
