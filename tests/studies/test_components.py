"""The component table flags a component made artificially strong through a parameter
(Pig's lucky charm gives `charm_points` at the start; the dud charm gives nothing)."""
from experiments import components


def _run(tmp_path, name, charm):
    cs = components.ComponentStudy(game="pig", players=3, games=3000, seed=7, strategies="greedy",
                                   params={"charm_points": charm})
    return components.run(cs, tmp_path / name, progress=False)


def test_strong_component_is_flagged_and_the_dud_is_not(tmp_path):
    tab = _run(tmp_path, "strong", 8)["table"].set_index("label")
    assert tab.loc["Lucky", "flag"] == "strong" and tab.loc["Lucky", "lift_low"] > 5
    assert tab.loc["Dud", "flag"] == ""
    md = (tmp_path / "strong" / "report.md").read_text()
    assert "**too strong**" in md and "components.png" in md


def test_no_flags_without_the_planted_strength(tmp_path):
    tab = _run(tmp_path, "plain", 0)["table"]
    assert (tab["flag"] == "").all()
