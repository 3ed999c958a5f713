"""Golden playthroughs through the harness (sim/contract.py): the stored decisions replay legally
with the invariants kept and the stored final result, and the players still make them."""
from pathlib import Path

import pytest

from sim import contract, get_game

GAME = contract.game_of(get_game("troja"))
FILES = sorted((Path(__file__).parent / "golden").glob("*.json"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_replay(path):
    contract.replay_golden(GAME, path)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_players_unchanged(path):
    assert contract.golden_players_differences(GAME, path) == []


def test_golden_files_exist():
    assert len(FILES) >= 3
