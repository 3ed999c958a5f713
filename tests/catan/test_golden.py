"""Golden playthroughs: recorded action sequences and final scores must replay exactly,
and play_traced must agree with play_batch."""
import json
from pathlib import Path

import numpy as np
import pytest

from sim.catan import SPEC
from tests.catan.make_golden import play

FILES = sorted((Path(__file__).parent / "golden").glob("*.json"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_replay(path):
    rec = json.loads(path.read_text())
    got = play(SPEC, rec["seed"], rec["index"], rec["players"], rec["kinds"], rec["params"])
    assert got["actions"] == rec["actions"]
    assert got["score"] == rec["score"] and got["win"] == rec["win"] and got["turns"] == rec["turns"]
    batch = SPEC.play_batch(rec["seed"], rec["index"], 1, rec["players"], SPEC.params.vector(rec["params"]),
                            np.array(rec["kinds"]))
    assert list(batch["score"][0]) == rec["score"] and int(batch["turns"][0]) == rec["turns"]


def test_golden_files_exist():
    assert len(FILES) >= 3
