"""`agon compare`: runs side by side, paired on shared seeds; a rule variant played on the same seeds."""
import pandas as pd

from experiments.cli import main
from experiments.runner import Study, run_study


def _seats(path, **kw):
    base = dict(kind="seats", game="pig", players=3, games=3000, seed=4, strategies="greedy")
    base.update(kw)
    return run_study(Study(**base), path, progress=False)


def test_compare_pairs_runs_on_shared_seeds(tmp_path):
    a = _seats(tmp_path / "a")
    b = _seats(tmp_path / "b", params={"handicap": 6})          # seats 1, 2 start with 6 points
    c = _seats(tmp_path / "c", params={"handicap": 6}, seed=9)  # same rule, other seeds: unpaired
    out = tmp_path / "cmp"
    assert main(["compare", str(a), str(b), str(c), "--out", str(out), "--quiet"]) == 0
    tab = pd.read_csv(out / "compare.csv")
    pb, pc = tab[(tab["run"] == 1) & (tab["seat"] == 0)].iloc[0], tab[(tab["run"] == 2) & (tab["seat"] == 0)].iloc[0]
    assert pb.paired and not pc.paired and pb.seeds == 3000
    assert pb.high < 0 and pc.high < 0                           # the handicap costs seat 0
    assert pb.high - pb.low < pc.high - pc.low                   # pairing narrows the interval
    md = (out / "report.md").read_text()
    verdict = md.split("## Verdict")[1].split("\n## ")[0]
    assert "B (`handicap` = 6) against A: seat 0 -" in verdict and "paired over 3,000 shared seeds" in verdict
    assert "unpaired (different seeds)" in verdict
    assert (out / "report.html").exists() and (out / "compare.png").exists()


def test_compare_plays_a_rule_variant_and_shows_the_component_change(tmp_path):
    """The causal check of a component: switch its effect off on the same seeds. Pig's lucky charm
    is worth `charm_points`; with charm_points 0 its effect disappears."""
    a = _seats(tmp_path / "strong", params={"charm_points": 10})
    out = tmp_path / "cmp"
    assert main(["compare", str(a), "--set", "charm_points=0", "--out", str(out), "--quiet"]) == 0
    assert (out / "variant-charm_points-0" / "run.json").exists()   # inside the comparison folder
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cmp", "strong"]   # nothing written beside it
    md = (out / "report.md").read_text()
    assert "## Components" in md and "Lucky" in md and "**changed**" in md
    verdict = md.split("## Verdict")[1].split("\n## ")[0]
    assert "components whose effect changed" in verdict and "Lucky" in verdict


def test_compare_bad_input(tmp_path, capsys):
    a = _seats(tmp_path / "a", games=30)
    assert main(["compare", str(a), "--out", str(tmp_path / "x")]) == 2
    assert "two or more run folders" in capsys.readouterr().err
    assert main(["compare", str(a), str(tmp_path / "nope"), "--out", str(tmp_path / "x")]) == 2
    assert "not a run folder" in capsys.readouterr().err
