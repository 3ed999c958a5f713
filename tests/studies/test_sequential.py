"""Stopping rules: SPRT reaches the right decision on runs with a known seat edge; until-ci
stops once every interval is narrow enough; a grown run equals one run of its final size."""
import json

import numpy as np

from experiments.runner import Study, run_study
from experiments.sequential import make_rule, run_single, sprt_bounds, sprt_llr
from reports.fold import seat_counts


def _study(**kw):
    base = dict(kind="seats", game="pig", players=2, games=500, seed=9, strategies="greedy")
    base.update(kw)
    return Study(**base)


def test_sprt_rejects_h0_when_seat_0_has_the_edge(tmp_path):
    # plain Pig, 2 greedy players: seat 0 wins about 58.7%
    _, _, rec = run_single(_study(), tmp_path / "h1", make_rule(sprt="0.5,0.55", batch=250, games=500), progress=False)
    assert rec.stopped_by == "sprt" and rec.decision.startswith("reject H0: seat 0 wins more")
    assert rec.looks[-1].llr >= sprt_bounds(0.05 / 2, 0.05)[1]     # two one-sided tests of seat 0
    md = (tmp_path / "h1" / "report.md").read_text()
    assert "## Stopping rule" in md and "reject H0" in md
    rec_json = json.loads((tmp_path / "h1" / "stopping.json").read_text())
    assert rec_json["stopped_by"] == "sprt" and rec_json["looks_planned"] == 1 + (200_000 - 500 + 249) // 250
    # the seat table shows intervals valid under the data-dependent stop, and labels the others
    assert "anytime-valid 95% CI" in md and "95% CI (nominal)" in md and "p (anytime, Holm)" in md


def test_sprt_is_two_sided(tmp_path):
    """A seat that wins *less* than fair is an edge too: the one-sided test of seat 0 accepted
    H0 here; the two-sided one rejects it."""
    st = _study(params={"handicap": 8})
    _, _, rec = run_single(st, tmp_path / "low", make_rule(sprt="0.5,0.55", batch=250, games=500), progress=False)
    assert rec.stopped_by == "sprt" and rec.decision.startswith("reject H0: seat 0 wins less")


def test_sprt_tests_every_seat():
    from experiments.sequential import sprt_tests
    tests = sprt_tests([(250, 1000), (250, 1000), (330, 1000), (170, 1000)], 0.25, 0.28)
    assert len(tests) == 8 and max(tests, key=tests.get) in ("seat 2 high", "seat 3 low")
    assert len(sprt_tests([(550, 1000), (450, 1000)], 0.5, 0.55)) == 2    # 2 players: seat 0 only


def test_sprt_p0_must_be_fair(tmp_path):
    import pytest
    from sim.spec import AgonInputError
    with pytest.raises(AgonInputError, match="fair rate 1/2"):
        run_single(_study(), tmp_path / "bad", make_rule(sprt="0.45,0.5", games=500), progress=False)
    assert not (tmp_path / "bad").exists()


def test_anytime_valid_intervals_cover_after_an_sprt_stop():
    """Simulated SPRT runs on a fair seat (p = 0.5, batches of 100): at the stop, the plain
    Wilson interval misses the truth more often than 5%; the anytime-valid one (Wilson at
    5%/K) does not."""
    from experiments.sequential import StopRule, run_until
    from reports.stats import wilson
    rng = np.random.default_rng(1)
    rule = StopRule(sprt=(0.5, 0.56), max_games=6000, batch=100)
    miss_plain = miss_any = 0
    reps = 300
    for _ in range(reps):
        draws = rng.random(6000) < 0.5
        state = {}
        rec = run_until(rule, 100, lambda n: state.update(n=n),
                        lambda: {"seats": [(float(draws[:state["n"]].sum()), state["n"])]}, progress=False)
        n = rec.looks[-1].games
        w = float(draws[:n].sum())
        lo, hi = wilson(w, n)
        miss_plain += not (lo <= 0.5 <= hi)
        lo, hi = wilson(w, n, rec.anytime_alpha)
        miss_any += not (lo <= 0.5 <= hi)
    assert miss_any / reps <= 0.05
    assert miss_plain > miss_any


def test_sprt_accepts_h0_when_the_handicap_makes_it_fair(tmp_path):
    # handicap 2: seat 0 wins about 51.5%, far closer to H0 = 50% than to H1 = 58%
    st = _study(params={"handicap": 2})
    _, _, rec = run_single(st, tmp_path / "h0", make_rule(sprt="0.5,0.58", batch=250, games=500), progress=False)
    assert rec.stopped_by == "sprt" and rec.decision.startswith("accept H0")


def test_sprt_llr():
    assert sprt_llr(0, 0, 0.5, 0.6) == 0
    assert np.isclose(sprt_llr(6, 10, 0.5, 0.6), 6 * np.log(1.2) + 4 * np.log(0.8))


def test_until_ci_stops_when_narrow_and_equals_one_run(tmp_path):
    _, _, rec = run_single(_study(games=1000), tmp_path / "ci",
                           make_rule(until_ci=0.03, batch=1000, games=1000, max_games=8000), progress=False)
    assert rec.stopped_by == "until-ci"
    assert rec.looks[-1].max_half_width <= 0.03 < rec.looks[-2].max_half_width
    # the bound holds for the widest interval the report shows: the anytime-valid one (8 looks)
    from reports.stats import wilson
    tab = __import__("pandas").read_csv(tmp_path / "ci" / "seats.csv")
    assert ((tab["any_sim_high"] - tab["any_sim_low"]) / 2 <= 0.03).all()
    assert ((tab["ci_high"] - tab["ci_low"]) / 2 <= 0.03).all()
    lo, hi = wilson(tab["wins"][0], tab["games"][0], 0.05 / 8)
    assert tab["any_low"][0] == lo
    n = rec.looks[-1].games
    assert n == 1000 * len(rec.looks)
    run_study(_study(games=n), tmp_path / "single", progress=False)
    a, b = seat_counts(tmp_path / "ci"), seat_counts(tmp_path / "single")
    assert a.games == b.games and np.allclose(a.wins[0], b.wins[0])
    assert "Stopped by **until-ci**" in (tmp_path / "ci" / "report.md").read_text()
    assert "Stopping rule" in (tmp_path / "ci" / "report.html").read_text()


def test_until_ci_cap_is_stated(tmp_path):
    _, _, rec = run_single(_study(), tmp_path / "cap", make_rule(until_ci=0.001, max_games=1500, batch=500, games=500),
                           progress=False)
    assert rec.stopped_by == "max-games" and rec.looks[-1].games == 1500


def test_sequential_tournament_via_cli(tmp_path, capsys):
    from experiments.cli import main
    out = tmp_path / "t"
    assert main(["tournament", "pig", "--strategies", "random,greedy", "--games", "400", "--until-ci", "0.03",
                 "--batch", "400", "--out", str(out), "--quiet"]) == 0
    rec = json.loads((out / "stopping.json").read_text())
    assert rec["stopped_by"] == "until-ci" and rec["looks"][-1]["max_half_width"] <= 0.03
    assert "## Stopping rule" in (out / "report.md").read_text()
