"""The levels' order check of a design report (reports/level_order.py): one seat of each skill level
among the level below it, judged by a one-sided exact test with Holm over the steps."""
import pandas as pd
import pytest

from experiments.cli import main
from reports import level_order as LO
from reports import stats


def _step(gdir, weak, strong, games, seed=4):
    """Play one step as the design battery names it (one `strong` seat among `weak`, Pig 2 players)."""
    out = LO.folder_of(gdir, weak, strong, 2)
    assert main(["seats", "pig", "--players", "2", "--games", str(games), "--strategies", f"{strong},{weak}",
                 "--seed", str(seed), "--out", str(out), "--quiet"]) == 0


def test_each_step_is_judged_against_the_fair_share_with_holm(tmp_path):
    _step(tmp_path, "random", "greedy", 400)          # greedy among random: clearly stronger
    _step(tmp_path, "greedy", "cautious", 400)        # cautious among greedy: clearly weaker
    tab = LO.order_table(tmp_path, ["random", "greedy", "cautious"], 2)
    assert list(tab["stronger"]) == ["greedy", "cautious"] and list(tab["seat_games"]) == [400, 400]
    assert list(tab["verdict"]) == [LO.STRONGER, LO.WEAKER]
    assert (tab["low"] <= tab["share"]).all() and (tab["share"] <= tab["high"]).all()
    # one Holm family over the steps, of one-sided exact p-values
    raw = [stats.binom_pvalue(r.share * r.seat_games, r.seat_games, 0.5, alternative="greater")
           for r in tab.itertuples()]
    assert list(tab["p_one_sided"]) == pytest.approx(raw)
    assert list(tab["p_holm"]) == pytest.approx(list(stats.holm(raw)))
    line = LO.verdict_line(tab)
    assert "**not shown to be ordered**" in line and "`cautious` is weaker than `greedy`" in line
    assert "`greedy` is" not in line                  # the step that holds is not listed as failing


def test_an_ordered_ladder_and_a_step_not_shown():
    row = dict(weaker="greedy", stronger="tuned", seat_games=2000, share=0.3, low=0.28, high=0.32, fair=0.25,
               p_one_sided=1e-6, p_holm=2e-6, verdict=LO.STRONGER, command="agon seats x")
    tab = pd.DataFrame([row, {**row, "weaker": "tuned", "stronger": "ismcts"}])
    assert LO.verdict_line(tab).startswith("The skill levels are ordered: each is stronger than the one below")
    tab.loc[1, ["share", "low", "high", "p_holm", "verdict"]] = [0.26, 0.24, 0.28, 0.2, LO.NOT_SHOWN]
    assert "`ismcts` is not shown stronger than `tuned`" in LO.verdict_line(tab)


def test_no_step_played_gives_no_table(tmp_path):
    assert LO.order_table(tmp_path, ["greedy", "tuned"], 4) is None


def test_one_sided_p_is_half_the_two_sided_above_fair():
    assert stats.binom_pvalue(60, 100, 0.5, alternative="greater") < stats.binom_pvalue(60, 100, 0.5)
    assert stats.binom_pvalue(40, 100, 0.5, alternative="greater") > 0.9


def _ladder(p_holm_top):
    """A tournament ladder random < greedy < ismcts whose top step has Holm p p_holm_top."""
    steps = pd.DataFrame([dict(lower="random", higher="greedy", gap_elo=450.0, low=380.0, high=520.0, p_holm=1e-30),
                          dict(lower="greedy", higher="ismcts", gap_elo=35.0, low=-11.0, high=81.0,
                               p_holm=p_holm_top)])
    return {"ladder": ["random", "greedy", "ismcts"], "steps": steps, "holds": bool((steps["p_holm"] < 0.05).all()),
            "reversed": []}


def test_the_tournament_ladder_defers_to_an_ordered_check():
    """A small tournament that cannot separate two levels must not read as contradicting the order check
    that does (Troja's report said 'not confirmed' and 'ordered' on one page)."""
    from reports.design import ladder_verdict
    row = dict(weaker="greedy", stronger="tuned", seat_games=1200, share=0.34, low=0.32, high=0.37, fair=0.25,
               p_one_sided=1e-12, p_holm=1e-12, verdict=LO.STRONGER, command="agon seats x")
    order = pd.DataFrame([row, {**row, "weaker": "tuned", "stronger": "ismcts"}])
    cmd = "agon tournament troja --games 160"
    line = ladder_verdict(_ladder(0.069), 168, cmd, order)
    assert "in the tournament (168 games)" in line and "`greedy` < `ismcts` not shown (+35 [-11, +81] Elo" in line
    assert "`random` < `greedy` shown" in line
    assert "order check" in line and "shows `greedy` < `tuned` < `ismcts`" in line and "larger tournament" not in line
    # a step the check did not show: the tournament's own advice stands, with its command
    order.loc[1, ["p_holm", "verdict"]] = [0.3, LO.NOT_SHOWN]
    line = ladder_verdict(_ladder(0.069), 168, cmd, order)
    assert "play a larger tournament" in line and cmd in line and "shows `greedy`" not in line
    assert "play a larger tournament" in ladder_verdict(_ladder(0.069), 168, cmd, None)
    assert ladder_verdict(_ladder(0.001), 168, cmd, None).endswith("holds (each step significant, clustered "
                                                                   "standard errors).")
