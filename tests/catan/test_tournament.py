"""Skill ladder for catan: greedy beats random and the search (ismcts) beats greedy (Wilson 95%):
a hero in a field of the weaker strategy wins more than the fair share 1/P."""
from sim.catan import SPEC
from tests.catan.tournament import hero_share


def test_greedy_beats_random():
    mean, lo, hi, n = hero_share(SPEC, "greedy", "random", 10, 4)
    assert lo > 0.25, (mean, lo, hi, n)


def test_search_beats_greedy():
    mean, lo, hi, n = hero_share(SPEC, "ismcts", "greedy", 40, 4)
    assert lo > 0.25, (mean, lo, hi, n)
