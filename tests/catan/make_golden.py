"""Regenerate the golden playthroughs of `catan` through the harness (sim/contract.py):
python -m tests.catan.make_golden (only on purpose, naming the rule change in the commit)."""
from pathlib import Path

from sim import contract, get_game

GOLDEN = Path(__file__).parent / "golden"
CASES = [  # (name, seed, index, players, strategies[, params])
    ("random_4p", 11, 0, 4, ["random"] * 4),
    ("greedy_4p", 12, 3, 4, ["greedy"] * 4),
    ("mixed_3p_peer_options", 13, 1, 3, ["greedy", "random", "greedy"],
     {"number_placement": "spiral", "bank_shortage_rule": 0}),
    ("random_6p", 14, 2, 6, ["random"] * 6),
]

if __name__ == "__main__":
    contract.write_goldens(contract.game_of(get_game("catan")), GOLDEN, CASES)
