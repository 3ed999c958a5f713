"""The component table flags a component made artificially strong through a parameter
(Pig's lucky charm gives `charm_points` at the start; the dud charm gives nothing)."""
from experiments import components


def _run(tmp_path, name, charm):
    cs = components.ComponentStudy(game="pig", players=3, games=3000, seed=7, strategies="greedy",
                                   params={"charm_points": charm})
    return components.run(cs, tmp_path / name, progress=False)


def test_strong_component_is_flagged_and_the_dud_is_not(tmp_path):
    """The lucky charm is flagged strong. The dud changes nothing: with it or without it, at the
    same number of other charms held, seats win alike (the old estimand, which counted the dud
    itself in the holding count, made it look worse than the lucky charm)."""
    tab = _run(tmp_path, "strong", 8)["table"].set_index("label")
    assert tab.loc["Lucky", "flag"] == "strong" and tab.loc["Lucky", "adj_low"] > 5 and tab.loc["Lucky", "lift_low"] > 5
    assert tab.loc["Dud", "lift_low"] < 0 < tab.loc["Dud", "lift_high"]
    assert tab.loc["Dud", "adj_low"] < 0 < tab.loc["Dud", "adj_high"]
    assert tab.loc["Dud", "flag"] == "" and tab.loc["Dud", "verdict"] == "no effect shown"
    # the clustered regression on both indicators agrees with the stratified estimand
    assert tab.loc["Lucky", "reg_low"] > 5 and tab.loc["Dud", "reg_low"] < 0 < tab.loc["Dud", "reg_high"]
    md = (tmp_path / "strong" / "report.md").read_text()
    assert "**too strong**" in md and "components.png" in md
    assert "other components" in md and "Sato" in md and "Cochran-Mantel-Haenszel" in md


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


def test_holding_count_leaves_out_other_components_and_non_flags(tmp_path):
    """The strata count the *other* components of the family, and only 0/1 flags: a
    `built_turn_*` column (a turn number) next to `built_*` neither becomes a component nor
    counts as one held (in Glory to Rome it created 17 of 25 'too strong' flags)."""
    import json

    import numpy as np
    import pandas as pd
    import pyarrow as pa
    import pyarrow.parquet as pq

    from reports.component_study import component_table, fold_components
    from sim.spec import GameSpec, ParamTable, StrategyInfo

    rng = np.random.default_rng(3)
    n, p = 6000, 3
    a = rng.random((n, p)) < 0.5
    b = rng.random((n, p)) < 0.5
    turn_a = np.where(a, rng.integers(5, 40, (n, p)), 0)
    # a seat's chance grows with how many of a, b it holds; a itself adds what b adds
    strength = 1.0 + a + b
    win = np.zeros((n, p))
    win[np.arange(n), [rng.choice(p, p=s / s.sum()) for s in strength]] = 1
    cols = {"game": np.arange(n), "rotation": np.zeros(n, int), "arm": np.zeros(n, int), "turns": np.full(n, 30)}
    for k in range(p):
        cols.update({f"win_{k}": win[:, k], f"score_{k}": win[:, k], f"rank_{k}": 2 - win[:, k],
                     f"strategy_{k}": ["random"] * n, f"built_a_{k}": a[:, k].astype(int),
                     f"built_b_{k}": b[:, k].astype(int), f"built_turn_a_{k}": turn_a[:, k]})
    run = tmp_path / "run"
    (run / "results").mkdir(parents=True)
    pq.write_table(pa.Table.from_pandas(pd.DataFrame(cols)), run / "results" / "chunk-00000.parquet")
    (run / "run.json").write_text(json.dumps({"players": p, "game": "x", "strategies": ["random"] * p}))
    spec = GameSpec(name="x", title="x", player_counts=(p,), default_players=p, params=ParamTable([]),
                    strategies=(StrategyInfo("random", 0, ""),), play_batch=None, play_traced=None,
                    seat_metrics=("built_a", "built_b", "built_turn_a"),
                    extra={"components": [("Buildings", "built_")]})
    counts, games, pp = fold_components(run, spec)
    assert list(counts["label"]) == ["A", "B"]                       # no "Turn A"
    assert counts.iloc[0]["strata"].shape == (4, 3)                  # 0 or 1 other building (+ spare)
    tab = component_table(counts, games, pp).set_index("label")
    # with vs without at the same number of others: both buildings help, by about as much
    assert tab.loc["A", "adj_low"] > 0 and tab.loc["B", "adj_low"] > 0
    assert abs(tab.loc["A", "adj_points"] - tab.loc["B", "adj_points"]) < 6
