"""How games end at each skill level: the game's end metric (GameSpec.extra["end_metric"], one of its
`categorical_game` metrics: Mare Nostrum's victory path, Glory to Rome's end condition, Troja's end path)
and the game's length, in the default count's seats run and in every skill level's run.

A designer reads "how the game plays out" from the seats run, which `greedy` plays. Stronger players can
play a different game: in Mare Nostrum the Pyramids end 73% of `greedy`'s games and 99% of `ismcts`'s, in
about half the turns, so a finding about the paths to victory read from `greedy` alone does not
hold for them. Per level: each category's share of games with its Wilson 95% interval and the mean length
with its t interval; across the levels one chi-square test of homogeneity on the categories any level
reached (scipy.stats.chi2_contingency), so no correction is needed.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from reports import stats
from reports.data import iter_chunks
from reports.fmt import ci, pct, pval

__all__ = ["end_metric", "level_table", "verdict_line", "section"]

SHIFT = 5.0      # points of share a category must move between levels for the line to call it a change that matters


def end_metric(spec) -> tuple[str, list[str]] | None:
    """(metric, labels) of how the game ends, or None when the game declares none (Magna Grecia ends
    after a fixed number of rounds: nothing to tell apart)."""
    extra = getattr(spec, "extra", None) or {}
    name = extra.get("end_metric")
    labels = (extra.get("categorical_game") or {}).get(name) if name else None
    return (name, list(labels)) if labels else None


def _counts(run: Path, metric: str, c: int) -> tuple[np.ndarray, np.ndarray]:
    """(games per category, game lengths in the `turns` counter) of a run's base arm."""
    n, lengths = np.zeros(c), []
    for df in iter_chunks(run, ["arm", metric, "turns"]):
        df = df[df["arm"] == df["arm"].min()]
        code = df[metric].to_numpy(float)
        ok = (code >= 0) & (code < c)
        n += np.bincount(code[ok].astype(np.int64), minlength=c)[:c]
        lengths.append(df["turns"].to_numpy(float))
    return n, (np.concatenate(lengths) if lengths else np.zeros(0))


def level_table(runs: list[Path], names: list[str], metric: str, labels: list[str]) -> dict:
    """{"table": one row per category reached at any level (share_j, low_j, high_j, games_j per level j),
    "length": one row per level (mean, low, high player-turns, games), "chi2", "df", "p"}."""
    from scipy.stats import chi2_contingency
    from statsmodels.stats.weightstats import DescrStatsW
    c = len(labels)
    counts, lengths = zip(*(_counts(Path(r), metric, c) for r in runs))
    counts = np.array(counts)                                   # levels x categories
    reached = counts.sum(axis=0) > 0
    rows = []
    for i in np.flatnonzero(reached):
        row = {"code": int(i), "category": labels[i]}
        for j in range(len(runs)):
            total = counts[j].sum()
            lo, hi = stats.wilson(counts[j, i], total)
            row.update({f"games_{j}": int(counts[j, i]), f"share_{j}": counts[j, i] / total if total else np.nan,
                        f"low_{j}": float(lo), f"high_{j}": float(hi)})
        rows.append(row)
    table = pd.DataFrame(rows)
    if len(table):
        table = table.sort_values(f"share_{len(runs) - 1}", ascending=False, kind="stable").reset_index(drop=True)
    length = []
    for name, x in zip(names, lengths):
        if len(x) >= 2 and np.std(x) > 0:
            d = DescrStatsW(x)
            lo, hi = d.tconfint_mean()
            length.append({"level": name, "mean": float(d.mean), "low": float(lo), "high": float(hi), "games": len(x)})
        else:
            m = float(np.mean(x)) if len(x) else np.nan
            length.append({"level": name, "mean": m, "low": m, "high": m, "games": len(x)})
    sub = counts[:, reached]
    sub = sub[sub.sum(axis=1) > 0]
    if sub.shape[0] >= 2 and sub.shape[1] >= 2:
        chi2, p, df, _ = chi2_contingency(sub)
    else:
        chi2, p, df = np.nan, np.nan, 0
    return {"table": table, "length": pd.DataFrame(length), "chi2": float(chi2), "df": int(df), "p": float(p),
            "metric": metric, "names": list(names)}


def _largest_move(t: pd.DataFrame, k: int):
    """(category, signed points) of the largest move of a share from the base level to any other level."""
    best, move = None, 0.0
    for r in t.itertuples():
        for j in range(1, k):
            d = 100 * (getattr(r, f"share_{j}") - r.share_0)
            if abs(d) > abs(move):
                best, move = r.category, d
    return best, move


def verdict_line(lt: dict, players: int, alpha: float = 0.05) -> str:
    """The design report's line: whether how games end moves with skill, each category's share at every level
    (most common at the strongest level first; intervals at the base and the strongest level) and the games'
    length at every level."""
    t, names, k = lt["table"], lt["names"], len(lt["names"])
    shares = "; ".join(
        f"{r.category} " + ", ".join(pct(getattr(r, f"share_{j}")) + (
            f" {ci(getattr(r, f'low_{j}'), getattr(r, f'high_{j}'))}" if j in (0, k - 1) else "")
            for j in range(k)) for r in t.itertuples())
    ln = lt["length"]
    lengths = ", ".join(f"{m:.1f} [{lo:.1f}, {hi:.1f}]" for m, lo, hi in zip(ln["mean"], ln["low"], ln["high"]))
    what = f"How games end (`{lt['metric']}`, {players} players)"
    p, tail = lt["p"], ""
    if not np.isfinite(p):
        head = f"{what} cannot be compared between the levels (one category or one level)"
    elif p < alpha:
        cat, move = _largest_move(t, k)
        head = f"{what} **changes with skill** (chi-square p = {pval(p)}; largest move: {cat} {move:+.1f} points)"
        tail = (f" A share read from `{names[0]}`'s games alone does not describe the games of "
                + ", ".join(f"`{x}`" for x in names[1:]) + "." if abs(move) >= SHIFT else
                f" No category's share moves by {SHIFT:g} points or more between the levels.")
    else:
        head = f"{what} does not change detectably with skill (chi-square p = {pval(p)})"
    return (f"{head}: share of games with " + ", ".join(f"`{x}`" for x in names) + f": {shares}; mean length "
            f"{lengths} {_unit(lt)} (95% intervals)." + tail)


def _unit(lt: dict) -> str:
    """What the length counts: the game's flow turn where it declares one (Mare Nostrum: a build turn)."""
    turn = str(lt.get("turn") or "").split(" (")[0]     # "a build turn (the `turns` counter)" -> "a build turn"
    return f"turns (a turn is {turn})" if turn else "player-turns"


def section(doc, lt: dict, players: int) -> None:
    """The Skill sensitivity subsection: every category's share at every level, and the lengths."""
    t, names, k = lt["table"], lt["names"], len(lt["names"])
    ln = lt["length"]
    doc.h(3, f"How games end at each level (`{lt['metric']}`)")
    doc.table(["category"] + [f"with `{x}`" for x in names],
              [[r.category] + [f"{pct(getattr(r, f'share_{j}'))} {ci(getattr(r, f'low_{j}'), getattr(r, f'high_{j}'))}"
                               for j in range(k)] for r in t.itertuples()]
              + [[f"mean length ({_unit(lt)})"] + [f"{m:.1f} [{lo:.1f}, {hi:.1f}]"
                                                    for m, lo, hi in zip(ln["mean"], ln["low"], ln["high"])]],
              f"Share of games per `{lt['metric']}` category [Wilson 95%] in the {players}-player seats run of each "
              f"level (the base level's seats run, then each skill level's); length: mean {_unit(lt)} with its t "
              f"interval. Chi-square test of homogeneity over the levels: {lt['chi2']:.1f} on {lt['df']} df, p = "
              f"{pval(lt['p'])} (reports/ending_levels.py).")
