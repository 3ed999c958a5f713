"""A component verdict a designer can act on: the regression check can withdraw it, and a component
that is a category in disguise is not judged twice (reports/component_effect.regression_check,
reports/component_study.component_table)."""
from __future__ import annotations

import json
import warnings

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from reports.component_effect import UNCLEAR, regression_check, regression_effects, summary
from reports.components_report import unclear_lines


def _row(label, family, basis, flag, reg, half=0.7):
    return {"label": label, "family": family, "basis": basis, "flag": flag,
            "verdict": {"strong": "too strong", "weak": "too weak", "": "no effect shown"}[flag],
            "reg_points": reg, "reg_low": reg - half, "reg_high": reg + half,
            "adj_points": 1.0, "adj_low": 0.5, "adj_high": 1.5, "enough": True,
            "vs_family_points": 1.0, "vs_family_low": 0.5, "vs_family_high": 1.5}


def test_a_verdict_the_regression_contradicts_is_withdrawn():
    """Magna Grecia's pattern: 'took over an oracle' too strong by the stratified contrast, while the
    regression puts it 4 points *below* its family's median coefficient; 'merged cities' too weak
    while the regression puts it above. Both become unclear; the rows it agrees with stay."""
    tab = pd.DataFrame([
        _row("holds an oracle", "F", "family", "strong", 26.3),
        _row("took over an oracle", "F", "family", "strong", -2.4),
        _row("merged cities", "F", "family", "weak", 5.5),
        _row("sold a market", "F", "family", "weak", -11.8),
        _row("colour = B", "Colour", "effect", "strong", np.nan),     # no regression: verdict stands
        _row("lost", "G", "effect", "weak", -11.8),                   # agrees
        _row("won", "G", "effect", "strong", -3.0),                   # coefficient significantly < 0
    ])
    out = regression_check(tab).set_index("label")
    assert list(out["check"]) == ["agrees", "disagrees", "disagrees", "agrees", "", "agrees", "disagrees"]
    for lab in ("took over an oracle", "merged cities", "won"):
        assert out.loc[lab, "verdict"] == UNCLEAR and out.loc[lab, "flag"] == ""
    assert out.loc["holds an oracle", "verdict"] == "too strong" and out.loc["colour = B", "flag"] == "strong"
    # in the verdict's terms: the coefficient minus the family's median coefficient (median of 4: 1.55)
    assert abs(out.loc["took over an oracle", "check_points"] - (-2.4 - 1.55)) < 1e-9
    assert out.loc["took over an oracle", "check_high"] < 0 < out.loc["merged cities", "check_low"]
    assert out.loc["won", "check_points"] == -3.0
    # said as such: the summary counts them apart and the verdict list gives both figures
    s = summary(out.reset_index())
    assert "2 of 7 too strong, 2 too weak, 3 unclear" in s
    line = " ".join(unclear_lines(out.reset_index()))
    assert "took over an oracle" in line and "-4.0" in line and "neither is a finding" in line


def test_a_check_that_does_not_lie_across_zero_leaves_the_verdict():
    """A regression near zero (interval across it) does not contradict: only a check significantly
    on the other side withdraws a verdict."""
    tab = pd.DataFrame([_row("a", "G", "effect", "strong", -0.3, half=1.0)])
    out = regression_check(tab)
    assert out["check"].iloc[0] == "agrees" and out["verdict"].iloc[0] == "too strong"


def _civ_run(tmp_path, n=6000, p=3, seed=5):
    """Three civilizations dealt one per seat; each civ owns its hero from the start (held exactly
    when the civ is), and two recruitable heroes are bought at random. Civ A is strong."""
    from sim.spec import GameSpec, ParamTable, StrategyInfo
    rng = np.random.default_rng(seed)
    civ = np.array([rng.permutation(p) for _ in range(n)])
    r1, r2 = rng.random((n, p)) < 0.3, rng.random((n, p)) < 0.3
    strength = 1.0 + 2.0 * (civ == 0) + 1.0 * r1 + 1.0 * r2
    win = np.zeros((n, p))
    win[np.arange(n), [rng.choice(p, p=s / s.sum()) for s in strength]] = 1
    cols = {"game": np.arange(n), "rotation": np.zeros(n, int), "arm": np.zeros(n, int), "turns": np.full(n, 30)}
    for k in range(p):
        cols.update({f"win_{k}": win[:, k], f"score_{k}": win[:, k], f"rank_{k}": 2 - win[:, k],
                     f"strategy_{k}": ["random"] * n, f"civ_{k}": civ[:, k],
                     f"hero_civa_{k}": (civ[:, k] == 0).astype(int), f"hero_civb_{k}": (civ[:, k] == 1).astype(int),
                     f"hero_civc_{k}": (civ[:, k] == 2).astype(int),
                     f"hero_recruit1_{k}": r1[:, k].astype(int), f"hero_recruit2_{k}": r2[:, k].astype(int)})
    run = tmp_path / "run"
    (run / "results").mkdir(parents=True)
    pq.write_table(pa.Table.from_pandas(pd.DataFrame(cols)), run / "results" / "chunk-00000.parquet")
    (run / "run.json").write_text(json.dumps({"players": p, "game": "x", "strategies": ["random"] * p}))
    metrics = ("civ", "hero_civa", "hero_civb", "hero_civc", "hero_recruit1", "hero_recruit2")
    spec = GameSpec(name="x", title="x", player_counts=(p,), default_players=p, params=ParamTable([]),
                    strategies=(StrategyInfo("random", 0, ""),), play_batch=None, play_traced=None,
                    seat_metrics=metrics, extra={"components": [("Heroes", "hero_")],
                                                 "categorical_seat": {"civ": ["A", "B", "C"]}})
    return run, spec


def test_a_component_held_exactly_when_a_category_is_is_judged_as_that_category(tmp_path):
    """Mare Nostrum's civ heroes are owned from the start: Hammurabi is Babylon. Judged as heroes
    against the recruited ones, Hammurabi came out 'too strong' for being Babylon, and the six civ
    heroes (one per seat) made the regression's design rank-deficient, so its coefficients were
    one arbitrary solution. Now they are 'same as civ = X', leave the family and the regression."""
    from reports.component_study import component_table, fold_components
    run, spec = _civ_run(tmp_path)
    counts, games, pp = fold_components(run, spec)
    assert dict(zip(counts["label"], counts["alias"])) == {
        "Civa": "civ = A", "Civb": "civ = B", "Civc": "civ = C", "Recruit1": "", "Recruit2": "",
        "civ = A": "", "civ = B": "", "civ = C": ""}
    with warnings.catch_warnings():
        warnings.simplefilter("error")          # no rank-deficient fit left
        tab = component_table(counts, games, pp).set_index("label")
    assert tab.loc["Civa", "verdict"] == "same as civ = A" and tab.loc["Civa", "flag"] == ""
    assert not np.isfinite(tab.loc["Civa", "adj_points"]) and not np.isfinite(tab.loc["Civa", "reg_points"])
    assert tab.loc["civ = A", "flag"] == "strong"                      # judged once, as the category
    assert np.isfinite(tab.loc["Recruit1", "reg_points"]) and tab.loc["Recruit1", "reg_low"] > 0
    s = summary(tab.reset_index())
    assert "3 held exactly when a category is" in s and "too few to judge" not in s


def test_regression_gives_no_check_when_the_indicators_add_up_to_a_constant():
    rng = np.random.default_rng(0)
    n = 3000
    civ = rng.integers(0, 3, n)
    df = pd.DataFrame({"game": np.arange(n) // 3, "seat": np.arange(n) % 3, "win": rng.random(n) < 0.3,
                       "a": (civ == 0).astype(float), "b": (civ == 1).astype(float), "c": (civ == 2).astype(float),
                       "x": (rng.random(n) < 0.5).astype(float)})
    assert regression_effects([df], {"civs": ["a", "b", "c"], "x": ["x"]}).keys() == {"x"}
    assert regression_effects([df], {"two": ["a", "b"]}).keys() == {"a", "b"}


def test_a_component_every_holder_won_is_a_way_to_win_not_a_strength():
    """Mare Nostrum's Pyramids win the game when built: 'too strong, +83 points' described the
    rule. Every holder won (or none did) -> not judged, out of the family's median."""
    from reports.component_study import unjudged
    tab = pd.DataFrame({"label": ["Pyramids", "Colossus", "Doom", "Rare", "Hammurabi"],
                        "alias": ["", "", "", "", "civ = Babylon"]})
    reason, verdict = unjudged(tab, [3800, 7100, 500, 40, 8000], [3800, 2500, 0, 40, 2700])
    assert list(verdict) == ["every holder won", "", "no holder won", "", "same as civ = Babylon"]
    assert reason[0].startswith("every holder won") and reason[1] == "" and reason[3] == ""   # 40 < MIN_HELD
    s = summary(pd.DataFrame({"label": tab["label"], "flag": "", "enough": True, "unjudged": reason,
                              "verdict": verdict, "adj_points": np.nan}))
    assert "1 held exactly when a category is" in s and "1 held only by winners" in s and "1 held only by losers" in s


def test_the_seats_report_judges_components_as_the_component_study_does(tmp_path):
    """The seats report had its own component analysis, which still called Mare Nostrum's civ heroes
    (and the Pyramids) 'too strong' after the component study stopped judging them. Its sections now
    show the study's rows: the civ heroes are 'same as civ = X', the regression check is there."""
    from reports import build_report
    run, spec = _civ_run(tmp_path)
    res = build_report(run, n_boot=50, game_spec=spec)
    tab = res["components_hero"].set_index("component")
    assert list(tab.loc[["Civa", "Civb", "Civc"], "verdict"]) == ["same as civ = A", "same as civ = B", "same as civ = C"]
    assert (tab.loc[["Civa", "Civb", "Civc"], "flag"] == "").all() and np.isfinite(tab.loc["Recruit1", "reg_points"])
    md = (run / "report.md").read_text()
    verdict = md.split("## Verdict", 1)[1].split("\n## ", 1)[0]
    assert "Civa" not in verdict and "| regression (pts) [95% CI] |" in md


def test_the_family_median_member_is_named_not_given_a_zero_width_interval():
    """In a family of three the middle member is the reference in every bootstrap draw: Magna Grecia's
    'merged cities' read '+0.0 [+0.0, +0.0]', an interval no estimate has."""
    from types import SimpleNamespace
    from reports.component_effect import family_contrast, family_text
    vs, se = family_contrast(np.array([25.5, 7.9, -13.0]), np.array([0.4, 0.7, 0.7]))
    assert se[1] == 0 and se[0] > 0
    mid = SimpleNamespace(vs_family_points=vs[1], vs_family_low=vs[1], vs_family_high=vs[1])
    assert family_text(mid) == "0: the family's median member"
    top = SimpleNamespace(vs_family_points=vs[0], vs_family_low=vs[0] - 1.96 * se[0], vs_family_high=vs[0] + 1.96 * se[0])
    assert family_text(top).startswith("+17.6 [")
