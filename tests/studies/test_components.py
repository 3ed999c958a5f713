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


def test_every_registered_game_has_components():
    """`agon components` works for every game: each declares or is given component flags."""
    from reports.component_study import component_sources
    from sim import game_names, get_game
    for name in game_names():
        spec = get_game(name)
        cols = [f"{m}_{k}" for m in spec.seat_metrics for k in range(spec.default_players)]
        cols += [f"win_{k}" for k in range(spec.default_players)]
        assert component_sources(spec, cols, spec.default_players), name
