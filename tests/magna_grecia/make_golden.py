"""Regenerate the golden playthroughs: `python -m tests.magna_grecia.make_golden`.

Only on purpose, after a rule change (name it in the commit). Each file holds one seeded game:
setup, every decision (seat, action id, words) and the final result (sim/contract.py).
"""
from pathlib import Path

from sim import contract
from sim.magna_grecia.playout import GAME

HERE = Path(__file__).parent / "golden"
GAMES = [  # (name, seed, index, n_players, strategy names[, parameter overrides])
    ("random_2p", 1, 0, 2, ("random", "random")),
    ("random_3p_generated", 2, 3, 3, ("random",) * 3, {"board": "generated", "oracle_placement": "random"}),
    ("random_4p", 3, 1, 4, ("random",) * 4),
    ("greedy_2p", 4, 0, 2, ("greedy", "greedy")),
    ("greedy_random_4p", 5, 2, 4, ("greedy", "random", "greedy", "random"), {"connectivity": "road_count"}),
    ("ismcts_hub_3p", 6, 0, 3, ("ismcts", "oracle_hub", "greedy")),
]


if __name__ == "__main__":
    contract.write_goldens(GAME, HERE, GAMES)
