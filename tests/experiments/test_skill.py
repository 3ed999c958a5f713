"""`agon skill`: the skill trace, on the Pig fixture (its greedy player's `hold_at` is the ladder's
knob; holding later wins more at Pig's target of 30) and the one-line errors on the real games."""
import math

import numpy as np
import pandas as pd
import pytest
from statsmodels.stats.proportion import proportion_confint

from experiments.cli import main
from reports.data import iter_chunks
from reports.skill import skill_share


def _strong_wins(rung, players):
    """(win shares summed, seat-games, seat-games per seat) of the rung's stronger player, folded
    straight from the result chunks."""
    wins, n, per_seat = 0.0, 0, np.zeros(players)
    cols = [f"win_{k}" for k in range(players)] + [f"strategy_{k}" for k in range(players)]
    for df in iter_chunks(rung, cols):
        for k in range(players):
            mine = df[f"strategy_{k}"].astype(str) == f"greedy:hold_at={int(rung.name)}"
            wins += float(df.loc[mine, f"win_{k}"].sum())
            n += int(mine.sum())
            per_seat[k] += int(mine.sum())
    return wins, n, per_seat


@pytest.mark.parametrize("players,games", [(2, 400), (3, 300)])
def test_trace_rungs_rates_and_intervals(tmp_path, players, games):
    out = tmp_path / "skill"
    assert main(["skill", "pig", "--players", str(players), "--games", str(games), "--budgets", "8,4",
                 "--out", str(out), "--quiet"]) == 0
    tab = pd.read_csv(out / "skill_trace.csv")
    assert tab["budget"].tolist() == [4, 8] and tab["half"].tolist() == [2, 4]          # sorted, each against half
    assert tab["strong"].tolist() == ["greedy:hold_at=4", "greedy:hold_at=8"]
    assert tab["weak"].tolist() == ["greedy:hold_at=2", "greedy:hold_at=4"]
    for r in tab.itertuples():
        wins, n, per_seat = _strong_wins(out / "rungs" / str(r.budget), players)
        assert n == games == r.games                                   # one stronger player per game
        assert np.all(per_seat == games // players)                    # in every seat equally often
        lo, hi = proportion_confint(wins, n, alpha=0.05, method="wilson")
        assert r.win_rate == pytest.approx(wins / n) and r.low == pytest.approx(lo) and r.high == pytest.approx(hi)
        fair = 1 / players
        assert r.skill_share == pytest.approx((wins / n - fair) / (1 - fair))
        assert r.share_low == pytest.approx((lo - fair) / (1 - fair))
        assert r.low > fair          # holding at 2x the turn total is a real skill edge at Pig
    md = (out / "report.md").read_text()
    assert "Skill share" in md and "What this sample cannot conclude" in md and "Estimand" in md
    assert (out / "skill_trace.png").stat().st_size > 1000


def test_skill_share_maps_the_interval():
    assert skill_share(0.75, 0.7, 0.8, 2) == pytest.approx((0.5, 0.4, 0.6))
    share, lo, hi = skill_share(0.25, 0.2, 0.3, 4)
    assert share == pytest.approx(0.0) and lo < 0 < hi and math.isclose(hi, 0.05 / 0.75)


def test_cannot_conclude_names_a_rung_within_luck(tmp_path):
    """Ten games cannot separate the players: the report says so for that rung."""
    out = tmp_path / "tiny"
    assert main(["skill", "pig", "--games", "10", "--budgets", "4", "--out", str(out), "--quiet"]) == 0
    tab = pd.read_csv(out / "skill_trace.csv")
    md = (out / "report.md").read_text()
    if tab["low"].iloc[0] <= 0.5:
        assert "At budget 4 the interval covers the fair 50.0%" in md
        # no bold headline for a share the sample does not identify
        assert "Skill share not identified" in md and "**Skill share" not in md
    assert "edge below about" in md


def test_trace_headline_only_where_identified():
    from reports.skill import trace_findings
    meta = {"players": 4, "ladder": {"strategy": "ismcts", "what": "iterations", "knob": "search_iterations"}}

    def tab(rate, low, high):
        fair = 0.25
        return pd.DataFrame([{"budget": 32, "half": 16, "games": 40, "win_rate": rate, "low": low, "high": high,
                              "p_value": 0.4, "skill_share": (rate - fair) / 0.75, "share_low": (low - fair) / 0.75,
                              "share_high": (high - fair) / 0.75, "detectable_points": 20.0, "edge_points": 5.0}])
    luck, _ = trace_findings(tab(0.30, 0.181, 0.454), meta)           # Magna Grecia's design report, n = 40
    assert luck[0].startswith("Skill share not identified, 7% [-9%, 27%], at the strongest rung")
    known, _ = trace_findings(tab(0.45, 0.40, 0.50), meta)
    assert known[0].startswith("**Skill share 27% [20%, 33%]** at the strongest rung")


@pytest.mark.parametrize("argv,words", [
    (["skill", "crashy"], "crashy declares no skill ladder"),
    (["skill", "catan", "--budgets", "3"], "budget '3' does not exist for catan"),
    (["skill", "glory-to-rome", "--budgets", "4,x"], "budget 'x' does not exist for glory-to-rome"),
    (["skill", "pig", "--budgets", "4,4"], "each budget may be given once"),
    (["skill", "nosuchgame"], "nosuchgame"),
])
def test_bad_input_is_one_line(tmp_path, capsys, argv, words):
    assert main(argv + ["--out", str(tmp_path / "x")]) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and len(err.splitlines()) == 1
    assert not (tmp_path / "x").exists()
