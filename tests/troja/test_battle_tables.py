"""Battle metrics of troja results and the battle tables of reports/troja_battles.py."""
import numpy as np
import pandas as pd

from sim.troja import SPEC
from reports import troja_battles as TB


def _frame(r, P):
    cols = {"turns": r["turns"]}
    for k in SPEC.game_metrics:
        cols[k] = r[k]
    for k in ("score", "win", "rank") + SPEC.seat_metrics:
        for q in range(P):
            cols[f"{k}_{q}"] = r[k][:, q]
    return pd.DataFrame(cols)


def test_battle_log_and_tables_agree_with_counts():
    P = 4
    r = SPEC.play_batch(41, 0, 300, P, SPEC.params.defaults(), np.zeros(P, dtype=np.int64))
    logged = np.stack([r[f"battle_{k}"] for k in range(1, 10)], 1)
    for code, name in ((1, "battles_troy"), (2, "battles_mycenae"), (3, "battles_draw")):
        # the log holds the first 9 battles; with <= 9 battles it holds them all
        few = r["battles"] <= 9
        assert np.array_equal((logged[few] == code).sum(1), r[name][few])
    assert np.all((logged > 0).sum(1) == np.minimum(r["battles"], 9))
    # winners' side and the side ahead at the end
    ahead = np.sign(r["wins_troy"] - r["wins_mycenae"])
    assert np.all(r["war_leader"][r["battles"] == 0] == 0)
    assert np.all(r["war_won"].sum(1)[ahead != 0] == P // 2) and np.all(r["war_won"][ahead == 0] == 0)
    df = _frame(r, P)
    out = TB.outcome_table(df).set_index("outcome")
    assert out.loc["all", "battles"] == r["battles"].sum()
    assert out.loc["Troy", "battles"] == r["battles_troy"].sum()
    assert abs(out.loc[["Troy", "Mycenae", "draw"], "share"].sum() - 1) < 1e-9
    num = TB.by_number_table(df)
    assert num.loc[0, "games"] == (r["battles"] > 0).sum()
    assert num.loc[0, "troy"] == (r["battle_1"] == 1).sum()
    blocks, files, notes, findings = [], {}, {}, []
    res = TB.battle_section(df, P, blocks, files, notes, findings)
    assert "battle_outcomes.csv" in files and blocks[0] == ("h", 2, "Battles") and findings
    assert set(res) == {"battle_outcomes", "battle_by_number"}


def test_troja_report_has_the_battle_section(tmp_path):
    """The battle tables are hooked into every troja report through extra["report_sections"]."""
    from experiments.runner import Study, run_study
    from reports import build_report
    out = run_study(Study(kind="seats", game="troja", players=4, games=60, seed=3, strategies="random"),
                    tmp_path / "r", progress=False)
    build_report(out)
    text = (out / "report.md").read_text()
    assert "## Battles" in text


def test_linked_parameters_are_checked_before_anything_is_written(tmp_path):
    import pytest
    from experiments.runner import Plan, Study
    from sim.spec import AgonInputError
    with pytest.raises(AgonInputError, match="battle_reveal"):
        Plan(Study(kind="sweep", game="troja", games=10, sweep=[["row_threshold", [6, 10]]]))
    assert not any(tmp_path.iterdir())
