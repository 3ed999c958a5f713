"""Does the swept constant move a category dealt at random? A sweep's seat curve cannot show it.

Mare Nostrum's key constant is the Pyramids' price, a wonder of one civ, and civs are dealt to seats at
random: whatever the price does to Egypt is spread evenly over the seats, so the seat curves are flat
and the design report said `cost_pyramids` "does not set the seat balance" while, with `greedy`, Egypt
won every game at 6 and 9 and 17.6% at the default 12. The estimand here is a category's win share
per seat-game (a win 1, a tie among j leaders 1/j) at each swept value, for the categorical seat
metrics the game deals at random at set-up (GameSpec.extra "dealt_categories": Mare Nostrum's civ,
Troja's allegiance, Magna Grecia's colour), so each is a randomised comparison:
- per arm, the share with its Wilson 95% interval;
- each arm against the default arm on the same seeds (paired t interval over the seeds, or blocks of
  seeds on long runs), Holm over every category x arm test; a move counts when it is significant and
  at least MIN_POINTS;
- where a category's curve meets fair 1/players: linear interpolation between the arms that bracket
  it, with the sweep's bootstrap over seeds (every resample counted; identified when the interval
  lies inside the swept range, reports/sweep.py).
A straight line would misdescribe these curves (Egypt's is not monotone with `greedy`), so no slope
is fitted."""
from __future__ import annotations

import numpy as np
import pandas as pd

from reports import stats
from reports.fmt import value

__all__ = ["MIN_POINTS", "dealt_metrics", "of_sweep", "category_matrix", "category_sweep", "moved", "off_fair",
           "sets_balance", "verdict_line", "plot"]

MIN_POINTS = 1.0          # a move smaller than a point of win share is not one a designer acts on


def dealt_metrics(spec, meta: dict, players: int, run=None) -> dict[str, list[str]]:
    """{metric: labels} of the game's categorical seat metrics dealt at random under the run's
    parameters (and recorded by the run, when it is given)."""
    from reports.components import parse_sections
    from reports.component_effect import dealt_at_random
    cats = parse_sections(getattr(spec, "extra", None))["categorical_seat"]
    params = dict(meta.get("params") or {})
    have = None
    if run is not None:
        from reports.data import result_columns
        have = set(result_columns(run).columns)
    return {m: list(labels) for m, labels in cats.items()
            if dealt_at_random(spec, m, params)
            and (have is None or all(f"{m}_{k}" in have for k in range(players)))}


def of_sweep(run, spec, players: int, result: dict | None = None, n_boot: int = 1000) -> dict:
    """{metric: category_sweep(...)} of a one-constant numeric sweep run, from its report's result when it
    computed them (render.build_report's "category_sweeps"), else from the run: the base arm is the arm
    at the constant's default (a value given with --set counts as the run's default); {} without one."""
    from reports.data import load_meta
    from reports.sweep import arm_values, numeric_values, played_values, sweep_params
    if result and "category_sweeps" in result:
        return result["category_sweeps"]
    meta = load_meta(run)
    names = sweep_params(meta)
    if len(names) != 1 or spec is None:
        return {}
    key = names[0]
    av = arm_values(meta)
    x = numeric_values(av[key])
    if x is None or len(x) < 2:
        return {}
    default = (meta.get("params") or {}).get(key, spec.params.get(key).default if key in spec.params.names() else None)
    x = played_values(meta.get("game"), key, x, players)
    try:
        default = float(played_values(meta.get("game"), key, np.array([float(default)]), players)[0])
        base = [int(a) for a, v in zip(av["arm"], x) if float(v) == default]
    except (TypeError, ValueError):
        return {}
    if not base:
        return {}
    x_by_arm = dict(zip(av["arm"].astype(int).tolist(), x.tolist()))
    seed = meta.get("seed", 0)
    seed = int(seed) if isinstance(seed, (int, np.integer)) else 0
    return {m: category_sweep(run, x_by_arm, players, m, labels, base[0], n_boot=n_boot, seed=seed)
            for m, labels in dealt_metrics(spec, meta, players, run).items()}


def category_matrix(run, x_by_arm: dict, players: int, metric: str, n_labels: int):
    """Wins and seat-games per resampling unit, arm and category (reports/sweep.swept_units): (arms, x,
    num, den, unit name), num and den of shape (categories, units, arms)."""
    from reports.sweep import _swept_rows, swept_units
    df = _swept_rows(run, x_by_arm, players, extra=[f"{metric}_{k}" for k in range(players)])
    arms, x, u, col, unit = swept_units(df, x_by_arm)
    codes = df[[f"{metric}_{k}" for k in range(players)]].to_numpy(float)
    wins = df[[f"win_{k}" for k in range(players)]].to_numpy(float)
    n_units = int(u.max()) + 1 if len(u) else 0
    num = np.zeros((n_labels, n_units, len(arms)))
    den = np.zeros_like(num)
    for c in range(n_labels):
        hit = codes == c
        np.add.at(num[c], (u, col), (wins * hit).sum(axis=1))
        np.add.at(den[c], (u, col), hit.sum(axis=1).astype(float))
    return arms, x, num, den, unit


def category_sweep(run, x_by_arm: dict, players: int, metric: str, labels, base_arm: int,
                   n_boot: int = 1000, seed: int = 0, alpha: float = 0.05) -> dict:
    """The estimands of the module docstring for one dealt metric. Returns {"metric", "labels",
    "players", "base_arm", "base_x", "games" (per arm), "table" (one row per category x arm: category,
    arm, x, seat_games, wins, rate, low, high, diff_points, diff_low, diff_high, p_paired, p_holm),
    "crossings" {category: {"crossing" (reports.sweep.fair_crossing), "bootstrap", "identified"}}}."""
    from reports.sweep import _bootstrap, _paired_rows, fair_crossing
    arms, x, num, den, unit = category_matrix(run, x_by_arm, players, metric, len(labels))
    if base_arm not in arms:
        raise ValueError(f"base arm {base_arm} is not among the swept arms {arms}")
    b = arms.index(base_arm)
    rows, crossings = [], {}
    for c, cat in enumerate(labels):
        n, w = den[c].sum(axis=0), num[c].sum(axis=0)
        if n.sum() == 0:
            continue
        lo, hi = stats.wilson(w, n)
        with np.errstate(invalid="ignore", divide="ignore"):
            rate = np.where(n > 0, w / np.where(n > 0, n, 1), np.nan)
        paired = _paired_rows(((a, num[c][:, [j, b]], den[c][:, [j, b]]) for j, a in enumerate(arms)), base_arm, alpha)
        for j, a in enumerate(arms):
            pr = paired.iloc[j]
            rows.append({"category": cat, "arm": int(a), "x": float(x[j]), "seat_games": int(n[j]), "wins": float(w[j]),
                         "rate": float(rate[j]), "low": float(lo[j]), "high": float(hi[j]),
                         "diff_points": float(pr.diff_points), "diff_low": float(pr.diff_low),
                         "diff_high": float(pr.diff_high), "p_paired": float(pr.p_paired)})
        cross = fair_crossing(x, rate, 1.0 / players)
        boot = _bootstrap(num[c], den[c], x, players, n_boot, seed, alpha, 4_000_000, unit) if n_boot > 0 else None
        crossings[cat] = {"crossing": cross, "bootstrap": boot,
                          "identified": bool(cross["value"] is not None and boot is not None and boot["identified"])}
    tab = pd.DataFrame(rows)
    tab["p_holm"] = np.nan
    ok = (tab["arm"] != base_arm) & np.isfinite(tab["p_paired"]) if len(tab) else []
    if len(tab) and ok.any():
        tab.loc[ok, "p_holm"] = stats.holm(tab.loc[ok, "p_paired"].to_numpy())
    return {"metric": metric, "labels": list(labels), "players": int(players), "base_arm": int(base_arm),
            "base_x": float(x[b]), "unit": unit, "games": int(round(den.sum() / max(1, len(arms)) / players)),
            "table": tab, "crossings": crossings, "n_tests": int(np.sum(ok)) if len(tab) else 0}


def moved(res: dict, alpha: float = 0.05) -> pd.DataFrame:
    """The category x arm rows that differ from the default arm: Holm p < alpha and at least MIN_POINTS,
    largest move first."""
    t = res["table"]
    m = t[(t["p_holm"] < alpha) & (t["diff_points"].abs() >= MIN_POINTS)]
    return m.reindex(m["diff_points"].abs().sort_values(ascending=False, kind="stable").index)


def off_fair(res: dict, alpha: float = 0.05) -> pd.DataFrame:
    """Per arm, the categories whose win share differs from fair 1/players (exact binomial test, Holm
    over the categories of the arm) by at least MIN_POINTS: arm, x, category, rate, low, high, p_holm."""
    t, fair = res["table"], 1.0 / res["players"]
    rows = []
    for a, g in t.groupby("arm", sort=True):
        p = np.array([stats.binom_pvalue(r.wins, r.seat_games, fair) if r.seat_games > 0 else np.nan
                      for r in g.itertuples()])
        ok = np.isfinite(p)
        ph = np.full(len(p), np.nan)
        if ok.any():
            ph[ok] = stats.holm(p[ok])
        for r, q in zip(g.itertuples(), ph):
            if q < alpha and abs(r.rate - fair) * 100 >= MIN_POINTS:
                rows.append({"arm": int(a), "x": r.x, "category": r.category, "rate": r.rate, "low": r.low,
                             "high": r.high, "p_holm": q})
    return pd.DataFrame(rows, columns=["arm", "x", "category", "rate", "low", "high", "p_holm"])


def sets_balance(res: dict) -> bool:
    """Whether the constant moves a category (moved) and some swept value leaves one off fair (off_fair)."""
    return not moved(res).empty and not off_fair(res).empty


def _pct(r: float) -> str:
    return f"{100 * r:.1f}%"


def _rate(r) -> str:
    return f"{r.category} {_pct(r.rate)} [{100 * r.low:.1f}, {100 * r.high:.1f}]"


def _finer(game: str | None, key: str, lo: float, hi: float) -> str:
    """Values between two arms to place a crossing ("" when the arms are adjacent whole numbers)."""
    from reports.sweep import _param
    par = _param(game, key) if game else None
    if par is not None and par.integer:
        if hi - lo <= 1:
            return ""
        vals = range(int(lo), int(hi) + 1) if hi - lo <= 6 else np.unique(np.round(np.linspace(lo, hi, 5)).astype(int))
        return ",".join(str(int(v)) for v in vals)
    return ",".join(value(float(f"{v:.4g}")) for v in np.linspace(lo, hi, 5))


def verdict_line(res: dict, key: str, strategy: str, game: str | None = None) -> str:
    """One line for a design report or a sweep report: whether the constant moves a category, the
    most favoured category at each value, whether a value leaves every category fair, and where the
    category furthest from fair at the default meets fair."""
    metric, players = res["metric"], res["players"]
    t, mv, off = res["table"], moved(res), off_fair(res)
    head = (f"`{key}` and `{metric}` (dealt at random at setup, so a randomised comparison; `{strategy}`, "
            f"{res['games']:,} games an arm, same seeds)")
    others = t[t["arm"] != res["base_arm"]]
    if mv.empty:
        if others.empty or not np.isfinite(others["diff_points"]).any():
            return f"{head}: no comparison with the default arm could be made."
        r = others.loc[others["diff_points"].abs().idxmax()]
        return (f"{head}: across the swept range no {metric} moves from the default by a significant point or more "
                f"(the largest: {r.category} {r.diff_points:+.1f} points [{r.diff_low:+.1f}, {r.diff_high:+.1f}] at "
                f"{key} = {value(r.x)}, Holm p = {_p(r.p_holm)}).")
    top = mv.iloc[0]
    largest = (f"the largest move from the default: {top.category} {top.diff_points:+.1f} points [{top.diff_low:+.1f}, "
               f"{top.diff_high:+.1f}] at {key} = {value(top.x)} (paired on the seeds, Holm over {res['n_tests']} "
               f"{metric} x value tests)")
    if off.empty:
        return (f"{head}: `{key}` moves the `{metric}` shares, but leaves every {metric} within a point of fair or not "
                f"significantly off it at every swept value (exact binomial tests, Holm over the {metric}s of each "
                f"value); {largest}.")
    fav = t.loc[t.groupby("arm", sort=True)["rate"].idxmax()].sort_values("x", kind="stable")
    favs = ", ".join(f"{_rate(r)} at " + (f"the default {value(r.x)}" if r.x == res["base_x"] else value(r.x))
                     for r in fav.itertuples())
    line = (f"{head}: **`{key}` sets the `{metric}` balance**, which the seat curves cannot show ({metric}s are dealt "
            f"to seats at random). The most successful {metric} at each value: {favs} (fair {_pct(1 / players)}); "
            + largest)
    fair_arms = sorted(set(t["x"]) - set(off["x"]))
    line += (". At " + ", ".join(value(v) for v in fair_arms) + f" no {metric} is off fair by a point or more "
             f"(exact binomial tests, Holm over the {metric}s of each value)" if fair_arms else
             f". No swept value leaves every {metric} fair (at each, one is off by a point or more; exact binomial "
             f"tests, Holm over the {metric}s of each value)")
    here = off[off["arm"] == res["base_arm"]]
    if not here.empty:
        worst = here.loc[(here["rate"] - 1.0 / players).abs().idxmax()]
        cr = res["crossings"].get(worst.category)
        c = cr["crossing"] if cr else None
        line += f"; at the default {_rate(worst)} is furthest from fair"
        if cr and cr["identified"]:
            lo, hi = c["between"]
            bt = cr["bootstrap"]
            line += (f", and meets it between {key} = {value(lo)} and {value(hi)} (about {c['value']:.3g} by linear "
                     f"interpolation between the arms, bootstrap over seeds [{bt['low']:.3g}, {bt['high']:.3g}]"
                     + (f", the first of {c['n_crossings']} crossings" if c["n_crossings"] > 1 else "") + ")")
            finer = _finer(game, key, lo, hi)
            if finer:
                line += (f"; only the arms were played, so place it with `agon sweep {game} --players {players} "
                         f"--strategies {strategy} --param {key}={finer} --games {res['games']}`")
        elif c is not None and c["value"] is None:
            line += f", and stays {'above' if worst.rate > 1.0 / players else 'below'} it at every swept value"
        else:
            line += ", and where it meets fair is not identified (the bootstrap interval leaves the swept range)"
    return line + "."


def _p(p: float) -> str:
    return f"{p:.2g}" if p >= 1e-3 else f"{p:.1e}"


def plot(res: dict, key: str, title: str, stamp: str = ""):
    """Each category's win share against the swept value with its pointwise Wilson 95% band, fair
    dashed, the default dotted."""
    from reports.plots import _finish, figure
    fig = figure(6.8, 4.2)
    ax = fig.add_subplot()
    colors = ["#35608f", "#e67e22", "#27ae60", "#8e44ad", "#c0392b", "#16a085", "#7f7f7f", "#d35400"]
    t = res["table"]
    for j, cat in enumerate(res["labels"]):
        g = t[t["category"] == cat].sort_values("x", kind="stable")
        if g.empty:
            continue
        col = colors[j % len(colors)]
        ax.fill_between(g["x"], 100 * g["low"], 100 * g["high"], color=col, alpha=0.15)
        ax.plot(g["x"], 100 * g["rate"], "o-", color=col, lw=1.4, ms=4, label=str(cat))
    ax.axhline(100 / res["players"], color="#555555", ls="--", lw=1.0, label=f"fair 1/{res['players']}")
    ax.axvline(res["base_x"], color="black", ls=":", lw=1.0, label=f"default {value(res['base_x'])}")
    ax.set_xlabel(key)
    ax.set_ylabel(f"win share per seat-game by {res['metric']} (%)")
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=7, ncol=2, loc="best")
    return _finish(fig, stamp, "bands: pointwise 95% Wilson intervals")
