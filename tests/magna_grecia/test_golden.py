"""Golden playthroughs (sim/contract.py): the recorded decisions replay legally to the recorded
result, and the recorded players still make them, in the same words."""
import pytest

from sim import contract
from sim.magna_grecia.playout import GAME
from .make_golden import GAMES, HERE


@pytest.mark.parametrize("name", [g[0] for g in GAMES])
def test_golden_replay(name):
    contract.replay_golden(GAME, HERE / f"{name}.json")


@pytest.mark.parametrize("name", [g[0] for g in GAMES])
def test_golden_players_unchanged(name):
    assert contract.golden_players_differences(GAME, HERE / f"{name}.json") == []
