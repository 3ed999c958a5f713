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


def test_sprt_accepts_h1_when_seat_0_has_the_edge(tmp_path):
    # plain Pig, 2 greedy players: seat 0 wins about 58.7%
    _, _, rec = run_single(_study(), tmp_path / "h1", make_rule(sprt="0.5,0.55", batch=250, games=500), progress=False)
    assert rec.stopped_by == "sprt" and rec.decision.startswith("accept H1")
    assert rec.looks[-1].llr >= sprt_bounds(0.05, 0.05)[1]
    md = (tmp_path / "h1" / "report.md").read_text()
    assert "## Stopping rule" in md and "accept H1" in md
    assert json.loads((tmp_path / "h1" / "stopping.json").read_text())["stopped_by"] == "sprt"


def test_sprt_accepts_h0_when_the_handicap_makes_it_fair(tmp_path):
    # handicap 2: seat 0 wins about 51.5%, far closer to H0 = 50% than to H1 = 58%
    st = _study(params={"handicap": 2})
    _, _, rec = run_single(st, tmp_path / "h0", make_rule(sprt="0.5,0.58", batch=250, games=500), progress=False)
    assert rec.stopped_by == "sprt" and rec.decision.startswith("accept H0")


def test_sprt_llr():
    assert sprt_llr(0, 0, 0.5, 0.6) == 0
    assert np.isclose(sprt_llr(6, 10, 0.5, 0.6), 6 * np.log(1.2) + 4 * np.log(0.8))


def test_until_ci_stops_when_narrow_and_equals_one_run(tmp_path):
    _, _, rec = run_single(_study(games=1000), tmp_path / "ci", make_rule(until_ci=0.015, batch=1000, games=1000),
                           progress=False)
    assert rec.stopped_by == "until-ci"
    assert rec.looks[-1].max_half_width <= 0.015 < rec.looks[-2].max_half_width
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
