"""The "Game flow" report section: folded from chunk files (the same figures however the run is
chunked), every figure with its sample size and a 95% interval, the P(win | leading at t) plot and
the comeback table; in `agon report` and in a design report."""
import math
import re

import numpy as np
import pandas as pd
import pytest

from reports import flow as flow_mod
from reports.doc import Doc


def frame(rows):
    """A chunk of two-player games: (lead_won_at_50pct, max_deficit seat 0, seat 1, win seat 0)."""
    df = pd.DataFrame(rows, columns=["flow_lead_won_at_50pct", "flow_max_deficit_0", "flow_max_deficit_1", "win_0"])
    df["win_1"] = 1.0 - df["win_0"]
    df["flow_turns"] = 10
    df["flow_winner_turns_behind"] = np.where(df["win_0"] == 0.5, np.nan, df["flow_max_deficit_0"])
    df["flow_lead_changes"] = (df["flow_max_deficit_0"] + df["flow_max_deficit_1"]) % 4
    return df


ROWS = [(1.0, 0, 3, 1.0), (0.0, 2, 0, 0.0), (np.nan, 5, 5, 0.5), (1.0, 0, 1, 1.0)]


def test_fold_counts_by_hand():
    fc = flow_mod.fold_flow([frame(ROWS)], 2)
    prog = flow_mod.progress_table(fc).set_index("progress_pct")
    assert prog.loc[50, "games"] == 4 and prog.loc[50, "sole_leader"] == 3      # the tied lead left out
    assert prog.loc[50, "p_win"] == pytest.approx(2 / 3)
    assert prog.loc[50, "ci_low"] < 2 / 3 < prog.loc[50, "ci_high"]
    cb = flow_mod.comeback_table(fc).set_index("deficit")
    # deficits 0 (won, won), 3 (lost), 2 (lost), 0 (won), 5 and 5 (half each), 0 (won), 1 (lost)
    assert cb.loc["0 (never behind)", "seats"] == 3 and cb.loc["0 (never behind)", "wins"] == 3
    assert cb.loc["1", "wins"] == 0 and cb.loc["2", "seats"] == 1 and cb.loc["3-4", "seats"] == 1
    assert cb.loc["5-8", "seats"] == 2 and cb.loc["5-8", "win_rate"] == 0.5
    fig = flow_mod.figures_table(fc).set_index("figure")
    assert fig.loc["flow_lead_changes", "value"] == pytest.approx(2.0)           # 3, 2, 2, 1
    assert fig.loc["flow_lead_changes", "games"] == 4
    lo, hi = fig.loc["flow_lead_changes", ["ci_low", "ci_high"]]
    sd = np.std([3, 2, 2, 1], ddof=1)
    from scipy import stats
    assert hi - 2.0 == pytest.approx(stats.t.ppf(0.975, 3) * sd / 2) == pytest.approx(2.0 - lo)
    assert fig.loc["flow_won_from_behind", "games"] == 3                        # the shared win left out
    assert fig.loc["flow_won_from_behind", "value"] == pytest.approx(1 / 3)


def test_fold_does_not_depend_on_chunking():
    rng = np.random.default_rng(3)
    rows = [(float(rng.integers(0, 2)) if rng.random() < 0.8 else np.nan, int(rng.integers(0, 20)),
             int(rng.integers(0, 20)), float(rng.integers(0, 2))) for _ in range(400)]
    whole = flow_mod.fold_flow([frame(rows)], 2)
    parts = flow_mod.fold_flow([frame(rows[i:i + 37]) for i in range(0, 400, 37)], 2)
    for f in (flow_mod.figures_table, flow_mod.progress_table, flow_mod.comeback_table):
        pd.testing.assert_frame_equal(f(whole), f(parts))


@pytest.fixture(scope="module")
def gtr_run(tmp_path_factory):
    from experiments.runner import Study, run_study
    return run_study(Study(kind="seats", game="glory-to-rome", players=3, games=120, seed=5, strategies="random",
                           chunk_size=50), tmp_path_factory.mktemp("flow") / "gtr", progress=False)


def test_report_has_the_game_flow_section(gtr_run):
    from reports.render import build_report
    res = build_report(gtr_run, n_boot=50)
    md = (gtr_run / "report.md").read_text()
    assert "## Game flow" in md
    assert "P(win | leading at t)" in md and (gtr_run / "flow_progress.png").stat().st_size > 1000
    fig = res["flow"].set_index("figure")
    assert (fig["games"] > 0).all() and fig.loc["flow_lead_changes", "games"] == 120
    assert (fig["ci_low"] <= fig["value"]).all() and (fig["value"] <= fig["ci_high"]).all()
    prog = res["flow_progress"]
    assert list(prog["progress_pct"]) == list(range(10, 101, 10)) and (prog["games"] == 120).all()
    ok = prog["sole_leader"] > 0
    assert (prog.loc[ok, "ci_low"] <= prog.loc[ok, "p_win"]).all()
    assert prog["p_win"].iloc[-1] > 0.9           # the leader after the last turn nearly always won
    cb = res["flow_comeback"]
    assert cb["seats"].sum() == 3 * 120 and cb["wins"].sum() == pytest.approx(120)
    assert "flow.csv" in res["files"] and "[" in md.split("## Game flow")[1].split("##")[0]   # intervals shown
    assert any(f.startswith("Game flow:") for f in res["findings"])
    section = md.split("## Game flow")[1].split("\n## ")[0]
    shares = re.findall(r"(\d+\.\d)% \[(\d+\.\d), (\d+\.\d)\]", section)
    assert len(shares) >= 12                      # snowball, progress and comeback rates, all with intervals
    for v, lo, hi in shares:
        assert 0 <= float(lo) <= float(v) <= float(hi) <= 100, (v, lo, hi)


def test_design_section_renders(gtr_run, tmp_path):
    from sim import get_game
    built = flow_mod.report_section(gtr_run, 3, "Glory to Rome", get_game("glory-to-rome").flow)
    doc = Doc("test")
    flow_mod.design_section(doc, built, "agon seats glory-to-rome")
    doc.write(tmp_path)
    md = (tmp_path / "report.md").read_text()
    assert "## Game flow" in md and "leader turn" in md and "flow_progress.png" in md
    assert (tmp_path / "flow.csv").exists() and (tmp_path / "flow_progress.png").exists()
    assert math.isfinite(built[4]["flow"].set_index("figure").loc["flow_margin", "ci_high"])


def test_design_report_has_the_game_flow_section(gtr_run, tmp_path):
    """A design folder with the default player count's seats run: its report carries the section."""
    import json
    import shutil
    from reports.design import build
    gdir = tmp_path / "glory-to-rome"
    shutil.copytree(gtr_run, gdir / "seats-3p")
    (gdir / "run.json").write_text(json.dumps({"game": "glory-to-rome", "title": "Glory to Rome", "players": 3,
                                               "strategies": ["random"], "seed": 5, "battery": {}}))
    out = build(gdir)
    md = (gdir / "report.md").read_text()
    assert "## Game flow" in md and (gdir / "flow_progress.png").exists() and (gdir / "flow.csv").exists()
    assert any(s.startswith("Game flow:") for s in out["summary"])
