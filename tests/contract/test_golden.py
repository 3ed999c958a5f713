"""Golden playthroughs of every game on the contract (sim/contract.py), one test for all: the stored
decisions replay legally, with the invariants kept, to the stored final result, and the stored players
still make them, in the same words. A game's stored files are tests/<game>/golden/*.json, written by
its make_golden.py (only on purpose, after a rule or player change named in the commit)."""
from pathlib import Path

import pytest

from sim import contract, get_game

TESTS = Path(__file__).resolve().parent.parent
CASES = [(name, path) for name in contract.contract_games()
         for path in sorted((TESTS / name.replace("-", "_") / "golden").glob("*.json"))]
IDS = [f"{name}-{path.stem}" for name, path in CASES]


def test_every_contract_game_has_golden_playthroughs():
    have = {name for name, _ in CASES}
    assert have == set(contract.contract_games())
    for name in have:
        assert sum(1 for n, _ in CASES if n == name) >= 3, name


@pytest.mark.parametrize("name,path", CASES, ids=IDS)
def test_golden_replay(name, path):
    contract.replay_golden(contract.game_of(get_game(name)), path)


@pytest.mark.parametrize("name,path", CASES, ids=IDS)
def test_golden_players_unchanged(name, path):
    assert contract.golden_players_differences(contract.game_of(get_game(name)), path) == []
