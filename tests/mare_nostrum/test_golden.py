"""Golden playthroughs: the stored actions replay legally to the stored result, and the
stored players still choose them."""
import json
from pathlib import Path

import numpy as np
import pytest

from sim.mare_nostrum import rules as R
from sim.mare_nostrum.params import PARAMS
from sim.rng import new_stream, SETUP, CHANCE
from .make_golden import GOLDEN, CASES, play, result

FILES = sorted(GOLDEN.glob("*.json"))


def test_golden_files_exist():
    assert {f.stem for f in FILES} == {c[0] for c in CASES}


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_golden_replay(path):
    doc = json.loads(path.read_text())
    n = doc["n_players"]
    P = PARAMS.vector(doc["overrides"])
    S = R.new_game(n, P, new_stream(np.uint64(doc["seed"]), doc["index"], SETUP))
    crng = new_stream(np.uint64(doc["seed"]), doc["index"], CHANCE)
    R.advance(S, P, crng)
    buf = np.empty(R.MAX_LEGAL, np.int64)
    for i, (o, a, text) in enumerate(doc["actions"]):
        assert S[R.H_OVER] == 0, f"game over early at action {i}"
        assert S[R.H_DECIDER] == o, f"action {i}: decider {S[R.H_DECIDER]} != {o}"
        k = R.legal_actions(S, P, buf)
        assert a in buf[:k], f"action {i} ({text}) is no longer legal"
        R.apply_action(S, P, a, crng)
    assert S[R.H_OVER] == 1
    _assert_same_result(result(S, P, n), doc["result"])


def _assert_same_result(now, stored):
    """Every stored column is reproduced exactly (NaN equals NaN). Columns added after the file
    was written (new metrics, not rule changes) are not compared."""
    for part in ("seat", "game"):
        for col, want in stored[part].items():
            assert col in now[part], f"{part} column {col} disappeared"
            np.testing.assert_array_equal(np.asarray(now[part][col], float),
                                          np.asarray(want, float), err_msg=f"{part} {col}")


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_golden_players_unchanged(path):
    doc = json.loads(path.read_text())
    S, P, actions = play(doc["seed"], doc["index"], doc["n_players"], doc["kinds"], doc["overrides"])
    assert actions == doc["actions"]
