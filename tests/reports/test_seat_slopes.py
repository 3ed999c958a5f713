"""Every seat's win share against a swept constant (reports/sweep.seat_slopes): the komi curve reads
seat 0 only, and Magna Grecia's design report called `oracle_points` flat while it moved the last
seat by -6.6 points across the range."""
import numpy as np

from experiments.runner import Study, run_study
from reports import sweep as sw


def _sweep(path, param, values):
    st = Study(kind="sweep", game="pig", players=3, games=600, seed=3, strategies="greedy", sweep=[[param, values]])
    return run_study(st, path, progress=False)


def test_a_handicap_moves_every_seat_and_a_turn_cap_none(tmp_path):
    """Pig's `handicap` gives points to every seat but the first: seat 0 loses, seats 1 and 2 gain;
    the turn cap, far above any game's length, moves no seat (the same games in every arm)."""
    run = _sweep(tmp_path / "handicap", "handicap", [0, 5, 10])
    sl = sw.seat_slopes(run, {0: 0.0, 1: 5.0, 2: 10.0}, 3)
    assert list(sl["seat"]) == [0, 1, 2]
    assert sl.loc[0, "change_high"] < 0 and sl.loc[1, "change_low"] > 0 and sl.loc[2, "change_low"] > 0
    assert (sl["p_holm"] < 0.05).all() and np.allclose(sl["change"], 10 * sl["slope"])
    text = sw.seats_moved_text(sl, "handicap")
    assert text.startswith("Across the range `handicap` moves seat ") and text.count("seat ") == 3
    idle = sw.seat_slopes(_sweep(tmp_path / "cap", "max_turns", [300, 400]), {0: 300.0, 1: 400.0}, 3)
    assert np.allclose(idle[["slope", "low", "high"]].to_numpy(), 0) or (idle["p_holm"].fillna(1) >= 0.05).all()
    assert "moves no seat" in sw.seats_moved_text(idle, "max_turns")


def test_a_flat_seat_0_curve_is_not_called_idle_when_another_seat_moves():
    """The design report's advice for an unidentified fair value: with seat 0 flat and seat 3 moved
    (Magna Grecia's oracle_points), it names seat 3 instead of "does not set the seat balance"; with
    no seat moved, the old advice stands and the seats line says so."""
    import pandas as pd
    from reports.sweep import seats_advice
    curve = {"slope": {"slope": 0.36, "low": -0.15, "high": 0.87, "p": 0.17}, "x": np.array([0, 2, 4, 6, 8.0])}
    moved = pd.DataFrame({"seat": [0, 1, 2, 3], "slope": [0.36, 0.32, 0.15, -0.83], "low": [-0.15, -0.2, -0.3, -1.3],
                          "high": [0.87, 0.85, 0.63, -0.35], "change": [2.9, 2.6, 1.2, -6.6],
                          "change_low": [-1.2, -1.6, -2.7, -10.4], "change_high": [6.9, 6.8, 5.0, -2.8],
                          "p": [0.17, 0.23, 0.55, 0.001], "p_holm": [0.51, 0.51, 0.55, 0.003]})
    advice, rest = seats_advice(curve, "oracle_points", (0, 8), moved)
    assert advice.startswith("Seat 0's curve is flat, but `oracle_points` is not idle: across the range")
    assert "seat 3 by -6.6 points [-10.4, -2.8]" in advice and rest == ""
    still = moved.assign(p_holm=[0.5, 0.5, 0.5, 0.2])
    advice, rest = seats_advice(curve, "oracle_points", (0, 8), still)
    assert advice.startswith("A flat curve means this constant does not set the seat balance") and "moves no seat" in rest
    # seat 3's own interval excludes 0, Holm over the seats does not: the line says which decided
    assert "seat 3 -6.6 points [-10.4, -2.8], Holm p = 0.200;" in rest


def test_slope_differences_find_a_seat_moved_by_one_run_only(tmp_path):
    """The same sweep by a second player: a seat whose slope differs between the two runs is found
    (Pig's handicap moves seat 0 down and the others up; a turn cap far above any game moves no
    one), the same run against itself differs by exactly nothing."""
    x = {0: 0.0, 1: 5.0, 2: 10.0}
    moved = _sweep(tmp_path / "handicap", "handicap", [0, 5, 10])
    idle = _sweep(tmp_path / "cap", "max_turns", [300, 400, 500])
    d = sw.slope_differences(moved, idle, x, 3)
    assert list(d["seat"]) == [0, 1, 2] and (d["p_holm"] < 0.05).all()
    assert d.loc[0, "change_low"] > 0 and d.loc[1, "change_high"] < 0 and d.loc[2, "change_high"] < 0
    base, other = sw.seat_slopes(moved, x, 3), sw.seat_slopes(idle, x, 3)
    assert np.allclose(d["diff"], np.nan_to_num(other["slope"]) - base["slope"])   # the slopes' difference (idle: 0)
    same = sw.slope_differences(moved, moved, x, 3)
    assert np.allclose(same["diff"].fillna(0), 0, atol=1e-9) and (same["p_holm"].fillna(1) > 0.99).all()


def test_seat_labels_say_what_the_constant_does_at_both_levels():
    """A seat moved at both levels the same way, both ways, at one level, by a significant slope
    difference, or not at all gets its own label (the design report's every-seat table)."""
    import pandas as pd
    from reports.design import seat_labels
    base = pd.DataFrame({"change": [-6.6, 3.0, 2.0, 0.5, -4.0], "p_holm": [0.003, 0.01, 0.02, 0.6, 0.01]})
    level = pd.DataFrame({"change": [-7.7, -3.0, 0.4, 0.2, 5.0], "p_holm": [0.001, 0.02, 0.5, 0.7, 0.01]})
    diffs = pd.DataFrame({"p_holm": [0.9, 0.2, 0.3, 0.9, 0.001]})
    assert seat_labels(base, level, diffs) == ["moved at both levels", "moved both ways", "moved at one level only",
                                               "not moved", "skill-dependent"]


def test_a_level_without_its_own_sweep_reads_the_sweeps_that_were_played():
    """Magna Grecia's `ismcts` seat verdict advised "sweep the key constant" below two sweeps that
    had both moved its flagged seat; it now names what they did, and says when none moved it."""
    import pandas as pd
    from reports.design import seat_action_from_slopes
    tab = pd.DataFrame({"seat": [0, 1, 2, 3], "p_holm": [0.3, 0.002, 0.9, 1e-6], "edge_points": [2.5, 5.2, -0.3, -7.5]})
    sl = pd.DataFrame({"seat": [0, 1, 2, 3], "change": [2.9, 2.6, 1.2, -6.6], "change_low": [-1.2, -1.6, -2.7, -10.4],
                       "change_high": [6.9, 6.8, 5.0, -2.8], "p_holm": [0.5, 0.5, 0.6, 0.003]})
    info = {"key": "oracle_points", "players": 4, "by": {"greedy": sl, "tuned": sl.assign(p_holm=0.4)}}
    act = seat_action_from_slopes((None, None, tab), 4, "magna-grecia", "ismcts", info)
    assert act.startswith("the sweeps of `oracle_points` below move seat 3 (-6.6 [-10.4, -2.8] with `greedy` across")
    assert "`tuned`" not in act.split(";")[0]
    # `ismcts` searches over weights trained at the default rules: the check retrains them for both values
    assert act.endswith("its weights retrained for both values (`agon sweep magna-grecia --players 4 --param "
                        "oracle_points=4,V --strategies ismcts --adapt`)")
    none = {**info, "by": {"greedy": sl.assign(p_holm=0.4)}}
    idle = seat_action_from_slopes((None, None, tab), 4, "mg", "ismcts", none)
    assert "no sweep of `oracle_points` below moved seat 3" in idle and "=V`" not in idle
    assert "sweep it with `ismcts` (`agon sweep mg --players 4 --strategies ismcts --param oracle_points=LO:HI:STEP`)" in idle
    curve = {"x": np.array([0, 2, 4.0]), "table": pd.DataFrame({"arm": [0, 1, 2]})}
    swept = seat_action_from_slopes((None, None, tab), 4, "mg", "ismcts", {**none, "runs": {"greedy": (None, curve)}})
    assert "--strategies ismcts --param oracle_points=0,2,4`" in swept        # the values the battery swept
    assert seat_action_from_slopes((None, None, tab), 3, "mg", "ismcts", info) == ""      # another player count


def test_a_seats_own_fair_crossing_and_the_action_that_names_it(tmp_path):
    """reports/sweep.seat_crossing: seat 0's is the komi curve's (value and bootstrap, same seed); a
    later seat that Pig's handicap lifts through fair gets its own crossing, and the seat verdict's
    action names it (rounded to what the parameter takes) instead of a list of values."""
    import pandas as pd
    from reports.aggregate import aggregate_run
    from reports.data import load_meta
    from reports.sweep import seat_action_from_sweep
    from reports.fold import seat_counts
    run = _sweep(tmp_path / "h", "handicap", [0, 5, 10, 15])
    meta = load_meta(run)
    curve = sw.komi_curve(aggregate_run(run), meta, 3, n_boot=300, seed=7)
    x = dict(zip(curve["table"]["arm"].tolist(), np.asarray(curve["x"], float).tolist()))
    c0 = sw.seat_crossing(run, x, 3, 0, n_boot=300, seed=7)
    assert np.isclose(c0["crossing"]["value"], curve["crossing"]["value"])
    assert np.isclose(c0["bootstrap"]["low"], curve["bootstrap"]["low"]) and c0["identified"] == curve["identified"]
    c1 = sw.seat_crossing(run, x, 3, 1, n_boot=300, seed=7)
    assert c1["identified"] and 0 < c1["crossing"]["value"] < 5 and c1["rates"][0] < 1 / 3 < c1["rates"][1]
    tab = pd.DataFrame({"seat": [0, 1, 2], "p_holm": [0.5, 1e-4, 0.5], "edge_points": [1.0, -4.0, 1.0]})
    act = seat_action_from_sweep((None, None, tab), seat_counts(run), meta["sweep"]["arms"], "handicap", 3, "pig",
                                 curve, by="cautious", run=run)
    v = c1["crossing"]["value"]
    assert act.startswith(f"the sweep of `handicap` with `cautious` below brings seat 1 to fair at about handicap = {v:.3g}")
    assert f"--strategies cautious --set handicap={int(round(v))}`" in act
    assert "cross fair between two swept values" in seat_action_from_sweep(
        (None, None, tab), seat_counts(run), meta["sweep"]["arms"], "handicap", 3, "pig", curve)   # without the run
    # a level without its own sweep: the value where the swept player's seat 1 meets fair, to check
    from reports.design import seat_action_from_slopes
    info = {"key": "handicap", "players": 3, "by": {"cautious": sw.seat_slopes(run, x, 3)},
            "runs": {"cautious": (run, curve)}}
    act = seat_action_from_slopes((None, None, tab), 3, "pig", "expert", info)
    assert f"and with `cautious` it meets fair at about handicap = {v:.3g}" in act
    assert f"check handicap = {int(round(v))} with `expert`" in act and f"--set handicap={int(round(v))}`" in act


def test_a_flagged_seat_without_its_own_fair_value_is_judged_on_the_same_seeds(tmp_path):
    """Magna Grecia's 4-player verdict said seat 0's "95% interval contains fair at oracle_points = 0, 2": the
    pointwise intervals of 800-game arms, while on the same seeds 2 moved seat 0 by +0.1 points and the default's
    own interval held fair too. The action now reads the flagged seat's paired differences to the default arm
    (reports/sweep.seat_paired): a value that moves it toward fair (Holm), none that does, or too few games to
    tell, with the games that would (80% power)."""
    import pandas as pd
    from reports.aggregate import aggregate_run
    from reports.data import load_meta
    from reports.fold import seat_counts
    from reports.sweep import seat_action_from_sweep
    run = _sweep(tmp_path / "h", "handicap", [0, 5, 10])             # Pig's default handicap is 0
    arms = load_meta(run)["sweep"]["arms"]
    x = {0: 0.0, 1: 5.0, 2: 10.0}
    seat0 = sw.seat_paired(run, x, 3, 0, 0)                          # seat 0's equals the komi table's pairing
    komi = sw.paired_vs_base(aggregate_run(run), [0, 1, 2], 0, 3)
    assert np.allclose(seat0["diff_points"], komi["diff_points"]) and np.allclose(seat0["x"], [0, 5, 10])
    assert np.allclose(seat0["p_paired_holm"].fillna(-1), komi["p_paired_holm"].fillna(-1))

    def action(seat, edge, r=run, a=arms, key="handicap"):
        tab = pd.DataFrame({"seat": [0, 1, 2], "p_holm": [0.5] * 3, "edge_points": [0.0] * 3})
        tab.loc[seat, ["p_holm", "edge_points"]] = [1e-6, edge]
        return seat_action_from_sweep((None, None, tab), seat_counts(r), a, key, 3, "pig", {}, run=r)

    moved = action(0, 6.0)                      # the handicap pulls seat 0 down: toward fair
    assert "on the same seeds as the default (handicap = 0), has handicap = " in moved
    # the command names the player the sweep played (without --strategies it would play `random`)
    assert "move seat 0 toward fair by -" in moved and "`agon seats pig --players 3 --strategies greedy --set handicap=" \
        in moved
    assert moved.seat == 0 and f"--set handicap={moved.value}`" in moved and moved.games is None
    assert "moves seat 1 toward fair at no value" in action(1, 6.0)      # it lifts seat 1: away from fair
    charm = _sweep(tmp_path / "c", "charm_points", [0, 3])              # a coin per seat: no seat moved on average
    d = sw.seat_paired(charm, {0: 0.0, 1: 3.0}, 3, 1, 0).iloc[1]
    assert d["diff_points"] > 0 and d["p_paired_holm"] > 0.05 and d["sd"] > 0
    arms_c = load_meta(charm)["sweep"]["arms"]
    short = action(1, -8.0, r=charm, a=arms_c, key="charm_points")        # its interval cannot reach 8 points
    assert d["diff_high"] < 8.0 and short.startswith("the sweep of `charm_points` below does not show a value")
    assert "its interval stops short of the seat study's edge (-8.0 points): in this range `charm_points` does not " \
           "compensate it" in short and short.value is None
    unsure = action(1, -2.0, r=charm, a=arms_c, key="charm_points")       # too few games to see 2 points
    n = sw.games_to_see(d["sd"], 2.0, d["games_per_unit"])
    assert n > 600 and "600 games an arm cannot tell it from none" in unsure and unsure.value == "3"
    assert "To see a change the size of the seat study's edge (-2.0 points) 80% of the time" in unsure
    assert f"with about {n:,} games (`agon seats pig --players 3 --strategies greedy --games {n} --set charm_points=3`" \
        in unsure
    assert unsure.games == n and unsure.seat == 1
    # enough games to see the 4-point edge, which did not show: the check is sized for the smaller move seen
    seen = action(1, -4.0, r=charm, a=arms_c, key="charm_points")
    assert sw.games_to_see(d["sd"], 4.0, d["games_per_unit"]) <= 600 and d["diff_high"] >= 4.0   # 4 not ruled out
    m = sw.games_to_see(d["sd"], d["diff_points"], d["games_per_unit"])
    assert f"To see a move of the size seen ({d['diff_points']:+.1f} points) 80% of the time" in seen
    assert f"--games {m} --set charm_points=3`" in seen and seen.games == m > 600


def test_games_to_see_a_change_follow_the_power_of_a_paired_t_test():
    from statsmodels.stats.power import TTestPower
    n = TTestPower().solve_power(effect_size=0.034 / 0.5, alpha=0.05, power=0.8)
    assert sw.games_to_see(0.5, 3.4, 1.0) == int(np.ceil(n / 100) * 100)
    assert sw.games_to_see(0.5, -3.4, 2.0) == int(np.ceil(2 * n / 100) * 100)      # two games a seed
    assert 3.5 < sw.games_to_see(0.5, 1.7, 1.0) / sw.games_to_see(0.5, 3.4, 1.0) < 4.5
    assert sw.games_to_see(0.0, 3.4, 1.0) is None and sw.games_to_see(0.5, 0.0, 1.0) is None


def test_the_cross_count_line_says_whether_the_value_fits_every_count():
    """reports/design.cross_count_line: a seat off fair at another count (after Holm over every count's seats)
    is named with its edge at the default beside it, and the sentence ends by saying the value does not fit
    that count; with none off fair it says the value fits the counts checked."""
    from reports.design import cross_count_line
    plan = {"key": "oracle_points", "value": 0, "players": 4}

    def row(q, edge, p_edge, move, p_move):
        seats = [0] if q == 2 else list(range(q))
        return {"players": q, "seeds": 2000, "command": "", "at": [1 / q + edge / 100] + [1 / q] * (q - 1),
                "default": [1 / q] * q,
                "moves": {k: {"diff": move if k == 0 else 0.0, "low": move - 3, "high": move + 3} for k in seats},
                "moves_holm": {k: p_move if k == 0 else 1.0 for k in seats},
                "edges": {k: (edge if k == 0 else 0.1, p_edge if k == 0 else 0.9) for k in seats},
                "edges_holm": {k: p_edge if k == 0 else 1.0 for k in seats},
                "default_edges": {k: 3.1 if k == 0 else 0.0 for k in seats}}
    off = cross_count_line([row(2, -2.9, 0.04, -6.0, 0.001), row(3, 1.0, 0.5, -1.0, 0.6)], plan)
    assert "seat 0 -6.0 [-9.0, -3.0] (Holm p = 0.001)" in off
    assert "seat 0 is -2.9 points from fair (Holm p = 0.040; +3.1 at the default)" in off
    assert "a seat is off fair at 2 players" in off and "compensate that count" in off
    assert "with 3 players (2,000 seeds)" in off and "no seat differs from fair" in off.split("with 3 players")[1]
    fits = cross_count_line([row(2, -1.0, 0.3, -2.0, 0.2), row(3, 1.0, 0.5, -1.0, 0.6)], plan)
    assert "leaves no seat off fair at 2 and 3 players either" in fits and "moves no seat significantly" in fits
    assert cross_count_line([], plan) == ""


def test_values_between_a_checked_value_and_the_default():
    """reports/sweep.values_between: where the checked value unbalances a seat or a count, the report advises
    sweeping the values between it and the default: every whole number when at most six (Magna Grecia's
    `oracle_points` 0 -> 0..4), five steps over a longer range, nothing when none lies between, and nothing
    for a switch."""
    from reports.sweep import values_between
    assert values_between("magna-grecia", "oracle_points", 0) == "0,1,2,3,4"
    assert values_between("magna-grecia", "oracle_points", 12) == "4,6,8,10,12"
    assert values_between("magna-grecia", "oracle_points", 5) == ""
    assert values_between("pig", "target", 60) == "30,38,45,52,60"
    assert values_between("pig", "power_lucky", False) == ""
