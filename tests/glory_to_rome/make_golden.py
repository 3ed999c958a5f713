"""Regenerate the golden playthroughs: `python -m tests.glory_to_rome.make_golden`.

Only on purpose, after a rule change (name it in the commit). Each file holds one seeded game:
setup, every decision (seat, action id, words) and the final result (sim/contract.py).
"""
from pathlib import Path

from sim import contract
from sim.glory_to_rome.playout import GAME

HERE = Path(__file__).parent / "golden"
GAMES = [  # (name, seed, index, n_players, strategy names[, parameter overrides])
    ("random_2p", 101, 0, 2, ("random", "random")),
    ("random_3p", 102, 1, 3, ("random", "random", "random")),
    ("random_5p", 103, 2, 5, ("random",) * 5),
    ("greedy_4p", 104, 3, 4, ("greedy", "builder", "merchant", "collector")),
    ("mixed_3p", 105, 4, 3, ("legionary", "greedy", "random")),
    ("republic_4p", 106, 5, 4, ("greedy", "random", "greedy", "random"), {"ruleset": "republic"}),
]


if __name__ == "__main__":
    contract.write_goldens(GAME, HERE, GAMES)
