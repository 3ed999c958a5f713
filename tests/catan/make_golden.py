"""Regenerate the golden playthroughs of `catan`: python -m tests.catan.make_golden
(only on purpose, naming the rule change in the commit)."""
import json
from pathlib import Path

import numpy as np

GOLDEN = Path(__file__).parent / "golden"
CASES = [  # (name, seed, index, players, kinds, overrides)
    ("random_4p", 11, 0, 4, [0, 0, 0, 0], {}),
    ("greedy_4p", 12, 3, 4, [1, 1, 1, 1], {}),
    ("mixed_3p_peer_options", 13, 1, 3, [1, 0, 1], {"number_placement": "spiral", "bank_shortage_rule": 0}),
    ("random_6p", 14, 2, 6, [0, 0, 0, 0, 0, 0], {}),
]


def play(spec, seed, index, players, kinds, over):
    actions = []
    lines, res = spec.play_traced(seed, index, players, spec.params.vector(over), np.array(kinds), None,
                                  actions_out=actions)
    return {"seed": seed, "index": index, "players": players, "kinds": kinds, "params": over,
            "actions": actions, "turns": int(res["turns"][0]),
            "score": [float(x) for x in res["score"][0]], "win": [float(x) for x in res["win"][0]],
            "last_lines": lines[-5:]}


def main(game="catan", cases=CASES, folder=GOLDEN):
    from importlib import import_module
    spec = import_module(f"sim.{game}").SPEC
    folder.mkdir(exist_ok=True)
    for name, *args in cases:
        rec = play(spec, *args)
        (folder / f"{name}.json").write_text(json.dumps(rec, indent=0))
        print(name, rec["turns"], rec["score"])


if __name__ == "__main__":
    main()
