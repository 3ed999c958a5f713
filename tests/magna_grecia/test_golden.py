"""Golden playthroughs: recorded seeded games must replay identically (legal at every step)."""
import json

import numpy as np
import pytest

from sim.magna_grecia import rules as R
from sim.magna_grecia import state as S
from sim.magna_grecia.params import PARAMS
from sim.magna_grecia.playout import collect, NSM, NGM
from tests.magna_grecia.make_golden import GOLDEN, CASES, run_case

FILES = sorted(GOLDEN.glob("*.json"))


def test_golden_files_exist():
    assert len(FILES) == len(CASES)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_replay(path):
    data = json.loads(path.read_text())
    pr = PARAMS.vector(data["params"])
    n = data["n_players"]
    st = S.new_game(data["seed"], data["index"], n, pr)
    out = np.empty(R.MAX_LEGAL, dtype=np.int64)
    for a in data["actions"]:
        k = R.legal_actions(st, pr, out)
        assert a in out[:k]
        R.apply_action(st, pr, a)
    assert R.is_over(st)
    seat = np.zeros((n, NSM))
    game = np.zeros(NGM)
    collect(st, pr, seat, game)
    assert [int(x) for x in seat[:, 0]] == data["scores"]
    actions, scores = run_case(data)
    assert actions == data["actions"] and scores == data["scores"]
