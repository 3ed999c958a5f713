"""Regenerate the golden playthroughs: `python -m tests.glory_to_rome.make_golden`.

Only on purpose, after a rule change (name it in the commit). Each file holds a few seeded games:
setup, every decision (seat, action id, words) and the final result.
"""
import json
from pathlib import Path

import numpy as np

from sim.glory_to_rome import SPEC
from sim.glory_to_rome.playout import play_game_actions
from sim.glory_to_rome.rules.scoring import final_result

HERE = Path(__file__).parent / "golden"
GAMES = [  # (name, seed, index, n_players, strategy names[, parameter overrides])
    ("random_2p", 101, 0, 2, ("random", "random")),
    ("random_3p", 102, 1, 3, ("random", "random", "random")),
    ("random_5p", 103, 2, 5, ("random",) * 5),
    ("greedy_4p", 104, 3, 4, ("greedy", "builder", "merchant", "collector")),
    ("mixed_3p", 105, 4, 3, ("legionary", "greedy", "random")),
    ("republic_4p", 106, 5, 4, ("greedy", "random", "greedy", "random"), {"ruleset": "republic"}),
]


def play(seed, index, n, names, over=None):
    infos = [SPEC.strategy(nm) for nm in names]
    kinds = np.array([i.kind for i in infos], np.int64)
    w = np.array([i.weights for i in infos], np.float64)
    s, log = play_game_actions(seed, index, n, SPEC.params.vector(over or {}), kinds, w)
    score, win, rank = np.zeros(n, np.int64), np.zeros(n), np.zeros(n, np.int64)
    final_result(s, score, win, rank)
    return {
        "seed": seed, "index": index, "n_players": n, "strategies": list(names),
        "params": dict(over or {}),
        "actions": [[int(p), int(a)] for p, a, _ in log],
        "words": [t for _, _, t in log],
        "score": [int(x) for x in score], "win": [float(x) for x in win],
        "rank": [int(x) for x in rank],
    }


def main():
    HERE.mkdir(exist_ok=True)
    for name, seed, index, n, names, *over in GAMES:
        data = play(seed, index, n, names, *over)
        (HERE / f"{name}.json").write_text(json.dumps(data, indent=0))
        print(name, len(data["actions"]), "decisions, scores", data["score"])


if __name__ == "__main__":
    main()
