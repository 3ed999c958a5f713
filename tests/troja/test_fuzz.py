"""Invariant fuzz for troja: 2,000 random games per player count with checks after every
action (cards incl. the support row, pieces, ships, tokens, tiles, track, caches)."""
import numpy as np
import pytest

from sim import contract
from sim.troja import SPEC

GAME = contract.game_of(SPEC)


@pytest.mark.parametrize("P", [4, 6])
def test_fuzz_random_games(P):
    r = contract.fuzz(GAME, P, 2000, SPEC.params.defaults(), 202, np.zeros(P, dtype=np.int64))
    assert r["truncated"].sum() == 0
    assert np.allclose(r["win"].sum(1), 1.0)
    assert set(np.unique(r["end_path"])) <= {1, 2, 3}
    al = r["allegiance"]
    assert np.all((al == 0).sum(1) == P // 2)
    tr = r["end_track_troy"] == 1
    assert np.all(r["wins_troy"][tr] == 5)
    assert np.all(r["battles"] == r["battles_troy"] + r["battles_mycenae"] + r["battles_draw"])
    assert np.all(r["battles"] <= 9 + r["battles_draw"])


@pytest.mark.parametrize("over", [
    dict(sea_rings=2, corsair_must_move_on_7=False, corsair_steal_optional=False),
    dict(revealed_to_bank=False, token_supply=6, take_min_row=2, corsair_blocks_vp=True),
    dict(track_end_pool=1, track_end_precedence=0, win_on_own_turn_only=False, donations_per_turn=2,
         donation_min=2, tokens_per_donation_2=2, tokens_per_donation_3=3),
    dict(ship_benefit_1="swap", ship_benefit_2="take", ship_benefit_3="tile2", ship_token_cost_1=0,
         ship_token_cost_2=0, use_harbors=True, allow_ship_in_sbp=False, special_building_phase="on"),
])
def test_fuzz_rule_options(over):
    contract.fuzz(GAME, 4, 200, SPEC.params.vector(over), 9, np.zeros(4, dtype=np.int64))
    contract.fuzz(GAME, 6, 60, SPEC.params.vector(over), 9, np.zeros(6, dtype=np.int64))


def test_fuzz_personas_keep_invariants():
    contract.fuzz(GAME, 4, 20, SPEC.params.defaults(), 10, np.array([1, 3, 4, 0]))
    contract.fuzz(GAME, 6, 6, SPEC.params.defaults(), 10, np.array([1, 3, 4, 0, 3, 4]))
