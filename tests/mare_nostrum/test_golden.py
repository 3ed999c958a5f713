"""Mare Nostrum's golden playthroughs also store every result column (the replay and the players'
choices are checked for every game by tests/contract/test_golden.py)."""
import json

import numpy as np
import pytest

from .make_golden import GOLDEN, CASES, play, result_columns

FILES = sorted(GOLDEN.glob("*.json"))


def test_golden_files_exist():
    assert {f.stem for f in FILES} == {c[0] for c in CASES}


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_golden_result_columns(path):
    """Every stored column is reproduced exactly (NaN equals NaN). Columns added after the file
    was written (new metrics, not rule changes) are not compared."""
    doc = json.loads(path.read_text())
    from sim import get_game
    spec = get_game("mare-nostrum")
    kinds = [spec.strategy(s).kind for s in doc["strategies"]]
    st, ctx, _ = play(doc["seed"], doc["index"], doc["n_players"], kinds, doc["params"])
    now = result_columns(st, ctx, doc["n_players"])
    for part in ("seat", "game"):
        for col, want in doc["result"][part].items():
            assert col in now[part], f"{part} column {col} disappeared"
            np.testing.assert_array_equal(np.asarray(now[part][col], float), np.asarray(want, float),
                                          err_msg=f"{part} {col}")
