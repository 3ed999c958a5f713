"""Bradley-Terry on statsmodels: clustered standard errors and complete separation reported as a bound."""
from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from reports.tournament import ELO, PairCounts, fit_bradley_terry, ratings_table, separation_bounds


def _games(rng, strengths, names, players, n, lineup):
    """n games of one line-up: rank by strength + a shared game shock + noise."""
    idx = [names.index(x) for x in lineup]
    s = np.array([strengths[i] for i in idx])
    perf = s + rng.gumbel(size=(n, players))
    rank = 1 + (perf[:, None, :] > perf[:, :, None]).sum(axis=2)
    return idx, rank


def _tournament(strengths, names, players, n, seed, sep=None):
    rng = np.random.default_rng(seed)
    pc = PairCounts(names, players)
    rows = []
    lineups = [list(x) for x in (names[:players], names[1:players + 1] if len(names) > players else names[:players])]
    for rot in range(players):
        for up in lineups:
            up = up[rot:] + up[:rot]
            idx, rank = _games(rng, strengths, names, players, n, up)
            if sep:   # plant complete separation: sep[0] always ahead of sep[1]
                i, j = names.index(sep[0]), names.index(sep[1])
                if i in idx and j in idx:
                    si, sj = idx.index(i), idx.index(j)
                    swap = rank[:, si] > rank[:, sj]
                    rank[swap, si], rank[swap, sj] = rank[swap, sj], rank[swap, si]
            win = (rank == 1).astype(float)
            pc.add([names[i] for i in idx], rank, win)
            for s in range(players):
                for t in range(s + 1, players):
                    y = np.where(rank[:, s] < rank[:, t], 1.0, np.where(rank[:, s] == rank[:, t], 0.5, 0.0))
                    rows.append(pd.DataFrame({"cluster": np.arange(n), "a": idx[s], "b": idx[t], "s": s, "t": t, "y": y}))
    return pc, pd.concat(rows, ignore_index=True)


def test_ratings_recovered_with_clustered_errors():
    names = ["a", "b", "c", "d"]
    pc, rows = _tournament([0.0, 0.5, 1.0, 1.5], names, 4, 400, seed=1)
    fit = fit_bradley_terry(pc, rows)
    rt = ratings_table(pc, fit).set_index("strategy")
    assert list(rt.index) == ["d", "c", "b", "a"] and fit["separated"] == []
    assert rt.loc["d", "low"] > 0 and np.isfinite(fit["se_ratio"])
    assert fit["clusters"] == 400


def test_complete_separation_is_a_bound_not_an_estimate():
    """c always finishes ahead of a: that pairing has no finite estimate. It is left out of the
    fit (a and c are still linked through b) and reported as a lower bound in Elo."""
    names = ["a", "b", "c"]
    pc, rows = _tournament([0.0, 0.5, 1.0], names, 3, 300, seed=2, sep=("c", "a"))
    fit = fit_bradley_terry(pc, rows)
    assert fit["separated"] == [("c", "a")]
    rt = ratings_table(pc, fit).set_index("strategy")
    assert np.isfinite(rt["rating_elo"]).all() and rt.loc["c", "rating_elo"] > rt.loc["a", "rating_elo"]
    b = separation_bounds(pc).iloc[0]
    n = b.pairings
    assert b.ahead == "c" and b.behind == "a" and b.rate_low == pytest.approx(0.025 ** (1 / n))
    assert b.elo_at_least == pytest.approx(ELO * np.log(b.rate_low / (1 - b.rate_low)))


def test_reference_strategy_always_beaten_is_not_a_rating_of_nan():
    """random loses every pairing to both others (as in a Magna Grecia tournament): it cannot be
    the reference; greedy and ismcts are rated against each other, random gets bounds."""
    from reports.tournament import gap_text, ladder_check
    names = ["random", "greedy", "ismcts"]
    pc, rows = _tournament([0.0, 2.0, 2.5], names, 3, 300, seed=4, sep=("greedy", "random"))
    # plant ismcts > random everywhere too
    i, j = names.index("ismcts"), names.index("random")
    pc.ahead[j, i] = 0.0
    pc.ahead[i, j] = pc.pairs[i, j]
    rows.loc[(rows["a"] == j) & (rows["b"] == i), "y"] = 0.0
    rows.loc[(rows["a"] == i) & (rows["b"] == j), "y"] = 1.0
    fit = fit_bradley_terry(pc, rows)
    assert set(fit["separated"]) == {("greedy", "random"), ("ismcts", "random")}
    assert names[fit["ref"]] == "greedy"
    rt = ratings_table(pc, fit).set_index("strategy")
    assert np.isnan(rt.loc["random", "rating_elo"]) and np.isfinite(rt.loc["ismcts", "rating_elo"])
    lad = ladder_check(pc, fit, names)
    step = lad["steps"].iloc[0]
    assert step.p_holm == 0.0 and gap_text(step) == "`greedy` always ahead (no finite gap)"
    assert len(separation_bounds(pc)) == 2


def test_two_strategies_always_separated_give_a_bound_and_no_fit():
    """A tiny tournament of two strategies where one always finishes ahead (design-report at a small
    --scale): nothing is left to fit; the report gets the bound, not a crash."""
    names = ["random", "greedy"]
    pc, rows = _tournament([0.0, 3.0], names, 2, 5, seed=5, sep=("greedy", "random"))
    fit = fit_bradley_terry(pc, rows)
    assert fit["separated"] == [("greedy", "random")] and fit["pairs"] == 0
    rt = ratings_table(pc, fit).set_index("strategy")
    assert np.isnan(rt.loc["random", "rating_elo"]) or np.isnan(rt.loc["greedy", "rating_elo"])
    assert len(separation_bounds(pc)) == 1


def test_default_ladder_puts_the_shared_search_on_top():
    """The design reports' tournament plays random, greedy and ismcts: its ladder must test
    greedy < ismcts too, not stop at greedy (the order once named only the per-game `search`)."""
    from reports.tournament import default_ladder
    assert default_ladder(["ismcts", "greedy", "random"]) == ["random", "greedy", "ismcts"]
    assert default_ladder(["tuned", "ismcts", "greedy"]) == ["greedy", "tuned", "ismcts"]
    assert default_ladder(["random", "cautious"]) == ["random"]
