"""Regenerate the golden playthroughs of `troja` through the harness (sim/contract.py):
python -m tests.troja.make_golden (only on purpose, naming the rule change in the commit)."""
from pathlib import Path

from sim import contract, get_game

GOLDEN = Path(__file__).parent / "golden"
CASES = [  # (name, seed, index, players, strategies[, params])
    ("random_4p", 21, 0, 4, ["random"] * 4),
    ("greedy_4p", 22, 1, 4, ["greedy"] * 4),
    ("personas_4p", 23, 2, 4, ["loyal_donor", "ship_builder", "greedy", "loyal_donor"]),
    ("random_6p", 24, 3, 6, ["random"] * 6),
    ("options_4p", 25, 4, 4, ["random", "loyal_donor", "random", "ship_builder"],
     {"sea_rings": 2, "ship_benefit_1": "tile2", "track_end_pool": 1}),
]

if __name__ == "__main__":
    contract.write_goldens(contract.game_of(get_game("troja")), GOLDEN, CASES)
