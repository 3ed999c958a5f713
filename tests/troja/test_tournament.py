"""Skill ladder for troja (4 and 6 players): greedy beats random, the search (ismcts) beats greedy
(Wilson 95%)."""
import pytest

from sim.troja import SPEC
from tests.catan.tournament import hero_share


@pytest.mark.parametrize("P,games_per_seat", [(4, 10), (6, 6)])
def test_greedy_beats_random(P, games_per_seat):
    mean, lo, hi, n = hero_share(SPEC, "greedy", "random", games_per_seat, P)
    assert lo > 1 / P, (mean, lo, hi, n)


def test_search_beats_greedy():
    # 160 games: ismcts, as a line-up parses it (over the tuned greedy's weights), against three
    # default greedy players wins 0.431 [0.357, 0.509] (fair share 0.25)
    mean, lo, hi, n = hero_share(SPEC, "ismcts", "greedy", 40, 4)
    assert lo > 0.25, (mean, lo, hi, n)


# ismcts against greedy at 6 players (a thin margin, 480 search games): bench/search_ladder.py


def test_personas_are_distinct():
    import numpy as np
    r = SPEC.play_batch(5, 0, 30, 4, SPEC.params.defaults(), np.array([3, 4, 1, 1]))
    donor, shipper, greedy = r["donations"][:, 0].mean(), r["ships"][:, 1].mean(), r["ships"][:, 2].mean()
    assert donor > r["donations"][:, 2].mean()
    assert shipper > greedy
    # the loyal donor gives only its own side's resources
    side = r["allegiance"][:, 0]
    names = ["donated_lumber", "donated_brick", "donated_wool", "donated_grain", "donated_ore"]
    own = {0: (2, 4), 1: (0, 3)}
    for g in range(30):
        bad = [k for k in range(5) if k not in own[int(side[g])] and r[names[k]][g, 0] > 0]
        assert not bad
