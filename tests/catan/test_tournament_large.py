"""Skill ladder for catan with 5 and 6 players (special building phase on): greedy beats random
and the search (ismcts) beats greedy. A hero in a field of the weaker strategy, seats rotated, wins more than
the fair share 1/P (Wilson 95% lower bound)."""
import pytest

from sim.catan import SPEC
from tests.catan.tournament import hero_share


@pytest.mark.parametrize("P", [5, 6])
def test_greedy_beats_random(P):
    mean, lo, hi, n = hero_share(SPEC, "greedy", "random", 6, P)
    assert lo > 1 / P, (mean, lo, hi, n)


# The search (ismcts) against greedy at 5 and 6 players is measured by bench/search_ladder.py, not here.
