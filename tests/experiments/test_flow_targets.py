"""Flow figures as `agon tune` targets and `agon compare` columns (issue 18 item 4), on random
Glory to Rome (its loop records flow; random games are fast)."""
import math

import numpy as np
import pandas as pd
import pytest

from experiments import tune
from experiments.cli import main
from experiments.runner import Study, run_study
from reports import stats
from reports.data import iter_chunks

GAME = "glory-to-rome"


def _column_mean(run, column):
    vals = np.concatenate([df[column].to_numpy(float) for df in iter_chunks(run, [column])])
    return float(np.nanmean(vals))


def test_parse_flow_targets():
    t = tune.parse_target("lead_changes=max")
    assert (t.kind, t.figure, t.goal, t.objective, t.column) == ("flow", "lead_changes", "max", True,
                                                                "flow_lead_changes")
    v = tune.parse_target("decided_at=0.6")
    assert (v.goal, v.lo, v.objective) == ("value", 0.6, False)
    assert tune.flow_loss(0.5, 0.6) == pytest.approx(10.0)           # a share: points
    assert tune.flow_loss(4.5, 3.0) == pytest.approx(50.0)           # a count: percent of the target
    assert tune.flow_loss(math.nan, 3.0) == 100.0


@pytest.mark.parametrize("argv,words", [
    (["--target", "lead_changes=often"], "--target lead_changes expects max, min or a target value"),
    (["--target", "excitement=max"], "flow figures: lead_changes"),
    (["--target", "lead_changes=max", "--target", "drama=min"], "at most one FLOW=max or FLOW=min"),
])
def test_bad_flow_targets(tmp_path, capsys, argv, words):
    base = ["tune", GAME, "--param", "merchant_bonus_vp=2:4", "--out", str(tmp_path / "t"), "--quiet"]
    assert main(base + argv) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and len(err.splitlines()) == 1


def test_flow_target_needs_a_game_with_flow(tmp_path, capsys):
    assert main(["tune", "pig", "--param", "handicap=0:2", "--target", "lead_changes=max",
                 "--out", str(tmp_path / "t"), "--quiet"]) == 2
    assert "pig records no game flow figures" in capsys.readouterr().err


def test_most_lead_changes_without_a_seat_edge(tmp_path):
    """Successive halving keeps, each round, the candidates without a seat edge first, then the
    most lead changes; the figures it ranks on are the candidates' own flow columns."""
    t = tune.Tuning(game=GAME, params=[("merchant_bonus_vp", "0,3,6,10")],
                    targets=["lead_changes=max", "seats_fair"], players=2, games=200, seed=3, strategies="random",
                    command="agon tune glory-to-rome ...")
    res = tune.run(t, tmp_path / "tune", progress=False)
    traj = pd.read_csv(tmp_path / "tune" / "trajectory.csv")
    for rnd in sorted(traj["round"].unique())[:-1]:
        now = traj[traj["round"] == rnd]
        key = sorted(now.itertuples(), key=lambda r: (bool(r.seat_edge), r.loss, -r.flow_lead_changes, r.candidate))
        kept = set(traj[traj["round"] == rnd + 1]["candidate"])
        assert kept == {r.candidate for r in key[: math.ceil(len(now) / 2)]}
    for r in traj.itertuples():                                      # the figures are the candidates' own
        run = tmp_path / "tune" / "candidates" / f"c{r.candidate:03d}" / "mirror"
        if r.round == traj[traj["candidate"] == r.candidate]["round"].max():
            assert r.flow_lead_changes == pytest.approx(_column_mean(run, "flow_lead_changes"))
        assert r.loss == 0.0                                         # fairness is a constraint here, not a loss
    last = traj[traj["round"] == traj["round"].max()].iloc[0]
    run = tmp_path / "tune" / "candidates" / f"c{last.candidate:03d}" / "mirror"
    wins = sum(df[["win_0", "win_1"]].to_numpy(float).sum(0) for df in iter_chunks(run, ["win_0", "win_1"]))
    holm = stats.holm([stats.binom_pvalue(w, last.games, 0.5) for w in wins])
    assert last.seat_edge_p == pytest.approx(float(min(holm))) and bool(last.seat_edge) == (min(holm) < 0.05)
    md = (tmp_path / "tune" / "report.md").read_text()
    assert "most lead changes" in md and "seat edge p" in md and "lead changes [95% CI]" in md
    assert res["best"]["merchant_bonus_vp"] == int(last.merchant_bonus_vp)


def _seats(path, **kw):
    base = dict(kind="seats", game=GAME, players=3, games=300, seed=4, strategies="random")
    base.update(kw)
    return run_study(Study(**base), path, progress=False)


def test_compare_shows_flow_figures_paired_and_unpaired(tmp_path):
    a = _seats(tmp_path / "a")
    b = _seats(tmp_path / "b", params={"merchant_bonus_vp": 10})      # same seeds: paired
    c = _seats(tmp_path / "c", seed=9)                                # other seeds: Welch
    out = tmp_path / "cmp"
    assert main(["compare", str(a), str(b), str(c), "--out", str(out), "--quiet"]) == 0
    ft = pd.read_csv(out / "compare_flow.csv")
    assert {"flow_lead_changes", "flow_drama", "flow_decided_at", "flow_margin"} <= set(ft["figure"])
    pb = ft[(ft["run"] == 1) & (ft["figure"] == "flow_margin")].iloc[0]
    pc = ft[(ft["run"] == 2) & (ft["figure"] == "flow_margin")].iloc[0]
    assert pb.paired and not pc.paired
    # the paired difference is the mean of the per-seed differences (rotations averaged first)
    per = {}
    for name, run in (("a", a), ("b", b)):
        df = pd.concat(iter_chunks(run, ["game", "flow_margin"]))
        per[name] = df.groupby("game")["flow_margin"].mean()
    d = (per["b"] - per["a"]).dropna()
    assert pb.pairs == len(d) and pb["diff"] == pytest.approx(d.mean())
    assert pb.low < pb["diff"] < pb.high and pc.low < pc["diff"] < pc.high
    assert pb.a == pytest.approx(_column_mean(a, "flow_margin"))
    md = (out / "report.md").read_text()
    assert "## Game flow" in md and "Welch" in md and "paired (" in md
    verdict = md.split("## Verdict")[1].split("\n## ")[0]
    assert "game flow" in verdict
