"""Component findings at two skill levels (reports.skill.compare_components): which labels a
designer sees, and that only a changed verdict is called skill-dependent."""
import numpy as np
import pandas as pd

from reports.skill import compare_components


def _tab(rows):
    return pd.DataFrame([{"label": lab, "verdict": v, "adj_points": e, "adj_low": e - h, "adj_high": e + h}
                         for lab, v, e, h in rows])


def test_labels_of_the_two_levels():
    a = _tab([("Pyramids", "too strong", 98.9, 0.1), ("Ishtar", "too strong", 44.3, 2.0),
              ("Vulcan", "too weak", -11.6, 0.7), ("Athena", "no effect shown", 0.5, 1.0),
              ("Hero", "too strong", 30.0, 6.0), ("Rare", "too few to judge", np.nan, np.nan)])
    b = _tab([("Pyramids", "too strong", 100.0, 0.001), ("Ishtar", "no effect shown", 2.0, 3.0),
              ("Vulcan", "too weak", -11.0, 1.5), ("Athena", "no effect shown", 0.9, 1.2),
              ("Hero", "no effect shown", 22.0, 8.0), ("Rare", "too strong", 20.0, 3.0)])
    out = compare_components(a, b).set_index("label")
    # Mare Nostrum's Pyramids: +1.1 points at p ~ 1e-85, too strong at both levels: not skill-dependent
    assert out.loc["Pyramids", "differs"] and out.loc["Pyramids", "label_skill"] == "same verdict, size differs"
    assert out.loc["Ishtar", "label_skill"] == "skill-dependent" and out.loc["Ishtar", "differs"]
    assert out.loc["Vulcan", "label_skill"] == "same at both levels" and not out.loc["Vulcan", "differs"]
    assert out.loc["Athena", "label_skill"] == "same at both levels"
    assert out.loc["Hero", "label_skill"] == "verdicts differ, difference not significant"
    assert out.loc["Rare", "label_skill"] == "too few at one level" and not out.loc["Rare", "differs"]


def test_a_component_judged_on_its_family_is_compared_on_its_family():
    """Mare Nostrum's Behemoth: its verdict (too strong) judged +4.8 against the creatures' median, while
    the comparison printed its effect, "-8.3 (too strong)": both levels are compared on the verdict's
    figure, the family contrast."""
    def tab(fam, eff, verdict):
        return pd.DataFrame([{"label": "Behemoth", "verdict": verdict, "basis": "family",
                              "adj_points": eff, "adj_low": eff - 1, "adj_high": eff + 1,
                              "vs_family_points": fam, "vs_family_low": fam - 1, "vs_family_high": fam + 1},
                             {"label": "Ishtar", "verdict": "too strong", "basis": "effect",
                              "adj_points": 44.3, "adj_low": 43.0, "adj_high": 45.6,
                              "vs_family_points": np.nan, "vs_family_low": np.nan, "vs_family_high": np.nan}])
    out = compare_components(tab(4.8, -8.3, "too strong"), tab(4.6, -20.0, "too strong")).set_index("label")
    assert out.loc["Behemoth", "basis"] == "family"
    assert out.loc["Behemoth", "effect_a"] == 4.8 and out.loc["Behemoth", "effect_b"] == 4.6
    assert not out.loc["Behemoth", "differs"]              # the effect moved 11.7 points; the verdict's figure did not
    assert out.loc["Ishtar", "basis"] == "effect" and out.loc["Ishtar", "effect_a"] == 44.3


def test_further_levels_share_one_correction():
    """A third skill level is a second comparison with the first, not a fresh family: one level gives
    compare_components' own figures, two levels correct over every component of both (a difference at
    BH p 0.03 alone is no longer significant beside a second level where nothing differs)."""
    from reports.skill import components_across_levels, compare_seats, seats_across_levels
    a = _tab([("Ishtar", "too strong", 10.0, 2.0), ("Athena", "no effect shown", 0.0, 2.0)])
    b = _tab([("Ishtar", "no effect shown", 6.6, 2.0), ("Athena", "no effect shown", 0.0, 2.0)])
    one = components_across_levels(a, [b])[0]
    pd.testing.assert_frame_equal(one, compare_components(a, b))
    assert one.set_index("label").loc["Ishtar", "label_skill"] == "skill-dependent"
    c = _tab([("Ishtar", "too strong", 10.0, 2.0), ("Athena", "no effect shown", 0.0, 2.0)])
    two = components_across_levels(a, [b, c])
    ish = two[0].set_index("label").loc["Ishtar"]
    assert ish["p_bh"] > one.set_index("label").loc["Ishtar", "p_bh"]
    assert np.isclose(ish["p_bh"], 4 * ish["p"]) and ish["p_bh"] > 0.05   # rank 1 of 4 finite p values
    assert ish["label_skill"] == "verdicts differ, difference not significant"
    # seats: Holm over every seat of every level
    sa = pd.DataFrame({"seat": [0, 1, 2], "wins": [333.0, 333.0, 334.0], "games": [1000] * 3,
                       "edge_points": [0.0, 0.0, 0.0]})
    sb = pd.DataFrame({"seat": [0, 1, 2], "wins": [393.0, 273.0, 334.0], "games": [1000] * 3,
                       "edge_points": [6.0, -6.0, 0.0]})
    s1 = seats_across_levels(sa, [sb], 3)[0]
    pd.testing.assert_frame_equal(s1, compare_seats(sa, sb, 3))
    s2 = seats_across_levels(sa, [sb, sa], 3)
    assert np.isclose(s2[0]["p_holm"].min(), 6 * s2[0]["p"].min())          # the smallest of 6 seat tests
    assert (s2[1]["label"] == "no difference shown").all()
