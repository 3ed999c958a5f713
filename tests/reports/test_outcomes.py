"""Outcomes of play are described, not judged (reports/outcomes.py): Troja's design report said
"Won: too strong" and "Lost: too weak" for a seat's side ahead or behind in the war at the end,
two verdict lines no designer can act on. Declared as `outcomes`, they get their win rates and
lifts, and no verdict, family median or regression check."""
from __future__ import annotations

import numpy as np
import pytest

import sim
from reports import build_report
from reports.component_effect import OUTCOME, summary
from reports.component_study import component_table, fold_components
from reports.components import parse_sections
from tests.reports.test_components import EXTRA, PLAYERS, _frame, _spec, _write

WAR = ("Side in the war at the end", "war_", {"war_won": "on the side ahead", "war_lost": "on the side behind"})


def _war_frame(n=12000, seed=4):
    """The components test's games, with two sides (seats 0, 2 and 1, 3): the winner's side is ahead
    in the war in 70% of games, behind in 20%, level in 10% (ahead: about 35% win rate against 15%)."""
    df = _frame(n, seed)
    win = df[[f"win_{k}" for k in range(PLAYERS)]].to_numpy()
    side = np.arange(PLAYERS) % 2
    rng = np.random.default_rng(seed)
    u = rng.random(len(df))
    winner_side = side[win.argmax(axis=1)]
    ahead = np.where(u < 0.7, winner_side, np.where(u < 0.9, 1 - winner_side, -1))
    for k in range(PLAYERS):
        df[f"war_won_{k}"] = (ahead == side[k]).astype(np.int64)
        df[f"war_lost_{k}"] = ((ahead >= 0) & (ahead != side[k])).astype(np.int64)
    return df


@pytest.fixture(scope="module")
def war_run(tmp_path_factory):
    return _write(tmp_path_factory.mktemp("war") / "run", _war_frame())


def test_an_outcome_is_described_in_the_seats_report_not_judged(war_run):
    res = build_report(war_run, n_boot=50, game_spec=_spec({**EXTRA, "outcomes": [WAR]}))
    md = (war_run / "report.md").read_text()
    tab = res["outcomes_war"].set_index("component")
    assert list(tab.index) == ["on the side ahead", "on the side behind"]
    assert not any(c.startswith(("verdict", "flag", "adj_")) for c in tab.columns)
    assert tab.loc["on the side ahead", "win_rate_with"] > 0.3 > 0.2 > tab.loc["on the side behind", "win_rate_with"]
    assert "## Side in the war at the end" in md and (war_run / "outcomes_war.csv").exists()
    line = next(x for x in md.splitlines() if x.startswith("- **Side in the war at the end**"))
    assert "outcomes of play, described, not judged" in line and "on the side ahead" in line and "fair 25.0%" in line
    assert "too strong" not in line and "too weak" not in line
    verdict = md.split("## Verdict", 1)[1].split("\n## ", 1)[0]
    assert "side ahead" not in verdict and "side behind" not in verdict
    assert "Strong" in verdict                      # the real component keeps its verdict


def test_an_outcome_gets_no_verdict_median_or_regression_in_a_component_study(war_run):
    as_component = _spec({"components": [("Heroes", "has_"), ("War", "war_")]})
    tab = component_table(*fold_components(war_run, as_component)).set_index("label")
    assert tab.loc["Won", "flag"] == "strong" and tab.loc["Lost", "flag"] == "weak"    # what it used to say
    counts, games, pp = fold_components(war_run, _spec({**EXTRA, "outcomes": [WAR]}))
    tab = component_table(counts, games, pp).set_index("label")
    for lab in ("on the side ahead", "on the side behind"):
        assert tab.loc[lab, "verdict"] == OUTCOME and tab.loc[lab, "flag"] == ""
        assert not np.isfinite(tab.loc[lab, "adj_points"]) and not np.isfinite(tab.loc[lab, "reg_points"])
    assert tab.loc["on the side ahead", "lift_points"] > 15          # still described
    assert tab.loc["Strong", "flag"] == "strong"
    assert "2 outcomes of play (described, not judged)" in summary(tab.reset_index())


def test_outcomes_are_declared_well_formed():
    assert parse_sections({"outcomes": [WAR]})["outcomes"] == [WAR]
    for bad in ([("War", "war_")], [("War", "war_", ["ahead"])], [("", "war_", {})]):
        with pytest.raises(ValueError):
            parse_sections({"outcomes": bad})


def test_troja_declares_the_war_an_outcome_not_a_component():
    decl = parse_sections(sim.get_game("troja").extra)
    assert [p for _, p in decl["components"]] == [] and [p for _, p, _ in decl["outcomes"]] == ["war_"]
    assert set(decl["outcomes"][0][2]) == {"war_won", "war_lost"}


def test_an_outcome_category_is_listed_unjudged(war_run):
    """Mare Nostrum's roles held at the end were 'roles_last = Statesman+Military: too strong'. Declared
    an outcome category, its categories are described, not judged; a plain category still is."""
    extra = {**EXTRA, "categorical_seat": {"civ": ["Atlantis", "Babylon", "Carthage", "Egypt"]}}
    judged = component_table(*fold_components(war_run, _spec(extra))).set_index("label")
    assert judged.loc["civ = Babylon", "flag"] == "strong"
    tab = component_table(*fold_components(war_run, _spec({**extra, "outcome_categories": ["civ"]}))).set_index("label")
    assert (tab.loc[[f"civ = {c}" for c in ("Atlantis", "Babylon")], "verdict"] == OUTCOME).all()
    assert tab.loc["civ = Babylon", "win_rate_with"] == judged.loc["civ = Babylon", "win_rate_with"]
    assert tab.loc["Strong", "flag"] == "strong"
    with pytest.raises(ValueError, match="civ"):
        parse_sections({**extra, "outcome_categories": ["roles"]})
    assert parse_sections(sim.get_game("mare-nostrum").extra)["outcome_categories"] == ["roles_last", "high_priest_band"]


def test_a_component_that_ends_the_game_is_judged_by_its_causal_check(war_run):
    """Glory to Rome's Catacomb ends the game when completed, and a player completes it when ahead: 97%
    of its holders won and it was 'too strong, +72.9'. That measures the timing, so it is not judged;
    the verdict names the causal check (its power switch) instead."""
    from reports.component_effect import ENDS_GAME, causal_check
    res = build_report(war_run, n_boot=50, game_spec=_spec({**EXTRA, "game_enders": ["has_strong"]}))
    tab = res["components_has"].set_index("component")
    assert tab.loc["Strong", "verdict"] == ENDS_GAME and tab.loc["Strong", "flag"] == ""
    assert tab.loc["Weak", "flag"] == "weak"
    verdict = (war_run / "report.md").read_text().split("## Verdict", 1)[1].split("\n## ", 1)[0]
    line = next(x for x in verdict.splitlines() if x.startswith("- Strong:"))
    assert ENDS_GAME in line and "holders won" in line and "causal check" in line
    assert "too strong" not in line
    gtr = sim.get_game("glory-to-rome")
    assert parse_sections(gtr.extra)["game_enders"] == ["built_catacomb"]
    assert "--set power_catacomb=false" in causal_check(gtr, "Catacomb", "built_catacomb", "glory-to-rome", 4)


def test_a_game_ender_must_name_a_declared_component():
    """A typo would silently leave the Catacomb judged: the declaration is checked against the prefixes."""
    assert parse_sections({**EXTRA, "game_enders": ["has_strong"]})["game_enders"] == ["has_strong"]
    for bad in (["built_catacomb"], "has_strong", [3]):
        with pytest.raises(ValueError, match="has_"):
            parse_sections({**EXTRA, "game_enders": bad})


def test_a_count_held_at_the_end_can_be_an_outcome(war_run, monkeypatch):
    """Magna Grecia's oracles held at the end score oracle_points each: 'holds an oracle: too strong,
    +15.1 vs its family's median' compared that part of the score with actions (merging cities,
    selling markets). A threshold (count >= 1) declared "outcome" is described in its own family,
    not judged, and not stratified on by the other components; the outcome line gives both sides."""
    from reports import component_study as cs
    from reports.outcomes import outcome_line
    monkeypatch.setitem(cs.THRESHOLDS, "comp-game", [("Counts at the end", "has_count", "holding a count", "outcome")])
    counts, games, pp = fold_components(war_run, _spec())
    tab = component_table(counts, games, pp).set_index("label")
    row = tab.loc["holding a count"]
    assert row["verdict"] == OUTCOME and row["family"] == "Counts at the end" and row["flag"] == ""
    df = _war_frame()
    assert row["seat_games"] == sum((df[f"has_count_{k}"] >= 1).sum() for k in range(PLAYERS))   # a threshold, kept
    assert tab.loc["Strong", "flag"] == "strong"
    line = outcome_line(tab.loc[["holding a count"]].reset_index(), "Counts at the end", PLAYERS)
    assert "holding a count" in line and ", without it " in line and "fair 25.0%" in line
    mg = [t for t in cs.THRESHOLDS["magna-grecia"] if t[1] == "oracles"]
    assert mg == [("Oracles at the end", "oracles", "holding an oracle at the end", "outcome")]


def test_a_component_no_seat_without_won_is_a_condition_not_a_strength():
    """Magna Grecia's 101 seat-games without an oracle takeover won none: 'took over an oracle: too
    strong, +25.5' was the with-rate of 99.4% of seats against zero. Not judged, either side."""
    import pandas as pd
    from reports.component_study import unjudged
    tab = pd.DataFrame({"label": ["takeover", "avoided", "few", "plain"], "alias": "",
                        "seat_games_without": [101, 300, 60, 5000], "wins_without": [0, 300, 0, 1100]})
    reason, verdict = unjudged(tab, [15899, 1000, 15940, 11000], [4000, 200, 4000, 2900])
    assert list(verdict) == ["no seat without it won", "every seat without it won", "", ""]
    assert reason[0].startswith("no seat without it won: a condition of winning")
    s = summary(pd.DataFrame({"label": tab["label"], "flag": "", "enough": True, "unjudged": reason,
                              "verdict": verdict, "adj_points": np.nan}))
    assert "1 held by every winner (a condition of winning, not judged)" in s and "1 held by no winner" in s
