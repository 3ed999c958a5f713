"""A category dealt at random at setup is a randomised comparison, not only an association
(GameSpec.extra["dealt_categories"], reports/component_effect.dealt_at_random): Magna Grecia's
"colour = B: too strong" ended "no causal check exists: treat as an association", though colours come
from a round tile drawn at random, and Mare Nostrum's civs and Troja's allegiances are dealt too."""
from __future__ import annotations

import pytest

import sim
from reports.component_effect import DEALT, dealt_at_random
from reports.component_study import component_table, fold_components
from reports.components import parse_sections
from reports.components_report import verdicts
from tests.reports.test_components import EXTRA, PLAYERS, _frame, _spec, _write


@pytest.fixture(scope="module")
def civ_table(tmp_path_factory):
    run = _write(tmp_path_factory.mktemp("dealt") / "run", _frame(12000, 4))
    return component_table(*fold_components(run, _spec()))


def _lines(tab, extra, params, detail=10):
    return verdicts(tab, _spec(extra), {"players": PLAYERS, "game": "comp-game", "params": params}, detail=detail)


def test_a_dealt_category_is_said_to_be_a_randomised_comparison(civ_table):
    assert civ_table.set_index("label").loc["civ = Babylon", "flag"] == "strong"
    line = next(x for x in _lines(civ_table, EXTRA, {}) if x.startswith("civ = Babylon"))
    assert "an association" in line and "no causal check exists" in line          # what it said before
    dealt = {**EXTRA, "dealt_categories": {"civ": {}}}
    lines = _lines(civ_table, dealt, {})
    line = next(x for x in lines if x.startswith("civ = Babylon"))
    assert line.endswith(DEALT + ".") and "association" not in line
    assert "an association" in next(x for x in lines if x.startswith("Strong"))   # a component stays one
    # more flagged than the detail: one line names the dealt ones, the causal check is a component's
    lines = _lines(civ_table, dealt, {}, detail=3)
    assert any(x.startswith("civ = Babylon, civ = Atlantis") and x.endswith(DEALT + ".") for x in lines)
    tail = next(x for x in lines if x.startswith("For Strong, e.g.:"))
    assert tail.endswith("(none of the flagged has one: treat them as associations).")   # not "the same for each"


def test_dealt_only_under_the_declared_parameters():
    spec = _spec({**EXTRA, "dealt_categories": {"civ": {"oracle_points": 2}}})
    assert dealt_at_random(spec, "civ", {"oracle_points": 2}) and dealt_at_random(spec, "civ", {})   # the default
    assert not dealt_at_random(spec, "civ", {"oracle_points": 3}) and not dealt_at_random(spec, "has_strong", {})
    mn = sim.get_game("mare-nostrum")
    assert dealt_at_random(mn, "civ", {"civ_assignment": "random"})
    assert not dealt_at_random(mn, "civ", {"civ_assignment": "fixed"})       # seat s plays civ s: not dealt
    assert not dealt_at_random(mn, "first_god", {})                          # taken in play
    assert dealt_at_random(sim.get_game("magna-grecia"), "colour", {})
    assert dealt_at_random(sim.get_game("troja"), "allegiance", {})


def test_dealt_categories_are_declared_well_formed():
    for bad in ({"roles": {}}, {"civ": ["random"]}, ["civ"]):
        with pytest.raises(ValueError, match="civ"):
            parse_sections({**EXTRA, "dealt_categories": bad})


def test_a_category_is_not_given_a_ban_of_its_whole_option_as_its_causal_check():
    """Mare Nostrum's "first_god = ishtar" was told to check itself with `--ban gods`, which removes
    every god; it now gets Ishtar's own power switch, as the god does, and a category without a switch
    gets none. A component the ban does remove keeps it."""
    from reports.component_effect import causal_check
    mn = sim.get_game("mare-nostrum")
    for label, metric in (("first_god = ishtar", "first_god"), ("Ishtar", "god_ishtar")):
        check = causal_check(mn, label, metric, "mare-nostrum", 6)
        assert "--set power_ishtar=false --out runs/no-ishtar" in check and "--ban" not in check
    assert "no causal check exists" in causal_check(mn, "first_god = none", "first_god", "mare-nostrum", 6)
    assert "no causal check exists" in causal_check(mn, "civ = Babylon", "civ", "mare-nostrum", 6)
    gtr = sim.get_game("glory-to-rome")
    assert "--set power_catacomb=false" in causal_check(gtr, "Catacomb", "built_catacomb", "glory-to-rome", 4)
    mg = sim.get_game("magna-grecia")
    assert "--ban markets" in causal_check(mg, "built a market", "markets_built", "magna-grecia", 4)


def test_the_design_report_answers_the_dealt_question_by_name(civ_table):
    """Troja's design report answered "is Troy or Mycenae favoured?" only in a component table row
    ("allegiance = Troy: no effect shown"). A dealt category gets a summary line with every value's win
    rate and, when no value is flagged, a verdict saying what is ruled out."""
    import pandas as pd
    from reports.components_report import dealt_lines
    spec = _spec({**EXTRA, "dealt_categories": {"civ": {}}})
    summ, verd = dealt_lines(civ_table, spec, {}, PLAYERS)
    assert len(summ) == 1 and summ[0].startswith("**By `civ`** (dealt at random at setup, so a randomised comparison): "
                                                 "win rate Babylon ")
    assert "of 48,000 seat-games; fair 25.0%." in summ[0] and verd == []      # Babylon's own verdict line says it
    assert dealt_lines(civ_table, _spec(), {}, PLAYERS) == ([], [])         # not declared dealt: nothing
    side = pd.DataFrame({"kind": "category", "metric": "side", "label": ["side = Troy", "side = Mycenae"],
                         "win_rate_with": [0.245, 0.255], "with_low": [0.235, 0.244], "with_high": [0.256, 0.266],
                         "seat_games": [6000, 6000], "flag": "", "adj_points": [-0.9, 0.9], "adj_low": [-2.5, -0.6],
                         "adj_high": [0.6, 2.5]})
    spec = _spec({**EXTRA, "categorical_seat": {**EXTRA["categorical_seat"], "side": ["Troy", "Mycenae"]},
                  "dealt_categories": {"side": {}}})
    summ, verd = dealt_lines(side, spec, {}, 4)
    assert "Mycenae 25.5% [24.4, 26.6], Troy 24.5% [23.5, 25.6] of 12,000 seat-games" in summ[0]
    assert verd == ["`side` (dealt at random): no value shown to win more or less than the others (largest effect "
                    "side = Mycenae +0.9 [-0.6, +2.5] points with vs without); effects above 2.5 points ruled out (95%)."]


def test_a_checked_component_says_what_its_switch_showed_beside_its_verdict(civ_table):
    """A designer reads "Sewer: too strong" first; where the battery switched the power off, the component's
    own verdict now says what that showed (it only pointed to another line before)."""
    import pandas as pd
    from reports import power_worth as pw
    row = dict(component="Strong", switch="power_strong", seat_games=3000, games=750, won_with=0.25,
               won_without=0.2, worth=0.2, low=-0.1, high=0.5, p=0.3, label="Strong", verdict="too strong",
               owner=False, restricted=True, runs="")
    t = pw.worth_table([row, {**row, "label": "Other", "component": "Other", "worth": 4.9, "low": 3.9, "high": 5.9,
                              "p": 1e-9}])
    words = pw.checked_words(t)
    assert words["Strong"] == ("switched off on the same seeds, its power is worth less than 1 point to a player "
                               "either way (+0.2 [-0.1, +0.5])")
    assert words["Other"] == "switched off on the same seeds, its power is worth +4.9 [+3.9, +5.9] to a player"
    assert pw.checked_words(t.assign(games=0)) == {} and pw.checked_words(None) == {}
    spec, meta = _spec(EXTRA), {"players": PLAYERS, "game": "comp-game", "params": {}}
    line = next(x for x in verdicts(civ_table, spec, meta, detail=10, checked=words) if x.startswith("Strong"))
    assert line.endswith(words["Strong"] + " (the causal check line).")
    lines = verdicts(civ_table, spec, meta, detail=1, checked=words)
    assert words["Other"].short == "power +4.9 [+3.9, +5.9] to a player"
    assert any("Strong " in x and f"({words['Strong'].short})" in x for x in lines if x.startswith("Components too"))


def test_a_dealt_pair_is_one_verdict_line():
    """Troja's report said "allegiance = Mycenae: too strong" and "allegiance = Troy: too weak" on two lines: with
    two values, each one's with vs without is the other's turned, so it is one gap, said once."""
    import pandas as pd
    from reports.components_report import dealt_pairs
    row = dict(metric="allegiance", label="allegiance = Mycenae", kind="category", adj_points=2.1, adj_low=0.5,
               adj_high=3.6, win_rate_with=0.26, with_low=0.249, with_high=0.272, verdict_p_bh=0.016, enough=True,
               unjudged="")
    tab = pd.DataFrame([row, {**row, "label": "allegiance = Troy", "adj_points": -2.1, "adj_low": -3.6,
                              "adj_high": -0.5, "win_rate_with": 0.24, "with_low": 0.229, "with_high": 0.251}])
    lines = dealt_pairs(tab, tab, "label", "metric", lambda r: True)
    assert list(lines) == ["allegiance"]
    line = lines["allegiance"]
    assert line.startswith("allegiance: Mycenae wins more than Troy (26.0% [24.9, 27.2] against 24.0% [22.9, 25.1]")
    assert "a gap of +2.1 [+0.5, +3.6] points, BH p = 0.016" in line and line.endswith(DEALT + ".")
    assert dealt_pairs(tab, tab, "label", "metric", lambda r: False) == {}          # not dealt: two findings
    three = pd.concat([tab, pd.DataFrame([{**row, "label": "allegiance = none"}])], ignore_index=True)
    assert dealt_pairs(three, tab, "label", "metric", lambda r: True) == {}          # a third value: not a pair
    assert dealt_pairs(tab, tab.iloc[:1], "label", "metric", lambda r: True) == {}   # only one flagged


def test_a_component_whose_power_was_checked_under_another_name_points_there(civ_table, monkeypatch):
    """Mare Nostrum's "first_god = hermes" is answered by Hermes' power switch, which the battery had already
    turned off (for "Hermes"); the report advised running it again. A flagged component whose own check turns
    off a switch the battery played now points to that check's result instead."""
    from reports import components_report as cr
    from reports import power_worth as pw
    row = dict(component="Strong", switch="power_strong", seat_games=3000, games=750, won_with=0.25,
               won_without=0.2, worth=4.9, low=3.9, high=5.9, p=1e-9, label="Strong", verdict="too strong",
               owner=False, restricted=True, runs="")
    words = pw.checked_words(pw.worth_table([row]))
    assert words["Strong"].switch == "power_strong"
    real = cr.check_switch
    monkeypatch.setattr(cr, "check_switch", lambda spec, label, metric: (
        "power_strong" if label == "civ = Babylon" else real(spec, label, metric)))
    spec, meta = _spec(EXTRA), {"players": PLAYERS, "game": "comp-game", "params": {}}
    line = next(x for x in verdicts(civ_table, spec, meta, detail=10, checked=words) if x.startswith("civ = Babylon"))
    assert "its power is Strong's, which the battery switched off: power +4.9 [+3.9, +5.9] to a player" in line
    lines = verdicts(civ_table, spec, meta, detail=1, checked=words)
    via = next(x for x in lines if x.startswith("Flagged, with a power the battery switched off under another name"))
    assert "civ = Babylon (Strong: power +4.9 [+3.9, +5.9] to a player)" in via
    assert not any(x.startswith("For civ = Babylon") for x in lines)        # not advised to be run again


def test_a_direction_lists_its_components_one_per_bullet_largest_first(civ_table):
    """More flagged components than the detail: a line per direction, each component a nested bullet, in
    the order of the figure shown (Mare Nostrum's Griffin, +17.8, came after first_god = athena, +4.5)."""
    import re
    lines = _lines(civ_table, EXTRA, {}, detail=1)
    for head in ("Components too strong", "Components too weak"):
        line = next((x for x in lines if x.startswith(head)), None)
        if line is None:
            continue
        subs = line.split("\n- ")[1:]
        assert subs and all("\n" not in s for s in subs)
        shown = [abs(float(re.search(r" ([+-]\d+\.\d) \[", s).group(1))) for s in subs]
        assert shown == sorted(shown, reverse=True)
    assert any(x.startswith("Components too strong") and x.count("\n- ") >= 2 for x in lines)
