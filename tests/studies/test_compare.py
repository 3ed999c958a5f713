"""`agon compare`: runs side by side, paired on shared seeds; a rule variant played on the same seeds."""
import numpy as np
import pandas as pd

from experiments.cli import main
from experiments.runner import Study, run_study


def _seats(path, **kw):
    base = dict(kind="seats", game="pig", players=3, games=3000, seed=4, strategies="greedy")
    base.update(kw)
    return run_study(Study(**base), path, progress=False)


def test_compare_pairs_runs_on_shared_seeds(tmp_path):
    a = _seats(tmp_path / "a")
    b = _seats(tmp_path / "b", params={"handicap": 6})          # seats 1, 2 start with 6 points
    c = _seats(tmp_path / "c", params={"handicap": 6}, seed=9)  # same rule, other seeds: unpaired
    out = tmp_path / "cmp"
    assert main(["compare", str(a), str(b), str(c), "--out", str(out), "--quiet"]) == 0
    tab = pd.read_csv(out / "compare.csv")
    pb, pc = tab[(tab["run"] == 1) & (tab["seat"] == 0)].iloc[0], tab[(tab["run"] == 2) & (tab["seat"] == 0)].iloc[0]
    assert pb.paired and not pc.paired and pb.seeds == 3000
    assert pb.high < 0 and pc.high < 0                           # the handicap costs seat 0
    assert pb.high - pb.low < pc.high - pc.low                   # pairing narrows the interval
    md = (out / "report.md").read_text()
    verdict = md.split("## Verdict")[1].split("\n## ")[0]
    assert "B (`handicap` = 6) against A: seat 0 -" in verdict and "paired over 3,000 shared seeds" in verdict
    assert "unpaired (different seeds or players)" in verdict
    assert (out / "report.html").exists() and (out / "compare.png").exists()


def test_compare_plays_a_rule_variant_and_shows_the_component_change(tmp_path):
    """The causal check of a component: switch its effect off on the same seeds. Pig's lucky charm
    is worth `charm_points`; with charm_points 0 its effect disappears."""
    a = _seats(tmp_path / "strong", params={"charm_points": 10})
    out = tmp_path / "cmp"
    assert main(["compare", str(a), "--set", "charm_points=0", "--out", str(out), "--quiet"]) == 0
    assert (out / "variant-charm_points-0" / "run.json").exists()   # inside the comparison folder
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cmp", "strong"]   # nothing written beside it
    md = (out / "report.md").read_text()
    assert "## Components" in md and "Lucky" in md and "**changed**" in md
    verdict = md.split("## Verdict")[1].split("\n## ")[0]
    assert "components whose effect changed" in verdict and "Lucky" in verdict


def test_compare_bad_input(tmp_path, capsys):
    a = _seats(tmp_path / "a", games=30)
    assert main(["compare", str(a), "--out", str(tmp_path / "x")]) == 2
    assert "two or more run folders" in capsys.readouterr().err
    assert main(["compare", str(a), str(tmp_path / "nope"), "--out", str(tmp_path / "x")]) == 2
    assert "not a run folder" in capsys.readouterr().err


def test_a_switch_turned_off_gets_its_causal_effect_on_the_holders(tmp_path):
    """B = A with one measuring switch off (`power_lucky`): the seats that held the lucky charm under A
    win less on the same seeds without its points, paired; the component's own figure compares other
    holders, so the holders' line is the causal check a designer reads."""
    from reports.compare import holder_effect, switched_component
    from reports.data import load_meta, result_columns
    from sim import get_game
    a = _seats(tmp_path / "a", params={"charm_points": 10})
    b = _seats(tmp_path / "b", params={"charm_points": 10, "power_lucky": False})
    c = _seats(tmp_path / "c", params={"charm_points": 0, "power_lucky": False})    # two parameters differ
    spec, cols = get_game("pig"), set(result_columns(a).columns)
    assert switched_component(spec, load_meta(a), load_meta(b), cols) == ("power_lucky", "charm_lucky", "Lucky", None)
    assert switched_component(spec, load_meta(a), load_meta(c), cols) is None
    h = holder_effect(a, b, "charm_lucky", 3)
    assert 4000 < h["seat_games"] < 5000 and h["high"] < 0 and h["rate_a"] > h["rate_b"]
    out = tmp_path / "cmp"
    assert main(["compare", str(a), str(b), "--out", str(out), "--quiet"]) == 0
    verdict = (out / "report.md").read_text().split("## Verdict")[1].split("\n## ")[0]
    assert "its causal effect on the seats that held Lucky under A" in verdict and "(paired, p = " in verdict
    # stated as the power's worth to its holders (with it minus without it): positive, its interval turned too
    worth = f"so the power is worth {-h['diff']:+.1f} points [{-h['high']:+.1f}, {-h['low']:+.1f}] to them"
    assert worth in verdict and worth.split("worth ")[1].startswith("+")


def test_no_holder_effect_where_holders_are_chosen_after_the_runs_diverge():
    """Mare Nostrum's gods are taken again every round and a creature's power acts from the set-up: their
    holders are chosen after the runs diverge, so no holder line (Baal's read +7.7 points for its takers
    only because they were chosen in the run where they did badly); heroes and wonders have one."""
    from reports.compare import switched_component
    from sim import get_game
    spec = get_game("mare-nostrum")
    meta = {"game": "mare-nostrum", "players": 6, "seed": 1, "strategies": ["greedy"] * 6, "rotation": False}
    cols = {"god_baal_0", "creature_griffin_0", "wonder_colossus_0"}
    off = lambda name: {**meta, "params": {f"power_{name}": False}}   # noqa: E731
    base = {**meta, "params": {}}
    assert switched_component(spec, base, off("baal"), cols) is None
    assert switched_component(spec, base, off("griffin"), cols) is None      # no civ column: no owner
    assert switched_component(spec, base, off("colossus"), cols) == ("power_colossus", "wonder_colossus", "Colossus", None)
    # a creature is judged on the civ that owns it, dealt at set-up: the Griffin is Babylon's (code 3)
    owned = switched_component(spec, base, off("griffin"), cols | {"civ_0"})
    assert owned == ("power_griffin", "civ", "Griffin", 3)
    assert switched_component(spec, base, off("ishtar"), cols | {"civ_0"}) is None


def test_an_owner_code_reads_the_same_holders_as_a_held_flag(tmp_path):
    """holder_effect with `code` picks the seats whose categorical metric equals it: on a 0/1 metric,
    code 1 is the held flag, so the two readings agree to the last digit."""
    from reports.compare import holder_effect
    a = _seats(tmp_path / "a", params={"charm_points": 10})
    b = _seats(tmp_path / "b", params={"charm_points": 10, "power_lucky": False})
    held, coded = holder_effect(a, b, "charm_lucky", 3), holder_effect(a, b, "charm_lucky", 3, code=1)
    assert held == coded and held["seat_games"] > 0
    # the seats without the charm lose nothing when its points go: their effect is the other sign
    assert holder_effect(a, b, "charm_lucky", 3, code=0)["diff"] > 0 > held["diff"]


def test_a_holder_effect_with_no_spread_is_in_points(monkeypatch):
    """Every holder lost the game it won once the power was off: -100 points with no spread (the branch
    without an interval once returned -1, a fraction, beside figures in points); a single game is not judged."""
    import reports.compare as C
    def runs(games):
        a = pd.DataFrame({"game": range(games), "rotation": 0, "arm": 0, "win_0": 1.0, "win_1": 0.0,
                          "held_0": 1.0, "held_1": 0.0})
        b = a.assign(win_0=0.0, win_1=1.0)
        return {"a": a, "b": b}
    for games, diff in ((3, -100.0), (1, None)):
        frames = runs(games)
        monkeypatch.setattr(C, "iter_chunks", lambda run, cols, f=frames: iter([f[run][[c for c in cols if c in f[run]]]]))
        h = C.holder_effect("a", "b", "held", 2)
        assert (h["diff"] == diff) if diff is not None else np.isnan(h["diff"])


def test_compare_judges_a_category_across_the_runs(tmp_path):
    """Troja's allegiance, played by two kinds of players: a table of its win share in each run and one verdict
    line saying where it holds whoever plays (reports/category_runs.py)."""
    runs = [run_study(Study(kind="seats", game="troja", players=4, games=400, seed=3, strategies=s), tmp_path / s,
                      progress=False) for s in ("random", "greedy")]
    out = tmp_path / "cmp"
    assert main(["compare", *map(str, runs), "--out", str(out), "--quiet"]) == 0
    md = (out / "report.md").read_text()
    assert "## Win rate by `allegiance` in every run" in md
    verdict = md.split("## Verdict")[1].split("\n## ")[0]
    assert "`allegiance` across the 2 runs" in verdict
    assert (out / "compare_allegiance.png").stat().st_size > 0 and "compare_allegiance.png" in md
    tab = pd.read_csv(out / "compare_allegiance.csv")
    assert list(tab["category"]) == ["Troy", "Mycenae"]
    assert (tab["seat_games_0"] + tab["seat_games_1"]).sum() == 2 * 400 * 4
