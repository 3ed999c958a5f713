"""Regenerate the golden playthroughs of `troja`: python -m tests.troja.make_golden
(only on purpose, naming the rule change in the commit)."""
from pathlib import Path

from tests.catan import make_golden as mg

GOLDEN = Path(__file__).parent / "golden"
CASES = [
    ("random_4p", 21, 0, 4, [0, 0, 0, 0], {}),
    ("greedy_4p", 22, 1, 4, [1, 1, 1, 1], {}),
    ("personas_4p", 23, 2, 4, [3, 4, 1, 3], {}),
    ("random_6p", 24, 3, 6, [0, 0, 0, 0, 0, 0], {}),
    ("options_4p", 25, 4, 4, [0, 3, 0, 4], {"sea_rings": 2, "ship_benefit_1": "tile2", "track_end_pool": 1}),
]

if __name__ == "__main__":
    mg.main("troja", CASES, GOLDEN)
