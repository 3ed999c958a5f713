import pandas as pd
import pytest

from reports.aggregate import aggregate_run, of_frame
from reports.seats import seat_summary, seat_table, strategies_in, strategy_seat_table, strategy_table
from tests.reports.conftest import write_run


def expected_rate(p0, players, tie_rate):
    """Planted win share of a seat after the fixture's ties (winner shares with a random mate)."""
    return p0 * (1 - tie_rate / 2) + (1 - p0) * tie_rate / (2 * (players - 1))


def test_planted_seat_edge_recovered(seat_run):
    agg = aggregate_run(seat_run)
    tab = seat_table(agg, 4)
    want = expected_rate(0.30, 4, 0.05)
    r0 = tab.iloc[0]
    assert abs(r0.win_rate - want) < 0.01
    assert r0.ci_low < want < r0.ci_high
    assert r0.sim_ci_low < r0.ci_low and r0.sim_ci_high > r0.ci_high
    assert r0.p_holm < 1e-10
    assert tab["wins"].sum() == pytest.approx(agg.n_games) and agg.n_games == 20000
    summ = seat_summary(agg, 4)
    assert summ["chi2_p"] < 1e-10 and summ["chi2_decisive_p"] < 1e-10
    assert 0.04 < summ["tie_share"] < 0.06
    assert "this run has 20,000" in summ["sample_size_note"]


def test_fair_sample_not_flagged(tmp_path):
    agg = aggregate_run(write_run(tmp_path / "fair", n_seeds=20000, seed=11))
    summ = seat_summary(agg, 4)
    assert summ["chi2_p"] > 0.05
    tab = seat_table(agg, 4)
    assert (tab["sim_ci_low"] < 0.25).all() and (tab["sim_ci_high"] > 0.25).all()


def test_ties_split():
    df = pd.DataFrame({
        "game": [0, 1, 2, 3], "rotation": 0, "arm": 0, "turns": [10, 12, 14, 16],
        "strategy_0": "a", "strategy_1": "a", "strategy_2": "a",
        "score_0": [5, 7, 7, 1], "score_1": [3, 7, 7, 2], "score_2": [1, 2, 7, 3],
        "win_0": [1, .5, 1 / 3, 0], "win_1": [0, .5, 1 / 3, 0], "win_2": [0, 0, 1 / 3, 1],
        "rank_0": [1, 1, 1, 3], "rank_1": [2, 1, 1, 2], "rank_2": [3, 3, 1, 1],
    })
    agg = of_frame(df, 3)  # a results frame folds like one chunk
    tab = seat_table(agg, 3)
    assert tab["wins"].tolist() == pytest.approx([1 + .5 + 1 / 3, .5 + 1 / 3, 1 / 3 + 1])
    assert tab["draws"].tolist() == [2, 2, 1]
    assert tab["wins"].sum() == pytest.approx(4)
    s = seat_summary(agg, 3)
    assert s["tie_games"] == 2 and s["decisive_games"] == 2
    assert s["mean_turns"] == 13 and s["median_turns"] == 13 and s["sd_turns"] == pytest.approx(df["turns"].std())
    assert seat_table(df, 3).equals(tab)  # a frame is folded on the fly


def test_strategy_tables_with_rotation(tmp_path):
    run = write_run(tmp_path / "rot", strategies=["greedy", "random", "random", "random"], rotation=True,
                    n_seeds=3000, skill={"greedy": 2.0}, seed=5)
    agg = aggregate_run(run)
    assert strategies_in(agg, 4) == ["greedy", "random"]
    st = strategy_table(agg, 4).set_index("strategy")
    assert st.loc["greedy", "appearances"] == 12000 and st.loc["random", "appearances"] == 36000
    assert st.loc["greedy", "games"] == 12000 and st.loc["random", "games"] == 12000
    assert st.loc["greedy", "ci_low"] > 0.35  # 2:1:1:1 -> 40% before ties
    assert st["wins"].sum() == pytest.approx(agg.n_games)
    ss = strategy_seat_table(agg, 4)
    assert len(ss) == 8 and set(ss["games"]) == {3000, 9000}
