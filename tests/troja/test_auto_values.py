"""A parameter whose 0 means "auto" (the rules' value for the player count) is placed where it plays.
Troja's design sweep of row_threshold added its default, 0 = auto = 10 at 4 players, as an arm at x = 0, left
of 8: the curve read the arm at 10 twice, once in the wrong place, and played its games twice."""
import json

import numpy as np
import pytest

from experiments.cli import main
from sim.catan import SPEC as CATAN
from sim.spec import Param, auto_value
from sim.troja import SPEC


def test_auto_plays_the_rules_value_for_the_player_count():
    row = SPEC.params.get("row_threshold")
    assert [row.effective(0, 4), row.effective(0, 6), row.effective(12, 6)] == [10, 13, 12]
    assert SPEC.params.get("battle_reveal").effective(0, 6) == 9
    assert CATAN.params.get("dev_knight").effective(0, 5) == 20 and CATAN.params.get("bank_per_resource").effective(0, 4) == 19
    assert Param("x", 0, 0, 5).effective(0, 4) == 0        # no auto: 0 is a value like any
    assert auto_value(((2, 7), (5, 9)), 0, 3) == 7


@pytest.mark.parametrize("players,auto", [(4, 10), (6, 13)])
def test_the_engine_reads_auto_as_the_value_it_names(players, auto):
    """row_threshold=0 and row_threshold=<its auto value> play the same games (same seeds)."""
    kinds = np.zeros(players, dtype=np.int64)
    a, b, c = (SPEC.play_batch(3, 0, 30, players, SPEC.params.vector({"row_threshold": v}), kinds)
               for v in (0, auto, auto + 2))
    assert all(np.array_equal(a[k], b[k], equal_nan=True) for k in a)
    assert not all(np.array_equal(a[k], c[k], equal_nan=True) for k in a)


def test_a_sweep_uses_the_swept_value_that_auto_plays_as_its_base_arm(tmp_path, capsys):
    """Sweeping 8 and 10 at 4 players adds no arm 0 (it would replay the arm at 10), takes the arm at 10 as
    the rules' arm, and places every arm at the value it plays."""
    out = tmp_path / "sw"
    assert main(["sweep", "troja", "--param", "row_threshold=8,10", "--games", "40", "--strategies", "random",
                 "--out", str(out), "--quiet"]) == 0
    assert "added row_threshold" not in capsys.readouterr().err
    arms = json.loads((out / "run.json").read_text())["sweep"]["arms"]
    assert [a["values"]["row_threshold"] for a in arms] == [8, 10]
    md = (out / "report.md").read_text()
    assert "the default, row_threshold = 10 (what the default's 0 = auto plays at 4 players)" in md
    out0 = tmp_path / "sw0"
    assert main(["sweep", "troja", "--param", "row_threshold=0,8,12", "--games", "40", "--strategies", "random",
                 "--out", str(out0), "--quiet"]) == 0
    from reports.aggregate import aggregate_run
    from reports.data import load_meta
    from reports.sweep import komi_curve
    curve = komi_curve(aggregate_run(out0), load_meta(out0), 4, n_boot=0)
    assert list(curve["x"]) == [8.0, 10.0, 12.0] and list(curve["table"]["row_threshold"]) == [8, 0, 12]
