"""The design report says what the key constant's sweep does to the seat the seat study flagged,
when that seat is not seat 0 (the sweep curve's estimand): Glory to Rome's 4-player verdict told a
designer to "sweep the key constant" for seat 3 while its own sweep had seat 3 below fair at every
value (reports/design.flagged_seat_under_sweep)."""
import pandas as pd

from reports.design import flagged_seat_under_sweep
from reports.stats import wilson


class _Counts:
    """rate(seat, arm) like reports.fold.SeatCounts, from win counts per arm and seat."""

    def __init__(self, wins, n):
        self.wins, self.n = wins, n

    def rate(self, seat, arm):
        w = self.wins[arm][seat]
        lo, hi = wilson(w, self.n)
        return w / self.n, lo, hi, w, self.n


ARMS = [{"arm": i, "values": {"k": v}} for i, v in enumerate((0, 2, 4))]


def _seats(edges, p_holm):
    return (None, None, pd.DataFrame({"seat": range(len(edges)), "edge_points": edges, "p_holm": p_holm}), None)


def test_a_flagged_seat_the_constant_does_not_reach_is_said():
    sc = _Counts([[830, 800, 770, 600], [820, 800, 760, 620], [800, 790, 790, 640]], 3000)
    text = flagged_seat_under_sweep(_seats([3.1, 3.1, -0.4, -5.8], [1e-9, 1e-9, 0.4, 1e-30]), sc, ARMS, "k", 4)
    assert text.startswith("Seat 3, the seat furthest from fair at 4 players, wins 20.0%")
    assert "below fair at every swept value" in text and "does not compensate it" in text


def test_where_its_interval_reaches_fair_the_values_are_named():
    sc = _Counts([[800, 800, 800, 600], [800, 800, 800, 700], [800, 800, 800, 750]], 3000)
    text = flagged_seat_under_sweep(_seats([0, 0, 0, -5.8], [1, 1, 1, 1e-30]), sc, ARMS, "k", 4)
    assert text.endswith("its 95% interval contains fair at k = 4 (pointwise, per value).")


def test_nothing_when_seat_0_or_no_seat_is_flagged():
    sc = _Counts([[900, 700, 700, 700]] * 3, 3000)
    assert flagged_seat_under_sweep(_seats([5, -1.7, -1.7, -1.7], [1e-9, 0.2, 0.2, 0.2]), sc, ARMS, "k", 4) == ""
    assert flagged_seat_under_sweep(_seats([0.5, 0, 0, -0.5], [1, 1, 1, 1]), sc, ARMS, "k", 4) == ""
    assert flagged_seat_under_sweep(None, sc, ARMS, "k", 4) == ""


# ---- the seat verdict's action at the sweep's player count (reports/design.seat_action_from_sweep): Magna
# Grecia's 4-player verdict said "compensate it, e.g. sweep the key constant" for seat 3, two lines above the
# sweep that had seat 3 below fair at every value from 0 to 8.

def test_the_seat_verdict_does_not_advise_a_sweep_its_own_sweep_has_ruled_out():
    from reports.sweep import seat_action_from_sweep
    from reports.render import seat_verdict
    sc = _Counts([[830, 800, 770, 600], [820, 800, 760, 620], [800, 790, 790, 640]], 3000)
    seats = _seats([3.1, 3.1, -0.4, -5.8], [1e-9, 1e-9, 0.4, 1e-30])
    action = seat_action_from_sweep(seats, sc, ARMS, "k", 4, "g", {"identified": False})
    assert action.startswith("compensate it by another rule: the sweep of `k` below leaves seat 3 below fair at "
                             "every value from 0 to 4")
    assert "`agon sweep g --players 4 --param NAME=LO:HI:STEP`" in action
    tab = pd.DataFrame({"seat": range(4), "win_rate": [0.277, 0.267, 0.257, 0.2], "edge_points": [2.7, 1.7, 0.7, -5],
                        "ci_low": [0.26, 0.25, 0.24, 0.186], "ci_high": [0.29, 0.28, 0.27, 0.214],
                        "p_holm": [0.1, 0.2, 0.4, 1e-12]})
    line = seat_verdict(tab, 4, 3000, key_param="k", game="g", action=action)
    assert "Action: compensate it by another rule" in line and "e.g. sweep the key constant" not in line
    default = seat_verdict(tab, 4, 3000, key_param="k", game="g")
    assert "`agon sweep g --players 4 --param k=LO:HI:STEP`" in default   # the sweep at the verdict's count
    # a design battery's other player counts: the range it swept, as a command to run
    from reports.design import _swept_values
    filled = seat_verdict(tab, 4, 3000, key_param="k", game="g",
                          key_values=_swept_values({"sweep": [0, 2.5, 4], "sweep_games": 800}))
    assert "sweep the key constant over the range the battery swept: `agon sweep g --players 4 --param k=0,2.5,4 " \
           "--games 800`" in filled
    assert _swept_values({}) == "" and _swept_values({"sweep": [1, 2]}) == "1,2"
    # outside a battery (a seats report), the default sweep of the game's parameter: five values over its range
    # and the default, as the battery sweeps when design.toml names none
    alone = seat_verdict(tab, 4, 3000, key_param="oracle_points", game="magna-grecia")
    assert "`agon sweep magna-grecia --players 4 --param oracle_points=0,3,4,6,9,12`" in alone


def test_the_advised_sweep_is_the_one_a_battery_plays_by_default(tmp_path):
    from experiments.design import load_batteries
    from reports.sweep import sweep_advice_values
    cfg = tmp_path / "design.toml"
    cfg.write_text('[defaults]\nseats = 100\n')                   # no sweep named: the parameter's default sweep
    b = load_batteries(["magna-grecia", "glory-to-rome"], str(cfg), 1.0, 1)
    assert [str(v) for v in b[0].sweep_values] == sweep_advice_values("magna-grecia", "oracle_points").split(",")
    assert [str(v) for v in b[1].sweep_values] == sweep_advice_values("glory-to-rome", "merchant_bonus_vp").split(",")
    assert sweep_advice_values("magna-grecia", "oracle_placement") == ""          # an option: no values to sweep


def test_where_the_sweep_reaches_fair_the_action_names_the_value_to_check():
    from reports.sweep import seat_action_from_sweep
    sc = _Counts([[800, 800, 800, 600], [800, 800, 800, 700], [800, 800, 800, 750]], 3000)
    action = seat_action_from_sweep(_seats([0, 0, 0, -5.8], [1, 1, 1, 1e-30]), sc, ARMS, "k", 4, "g", {})
    assert "seat 3's 95% interval contain fair at k = 4" in action
    assert "`agon seats g --players 4 --set k=4`, then `agon compare`" in action


def test_a_flagged_seat_0_is_pointed_at_the_identified_fair_value():
    from reports.sweep import seat_action_from_sweep
    sc = _Counts([[900, 700, 700, 700], [750, 750, 750, 750], [600, 800, 800, 800]], 3000)
    curve = {"identified": True, "crossing": {"value": 2.0}, "bootstrap": {"low": 1.4, "high": 2.7}}
    action = seat_action_from_sweep(_seats([5, -1.7, -1.7, -1.7], [1e-9, 0.2, 0.2, 0.2]), sc, ARMS, "k", 4, "g", curve)
    assert action.startswith("set `k` near the fair value the sweep of `k` below finds, about 2 [1.4, 2.7]")
    assert "--set k=2`" in action                                 # the value to check, not a placeholder
    assert action.value == "2" and action.seat == 0                  # the check the design battery plays
    near_default = {**curve, "crossing": {"value": 29.6}, "bootstrap": {"low": 25.0, "high": 34.0}}
    arms = [{"arm": i, "values": {"target": v}} for i, v in enumerate((10, 30, 60))]
    again = seat_action_from_sweep(_seats([5, -1.7, -1.7, -1.7], [1e-9, 0.2, 0.2, 0.2]), sc, arms, "target", 4, "pig",
                                   near_default)
    assert "--set target=30`" in again and again.value is None       # Pig's default: playing it again checks nothing
    assert seat_action_from_sweep(_seats([0.5, 0, 0, -0.5], [1, 1, 1, 1]), sc, ARMS, "k", 4, "g", curve) == ""


def test_the_default_value_is_not_offered_as_the_fix_for_its_own_edge():
    """Magna Grecia's 4-player verdict offered `oracle_points` = 0, 2, 4 for seat 0's edge, 4 being the
    default at which the seat study (4,000 games) had found it; the sweep's 800 games an arm were too
    few to see it there. The default is left out, and a sweep that reaches fair only there says it is
    too small to place the value."""
    from reports.sweep import seat_action_from_sweep
    arms = [{"arm": i, "values": {"oracle_points": v}} for i, v in enumerate((0, 4, 8))]
    seats = _seats([3.4, 0, 0, -2], [1e-6, 1, 1, 0.2])
    sc = _Counts([[760, 800, 800, 840], [780, 800, 800, 820], [900, 780, 760, 760]], 3000)
    action = seat_action_from_sweep(seats, sc, arms, "oracle_points", 4, "magna-grecia", {})
    assert "contain fair at oracle_points = 0 (pointwise" in action and "--set oracle_points=0`" in action
    only = _Counts([[900, 800, 700, 800], [780, 800, 800, 820], [900, 780, 760, 760]], 3000)
    action = seat_action_from_sweep(seats, only, arms, "oracle_points", 4, "magna-grecia", {})
    assert action.startswith("the sweep of `oracle_points` below is too small to place it: only at the default "
                             "oracle_points = 4") and "--games N`" in action
    # a tuned level's check retrains the players for both values: its weights were tuned at the default
    action = seat_action_from_sweep(seats, sc, arms, "oracle_points", 4, "magna-grecia", {}, by="tuned")
    assert "(`agon sweep magna-grecia --players 4 --param oracle_points=4,0 --strategies tuned --adapt`)" in action
