"""Tuning finds a planted optimum: Pig's `handicap` (points every seat but the first starts
with) has a fair value that a sweep on the same seeds locates; tune must pick that value."""
import pandas as pd

from experiments import tune
from experiments.runner import Study, run_study
from reports.fold import seat_counts


def test_tune_finds_the_fair_handicap_of_a_sweep(tmp_path):
    # the known answer: a sweep of handicap 0..6 with 2 greedy players, 8,000 games per arm
    sweep = Study(kind="sweep", game="pig", players=2, games=8000, seed=5, strategies="greedy",
                  sweep=[["handicap", list(range(7))]])
    run_study(sweep, tmp_path / "sweep", progress=False)
    sc = seat_counts(tmp_path / "sweep")
    dev = {arm: abs(sc.rate(0, arm)[0] - 0.5) for arm in sc.games}
    fair_value = min(dev, key=dev.get)              # arm index == handicap value
    assert fair_value == 2                          # seat 0: 51.5% at 2, 47.5% at 3

    t = tune.Tuning(game="pig", params=[("handicap", "0:6")], targets=["first_seat_fair"], players=2,
                    games=1000, seed=5, strategies="greedy", command="agon tune pig ...")
    res = tune.run(t, tmp_path / "tune", progress=False)
    assert res["best"]["handicap"] == fair_value
    traj = pd.read_csv(tmp_path / "tune" / "trajectory.csv")
    assert traj["candidate"].nunique() == 7 and traj["round"].max() == 3      # 7 -> 4 -> 2 -> 1
    assert traj.groupby("round")["games"].max().tolist() == [1000, 2000, 4000, 8000]
    best = res["best_row"]
    assert best.seat0_low <= 0.5 + 0.03 and best.seat0_high >= 0.5 - 0.03
    md = (tmp_path / "tune" / "report.md").read_text()
    assert "tune_trajectory.png" in md and "Best setting" in md and "cannot conclude" in md
    assert (tmp_path / "tune" / "tune_trajectory.png").stat().st_size > 1000
    # selection-aware figures: paired differences to the runners-up, fresh seeds, the target's slope
    assert "## The winner against its runners-up" in md and "## The winner on fresh seeds" in md
    assert "## Fitted slope of each target" in md and "seat 0 win rate (points)" in md
    fresh = seat_counts(tmp_path / "tune" / "candidates" / f"c{fair_value:03d}" / "fresh")
    assert fresh.games[0] == 8000 and abs(fresh.rate(0)[0] - 0.5) < 0.03
    verdict = md.split("## Verdict")[1].split("##")[0]
    assert "Best setting `handicap` = 2: on fresh seeds seat 0 wins" in verdict
    # the fitted slope of seat 0's rate against the handicap is negative (about -4 points per unit)
    slope_row = md.split("## Fitted slope of each target")[1].split("\n| seat 0")[1]
    assert slope_row.split("|")[2].strip().startswith("-")


def test_tune_with_a_length_target_and_two_params(tmp_path):
    """Two constants, two targets: a game-length window that only some targets satisfy."""
    t = tune.Tuning(game="pig", params=[("handicap", "0,2,4"), ("target", "20,40")],
                    targets=["first_seat_fair", "length=7.5:12"], players=2, games=400, seed=2, strategies="greedy")
    res = tune.run(t, tmp_path / "tune2", progress=False)
    assert res["best"]["target"] == 40             # target 20 games last about 5 turns: outside the window
    assert 7.5 <= res["best_row"].length <= 12
