"""A swept constant against a category dealt at random (reports/category_sweep.py): Mare Nostrum's seat
curves of `cost_pyramids` were flat (civs are dealt to seats at random) while the price decided whether
Egypt won every game. Synthetic runs with planted civ effects; no engine is run."""
import json

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from reports import category_sweep as cs
from sim import get_game

CIVS = ["Rome", "Greece", "Carthage", "Babylon", "Egypt", "Atlantis"]
EGYPT = 4


def _mn_sweep(path, egypt_at, n_seeds=1500, seed=5, params=None):
    """A 6-player `cost_pyramids` sweep: civs dealt to seats at random (the same deal per seed in every
    arm), Egypt's seat wins with probability egypt_at[x], the other seats share the rest evenly."""
    rng = np.random.default_rng(seed)
    deal = np.array([rng.permutation(6) for _ in range(n_seeds)])
    u = rng.random(n_seeds)
    pick = rng.integers(0, 5, n_seeds)
    frames, arms = [], []
    for a, (x, pe) in enumerate(sorted(egypt_at.items())):
        arms.append({"arm": a, "values": {"cost_pyramids": x}})
        egypt_seat = np.argmax(deal == EGYPT, axis=1)
        others = np.array([[k for k in range(6) if k != e] for e in egypt_seat])
        winner = np.where(u < pe, egypt_seat, others[np.arange(n_seeds), pick])
        cols = {"game": np.arange(n_seeds, dtype=np.int64), "arm": np.full(n_seeds, a, np.int64),
                "rotation": np.zeros(n_seeds, np.int64)}
        for k in range(6):
            cols[f"civ_{k}"] = deal[:, k].astype(np.int64)
            cols[f"win_{k}"] = (winner == k).astype(float)
        frames.append(pd.DataFrame(cols))
    (path / "results").mkdir(parents=True)
    pq.write_table(pa.Table.from_pandas(pd.concat(frames, ignore_index=True), preserve_index=False),
                   path / "results" / "chunk-00000.parquet")
    meta = {"kind": "sweep", "game": "mare-nostrum", "players": 6, "strategies": ["tuned"] * 6, "seed": seed,
            "games": n_seeds * len(arms), "params": params or {"civ_assignment": "random"},
            "command": "agon sweep mare-nostrum", "sweep": {"params": ["cost_pyramids"], "arms": arms}}
    (path / "run.json").write_text(json.dumps(meta))
    return path


def test_a_price_that_decides_one_civ_is_found_where_the_seats_see_nothing(tmp_path):
    """Egypt wins every game at 6 and 9, 45% at the default 12, 4% at 15 (the `tuned` sweep's shape):
    every seat wins 1/6 in every arm (the deal is random), but the line says the price sets the civ
    balance, Egypt moved most at 6, and Egypt meets fair between 12 and 15, with the finer sweep."""
    run = _mn_sweep(tmp_path / "run", {6: 1.0, 9: 1.0, 12: 0.45, 15: 0.04})
    spec = get_game("mare-nostrum")
    res = cs.of_sweep(run, spec, 6)["civ"]
    t = res["table"]
    assert res["base_x"] == 12.0 and res["games"] == 1500
    egypt = t[t["category"] == "Egypt"].set_index("x")
    assert egypt.loc[6.0, "rate"] == 1.0 and abs(egypt.loc[12.0, "rate"] - 0.45) < 0.04
    assert egypt.loc[6.0, "diff_low"] > 45 and egypt.loc[12.0, "diff_points"] == 0.0
    assert cs.moved(res).iloc[0]["category"] == "Egypt" and cs.sets_balance(res)
    cross = res["crossings"]["Egypt"]
    assert cross["identified"] and 12 < cross["crossing"]["value"] < 15
    line = cs.verdict_line(res, "cost_pyramids", "tuned", "mare-nostrum")
    assert "**`cost_pyramids` sets the `civ` balance**" in line
    assert "Egypt 100.0% [99.7, 100.0] at 6" in line and "at the default 12" in line
    assert "No swept value leaves every civ fair" in line
    assert "at the default Egypt" in line and "meets it between cost_pyramids = 12 and 15" in line
    assert "--param cost_pyramids=12,13,14,15 --games 1500`" in line


def test_a_price_that_moves_no_civ_says_so(tmp_path):
    """Egypt at fair 1/6 in every arm: no civ moves, nothing is called a balance."""
    run = _mn_sweep(tmp_path / "run", {6: 1 / 6, 9: 1 / 6, 12: 1 / 6, 15: 1 / 6})
    res = cs.of_sweep(run, get_game("mare-nostrum"), 6)["civ"]
    assert cs.moved(res).empty and not cs.sets_balance(res)
    line = cs.verdict_line(res, "cost_pyramids", "tuned", "mare-nostrum")
    assert "across the swept range no civ moves from the default by a significant point or more" in line
    assert "sets" not in line


def test_civs_in_a_fixed_order_are_not_a_randomised_comparison(tmp_path):
    """civ_assignment=fixed gives each seat its civ: the seat curves already say it, nothing here."""
    run = _mn_sweep(tmp_path / "run", {6: 1.0, 12: 0.45}, params={"civ_assignment": "fixed"})
    assert cs.of_sweep(run, get_game("mare-nostrum"), 6) == {}


def test_the_design_report_names_the_civ_and_corrects_its_seat_advice(tmp_path):
    """The design report's key-constant lines: one per sweep and dealt category, and the seat line's
    "does not set the seat balance" is followed by where the constant does act."""
    from reports.design import category_lines
    run = _mn_sweep(tmp_path / "sweep-cost_pyramids", {6: 1.0, 9: 1.0, 12: 0.45, 15: 0.04})
    verdicts = ["Fair value of `cost_pyramids` (6 players): not identified. A flat curve means this constant does "
                "not set the seat balance for these players: look at another constant or stronger players."]
    summary = []
    plots = category_lines(get_game("mare-nostrum"), 6, "cost_pyramids", "mare-nostrum",
                           [("tuned", run, None)], verdicts, summary)
    assert plots == [("sweep-cost_pyramids/sweep_civ.png", "civ", "tuned")]
    assert verdicts[0].endswith("It does set the `civ` balance, which seats cannot show (dealt at random): see below.")
    assert verdicts[1].startswith("`cost_pyramids` and `civ`") and summary[0].endswith("Reproduce: `agon sweep mare-nostrum`")


def test_a_civ_above_fair_at_every_value_is_said_to_stay_there(tmp_path):
    """Egypt moves (100% at 6, 30% at 15) but never reaches fair in the range: no crossing is printed."""
    run = _mn_sweep(tmp_path / "run", {6: 1.0, 12: 0.45, 15: 0.30})
    res = cs.of_sweep(run, get_game("mare-nostrum"), 6)["civ"]
    line = cs.verdict_line(res, "cost_pyramids", "tuned", "mare-nostrum")
    assert "is furthest from fair, and stays above it at every swept value." in line
    assert "meets it" not in line and "--param cost_pyramids=" not in line
