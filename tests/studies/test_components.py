"""The component table flags a component made artificially strong through a parameter
(Pig's lucky charm gives `charm_points` at the start; the dud charm gives nothing)."""
from experiments import components


def _run(tmp_path, name, charm):
    cs = components.ComponentStudy(game="pig", players=3, games=3000, seed=7, strategies="greedy",
                                   params={"charm_points": charm})
    return components.run(cs, tmp_path / name, progress=False)


def test_strong_component_is_flagged_and_the_dud_is_not(tmp_path):
    """The lucky charm is flagged strong. The dud changes nothing (raw lift near 0): it is below
    its family's other member (adjusted lift < 0) but not flagged, since a flag needs the raw
    and the adjusted lift to agree."""
    tab = _run(tmp_path, "strong", 8)["table"].set_index("label")
    assert tab.loc["Lucky", "flag"] == "strong" and tab.loc["Lucky", "adj_low"] > 5 and tab.loc["Lucky", "lift_low"] > 5
    assert tab.loc["Dud", "lift_low"] < 0 < tab.loc["Dud", "lift_high"] and tab.loc["Dud", "adj_high"] < 0
    assert tab.loc["Dud", "flag"] == ""
    md = (tmp_path / "strong" / "report.md").read_text()
    assert "**too strong**" in md and "components.png" in md


def test_no_flags_without_the_planted_strength(tmp_path):
    tab = _run(tmp_path, "plain", 0)["table"]
    assert (tab["flag"] == "").all()


def test_every_registered_game_has_components():
    """`agon components` works for every game: each declares or is given component flags."""
    from reports.component_study import component_sources
    from sim import game_names, get_game
    for name in game_names():
        spec = get_game(name)
        cols = [f"{m}_{k}" for m in spec.seat_metrics for k in range(spec.default_players)]
        cols += [f"win_{k}" for k in range(spec.default_players)]
        assert component_sources(spec, cols, spec.default_players), name


def test_adjusted_lift_removes_the_advantage_of_holding_more():
    """Components of one family: a seat's win chance grows with how many it holds (0: 10%,
    1: 30%, 2: 50%) and A is an average member. A's raw lift is large; among seats holding
    as many, those whose set includes A win no more, so it is not flagged. C, which adds
    +10 points within each stratum, is flagged."""
    import numpy as np
    import pandas as pd
    from reports.component_study import component_table
    from reports.components import adjusted_lift
    n = 10000
    # strata = components held (0, 1, 2); rows n_with, wins_with, n_without, wins_without
    a = np.array([[0, n, n], [0, 0.3 * n, 0.5 * n], [n, n, 0], [0.1 * n, 0.3 * n, 0]])
    c = np.array([[0, n, n], [0, 0.4 * n, 0.6 * n], [n, n, 0], [0.1 * n, 0.3 * n, 0]])
    d, lo, hi, p = adjusted_lift(a)
    assert abs(d) < 1e-12 and lo < 0 < hi and p > 0.99
    d, lo, hi, p = adjusted_lift(c)
    assert abs(d - 0.10) < 1e-12 and lo > 0.08 and p < 1e-12
    counts = pd.DataFrame({"family": ["F", "F"], "label": ["A", "C"], "metric": ["a", "c"], "kind": ["flag", "flag"],
                           "code": [None, None],
                           "seat_games": [2 * n, 2 * n], "wins_with": [0.8 * n, n],
                           "seat_games_without": [2 * n, 2 * n], "wins_without": [0.4 * n, 0.4 * n],
                           "strata": [a, c]})
    tab = component_table(counts, 2 * n, 2).set_index("label")
    assert tab.loc["A", "lift_points"] > 19 and tab.loc["A", "p_bh"] < 1e-6 and tab.loc["A", "flag"] == ""
    assert tab.loc["C", "flag"] == "strong" and abs(tab.loc["C", "adj_points"] - 10) < 1e-9
