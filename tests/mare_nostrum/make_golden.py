"""Regenerate the golden playthroughs: `python -m tests.mare_nostrum.make_golden`.

Only on purpose, after a rule change (name it in the commit). Each file holds one seeded game:
set-up, every decision (seat, action id, words) and the final result (sim/contract.py), plus
every result column of the game (`result`, checked by test_golden.py).
"""
import json
from pathlib import Path

import numpy as np

from sim import contract, get_game
from sim.mare_nostrum.describe import action_words
from sim.mare_nostrum.playout import GAME
from strategies.mare_nostrum import GREEDY_W, ECONOMIST_W, WARMONGER_W, HOARDER_W

GOLDEN = Path(__file__).parent / "golden"
CASES = [  # (name, seed, index, n_players, strategy names[, parameter overrides])
    ("greedy_6p", 2026, 0, 6, ("greedy",) * 6),
    ("random_4p", 2026, 1, 4, ("random",) * 4),
    ("personas_5p", 2026, 2, 5, ("economist", "warmonger", "hoarder", "greedy", "random")),
    ("random_3p_options", 2026, 3, 3, ("random",) * 3, {"tax_wild": False, "capital_takeover": True}),
]
# weights by strategy kind, for the first players' games of golden_v0/ (stored by kind)
WEIGHTS = {0: GREEDY_W, 1: GREEDY_W, 2: ECONOMIST_W, 3: WARMONGER_W, 4: HOARDER_W, 5: GREEDY_W}


def play(seed, index, n, kinds, overrides):
    """One game by strategy kinds with the WEIGHTS of each kind: (state, ctx, actions as
    [seat, action, words]) — the format of golden_v0/."""
    spec = get_game("mare-nostrum")
    w = np.array([WEIGHTS[k] for k in kinds], np.float64)
    st, ctx, log = contract.play_logged(GAME, seed, index, n, spec.params.vector(overrides), kinds, w,
                                        trace=False)
    return st, ctx, [[p, a, action_words(a)] for what, p, a, _ in log if what == "action"]


def result_columns(st, ctx, n):
    """Every result column of a finished game, as stored under `result`."""
    res = contract.result_of(GAME, st, ctx, n)
    return {"seat": {c: res[c][0].tolist() for c in GAME.engine.RESULTS.seat_cols.names()},
            "game": {c: float(res[c][0]) for c in GAME.engine.RESULTS.game_cols.names()}}


def main():
    contract.write_goldens(GAME, GOLDEN, CASES)
    spec = get_game("mare-nostrum")
    for name, seed, index, n, strategies, *over in CASES:
        path = GOLDEN / f"{name}.json"
        doc = json.loads(path.read_text())
        infos = [spec.strategy(s) for s in strategies]
        kinds = [i.kind for i in infos]
        st, ctx, _ = play(seed, index, n, kinds, over[0] if over else {})
        doc["result"] = result_columns(st, ctx, n)
        path.write_text(json.dumps(doc, indent=0))


if __name__ == "__main__":
    main()
