"""Is a category favoured whoever plays? A categorical seat metric (Mare Nostrum's civ, Troja's
allegiance, Magna Grecia's colour) across the runs of `agon compare`.

Which civ wins most depends on the players (how much they pay to stop a leader, how well they use
a civ's powers), so a designer should act on a civ verdict only where it holds for every player
compared. Per run: each category's win share per seat-game with its Wilson 95% interval and the
exact binomial p against fair 1/p. Across the runs, an intersection-union test: a category is
**above fair in every run** when it is above fair in each run and the largest of its per-run p
values is significant after Holm over the categories (the union of the runs' nulls is rejected
only when each is), likewise **below**; it **depends on the runs** when some run puts it
significantly above and another significantly below (Holm over every run x category cell);
otherwise no verdict is drawn. Categories that are outcomes of play (`outcome_categories`, e.g.
the roles held at the end) are described by the seats report, not judged here.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

from reports import stats
from reports.data import iter_chunks, result_columns
from reports.render import nested

__all__ = ["Words", "RUNS", "skill_levels", "label", "judged_metrics", "category_rates", "across_runs",
           "dealt_in_every_run", "verdict_line", "plot"]

ABOVE, BELOW, DEPENDS, NONE = "above fair in every run", "below fair in every run", "depends on the runs", "not shown"


@dataclass(frozen=True)
class Words:
    """How a verdict reads where it is printed: across the runs of `agon compare` (RUNS), or at a
    design report's skill levels (`skill_levels`)."""
    every: str = "in every run"              # "above fair {every}"
    varies: str = "depends on the runs"
    none: str = "no verdict across the runs"
    scope: str = ""                          # the line's opening; "" = "across the N runs"


RUNS = Words()


def skill_levels(*names: str) -> Words:
    """The words of a design report's skill levels (two: "both", more: "every")."""
    if len(names) == 2:
        return Words("at both levels", "depends on the level", "no verdict for both levels",
                     f"at both skill levels ({names[0]}, {names[1]})")
    return Words("at every level", "depends on the level", "no verdict for every level",
                 f"at the {len(names)} skill levels ({', '.join(names)})")


def label(verdict: str, words: Words = RUNS) -> str:
    """A stored verdict (ABOVE, BELOW, DEPENDS, NONE) in `words`."""
    return {ABOVE: f"above fair {words.every}", BELOW: f"below fair {words.every}",
            DEPENDS: words.varies}.get(verdict, verdict)


def judged_metrics(spec, runs: list[Path], players: int) -> dict[str, list[str]]:
    """{metric: labels} of the game's categorical seat metrics that every run recorded, outcomes of
    play left out."""
    from reports.components import parse_sections
    extra = getattr(spec, "extra", None) or {}
    cats = parse_sections(extra)["categorical_seat"]
    outcomes = set(extra.get("outcome_categories", ()))
    have = [set(result_columns(r).columns) for r in runs]
    return {m: list(labels) for m, labels in cats.items()
            if m not in outcomes and all(f"{m}_{k}" in h for h in have for k in range(players))}


def category_rates(run, players: int, metric: str, labels) -> pd.DataFrame:
    """One row per category of `metric` in `run` (base arm): seat_games, wins (ties split), rate,
    Wilson low/high, p (exact binomial against 1/players, two-sided)."""
    c = len(labels)
    n, w = np.zeros(c), np.zeros(c)
    cols = ["arm"] + [f"{x}_{k}" for x in (metric, "win") for k in range(players)]
    for df in iter_chunks(run, cols):
        df = df[df["arm"] == df["arm"].min()]
        for k in range(players):
            code = df[f"{metric}_{k}"].to_numpy(float)
            ok = (code >= 0) & (code < c)
            idx = code[ok].astype(np.int64)
            n += np.bincount(idx, minlength=c)
            w += np.bincount(idx, weights=df[f"win_{k}"].to_numpy(float)[ok], minlength=c)
    lo, hi = stats.wilson(w, n)
    with np.errstate(invalid="ignore", divide="ignore"):
        rate = np.where(n > 0, w / np.where(n > 0, n, 1), np.nan)
    p = np.array([stats.binom_pvalue(w[i], n[i], 1.0 / players) if n[i] > 0 else np.nan for i in range(c)])
    return pd.DataFrame({"category": list(labels), "seat_games": n.astype(np.int64), "wins": w, "rate": rate,
                         "low": lo, "high": hi, "p": p})


def across_runs(tables: list[pd.DataFrame], players: int, alpha: float = 0.05) -> pd.DataFrame:
    """One row per category: its rate in each run (columns rate_j, low_j, high_j), the verdict
    (ABOVE, BELOW, DEPENDS, NONE), the intersection-union p (Holm over the categories) and the runs
    that put it significantly above / below fair (Holm over every run x category cell)."""
    fair = 1.0 / players
    c = len(tables[0])
    rate = np.array([t["rate"].to_numpy(float) for t in tables])          # runs x categories
    p = np.array([t["p"].to_numpy(float) for t in tables])
    cell = np.full(p.shape, np.nan)
    fin = np.isfinite(p)
    if fin.any():
        cell[fin] = stats.holm(p[fin])
    same_side = np.all(rate > fair, axis=0) | np.all(rate < fair, axis=0)
    iut = np.where(same_side & np.all(fin, axis=0), np.where(fin, p, -np.inf).max(axis=0), np.nan)
    iut_holm = np.full(c, np.nan)
    ok = np.isfinite(iut)
    if ok.any():
        iut_holm[ok] = stats.holm(iut[ok])
    rows = []
    for i in range(c):
        up = [j for j in range(len(tables)) if cell[j, i] < alpha and rate[j, i] > fair]
        down = [j for j in range(len(tables)) if cell[j, i] < alpha and rate[j, i] < fair]
        if np.isfinite(iut_holm[i]) and iut_holm[i] < alpha:
            verdict = ABOVE if rate[0, i] > fair else BELOW
        elif up and down:
            verdict = DEPENDS
        else:
            verdict = NONE
        row = {"category": tables[0]["category"].iloc[i], "verdict": verdict, "p_iut_holm": iut_holm[i],
               "above_in": up, "below_in": down}
        for j, t in enumerate(tables):
            row.update({f"rate_{j}": rate[j, i], f"low_{j}": t["low"].iloc[i], f"high_{j}": t["high"].iloc[i],
                        f"seat_games_{j}": int(t["seat_games"].iloc[i])})
        rows.append(row)
    return pd.DataFrame(rows)


def dealt_in_every_run(spec, metric: str, metas: list[dict]) -> bool:
    """Whether the category is dealt at random at set-up in every run (a randomised comparison, e.g.
    Mare Nostrum's civ under civ_assignment=random); else seats choose it in play."""
    from reports.component_effect import dealt_at_random
    return all(dealt_at_random(spec, metric, m.get("params") or {}) for m in metas)


def _partial(r, names: list[str]) -> str:
    """A category without a verdict for every run, with the runs that do put it off fair: Mare Nostrum's
    Egypt is at fair for `greedy` but wins 44.9% and 70.2% (fair 16.7%) for `tuned` and `ismcts`, which
    "no verdict" alone hid from a designer reading the stronger players' line."""
    up, down = list(getattr(r, "above_in", []) or []), list(getattr(r, "below_in", []) or [])
    if not up and not down:
        return str(r.category)
    rest = [j for j in range(len(names)) if j not in up and j not in down]
    said = ([f"above in {', '.join(names[j] for j in up)}"] if up else []) + \
           ([f"below in {', '.join(names[j] for j in down)}"] if down else []) + \
           ([f"not shown in {', '.join(names[j] for j in rest)}"] if rest else [])
    return f"{r.category} ({'; '.join(said)})"


def verdict_line(metric: str, tab: pd.DataFrame, names: list[str], dealt: bool = True, words: Words = RUNS) -> str:
    """The summary line: which categories are above / below fair in every run, which depend on the
    runs (naming them), and that the rest show no verdict across the runs. A category chosen in play
    (not dealt) is said to be an association: the seats that choose it may be the ones already ahead."""
    def pts(x):
        return f"{100 * x:.1f}%"

    parts = []
    for verdict in (ABOVE, BELOW):
        sub = tab[tab["verdict"] == verdict]
        if len(sub):
            k = len(names)
            parts.append(f"{label(verdict, words)}: " + ", ".join(
                f"{r.category} ({pts(min(getattr(r, f'rate_{j}') for j in range(k)))}-"
                f"{pts(max(getattr(r, f'rate_{j}') for j in range(k)))})" for r in sub.itertuples()))
    dep = tab[tab["verdict"] == DEPENDS]
    if len(dep):
        parts.append(f"{words.varies}: " + "; ".join(
            f"{r.category} (above in {', '.join(names[j] for j in r.above_in)}; below in "
            f"{', '.join(names[j] for j in r.below_in)})" for r in dep.itertuples()))
    rest = tab[tab["verdict"] == NONE]
    if len(rest):
        parts.append(f"{words.none}: " + ", ".join(_partial(r, names) for r in rest.itertuples()))
    how = "" if dealt else ("; chosen in play, not dealt, so an association with winning, not what the category "
                            "does")
    return nested(f"`{metric}` {words.scope or f'across the {len(names)} runs'} (a verdict holds {words.every}: "
                  f"intersection-union test, Holm{how}):", parts)


def plot(tab: pd.DataFrame, labels: list[str], players: int, title: str):
    """Each category's win share in every run with its Wilson 95% interval, one colour per run, fair
    dashed: a category whose points sit on one side of the line in every colour is the verdict."""
    from reports.plots import figure
    fig = figure(7.2, 4.2)
    ax = fig.add_subplot()
    k, c = len(labels), len(tab)
    x = np.arange(c)
    colors = ["#7f7f7f", "#35608f", "#e67e22", "#27ae60", "#8e44ad", "#c0392b", "#16a085", "#d35400"]
    for j in range(k):
        r = 100 * tab[f"rate_{j}"].to_numpy(float)
        lo, hi = 100 * tab[f"low_{j}"].to_numpy(float), 100 * tab[f"high_{j}"].to_numpy(float)
        dx = -0.35 + 0.7 * (j + 0.5) / k
        ax.errorbar(x + dx, r, yerr=[r - lo, hi - r], fmt="o", ms=4, capsize=2, color=colors[j % len(colors)],
                    label=labels[j])
    ax.axhline(100 / players, color="#c0392b", ls="--", lw=1.0, label=f"fair 1/{players}")
    names = [f"{cat}\n{'(' + v.split(' in ')[0].replace('fair', '').strip() + ')' if v in (ABOVE, BELOW) else ''}"
             for cat, v in zip(tab["category"], tab["verdict"])]
    ax.set_xticks(x, names, fontsize=8)
    ax.set_ylabel("win share per seat-game (%)")
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=7, ncol=2)
    fig.tight_layout()
    return fig
