"""One design report per game: the battery's studies (experiments/design.py) in one document
with a table of contents, an executive summary (each finding with its interval and the exact
command that reproduces it), every plot, and what the battery could not show.

Figures are recomputed from the run folders by folding over their chunks (seat counts,
component counts, tournament pairs); the studies' own reports are linked for the details.
"""
from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd

from reports import stats
from reports.component_study import component_table, fold_components, plot_lifts
from reports.data import load_meta
from reports.doc import Doc, ci, integer, num, pct, pval
from reports.fold import seat_counts
from reports.plots import png_bytes


def seat_rows(sc, arm: int = 0) -> pd.DataFrame:
    """Per seat: rate, Wilson 95%, exact p vs fair, Holm over seats; plus the chi-square."""
    p = sc.players
    fair = 1.0 / p
    rows = []
    for k in range(p):
        r, lo, hi, w, n = sc.rate(k, arm)
        rows.append({"seat": k, "games": n, "wins": w, "rate": r, "low": lo, "high": hi,
                     "edge_points": 100 * (r - fair), "p_value": stats.binom_pvalue(w, n, fair)})
    tab = pd.DataFrame(rows)
    tab["p_holm"] = stats.holm(tab["p_value"].to_numpy()) if p > 2 else tab["p_value"]
    return tab


def _img(doc: Doc, base: Path, rel: str, alt: str, caption: str) -> None:
    path = base / rel
    if path.exists():
        doc.img_linked(rel, path.read_bytes(), alt, caption)


def _seat_finding(tab: pd.DataFrame, p: int, cmd: str, strategies: str) -> tuple[str, bool]:
    fair = 1.0 / p
    n = int(tab["games"].iloc[0])
    sig = tab[tab["p_holm"] < 0.05]
    if p == 2:
        sig = sig[sig["seat"] == 0]
    if len(sig):
        r = sig.iloc[int(np.argmax(np.abs(sig["edge_points"].to_numpy())))]
        return (f"**{p} players**: seat {int(r.seat)} wins {pct(r.rate)} {ci(r.low, r.high)} with `{strategies}` in "
                f"every seat (fair {pct(fair)}, n = {integer(n)}, {'Holm ' if p > 2 else ''}p = {pval(r.p_holm)}): "
                f"an edge of {r.edge_points:+.1f} points. Reproduce: `{cmd}`"), True
    worst = tab.iloc[int(np.argmax(np.abs(tab["edge_points"].to_numpy())))]
    return (f"**{p} players**: no seat differs significantly from fair {pct(fair)} (n = {integer(n)}); largest edge "
            f"seat {int(worst.seat)} at {worst.edge_points:+.1f} points {ci(worst.low - fair, worst.high - fair)}. "
            f"Reproduce: `{cmd}`"), False


def build(gdir, results: dict | None = None) -> dict:
    """Write gdir/report.md + report.html from the battery's run folders."""
    gdir = Path(gdir)
    meta = load_meta(gdir)
    game, label = meta["game"], meta.get("title", meta["game"])
    results = results or {}
    from sim import get_game
    spec = get_game(game)
    doc = Doc(f"{label}: design report")
    summary, limits = [], []
    sections: list = []   # (heading, callable(doc)) rendered after the summary
    strategies = meta["strategies"][0]

    # ---- seats for every player count
    seat_dirs = sorted((d for d in gdir.iterdir() if d.name.startswith("seats-") and (d / "run.json").exists()),
                       key=lambda d: int(load_meta(d)["players"]))
    seat_tabs = {}
    for d in seat_dirs:
        m = load_meta(d)
        sc = seat_counts(d)
        tab = seat_rows(sc)
        p = int(m["players"])
        seat_tabs[p] = (d, m, tab, sc)
        text, _ = _seat_finding(tab, p, m.get("command", ""), strategies)
        summary.append(text)
        n = int(tab["games"].iloc[0])
        det = stats.detectable_edge(n, 1.0 / p)
        limits.append(f"{p} players: with {integer(n)} games a seat edge below about {100 * det:.1f} points would be "
                      "missed at least 20% of the time (80% power, two-sided 5%).")

    def seats_section(doc):
        doc.h(2, "Seat advantage")
        doc.p(f"Identical `{strategies}` players in every seat, so any difference between seats is the seat's. One run "
              "per player count; its full report is linked.")
        for p, (d, m, tab, sc) in seat_tabs.items():
            doc.h(3, f"{p} players")
            chi, chi_p = stats.seat_chisquare(tab["wins"].to_numpy())
            rows = [[int(r.seat), integer(r.games), pct(r.rate), ci(r.low, r.high), f"{r.edge_points:+.1f}",
                     pval(r.p_holm)] for r in tab.itertuples()]
            mean_len, lo_len, hi_len = sc.length()
            doc.table(["seat", "games", "win rate", "95% CI", "edge (pts)", "p (Holm)" if p > 2 else "p"], rows,
                      f"Win rate per seat (ties split 1/j), 95% Wilson; exact binomial p against fair 1/{p}"
                      + (", Holm over seats" if p > 2 else "") + f". Chi-square against uniform: {chi:.2f} on {p - 1} df, "
                      f"p = {pval(chi_p)} (approximate with ties). Mean length {num(mean_len, 1)} [{num(lo_len, 1)}, "
                      f"{num(hi_len, 1)}] player-turns. Command: `{m.get('command', '')}`. Full report: "
                      f"[{d.name}/report.md]({d.name}/report.md).")
            _img(doc, gdir, f"{d.name}/seat_win_rates.png", f"win rate by seat, {p} players",
                 f"{p} players: win rate by seat, simultaneous 95% intervals; dashed: fair.")
            _img(doc, gdir, f"{d.name}/game_length.png", f"game length, {p} players", f"{p} players: game length.")

    if seat_tabs:
        sections.append(seats_section)

    # ---- key constant sweep
    sweep_dirs = [d for d in gdir.iterdir() if d.name.startswith("sweep-") and (d / "run.json").exists()]
    if sweep_dirs:
        d = sweep_dirs[0]
        m = load_meta(d)
        key = m["sweep"]["params"][0]
        p = int(m["players"])
        komi = pd.read_csv(d / "komi.csv") if (d / "komi.csv").exists() else None
        res = results.get(d.name) or {}
        crossing = ((res.get("komi") or {}).get("crossing") or {}) if isinstance(res, dict) else {}
        boot = ((res.get("komi") or {}).get("bootstrap") or {}) if isinstance(res, dict) else {}
        sc = seat_counts(d)
        arms = m["sweep"]["arms"]
        lo_arm, hi_arm = arms[0], arms[-1]
        r_lo, r_hi = sc.rate(0, lo_arm["arm"]), sc.rate(0, hi_arm["arm"])
        txt = (f"**`{key}`** (the key constant): seat 0 wins {pct(r_lo[0])} {ci(r_lo[1], r_lo[2])} at {key} = "
               f"{lo_arm['values'][key]} and {pct(r_hi[0])} {ci(r_hi[1], r_hi[2])} at {key} = {hi_arm['values'][key]} "
               f"({p} players, n = {integer(r_lo[4])} per arm, same seeds)")
        if crossing.get("value") is not None:
            txt += f"; the seat 0 rate meets fair {pct(1 / p)} at about {key} = {crossing['value']:.3g}"
            if boot and boot.get("low") is not None:
                txt += f" (bootstrap 95% [{boot['low']:.3g}, {boot['high']:.3g}])"
        else:
            txt += f"; the curve does not cross fair {pct(1 / p)} in the swept range"
            limits.append(f"The fair value of `{key}` lies outside the swept range (or the curve is flat): extend the sweep.")
        summary.append(txt + f". Reproduce: `{m.get('command', '')}`")

        def sweep_section(doc, d=d, m=m, key=key, komi=komi, p=p):
            doc.h(2, f"Key constant: {key}")
            if komi is not None:
                rows = [[r[key] if key in komi.columns else r["arm"], integer(r["games"]), pct(r["seat0_rate"]),
                         ci(r["ci_low"], r["ci_high"]), f"{r['edge_points']:+.1f}", pval(r["p_holm"])]
                        for _, r in komi.iterrows()]
                doc.table([f"`{key}`", "games", "seat 0 win rate", "95% CI", "edge (pts)", "p (Holm, arms)"], rows,
                          f"Seat 0 win rate per arm, 95% Wilson, exact p against fair 1/{p}, Holm across arms; all arms "
                          f"on the same seeds. Command: `{m.get('command', '')}`. Full report: "
                          f"[{d.name}/report.md]({d.name}/report.md).")
            _img(doc, gdir, f"{d.name}/komi_curve.png", "komi curve",
                 f"Seat 0 win rate against `{key}` with its 95% band; dashed: fair.")
        sections.append(sweep_section)

    # ---- tournament
    tdir = gdir / "tournament"
    if (tdir / "run.json").exists():
        from reports import tournament as trep
        tres = results.get("tournament") or trep.build(tdir)
        tm = load_meta(tdir)
        lad = tres.get("ladder")
        if lad is not None:
            summary.append(tres["findings"][0] + f" Reproduce: `{tm.get('command', '')}`")
            if not lad["holds"]:
                limits.append("The skill ladder was not confirmed at the tournament's size: a step 'not shown' needs "
                              "more games (`--until-ci` or a larger `--games`), it is not evidence of equal skill.")
        wm = tres["matrix"]
        sanity = wm[(wm["row"] == "search") & (wm["column"] == "random")]
        if len(sanity):
            r = sanity.iloc[0]
            summary.append(f"Sanity control: `search` finishes ahead of `random` in {pct(r.rate)} {ci(r.low, r.high)} "
                           f"of {integer(r.pairs)} pairings (expected near 100%).")

        def tournament_section(doc, tres=tres, tm=tm):
            doc.h(2, "Tournament")
            rt = tres["ratings"]
            doc.table(["strategy", "rating (Elo)", "95% CI"],
                      [[f"`{r.strategy}`", f"{r.rating_elo:+.0f}", f"[{r.low:+.0f}, {r.high:+.0f}]"] for r in rt.itertuples()],
                      f"Bradley-Terry ratings with a seat term ({integer(tres['games'])} games, line-ups "
                      f"{'; '.join(','.join(u) for u in tm['lineups'])}, each in every rotation). Command: "
                      f"`{tm.get('command', '')}`. Full report: [tournament/report.md](tournament/report.md).")
            if tres.get("ladder") is not None:
                doc.table(["step", "gap (Elo)", "95% CI", "p (Holm, one-sided)"],
                          [[f"`{r.lower}` < `{r.higher}`", f"{r.gap_elo:+.0f}", f"[{r.low:+.0f}, {r.high:+.0f}]",
                            pval(r.p_holm)] for r in tres["ladder"]["steps"].itertuples()], "Skill ladder steps.")
            _img(doc, gdir, "tournament/tournament_ratings.png", "ratings", "Ratings and seat terms, 95% intervals.")
            _img(doc, gdir, "tournament/tournament_matrix.png", "win matrix", "Head-to-head: row finishes ahead of column.")
        sections.append(tournament_section)

    # ---- components (from the default player count's seats run: the same games `agon components` plays)
    p_def = int(meta["players"])
    if p_def in seat_tabs:
        d, m, _, _ = seat_tabs[p_def]
        try:
            counts, games, pp = fold_components(d, spec)
        except StopIteration:
            counts = pd.DataFrame()
        if len(counts):
            tab = component_table(counts, games, pp)
            ccmd = (f"agon components {game} --players {p_def} --games {m['games']} --strategies {strategies} "
                    f"--seed {m['seed']}")
            strong, weak = tab[tab["flag"] == "strong"], tab[tab["flag"] == "weak"]
            txt = (f"**Components**: {len(strong)} of {len(tab)} flagged too strong, {len(weak)} too weak "
                   f"(raw and adjusted lift, among seats holding as many of the family, both significant, Benjamini-Hochberg "
                   f"5%, |lift| >= 1 point, "
                   f"{integer(games)} games)")

            def said(r):
                return (f"{r.label} {r.adj_points:+.1f} points [{r.adj_low:+.1f}, {r.adj_high:+.1f}] "
                        f"({pct(r.win_rate_with)} {ci(r.with_low, r.with_high)} with vs "
                        f"{pct(r.win_rate_without)} {ci(r.without_low, r.without_high)} without)")
            if len(strong):
                txt += f"; strongest: {said(strong.iloc[0])}"
            if len(weak):
                txt += f"; weakest: {said(weak.iloc[-1])}"
            if not len(strong) and not len(weak) and np.isfinite(tab["adj_points"]).any():
                r = tab.iloc[int(np.nanargmax(np.abs(tab["adj_points"].to_numpy())))]
                txt += f"; largest adjusted lift: {said(r)} (BH p = {pval(r.adj_p_bh)})"
            summary.append(txt + f". Reproduce: `{ccmd}`")
            limits.append("Component lifts are associations (a winning player completes more), not causes; "
                          "`agon restrict GAME --ban OPTION` measures an option's value causally where the game "
                          "supports bans.")
            png = png_bytes(plot_lifts(tab, f"{label}: component lifts ({integer(games)} games)"))

            def comp_section(doc, tab=tab, ccmd=ccmd, png=png, games=games, pp=pp):
                doc.h(2, "Components")
                show = pd.concat([tab.head(10), tab[tab["flag"] != ""], tab.tail(5)]).drop_duplicates("label")
                rows = [[r.label, r.family, pct(r.share), f"{pct(r.win_rate_with)} {ci(r.with_low, r.with_high)}",
                         f"{pct(r.win_rate_without)} {ci(r.without_low, r.without_high)}",
                         f"{r.lift_points:+.1f}", f"{r.adj_points:+.1f} [{r.adj_low:+.1f}, {r.adj_high:+.1f}]",
                         pval(r.adj_p_bh), f"**{r.flag}**" if r.flag else ""] for r in show.itertuples()]
                doc.table(["component", "family", "held", "win rate with [95% CI]", "without [95% CI]",
                           "raw lift (pts)", "adjusted lift (pts) [95% CI]", "p (BH)", "flag"], rows,
                          f"{len(show)} of {len(tab)} components (the largest and smallest adjusted lifts and every "
                          f"flagged one; all in components.csv), over {integer(games * pp)} seat-games. Wilson "
                          f"intervals; the adjusted lift compares seats holding the same number of other components "
                          f"of the family (Mantel-Haenszel, Greenland-Robins interval), which removes the advantage "
                          f"of simply holding more; Benjamini-Hochberg over all {len(tab)}. Command: `{ccmd}`.")
                doc.csv("components.csv", tab)
                doc.img("components.png", png, "component lifts", "Adjusted lift, 95% intervals, raw lift as a tick; "
                                                                   "red: flagged strong, blue: flagged weak.")
            sections.append(comp_section)
    else:
        limits.append("No components: the game declares none in its spec.")

    # ---- players: the degeneracy battery (experiments/check_players.py), when it was run
    pdir = gdir / "players"
    if (pdir / "checks.json").exists():
        from reports import players as prep
        pres = json.loads((pdir / "checks.json").read_text())
        summary.extend(prep.summary_lines(pres))
        if any(s["flags"] for s in pres["strategies"]):
            limits.append("The player checks flagged degenerate play (section Players): findings that rest on the "
                          "flagged behaviour may be the player's blind spot, not the game's.")
        sections.append(lambda doc, pres=pres: prep.section(doc, pres))

    # ---- assemble
    doc.h(2, "Executive summary")
    doc.ul(summary)
    doc.p("Controls: the seat studies are mirrors (identical players, so every seat should be near fair unless the "
          "game favours a seat); the tournament's `search` against `random` is the sanity check.")
    for fn in sections:
        fn(doc)
    doc.h(2, "How this was run")
    times = meta.get("study_seconds", {})
    doc.ul([f"**Battery**: {json.dumps(meta.get('battery', {}))}",
            f"**Seed**: {meta.get('seed')}; **version** {meta.get('version')}, commit `{meta.get('git_commit')}`",
            "**Wall time per study** (s): " + (", ".join(f"{k} {v}" for k, v in times.items()) or "n/a")])
    doc.p("Command that produced this report:")
    doc.code(meta.get("command", ""))
    doc.h(2, "Limits of what was shown")
    doc.ul(limits + [
        "Everything holds for the strategies played (heuristic and search players, not people); stronger or human "
        "players can move seat edges, fair values and component lifts.",
        "Findings across the studies are not corrected for multiple testing as one family; each table states its own "
        "correction (Holm across seats or arms, Benjamini-Hochberg across components).",
        "Game counts were chosen to fit a time budget, not a target precision: run any reproduce command with "
        "`--until-ci 0.005 --max-games N` for a fixed precision."])
    doc.toc(at=1)
    doc.write(gdir)
    return {"summary": summary, "limits": limits}
