"""Invariant fuzz through the harness (contract.fuzz): 2,000 random games per player count, checks after
every action (cards, pieces, dev cards, legal-placement caches, distance rule)."""
import numpy as np
import pytest

from sim import contract
from sim.catan import SPEC

GAME = contract.game_of(SPEC)


@pytest.mark.parametrize("P", [3, 4, 5, 6])
def test_fuzz_random_games(P):
    vec = SPEC.params.defaults()
    r = contract.fuzz(GAME, P, 2000, vec, 101, np.zeros(P, dtype=np.int64))
    assert r["turns"].shape == (2000,)
    assert np.all(r["truncated"] == 0) or r["truncated"].mean() < 0.01
    fin = r["truncated"] == 0
    assert np.allclose(r["win"][fin].sum(1), 1.0)
    assert np.all(r["score"][fin].max(1) >= 10)
    assert np.all((r["rank"] >= 1) & (r["rank"] <= P))


@pytest.mark.parametrize("over", [
    dict(peer_mode=True), dict(friendly_robber=True, robber_steal_mandatory=False),
    dict(win_on_own_turn_only=False, special_building_phase="on"), dict(bank_per_resource=10, discard_limit=5),
    dict(number_placement="shuffle", dev_play_before_roll=False, dev_plays_per_turn=2, year_of_plenty_cards=1),
])
def test_fuzz_rule_options(over):
    vec = SPEC.params.vector(over)
    contract.fuzz(GAME, 4, 300, vec, 7, np.zeros(4, dtype=np.int64))


def test_fuzz_greedy_and_search_keep_invariants():
    vec = SPEC.params.defaults()
    contract.fuzz(GAME, 4, 40, vec, 8, np.array([1, 0, 1, 0]))
    contract.fuzz(GAME, 4, 1, vec, 8, np.array([SPEC.strategy("ismcts").kind, 1, 1, 1]))
