"""Random streams: keyed by (seed, game, stream), uniform, independent of chunking."""
import numpy as np
from scipy import stats

from sim import rng


def draws(seed, game, stream, k, n=6):
    s = rng.new_stream(seed, game, stream)
    return np.array([rng.below(s, n) for _ in range(k)])


def test_same_key_same_stream():
    assert np.array_equal(draws(7, 3, rng.CHANCE, 50), draws(7, 3, rng.CHANCE, 50))


def test_streams_differ_by_seed_game_and_stream():
    base = draws(7, 3, rng.CHANCE, 50)
    assert not np.array_equal(base, draws(8, 3, rng.CHANCE, 50))
    assert not np.array_equal(base, draws(7, 4, rng.CHANCE, 50))
    assert not np.array_equal(base, draws(7, 3, rng.SETUP, 50))


def test_below_is_uniform():
    x = draws(1, 0, 0, 60000, n=6)
    counts = np.bincount(x, minlength=6)
    assert stats.chisquare(counts).pvalue > 0.001
    assert x.min() == 0 and x.max() == 5


def test_uniform_floats_in_unit_interval():
    s = rng.new_stream(2, 0, 0)
    u = np.array([rng.uniform(s) for _ in range(20000)])
    assert u.min() >= 0.0 and u.max() < 1.0
    assert stats.kstest(u, "uniform").pvalue > 0.001


def test_shuffle_is_a_permutation_and_varies():
    s = rng.new_stream(3, 0, 0)
    seen = set()
    for _ in range(50):
        a = np.arange(8)
        rng.shuffle(s, a)
        assert sorted(a) == list(range(8))
        seen.add(tuple(a))
    assert len(seen) > 40


def test_consecutive_games_are_uncorrelated():
    a = np.array([rng.uniform(rng.new_stream(5, g, 1)) for g in range(5000)])
    b = np.array([rng.uniform(rng.new_stream(5, g + 1, 1)) for g in range(5000)])
    assert abs(np.corrcoef(a, b)[0, 1]) < 0.05



def _decision_draws(extra, skip=()):
    """The first draw of every decision of seats 0 and 1 taking turns, 4 decisions a turn, when
    decision j first draws extra[j] numbers more (as a tie-break over more legal actions would);
    the decisions in `skip` are not asked at all (a prompt a switched-off power does not ask)."""
    s = rng.players_stream(11, 4)
    out = []
    for j, more in enumerate(extra):
        if j in skip:
            continue
        rng.at_decision(s, j % 2, j // 4)
        out.append(rng.below(s, 1000))
        for _ in range(more):
            rng.next_u64(s)
    return np.array(out)


def test_a_decision_draws_the_same_whatever_earlier_decisions_drew():
    # a rule switch that makes more actions legal at one decision (one more tie-break draw) must
    # not shift the draws of later decisions: that keeps a causal check's games paired
    plain = _decision_draws([0] * 40)
    assert np.array_equal(plain, _decision_draws([0] * 5 + [3] + [0] * 34))
    assert np.array_equal(plain, _decision_draws([7, 1, 0, 2] * 10))
    assert len(set(plain.tolist())) > 30            # yet the decisions draw different numbers


def test_a_decision_less_shifts_only_the_rest_of_its_turn():
    plain = _decision_draws([0] * 40)
    fewer = _decision_draws([0] * 40, skip={9})     # turn 2 (decisions 8-11): seat 1 asked once less
    assert np.array_equal(plain[:9], fewer[:9])
    assert plain[10] == fewer[9]                      # seat 0 is not affected
    assert plain[11] != fewer[10]                     # seat 1's next decision of the turn moves
    assert np.array_equal(plain[12:], fewer[11:])   # from the next turn on, paired again


def test_decision_streams_are_keyed_by_seat_turn_game_and_seed():
    def first(seed, game, seat, turn, k):
        s = rng.players_stream(seed, game)
        for _ in range(k + 1):
            rng.at_decision(s, seat, turn)
        return rng.uniform(s)
    base = first(3, 2, 1, 7, 5)
    assert base == first(3, 2, 1, 7, 5)
    others = [first(4, 2, 1, 7, 5), first(3, 3, 1, 7, 5), first(3, 2, 0, 7, 5), first(3, 2, 1, 8, 5),
              first(3, 2, 1, 7, 6)]
    assert all(v != base for v in others)
    a = np.array([first(9, g, g % 6, g % 40, g % 50) for g in range(3000)])
    assert stats.kstest(a, "uniform").pvalue > 1e-3


def test_neighbouring_decision_keys_draw_unrelated_numbers():
    # keys one seat, one turn or one decision apart (one bit of the key) give unrelated draws
    def first(game, seat, turn, k):
        s = rng.players_stream(21, game)
        for _ in range(k + 1):
            rng.at_decision(s, seat, turn)
        return rng.uniform(s)
    base = np.array([first(g, 0, 3, 0) for g in range(3000)])
    for other in ((1, 3, 0), (0, 4, 0), (0, 3, 1)):
        b = np.array([first(g, *other) for g in range(3000)])
        assert abs(np.corrcoef(base, b)[0, 1]) < 0.06, other
        assert stats.kstest(b, "uniform").pvalue > 1e-3
