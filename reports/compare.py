"""`agon compare`: two or more runs of one game side by side, the first as the reference.

Runs of the same game, player count, seed and line-up were played on the same seeds (common
random numbers: the same setups and dice), so each difference is **paired**: per seed, the
difference of a seat's win share (or score, or length), averaged over the seeds, with a t interval
over seeds (the rotations of one seed are averaged first). Other runs are compared unpaired
(Newcombe interval of two win rates). Holm runs over every seat x run comparison. When the game
declares components, each component's effect (reports/component_effect.py) is compared too: a
rule switch that removes a component's power (e.g. Glory to Rome's `power_<building>=false`) is
the causal check of a flagged component. When the runs record game flow (docs/FLOW.md), each flow
figure is compared the same way (paired t over shared seeds, else Welch), Benjamini-Hochberg over
the figures and runs: does the change make the game closer, more dramatic, decided later? When the
game declares categories of seats (a civ, a side), each one's win share is shown in every run and
judged across them (reports/category_runs.py): above or below fair in every run, or depending on
the runs, so a civ verdict names the players it holds for.
"""
from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import numpy as np
import pandas as pd

from reports import stats
from reports.data import iter_chunks, load_meta, result_columns
from reports.doc import Doc, integer, pct, pval, value
from reports.plots import figure, png_bytes

__all__ = ["per_seed_results", "paired", "compare_table", "flow_table", "Switched", "switched_component", "held", "holder_effect", "build"]


def per_seed_results(run, players: int) -> pd.DataFrame:
    """Per seed (game index): mean over its rotations of each seat's win share and score, and
    of the length; base arm only for sweeps (arm 0)."""
    cols = ["game", "arm", "turns"] + [f"{c}_{k}" for c in ("win", "score") for k in range(players)]
    parts = []
    for df in iter_chunks(run, cols):
        parts.append(df[df["arm"] == df["arm"].min()].drop(columns="arm"))
    return pd.concat(parts, ignore_index=True).groupby("game").mean().sort_index()


def same_seeds(a: dict, b: dict) -> bool:
    """Were two runs played on the same seeds with the same seats? (Then their games pair up.)"""
    keys = ("game", "players", "seed", "strategies", "rotation")
    return all(a.get(k) == b.get(k) for k in keys)


def paired(a: pd.DataFrame, b: pd.DataFrame, column: str, scale: float = 1.0, alpha: float = 0.05) -> dict:
    """b - a over the shared seeds: mean, paired t interval, p (statsmodels DescrStatsW)."""
    shared = a.index.intersection(b.index)
    d = scale * (b.loc[shared, column].to_numpy(float) - a.loc[shared, column].to_numpy(float))
    d = d[np.isfinite(d)]     # a flow figure is undefined in some games (no sole winner): pairs where both have it
    return {"n": int(len(d)), **mean_interval(d, alpha)}


def mean_interval(d, alpha: float = 0.05) -> dict:
    """Mean of paired differences with its t interval and p against 0 (statsmodels DescrStatsW); no spread:
    the mean as its own interval; fewer than 2: nothing (nan)."""
    from statsmodels.stats.weightstats import DescrStatsW
    d = np.asarray(d, float)
    if len(d) < 2:
        return {"diff": np.nan, "low": np.nan, "high": np.nan, "p": np.nan}
    ds = DescrStatsW(d)
    if ds.std == 0:
        m = float(ds.mean)
        return {"diff": m, "low": m, "high": m, "p": 1.0 if m == 0 else 0.0}
    lo, hi = ds.tconfint_mean(alpha)
    return {"diff": float(ds.mean), "low": float(lo), "high": float(hi), "p": float(ds.ttest_mean(0.0)[1])}


def compare_table(runs: list[Path], metas: list[dict], players: int) -> pd.DataFrame:
    """One row per (run, seat) for every run after the first: win rates, the difference to the
    reference (paired when the runs share seeds), p, Holm over all rows."""
    data = [per_seed_results(r, players) for r in runs]
    rows = []
    ref, ref_meta = data[0], metas[0]
    seats = [0] if players == 2 else range(players)
    for j in range(1, len(runs)):
        pair = same_seeds(ref_meta, metas[j])
        for k in seats:
            col = f"win_{k}"
            na, nb = len(ref), len(data[j])
            wa, wb = float(ref[col].sum()), float(data[j][col].sum())
            row = {"run": j, "seat": k, "games_a": na, "games_b": nb, "rate_a": wa / na, "rate_b": wb / nb,
                   "paired": pair}
            if pair:
                r = paired(ref, data[j], col, 100.0)
                row.update(diff=r["diff"], low=r["low"], high=r["high"], p=r["p"], seeds=r["n"])
            else:
                d, lo, hi = stats.newcombe_diff(wb, nb, wa, na)
                row.update(diff=100 * d, low=100 * lo, high=100 * hi, p=stats.two_proportion_pvalue(wb, nb, wa, na),
                           seeds=0)
            rows.append(row)
    out = pd.DataFrame(rows)
    fin = np.isfinite(out["p"].to_numpy(float))
    out["p_holm"] = np.nan
    if fin.any():
        out.loc[fin, "p_holm"] = stats.holm(out.loc[fin, "p"].to_numpy())
    return out


def per_seed_flow(run) -> pd.DataFrame:
    """Per seed: the mean over its rotations of each per-game flow figure (base arm only), with
    `flow_won_from_behind` derived as reports/flow.py does; empty when the run has no flow columns."""
    from reports.data import result_columns
    from reports.flow import FIGURES
    have = set(result_columns(run).columns)
    cols = [c for c, _, _ in FIGURES if c in have]
    if not cols:
        return pd.DataFrame()
    parts = []
    for df in iter_chunks(run, ["game", "arm"] + cols):
        parts.append(df[df["arm"] == df["arm"].min()].drop(columns="arm"))
    out = pd.concat(parts, ignore_index=True)
    if "flow_winner_turns_behind" in out:
        v = out["flow_winner_turns_behind"].to_numpy(float)
        out["flow_won_from_behind"] = np.where(np.isnan(v), np.nan, (v > 0).astype(float))
    return out.groupby("game").mean().sort_index()


def _mean_ci(x: np.ndarray):
    from statsmodels.stats.weightstats import DescrStatsW
    x = x[np.isfinite(x)]
    if len(x) < 2:
        return (float(x.mean()) if len(x) else np.nan), np.nan, np.nan, len(x)
    d = DescrStatsW(x)
    lo, hi = d.tconfint_mean(0.05) if d.std > 0 else (d.mean, d.mean)
    return float(d.mean), float(lo), float(hi), len(x)


def flow_table(runs: list[Path], metas: list[dict]) -> pd.DataFrame:
    """One row per (run after the first, flow figure): the figure in A and in the run (mean per
    game with a t interval), the difference run - A (paired t over shared seeds, else Welch), p
    and Benjamini-Hochberg over every row. Empty when a run has no flow figures."""
    from statsmodels.stats.weightstats import CompareMeans, DescrStatsW
    from reports.flow import FIGURES
    data = [per_seed_flow(r) for r in runs]
    if any(len(d) == 0 for d in data):
        return pd.DataFrame()
    rows = []
    for j in range(1, len(runs)):
        pair = same_seeds(metas[0], metas[j])
        for c, label, _ in FIGURES:
            if c not in data[0] or c not in data[j]:
                continue
            a, b = data[0][c].to_numpy(float), data[j][c].to_numpy(float)
            ma, la, ha, na = _mean_ci(a)
            mb, lb, hb, nb = _mean_ci(b)
            row = {"run": j, "figure": c, "label": label, "a": ma, "a_low": la, "a_high": ha, "games_a": na,
                   "b": mb, "b_low": lb, "b_high": hb, "games_b": nb, "paired": pair}
            if pair:
                r = paired(data[0], data[j], c)
                row.update(diff=r["diff"], low=r["low"], high=r["high"], p=r["p"], pairs=r["n"])
            else:
                fa, fb = a[np.isfinite(a)], b[np.isfinite(b)]
                row.update(diff=mb - ma, low=np.nan, high=np.nan, p=np.nan, pairs=0)
                if len(fa) > 1 and len(fb) > 1 and (fa.std() > 0 or fb.std() > 0):
                    cm = CompareMeans(DescrStatsW(fb), DescrStatsW(fa))
                    lo, hi = cm.tconfint_diff(0.05, usevar="unequal")
                    row.update(low=float(lo), high=float(hi), p=float(cm.ttest_ind(usevar="unequal")[1]))
            rows.append(row)
    out = pd.DataFrame(rows)
    out["p_bh"] = np.nan
    fin = np.isfinite(out["p"].to_numpy(float)) if len(out) else np.array([], bool)
    if fin.any():
        out.loc[fin, "p_bh"] = stats.benjamini_hochberg(out.loc[fin, "p"].to_numpy())
    return out


class Switched(NamedTuple):
    """A power switch turned off between two runs, and whom its causal effect is read on: the seats
    with `metric` > 0.5 under the reference rules (they held the component), or, with `code`, the
    seats whose categorical `metric` is `code` (the civ that owns a creature)."""
    switch: str
    metric: str
    label: str
    code: int | None = None


def switched_component(spec, meta_a: dict, meta_b: dict, columns) -> Switched | None:
    """The switch when run b is run a on the same seeds with exactly one measuring switch turned off
    (`power_<name>`) that names a component whose holders are fixed before the switch changes any
    play, else None. Fixed holders: `<prefix><name>` for a prefix in GameSpec.extra["switch_holders"]
    (Mare Nostrum's heroes and wonders, bought once by one seat), or the owner a prefix in
    extra["switch_owners"] names ({prefix: (categorical seat metric, names in code order)}: a Mare
    Nostrum creature belongs to one civ, dealt before play). A god taken again every round, or a
    creature's builders, are seats chosen after the two runs diverged: their win rates would differ by
    that selection too."""
    from reports.components import parse_sections
    from reports.component_study import component_label
    if spec is None or not same_seeds(meta_a, meta_b):
        return None
    pa, pb = meta_a.get("params") or {}, meta_b.get("params") or {}
    diff = [k for k in set(pa) | set(pb) if pa.get(k) != pb.get(k)]
    if len(diff) != 1 or not diff[0].startswith("power_") or pb.get(diff[0]) not in (False, 0, "false"):
        return None
    name = diff[0][len("power_"):]
    extra = getattr(spec, "extra", None) or {}
    fixed = tuple(extra.get("switch_holders") or ())
    owners = extra.get("switch_owners") or {}
    for _, prefix in parse_sections(extra)["components"]:
        label = component_label(prefix + name, prefix)
        if prefix in fixed and f"{prefix}{name}_0" in columns:
            return Switched(diff[0], prefix + name, label)
        if prefix in owners and name in owners[prefix][1] and f"{owners[prefix][0]}_0" in columns:
            metric, names = owners[prefix]
            return Switched(diff[0], metric, label, list(names).index(name))
    return None


def _category_label(spec, metric: str, code: int) -> str:
    from reports.components import parse_sections
    labels = parse_sections(getattr(spec, "extra", None))["categorical_seat"].get(metric) or []
    return labels[code] if 0 <= code < len(labels) else f"{metric} {code}"


def held(values: np.ndarray, code: int | None = None) -> np.ndarray:
    """Which seat values hold the component: a 0/1 flag above 0.5 (nan: no), or the owner's `code`."""
    values = np.asarray(values, float)
    return values == code if code is not None else np.nan_to_num(values) > 0.5


def holder_effect(run_a: Path, run_b: Path, metric: str, players: int, alpha: float = 0.05,
                  code: int | None = None) -> dict:
    """The switch's causal effect on the seat-games that held the component under the reference
    rules (`metric` > 0.5, or `metric` == `code` for an owner): per (seed, rotation, seat) where run
    a's seat held it, its win share in b minus in a (same seeds: only the switch differs), averaged
    per game over its holders, with a t interval over those games. The holders are chosen by a's play
    alone (or dealt before it), so b's outcome for the same seat is its counterfactual: what the power
    is worth to the seats that take it, their next-best choice included. The component's own figure
    in b compares other holders (a switched-off wonder is bought by other seats), so it is an
    association again."""
    keys = ["game", "rotation", "arm"]
    wins = [f"win_{k}" for k in range(players)]
    a = pd.concat([df[df["arm"] == df["arm"].min()] for df in
                   iter_chunks(run_a, keys + wins + [f"{metric}_{k}" for k in range(players)])], ignore_index=True)
    b = pd.concat([df[df["arm"] == df["arm"].min()] for df in iter_chunks(run_b, keys + wins)], ignore_index=True)
    m = a.merge(b, on=["game", "rotation"], suffixes=("_a", "_b"))
    mask = held(np.stack([m[f"{metric}_{k}"].to_numpy(float) for k in range(players)], axis=1), code)
    wa = np.stack([m[f"win_{k}_a"].to_numpy(float) for k in range(players)], axis=1)
    wb = np.stack([m[f"win_{k}_b"].to_numpy(float) for k in range(players)], axis=1)
    game = np.repeat(m["game"].to_numpy(), players).reshape(-1, players)
    out = {"seat_games": int(mask.sum()), "games": 0, "rate_a": np.nan, "rate_b": np.nan,
           "diff": np.nan, "low": np.nan, "high": np.nan, "p": np.nan}
    if mask.sum() < 2:
        return out
    d = pd.DataFrame({"game": game[mask], "d": 100 * (wb - wa)[mask]}).groupby("game")["d"].mean()  # points
    out.update(games=int(len(d)), rate_a=float(wa[mask].mean()), rate_b=float(wb[mask].mean()))
    out.update(mean_interval(d.to_numpy(float), alpha))     # one game: nan, not judged
    return out


def _differences(metas: list[dict]) -> list[list[str]]:
    """Per run: the parameters and strategies in which it differs from the reference."""
    out = []
    ref = metas[0]
    for m in metas:
        d = []
        for k, v in sorted((m.get("params") or {}).items()):
            if (ref.get("params") or {}).get(k) != v:
                d.append(f"`{k}` = {value(v)}")
        if m.get("strategies") != ref.get("strategies"):
            d.append("strategies " + ",".join(map(str, m.get("strategies") or [])))
        if m.get("seed") != ref.get("seed"):
            d.append(f"seed {m.get('seed')}")
        out.append(d)
    return out


def _plot(tab: pd.DataFrame, labels: list[str], players: int, title: str):
    fig = figure(6.8, 4.0)
    ax = fig.add_subplot()
    runs = sorted(tab["run"].unique())
    seats = sorted(tab["seat"].unique())
    width = 0.8 / (len(runs) + 1)
    ref = tab[tab["run"] == runs[0]]
    x = np.arange(len(seats))
    ax.bar(x - 0.4 + width / 2, 100 * ref["rate_a"].to_numpy(), width, label=labels[0], color="#bbbbbb")
    colors = ["#35608f", "#e67e22", "#27ae60", "#8e44ad", "#c0392b"]
    for i, j in enumerate(runs):
        t = tab[tab["run"] == j]
        ax.bar(x - 0.4 + width * (i + 1.5), 100 * t["rate_b"].to_numpy(), width, label=labels[j],
               color=colors[i % len(colors)])
    ax.axhline(100 / players, color="#c0392b", ls="--", lw=1.0, label=f"fair 1/{players}")
    ax.set_xticks(x, [f"seat {k}" for k in seats])
    ax.set_ylabel("win rate (%)")
    ax.set_title(title, fontsize=10)
    ax.legend(fontsize=7)
    fig.tight_layout()
    return fig


def build(out, runs: list[Path], command: str = "") -> dict:
    """Write out/report.md + report.html + compare.csv + compare.png."""
    from sim import get_game
    out = Path(out)
    runs = [Path(r) for r in runs]
    metas = [load_meta(r) for r in runs]
    players = int(metas[0]["players"])
    game = metas[0]["game"]
    try:
        spec = get_game(game)
        label = spec.title
    except Exception:
        spec, label = None, game
    tab = compare_table(runs, metas, players)
    diffs = _differences(metas)
    names = ["A (reference)"] + [f"{chr(66 + i)}" for i in range(len(runs) - 1)]
    labels = [f"{n}: {r.name}" for n, r in zip(names, runs)]
    letters = [n.split(" ")[0] for n in names]
    data = [per_seed_results(r, players) for r in runs]

    verdicts, findings = [], []
    for j in range(1, len(runs)):
        t = tab[tab["run"] == j]
        what = "; ".join(diffs[j]) or "nothing (same settings)"
        sig = t[t["p_holm"] < 0.05]
        how = f"paired over {integer(t['seeds'].iloc[0])} shared seeds" if t["paired"].iloc[0] else "unpaired (different seeds or players)"
        if len(sig):
            r = sig.iloc[int(np.argmax(np.abs(sig["diff"].to_numpy())))]
            verdicts.append(f"{names[j]} ({what}) against A: seat {int(r.seat)} {r['diff']:+.1f} points "
                            f"[{r.low:+.1f}, {r.high:+.1f}] ({how}, Holm p = {pval(r.p_holm)}): the change moves the "
                            "seat balance.")
        else:
            bound = float(np.nanmax(np.abs(t[["low", "high"]].to_numpy())))
            verdicts.append(f"{names[j]} ({what}) against A: no seat's win rate changes significantly ({how}); "
                            f"changes above {bound:.1f} points ruled out.")
        same = metas[0].get("seed") == metas[j].get("seed") and metas[0].get("game") == metas[j].get("game")
        if same and t["paired"].iloc[0]:
            ln = paired(data[0], data[j], "turns")
            findings.append(f"{names[j]} - A, game length: {ln['diff']:+.2f} player-turns [{ln['low']:+.2f}, "
                            f"{ln['high']:+.2f}] (paired).")
    # components: effects side by side, and which change
    comp_rows, comp_tabs = [], []
    if spec is not None:
        from reports.component_study import component_table, fold_components
        from reports.skill import compare_components
        try:
            for r in runs:
                counts, games, pp = fold_components(r, spec)
                comp_tabs.append(component_table(counts, games, pp) if len(counts) else None)
        except Exception:
            comp_tabs = []
        if comp_tabs and all(c is not None for c in comp_tabs):
            for j in range(1, len(runs)):
                cc = compare_components(comp_tabs[0], comp_tabs[j])
                moved = cc[cc["differs"]]
                for r in cc.itertuples():
                    if r.differs or r.verdict_a in ("too strong", "too weak"):
                        vs = " vs family" if r.basis == "family" else ""
                        comp_rows.append([names[j], r.label, f"{r.effect_a:+.1f}{vs} ({r.verdict_a})"
                                          if np.isfinite(r.effect_a) else r.verdict_a,
                                          f"{r.effect_b:+.1f}{vs} ({r.verdict_b})" if np.isfinite(r.effect_b)
                                          else r.verdict_b,
                                          "-" if not np.isfinite(r.diff_points) else
                                          f"{r.diff_points:+.1f} [{r.diff_low:+.1f}, {r.diff_high:+.1f}]",
                                          pval(r.p_bh), "**changed**" if r.differs else ""])
                if len(moved):
                    verdicts.append(f"{names[j]} against A, components whose effect changed (BH 5%): " + ", ".join(
                        f"{r.label} {r.effect_a:+.1f} -> {r.effect_b:+.1f} points" for r in moved.itertuples()) + ".")

    # a switch turned off: its causal effect on the seats that held the component under the reference
    if spec is not None:
        cols = set(result_columns(runs[0]).columns)
        for j in range(1, len(runs)):
            sw = switched_component(spec, metas[0], metas[j], cols)
            if sw is None:
                continue
            h = holder_effect(runs[0], runs[j], sw.metric, players, code=sw.code)
            if not np.isfinite(h["diff"]):
                continue
            whom = f"held {sw.label} under A" if sw.code is None else f"own {sw.label}"
            dealt = "" if sw.code is None else f"; {_category_label(spec, sw.metric, sw.code)}, dealt before play"
            # the power's worth = with it (A) minus without it (B): the switch's effect with its sign turned
            verdicts.append(
                f"{names[j]} (`{sw.switch}` = false), its causal effect on the seats that {whom} "
                f"({integer(h['seat_games'])} seat-games in {integer(h['games'])} games{dealt}): they won {pct(h['rate_a'])} "
                f"with its power and {pct(h['rate_b'])} on the same seeds without it, so the power is worth "
                f"{-h['diff']:+.1f} points [{-h['high']:+.1f}, {-h['low']:+.1f}] to them (paired, p = {pval(h['p'])}): "
                "what it adds for the seats that hold it, over what they do when it is off (for these players; "
                "the component's own figure below compares other holders).")

    ftab = flow_table(runs, metas)
    for j in range(1, len(runs)):
        moved = ftab[(ftab["run"] == j) & (ftab["p_bh"] < 0.05)] if len(ftab) else ftab
        if len(moved):
            verdicts.append(f"{names[j]} against A, game flow (BH 5%): " + "; ".join(
                f"{r.label} {r.a:.3g} -> {r.b:.3g} ({r.diff:+.3g} [{r.low:+.3g}, {r.high:+.3g}])"
                for r in moved.itertuples()) + ".")
        elif len(ftab):
            verdicts.append(f"{names[j]} against A: no game flow figure changes significantly (BH 5%).")

    # categories (a civ, a side): favoured in every run, or only for some players
    cat_tabs = {}
    from reports import category_runs as CR
    if spec is not None:
        for metric, cat_labels in CR.judged_metrics(spec, runs, players).items():
            t = CR.across_runs([CR.category_rates(r, players, metric, cat_labels) for r in runs], players)
            cat_tabs[metric] = t
            verdicts.append(CR.verdict_line(metric, t, letters,
                                            CR.dealt_in_every_run(spec, metric, metas)))

    doc = Doc(f"{label}: comparison of {len(runs)} runs")
    doc.verdicts(verdicts)
    doc.h(2, "What was compared")
    doc.ul([f"**{labels[i]}**: {integer(len(data[i]))} seeds, strategies {','.join(map(str, metas[i].get('strategies') or []))}, "
            f"seed {metas[i].get('seed')}; differs from A in: {'; '.join(diffs[i]) or 'nothing'}; command "
            f"`{metas[i].get('command', '')}`" for i in range(len(runs))])
    doc.p("Command (reproduces every figure below):")
    doc.code(command)
    doc.h(2, "Findings")
    doc.ul(["Pairing: runs with the same game, players, seed and seats were played on the same setups and dice, so "
            "their differences are paired per seed (much narrower than comparing two separate samples)."] + findings)
    doc.h(2, "Win rates")
    rows = []
    for r in tab.itertuples():
        rows.append([names[r.run], int(r.seat), f"{pct(r.rate_a)}", f"{pct(r.rate_b)}",
                     f"{r.diff:+.2f} [{r.low:+.2f}, {r.high:+.2f}]", "paired" if r.paired else "unpaired",
                     pval(r.p), pval(r.p_holm)])
    doc.table(["run", "seat", "win rate A", "win rate", "difference (pts) [95% CI]", "", "p", "p (Holm)"], rows,
              "Each run against the reference A. Paired: per seed the difference of the seat's win share (rotations "
              "averaged), t interval over the shared seeds; unpaired: Newcombe interval and two-proportion test. "
              "Holm over every row. Win shares count a tie among j leaders as 1/j.")
    doc.img("compare.png", png_bytes(_plot(tab, labels, players, f"{label}: win rate by seat")), "win rates",
            "Win rate by seat in each run; dashed: fair 1/p.")
    if comp_rows:
        doc.h(2, "Components")
        doc.table(["run", "component", "in A (pts)", "in run (pts)", "difference [95% CI]", "p (BH)", ""],
                  comp_rows,
                  "The figure each verdict judges, in each run (reports/component_effect.py): the effect of holding "
                  "the component (with minus without at the same number of other components), or, marked 'vs "
                  "family', its contrast with its family's median where A's verdict was judged so; difference with a "
                  "normal interval from the two standard errors (taken as independent: conservative for runs on "
                  "shared seeds), Benjamini-Hochberg over the components. Rows: components judged in A or changed. "
                  "A run that switches a component's power off shows how much of its effect the power caused.")
    if len(ftab):
        doc.h(2, "Game flow")
        fmt = lambda m, lo, hi: f"{m:.3g} [{lo:.3g}, {hi:.3g}]" if np.isfinite(lo) else f"{m:.3g}"  # noqa: E731
        doc.table(["run", "figure", "in A [95% CI]", "in run [95% CI]", "difference [95% CI]", "", "p", "p (BH)"],
                  [[names[r.run], r.label, fmt(r.a, r.a_low, r.a_high), fmt(r.b, r.b_low, r.b_high),
                    fmt(r.diff, r.low, r.high) if np.isfinite(r.diff) else "-",
                    f"paired ({integer(r.pairs)} seeds)" if r.paired else "Welch", pval(r.p), pval(r.p_bh)]
                   for r in ftab.itertuples()],
                  "Each flow figure (docs/FLOW.md) per game, mean with a t interval, in the reference A and in each "
                  "run; difference run - A paired per seed when the runs share seeds (seeds where the figure is "
                  "defined in both; shares such as 'the leader won' are means of 0/1 or win shares), else Welch. "
                  "Benjamini-Hochberg over every row.")
        doc.csv("compare_flow.csv", ftab)
    for metric, t in cat_tabs.items():
        doc.h(2, f"Win rate by `{metric}` in every run")
        k = len(runs)
        doc.table(["category"] + letters + ["verdict", "p (IUT, Holm)"],
                  [[r.category] + [f"{pct(getattr(r, f'rate_{j}'))} [{pct(getattr(r, f'low_{j}'))}, "
                                   f"{pct(getattr(r, f'high_{j}'))}] ({integer(getattr(r, f'seat_games_{j}'))})"
                                   for j in range(k)] + [r.verdict, pval(r.p_iut_holm)] for r in t.itertuples()],
                  f"Win share per seat-game of each `{metric}` [Wilson 95%] (seat-games) in each run; fair "
                  f"1/{players}. Above / below fair in every run: on that side in each run, and the largest of its "
                  "per-run exact binomial p values significant after Holm over the categories (an intersection-union "
                  "test). Depends on the runs: significantly above in one run and below in another (Holm over every "
                  "run x category). Runs on different players or rules are compared unpaired.")
        doc.img(f"compare_{metric}.png", png_bytes(CR.plot(t, labels, players, f"{label}: win share by {metric} in "
                                                           f"every run")), f"win share by {metric}",
                f"Win share per seat-game of each `{metric}` in every run, 95% Wilson intervals; dashed: fair "
                f"1/{players}; a category's verdict under its name.")
        doc.csv(f"compare_{metric}.csv", t.drop(columns=["above_in", "below_in"]))
    doc.h(2, "What this comparison cannot conclude")
    doc.ul(["Differences hold for these players; a rule change that the players do not adapt to is measured with "
            "players who play as before.",
            "Unpaired comparisons (different seeds) are much less precise than paired ones: replay on the same seed."])
    doc.csv("compare.csv", tab)
    doc.write(out)
    return {"table": tab, "verdicts": verdicts, "findings": findings}
