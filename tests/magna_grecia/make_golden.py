"""Regenerate the golden playthroughs: `python -m tests.magna_grecia.make_golden`.

Only on purpose, after a rule change (name it in the commit). Each file holds one seeded game:
its setup, the action id list and the final scores.
"""
import json
from pathlib import Path

from sim.magna_grecia.params import PARAMS
from sim.magna_grecia.playout import game_actions, play_batch
from sim.magna_grecia.playout import _as_arrays

GOLDEN = Path(__file__).with_name("golden")
CASES = [
    dict(name="random_2p", seed=1, index=0, n_players=2, kinds=[0, 0], params={}),
    dict(name="random_3p_generated", seed=2, index=3, n_players=3, kinds=[0, 0, 0],
         params={"board": "generated", "oracle_placement": "random"}),
    dict(name="random_4p", seed=3, index=1, n_players=4, kinds=[0, 0, 0, 0], params={}),
    dict(name="greedy_2p", seed=4, index=0, n_players=2, kinds=[1, 1], params={}),
    dict(name="greedy_random_4p", seed=5, index=2, n_players=4, kinds=[1, 0, 1, 0],
         params={"connectivity": "road_count"}),
    dict(name="search_hub_3p", seed=6, index=0, n_players=3, kinds=[3, 2, 1], params={}),
]


def run_case(case):
    pr = PARAMS.vector(case["params"])
    n = case["n_players"]
    _, w = _as_arrays(n, case["kinds"], None)      # each strategy's default weights
    actions, _ = game_actions(case["seed"], case["index"], n, pr, case["kinds"], w)
    res = play_batch(case["seed"], case["index"], 1, n, pr, case["kinds"], w)
    return [int(a) for a in actions], [int(x) for x in res["score"][0]]


def main():
    GOLDEN.mkdir(exist_ok=True)
    for case in CASES:
        actions, scores = run_case(case)
        data = dict(case, actions=actions, scores=scores)
        (GOLDEN / f"{case['name']}.json").write_text(json.dumps(data) + "\n")
        print(case["name"], len(actions), "actions, scores", scores)


if __name__ == "__main__":
    main()
