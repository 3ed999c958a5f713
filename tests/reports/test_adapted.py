"""What a report says of --adapt's retrained players and their player checks (reports/adapted.py,
experiments/weights_check.py)."""
import pytest

from experiments import weights as wmod
from experiments import weights_check
from reports.adapted import arm_items, flagged_warning


def _meta(flags_at_13):
    def checks(flags):
        return {"greedy": {"checked": True, "games": 200, "option_games": 30, "flags": flags}}
    fight = [{"check": "family never used", "text": "never uses **take over** in 1200 seat-games"}]
    return {"sweep": {"arms": [{"arm": 0, "values": {"cost_pyramids": 12}}, {"arm": 1, "values": {"cost_pyramids": 13}}]},
            "adapt": {"arms": [{"arm": 0, "weights": {"tuned": "weights a.toml"}, "checks": checks([])},
                               {"arm": 1, "weights": {"tuned": "weights b.toml"},
                                "checks": checks(fight if flags_at_13 else [])}]}}


def test_a_flagged_arm_is_named_and_a_clean_run_says_nothing():
    meta = _meta(True)
    warn = flagged_warning(meta)
    assert "cost_pyramids=13 (family never used)" in warn and "cost_pyramids=12" not in warn
    items = arm_items(meta)
    assert "arm 0 (cost_pyramids=12): weights a.toml - player check: no flag in 200 checked games" in items
    assert "arm 1 (cost_pyramids=13): weights b.toml - player check: **flagged** (family never used: never uses" in items
    assert flagged_warning(_meta(False)) is None


def test_a_recorded_check_is_read_not_played_and_a_missing_one_is_written(tmp_path, monkeypatch):
    """A file's check is recorded in it (`player_check`), so a second run of the same arm does not play it again;
    a file trained before the checks is checked once and rewritten with its check, weights unchanged."""
    import experiments.check_players as cp
    w = tmp_path / "troja-4p-abc.toml"
    doc = {"game": "troja", "players": 4, "strategy": "greedy", "overrides": {},
           "training": {"budget_games": 400, "run_seed": 3}, "weights": {"tokens": 1.5}}
    wmod.write(w, doc)
    played = []
    flags = [{"check": "self-defeating game end", "text": "planted"}]

    def fake(check, jobs, progress):
        played.append((check.strategies, check.games, check.seed))
        return {"strategies": [{"flags": [{**f, "commands": ["x"]} for f in flags]}]}
    monkeypatch.setattr(cp, "run_checks", fake)
    got = weights_check.ensure_checked(w, progress=False)
    assert played == [(["greedy:tokens=1.5"], 40, 3)] and got["flags"] == flags
    again = wmod.read(w)
    assert again["player_check"] == got and again["weights"] == doc["weights"]
    monkeypatch.setattr(cp, "run_checks", lambda *a, **k: pytest.fail("played again"))
    assert weights_check.ensure_checked(w, progress=False) == got
    assert weights_check.summary(got) == "player check FLAGS: self-defeating game end"


def test_check_sizes_are_a_tenth_of_the_training_at_most_check_players_defaults():
    assert weights_check.sizes(20_000) == (200, 30, 500)
    assert weights_check.sizes(200) == (20, 5, 10)
    assert weights_check.sizes(3_000) == (200, 30, 75)


def test_a_sweep_report_puts_the_flagged_arms_first_in_its_verdict(tmp_path):
    """The flagged arms qualify every verdict of the run, so the report says so before them (and under Design
    and "What this run cannot conclude"). A real sweep of Pig is re-rendered with one arm's check flagged."""
    import json
    import subprocess
    import sys

    from tests.conftest import ROOT, agon_env
    out = tmp_path / "sw"
    r = subprocess.run([sys.executable, "-m", "experiments.cli", "sweep", "pig", "--players", "2", "--param",
                        "target=30,80", "--games", "40", "--out", str(out), "--quiet"], cwd=ROOT, env=agon_env(),
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    meta = json.loads((out / "run.json").read_text())
    flag = {"check": "self-defeating game end", "text": "planted"}
    meta["adapt"] = {"folder": "x", "arms": [
        {"arm": 0, "weights": {"tuned": "weights a.toml"}, "checks": {"greedy": {"checked": True, "games": 20,
                                                                               "option_games": 5, "flags": []}}},
        {"arm": 1, "weights": {"tuned": "weights b.toml"}, "checks": {"greedy": {"checked": True, "games": 20,
                                                                               "option_games": 5, "flags": [flag]}}}]}
    (out / "run.json").write_text(json.dumps(meta))
    from reports.render import build_report
    build_report(out, n_boot=200)
    md = (out / "report.md").read_text()
    verdict = md.split("## Verdict", 1)[1].split("\n## ", 1)[0]
    first = [x for x in verdict.splitlines() if x.startswith("- ")][0]
    assert first.startswith("- **Adapted players flagged**") and "target=80 (self-defeating game end)" in first
    assert "target=30" not in first
    cannot = md.split("## What this run cannot conclude", 1)[1]
    assert "Adapted players flagged" in cannot
