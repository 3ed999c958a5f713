"""What a report says of --adapt's retrained players and their player checks (reports/adapted.py,
experiments/adapt.check)."""
import json

import pytest

from experiments import adapt
from reports.adapted import arm_items, flagged_warning
from sim import get_game


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


def test_a_cached_check_is_read_not_played(tmp_path, monkeypatch):
    """The check is cached beside its weights file (the file's name holds the rules, the folder the players'
    sources), so a second run of the same arm does not play it again."""
    import experiments.check_players as cp
    spec = get_game("troja")
    w = tmp_path / "troja-4p-abc.toml"
    w.write_text("[weights]\n")
    doc = {"checked": True, "games": 200, "option_games": 30, "flags": [], "command": "agon check-players troja"}
    adapt.check_path(w).write_text(json.dumps(doc))
    monkeypatch.setattr(cp, "run_checks", lambda *a, **k: pytest.fail("played again"))
    assert adapt.check(spec, 4, {}, "greedy", w, 20_000, progress=False) == doc


def test_check_sizes_are_a_tenth_of_the_training_at_most_check_players_defaults():
    assert adapt.check_sizes(20_000) == (200, 30, 500)
    assert adapt.check_sizes(200) == (20, 5, 10)
    assert adapt.check_sizes(3_000) == (200, 30, 75)
