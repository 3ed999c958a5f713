"""The report of a tuning folder (`agon tune`): the best setting with its intervals, every
candidate's last evaluation, and the search trajectory."""
from __future__ import annotations

from pathlib import Path

import pandas as pd
from matplotlib.figure import Figure

from reports.data import load_meta
from reports.doc import Doc, ci, integer, num, pct, pval
from reports.plots import figure, png_bytes


def _val(v):
    """2.0 read back from the CSV -> 2."""
    return int(v) if isinstance(v, float) and v.is_integer() else v


def _values(row, names) -> str:
    return ", ".join(f"`{n}` = {_val(row[n])}" for n in names)


def plot_trajectory(traj: pd.DataFrame, names: list[str], best: int, title: str) -> Figure:
    fig = figure()
    ax = fig.add_subplot()
    for cand, g in traj.groupby("candidate"):
        g = g.sort_values("games")
        lab = ", ".join(f"{n}={g.iloc[0][n]}" for n in names)
        if cand == best:
            ax.plot(g["games"], g["loss"], "o-", color="#c0392b", lw=2.2, label=f"best: {lab}", zorder=3)
        else:
            ax.plot(g["games"], g["loss"], "o-", color="#999", lw=0.8, ms=3, alpha=0.8)
    ax.set_xscale("log", base=2)
    ax.set_xlabel("games per candidate (rounds of successive halving, same seeds)")
    ax.set_ylabel("loss (points from the targets)")
    ax.set_title(title, fontsize=9)
    ax.legend(fontsize=8)
    fig.tight_layout()
    return fig


def plot_curve(last: pd.DataFrame, name: str, players: int, title: str) -> Figure:
    fig = figure()
    ax = fig.add_subplot()
    d = last.sort_values(name)
    x = d[name].astype(float).to_numpy()
    y = 100 * d["seat0"].to_numpy()
    ax.errorbar(x, y, yerr=[y - 100 * d["seat0_low"].to_numpy(), 100 * d["seat0_high"].to_numpy() - y], fmt="o",
                capsize=4, color="#35608f")
    ax.axhline(100 / players, color="#c0392b", ls="--", label=f"fair 1/{players}")
    for xi, n in zip(x, d["games"]):
        ax.annotate(f"n={int(n):,}", (xi, 100 / players), fontsize=6, color="#555", rotation=90,
                    xytext=(2, 4), textcoords="offset points")
    ax.set_xlabel(name)
    ax.set_ylabel("seat 0 win rate (%), 95% Wilson")
    ax.set_title(title, fontsize=9)
    ax.legend(fontsize=8)
    fig.tight_layout()
    return fig


def selection_checks(out, meta: dict, traj: pd.DataFrame, last: pd.DataFrame, best_id: int, names) -> dict:
    """Paired differences to the runners-up, the fresh-seed re-evaluation and the target slopes."""
    import numpy as np

    from experiments.tune import parse_target
    from reports import tune_stats as ts
    p = int(meta["players"])
    fair = 1.0 / p
    targets = [parse_target(t) for t in meta["targets"]]
    res = {"findings": [], "verdicts": [], "paired_rows": [], "fresh_row": None, "slopes": []}
    best_dir = ts.candidate_folder(out, best_id)
    if not (best_dir / "mirror" / "run.json").exists():
        return res
    win = ts.per_seed(best_dir / "mirror")
    # runners-up: the candidates that lasted longest after the winner, best loss first (up to 3)
    others = last[last["candidate"] != best_id].sort_values(["round", "loss"], ascending=[False, True]).head(3)
    close = []
    for _, r in others.iterrows():
        ru = ts.per_seed(ts.candidate_folder(out, int(r.candidate)) / "mirror")
        d = ts.paired_difference(win, ru, targets, p, seed=int(meta.get("seed", 0)))
        s0, ln, ls = d["seat0"], d["length"], d["loss"]
        res["paired_rows"].append([int(r.candidate)] + [_val(r[n]) for n in names] + [
            integer(d["seeds"]), f"{s0[0]:+.2f} [{s0[1]:+.2f}, {s0[2]:+.2f}]", f"{ln[0]:+.2f} [{ln[1]:+.2f}, {ln[2]:+.2f}]",
            f"{ls[0]:+.2f} [{ls[1]:+.2f}, {ls[2]:+.2f}]"])
        obj = next((t for t in targets if getattr(t, "objective", False)), None)
        od = d.get(obj.column) if obj is not None else None
        if od is not None:
            res["paired_rows"][-1].append(f"{od[0]:+.2f} [{od[1]:+.2f}, {od[2]:+.2f}]")
        if ls[1] <= 0 <= ls[2] and (od is None or od[1] <= 0 <= od[2]):
            close.append((r, ls))
    best = last[last["candidate"] == best_id].iloc[0]
    if len(others):
        r0 = others.iloc[0]
        ls = ts.paired_difference(win, ts.per_seed(ts.candidate_folder(out, int(r0.candidate)) / "mirror"),
                                  targets, p, seed=int(meta.get("seed", 0)))["loss"]
        res["findings"].append(f"Winner minus runner-up ({_values(r0, names)}) on their shared seeds: loss "
                               f"{ls[0]:+.2f} points [{ls[1]:+.2f}, {ls[2]:+.2f}] (paired bootstrap); "
                               + ("not distinguishable." if ls[1] <= 0 <= ls[2] else "the winner is better."))
        obj = next((t for t in targets if getattr(t, "objective", False)), None)
        if obj is not None:
            od = ts.paired_difference(win, ts.per_seed(ts.candidate_folder(out, int(r0.candidate)) / "mirror"),
                                      targets, p, n_boot=0).get(obj.column)
            if od is not None:
                res["findings"].append(f"Objective ({obj.text()}): winner minus runner-up {od[0]:+.2f} "
                                       f"[{od[1]:+.2f}, {od[2]:+.2f}] per game (paired t over shared seeds).")
    fresh = best_dir / "fresh"
    fresh_txt = ""
    if (fresh / "run.json").exists():
        from reports.fold import seat_counts
        sc = seat_counts(fresh)
        r, lo, hi, w, n = sc.rate(0)
        m, mlo, mhi = sc.length()
        fl = ts.loss_of(ts.per_seed(fresh), targets, p)
        sel_loss = ts.loss_of(win, targets, p)
        res["fresh_row"] = [["selection (the run's seeds)", integer(best.games), f"{pct(best.seat0)} {ci(best.seat0_low, best.seat0_high)}",
                             f"{num(best.length, 1)} [{num(best.length_low, 1)}, {num(best.length_high, 1)}]", f"{sel_loss:.2f}"],
                            ["fresh seeds", integer(n), f"{pct(r)} {ci(lo, hi)}", f"{num(m, 1)} [{num(mlo, 1)}, {num(mhi, 1)}]",
                             f"{fl:.2f}"]]
        fresh_txt = f"on fresh seeds seat 0 wins {pct(r)} {ci(lo, hi)} (fair {pct(fair)}, n = {integer(n)})"
        res["findings"].append(f"Re-evaluated on fresh seeds (run seed {meta.get('fresh_seed')}): seat 0 wins {pct(r)} "
                               f"{ci(lo, hi)}, loss {fl:.2f} points (on the seeds it was selected on: {sel_loss:.2f}).")
    # slopes from round 0: every candidate on the same first `games` seeds
    if len(names) == 1 and pd.api.types.is_numeric_dtype(last[names[0]]):
        frames = {}
        for _, r in last.iterrows():
            frames[float(r[names[0]])] = ts.per_seed(ts.candidate_folder(out, int(r.candidate)) / "mirror",
                                                      int(meta["games"]))
        wanted = []
        if any(t.kind in ("first_seat_fair", "seats_fair") for t in targets):
            wanted.append(("seat 0 win rate (points)", "win_0", 100.0, 100 * fair))
        for t in targets:
            if t.kind == "length":
                wanted.append(("mean length (player-turns)", "turns", 1.0, None))
        for lab, col, scale, goal in wanted:
            sl = ts.target_slope(frames, col, scale=scale)
            meet = "-"
            if goal is not None and np.isfinite(sl["slope"]) and sl["p"] < 0.05:
                x_star = (goal / scale - sl["intercept"]) * scale / sl["slope"]
                meet = f"`{names[0]}` = {x_star:.3g}"
            res["slopes"].append([lab, f"`{names[0]}`", f"{sl['slope']:+.3g} [{sl['low']:+.3g}, {sl['high']:+.3g}]",
                                  pval(sl["p"]), meet])
            if col == "win_0":
                res["findings"].append(f"Seat 0's rate moves {sl['slope']:+.2f} points per unit of `{names[0]}` "
                                       f"[{sl['low']:+.2f}, {sl['high']:+.2f}] (p = {pval(sl['p'])}) over the grid.")
    verdict = f"Best setting {_values(best, names)}"
    verdict += f": {fresh_txt}" if fresh_txt else ""
    if close:
        verdict += ("; not distinguishable from " + ", ".join(_values(r, names) for r, _ in close)
                    + " (paired loss difference contains 0): choose among them on other grounds or play more games "
                      "(`--games`).")
    else:
        verdict += "; better than every runner-up on their shared seeds."
    res["verdicts"].append(verdict)
    return res


def build(out) -> dict:
    out = Path(out)
    meta = load_meta(out)
    traj = pd.read_csv(out / "trajectory.csv")
    names = [n for n, _ in meta["tuned"]]
    p = int(meta["players"])
    fair = 1.0 / p
    label = meta.get("title", meta["game"])
    last = traj.sort_values(["candidate", "games"]).groupby("candidate").tail(1)
    best_id = int(meta["best_candidate"])
    best = last[last["candidate"] == best_id].iloc[0]
    has_gap = "gap" in traj.columns and traj["gap"].notna().any()
    from experiments.tune import parse_target
    flow_t = [t for t in (parse_target(x) for x in meta["targets"]) if t.kind == "flow" and t.column in traj.columns]
    objective = next((t for t in flow_t if t.objective), None)
    has_edge = "seat_edge_p" in traj.columns and traj["seat_edge_p"].notna().any()

    def flow_text(r, t):
        return f"{num(r[t.column])} [{num(r[t.column + '_low'])}, {num(r[t.column + '_high'])}]"

    findings = [f"**Best setting**: {_values(best, names)} (loss {best.loss:.2f} points after {integer(best.games)} games "
                f"on the same seeds as every other candidate)."]
    findings.append(f"At the best setting seat 0 wins {pct(best.seat0)} {ci(best.seat0_low, best.seat0_high)} "
                    f"(fair {pct(fair)}), n = {integer(best.games)}; mean game length {num(best.length, 1)} "
                    f"[{num(best.length_low, 1)}, {num(best.length_high, 1)}] player-turns"
                    + (f"; skill gap (`{meta['skill_lineup'][0]}` vs `{meta['skill_lineup'][1]}`) "
                       f"{100 * best.gap:+.1f} [{100 * best.gap_low:+.1f}, {100 * best.gap_high:+.1f}] points "
                       f"over fair (n = {integer(best.gap_n)})" if has_gap else "")
                    + "".join(f"; {t.figure.replace('_', ' ')} {flow_text(best, t)} (mean over "
                              f"{integer(best[t.column + '_n'])} games, 95% CI)" for t in flow_t)
                    + (f"; seat edge test p = {pval(best.seat_edge_p)} "
                       f"({'an edge is shown' if best.seat_edge_p < 0.05 else 'no edge shown'})" if has_edge else "")
                    + ".")
    if objective is not None:
        ok = last[~last["seat_edge"].astype(bool)] if "seat_edge" in last.columns else last
        findings.append(f"Objective **{objective.text()}**" + (" without a seat edge" if has_edge else "") + ": "
                        f"{len(ok)} of {len(last)} candidates show no seat edge at their last evaluation; the ranking "
                        "puts those first, then the loss of the other targets, then the objective.")
    fair_ok = last[(last["seat0_low"] <= fair) & (last["seat0_high"] >= fair)]
    if any(t.startswith(("first_seat_fair", "seats_fair")) for t in meta["targets"]):
        findings.append(f"{len(fair_ok)} of {len(last)} candidates have a seat 0 interval containing fair at their "
                        "last evaluation: " + ("; ".join(_values(r, names) for _, r in fair_ok.iterrows()) or "none")
                        + ". Candidates dropped early had fewer games, so wider intervals.")
    sel = selection_checks(out, meta, traj, last, best_id, names)
    findings += sel["findings"]
    doc = Doc(f"{label}: tuning {', '.join(names)}")
    doc.verdicts(sel["verdicts"])
    what = [f"**Game**: {label} (`{meta['game']}`), {p} players, `{meta['strategies'][0]}` in every seat",
            "**Tuned**: " + "; ".join(f"`{n}` in {{{', '.join(map(str, v))}}}" for n, v in meta["tuned"])
            + f" ({traj['candidate'].nunique()} candidates)",
            "**Targets**: " + ", ".join(f"`{t}`" for t in meta["targets"])
            + " (loss in points of win rate: |seat 0 - fair|; largest seat deviation; length outside the range, 100 "
              "points per range width; shortfall of the skill gap; a flow figure's distance from its value in percent "
              "of the value, in points for a share"
            + ("; FLOW=max|min is an objective ranked after the seat-edge constraint and the other targets' loss"
               if objective is not None else "") + ")",
            f"**Search**: successive halving on common random numbers: round 0 plays every candidate {integer(meta['games'])} "
            "games on the same seeds, each later round keeps the better half and doubles their games (extending the "
            "same run folders)",
            f"**Seed**: {meta.get('seed')}; fixed parameters: " + (", ".join(f"`{k}` = {v}" for k, v in meta["params"].items()) or "none"),
            f"**Version**: {meta.get('version')}, commit `{meta.get('git_commit')}`"]
    if "weights" in traj.columns:   # tuned players: which weights file played each candidate (--adapt: its own)
        played = traj.drop_duplicates("candidate")
        what.append(("**Adapted players** (`--adapt`, " + f"{integer(meta['adapt']['train_games'])} training games per "
                     "candidate's rules): " if meta.get("adapt") else "**Tuned players**: ")
                    + "; ".join(f"candidate {int(r.candidate)}: {r.weights}" for r in played.itertuples()))
    doc.opening(out, meta, what, findings)
    doc.h(2, "Candidates")
    rows = []
    for _, r in last.sort_values(["games", "loss"], ascending=[False, True]).iterrows():   # noqa: B007
        rows.append([int(r.candidate)] + [_val(r[n]) for n in names] +
                    [int(r["round"]), integer(r.games), f"{pct(r.seat0)} {ci(r.seat0_low, r.seat0_high)}",
                     f"{num(r.length, 1)} [{num(r.length_low, 1)}, {num(r.length_high, 1)}]"]
                    + ([f"{100 * r.gap:+.1f} [{100 * r.gap_low:+.1f}, {100 * r.gap_high:+.1f}]"] if has_gap else [])
                    + [flow_text(r, t) for t in flow_t]
                    + ([pval(r.seat_edge_p)] if has_edge else [])
                    + [f"{r.loss:.2f}"])
    doc.table(["candidate"] + [f"`{n}`" for n in names] + ["last round", "games", "seat 0 win rate [95% CI]",
                                                           "length [95% CI]"] + (["skill gap (pts)"] if has_gap else [])
              + [f"{t.figure.replace('_', ' ')} [95% CI]" for t in flow_t]
              + (["seat edge p"] if has_edge else []) + ["loss"], rows,
              "Each candidate at its last evaluation (95% Wilson for rates, normal for mean length). Candidates "
              "eliminated in early rounds were compared on fewer games; all on the same seeds.")
    if sel["paired_rows"]:
        doc.h(2, "The winner against its runners-up")
        doc.table(["runner-up"] + [f"`{n}`" for n in names] + ["shared seeds", "seat 0: winner - runner-up (pts)",
                                                                "length difference", "loss difference (pts)"]
                  + ([f"{objective.figure.replace('_', ' ')} difference"] if objective is not None else []),
                  sel["paired_rows"],
                  "Paired on the seeds both candidates played (common random numbers): seat 0 rate and mean length "
                  "with paired t intervals over seeds, the loss with a paired bootstrap over seeds (1,000 resamples; "
                  "skill-gap targets left out). A loss difference whose interval contains 0 means the runner-up may "
                  "be as good: the choice between them is not settled.")
    if sel["fresh_row"] is not None:
        doc.h(2, "The winner on fresh seeds")
        doc.table(["seeds", "games", "seat 0 win rate [95% CI]", "length [95% CI]", "loss (pts)"], sel["fresh_row"],
                  "The winner was selected on its own seeds, so its figures there lean towards the targets (winner's "
                  f"curse). Row 2 plays it again from run seed {meta.get('fresh_seed')} (seeds no candidate was "
                  "chosen on): the unbiased figures of the chosen setting.")
    if sel["slopes"]:
        doc.h(2, "Fitted slope of each target")
        doc.table(["quantity", "against", "slope per unit [95% CI]", "p", "fitted line meets the target at"],
                  sel["slopes"],
                  f"Least squares over every candidate's first {integer(meta['games'])} seeds (round 0: all "
                  "candidates on the same seeds), standard errors clustered by seed. A slope whose interval "
                  "contains 0 means this constant barely moves the quantity over the grid.")
    doc.img("tune_trajectory.png", png_bytes(plot_trajectory(traj, names, best_id, f"{label}: successive halving")),
            "search trajectory", "Loss of every candidate per round (games per candidate doubling); red: the best.")
    if len(names) == 1 and pd.api.types.is_numeric_dtype(last[names[0]]):
        doc.img("tune_curve.png", png_bytes(plot_curve(last, names[0], p, f"{label}: seat 0 win rate vs {names[0]}")),
                "seat 0 curve", "Seat 0 win rate of each candidate at its last evaluation, 95% Wilson; dashed: fair.")
    doc.h(2, "What this run cannot conclude")
    doc.ul(["Successive halving ranks by the point estimate of the loss: a candidate dropped in an early round on few "
            "games may be as good as the winner (its interval shows it, and the paired differences above say whether "
            "the runners-up are distinguishable). Read the best setting as the best on this grid, not the unique "
            "optimum; its figures on fresh seeds are the ones to quote.",
            "Only grid values were tried; the optimum may lie between them (a sweep's crossing interpolates).",
            "The loss adds targets in points; another weighting of the targets can pick another setting.",
            "The result holds for these strategies: stronger or human players can move the fair value."])
    doc.write(out)
    return {"best": {n: _val(best[n]) for n in names}, "best_row": best, "candidates": last, "findings": findings, "doc": doc}
