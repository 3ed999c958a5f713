"""A category (a civ, a side) across the runs of `agon compare`: above or below fair in every run only when
each run shows it (intersection-union test), "depends on the runs" when runs disagree significantly."""
import numpy as np
import pandas as pd

from reports import category_runs as CR
from reports import stats


def _table(rates, n=6000, players=6):
    """A per-run table as category_rates writes it, from exact win shares."""
    rates = np.asarray(rates, float)
    w = np.round(rates * n)
    lo, hi = stats.wilson(w, np.full(len(rates), n))
    p = [stats.binom_pvalue(k, n, 1 / players) for k in w]
    return pd.DataFrame({"category": [f"c{i}" for i in range(len(rates))], "seat_games": n, "wins": w,
                         "rate": w / n, "low": lo, "high": hi, "p": p})


def test_a_verdict_needs_every_run():
    a = _table([0.30, 0.05, 0.25, 0.17, 0.16, 0.07])
    b = _table([0.28, 0.06, 0.08, 0.17, 0.18, 0.23])
    t = CR.across_runs([a, b], 6).set_index("category")
    assert t.loc["c0", "verdict"] == CR.ABOVE and t.loc["c1", "verdict"] == CR.BELOW
    assert t.loc["c2", "verdict"] == CR.DEPENDS and t.loc["c2", "above_in"] == [0] and t.loc["c2", "below_in"] == [1]
    assert t.loc["c3", "verdict"] == CR.NONE            # fair in both
    # one run says nothing: no verdict, whatever the other says
    assert t.loc["c4", "verdict"] == CR.NONE
    line = CR.verdict_line("civ", t.reset_index(), ["A", "B"])
    assert "above fair in every run: c0 (28.0%-30.0%)" in line and "c2 (above in A; below in B)" in line
    assert "chosen in play" not in line
    # a category the seats choose in play (Mare Nostrum's first god) is an association, and the line says so
    assert "chosen in play, not dealt, so an association" in CR.verdict_line("first_god", t.reset_index(), ["A", "B"],
                                                                             dealt=False)


def test_one_run_that_barely_shows_it_is_not_enough():
    """Above in one run by a wide margin, above by a hair (not significant) in the other: no verdict. The
    largest per-run p decides, so a strong run cannot carry a weak one."""
    a = _table([0.40, 0.12, 0.12, 0.12, 0.12, 0.12])
    b = _table([0.172, 0.166, 0.166, 0.166, 0.166, 0.164])
    t = CR.across_runs([a, b], 6).set_index("category")
    assert t.loc["c0", "verdict"] == CR.NONE
    assert CR.across_runs([a, a], 6).set_index("category").loc["c0", "verdict"] == CR.ABOVE
    # the line still says which run puts it off fair (Mare Nostrum's Egypt: fair for greedy, far above for ismcts)
    line = CR.verdict_line("civ", t.reset_index(), ["A", "B"])
    assert "no verdict across the runs: c0 (above in A; not shown in B), c1 (below in A; not shown in B)," in line
    assert line.endswith(", c5 (below in A; not shown in B)")         # the last of its nested bullets


def test_skill_level_words():
    """Two levels read "both", three or more "every" (a design report with greedy, tuned, ismcts)."""
    two = CR.skill_levels("`greedy`", "`ismcts`")
    assert two.scope == "at both skill levels (`greedy`, `ismcts`)" and CR.label(CR.BELOW, two) == "below fair at both levels"
    three = CR.skill_levels("`greedy`", "`tuned`", "`ismcts`")
    assert three.scope == "at the 3 skill levels (`greedy`, `tuned`, `ismcts`)"
    assert CR.label(CR.ABOVE, three) == "above fair at every level" and three.none == "no verdict for every level"
