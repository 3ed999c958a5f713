"""Regenerate the golden playthroughs (only on purpose, naming the rule change in the commit):

    python -m tests.mare_nostrum.make_golden
"""
import json
from pathlib import Path

import numpy as np

from sim.mare_nostrum import rules as R
from sim.mare_nostrum.describe import describe_action
from sim.mare_nostrum.params import PARAMS
from sim.mare_nostrum.playout import record, NSC, NGC, SEAT_COLS, GAME_COLS
from sim.rng import new_stream, SETUP, CHANCE, PLAYERS
from strategies.mare_nostrum import choose, GREEDY_W, ECONOMIST_W, WARMONGER_W, HOARDER_W

GOLDEN = Path(__file__).parent / "golden"
# (name, seed, index, n_players, kinds, overrides)
CASES = [
    ("greedy_6p", 2026, 0, 6, [1, 1, 1, 1, 1, 1], {}),
    ("random_4p", 2026, 1, 4, [0, 0, 0, 0], {}),
    ("personas_5p", 2026, 2, 5, [2, 3, 4, 1, 0], {}),
    ("random_3p_options", 2026, 3, 3, [0, 0, 0], {"tax_wild": False, "capital_takeover": True}),
]
WEIGHTS = {0: GREEDY_W, 1: GREEDY_W, 2: ECONOMIST_W, 3: WARMONGER_W, 4: HOARDER_W, 5: GREEDY_W}


def play(seed, index, n, kinds, overrides):
    P = PARAMS.vector(overrides)
    W = np.array([WEIGHTS[k] for k in kinds], np.float64)
    kinds = np.array(kinds, np.int64)
    S = R.new_game(n, P, new_stream(np.uint64(seed), index, SETUP))
    crng = new_stream(np.uint64(seed), index, CHANCE)
    prng = new_stream(np.uint64(seed), index, PLAYERS)
    R.advance(S, P, crng)
    buf = np.empty(R.MAX_LEGAL, np.int64)
    actions = []
    while S[R.H_OVER] == 0:
        k = R.legal_actions(S, P, buf)
        o = int(S[R.H_DECIDER])
        a = int(choose(S, P, kinds[o], W[o], buf, k, prng))
        actions.append([o, a, describe_action(S, a)])
        R.apply_action(S, P, a, crng)
    return S, P, actions


def result(S, P, n):
    seat = np.zeros((n, NSC))
    game = np.zeros(NGC)
    record(S, P, seat, game)
    return {"seat": {c: seat[:, i].tolist() for i, c in enumerate(SEAT_COLS)},
            "game": {c: float(game[i]) for i, c in enumerate(GAME_COLS)}}


def main():
    GOLDEN.mkdir(exist_ok=True)
    for name, seed, index, n, kinds, ov in CASES:
        S, P, actions = play(seed, index, n, kinds, ov)
        doc = {"name": name, "seed": seed, "index": index, "n_players": n, "kinds": kinds,
               "overrides": ov, "actions": actions, "result": result(S, P, n)}
        (GOLDEN / f"{name}.json").write_text(json.dumps(doc, indent=0))
        print(name, len(actions), "actions")


if __name__ == "__main__":
    main()
