"""How games end at each skill level (reports/ending_levels.py): the shares and lengths are the runs' own,
one chi-square test over the levels decides whether the line calls it a change, and a change too small to
matter is said to be small."""
import numpy as np
import pandas as pd
from scipy.stats import chi2_contingency

from experiments.runner import Study, run_study
from reports import ending_levels as EL
from reports.data import iter_chunks
from sim import get_game


def _run(path, strategy, games=600, seed=5):
    st = Study(kind="seats", game="pig", players=2, games=games, seed=seed, strategies=strategy)
    return run_study(st, path, progress=False)


def test_shares_lengths_and_the_test_are_the_runs_own(tmp_path):
    """Pig's last turn: `cautious` (holds at 7) finishes on a small turn more often than `greedy` (12)."""
    runs = [_run(tmp_path / "g", "greedy"), _run(tmp_path / "c", "cautious")]
    metric, labels = EL.end_metric(get_game("pig"))
    assert (metric, labels) == ("finish", ["small finish", "big finish"])
    lt = EL.level_table(runs, ["greedy", "cautious"], metric, labels)
    frames = [pd.concat(list(iter_chunks(r, ["finish", "turns"]))) for r in runs]
    counts = np.array([[(f["finish"] == c).sum() for c in (0, 1)] for f in frames])
    t = lt["table"].set_index("category")
    for j, f in enumerate(frames):
        assert t.loc["small finish", f"games_{j}"] == counts[j, 0]
        assert np.isclose(t.loc["small finish", f"share_{j}"], counts[j, 0] / len(f))
        assert t.loc["small finish", f"low_{j}"] < t.loc["small finish", f"share_{j}"] < t.loc["small finish", f"high_{j}"]
        assert np.isclose(lt["length"]["mean"].iloc[j], f["turns"].mean())
    assert np.isclose(lt["p"], chi2_contingency(counts)[1]) and lt["df"] == 1
    assert list(lt["table"]["category"]) == ["small finish", "big finish"]    # the last level's order
    line = EL.verdict_line(lt, 2)
    assert line.startswith("How games end (`finish`, 2 players) **changes with skill**")
    assert "does not describe the games of `cautious`." in line


def _lt(a, b, n=1000):
    """A table of two levels with shares a and b of the first of two categories, n games each."""
    counts = np.array([[a * n, (1 - a) * n], [b * n, (1 - b) * n]])
    rows = []
    for i, cat in enumerate(("x", "y")):
        row = {"code": i, "category": cat}
        for j in range(2):
            row.update({f"games_{j}": counts[j, i], f"share_{j}": counts[j, i] / n, f"low_{j}": 0.0, f"high_{j}": 1.0})
        rows.append(row)
    chi2, p, df, _ = chi2_contingency(counts)
    length = pd.DataFrame({"level": ["a", "b"], "mean": [10.0, 9.0], "low": [9.5, 8.5], "high": [10.5, 9.5],
                           "games": [n, n]})
    return {"table": pd.DataFrame(rows), "length": length, "chi2": chi2, "df": df, "p": p, "metric": "end",
            "names": ["a", "b"]}


def test_the_line_says_whether_a_change_is_shown_and_whether_it_matters():
    same = EL.verdict_line(_lt(0.50, 0.51), 4)
    assert "does not change detectably with skill" in same and "does not describe" not in same
    small = EL.verdict_line(_lt(0.50, 0.54, n=20000), 4)    # shown, but 4 points: below SHIFT
    assert "**changes with skill**" in small and "largest move: x +4.0 points" in small
    assert small.endswith(f"No category's share moves by {EL.SHIFT:g} points or more between the levels.")
    big = EL.verdict_line(_lt(0.50, 0.70), 4)
    assert "largest move: x +20.0 points" in big and big.endswith("does not describe the games of `b`.")
    assert "mean length 10.0 [9.5, 10.5], 9.0 [8.5, 9.5] player-turns" in big
    # the game's own turn (Mare Nostrum counts build turns, Glory to Rome leader turns)
    assert "9.0 [8.5, 9.5] turns (a turn is a build turn) (95% intervals)" in EL.verdict_line(
        {**_lt(0.50, 0.70), "turn": "a build turn"}, 6)
    assert EL.end_metric(get_game("magna-grecia")) is None         # a fixed number of rounds: nothing to compare
    assert EL.end_metric(get_game("mare-nostrum"))[0] == "victory_path"
