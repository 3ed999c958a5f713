"""Sections a game declares in GameSpec.extra: components, categorical seat/game metrics,
score parts (reports/components.py), on synthetic run folders with planted effects, plus one
small real Glory to Rome run."""
from __future__ import annotations

import json
import re

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from scipy import stats as st

from reports import build_report, stats
from reports.components import (category_game_table, category_seat_table, component_columns,
                                component_table, parse_sections, score_parts_table)
from reports.aggregate import aggregate_run
from reports.data import load_results
from sim.spec import GameSpec, Param, ParamTable, StrategyInfo
from tests.reports.conftest import linear_sweep, write_run

PLAYERS = 4
CIVS = ["Atlantis", "Babylon", "Carthage", "Egypt"]
ENDS = ["forum", "catacomb", "last_site", "deck", "turn_cap"]
END_P = [0.5, 0.3, 0.2, 0.0, 0.0]
EXTRA = {
    "components": [("Heroes", "has_")],
    "categorical_seat": {"civ": CIVS},
    "categorical_game": {"end_condition": ENDS},
    "score_parts": ["part_a", "part_b"],
}


def _spec(extra=EXTRA):
    return GameSpec(name="comp-game", title="Component Game", player_counts=(PLAYERS,), default_players=PLAYERS,
                    params=ParamTable([Param("oracle_points", 2, 0, 9, "points")]),
                    strategies=(StrategyInfo("random", 0, "uniform"),), play_batch=None, play_traced=None,
                    extra=extra)


def _frame(n, seed):
    """n games, 4 seats. Civs are a random permutation per game (balanced); Babylon's seat is
    twice as likely to win (40% vs 20%). has_strong: held by the winner with p 0.48, by the
    others with p 0.30 (P(win | held) - P(win | not) = 0.348 - 0.198 = +15 points); has_neutral:
    p 0.4 for everyone; has_weak: 0.20 vs 0.35 (-13.1 points); has_count: 0..3 (not a flag).
    score = part_a + part_b + c (c unlisted, mean 1); the winner tops up part_a to lead."""
    rng = np.random.default_rng(seed)
    civ = np.argsort(rng.random((n, PLAYERS)), axis=1)
    weight = np.where(civ == 1, 2.0, 1.0)
    cum = np.cumsum(weight / weight.sum(axis=1, keepdims=True), axis=1)
    winner = np.minimum((rng.random(n)[:, None] > cum).sum(axis=1), PLAYERS - 1)
    is_w = np.zeros((n, PLAYERS), bool)
    is_w[np.arange(n), winner] = True
    strong = rng.random((n, PLAYERS)) < np.where(is_w, 0.48, 0.30)
    neutral = rng.random((n, PLAYERS)) < 0.4
    weak = rng.random((n, PLAYERS)) < np.where(is_w, 0.20, 0.35)
    a = rng.integers(0, 10, (n, PLAYERS)).astype(float)
    b = rng.integers(0, 6, (n, PLAYERS)).astype(float)
    c = rng.integers(0, 3, (n, PLAYERS)).astype(float)
    score = a + b + c
    others = np.where(is_w, -1.0, score).max(axis=1)
    need = np.maximum(others + 1 - score[np.arange(n), winner], 0)
    a[np.arange(n), winner] += need
    score = a + b + c
    rank = 1 + (score[:, None, :] > score[:, :, None]).sum(axis=2)
    end = rng.choice(len(ENDS), size=n, p=END_P)
    cols = {"game": np.arange(n, dtype=np.int64), "rotation": np.zeros(n, np.int64), "arm": np.zeros(n, np.int64),
            "turns": (40 + 10 * end + rng.integers(0, 5, n)).astype(np.int64), "end_condition": end.astype(np.int64)}
    for k in range(PLAYERS):
        cols[f"strategy_{k}"] = np.full(n, "random")
        cols[f"score_{k}"] = score[:, k]
        cols[f"win_{k}"] = is_w[:, k].astype(float)
        cols[f"rank_{k}"] = rank[:, k].astype(np.int64)
        cols[f"civ_{k}"] = civ[:, k].astype(np.int64)
        cols[f"has_strong_{k}"] = strong[:, k].astype(np.int64)
        cols[f"has_neutral_{k}"] = neutral[:, k].astype(np.int64)
        cols[f"has_weak_{k}"] = weak[:, k].astype(np.int64)
        cols[f"has_count_{k}"] = rng.integers(0, 4, n).astype(np.int64)
        cols[f"part_a_{k}"] = a[:, k]
        cols[f"part_b_{k}"] = b[:, k]
    return pd.DataFrame(cols)


def _write(path, df, chunk=6000, seed=3):
    res = path / "results"
    res.mkdir(parents=True, exist_ok=True)
    df = df.sample(frac=1.0, random_state=seed).reset_index(drop=True)
    for i, start in enumerate(range(0, len(df), chunk)):
        pq.write_table(pa.Table.from_pandas(df.iloc[start:start + chunk], preserve_index=False),
                       res / f"chunk-{i:05d}.parquet")
    meta = {"kind": "seats", "game": "comp-game", "title": "Synthetic components", "players": PLAYERS,
            "strategies": ["random"] * PLAYERS, "rotation": False, "seed": seed, "games": len(df),
            "params": {"oracle_points": 2}, "command": "agon seats comp-game", "version": "0.1.0",
            "git_commit": "abc1234", "chunk_size": chunk, "created": "2026-11-29T12:00:00+00:00"}
    (path / "run.json").write_text(json.dumps(meta, indent=2))
    return path


@pytest.fixture(scope="module")
def comp_run(tmp_path_factory):
    return _write(tmp_path_factory.mktemp("comp") / "run", _frame(20000, seed=21))


@pytest.fixture(scope="module")
def comp_df(comp_run):
    return load_results(comp_run)


@pytest.fixture(scope="module")
def comp_agg(comp_run):
    """The run folded chunk by chunk, with the joint counts the declared sections need."""
    return aggregate_run(comp_run, categorical_game=["end_condition"], score_parts=["part_a", "part_b", "missing"])


def test_newcombe_hand_computed_example():
    d, lo, hi = stats.newcombe_diff(56, 70, 48, 80)
    assert d == pytest.approx(0.2)
    assert round(lo, 4) == 0.0524 and round(hi, 4) == 0.3339
    # by hand from the two Wilson intervals (Newcombe 1998, method 10)
    l1, u1 = st.binomtest(56, 70).proportion_ci(method="wilson")
    l2, u2 = st.binomtest(48, 80).proportion_ci(method="wilson")
    assert lo == pytest.approx(0.2 - np.hypot(0.8 - l1, u2 - 0.6), abs=1e-12)
    assert hi == pytest.approx(0.2 + np.hypot(u1 - 0.8, 0.6 - l2), abs=1e-12)
    # arrays, and the z test equals the uncorrected 2x2 chi-square
    dd, _, _ = stats.newcombe_diff(np.array([56, 0]), np.array([70, 0]), np.array([48, 1]), np.array([80, 5]))
    assert dd[0] == pytest.approx(0.2) and np.isnan(dd[1])
    chi = st.chi2_contingency([[56, 14], [48, 32]], correction=False)
    assert stats.two_proportion_pvalue(56, 70, 48, 80) == pytest.approx(chi[1], rel=1e-9)


def test_components_planted_strong_weak_neutral(comp_agg):
    flags, skipped = component_columns(comp_agg, PLAYERS, "has_")
    assert flags == ["has_strong", "has_neutral", "has_weak"] and skipped == ["has_count"]
    tab = component_table(comp_agg, PLAYERS, "has_").set_index("component")
    assert list(tab.index) == ["Strong", "Neutral", "Weak"]  # sorted by lift
    s, n, w = tab.loc["Strong"], tab.loc["Neutral"], tab.loc["Weak"]
    assert s.flag == "strong" and s.p_bh < 1e-10
    assert s.lift_low < 15.0 < s.lift_high and 12 < s.lift_points < 18
    assert s.with_low < 0.348 < s.with_high and s.without_low < 0.198 < s.without_high
    assert n.flag == "" and n.p_bh > 0.05 and n.lift_low < 0 < n.lift_high
    assert w.flag == "weak" and w.lift_high < 0
    total = 20000 * PLAYERS
    assert (tab["seat_games"] + tab["seat_games_without"] == total).all()
    assert (tab["wins_with"] + tab["wins_without"]).to_numpy() == pytest.approx(20000)
    assert tab.loc["Strong", "share"] == pytest.approx(tab.loc["Strong", "seat_games"] / total)


def test_categorical_seat_favoured_recovered(comp_agg, comp_df):
    tab, summ = category_seat_table(comp_agg, PLAYERS, "civ", CIVS)
    tab = tab.set_index("category")
    assert (tab["seat_games"] == 20000).all() and summ["balanced"]
    assert tab.loc["Babylon", "ci_low"] < 0.4 < tab.loc["Babylon", "ci_high"]
    assert tab.loc["Babylon", "p_bh"] < 1e-10
    for c in ("Atlantis", "Carthage", "Egypt"):
        assert tab.loc[c, "ci_low"] < 0.2 < tab.loc[c, "ci_high"]
    assert summ["chi2_p"] < 1e-10 and summ["chi2_df"] == 3 and "uniform" in summ["note"]
    # unbalanced: Atlantis held twice as often -> no uniformity test
    df = comp_df[["win_0", "win_1", "civ_0", "civ_1"]].copy()
    df["civ_0"] = 0
    tab2, summ2 = category_seat_table(df, 2, "civ", CIVS)
    assert not summ2["balanced"] and np.isnan(summ2["chi2_p"]) and "not applicable" in summ2["note"]
    # string columns and unknown codes are accepted
    df["civ_1"] = np.where(comp_df["civ_1"] == 9, "x", "Egypt")
    tab3, _ = category_seat_table(df, 2, "civ", CIVS)
    assert tab3.set_index("category").loc["Egypt", "seat_games"] == len(df)


def test_categorical_game_frequencies(comp_agg):
    tab = category_game_table(comp_agg, "end_condition", ENDS).set_index("category")
    assert list(tab.index) == ENDS and tab["games"].sum() == 20000
    for lab, p in zip(ENDS, END_P):
        r = tab.loc[lab]
        assert r.share == pytest.approx(r.games / 20000)
        lo, hi = stats.wilson(r.games, 20000)
        assert (r.ci_low, r.ci_high) == pytest.approx((lo, hi))
        if p > 0:
            assert r.ci_low < p < r.ci_high
            assert r.mean_turns == pytest.approx(42 + 10 * ENDS.index(lab), abs=0.1)
    assert tab.loc["turn_cap", "games"] == 0 and np.isnan(tab.loc["turn_cap", "mean_turns"])
    odd = pd.DataFrame({"end_condition": [0, 1, 7, 7], "turns": [1, 2, 3, 5]})
    t2 = category_game_table(odd, "end_condition", ["a", "b"]).set_index("category")
    assert t2.loc["code 7", "games"] == 2 and t2.loc["code 7", "mean_turns"] == 4


def test_score_parts_table(comp_agg, comp_df):
    tab = score_parts_table(comp_agg, PLAYERS, ["part_a", "part_b", "missing"]).set_index("part")
    assert list(tab.index) == ["part_a", "part_b", "other", "score"]
    assert tab.loc["part_a", "winners_mean"] > tab.loc["part_a", "non_winners_mean"] + 2
    assert tab.loc["part_a", "diff_low"] > 0
    assert tab.loc["other", "winners_mean"] == pytest.approx(1.0, abs=0.05)  # c is unlisted, mean 1
    assert tab.loc["score", "winners_share"] == pytest.approx(1.0)
    assert tab.loc[["part_a", "part_b", "other"], "winners_share"].sum() == pytest.approx(1.0)
    w = comp_df[[f"win_{k}" for k in range(PLAYERS)]].to_numpy() > 0
    a = comp_df[[f"part_a_{k}" for k in range(PLAYERS)]].to_numpy()
    assert tab.loc["part_a", "winners_mean"] == pytest.approx(a[w].mean())
    # a tie: both leaders count as winners
    tie = pd.DataFrame({"win_0": [0.5, 1.0], "win_1": [0.5, 0.0], "score_0": [3, 4], "score_1": [3, 1],
                        "p_0": [3, 4], "p_1": [3, 1]})
    t2 = score_parts_table(tie, 2, ["p"]).set_index("part")
    assert t2.loc["p", "winners_mean"] == pytest.approx(10 / 3) and t2.loc["p", "non_winners_mean"] == 1


def test_report_sections_files_and_html(comp_run):
    res = build_report(comp_run, game_spec=_spec())
    new_png = ["components_has.png", "categories_civ.png", "end_end_condition.png", "score_parts.png"]
    for f in ["components_has.csv", "categories_civ.csv", "end_end_condition.csv", "score_parts.csv"] + new_png:
        assert (comp_run / f).exists(), f
    md = (comp_run / "report.md").read_text()
    for h in ("## Heroes", "## Win rate by `civ`", "## Frequency of `end_condition`",
              "## Where the winners' points came from", "association, not a cause"):
        assert h in md, h
    for f in new_png:
        assert f"]({f})" in md
    assert "| Strong |" in md and "**too strong**" in md and "**too weak**" in md
    assert "**Heroes**: 1 of 3 too strong, 1 too weak" in md
    assert "| effect (pts) [95% CI] |" in md and "other heroes" in md   # the per-run table states the estimand
    # the verdict opens the report: one line per flagged component, with its (absent) causal check
    verdict = md.split("## Verdict")[1].split("## What was run")[0]
    assert "Strong: too strong" in verdict and "Weak: too weak" in verdict
    assert "no causal check exists" in verdict
    html = (comp_run / "report.html").read_text()
    imgs = re.findall(r'<img alt="([^"]+)" src="data:image/png;base64,', html)
    assert {"Heroes lift", "win rate by civ", "end_condition", "score parts"} <= set(imgs)
    assert len(imgs) == 4 + 4     # seats, scores, margins, length + the four declared sections
    csv = pd.read_csv(comp_run / "components_has.csv")
    assert list(csv["component"]) == ["Strong", "Neutral", "Weak"] and csv.loc[0, "flag"] == "strong"
    assert res["components_has"].shape[0] == 3
    before = {p.name: p.read_bytes() for p in comp_run.iterdir() if p.is_file()}
    build_report(comp_run, game_spec=_spec())
    assert {p.name: p.read_bytes() for p in comp_run.iterdir() if p.is_file()} == before
    assert not [p for p in comp_run.iterdir() if ".tmp" in p.name]


def test_declared_metrics_missing_and_sweep_base_arm(tmp_path):
    run = write_run(tmp_path / "sw", sweep=linear_sweep(n_seeds=600, xs=(0, 2, 4)), n_seeds=600, seed=4)
    extra = {"components": [("Gods", "god_")], "categorical_seat": {"civ": CIVS},
             "categorical_game": {"tie": ["decisive", "tie"]}, "score_parts": ["market_points", "nope"]}
    res = build_report(run, n_boot=50, game_spec=_spec(extra))
    md = (run / "report.md").read_text()
    assert "No 0/1 seat metric starts with `god_`" in md and "No seat metric `civ`" in md
    assert "Not in these results: `nope`" in md
    assert res["end_tie"]["games"].sum() == 600  # the base arm only, not 3 x 600
    assert res["score_parts"].set_index("part").loc["market_points", "winners_mean"] > 0


def test_parse_sections_rejects_malformed():
    assert parse_sections({}) == {"components": [], "outcomes": [], "outcome_categories": [], "game_enders": [],
                                  "dealt_categories": {}, "categorical_seat": {}, "categorical_game": {},
                                  "score_parts": []}
    with pytest.raises(ValueError):
        parse_sections({"components": [("Buildings",)]})
    with pytest.raises(ValueError):
        parse_sections({"categorical_seat": {"civ": "Atlantis"}})
    with pytest.raises(ValueError):
        parse_sections({"score_parts": "influence"})


def test_glory_to_rome_small_real_run(tmp_path):
    import sim
    from experiments.runner import Study, run_study

    spec = sim.get_game("glory-to-rome")
    decl = parse_sections(spec.extra)
    assert set(decl["score_parts"]) <= set(spec.seat_metrics)
    run = run_study(Study(kind="seats", game="glory-to-rome", players=3, games=60, seed=5, strategies="random"),
                    tmp_path / "gtr", progress=False)
    res = build_report(run, n_boot=50)
    comp = res["components_built"]
    assert len(comp) == 40 and not comp["component"].str.contains("Turn").any()
    assert {"Circus Maximus", "Ludus Magna", "Forum"} <= set(comp["component"])
    assert (comp["seat_games"] + comp["seat_games_without"] == 180).all()
    end = res["end_end_condition"]
    from sim.glory_to_rome.board import END_NAMES
    assert list(end["category"]) == list(END_NAMES)
    assert end["games"].sum() == 60
    parts = res["score_parts"].set_index("part")
    assert parts.loc["other", ["winners_mean", "non_winners_mean"]].abs().max() < 1e-12  # parts add up to the score
    html = (run / "report.html").read_text()
    assert 'alt="Buildings lift"' in html and 'alt="score parts"' in html
