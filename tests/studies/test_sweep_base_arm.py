"""`agon sweep` plays the rules' value of the swept constant as its base arm, and the report
pairs every other arm with it on the shared seeds."""
import json

from experiments.cli import main


def test_sweep_adds_the_default_as_the_base_arm(tmp_path, capsys):
    out = tmp_path / "sw"
    assert main(["sweep", "pig", "--param", "target=20,40", "--games", "300", "--strategies", "greedy",
                 "--out", str(out), "--quiet"]) == 0
    assert "added target = 30" in capsys.readouterr().err
    arms = json.loads((out / "run.json").read_text())["sweep"]["arms"]
    assert [a["values"]["target"] for a in arms] == [20, 30, 40]
    md = (out / "report.md").read_text()
    assert "| **1 (base)** |" in md and "the default, target = 30" in md
    assert "vs base arm (pts) [95% CI]" in md and "Players do not adapt" in md
    # with --set, the run's value is the base arm
    out2 = tmp_path / "sw2"
    assert main(["sweep", "pig", "--param", "target=20,40", "--set", "target=25", "--games", "200", "--out", str(out2),
                 "--quiet"]) == 0
    arms = json.loads((out2 / "run.json").read_text())["sweep"]["arms"]
    assert [a["values"]["target"] for a in arms] == [20, 25, 40]


def test_a_sweeps_seat_verdict_reads_the_sweep_not_advises_one(tmp_path):
    """The base arm's flagged seat told a designer to "sweep the key constant" in the report of that
    very sweep; it now says where this sweep brings the seat to fair (Pig's handicap: seat 0)."""
    out = tmp_path / "sw"
    assert main(["sweep", "pig", "--players", "3", "--param", "handicap=0,5,10,15", "--games", "600", "--seed", "3",
                 "--out", str(out), "--quiet"]) == 0
    verdict = (out / "report.md").read_text().split("## Verdict")[1].split("\n## ")[0]
    line = next(l for l in verdict.splitlines() if l.startswith("- Seat advantage"))
    assert "seat 0 +" in line and "sweep the key constant" not in line
    assert "Action: set `handicap` near the fair value this sweep finds, about " in line
    assert "--strategies random --set handicap=" in line and "=V`" not in line      # the sweep's own players
