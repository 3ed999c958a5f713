"""Every design report has the player checks as a section (experiments/design.py, reports/design.py)."""
import json

from experiments.design import Battery, load_batteries, run_one


def test_design_report_has_the_players_section(tmp_path):
    b = Battery(game="catan", players=3, strategies="greedy", seats={3: 6}, sweep_values=[], tournament=[],
                skill=["greedy", "ismcts"], skill_games=3, check_games=3, check_option_games=2,
                check_confirm_games=4)
    gdir = run_one(b, tmp_path / "catan", jobs=1, progress=False, command="agon design-report catan --scale 0.01")
    md = (gdir / "report.md").read_text()
    assert "## Players: degeneracy checks" in md and "[Players: degeneracy checks]" in md   # section + contents
    checks = json.loads((gdir / "players" / "checks.json").read_text())
    # the skill level's player is checked too: the report restates its findings for it
    assert checks["command"].startswith("agon check-players catan --players 3 --strategies greedy,ismcts --games 3")
    summary = md.split("## Executive summary")[1].split("##")[0]
    assert "`greedy`" in summary and "`ismcts`" in summary   # a summary line per strategy


def test_design_config_scales_the_check_sample():
    b = load_batteries(["catan"], None, 0.5, 1)[0]
    assert b.check_games == 50 and b.check_option_games == 10 and b.check_confirm_games == 50
